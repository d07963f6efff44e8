"""The table screen's menu, and what it opens that lives nowhere else: the settlement and
"same as last". Imported when the menu is opened, let go again on a small heap
(ui/modules.py): an evening spends most of its presses elsewhere."""

from core.journal import JournalError
from ui import keys
from ui.screen import Choice, Notice, Screen
from ui.table_screen import hand_setup


class TableMenu(Choice):
    title = "menu"

    def options(self):
        table = self.app.table
        # A roster's tables only: who plays the next hand, the first thing to change.
        items = [(self.t("seating"), "seating")] if table.roster is not None else []
        # Always listed (none yet: it says so), so that every item keeps its place.
        if table.game in ("ddz", "baohuang"):  # the games with a setup to copy
            items.append((self.t("same_as_last"), "same"))
        # Statistics came later: after the others, settings staying last (PREV from the
        # top), so that every item kept its place from the top or from the bottom.
        items.extend([(self.t("history"), "history"), (self.t("settle"), "settle"),
                      (self.t("new_table"), "new"), (self.t("archives"), "archives"),
                      (self.t("stats"), "stats"), (self.t("settings"), "settings")])
        return items

    def pick(self, value):
        app = self.app
        if value == "same":
            if app.table.hands_played():
                _same_as_last(app)
            else:
                app.replace(Notice(app, [self.t("no_last_hand")]))
        elif value == "history":
            from ui.history import HistoryScreen  # loaded when first opened, then kept

            app.replace(HistoryScreen(app))
        elif value == "settle":
            from ui.settle_screen import SettleScreen  # its own module: ui/modules.py

            app.replace(SettleScreen(app))
        elif value == "stats":
            _statistics(app)
        elif value == "seating":
            app.replace(SeatingScreen(app))
        elif value == "new":
            from ui.new_table import CloseTable

            app.replace(CloseTable(app))
        elif value == "archives":
            from ui.archives import ArchivesScreen

            app.replace(ArchivesScreen(app))
        else:
            from ui.new_table import SettingsScreen

            app.replace(SettingsScreen(app))


class SeatingScreen(Choice):
    """Who plays the next hand, where the table's rotation proposed otherwise: OK puts a
    person in or out, Done keeps it once the seats are filled. The persons take the seats in
    roster order (core/roster.py)."""

    title = "seating"

    def __init__(self, app):
        super().__init__(app)
        self.seated = app.table.seating()

    def options(self):
        table = self.app.table
        rows = [("{}: {}".format(name, self.t("seat_in" if i in self.seated else "seat_out")),
                 i) for i, name in enumerate(table.names)]
        return rows + [("▶ " + self.t("done"), None)]

    def pick(self, value):
        table = self.app.table
        if value is not None:
            if value in self.seated:
                self.seated.remove(value)
            else:
                self.seated = sorted(self.seated + [value])
        elif len(self.seated) != table.players:
            self.app.push(Notice(self.app, [self.t("seat_count").format(table.players)]))
        else:
            table.seat(self.seated)
            self.app.home()


def _statistics(app):
    """The statistics screen. Its counts read every hand once (about 8 ms a hand on a Pico:
    0.2 s for an evening of 25, 4 s for 500), then are kept up hand by hand (App.tally): a
    first count says so on the screen while it works. On a small heap late in a long evening
    the count may find no room: then it says so, and nothing else changes."""
    from ui.stats_screen import StatsScreen

    if not app.counted():
        app.replace(Notice(app, [app.t("counting")]))
        app.render()
        try:
            app.tally()
        except MemoryError:
            app.replace(Notice(app, [app.t("stats"), app.t("err_memory")]))
            return
        except JournalError:  # a hand whose journal line is damaged
            app.replace(Notice(app, [app.t("stats"), app.t("err_damaged")]))
            return
    app.replace(StatsScreen(app))


def _same_as_last(app):
    """Start a hand from the previous hand's setup (hand_setup): straight to its play or
    order screen. Voided hands are passed over, and so is a 保皇 forfeit (it ended before
    any setup counted); with no hand to copy, the hand starts as a new one."""
    table = app.table
    index = len(table.entries)
    last = None
    while index and last is None:
        index -= 1
        try:
            entry = table.entries[index]  # on the device, read from flash: once each
        except JournalError:
            break  # a damaged hand: the hand starts as a new one
        if not entry["void"] and "forfeit" not in entry["record"]:
            last = entry["record"]
    app.pop()
    if last is None:
        app.stack[-1].press(keys.OK)  # the table screen's new hand, at its cursor
        return
    draft = hand_setup(last)
    if table.game == "ddz":
        from ui.ddz_entry import PlayScreen

        app.push(PlayScreen(app, draft))
    else:
        from ui.baohuang_entry import OrderScreen

        app.push(OrderScreen(app, draft))


class EveningOver(Screen):
    """The table's end is reached (Table.ended): it says why; OK opens the settlement, BACK
    plays on (the table stays open until it is closed from the menu)."""

    def __init__(self, app, ended):
        super().__init__(app)
        self.ended = ended

    def actions(self):
        return ((keys.OK, "settle"), (keys.BACK, "play_on"))

    def press(self, key):
        if key == keys.OK:
            from ui.settle_screen import SettleScreen

            self.app.replace(SettleScreen(self.app))
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        p.line(0, self.t("evening_over"), color=p.accent)
        ended = self.ended
        if ended[0] == "hands":
            why = self.t("played_hands").format(ended[1])
        else:
            from ui.screen import signed

            table = self.app.table
            why = self.t("reached").format(table.names[ended[1]],
                                           signed(ended[2], table.scale))
        p.line(1, p.clip(why))
