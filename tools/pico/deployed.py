"""The scorekeeper put onto an emulated Pico's flash the way a maker puts it on a board:
`python -m tools.deploy --board pico_display_pack --port PORT` against the emulated Pico's
serial port (tools/pico/bridge.py), the chip paced to the wall clock meanwhile. board=
pico_display_pack_2 deploys that board file instead, on a Pico with the 2.0" pack.

    over_serial(pico, module)   a host tool (tools.deploy, tools.ledger) on its serial port
    deploy_onto(image, uf2)     deploy onto a flash image (a new one, or one with a journal:
                                deploy never touches /data)
    fresh_image(uf2)            a new Pico with this MicroPython, the scorekeeper deployed,
                                cached in build/pico/deployed/ (deploying takes seconds), one
                                image per board file
    firmware_digest()           what a deployed image is of: the firmware, the board files,
                                the deploy tool
    flashed(uf2, target)        the other way: an erased Pico with a UF2 dropped on it (the
                                scorekeeper's image), first booted, nothing deployed

The tests (host_tests/pico_board.py) and the simulator (tools.sim --pico --firmware) both
start from these images.
"""

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.pico import BUILD, Pico, pack_for
from tools.pico.bridge import SerialBridge

ROOT = Path(__file__).resolve().parent.parent.parent
DEPLOYED = BUILD / "deployed"
BOARD = "pico_display_pack"
DEPLOY_TIMEOUT_S = 300
BOOT_QUIET_MS = 400  # boot sleeps 120 ms after the panel's reset: quiet means longer than that


class DeployFailed(RuntimeError):
    """tools.deploy refused or failed: the message is what it printed."""


def firmware_digest() -> str:
    """Changes whenever what deploy would put on the board may change."""
    h = hashlib.sha256()
    for folder in ("firmware", "boards"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            h.update(str(path.relative_to(ROOT)).encode())
            h.update(path.read_bytes())
    font = ROOT / "firmware" / "ui" / "glyphs.bin"  # the font file deploy copies as it is
    if font.is_file():
        h.update(font.read_bytes())
    h.update((ROOT / "tools" / "deploy.py").read_bytes())
    return h.hexdigest()[:16]


def over_serial(pico: Pico, module: str, *args: str) -> subprocess.CompletedProcess:
    """Run `python -m MODULE ARGS --port PORT` against the running emulated Pico's serial
    port, the chip paced to the wall clock meanwhile (the tool's time-outs are wall
    seconds); the CompletedProcess holds stdout and stderr together."""
    bridge = SerialBridge(pico)
    try:
        proc = subprocess.Popen([sys.executable, "-m", module, *args, "--port", bridge.port],
                                cwd=ROOT, text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)
        bridge.serve(until=lambda: proc.poll() is not None, timeout=DEPLOY_TIMEOUT_S)
        if proc.poll() is None:
            proc.kill()
        out = proc.communicate(timeout=30)[0]
    finally:
        bridge.close()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, "")


def deploy(pico: Pico, *args: str, board: str = BOARD) -> subprocess.CompletedProcess:
    """`python -m tools.deploy --board BOARD ARGS` onto the running emulated Pico."""
    # A build folder of its own: two deploys at once (tests, a simulator) must not rebuild
    # build/pico_display_pack under each other. A --build in ARGS wins (argparse keeps the
    # last one).
    with tempfile.TemporaryDirectory(prefix="deploy-build-") as build:
        # A stock Pico with .mpy files: the way other boards run, on the one board emulated
        # here, where deploy alone would point to the image (--stock-pico goes on anyway).
        return over_serial(pico, "tools.deploy", "--board", board, "--build", build,
                           "--stock-pico", *args)


def deploy_onto(image: Path, uf2: Path | None = None, *args: str, board: str = BOARD) -> str:
    """Boot the image (writing the UF2 over its firmware first, if given: the file system
    stays, as when a UF2 is dropped on a Pico), deploy, save the flash. Returns deploy's
    output; raises DeployFailed with it if deploy did not succeed."""
    with Pico(image, uf2, pack=pack_for(board)) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)  # a new image: MicroPython formats its flash
        done = deploy(pico, *args, board=board)
    if done.returncode != 0:
        # deploy's own verdict ("deploy: ..."), else all it said.
        said = [line for line in done.stdout.splitlines() if line.startswith("deploy: ")]
        raise DeployFailed("\n".join(said) or done.stdout.strip()
                           or "tools.deploy exited with status {}".format(done.returncode))
    return done.stdout


def fresh_image_path(uf2: Path, board: str = BOARD) -> Path:
    """Where fresh_image(uf2, board) keeps its image (it may not be made yet)."""
    return DEPLOYED / "{}-{}-{}.img".format(uf2.stem, board, firmware_digest())


def fresh_image(uf2: Path, board: str = BOARD) -> Path:
    """A flash image of a new Pico with this MicroPython and the scorekeeper deployed with
    this board file: the bytes a board has after its first `python -m tools.deploy`. Made
    once per (image, board, firmware) and kept; copy it before booting it."""
    target = fresh_image_path(uf2, board)
    if target.exists():
        return target
    DEPLOYED.mkdir(parents=True, exist_ok=True)
    # A scratch name of its own, renamed over at the end: a deploy stopped halfway leaves no
    # image that looks done, and two made at once do not write into one file.
    fd, name = tempfile.mkstemp(prefix=target.stem + "-", suffix=".part", dir=DEPLOYED)
    os.close(fd)
    scratch = Path(name)
    scratch.unlink()  # the harness starts an erased flash where no file is
    try:
        deploy_onto(scratch, uf2, board=board)
        scratch.replace(target)
    finally:
        scratch.unlink(missing_ok=True)
    # The same MicroPython and board with older firmware will not be booted again: 2 MiB
    # each. ("BOARD-*" matches no other board's: "pico_display_pack-" is not a prefix of
    # "pico_display_pack_2-".)
    for old in DEPLOYED.glob("{}-{}-*.img".format(uf2.stem, board)):
        if old != target:
            old.unlink(missing_ok=True)
    return target


def flashed(uf2: Path, target: Path, board: str = BOARD) -> Path:
    """`target`: the flash of an erased Pico after `uf2` was dropped on it and it booted
    once (MicroPython formats its file system then), as a maker's new board."""
    target = Path(target)
    target.unlink(missing_ok=True)
    with Pico(target, uf2, pack=pack_for(board)) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
    return target
