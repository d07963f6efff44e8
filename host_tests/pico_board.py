"""The emulated Pico for tests: a firmware image found or skipped, the scorekeeper deployed
onto it with tools.deploy over its serial port (tools/pico/deployed.py, shared with the
simulator's --pico --firmware), and presses on its GPIO buttons.

Deploying takes seconds of wall time, so each (MicroPython version, board file, built
firmware) is deployed once into build/pico/deployed/ and a test boots a copy of that flash
image: the same bytes a board has after `python -m tools.deploy --board pico_display_pack`
(board="pico_display_pack_2": the 2.0" pack's board file, on a Pico with that pack).

The other way onto a board: the scorekeeper's own image (tools.firmware), flashed onto an
erased Pico with nothing deployed, as a maker does (boot_image). It is built once per change
of its inputs and kept; where it cannot be built (no ARM toolchain, no MicroPython sources)
its tests skip, saying why.

Tests that use it are marked `pico`; conftest.py makes a skipped one fail the run on CI.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.firmware.build import BuildError, build
from tools.pico import READ_MS, Pico, deployed, pack_for
from tools.pico.deployed import (  # noqa: F401  (the tests take them from here)
    BOARD,
    BOOT_QUIET_MS,
    DEPLOYED,
    over_serial,
)
from tools.pico.images import IMAGES, ImageError, find

ROOT = Path(__file__).resolve().parent.parent
# Logical keys on the Display Pack's buttons (boards/pico_display_pack.py's keymap).
KEY_BUTTONS = {"OK": "A", "BACK": "B", "PREV": "X", "NEXT": "Y"}
LONG_MS = 800  # held past ui.input's long-press time: MENU on A


def image_or_skip(version: str | None = None) -> Path:
    """The UF2 of a pinned version (None: the newest that can be had), or skip saying why."""
    try:
        return find(version, timeout=15)
    except ImageError as exc:
        pytest.skip("no MicroPython image: {}".format(exc))


def tested_versions() -> list[str]:
    """The pinned versions the suite runs on: every one whose pinned SHA-256 was checked
    against the file here. Each must be present or downloadable; where one is not, its tests
    skip (and fail the run on CI, where the images are provided)."""
    return [i.version for i in IMAGES if i.checked]


def deploy_with_bridge(pico: Pico, *args: str) -> subprocess.CompletedProcess:
    """`python -m tools.deploy --board pico_display_pack ARGS` onto the emulated Pico."""
    return deployed.deploy(pico, *args)


def deployed_image(version: str | None = None, board: str = BOARD) -> Path:
    """A flash image of a fresh Pico with this MicroPython, the scorekeeper deployed."""
    uf2 = image_or_skip(version)
    try:
        return deployed.fresh_image(uf2, board)
    except deployed.DeployFailed as exc:
        pytest.fail("deploy onto the emulated Pico failed:\n{}".format(exc))


def boot(tmp_path: Path, version: str | None = None, name: str = "pico.img",
         board: str = BOARD) -> Pico:
    """A running emulated Pico from a copy of the deployed image, booted until quiet."""
    flash = tmp_path / name
    shutil.copyfile(deployed_image(version, board), flash)
    pico = Pico(flash, pack=pack_for(board))
    pico.settle(quiet_ms=BOOT_QUIET_MS)
    return pico


def scorekeeper_image(board: str = BOARD) -> Path:
    """The scorekeeper's own image for this board file, or skip saying why not."""
    try:
        return build(board)
    except BuildError as exc:
        pytest.skip("no scorekeeper image: {}".format(exc))


def boot_image(tmp_path: Path, board: str = BOARD, name: str = "pico.img") -> Pico:
    """A running emulated Pico, its flash erased, the scorekeeper's image dropped on it,
    booted until quiet: a new board's first start."""
    flash = tmp_path / name
    flash.unlink(missing_ok=True)
    pico = Pico(flash, scorekeeper_image(board), pack=pack_for(board))
    pico.settle(quiet_ms=BOOT_QUIET_MS)
    return pico


def boot_either(tmp_path: Path, way: str, board: str = BOARD) -> Pico:
    """way "deployed": stock MicroPython and tools.deploy; "image": the scorekeeper's image."""
    return boot_image(tmp_path, board) if way == "image" else boot(tmp_path, board=board)


WAYS = ("deployed", "image")

# Known, and why the image is the way onto a Pico: deployed as .mpy files, the firmware has
# outgrown the Pico's heap late in an evening. A module imported then, or a file opened (about
# 1.2 KB in one piece), finds no room with 90 KB free in small pieces. The image keeps its
# bytecode in flash and passes the same tests. Where the deployed way meets it, the test says
# so (an expected failure) instead of passing: it fails again the day it no longer happens.
DEPLOYED_SHORTFALL = ("deployed as .mpy the firmware runs out of heap in one piece late in an "
                      "evening (docs/boards.md, Memory); the image passes")


def expect_deployed_shortfall(way: str, said: str) -> None:
    """On the deployed way, a MemoryError in what the board said is the known shortfall."""
    if way == "deployed" and "MemoryError" in said:
        pytest.xfail(DEPLOYED_SHORTFALL)


def press_key(pico: Pico, key: str) -> dict:
    """A logical key as a finger presses it on the Display Pack, once the screen before it
    was read (READ_MS): MENU is a long A."""
    pico.run(READ_MS)
    if key == "MENU":
        return pico.press("A", hold_ms=LONG_MS)
    return pico.press(KEY_BUTTONS[key])


def shots_everywhere(steps):
    """The steps with a picture kept at every named state, to compare a board's with the VM's."""
    out = []
    for kind, arg in steps:
        out.append((kind, arg))
        if kind == "state":
            out.append(("shot", arg))
    return out


def play(pico: Pico, steps) -> dict[str, bytes]:
    """device_vm's steps on the emulated Pico: ("key", K) pressed on its buttons; ("shot", N)
    and ("state", N) keep the panel's picture under N. A press that restarted the board (a
    crash) ends the play there: the pictures after it are missing, and the test that compares
    them with the VM's says which; playing on would only boot the table again at every press
    (a deployed Pico short of heap did so at each of an evening's 34 presses, 5 s apiece)."""
    shots = {}
    resets = pico.state()["resets"]
    for kind, arg in steps:
        if kind == "key":
            if press_key(pico, arg)["resets"] != resets:
                break
        else:
            shots[arg] = pico.frame()
    return shots
