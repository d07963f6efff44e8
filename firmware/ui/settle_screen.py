"""The settlement: who pays whom, in the fewest transfers (core/settle.py through the
table), or for 升级 who won and the levels. Opened from the menu or the end of an evening, in
a module of its own: the menu's module is imported on every evening's first menu, late, on a
heap the evening has cut into pieces, and is kept small for it (a 1,280-byte piece was found
missing there on the emulated Pico)."""

from core.money import CENT, unit_text
from core.money import text as money_text
from ui import keys
from ui.screen import Notice, Paged, wrap
from ui.text import width as text_width

_INDENT = 4  # px: the settlement's lines under its title


class SettleScreen(Paged):
    """Who pays whom, in the fewest transfers, a page at a time where they do not all fit
    (NEXT turns it: on 128x64 the menu's button is OK's, and both would not fit the hint
    row); OK shows it as a QR code for a phone (not in 升级: nothing to pay). Beans: the
    fees, each player's own, on one line after them. A line too long for the width says
    "甲→乙 12360" for "甲 pays 乙 12360": an amount is never cut off; a longer one (the
    fees) is wrapped, never inside a number."""

    def __init__(self, app):
        super().__init__(app)
        self._lines = None  # worked out once: beans read every hand for the fees

    @property
    def hint_rows(self):
        # 128x64: a settlement of more than one page names OK, the next page and the way
        # back, which one row of 16 characters does not hold (in either language).
        p = self.app.painter
        lines = self._lines
        return 2 if p.mono and lines is not None and len(lines) > p.rows - 2 else 1

    def actions(self):
        pages = ((keys.NEXT, "next_page"),) if self.pages > 1 else ()
        if self.app.table.game == "shengji":
            return ((keys.BACK, "back"),) + pages
        return ((keys.OK, "qr"),) + pages + ((keys.BACK, "back"),)

    def press(self, key):
        if key == keys.NEXT and self.pages > 1:
            self.page = (self.page + 1) % self.pages
            return
        if key == keys.OK and self.app.table.game != "shengji":
            app = self.app
            if app.lean:  # the code's planes need kilobytes in one piece
                app.make_room()
            # Making the code takes about a second on a Pico (choosing its mask): the screen
            # says so meanwhile.
            app.push(Notice(app, [app.t("making_qr")]))
            app.render()
            qr_screen = _qr_screen(app)
            if qr_screen is None and not app.lean:
                # A heap that keeps everything can lie in pieces too (deployed as .mpy files,
                # a Pico's does late in an evening): what the evening left scattered is given
                # back, as a small heap's is before it, and the code made once more.
                app.make_room()
                qr_screen = _qr_screen(app)
            if qr_screen is None:  # no room left in one piece: say so, and stay
                app.replace(Notice(app, [app.t("qr"), app.t("err_memory")]))
                return
            app.replace(qr_screen)
        else:
            super().press(key)

    def draw(self, p):
        table = self.app.table
        title = self.t("settle")
        if table.unit != CENT:  # what a point is worth, where the amounts are read
            unit = self.t("unit_is").format(unit_text(table.unit))
            if p.fits(title + "  " + unit):
                p.right(0, unit, color=p.accent)
            else:  # 128 px in English: the "pays" lines say what this screen is
                title = unit
        p.line(0, title, color=p.accent)
        if self._lines is None:
            self._lines = self._levels(table, p) if table.game == "shengji" else [
                (part, None) for line in self._settled(table, p)
                for part in wrap(p, line, p.width - _INDENT)]
        self.draw_lines(p, self._lines, 1, _INDENT)

    def _levels(self, table, p):
        """升级 has nothing to pay: who won, or the levels as they stand (not "all square")."""
        from core.profiles import LEVELS
        from ui.table_screen import TEAMS, team_won

        state = table.state
        lines = [] if state["winner"] is None else [
            (team_won(self, table, state["winner"]), p.accent)]
        for team, seats in enumerate(TEAMS):
            lines.append(("{} {}".format("·".join(table.names[s] for s in seats),
                                         LEVELS[state["levels"][team]]), None))
        return lines

    def _settled(self, table, p):
        names = table.names
        lines = []
        fees = []
        for payer, payee, amount in table.settlement(self.app.fees()):
            if payee < 0:  # the house: each player's fee, one line for them all
                fees.append((names[payer], amount))
                continue
            money = money_text(amount, table.scale)
            line = self.t("pays").format(names[payer], names[payee], money)
            if text_width(line) + _INDENT > p.width:
                line = "{}→{} {}".format(names[payer], names[payee], money)
            lines.append(line)
        if not table.zero_sum:  # free scoring that need not add up: no one owes anyone
            return [self.t("no_settle")]
        if fees:
            if len(fees) == table.persons and len(set(a for _n, a in fees)) == 1:
                lines.append(self.t("fee_each").format(fees[0][1]))
            else:
                lines.append(self.t("fees") + " " + " ".join(n + str(a) for n, a in fees))
        return lines or [self.t("all_square")]


def _qr_screen(app):
    """The QR screen with its first page's code made, or None: no room for it."""
    try:
        from ui.qr_screen import QrScreen  # loaded when first opened

        qr_screen = QrScreen(app)
        qr_screen.code()
        return qr_screen
    except MemoryError:
        return None
