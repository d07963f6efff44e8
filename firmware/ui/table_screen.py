"""The home screen: players and totals, the hand number, who deals and bids next; and the
menu behind it. The cursor on the table screen is the next hand's landlord (斗地主), emperor
(保皇) or first dealer (升级): choosing it here saves a press on every hand."""

from core.profiles import LEVELS
from ui import keys, text
from ui.screen import Notice, Screen, short, signed


def entry_of(game):
    """The hand-entry screens of a game, imported when a hand is first entered (and again
    after ui/modules.py let them go): the table screen needs none of them, and a Dou Dizhu
    evening never loads 保皇's or 升级's into RAM."""
    if game == "ddz":
        from ui import ddz_entry as entry
    elif game == "baohuang":
        from ui import baohuang_entry as entry
    elif game == "free":
        from ui import free_entry as entry
    else:
        from ui import shengji_entry as entry
    return entry


TEAMS = ((0, 2), (1, 3))


def deals_next(table):
    """The deal passes one seat on with every hand played (a voided hand was dealt too)."""
    return len(table.entries) % table.players


def hand_setup(record):
    """What a hand's record says before any card was played, the start of "same as last":
    landlord, partner, bid, grabs, shown, doubles; emperor, guard, open, solo. Never what
    happened in play (bombs and who played them, reveal, winner, spring, escape; order,
    revolt, forfeit)."""
    keep = ("landlord", "partner", "bid", "grabs", "shown", "doubles", "emperor", "guard",
            "open", "solo")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in record.items() if k in keep}


class TableScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        table = app.table
        # With a roster the cursor is on a person (one of the next hand's), else on a seat.
        self.cursor = (deals_next(table) + 1) % table.players
        if table.roster is not None:
            self.cursor = table.seating()[self.cursor]
        self._cache = None  # (key, strings): see _texts()
        self._wide = False  # 128x64: an amount too wide for half the panel (see _texts)

    @property
    def hint_rows(self):
        # 128x64: up to four seats fit two rows of two, which leaves two rows for the hints
        # (OK, the menu and the cursor do not fit one row of 16 characters in English).
        # Amounts that do not fit half its width (to the cent, "-12.50"; five digits) take
        # a row each for three players, and the hints one.
        table = self.app.table
        if not self.app.painter.mono or table.persons > 4:
            return 1
        return 1 if (table.scale != 1 or self._wide) and table.persons <= 3 else 2

    # 升级 on 128x64: the dealer's row, then the two teams side by side on one row.

    def _fixed_dealer(self):
        state = self.app.table.state
        return state["dealer"] if state is not None else None

    def actions(self):
        return _ACTIONS

    def press(self, key):
        table = self.app.table
        if key in (keys.NEXT, keys.PREV):
            step = 1 if key == keys.NEXT else -1
            if table.roster is None:
                self.cursor = (self.cursor + step) % table.players
            else:  # from one of the next hand's persons to the next
                seated = table.seating()
                at = seated.index(self.cursor) if self.cursor in seated else -step
                self.cursor = seated[(at + step) % len(seated)]
        elif key == keys.OK:
            state = table.state
            if state is not None and state["winner"] is not None:
                self.app.push(Notice(self.app, [self.t("game_over")]))
                return
            seat = self._fixed_dealer()
            if seat is None:
                seat = self._seat()
            entry_of(table.game).start(self.app, seat)
        elif key == keys.MENU:
            import sys

            if self.app.lean and "ui.table_menu" not in sys.modules:
                # The evening's first menu comes late, on a small heap that has room but in
                # pieces, and the menu needs some in one (1,280 bytes were found missing on
                # the emulated Pico): what the hands left scattered is given back first.
                self.app.make_room()
            from ui.table_menu import TableMenu  # the menu and what it opens: ui/modules.py

            self.app.push(TableMenu(self.app))
        elif key == keys.BACK:  # undo the last hand: its screen, then OK (ui/undo.py)
            from ui.undo import undo_last

            undo_last(self.app)

    def _seat(self):
        """The seat under the cursor (a roster's: the seat its person takes next hand; one
        sitting out, after a change of seating, gives the first)."""
        table = self.app.table
        if table.roster is None:
            return self.cursor
        seated = table.seating()
        return seated.index(self.cursor) if self.cursor in seated else 0

    def draw(self, p):
        table = self.app.table
        if table.game == "shengji":
            self._draw_levels(p, table)
            return
        head, hand_no, dealer, names, titles, amounts, colors, inks, grid = self._texts(p, table)
        players = len(names)
        top, cols, scale, room = grid
        if top:
            p.line(0, head, 0, p.accent)
            p.right(0, hand_no, p.accent)
        cell_w = p.width // cols
        cell_h = text.HEIGHT * scale
        cursor = self.cursor
        # The painter's calls by position: a keyword is matched by name at every call, and a
        # cursor move draws each seat's cell again.
        for seat in range(players):
            x0 = (seat % cols) * cell_w
            y0 = top + (seat // cols) * cell_h
            selected = seat == cursor
            if selected:
                p.box(x0, y0, x0 + cell_w, y0 + cell_h)
            if scale > 1 and titles[seat]:  # the name, the title under it
                p.at(x0 + _PAD, y0, names[seat], 1, inks[seat], False, selected)
                p.at(x0 + _PAD, y0 + text.HEIGHT, titles[seat], 1, p.dim, False, selected)
            else:  # the name level with the middle of the digits
                p.at(x0 + _PAD, y0 + (cell_h - text.HEIGHT) // 2, names[seat], 1, inks[seat],
                     False, selected)
            p.at(x0 + cell_w - _PAD, y0, amounts[seat], scale,
                 None if selected else colors[seat], True, selected)
        if room:
            p.line(p.rows - self.hint_rows - 1, dealer, 4, p.dim)

    def _texts(self, p, table):
        """The screen's strings: made when the table or the language changed, not on a
        cursor move (each new string costs ~20,000-50,000 fuel on MicroPython, see
        ui/text.py)."""
        lang = self.app.lang
        seated = table.seating() if table.roster is not None else None
        key = (lang, len(table.entries), tuple(table.totals), seated and tuple(seated))
        cached = self._cache
        if cached is not None and cached[0] == key:
            return cached[1]
        titles = table.titles(lang) or [""] * table.persons
        balances = table.balances()
        names = list(table.names)
        amounts = self._amounts(table, balances, None)
        colors = [p.ink if balances is not None else p.signed(total) for total in table.totals]
        inks = [None] * table.persons  # the names' colours: the painter's own ink
        resting = []
        if seated is not None:
            # Who sits out the next hand: its name in brackets (and grey, where grey is not
            # white); its total keeps the colour of its sign, red or green, as everyone's.
            resting = [names[i] for i in range(table.persons) if i not in seated]
            for i in range(table.persons):
                if i not in seated:
                    inks[i] = p.dim
                    names[i] = "(" + names[i] + ")"
        # The deal passes on with every hand dealt, voided ones too: the hand number counts
        # them the same way, so it is the number history shows for the hand.
        hand_no = self.t("hand_no").format(len(table.entries) + 1)
        if seated is None:
            dealer = self.t("deals_next").format(table.names[deals_next(table)])
        else:
            dealer = self.t("sits_out" if len(resting) == 1 else "sit_out").format(
                self.t("name_sep").join(resting))
        head = self._head(p, table)
        if p.mono:
            # 128x64: three players whose amounts do not fit half the width take a row each
            # (the hints one row); more players, or still too wide, shorten the amounts of
            # 10,000 and more, "−1.6万" then "−2万" ("−16.4k", "−16k"): a number is never cut
            # or run into a name (docs/screens.md). The exact totals are in the settlement.
            self._wide = _grid(p, names, amounts, 2 * text.HEIGHT) is None
            for digits in (1, 0):
                if _grid(p, names, amounts, p.y(p.rows - self.hint_rows)) is not None:
                    break
                amounts = self._amounts(table, balances, digits)
        top, bottom = p.y(1), p.y(p.rows - self.hint_rows)
        if p.mono:
            top = 0  # no head row: the seats and the hints fill the 64 rows
        grid = _grid(p, names, amounts, bottom - top) if top else None
        if grid is None:  # no room for the head row (five seats on 128x64): seats from the top
            top = 0
            grid = _grid(p, names, amounts, bottom) or (2, 1)
        cols, scale = grid
        free = p.y(p.rows - self.hint_rows - 1)
        room = top + (table.persons + cols - 1) // cols * text.HEIGHT * scale <= free
        # Who deals next: in its own row under the seats where there is one, else in the
        # head row, after the game where that fits, else in the game's place (the players
        # know what they play; who deals, or sits out, they ask).
        if top and not room:
            short = self.t(table.profile or table.game)  # "经典", not "斗地主 经典"
            head = p.clip(dealer, p.width - text.width("  " + hand_no))
            if p.fits(short + "  " + dealer + "  " + hand_no):
                head = short + "  " + dealer
        texts = (head, hand_no, dealer, names, titles, amounts, colors, inks,
                 (top, cols, scale, room))
        self._cache = (key, texts)
        return texts

    def _amounts(self, table, balances, digits):
        """Each person's total (signed; beans balances as they stand), shortened to `digits`
        decimals of 万 / k where that is not None (short())."""
        if balances is not None:
            return [str(b) if digits is None or b < 10000 else short(b, 1, self.app.lang,
                                                                      digits)[1:]
                    for b in balances]
        if digits is None:
            return [signed(total, table.scale) for total in table.totals]
        return [short(total, table.scale, self.app.lang, digits) for total in table.totals]

    def _head(self, p, table):
        head = self.t(table.profile or table.game)
        if table.profile and not p.mono:  # 128 px: the profile alone says enough
            head = self.t("ddz") + " " + head
        return head

    def _draw_levels(self, p, table):
        state = table.state
        choosing = state["dealer"] is None
        dealer = self.cursor if choosing else state["dealer"]
        marker = self.t("dealer") + " " + table.names[dealer]
        if choosing:
            marker += " " + self.t("choose")
        if state["winner"] is not None:  # past A: the game is won, and by whom
            marker = team_won(self, table, state["winner"])
        hand_no = self.t("hand_no").format(len(table.entries) + 1)
        if p.mono:
            # 128x64: the dealer (or the choice of one) in the head row, the teams side by
            # side in the next, two rows of hints.
            p.line(0, marker, 0, color=None if choosing else p.accent, selected=choosing)
            column, scale = p.width // 2, 1
        else:
            p.line(0, self._head(p, table), color=p.accent)
            p.right(0, hand_no, color=p.accent)
            column, scale = p.width, 2
        for team, seats in enumerate(TEAMS):
            x = team * column if p.mono else 0
            y = p.y(1 if p.mono else 1 + team * scale)
            p.at(x + _PAD, y, "·".join(table.names[s] for s in seats))
            p.at(x + column - _PAD, y, LEVELS[state["levels"][team]], scale, color=p.accent,
                 right=True)
        if not p.mono:
            p.line(1 + 2 * scale, marker, 4, selected=choosing)


def team_won(screen, table, team):
    """"甲·丙 胜" / "P1·P3 won": the 升级 team that passed A."""
    return screen.t("team_won").format("·".join(table.names[s] for s in TEAMS[team]))


_PAD = 4  # px between a cell's edge and its text
# Made once: the hint line asks for them on every cursor move.
_ACTIONS = ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "new_hand"), (keys.MENU, "menu"),
            (keys.BACK, "undo"))


def _grid(p, names, amounts, height):
    """(columns, scale) for the seats' cells in `height` px: the largest digits (3, 2 or 1
    times the font) that fit every name and total, in one column or two; one column on a
    tie, and always for up to three seats when it fits (a lone seat in a second row of two
    columns reads out of turn). None if even the smallest do not fit."""
    best = None
    for cols in (1, 2):
        cell_w = p.width // cols
        rows = (len(names) + cols - 1) // cols
        for scale in (3, 2, 1):
            if rows * text.HEIGHT * scale > height:
                continue
            if all(text.width(names[i]) + text.width(amounts[i], scale) + 3 * _PAD <= cell_w
                   for i in range(len(names))):
                if best is None or scale > best[1]:
                    best = (cols, scale)
                break
        if best is not None and len(names) <= 3:
            return best
    return best
