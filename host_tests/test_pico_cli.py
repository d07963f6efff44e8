"""`python -m tools.pico` as a maker uses it: a serial port that unmodified mpremote talks to as
to a Pico, and a flash image that keeps what the board wrote from one run to the next."""

import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pico_board import image_or_skip

ROOT = Path(__file__).resolve().parent.parent
MPREMOTE = Path(sys.executable).parent / "mpremote"

pytestmark = pytest.mark.pico


class Served:
    """`python -m tools.pico ARGS` running; .port once it printed it."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, "-m", "tools.pico", *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        self.port = self.proc.stdout.readline().strip() if ready else ""

    def mpremote(self, *args):
        return subprocess.run([str(MPREMOTE), "connect", self.port, *args], capture_output=True,
                              text=True, timeout=120)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=60)
        return self.proc.returncode


def test_mpremote_talks_to_it_and_the_flash_survives_a_restart(tmp_path):
    uf2 = image_or_skip("1.26.1")
    flash = tmp_path / "pico.img"
    first = Served("--firmware", str(uf2), "--flash", str(flash))
    try:
        assert first.port.startswith("/dev/"), first.proc.stderr
        done = first.mpremote("exec", "import sys; print(sys.implementation._machine)")
        assert "Raspberry Pi Pico with RP2040" in done.stdout, done.stderr
        done = first.mpremote("exec", "f = open('kept.txt', 'w'); f.write('牌桌'); f.close()")
        assert done.returncode == 0, done.stderr
    finally:
        assert first.stop() == 0
    assert flash.stat().st_size == 2 * 1024 * 1024
    again = Served("--flash", str(flash))  # no --firmware: the image's own
    try:
        done = again.mpremote("exec", "print(open('kept.txt').read())")
        assert done.stdout.strip() == "牌桌", done.stderr
    finally:
        again.stop()


def test_a_firmware_it_cannot_have_is_refused_with_a_message(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tools.pico", "--firmware", "0.9",
                           "--flash", str(tmp_path / "x.img")], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "neither a file nor a pinned version" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("content, says", [(b"not firmware", "not a UF2 file"),
                                           (b"\0" * 512, "not a UF2 block")])
def test_a_file_that_is_not_a_pico_image_is_refused_with_a_message(tmp_path, content, says):
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "tools.pico", "--firmware", str(bad),
                           "--flash", str(tmp_path / "x.img")], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert says in done.stderr
    assert "Traceback" not in done.stderr and "    at " not in done.stderr


def test_a_flash_image_of_the_wrong_size_is_refused_with_a_message(tmp_path):
    uf2 = image_or_skip("1.26.1")
    flash = tmp_path / "x.img"
    flash.write_bytes(b"\xff" * 1000)
    done = subprocess.run([sys.executable, "-m", "tools.pico", "--firmware", str(uf2),
                           "--flash", str(flash)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "a flash image is 2097152 bytes" in done.stderr
    assert flash.read_bytes() == b"\xff" * 1000  # left as it was
