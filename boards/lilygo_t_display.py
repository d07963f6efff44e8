"""LilyGO TTGO T-Display (ESP32): ST7789V 1.14" IPS 135x240, drawn landscape 240x135, two
buttons. Deploy as /board.py. Data, not logic: the contract is in boards/README.md.

Where the facts come from (LilyGO's repository: github.com/Xinyuan-LilyGO/TTGO-T-Display,
read at 6f89cdd; TFT_eSPI: github.com/Bodmer/TFT_eSPI, read at 83d4d16)
- TFT MOSI 19, SCLK 18, CS 5, DC 16, RST 23, BL 4; BUTTON1 35, BUTTON2 0: LilyGO's README.MD
  pinout table (V18) and image/pinmap.jpg; the same defines in TFT_eSPI
  User_Setups/Setup25_TTGO_T_Display.h (both LilyGO's bundled copy and Bodmer's) and in
  LilyGO's TFT_eSPI/examples/FactoryTest/FactoryTest.ino (BUTTON_1 35, BUTTON_2 0).
- Where the buttons are: image/pinmap.jpg shows the board upright (USB-C at the bottom) with
  GPIO0 left of the USB-C socket and GPIO35 right of it; FactoryTest.ino, drawing in
  rotation 0 (that same upright portrait), labels BUTTON_2 (0) "LeftButton" and BUTTON_1
  (35) "RightButton"; nano-gui's setup_examples/st7789_ttgo.py says the same ("right of the
  USB connector" for 35, "left" for 0).
- Orientation: rotation 1 here is MADCTL MX | MV, TFT_eSPI's setRotation(1) (ST7789_Rotation.h
  case 1, "Landscape (Portrait + 90)"), the landscape LilyGO's FactoryTest draws its 240x135
  logo in, and nano-gui's LANDSCAPE for the T-Display (MADCTL 0x60, "top left adjacent to
  pin 36"): rotation 0 is the upright portrait, and rotation 1 turns the board a quarter turn
  anticlockwise, so the USB-C socket points RIGHT and both buttons are on the right edge:
  GPIO35 the upper one, GPIO0 the lower. rotation=3 turns the picture 180 degrees for a
  board held USB-left (then GPIO0 is the upper button: swap the two keymap rows).
- Panel offsets: TFT_eSPI ST7789_Rotation.h with CGRAM_OFFSET (which Setup25 defines) for
  _init_width 135: rotation 0 colstart 52 / rowstart 40, 1: 40 / 53, 2: 53 / 40, 3: 40 / 52.
  The driver takes the native (52, 40) and derives the other three from the 240 x 320 RAM
  (240 - 135 - 52 = 53, 320 - 240 - 40 = 40): rotation 1 gives columns 40.., rows 53...
- Inversion on: Setup25 does not define TFT_INVERSION_ON (TFT_eSPI.cpp sends INVON for that
  define only after the driver's init); INVON comes from TFT_eSPI's ST7789 init itself:
  TFT_Drivers/ST7789_Init.h sends writecommand(ST7789_INVON) unconditionally in its default
  sequence (INIT_SEQUENCE_3 not defined), in Bodmer's and in LilyGO's bundled copy alike.
- Colour order BGR: TFT_Drivers/ST7789_Defines.h makes TFT_MAD_COLOR_ORDER TFT_MAD_BGR (0x08)
  when CGRAM_OFFSET is defined and TFT_RGB_ORDER is not (Setup25 defines CGRAM_OFFSET, and
  Defines.h also defines it itself for a 135 x 240 panel), and ST7789_Rotation.h ORs it into
  every MADCTL it writes: TFT_eSPI runs this panel with MADCTL 0x68 (MX | MV | BGR) in
  rotation 1. Its colours are 16-bit RGB565 sent high byte first, as this driver's strip
  is (drivers/strip.py), so bgr=True sets the same MADCTL. Not seen on hardware here: if red
  and blue come out swapped on a clone, set bgr=False.
- GPIO35 is input only and has no internal pull resistors (ESP32 datasheet, 4.2 / IO_MUX
  table), so it is read without PULL_UP and relies on the board's own pull-up to 3V3 (as the
  vendor examples do); GPIO0 is the boot strap button with a pull-up on the board. Both read
  low when pressed. Hold GPIO0 at power-up and the ESP32 enters its ROM bootloader.
- Backlight by PWM on GPIO4: the ESP32's LEDC drives any output-capable GPIO (only 34..39 are
  input only: ESP32 datasheet, IO_MUX table), and MicroPython's esp32 PWM tutorial drives
  Pin(4) among its examples with PWM(pin, freq=..., duty_u16=...). Made dark (duty_u16=0).
- 40 MHz SPI: the TFT_eSPI setup's SPI_FREQUENCY for this board.

Keys (2 buttons, held landscape with the USB-C socket on the right: both on the right edge,
IO35 the upper, IO0 the lower; the upper one moves, the lower one answers):
    IO35 short: NEXT     IO35 long: PREV      IO35 double: MENU
    IO0 short: OK        IO0 long: BACK
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
    width=240, height=135, offset=(52, 40), rotation=1, invert=True, bgr=True,
)

# Upper button first (USB-C on the right).
button_names = ("IO35", "IO0")
buttons = [Signal(Pin(35, Pin.IN), invert=True),  # no internal pull-up: the board's own
           Signal(Pin(0, Pin.IN, Pin.PULL_UP), invert=True)]
keymap = (
    (keys.NEXT, keys.PREV, keys.MENU),  # GPIO35, upper
    (keys.OK, keys.BACK, None),  # GPIO0, lower
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
