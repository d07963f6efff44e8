"""LilyGO TTGO T-Display (ESP32): ST7789V 1.14" IPS 135x240, drawn landscape 240x135, two
buttons. Deploy as /board.py. Data, not logic: the contract is in boards/README.md.

Where the facts come from
- TFT MOSI 19, SCLK 18, CS 5, DC 16, RST 23, BL 4; BUTTON_1 35, BUTTON_2 0: LilyGO's
  TTGO-T-Display repository (pinmap image and the TFT_eSPI setup it ships,
  User_Setups/Setup25_TTGO_T_Display.h); the same defines appear in projects built on it
  (e.g. ttgo-t-display.h: TFT_MOSI 19 ... BUTTON_1 35, BUTTON_2 0).
- Panel offsets: TFT_eSPI ST7789_Rotation.h, CGRAM_OFFSET for 135-wide panels: rotation 1
  (MX | MV) uses column 40, row 53; the driver derives them from the native offset (52, 40)
  (also nano-gui's TDISPLAY = (52, 40, ...)). Inversion on: TFT_INVERSION_ON in the same
  setups; if red and blue come out swapped on a clone, set bgr=True.
- GPIO35 is input only and has no internal pull resistors (ESP32 datasheet, 4.2 / IO_MUX
  table), so it is read without PULL_UP and relies on the board's own pull-up to 3V3 (as the
  vendor examples do); GPIO0 is the boot strap button with a pull-up on the board. Both read
  low when pressed. Hold GPIO0 at power-up and the ESP32 enters its ROM bootloader.
- Backlight by PWM on GPIO4: the ESP32's LEDC drives any output-capable GPIO (only 34..39 are
  input only: ESP32 datasheet, IO_MUX table), and MicroPython's esp32 PWM tutorial drives
  Pin(4) among its examples with PWM(pin, freq=..., duty_u16=...). Made dark (duty_u16=0).
- 40 MHz SPI: the TFT_eSPI setup's SPI_FREQUENCY for this board.

Keys (2 buttons; landscape with the USB socket on the right, GPIO0 is the upper one):
    GPIO0 short: NEXT    GPIO0 long: PREV     GPIO0 double: MENU
    GPIO35 short: OK     GPIO35 long: BACK
"""

import gc

from machine import PWM, SPI, WDT, Pin, Signal

from drivers.st7789 import ST7789
from ui import keys

name = "LilyGO TTGO T-Display"
layout = "color240x135"

gc.collect()  # right before the framebuffer: the largest allocation, made first
display = ST7789(
    SPI(2, baudrate=40_000_000, sck=Pin(18), mosi=Pin(19)),
    dc=Pin(16, Pin.OUT, value=0),
    cs=Pin(5, Pin.OUT, value=1),
    rst=Pin(23, Pin.OUT, value=1),
    backlight=PWM(Pin(4, Pin.OUT, value=0), freq=1000, duty_u16=0),
    width=240, height=135, offset=(52, 40), rotation=1, invert=True, bgr=False,
)

button_names = ("IO0", "IO35")
buttons = [Signal(Pin(0, Pin.IN, Pin.PULL_UP), invert=True),
           Signal(Pin(35, Pin.IN), invert=True)]
keymap = (
    (keys.NEXT, keys.PREV, keys.MENU),  # GPIO0
    (keys.OK, keys.BACK, None),  # GPIO35
)

data_dir = "/data"
watchdog = WDT  # ESP32: machine.WDT(timeout=ms)


def remount():
    # After "no space" littlefs must be mounted afresh (drivers/osfs.py). esp32's own
    # modules/_boot.py mounts the "vfs" partition (flashbdev.bdev) at "/" and lets mount()
    # find littlefs on it: the same again.
    import vfs
    from flashbdev import bdev  # pyright: ignore[reportMissingImports]  (esp32's own module)

    vfs.umount("/")
    vfs.mount(bdev, "/")
