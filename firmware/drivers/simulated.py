"""A display and buttons that exist only in memory: the simulated board, the tests, the host
simulator. The displays take what the app draws as the real drivers do and keep what a
panel would show, so a screenshot of them is what the panel would show:

    SimPanel (colour 240x135, or SimPanel(320, 240)): strips as drivers.st7789 takes them
        (drivers/strip.py), copied into `buffer`, the panel's RAM: RGB565, 2 bytes a pixel,
        high byte first
    SimOled (mono 128x64): a MONO_VLSB FrameBuffer of 1,024 bytes, as micropython-lib's
        ssd1306 is
"""

import framebuf

from drivers.strip import StripDisplay

COLOR = "color240x135"
LARGE = "color320x240"
MONO = "mono128x64"


class _Shown:
    """What both simulated displays do besides holding pixels: count frames, sleep, wake,
    dim (`brightness`, percent: what the backlight or the contrast would be)."""

    shows = 0  # frames finished (show() calls)
    asleep = False
    brightness = 100

    def set_brightness(self, percent):
        self.brightness = percent

    def show(self):
        self.shows += 1

    def sleep(self):
        self.asleep = True

    def wake(self):
        self.asleep = False


class SimPanel(_Shown, StripDisplay):
    def __init__(self, width=240, height=135):
        super().__init__(width, height)
        self.layout = "color{}x{}".format(width, height)
        self.buffer = bytearray(width * height * 2)  # the panel's RAM (not the board's)

    def send(self):
        ram = self.buffer
        pixels = self.strip_bytes()
        row = 2 * self.box_w
        at = 2 * (self.box_y * self.width + self.box_x)
        for k in range(0, len(pixels), row):
            ram[at:at + row] = pixels[k:k + row]
            at += 2 * self.width


class SimOled(_Shown, framebuf.FrameBuffer):
    def __init__(self):
        self.width, self.height = 128, 64
        self.layout = MONO
        self.buffer = bytearray(128 * 64 // 8)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


def sim_display(layout):
    """The simulated display of a layout."""
    if layout == COLOR:
        return SimPanel()
    if layout == LARGE:
        return SimPanel(320, 240)
    if layout == MONO:
        return SimOled()
    raise ValueError(layout)


class SimButton:
    """A button a script presses: press(), release(), or set `down`."""

    def __init__(self, name):
        self.name = name
        self.down = False

    def pressed(self):
        return self.down

    def press(self):
        self.down = True

    def release(self):
        self.down = False
