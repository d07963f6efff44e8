"""Drawing a screen on either layout: rows of 16 px text, a selection bar, the button hints.

colour 240x135: 8 rows (the last is the hints), a 7 px margin shared out top and bottom;
mono 128x64: 4 rows. Screens say what goes in which row; this class knows the colours and
the geometry, so a screen never touches pixels and looks right on both layouts.
"""

from ui import text

COLOR = "color240x135"
MONO = "mono128x64"

# Colour indices of the ST7789 driver's table (drivers/st7789.py). On mono only 0 and 1 exist.
_BLACK = 0
_WHITE = 1
_GREY = 2
_RED = 4
_GREEN = 5
_BLUE = 6
_GOLD = 14


class Painter:
    def __init__(self, fb, layout):
        self.fb = fb
        self.mono = layout == MONO
        if self.mono:
            self.width, self.height, self.top = 128, 64, 0
        else:
            self.width, self.height, self.top = 240, 135, 3
        self.rows = (self.height - self.top) // text.HEIGHT
        # mono: everything is white on black, the selection is inverted.
        self.ink = _WHITE
        self.dim = _WHITE if self.mono else _GREY
        self.accent = _WHITE if self.mono else _GOLD
        self.good = _WHITE if self.mono else _GREEN
        self.bad = _WHITE if self.mono else _RED
        self.bar = _WHITE if self.mono else _BLUE

    def clear(self):
        self.fb.fill(_BLACK)

    def y(self, row):
        return self.top + row * text.HEIGHT

    def line(self, row, s, x=0, color=None, selected=False):
        """Text in `row` from `x`; a selected line gets the bar across the screen."""
        y = self.y(row)
        ink = self.ink if color is None else color
        if selected:
            self.fb.fill_rect(0, y, self.width, text.HEIGHT, self.bar)
            ink = _BLACK if self.mono else _WHITE
        return text.draw(self.fb, s, x, y, ink)

    def right(self, row, s, color=None, selected=False):
        """Right-aligned text in `row` (over a bar already drawn by line(), if selected)."""
        ink = self.ink if color is None else color
        if selected:
            ink = _BLACK if self.mono else _WHITE
        text.draw(self.fb, s, self.width - text.width(s), self.y(row), ink)

    def signed(self, value):
        """The colour for a gain or a loss."""
        return self.good if value > 0 else (self.bad if value < 0 else self.ink)

    def big(self, row, s, scale, color=None):
        """Large text from `row`, centred: the multiplier on the play screen."""
        x = (self.width - text.width(s, scale)) // 2
        text.draw(self.fb, s, x, self.y(row), self.accent if color is None else color, scale)

    def hints(self, s):
        """The last row: what the buttons do on this screen."""
        row = self.rows - 1
        if not self.mono:
            self.fb.hline(0, self.y(row) - 1, self.width, self.dim)
        text.draw(self.fb, s, 0, self.y(row), self.dim)

    def fits(self, s):
        return text.width(s) <= self.width
