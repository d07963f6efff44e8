"""Raspberry Pi Pico + Waveshare Pico-LCD-1.14: ST7789V 1.14" IPS 240x135, a 5-way joystick and
keys A and B. Deploy as /board.py. Data, not logic: the contract is in boards/README.md.

Where the facts come from
- SPI1 CLK GP10, DIN GP11, CS GP9, DC GP8, RST GP12, BL GP13; joystick UP GP2, CTRL (centre)
  GP3, DOWN GP18, RIGHT GP20; key A GP15, key B GP17: the pin table of the Waveshare wiki
  (https://www.waveshare.com/wiki/Pico-LCD-1.14) as reproduced in Zephyr's shield
  documentation boards/shields/waveshare_pico_lcd_1_14/doc/index.rst.
- Joystick LEFT GP16: Waveshare's demo code for this board (KEY LEFT = Pin(16, Pin.IN,
  Pin.PULL_UP), also in programs derived from it); Zephyr's table leaves LEFT out.
- All keys active low with the RP2040's internal pull-up: the same demo code.
- Panel window: Waveshare's demo driver (LCD_1inch14) sends MADCTL 0x70, columns 40..279,
  rows 53..187, INVON: here rotation 1 and native offset (52, 40), the same window.
- Backlight by PWM on GP13 (slice 6, channel B; every RP2040 GPIO has a PWM output: RP2040
  datasheet, PWM chapter): Waveshare's demo code drives BL = 13 with PWM(Pin(BL)),
  freq(1000), duty_u16(32768). Here made dark (duty_u16=0) until the first picture.
- Clocks and the 62.5 MHz SPI: as for the Pico Display Pack (boards/pico_display_pack.py).

Keys (7 inputs; joystick held with the screen landscape):
    up: PREV     down: NEXT     left: BACK     right: OK     centre: OK, long: MENU
    key A: OK    key B: BACK, long: MENU
"""

import gc

from machine import PWM, SPI, WDT, Pin, Signal, freq

from drivers.st7789 import ST7789
from ui import keys

name = "Waveshare Pico-LCD-1.14"
layout = "color240x135"
mpy_arch = "armv6m"  # the RP2040's Cortex-M0+: deploy compiles ui/ink.py for it

# Clocks, before the SPI is made (its divider is worked out from clk_peri then): the CPU at
# 125 MHz and the peripheral clock equal to it. MicroPython's rp2 runs clk_peri from the
# 48 MHz USB PLL, where SPI gets 24 MHz at most (clk_peri / 2); from clk_sys it gets the
# 62.5 MHz the panel takes. (freq() with one argument would put clk_peri back to 48 MHz.)
CPU_HZ = 125_000_000
freq(CPU_HZ, CPU_HZ)  # pyright: ignore[reportCallIssue]  (rp2's form; the stubs lack it)

gc.collect()  # right before the framebuffer: the largest allocation, made first
display = ST7789(
    SPI(1, baudrate=62_500_000, sck=Pin(10), mosi=Pin(11)),
    dc=Pin(8, Pin.OUT, value=0),
    cs=Pin(9, Pin.OUT, value=1),
    rst=Pin(12, Pin.OUT, value=1),
    backlight=PWM(Pin(13, Pin.OUT, value=0), freq=1000, duty_u16=0),
    width=240, height=135, offset=(52, 40), rotation=1, invert=True, bgr=False,
)

button_names = ("up", "down", "left", "right", "ctrl", "A", "B")
buttons = [Signal(Pin(n, Pin.IN, Pin.PULL_UP), invert=True) for n in (2, 18, 16, 20, 3, 15, 17)]
keymap = (
    (keys.PREV, None, None),  # up
    (keys.NEXT, None, None),  # down
    (keys.BACK, None, None),  # left
    (keys.OK, None, None),  # right
    (keys.OK, keys.MENU, None),  # ctrl (press the joystick)
    (keys.OK, None, None),  # A
    (keys.BACK, keys.MENU, None),  # B
)

data_dir = "/data"
watchdog = WDT  # RP2040: timeout at most 8388 ms


def remount():
    # After "no space" littlefs must be mounted afresh (drivers/osfs.py). rp2's own
    # modules/_boot.py mounts VfsLfs2(rp2.Flash(), progsize=256) at "/": the same again.
    import rp2
    import vfs

    vfs.umount("/")
    vfs.mount(vfs.VfsLfs2(rp2.Flash(), progsize=256), "/")
