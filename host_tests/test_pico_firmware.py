"""The firmware on every pinned MicroPython, on the emulated Pico (tools/pico).

- A version the scorekeeper supports (ui/launch.py NEEDED and up): deployed with tools.deploy,
  it boots to its first screen, the backlight on, and the panel's SPI gets the 62.5 MHz the
  board file asks for (boards/pico_display_pack.py sets clk_peri = clk_sys).
- tools.deploy without --stock-pico refuses a stock Pico, pointing to the scorekeeper's own
  image, and copies nothing.
- An older one: tools.deploy refuses it, naming the version it needs, and copies nothing;
  the firmware put on it anyway (an older UF2 dropped over a deployed board) says so on the
  screen, picture for picture what ui.launch draws on the MicroPython VM.
- Out of memory at start (a boot.py keeping a large bytearray alive, as a smaller heap
  would): the screen says so, crash.log has it, and the board waits, the watchdog not
  started, until a button restarts it; the same with too little left for the display's
  whole strip (it is made shorter). With not even room for the board file, the log and the
  serial port say so and the board stops at the REPL.
"""

import shutil

import pico_board
import pytest
from pico_board import (
    BOOT_QUIET_MS,
    boot,
    deploy_with_bridge,
    deployed_image,
    image_or_skip,
    over_serial,
    press_key,
)

from tools import deploy, mpvm
from tools.pico import Pico
from tools.pico.flashfs import FlashFS

pytestmark = pytest.mark.pico

SPI_HZ = 62_500_000  # boards/pico_display_pack.py: SPI(0, baudrate=62_500_000)
WAIT_MS = 10_000  # longer than the RP2040 watchdog's longest timeout (8,388 ms)
# boot.py and main.py share their globals on rp2, so a bytearray made in boot.py stays
# allocated while the scorekeeper starts. The heap has 240,400 bytes free after boot.py
# (v1.28.0, ballast aside); loading the app takes ~111 KB and booting it ~20 KB more, the
# board file ~35 KB with its 7.5 KB strip in one piece (measured here).
BOOT_PY = "_ballast = bytearray({})\n"
NO_ROOM_FOR_THE_APP = 175_000  # ~65 KB left: the board file loads, the app does not
# ~32 KB left: no piece of the heap holds the display's 16-row strip, which it makes shorter
# (drivers/strip.py); the app does not load
NO_ROOM_FOR_A_WHOLE_STRIP = 208_000
NO_ROOM_FOR_THE_BOARD = 224_000  # ~16 KB left: not even the board file (below ~20 KB)


def _version(text):
    return tuple(int(n) for n in text.split("."))


VERSIONS = pico_board.tested_versions()
SUPPORTED = [v for v in VERSIONS if _version(v) >= deploy.NEEDED]
OLDER = [v for v in VERSIONS if _version(v) < deploy.NEEDED]
NEEDED = deploy.dotted(deploy.NEEDED)


def _lit(frame):
    """Pixels of the picture that are not black."""
    return sum(1 for i in range(0, len(frame), 2) if frame[i] or frame[i + 1])


def _serial(pico):
    return pico.take_serial().decode("utf-8", "replace")


def _vm_picture(call, prelude=""):
    """What ui.launch draws (`call`, with `board` the simulated colour board) on the
    MicroPython VM: RGB565, high byte first, as Pico.frame() gives the panel's picture."""
    script = "import board\n{}\nfrom ui import launch\n{}\nprint(board.display.buffer.hex())\n"
    board = (deploy.BOARDS / "simulated.py").read_bytes()
    out = mpvm.run(script.format(prelude, call), {"board.py": board}, engine="node").stdout
    return bytes.fromhex(out.strip().splitlines()[-1])


def _rows(frame, y0, y1):
    return frame[y0 * 480:y1 * 480]


def _with_boot_py(tmp_path, version, ballast):
    """A deployed image (version None: the newest to be had) with a boot.py holding
    `ballast` bytes."""
    flash = tmp_path / "pico.img"
    shutil.copyfile(deployed_image(version), flash)
    with FlashFS(flash) as fs:
        fs.write("/boot.py", BOOT_PY.format(ballast).encode())
    return flash


def _crash_log(pico, flash):
    pico.save()
    with FlashFS(flash) as fs:
        return fs.read("/data/crash.log").decode()


# -- every version: runs, or refused ----------------------------------------------------------


@pytest.mark.parametrize("version", SUPPORTED)
def test_the_scorekeeper_runs_and_its_panel_gets_62_5_mhz(tmp_path, version):
    with boot(tmp_path, version) as pico:
        state = pico.state()
        assert "Traceback" not in _serial(pico)
        display = state["display"]
        assert display["on"] and display["backlight"] and not display["asleep"]
        assert _lit(pico.frame()) > 2000  # the first screen: a menu of text, not blank
        assert state["clkPeri"] == state["clkSys"] == 125_000_000
        assert state["spiHz"] == SPI_HZ  # 24 MHz with MicroPython's own 48 MHz clk_peri
        assert state["resets"] == 0


