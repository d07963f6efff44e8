"""The simulated board: a display kept in memory and buttons a script presses. Used by the
tests on the MicroPython VM and by the host simulator; no machine module needed.

Two layouts, one per file: this one is colour 240x135 with four buttons named and mapped as on
the Pico Display Pack; boards/simulated_mono.py is 128x64 mono with three buttons as on the
SSD1306 board. A test presses buttons with `board.buttons[i].press()` / `.release()` and
passes ticks to ui.input.Input.poll.
"""

from drivers.simulated import COLOR, SimButton, SimPanel
from ui import keys

name = "simulated 240x135"
layout = COLOR

display = SimPanel()

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
