"""A display and buttons that exist only in memory: the simulated board, the tests, the host
simulator. The display is a plain framebuf.FrameBuffer with the same methods as the real
drivers (show, sleep, wake) and the same pixel formats, so a screenshot of it is what a panel
would show:

    layout "color240x135": GS4_HMSB, 16,200 bytes, colours through drivers.st7789's table
    layout "mono128x64":   MONO_VLSB (as micropython-lib's ssd1306), 1,024 bytes
"""

import framebuf

from drivers.st7789 import DEFAULT_PALETTE, rgb565

COLOR = "color240x135"
MONO = "mono128x64"


class SimDisplay(framebuf.FrameBuffer):
    def __init__(self, layout=COLOR):
        if layout == COLOR:
            self.width, self.height = 240, 135
            self.buffer = bytearray(120 * 135)
            fmt = framebuf.GS4_HMSB
        elif layout == MONO:
            self.width, self.height = 128, 64
            self.buffer = bytearray(128 * 64 // 8)
            fmt = framebuf.MONO_VLSB
        else:
            raise ValueError(layout)
        super().__init__(self.buffer, self.width, self.height, fmt)
        self.layout = layout
        self.palette = [rgb565(*c) for c in DEFAULT_PALETTE]
        self.shows = 0  # how many times show() was called
        self.asleep = False
        if layout == COLOR:
            # As on the boards: the ST7789 driver can send just what changed, micropython-lib's
            # SSD1306 only its whole buffer (App.render asks which).
            self.show_rects = self._show_rects

    def show(self):
        self.shows += 1

    def _show_rects(self, rects):
        """As the ST7789 driver's: send just these boxes, flat [x0, y0, x1, y1, ...] (here:
        count a show)."""
        self.shows += 1

    def sleep(self):
        self.asleep = True

    def wake(self):
        self.asleep = False


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
