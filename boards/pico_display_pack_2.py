"""Raspberry Pi Pico (RP2040) + Pimoroni Pico Display Pack 2.0 or 2.8: ST7789 IPS 320x240,
buttons A B X Y. Deploy as /board.py. Data, not logic: the contract is in boards/README.md.

One file for both packs: in Pimoroni's own sources they differ only in the RGB LED's pins
(2.0: GP6 GP7 GP8, 2.8: GP26 GP27 GP28; pimoroni-pico libraries/pico_display_2/
pico_display_2.hpp against libraries/pico_display_28/pico_display_28.hpp, and the comment in
micropython/examples/pico_display/button_test.py), which the scorekeeper does not use. Both
demos make the panel the same way (examples/pico_display_2/pico_display_2_demo.cpp and
examples/pico_display_28/pico_display_28_demo.cpp: ST7789(320, 240, ROTATE_0, false,
get_spi_pins(BG_SPI_FRONT))), and Pimoroni's MicroPython has one display type for both
(micropython/modules/picographics/README.md: 'Pico Display 2.0" / 2.8"', DISPLAY_PICO_DISPLAY_2).

Where the facts come from
- 320x240: pimoroni-pico libraries/pico_display_2/pico_display_2.hpp and
  pico_display_28.hpp (WIDTH 320, HEIGHT 240); picographics.cpp's DISPLAY_PICO_DISPLAY_2 case.
- SPI0 SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20, as on the 1.14" pack: the demos'
  get_spi_pins(BG_SPI_FRONT) (common/pimoroni_bus.cpp) is SPI_BG_FRONT_CS 17, SPI_DEFAULT_SCK
  18, SPI_DEFAULT_MOSI 19, SPI_DEFAULT_DC 16, SPI_BG_FRONT_PWM 20 (common/pimoroni_common.hpp);
  PicoGraphics uses the same bus for DISPLAY_PICO_DISPLAY_2 when none is given. No reset line
  (SPIPins has none): the driver's SWRESET does the job.
- Buttons A GP12, B GP13, X GP14, Y GP15, active low: pico_display_2.hpp / pico_display_28.hpp
  (A 12, B 13, X 14, Y 15); micropython/examples/pico_display/button_test.py reads them as
  Pin(n, Pin.IN, Pin.PULL_UP), pressed = low.
- Panel window: drivers/st7789/st7789.cpp configure_display(), "Pico Display 2.0" case (320x240,
  ROTATE_0): CASET 0..319, RASET 0..239, MADCTL 0x70 (COL_ORDER | SWAP_XY | SCAN_ORDER: MX |
  MV | ML), no RGB_BGR bit (RGB order); common_init() sends INVON. The glass fills the
  controller's whole 240x320 RAM, so there is no offset. Here: rotation 1 (MX | MV; ML only
  sets the direction the panel refreshes in, not where pixels land) and offset (0, 0), which
  the driver turns into the same 0..319 / 0..239 window (host_tests/test_drivers_st7789.py).
- Backlight by PWM on GP20, as on the 1.14" pack (boards/pico_display_pack.py): Pimoroni's
  st7789.cpp common_init() gives the backlight pin to the PWM (GPIO_FUNC_PWM) and dims it with
  the duty (set_backlight), for this panel too. Made dark (duty_u16=0) until the first picture.
- Not sent here: the panel-specific voltage and gamma settings Pimoroni's common_init() adds for
  320x240 (GCTRL 0x35, VCOMS 0x1F, GMCTRP1/GMCTRN1 tables); the controller's reset values are
  used, as for the 1.14" pack, so colours may look a little different from Pimoroni's demos.
- 62.5 MHz SPI: ST7789V datasheet, serial write cycle >= 16 ns (Pimoroni's st7789.hpp uses the
  same SPI_BAUD, 62,500,000, on the RP2040).
- Clocks: as boards/pico_display_pack.py says: the RP2040's SPI gets at most clk_peri / 2, and
  machine.freq(cpu, cpu) runs clk_peri from the CPU's 125 MHz instead of 48 MHz.

Memory. The driver keeps one strip of 320 x 16 pixels in RGB565: 10,240 bytes (the 1.14"
pack's is 7,680); drivers/strip.py rows(320) = 16, so a full-width text row is one strip, as
there (rows(240) = 21, rows(40) = 128). A framebuffer of the screen would be 153,600 bytes in
RGB565, more than half the RP2040's 264 KB of RAM. Measured on the MicroPython VM with gc
disabled: making the display allocates 10,768 bytes (the strip and 528 for the rest), 2,560
more than the 1.14" pack's 8,208. On the emulated Pico (tools/pico, v1.26.1), booted, stopped
at the REPL and collected: 98,720 bytes free, against 101,456 with the 1.14" pack (2,736
less; the same firmware, deployed by tools.deploy). A whole screen on the bus: 15 strips,
15 x 11 + 153,600 = 153,765 bytes, about 20 ms of clock at 62.5 MHz.

Not verified on hardware here: the orientation (which long edge is up: turn the picture 180
degrees with rotation=3) and the colour order (bgr=True if red and blue swap).

Keys (4 buttons), as on the 1.14" pack; held landscape, A and B on the left edge, X and Y on
the right:
    X short: PREV (up)      Y short: NEXT (down)
    A short: OK             A long: MENU
    B short: BACK
No doubles: every short fires on release at once (or on press, for X and Y).
"""

import gc

from machine import PWM, SPI, WDT, Pin, Signal, freq

from drivers.st7789 import ST7789
from ui import keys

name = "Pimoroni Pico Display Pack 2.0 / 2.8"
layout = "color320x240"
mpy_arch = "armv6m"  # the RP2040's Cortex-M0+: deploy compiles ui/ink.py for it

# Clocks, before the SPI is made (its divider is worked out from clk_peri then): the CPU at
# 125 MHz and the peripheral clock equal to it, for the 62.5 MHz SPI (see the 1.14" pack's
# file). freq() with one argument would put clk_peri back to 48 MHz.
CPU_HZ = 125_000_000
freq(CPU_HZ, CPU_HZ)  # pyright: ignore[reportCallIssue]  (rp2's form; the stubs lack it)

gc.collect()  # right before the strip: the largest allocation, made first
display = ST7789(
    SPI(0, baudrate=62_500_000, sck=Pin(18), mosi=Pin(19)),
    dc=Pin(16, Pin.OUT, value=0),
    cs=Pin(17, Pin.OUT, value=1),
    rst=None,
    backlight=PWM(Pin(20, Pin.OUT, value=0), freq=1000, duty_u16=0),
    width=320, height=240, offset=(0, 0), rotation=1, invert=True, bgr=False,
)

button_names = ("A", "B", "X", "Y")
buttons = [Signal(Pin(n, Pin.IN, Pin.PULL_UP), invert=True) for n in (12, 13, 14, 15)]
keymap = (
    (keys.OK, keys.MENU, None),  # A
    (keys.BACK, None, None),  # B
    (keys.PREV, None, None),  # X
    (keys.NEXT, None, None),  # Y
)

data_dir = "/data"
# machine.WDT(timeout=ms); on the RP2040 the timeout can be at most 8388 ms.
watchdog = WDT


def remount():
    # After "no space" littlefs must be mounted afresh (drivers/osfs.py). rp2's own
    # modules/_boot.py mounts VfsLfs2(rp2.Flash(), progsize=256) at "/": the same again.
    import rp2
    import vfs

    vfs.umount("/")
    vfs.mount(vfs.VfsLfs2(rp2.Flash(), progsize=256), "/")
