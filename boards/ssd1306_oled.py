"""Any MicroPython board + SSD1306 128x64 I2C OLED + three push buttons to GND.
Deploy as /board.py after `mpremote mip install ssd1306` (micropython-lib's driver; it is
not copied into this repo). Data, not logic: the contract is in boards/README.md.

Set the pins for your wiring here. The defaults are a Raspberry Pi Pico: I2C0 on GP4 (SDA) /
GP5 (SCL) (RP2040 datasheet, GPIO function table: I2C0 SDA/SCL on GP4/GP5) and buttons on GP13,
GP14, GP15. On an ESP32 use e.g. I2C(0, scl=Pin(22), sda=Pin(21)). 0x3C is the SSD1306's
address with SA0 low (SSD1306 datasheet 8.1.5), the default of the common modules and of
micropython-lib's driver. No backlight: the OLED dims by its contrast (command 0x81,
micropython-lib's contrast(); drivers/oled.py).

Keys (3 buttons):
    left: PREV      middle: OK, long: MENU      right: NEXT, long: BACK
"""

from machine import I2C, WDT, Pin, Signal

from drivers.oled import OLED
from ui import keys

I2C_ID = 0
SDA = 4
SCL = 5
ADDRESS = 0x3C
BUTTON_PINS = (13, 14, 15)  # left, middle, right; each to GND, internal pull-up

name = "SSD1306 128x64 OLED"
layout = "mono128x64"

display = OLED(128, 64, I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=400_000), addr=ADDRESS)

button_names = ("L", "M", "R")  # short: the hint line is 128 px wide
buttons = [Signal(Pin(n, Pin.IN, Pin.PULL_UP), invert=True) for n in BUTTON_PINS]
keymap = (
    (keys.PREV, None, None),  # left
    (keys.OK, keys.MENU, None),  # middle
    (keys.NEXT, keys.BACK, None),  # right
)

data_dir = "/data"
watchdog = WDT

# After "no space" littlefs must be mounted afresh (drivers/osfs.py): give a function that
# unmounts "/" and mounts it as your port's _boot.py does (see pico_display_pack.py for rp2,
# lilygo_t_display.py for ESP32). None: the journal still refuses the write cleanly.
remount = None
