"""The home screen: players and totals, the hand number, who deals and bids next; and the
menu behind it. The cursor on the table screen is the next hand's landlord (斗地主), emperor
(保皇) or first dealer (升级): choosing it here saves a press on every hand."""

from core.profiles import LEVELS
from ui import ddz_entry, keys
from ui.history import HistoryScreen  # loaded with the table: looking back is common
from ui.screen import Choice, Notice, Screen, signed


def entry_of(game):
    """The hand-entry screens of a game. 保皇's and 升级's are imported when a table of theirs
    first enters a hand: a Dou Dizhu evening never loads them into RAM."""
    if game == "ddz":
        return ddz_entry
    if game == "baohuang":
        from ui import baohuang_entry as entry
    else:
        from ui import shengji_entry as entry
    return entry


TEAMS = ((0, 2), (1, 3))


def deals_next(table):
    """The deal passes one seat on with every hand played (a voided hand was dealt too)."""
    return len(table.entries) % table.players


def hand_setup(record):
    """What a hand's record says before any card was played: the start of "same as last"."""
    keep = ("landlord", "partner", "bid", "grabs", "shown", "doubles", "emperor", "guard",
            "open", "solo")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in record.items() if k in keep}


class TableScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        table = app.table
        self.cursor = (deals_next(table) + 1) % table.players
        self._cache = None  # (key, strings): see _texts()

    def _fixed_dealer(self):
        state = self.app.table.state
        return state["dealer"] if state is not None else None

    def actions(self):
        return ((keys.NEXT, "down"), (keys.OK, "new_hand"), (keys.MENU, "menu"))

    def press(self, key):
        players = self.app.table.players
        if key == keys.NEXT:
            self.cursor = (self.cursor + 1) % players
        elif key == keys.PREV:
            self.cursor = (self.cursor - 1) % players
        elif key == keys.OK:
            state = self.app.table.state
            if state is not None and state["winner"] is not None:
                self.app.push(Notice(self.app, [self.t("game_over")]))
                return
            seat = self._fixed_dealer()
            entry_of(self.app.table.game).start(self.app, self.cursor if seat is None else seat)
        elif key == keys.MENU:
            self.app.push(TableMenu(self.app))

    def draw(self, p):
        table = self.app.table
        if table.game == "shengji":
            p.line(0, self._head(p, table), color=p.accent)
            p.right(0, self.t("hand_no").format(table.hands_played() + 1), color=p.accent)
            self._draw_levels(p, table)
            return
        head, hand_no, names, amounts, colors, dealer = self._texts(p, table)
        p.line(0, head, color=p.accent)
        p.right(0, hand_no, color=p.accent)
        cursor = self.cursor
        if p.mono:
            for seat in range(table.players):
                # names[] holds each seat's line twice: unmarked, then marked as the cursor.
                p.line(1 + seat // 2, names[seat + table.players * (seat == cursor)],
                       (seat % 2) * 64)
            return
        for seat in range(table.players):
            row = 1 + seat
            selected = seat == cursor
            p.line(row, names[seat], 4, selected=selected)
            p.right(row, amounts[seat], color=None if selected else colors[seat],
                    selected=selected)
        p.line(p.rows - 2, dealer, color=p.dim)

    def _head(self, p, table):
        head = self.t(table.profile or table.game)
        if table.profile and not p.mono:  # 128 px: the profile alone says enough
            head = self.t("ddz") + " " + head
        return head

    def _texts(self, p, table):
        """The screen's strings: made when the table or the language changed, not on a
        cursor move (each new string costs ~20,000-50,000 fuel on MicroPython, see
        ui/text.py)."""
        lang = self.app.lang
        key = (lang, len(table.entries), table.hands_played(), tuple(table.totals))
        cached = self._cache
        if cached is not None and cached[0] == key:
            return cached[1]
        titles = table.titles(lang)
        totals = table.balances() or table.totals
        names = []
        amounts = []
        colors = []
        for seat in range(table.players):
            amount = signed(totals[seat])
            if p.mono:
                names.append(" " + table.names[seat] + amount)
                continue
            name = table.names[seat]
            if titles:
                name += " " + titles[seat]
            names.append(name)
            amounts.append(amount + " ")
            colors.append(p.signed(totals[seat]))
        if p.mono:
            names.extend(">" + line[1:] for line in list(names))
        dealer = deals_next(table)
        line = self.t("deals_next").format(table.names[dealer])
        if table.game == "ddz":
            line += "  " + self.t("bids_first").format(table.names[(dealer + 1) % table.players])
        texts = (self._head(p, table), self.t("hand_no").format(table.hands_played() + 1), names,
                 amounts, colors, line)
        self._cache = (key, texts)
        return texts

    def _draw_levels(self, p, table):
        state = table.state
        dealer = state["dealer"] if state["dealer"] is not None else self.cursor
        for team, seats in enumerate(TEAMS):
            names = "".join(table.names[s] for s in seats)
            p.line(1 + team, names, 4)
            p.right(1 + team, LEVELS[state["levels"][team]] + " ")
        marker = self.t("dealer") + " " + table.names[dealer]
        if state["dealer"] is None:
            marker += "  " + self.t("choose")
        p.line(3, marker, 4, selected=state["dealer"] is None)


class TableMenu(Choice):
    title = "menu"

    def options(self):
        table = self.app.table
        items = []
        if table.hands_played() and table.game != "shengji":
            items.append((self.t("same_as_last"), "same"))
        items.extend([(self.t("history"), "history"), (self.t("settle"), "settle"),
                      (self.t("new_table"), "new"), (self.t("archives"), "archives"),
                      (self.t("settings"), "settings")])
        return items

    def pick(self, value):
        app = self.app
        if value == "same":
            _same_as_last(app)
        elif value == "history":
            app.replace(HistoryScreen(app))
        elif value == "settle":
            app.replace(SettleScreen(app))
        elif value == "new":
            from ui.new_table import CloseTable

            app.replace(CloseTable(app))
        elif value == "archives":
            from ui.archives import ArchivesScreen

            app.replace(ArchivesScreen(app))
        else:
            from ui.new_table import SettingsScreen

            app.replace(SettingsScreen(app))


def _same_as_last(app):
    """Start a hand from the previous hand's setup: straight to its play or order screen."""
    table = app.table
    index = len(table.entries) - 1
    while index >= 0 and table.entries[index]["void"]:
        index -= 1
    draft = hand_setup(table.entries[index]["record"])
    app.pop()
    if table.game == "ddz":
        app.push(ddz_entry.PlayScreen(app, draft))
    else:
        from ui.baohuang_entry import OrderScreen

        app.push(OrderScreen(app, draft))


class SettleScreen(Screen):
    """Who pays whom, in the fewest transfers."""

    def actions(self):
        return ((keys.BACK, "back"),)

    def draw(self, p):
        table = self.app.table
        p.line(0, self.t("settle"), color=p.accent)
        transfers = table.settlement()
        if not transfers:
            p.line(1, self.t("all_square"))
        for row, (payer, payee, amount) in enumerate(transfers[:p.rows - 2]):
            to = self.t("house") if payee < 0 else table.names[payee]
            p.line(1 + row, self.t("pays").format(table.names[payer], to, amount), 4)
