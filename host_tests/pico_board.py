"""The emulated Pico for tests: a firmware image found or skipped, the scorekeeper deployed
onto it with tools.deploy over its serial port, and presses on its GPIO buttons.

Deploying takes seconds of wall time, so each (MicroPython version, built firmware) pair is
deployed once into build/pico/deployed/ and a test boots a copy of that flash image: the same
bytes a board has after `python -m tools.deploy --board pico_display_pack`.

Tests that use it are marked `pico`; conftest.py makes a skipped one fail the run on CI.
"""

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.pico import BUILD, Pico
from tools.pico.bridge import SerialBridge
from tools.pico.images import IMAGES, ImageError, find

ROOT = Path(__file__).resolve().parent.parent
DEPLOYED = BUILD / "deployed"
BOARD = "pico_display_pack"
DEPLOY_TIMEOUT_S = 300
BOOT_QUIET_MS = 400  # boot sleeps 120 ms after the panel's reset: quiet means longer than that
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
    """The pinned versions the suite runs on: every one whose image is here or can be had is
    tried; the others skip (and fail the run on CI, where all must be present)."""
    return [i.version for i in IMAGES]


def _firmware_digest() -> str:
    h = hashlib.sha256()
    for folder in ("firmware", "boards"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            h.update(str(path.relative_to(ROOT)).encode())
            h.update(path.read_bytes())
    h.update((ROOT / "tools" / "deploy.py").read_bytes())
    return h.hexdigest()[:16]


def over_serial(pico: Pico, module: str, *args: str) -> subprocess.CompletedProcess:
    """Run `python -m MODULE ARGS --port PORT` against the emulated Pico's serial port, the
    chip running paced to the wall clock meanwhile; stdout and stderr together."""
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


def deploy_with_bridge(pico: Pico, *args: str) -> subprocess.CompletedProcess:
    """`python -m tools.deploy --board pico_display_pack ARGS` onto the emulated Pico."""
    return over_serial(pico, "tools.deploy", "--board", BOARD, *args)


def deployed_image(version: str | None = None) -> Path:
    """A flash image of a fresh Pico with this MicroPython, the scorekeeper deployed."""
    uf2 = image_or_skip(version)
    target = DEPLOYED / "{}-{}.img".format(uf2.stem, _firmware_digest())
    if target.exists():
        return target
    DEPLOYED.mkdir(parents=True, exist_ok=True)
    scratch = target.with_suffix(".part")
    scratch.unlink(missing_ok=True)
    with Pico(scratch, uf2) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)  # MicroPython formats its file system
        done = deploy_with_bridge(pico)
        if done.returncode != 0:
            pytest.fail("deploy onto the emulated Pico failed:\n" + done.stdout)
    scratch.replace(target)
    return target


def boot(tmp_path: Path, version: str | None = None, name: str = "pico.img") -> Pico:
    """A running emulated Pico from a copy of the deployed image, booted until quiet."""
    flash = tmp_path / name
    shutil.copyfile(deployed_image(version), flash)
    pico = Pico(flash)
    pico.settle(quiet_ms=BOOT_QUIET_MS)
    return pico


def press_key(pico: Pico, key: str) -> dict:
    """A logical key as a finger presses it on the Display Pack: MENU is a long A."""
    if key == "MENU":
        return pico.press("A", hold_ms=LONG_MS)
    return pico.press(KEY_BUTTONS[key])


def play(pico: Pico, steps) -> dict[str, bytes]:
    """device_vm's steps on the emulated Pico: ("key", K) pressed on its buttons; ("shot", N)
    and ("state", N) keep the panel's picture under N."""
    shots = {}
    for kind, arg in steps:
        if kind == "key":
            press_key(pico, arg)
        else:
            shots[arg] = pico.frame()
    return shots
