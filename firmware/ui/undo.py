"""The table screen's quick undo: BACK there voids the last hand that counts after one look
at what it changes and what everyone's total will be (UndoScreen), two presses in all;
history counts it again. Its own module, imported when BACK is pressed: the history's,
loaded for every look back and amend, stays as small as it was on a small heap."""

from core.profiles import LEVELS
from ui import keys
from ui.history import changes
from ui.screen import Notice, Paged, wrap
from ui.table_screen import TEAMS


def standing(table, after=None):
    """Everyone's total as the table screen shows it, "甲+12 乙−6 丙−6" (beans: what each
    holds; 升级: the teams' levels); `after` (Table.without) in place of the table's own."""
    if table.game == "shengji":
        levels = (after or table.state)["levels"]
        return " ".join("·".join(table.names[s] for s in seats) + " " + LEVELS[levels[team]]
                        for team, seats in enumerate(TEAMS))
    if after is None:
        after = table.balances() or table.totals
    if table.start_balances is None:
        return changes(table.names, after, table.scale)
    return " ".join(n + " " + str(b) for n, b in zip(table.names, after))


def undo_last(app):
    """The table screen's BACK: the undo screen for the newest hand that counts, or a notice
    that there is none."""
    index = app.table.last_counted()
    if index is None:
        app.push(Notice(app, [app.t("no_hand_to_undo")]))
    else:
        app.push(UndoScreen(app, index))


class UndoScreen(Paged):
    """Undo the last hand: names it, what it changed and what the totals will be; OK voids
    it (history can count it again), BACK leaves it as it is."""

    def __init__(self, app, index):
        super().__init__(app)
        self.index = index
        self._lines = None

    def actions(self):
        return self.more(((keys.OK, "void"), (keys.BACK, "back")))

    def press(self, key):
        if self.turn(key):
            return
        if key == keys.OK:
            self.app.void(self.index)
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        table = self.app.table
        p.line(0, p.clip(self.t("undo_hand").format(self.index + 1)), color=p.accent)
        if self._lines is None:
            record = table.entries[self.index]["record"]
            if table.game == "shengji":
                hand = self.t("points") + " {}".format(record["points"])
            else:
                hand = changes(table.seat_names(record), table.hand_result(self.index)
                               ["deltas"], table.scale)
            then = standing(table, table.without(self.index))
            lines = wrap(p, hand) + wrap(p, self.t("after_undo") + " " + then)
            self._lines = [(line, None) for line in lines]
        self.draw_lines(p, self._lines)
