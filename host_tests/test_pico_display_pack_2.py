"""The Pico Display Pack 2.0 / 2.8 (boards/pico_display_pack_2.py) on the emulated Pico: the
scorekeeper deployed with tools.deploy --board pico_display_pack_2 onto an official
MicroPython image, the 320x240 panel decoded from SPI0 (tools/vm/pico.mjs --panel 320x240).
What the panel receives must be what the VM's twin board (boards/simulated_large.py) holds,
pixel for pixel; `tools.sim --pico --board pico_display_pack_2` must show the same.
"""

import json
from pathlib import Path

import pytest
from device_vm import keys, run_device
from pico_board import boot, deployed_image, play
from PIL import Image
from test_simulator import sim_command

BOARD = "pico_display_pack_2"
TWIN = "simulated_large"

pytestmark = pytest.mark.pico


def test_the_first_frame_from_spi_is_the_vms_320x240_frame(tmp_path):
    steps = keys("p o o") + [("shot", "bid")]  # a new classic table: the bidding screen
    pico = boot(tmp_path, board=BOARD)
    try:
        first = pico.frame()
        state = pico.state()
        shots = play(pico, steps)
    finally:
        pico.close()
    vm = run_device([("shot", "first")] + steps, board=TWIN)
    assert len(first) == 320 * 240 * 2
    assert first == vm.shots["first"], "the first frame differs from the VM's"
    assert shots["bid"] == vm.shots["bid"], "the bidding screen differs from the VM's"
    display = state["display"]
    assert display["size"] == [320, 240]
    assert display["on"] and display["backlight"] and not display["asleep"]
    assert display["inverted"] and display["colmod"] == 0x55 and display["madctl"] == 0x60
    assert state["spiHz"] == 62_500_000  # the clocks set as on the 1.14" pack


def _pictures(state: dict) -> dict[str, bytes]:
    out = {}
    for path in state.pop("shots"):
        with Image.open(path) as img:
            out[Path(path).name] = img.convert("RGB").tobytes()
    return out


def test_the_simulator_on_the_pico_with_this_pack_shows_what_its_twin_shows(tmp_path):
    deployed_image(board=BOARD)  # made (or skipped) here, not inside the simulator's run
    script = "shot:new_table X A shot:table"  # a classic table opens
    runs = {}
    for name, args in (("pico", ["--pico", "--board", BOARD]), ("vm", ["--board", TWIN])):
        done = sim_command(*args, "--fresh", "--keys", script, "--shots",
                           str(tmp_path / name), timeout=300)
        assert done.returncode == 0, done.stderr
        state = json.loads(done.stdout)
        runs[name] = state, _pictures(state)
    (on_pico, pico_shots), (on_vm, vm_shots) = runs["pico"], runs["vm"]
    assert on_pico == on_vm and on_pico["screen"] == "TableScreen"
    assert list(pico_shots) == ["new_table.png", "table.png"]
    assert pico_shots == vm_shots
    with Image.open(tmp_path / "pico" / "table.png") as img:
        assert img.size == (640, 480)  # 320x240 at the screenshots' scale 2
