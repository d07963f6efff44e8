"""Colour panels drawn one strip at a time: no framebuffer of the whole screen.

The painter (ui/paint.py) keeps what the screen shows as a short list of drawing operations,
so it can redraw any box of the screen whenever it likes. A colour panel's driver therefore
keeps no picture: for each box that changed the painter asks for strip(x, y, w, h), a
framebuf.FrameBuffer of just that box in RGB565, draws into it with the colours of
`colors`, and calls send(); the driver puts the box on the panel (the ST7789 in one
CASET/RASET/RAMWR window). One buffer of width x STRIP_ROWS pixels is all the RAM it takes:

    240 x 135: the strip, 7,680 bytes; two of them (15,360) where the driver sends one while
               the painter draws the next (the ST7789 on rp2, by DMA) (a 4-bit framebuffer
               and its RGB565 line buffer were
               16,680; an RGB565 framebuffer of the screen would be 64,800)

Pixels go out as they were drawn, with nothing to convert: colors[] holds the colour table
already in the panel's byte order (RGB565, high byte first; framebuf stores a pixel low byte
first). Converting a 4-bit framebuffer through a palette blit cost ~150 fuel a pixel sent on
the VM, the largest part of a screen change; drawing straight into RGB565 costs about what
drawing into 4 bits did (white text about a quarter more: it needs the palette here too).

Where the heap has no piece for the whole strip (a Pico with some 32 KB left to the
scorekeeper, say), the display takes one of fewer rows (8, 4, down to 1) rather than fail:
the painter and ui/launch.py draw in whatever rows(w) says, so the screen is the same, drawn
in more strips, and the player reads why the app cannot start where it cannot
(docs/boards.md, When it stops).

A subclass says where the strip goes: send().
"""

import framebuf
from micropython import const

STRIP_ROWS = const(16)  # one text row: most boxes the painter sends are one strip


def rgb565(r, g, b):
    """16-bit colour from 8-bit r, g, b."""
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


# The colour table: index 0 is black (background) and 1 is white (foreground), so a screen
# drawn with colours 0 and 1 looks the same on the mono 128x64 layout. The painter names the
# others through their indices.
DEFAULT_PALETTE = (
    (0, 0, 0), (255, 255, 255), (128, 128, 128), (64, 64, 64),
    (230, 40, 40), (40, 200, 70), (50, 110, 240), (250, 220, 40),
    (250, 140, 20), (40, 210, 220), (220, 60, 200), (120, 10, 10),
    (10, 90, 30), (10, 30, 100), (200, 160, 40), (192, 192, 192),
)


def _largest_strip(width):
    """A strip of STRIP_ROWS rows, or fewer where the heap has no piece that large: halved
    until one fits (one row at the least, 2 x width bytes): the display is made all the same,
    to draw the app in more strips or to say why it cannot start (ui/launch.py). Only where
    not even one row fits is the MemoryError left to say it."""
    rows = STRIP_ROWS
    while True:
        try:
            return bytearray(2 * width * rows)
        except MemoryError:
            if rows == 1:
                raise
            rows >>= 1


class StripDisplay:
    def __init__(self, width, height, palette=DEFAULT_PALETTE, strips=1):
        self.width = width
        self.height = height
        # The strip first, while the heap is least fragmented (DESIGN: allocate it first).
        # strips=2: a driver that sends a strip in the background (the ST7789 with rp2.DMA)
        # has the painter draw the next strip into the other one meanwhile (_turn()).
        self._strips = []
        self._views = []
        self._bands = []
        buf = _largest_strip(width)
        self._rows = len(buf) // (2 * width)
        self._add_strip(buf)
        if strips == 2:
            self._add_strip(bytearray(len(buf)))  # the second the size of the first
        self._k = 0  # the strip drawn into now
        self._strip = self._strips[0]
        self._pixels = self._views[0]
        self._band = self._bands[0]
        self._fb = self._band  # the FrameBuffer strip() last handed out
        self.colors = [0] * 16
        for i in range(16):
            r, g, b = palette[i] if i < len(palette) else (0, 0, 0)
            self.set_color(i, r, g, b)
        # The box of the strip last handed out: what send() sends.
        self.box_x = self.box_y = self.box_w = self.box_h = 0

    def _add_strip(self, buf):
        self._strips.append(buf)
        self._views.append(memoryview(buf))
        # The full-width strip is most of what is sent: its FrameBuffer is made once.
        self._bands.append(framebuf.FrameBuffer(buf, self.width, self._rows, framebuf.RGB565))

    def set_color(self, index, r, g, b):
        """Set colour `index` (0..15) to 8-bit r, g, b (for strips asked for from now on)."""
        c = rgb565(r, g, b)
        self.colors[index] = (c & 0xFF) << 8 | c >> 8

    def color_of(self, index):
        """The RGB565 value of colour `index`."""
        c = self.colors[index]
        return (c & 0xFF) << 8 | c >> 8

    def rows(self, w):
        """How many rows of a box w pixels wide one strip holds."""
        return len(self._strip) // (2 * w)

    def strip(self, x, y, w, h):
        """A FrameBuffer for the box of w x h pixels at (x, y), h <= rows(w), whose pixel
        (0, 0) is the screen's (x, y); send() puts it on the screen. Its content is left
        over from the last strip: the painter clears it first."""
        self.box_x = x
        self.box_y = y
        self.box_w = w
        self.box_h = h
        if w == self.width and h == self._rows:
            fb = self._band
        else:
            fb = framebuf.FrameBuffer(self._strip, w, h, framebuf.RGB565)
        self._fb = fb
        return fb

    def clear(self, color):
        """Fill the last strip handed out with `color` (a value of `colors`): what the
        painter does first. A driver may do it faster (the ST7789 on rp2: by DMA)."""
        self._fb.fill(color)

    def _turn(self):
        """Draw the next strip into the other buffer (the one just sent is still going out)."""
        k = self._k = 1 - self._k
        self._strip = self._strips[k]
        self._pixels = self._views[k]
        self._band = self._bands[k]

    def strip_bytes(self):
        """The pixels of the last strip, row after row: 2 bytes each, high byte first."""
        return self._pixels[:2 * self.box_w * self.box_h]
