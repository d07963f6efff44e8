"""Screen building blocks: a screen reacts to logical keys and draws itself with a Painter.

Screens hold what the user is choosing; every number they show comes from the core (through
the table's preview), never from arithmetic here.
"""

from ui import keys
from ui.strings import text


class Screen:
    title = ""

    def __init__(self, app):
        self.app = app

    def t(self, key):
        return text(key, self.app.lang)

    def actions(self) -> tuple:
        """((logical key, word key), ...) for the hint line, in the order to show them."""
        return ((keys.OK, "ok"), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        pass


class Choice(Screen):
    """A list of options with a cursor: NEXT/PREV move (wrapping), OK picks, BACK leaves.

    Subclasses give `options()` as [(label, value)] (or, for long lists, `count()` and
    `option(i)`, so only the visible rows are made) and `pick(value)`."""

    def __init__(self, app):
        super().__init__(app)
        self.cursor = 0

    def options(self):
        return []

    def count(self):
        return len(self.options())

    def option(self, i):
        return self.options()[i]

    def pick(self, value):
        pass

    def actions(self) -> tuple:
        return ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "ok"), (keys.BACK, "back"))

    def press(self, key):
        count = self.count()
        if key == keys.NEXT and count:
            self.cursor = (self.cursor + 1) % count
        elif key == keys.PREV and count:
            self.cursor = (self.cursor - 1) % count
        elif key == keys.OK and count:
            self.pick(self.option(self.cursor)[1])
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        p.line(0, self.heading(), color=p.accent)
        visible = p.rows - 2
        # options() once per frame, not once per row (each builds every label): unless the
        # screen pages its rows through count() and option(i).
        cls = type(self)
        items = (self.options() if cls.count is Choice.count and cls.option is Choice.option
                 else None)
        count = self.count() if items is None else len(items)
        first = min(max(0, self.cursor - visible + 1), max(0, count - visible))
        for row in range(min(visible, count - first)):
            i = first + row
            label = self.option(i)[0] if items is None else items[i][0]
            p.line(row + 1, label, 4, selected=i == self.cursor)

    def heading(self):
        return self.t(self.title)


class Confirm(Screen):
    """Asks before something that cannot be undone: OK does `action`, BACK leaves."""

    def __init__(self, app, question, word, action):
        super().__init__(app)
        self.question = question
        self.word = word
        self.action = action

    def actions(self):
        return ((keys.OK, self.word), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.OK:
            self.action()
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        p.line(0, self.question, color=p.accent)


class Notice(Screen):
    """A message to read: any of OK or BACK dismisses it."""

    def __init__(self, app, lines):
        super().__init__(app)
        self.lines = lines

    def actions(self):
        return ((keys.OK, "ok"),)

    def press(self, key):
        if key in (keys.OK, keys.BACK):
            self.app.pop()

    def draw(self, p):
        row = 0
        for line in self.lines:
            for part in wrap(p, line):
                if row < p.rows - 1:
                    p.line(row, part)
                    row += 1


def wrap(p, s):
    """`s` cut into pieces that fit the screen's width, at spaces or anywhere."""
    pieces = []
    while s and not p.fits(s):
        cut = len(s) - 1
        while cut > 1 and not p.fits(s[:cut]):
            cut -= 1
        space = s.rfind(" ", 0, cut + 1)
        if space > cut // 2:
            cut = space
        pieces.append(s[:cut].rstrip())
        s = s[cut:].lstrip()
    if s:
        pieces.append(s)
    return pieces


def signed(value):
    return "+{}".format(value) if value > 0 else ("−{}".format(-value) if value < 0 else "0")
