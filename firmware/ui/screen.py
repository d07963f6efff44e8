"""Screen building blocks: a screen reacts to logical keys and draws itself with a Painter.

Screens hold what the user is choosing; every number they show comes from the core (through
the table's preview), never from arithmetic here.
"""

from core.money import text as money_text
from ui import keys
from ui.strings import text

# The commonest hint actions, made once: a screen asks for its actions on every press.
_OK_BACK = ((keys.OK, "ok"), (keys.BACK, "back"))
_CHOICE = ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "ok"), (keys.BACK, "back"))


class Screen:
    title = ""
    hint_rows = 1  # rows at the bottom for the button hints
    lasts_ms = 0  # a passing message goes by itself after this long on screen (0: stays)

    def __init__(self, app):
        self.app = app

    def t(self, key):
        return text(key, self.app.lang)

    def seat_names(self):
        """The players' names by seat in the hand this screen enters (its `draft`, if it
        has one), else in the next hand: with a roster they change from hand to hand."""
        return self.app.table.seat_names(getattr(self, "draft", None))

    def actions(self) -> tuple:
        """((logical key, word key), ...) for the hint line, in the order to show them."""
        return _OK_BACK

    def press(self, key):
        if key == keys.BACK:
            self.app.pop()

    def hurried(self, key) -> bool:
        """A key pressed before this screen could be read (ui/app.py GLANCE_MS): whether
        the screen dealt with it here; if not, press() takes it as any key. A screen
        whose key would do what cannot be seen undone takes it here (and drops it)."""
        return False

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
        return _CHOICE

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
        p.line(0, p.clip(self.heading()), 0, p.accent)
        visible = p.rows - 1 - self.hint_rows
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
            p.line(row + 1, p.clip(label, p.width - 4), 4, None, i == self.cursor)

    def heading(self):
        return self.t(self.title)


class Confirm(Choice):
    """Asks before something that cannot be undone: OK does `action`, BACK leaves.

    With `keep` (a word key, such as "keep") it is a choice between keeping, where the
    cursor starts, and `word`: the action needs a move to its row first, so that pressing
    OK twice from the screen before never does it (deleting an archive)."""

    def __init__(self, app, question, word, action, keep=None):
        super().__init__(app)
        self.question = question
        self.word = word
        self.action = action
        self.keep = keep

    def heading(self):
        return self.question

    def options(self):
        if self.keep is None:
            return []
        return [(self.t(self.keep), False), (self.t(self.word), True)]

    def actions(self):
        if self.keep is None:
            return ((keys.OK, self.word), (keys.BACK, "back"))
        return super().actions()

    def hurried(self, key) -> bool:
        # An OK in the same breath as the one that asked: not an answer to the question.
        return key == keys.OK and self.keep is None

    def press(self, key):
        if self.keep is not None:
            super().press(key)
        elif key == keys.OK:
            self.action()
        elif key == keys.BACK:
            self.app.pop()

    def pick(self, value):
        if value:
            self.action()
        else:
            self.app.pop()

    def draw(self, p):
        if self.keep is not None:
            super().draw(p)
        else:
            p.line(0, self.question, color=p.accent)


# How long a passing message (a refused bomb) stays when no key takes it away: read at a
# glance, and gone before the next bomb is likely to land.
PASSING_MS = 3000


class Notice(Screen):
    """A message to read. Any key takes it away, and a key that means something on the
    screen beneath acts there as well: a bomb pressed while "no such bomb" is shown is a
    bomb. OK and BACK only take it away (they are the message's own keys). A `passing`
    message also goes by itself after PASSING_MS."""

    def __init__(self, app, lines, passing=False):
        super().__init__(app)
        self.lines = lines
        if passing:
            self.lasts_ms = PASSING_MS

    def actions(self):
        return ((keys.OK, "ok"),)

    def press(self, key):
        app = self.app
        app.pop()
        if key not in (keys.OK, keys.BACK) and app.stack[-1] is not self:
            app.press(key)

    def draw(self, p):
        row = 0
        for line in self.lines:
            for part in wrap(p, line):
                if row < p.rows - 1:
                    p.line(row, part)
                    row += 1


