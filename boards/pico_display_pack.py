"""Raspberry Pi Pico (RP2040) + Pimoroni Pico Display Pack: ST7789 1.14" IPS 240x135, buttons
A B X Y. Deploy as /board.py. Data, not logic: the contract is in boards/README.md.

Where the facts come from
- SPI0 SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20: pimoroni-pico
  common/pimoroni_common.hpp (SPI_DEFAULT_SCK 18, SPI_DEFAULT_MOSI 19, SPI_DEFAULT_DC 16,
  SPI_BG_FRONT_CS 17, SPI_BG_FRONT_PWM 20), the defaults Pimoroni's PicoGraphics uses for
  DISPLAY_PICO_DISPLAY. No reset line is wired: the driver's SWRESET does the job.
- Buttons A GP12, B GP13, X GP14, Y GP15, active low: pimoroni-pico
  libraries/pico_display/pico_display.hpp (PICO_DISPLAY_BUTTON_A..Y); the same numbers in
  32blit-sdk 32blit-pico/board/pico_display config.h. Pimoroni's Button class reads them with
  the internal pull-up, pressed = low.
- Panel window: pimoroni-pico drivers/st7789/st7789.cpp, 240x135 case: MADCTL 0x70
  (MX | MV | ML) with columns 40..279 and rows 53..187, INVON. Here: rotation 1 (MX | MV) and
  the panel's native offset (52, 40), which the driver turns into the same 40 / 53 window.
- Backlight by PWM on GP20 (slice 2, channel A; every RP2040 GPIO has a PWM output: RP2040
  datasheet, PWM chapter, GPIO-to-slice table): pimoroni-pico drivers/st7789/st7789.cpp sets
  the backlight pin to GPIO_FUNC_PWM and dims it with the duty (set_backlight). Made dark
  (duty_u16=0) with machine.PWM's constructor keywords; 1 kHz as in Waveshare's demos.
- 62.5 MHz SPI: ST7789V datasheet, serial write cycle >= 16 ns.
- Clocks: the RP2040's SPI (an ARM PL022) clocks out at most clk_peri / 2 as a master (RP2040
  datasheet, SPI chapter), and MicroPython's rp2 runs clk_peri at 48 MHz; machine.freq(cpu,
  cpu) runs it from clk_sys instead. Measured on the emulated Pico (tools/pico) with v1.24.1,
  v1.26.1 and v1.28.0: SPI 24 MHz with the default clocks, 62.5 MHz with these.

Keys (4 buttons). Held landscape, A and B are on the left edge, X and Y on the right:
    X short: PREV (up)      Y short: NEXT (down)
    A short: OK             A long: MENU
    B short: BACK
No doubles: every short fires on release at once (or on press, for X and Y).
"""

import gc

from machine import PWM, SPI, WDT, Pin, Signal, freq

from drivers.st7789 import ST7789
from ui import keys

name = "Pimoroni Pico Display Pack"
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
    SPI(0, baudrate=62_500_000, sck=Pin(18), mosi=Pin(19)),
    dc=Pin(16, Pin.OUT, value=0),
    cs=Pin(17, Pin.OUT, value=1),
    rst=None,
    backlight=PWM(Pin(20, Pin.OUT, value=0), freq=1000, duty_u16=0),
    width=240, height=135, offset=(52, 40), rotation=1, invert=True, bgr=False,
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
