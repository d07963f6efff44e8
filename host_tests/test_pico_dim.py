"""Dim and dark on the real port: the emulated Pico (tools/pico) with the Display Pack's
backlight as machine.PWM on GP20, read back as the PWM slice's duty (tools/vm/pico.mjs).

Idle on the play screen the backlight dims and stays dim however long the hand takes; the bomb
pressed then counts and brings the backlight back. Idle on the table screen the panel goes dark
(display off, controller asleep, backlight off); the press that wakes it moves the cursor too,
and the panel shows what the MicroPython VM's shows after the same keys, pixel for pixel.
"""

import json

import pytest
from device_vm import keys, run_device
from pico_board import BOOT_QUIET_MS, deployed_image, play, press_key
from test_device_flows import NEW_CLASSIC

from tools.pico import Pico
from tools.pico.flashfs import FlashFS

pytestmark = pytest.mark.pico

# Dark after two minutes rather than the default half hour: emulated time costs wall time.
SETTINGS = json.dumps({"dark_s": 120}).encode()
DIM = 0.10  # ui/app.py DIM_LEVEL, as a duty
TO_PLAY = NEW_CLASSIC + keys("o o")  # a classic table, a hand: the cursor's seat bids 3
TO_TABLE = keys("o o")  # the hand over: its preview, landlord wins: home


def _light(state):
    display = state["display"]
    return [round(display["backlight"], 2), display["on"], display["asleep"]]


def test_dim_mid_hand_dark_only_at_the_table_and_every_waking_press_acts(tmp_path):
    vm = run_device(TO_PLAY + [("shot", "play")] + keys("n") + [("shot", "bomb")] + TO_TABLE
                    + [("shot", "home")] + keys("n") + [("shot", "woken")],
                    files={"/data/settings.json": SETTINGS})
    assert vm.shots["play"] != vm.shots["bomb"] and vm.shots["home"] != vm.shots["woken"]
    flash = tmp_path / "pico.img"
    flash.write_bytes(deployed_image().read_bytes())
    with FlashFS(flash) as fs:
        fs.write("/data/settings.json", SETTINGS)
    with Pico(flash) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        assert _light(pico.state()) == [1, True, False]
        play(pico, TO_PLAY)
        # Longer than dark_s on the play screen: a hand in progress only dims.
        assert _light(pico.run(130_000)) == [DIM, True, False]
        state = press_key(pico, "NEXT")  # a bomb pressed on the dim screen
        assert _light(state) == [1, True, False]
        assert pico.frame() == vm.shots["bomb"]  # counted: the multiplier doubled
        play(pico, TO_TABLE)
        assert _light(pico.run(61_000)) == [DIM, True, False]
        assert _light(pico.run(60_000)) == [0, False, True]  # two minutes idle: dark
        state = press_key(pico, "NEXT")  # wakes the panel, and moves the cursor
        assert _light(state) == [1, True, False] and state["resets"] == 0
        assert pico.frame() == vm.shots["woken"]