@pytest.mark.parametrize("version", OLDER)
def test_deploy_refuses_an_older_micropython_naming_the_version_it_needs(tmp_path, version):
    flash = tmp_path / "pico.img"
    with Pico(flash, image_or_skip(version)) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)  # MicroPython formats its file system
        done = deploy_with_bridge(pico)
        pico.save()
    assert done.returncode == 2, done.stdout
    assert "the board runs MicroPython {}; the scorekeeper needs {} or later".format(
        version, NEEDED) in done.stdout
    with FlashFS(flash) as fs:
        assert set(fs.files("/")) <= {"/boot.py"}  # nothing copied (rp2 makes no boot.py)


def test_deploy_onto_a_stock_pico_points_to_the_image_and_copies_nothing(tmp_path):
    flash = tmp_path / "pico.img"
    with Pico(flash, image_or_skip(SUPPORTED[-1])) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        done = over_serial(pico, "tools.deploy", "--board", "pico_display_pack")
        pico.save()
    assert done.returncode == 2, done.stdout
    said = done.stdout
    assert "has the scorekeeper's own image" in said and "RP2040" in said
    assert "python -m tools.firmware --board NAME" in said and "--stock-pico" in said
    assert "ledger pull" in said  # the tables on it are not forgotten
    with FlashFS(flash) as fs:
        assert set(fs.files("/")) <= {"/boot.py"}


@pytest.mark.parametrize("version", OLDER)
def test_put_on_an_older_micropython_the_firmware_says_so_on_the_screen(tmp_path, version):
    flash = tmp_path / "pico.img"
    shutil.copyfile(deployed_image(), flash)  # the newest version to be had
    with Pico(flash, image_or_skip(version)) as pico:  # the older UF2 over a deployed board
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        pico.run(WAIT_MS)
        state = pico.state()
        frame = pico.frame()
        out = _serial(pico)
    assert "MicroPython {} is too old: the scorekeeper needs {} or later".format(
        version, NEEDED) in out
    assert out.rstrip().endswith(">>>")  # stopped at the REPL, free for mpremote and deploy
    assert state["display"]["backlight"] and state["resets"] == 0
    assert frame == _vm_picture("launch.show(board.display, None, launch.too_old({!r}))".format(
        version))


# -- out of memory at start -----------------------------------------------------------------


@pytest.mark.parametrize("ballast", [NO_ROOM_FOR_THE_APP, NO_ROOM_FOR_A_WHOLE_STRIP])
@pytest.mark.parametrize("version", SUPPORTED)
def test_out_of_memory_at_start_is_on_the_screen_and_a_press_restarts(tmp_path, version,
                                                                       ballast):
    flash = _with_boot_py(tmp_path, version, ballast)
    with Pico(flash) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        pico.run(WAIT_MS)  # no watchdog is running: nothing restarts the board meanwhile
        state = pico.state()
        frame = pico.frame()
        out = _serial(pico)
        assert "MemoryError" in out and "stopped at start" in out
        assert state["resets"] == 0
        assert state["display"]["backlight"] and not state["display"]["asleep"]
        assert _crash_log(pico, flash).count("MemoryError") == 1

        # The first lines under the title are fixed words; the title (出错了) is drawn only if
        # ui.text was loaded before memory ran out, and the details differ from the VM's.
        # The VM's display has its whole strip: the picture is the same drawn in shorter ones.
        call = "launch.report(board, None, MemoryError('x'), False)"
        plain, titled = _vm_picture(call), _vm_picture(call, "import ui.text")
        assert _rows(frame, 21, 51) == _rows(plain, 21, 51) == _rows(titled, 21, 51)
        assert _rows(frame, 0, 21) in (_rows(plain, 0, 21), _rows(titled, 0, 21))
        assert _lit(_rows(frame, 21, 51)) > 500

        press_key(pico, "OK")  # any button: a restart, into the same message
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        state = pico.state()
        assert state["resets"] == 1
        assert state["display"]["backlight"] and pico.frame() == frame
        assert "stopped at start" in _serial(pico)
        assert _crash_log(pico, flash).count("MemoryError") == 2


def test_with_no_room_even_for_the_board_file_the_log_says_why(tmp_path):
    flash = _with_boot_py(tmp_path, None, NO_ROOM_FOR_THE_BOARD)
    with Pico(flash) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        pico.run(WAIT_MS)
        state = pico.state()
        out = _serial(pico)
        assert "MemoryError" in out and out.rstrip().endswith(">>>")
        assert "the board file failed, so there is no display to say it on" in out
        assert state["resets"] == 0  # stopped at the REPL, as docs/boards.md says
        assert not state["display"]["backlight"]  # no display: the one dark case
        assert "MemoryError" in _crash_log(pico, flash)
