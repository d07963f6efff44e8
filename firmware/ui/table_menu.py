"""The table screen's menu, and what it opens that lives nowhere else: the settlement and
"same as last". Imported when the menu is opened, let go again on a small heap
(ui/modules.py): an evening spends most of its presses elsewhere."""

from ui import keys
from ui.screen import Choice, Notice, Screen
from ui.table_screen import hand_setup


class TableMenu(Choice):
    title = "menu"

    def options(self):
        table = self.app.table
        items = []
        # Always listed (none yet: it says so), so that every item keeps its place.
        if table.game != "shengji":
            items.append((self.t("same_as_last"), "same"))
        items.extend([(self.t("history"), "history"), (self.t("settle"), "settle"),
                      (self.t("new_table"), "new"), (self.t("archives"), "archives"),
                      (self.t("settings"), "settings")])
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
    """Start a hand from the previous hand's setup (hand_setup): straight to its play or
    order screen. Voided hands are passed over, and so is a 保皇 forfeit (it ended before
    any setup counted); with no hand to copy, the hand starts as a new one."""
    table = app.table
    index = len(table.entries)
    last = None
    while index and last is None:
        index -= 1
        entry = table.entries[index]  # on the device, read from flash: once each
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
