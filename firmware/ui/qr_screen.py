"""The settlement as a QR code, for a phone's camera or WeChat: the totals and who pays whom
as plain text in the UI's language, opened with OK on the settlement screen.

The text is what the settlement screen says, a line each: the game and the hands played,
each player's total, each transfer (or 两清). Every number is the table's (its totals and
Table.settlement()); this module only words and lays them out.

The code is as large as the panel allows at a module size a camera reads from a hand's
length away (about 0.3 mm: 3 px on the 1.14" and 2.0"/2.8" colour panels, 2 px on the
0.96" 128x64 OLED), with the lowest error correction (a screen is not a scuffed label): the
largest version that fits the panel's height then holds 134 bytes on 240x135 (version 6),
458 on 320x240 (14) and 53 on 128x64 (3, with a margin of one module; its text compact:
qr_text.fitted). A text longer than that is cut into pages, at the ends of lines, each page
a code of its own that starts with "1/3", "2/3" …; NEXT and PREV turn them. Imported when
first opened, let go again on a small heap (ui/modules.py).
"""

from ui import keys, qr
from ui.qr_text import LEVEL, MODULE_PX, QUIET, QUIET_PX, fitted, version_for
from ui.screen import Screen


class _Code:
    """A QR code as the painter draws it (Painter.picture): its dark modules as runs along
    each row, `module` px a module, after a quiet zone. Runs are kept as bytes (row, first
    column, length), three a run: a version 6 code has some 500 of them."""

    def __init__(self, code, module, quiet):
        self.module = module
        self.quiet = quiet
        runs = bytearray()
        for y, x, n in code.rows():
            runs.append(y)
            runs.append(x)
            runs.append(n)
        self.runs = bytes(runs)
        self.side = (code.size + 2 * quiet) * module

    def draw(self, fb, x, y, color, rows):
        m = self.module
        x += self.quiet * m
        y += self.quiet * m
        runs = self.runs
        fill = fb.fill_rect
        # A strip (rows > 0) shows only some rows of modules: skip the runs above it and
        # stop below it (runs come row by row).
        first = (-y) // m if rows and y < 0 else 0
        for i in range(0, len(runs), 3):
            r = runs[i]
            if r < first:
                continue
            top = y + r * m
            if rows and top >= rows:
                break
            fill(x + runs[i + 1] * m, top, runs[i + 2] * m, m, color)


class QrScreen(Screen):
    """The code on the left, as tall as the panel; beside it what it is, the page and the
    buttons (this screen lays out its own hints: the code needs the whole height)."""

    hint_rows = 0

    def __init__(self, app):
        super().__init__(app)
        p = app.painter
        self.module = MODULE_PX.get(p.layout, 2)
        self.quiet = QUIET_PX.get(p.layout, QUIET)
        self.version = version_for(p.height, self.module, self.quiet)
        self.pages = fitted(app.table, self.t, app.fees(), qr.capacity(self.version, LEVEL),
                            p.mono)
        self.page = 0
        self._code = None  # (page, _Code) of the page on the screen

    def actions(self):
        if len(self.pages) > 1:
            return ((keys.NEXT, "next_page"), (keys.PREV, "prev_page"), (keys.BACK, "back"))
        return ((keys.BACK, "back"),)

    def press(self, key):
        count = len(self.pages)
        if key == keys.NEXT:
            self.page = (self.page + 1) % count
        elif key == keys.PREV:
            self.page = (self.page - 1) % count
        elif key in (keys.BACK, keys.OK):
            self.app.pop()

    def code(self):
        """The current page's code, made once per page turned to."""
        if self._code is None or self._code[0] != self.page:
            made = qr.encode(self.pages[self.page], LEVEL, max_version=self.version)
            # A short text makes a small code: its modules grow to fill the height (larger
            # modules read from further away).
            module = max(self.module, self.app.painter.height // (made.size + 2 * self.quiet))
            self._code = (self.page, _Code(made, module, self.quiet))
        return self._code[1]

    def draw(self, p):
        code = self.code()
        side = code.side
        p.picture(0, 0, side, side, code)
        x = side + 4
        head = self.t("settle")
        if len(self.pages) > 1:
            page = "{}/{}".format(self.page + 1, len(self.pages))
            # The page number matters more than the title where both do not fit (128x64)
            both = head + " " + page
            head = both if p.clip(both, p.width - x) == both else page
        p.at(x, p.y(0), p.clip(head, p.width - x), color=p.accent)
        # The buttons, one a row from the bottom up (128x64 has room for three).
        parts = [self.app.hint_part(k, word) for k, word in self.actions()]
        row = p.rows - 1
        for part in reversed([part for part in parts if part]):
            if row > 0:
                p.at(x, p.y(row), p.clip(part, p.width - x), color=p.dim)
            row -= 1