class Paged(Screen):
    """A screen of lines that may not all fit (a hand's changes and breakdown): MENU shows
    the next page of them, where there is more than one."""

    pages = 1
    page = 0

    def more(self, actions):
        """`actions` with MENU "more" added when the lines take more than one page."""
        return actions + ((keys.MENU, "next_page"),) if self.pages > 1 else actions

    def turn(self, key):
        """Whether `key` turned the page."""
        if key == keys.MENU and self.pages > 1:
            self.page = (self.page + 1) % self.pages
            return True
        return False

    def draw_lines(self, p, lines, first=1, x=0):
        """[(line, colour)] from row `first` down to the hints, a page at a time, from `x`."""
        room = p.rows - self.hint_rows - first
        self.pages = max(1, (len(lines) + room - 1) // room)
        if self.page >= self.pages:
            self.page = 0
        start = self.page * room
        for row, (line, color) in enumerate(lines[start:start + room]):
            p.line(first + row, line, x, color)


_NUMBER = "0123456789.+-−"  # what a number is written with: never cut inside one


def _most_that_fit(p, s, room):
    """How many characters of `s` (which does not fit) fit in `room` px; 1 when none do. A
    halving search: a prefix is never wider than a longer one, and each look measures a
    prefix (a long breakdown line was measured once per character before)."""
    fit, over = 1, len(s)  # fit: at least (or the floor), over: does not fit
    while over - fit > 1:
        mid = (fit + over) // 2
        if p.fits(s[:mid], room):
            fit = mid
        else:
            over = mid
    return fit


def wrap(p, s, room=0):
    """`s` cut into pieces that fit `room` px (the screen's width), at spaces or anywhere,
    but never inside a number ("乙+2457" / "6" once read as two numbers) nor at a space in
    brackets ("4(硬" / "炸)": a factor's name goes whole to the next line, "4(hard bomb)"):
    one that would be cut goes to the next line whole, with the word before it where a
    space allows."""
    pieces = []
    while s and not p.fits(s, room):
        cut = _most_that_fit(p, s, room)
        space = _space_before(s, cut + 1)
        if s[cut] in _NUMBER and s[cut - 1] in _NUMBER:
            start = cut
            while start > 0 and s[start - 1] in _NUMBER:
                start -= 1
            if space > 0 or start > 0:
                cut = space if space > 0 else start
        elif space > 0 and (space > cut // 2 or "(" in s[space:cut]):
            cut = space  # at a space; before a bracket that would be cut, however early
        pieces.append(s[:cut].rstrip())
        s = s[cut:].lstrip()
    if s:
        pieces.append(s)
    return pieces


def _space_before(s, end):
    """The index of the last space in s[:end] outside brackets, or -1."""
    depth = 0
    found = -1
    for i in range(end):
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif c == " " and not depth:
            found = i
    return found


def signed(value, scale=1):
    """An amount with its sign, "+12", "−3"; at a table of hundredths (a unit with decimals,
    core/money.py) with two decimals, "+1.50"."""
    return money_text(value, scale, "+", "−")


def short(value, scale, lang, digits):
    """An amount of 10,000 or more, signed, in fewer characters for a narrow cell (the 128x64
    table screen), to `digits` decimals (1 or 0): "+1.6万" / "+2万" in Chinese, "+16.4k" /
    "+16k" in English, rounded half up. A smaller amount is signed() whole."""
    whole = abs(value) // scale
    if whole < 10000:
        return signed(value, scale)
    unit, size = ("万", 10000) if lang == "zh" else ("k", 1000)
    step = size // 10 if digits else size
    n = (whole + step // 2) // step
    number = "{}.{}".format(n // 10, n % 10) if digits else str(n)
    return ("−" if value < 0 else "+") + number + unit
