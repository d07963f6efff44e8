"""`python -m tools.sim --pico`: the simulator on the emulated Pico (tools/sim/pico.py), the
scorekeeper's own image as a maker flashes it (tools.firmware). The same key script must give
the same table, the same top screen and the same pictures, pixel for pixel, as on the
MicroPython VM; its flash image must survive a restart, take a rebuilt image with its tables
kept, and carry them between the image and the --firmware way (stock MicroPython, deployed);
the window must drive it live."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pico_board import image_or_skip, scorekeeper_image
from PIL import Image
from test_simulator import HAND, sim_command

from tools.pico import flashfs
from tools.pico.flashfs import FlashFS
from tools.sim import pico_flash, script
from tools.sim.pico import PicoSim
from tools.sim.vm import Sim

ROOT = Path(__file__).resolve().parent.parent
# A hand (HAND), the table's menu and back, a minute idle (the display dims: the picture
# darker), a press that brings it back and acts (OK: a new hand), a power cycle (the hand
# being entered comes back: ui/draft.py), OK on its bid: the play screen.
# How long the live window's test waits, on the wall clock, for what the board must show: a
# bound for a board that never shows it, not a speed asked of it.
WAIT_S = 120
EVENING = (HAND + " menu shot:menu back wait:61000 shot:dim ok shot:woken reset "
           "shot:rebooted A shot:new_hand")


def _played(args: list[str], shots: Path) -> tuple[dict, dict[str, bytes]]:
    done = sim_command(*args, "--keys", EVENING, "--shots", str(shots), timeout=300)
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    pictures = {}
    for path in state.pop("shots"):
        with Image.open(path) as img:
            pictures[Path(path).name] = img.convert("RGB").tobytes()
    return state, pictures


@pytest.mark.pico
def test_a_key_script_on_the_pico_gives_the_vms_table_screen_and_pictures(tmp_path):
    scorekeeper_image()  # built (or skipped) here, not inside the simulator's run
    on_pico, pico_shots = _played(["--pico", "--fresh"], tmp_path / "pico")
    on_vm, vm_shots = _played(["--fresh"], tmp_path / "vm")
    assert on_pico == on_vm
    assert on_pico["totals"] == [-6, 12, -6] and on_pico["screen"] == "PlayScreen"
    assert list(pico_shots) == ["menu.png", "dim.png", "woken.png", "rebooted.png",
                                "new_hand.png"]
    assert pico_shots["dim.png"] != vm_shots["woken.png"]  # dim, then lit on a new hand
    for name, picture in vm_shots.items():
        assert pico_shots[name] == picture, name


@pytest.mark.pico
def test_the_flash_image_survives_a_restart_and_a_rebuilt_image_keeping_the_table(tmp_path):
    scorekeeper_image()
    folder = tmp_path / "flash"
    first = sim_command("--pico", "--flash", str(folder), "--lang", "en", "--keys", HAND,
                        timeout=300)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["hands"] == 1
    stamp_path = folder / pico_flash.STAMP
    stamp = json.loads(stamp_path.read_text())
    assert stamp["way"] == "image" and stamp["board"] == "pico_display_pack"
    assert (folder / pico_flash.IMAGE).stat().st_size == 2 * 1024 * 1024
    # As if the repository's image had been rebuilt since: the next start writes it over the
    # old one, which keeps the file system, so the table is there, and A~ opens its menu;
    # --lang zh changes the language the first run set, the table untouched.
    stamp_path.write_text(json.dumps(dict(stamp, sha256="0" * 64)))
    again = sim_command("--pico", "--flash", str(folder), "--lang", "zh", "--keys", "A~",
                        timeout=300)
    assert again.returncode == 0, again.stderr
    assert "flashing the newer image" in again.stderr and "tables kept" in again.stderr
    after = json.loads(again.stdout)
    assert after["totals"] == [-6, 12, -6] and after["hands"] == 1
    assert after["screen"] == "TableMenu"
    assert json.loads(stamp_path.read_text()) == stamp
    settings = json.loads(FlashFS(folder / pico_flash.IMAGE).read("/data/settings.json"))
    assert settings["lang"] == "zh"


@pytest.mark.pico
def test_the_table_is_carried_between_stock_micropython_and_the_image(tmp_path):
    scorekeeper_image()
    uf2 = image_or_skip()  # the newest stock MicroPython to be had
    folder = tmp_path / "flash"
    # A flash from before the image: stock MicroPython, the scorekeeper deployed, a hand.
    first = sim_command("--pico", "--flash", str(folder), "--firmware", str(uf2), "--keys",
                        HAND, timeout=300)
    assert first.returncode == 0, first.stderr
    assert "--stock-pico" in first.stderr and "not how a Pico runs it" in first.stderr
    assert json.loads((folder / pico_flash.STAMP).read_text())["way"] == "stock"
    # Without --firmware: the image, flashed as a maker does after `tools.ledger pull`, and
    # the table pushed back: the same hand, the next one to enter.
    again = sim_command("--pico", "--flash", str(folder), "--keys", "A", timeout=300)
    assert again.returncode == 0, again.stderr
    assert "carried over" in again.stderr
    after = json.loads(again.stdout)
    assert after["totals"] == [-6, 12, -6] and after["hands"] == 1
    assert json.loads((folder / pico_flash.STAMP).read_text())["way"] == "image"
    assert FlashFS(folder / pico_flash.IMAGE).layout == flashfs.IMAGE


@pytest.mark.pico
def test_the_window_drives_the_pico_live_as_the_vm_shows_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from tools.sim.window import Window

    with Sim("simulated") as vm:
        vm_board = vm.board
        new_table = vm.shot()
        script.play(vm, script.parse("X A", vm.board))
        table = vm.shot()
    scorekeeper_image()
    image = pico_flash.prepare(tmp_path, say=lambda _: None).image  # a new Pico, the image
    with PicoSim(image, live=True) as sim:
        assert dict(sim.board, name="") == dict(vm_board, name="")
        window = Window(sim)
        assert list(window.buttons) == ["A", "B", "X", "Y"]

        def frames(seconds, until=lambda: False):
            end = time.monotonic() + seconds
            while time.monotonic() < end and not until():
                window.step()
            return until()

        # The board keeps to the wall clock, but falls behind it where the host is busy: a
        # finger's hold and the wait after it are counted on the board's own clock, and the
        # wall clock only bounds how long the test waits for what must come.
        def on_the_board(ms):
            start = sim.now
            return frames(WAIT_S, until=lambda: sim.now - start >= ms)

        def click(name):
            pos = window.buttons[name].center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            assert on_the_board(150)  # held as long as a finger holds it
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            assert on_the_board(500)

        # main.py boots and lights the panel: the new-table screen, as the VM's, pixel for
        # pixel. (Until then the panel is dark, though its memory still holds the picture of
        # the boot before.)
        assert frames(WAIT_S, until=lambda: not sim.asleep and sim.fb == new_table)
        click("X")
        click("A")  # a classic table opens
        assert frames(WAIT_S, until=lambda: sim.fb == table)
        window.close()


def test_what_the_pico_mode_refuses_exits_2_with_a_message(tmp_path):
    cases = [
        (["--pico", "--board", "simulated_mono"], "leave out --board"),
        (["--firmware", "1.26.1"], "give --pico too"),
        (["--pico", "--readme", str(tmp_path)], "leave out --pico"),
        (["--pico", "--firmware", "0.1"], "neither a file nor a pinned version"),
    ]
    for args, said in cases:
        done = sim_command(*args, "--fresh", "--keys", "A")
        assert done.returncode == 2 and said in done.stderr, (args, done.stderr)
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1", PATH=str(Path(sys.executable).parent))
    done = subprocess.run([sys.executable, "-m", "tools.sim", "--pico", "--fresh", "--keys",
                           "A"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    if "node" not in os.listdir(Path(sys.executable).parent):
        assert done.returncode == 2 and "node not found" in done.stderr, done.stderr


def test_without_the_arm_toolchain_the_pico_mode_says_what_to_install(tmp_path):
    # Node is there, the compilers are not, and the image is out of date (another build
    # date): tools.firmware's own refusal, naming the packages.
    node = shutil.which("node")
    assert node is not None, "the tests need Node.js (README: what the test command needs)"
    (tmp_path / "node").symlink_to(node)
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1", PATH=str(tmp_path), SOURCE_DATE_EPOCH="1")
    done = subprocess.run([sys.executable, "-m", "tools.sim", "--pico", "--fresh", "--keys",
                           "A"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stderr
    assert "building the scorekeeper's image" in done.stderr
    assert "sudo apt-get install gcc-arm-none-eabi" in done.stderr


def test_an_image_for_another_pack_is_flashed_over_with_this_boards(tmp_path, monkeypatch):
    # A flash folder of the 1.14" pack run with --board pico_display_pack_2: that board's
    # image (its board file frozen in) is written over, the file system kept. No emulator or
    # build needed to see that it is asked.
    (tmp_path / pico_flash.IMAGE).write_bytes(b"")
    (tmp_path / pico_flash.STAMP).write_text(json.dumps(
        {"way": "image", "sha256": "x", "board": "pico_display_pack"}))
    uf2 = tmp_path / "scorekeeper-pico_display_pack_2.uf2"
    uf2.write_bytes(b"UF2")
    monkeypatch.setattr(pico_flash, "scorekeeper_image", lambda board, say: uf2)
    asked = []
    monkeypatch.setattr(pico_flash, "reflash",
                        lambda image, uf2, board: asked.append((image.name, uf2, board)))
    said = []
    pico_flash.prepare(tmp_path, say=said.append, board="pico_display_pack_2")
    assert asked == [(pico_flash.IMAGE, uf2, "pico_display_pack_2")]
    assert "its image was for boards/pico_display_pack.py" in said[0]
    assert json.loads((tmp_path / pico_flash.STAMP).read_text())["board"] == "pico_display_pack_2"
    asked.clear()
    pico_flash.prepare(tmp_path, say=said.append, board="pico_display_pack_2")
    assert asked == []  # flashed for this board now: nothing to do
