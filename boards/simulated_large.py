"""The simulated board, colour 320x240 layout with four buttons named and mapped as on the
Pico Display Pack 2.0 / 2.8 (boards/pico_display_pack_2.py): its twin for the tests and the
host simulator (python -m tools.sim --board simulated_large). See boards/simulated.py."""

from drivers.simulated import LARGE, SimButton, SimPanel
from ui import keys

name = "simulated 320x240"
layout = LARGE

display = SimPanel(320, 240)

button_names = ("A", "B", "X", "Y")
buttons = [SimButton(n) for n in button_names]
keymap = (
    (keys.OK, keys.MENU, None),  # A
    (keys.BACK, None, None),  # B
    (keys.PREV, None, None),  # X
    (keys.NEXT, None, None),  # Y
)

data_dir = "/data"  # the simulator provides it (the VM's own file system is read-only)
watchdog = None
remount = None  # nothing to mount: memory
