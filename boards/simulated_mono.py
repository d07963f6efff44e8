"""The simulated board, mono 128x64 layout with three buttons mapped as on the SSD1306 board.
See boards/simulated.py."""

from drivers.simulated import MONO, SimButton, SimOled
from ui import keys

name = "simulated 128x64"
layout = MONO

display = SimOled()

button_names = ("L", "M", "R")  # short: the hint line is 128 px wide
buttons = [SimButton(n) for n in button_names]
keymap = (
    (keys.PREV, None, None),  # left
    (keys.OK, keys.MENU, None),  # middle
    (keys.NEXT, keys.BACK, None),  # right
)

data_dir = "/data"
watchdog = None
remount = None  # nothing to mount: memory
