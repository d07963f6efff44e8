"""Looking back: every hand, newest first; any hand's breakdown; void or amend it, or count
a voided one again. And the table screen's quick undo: BACK there voids the last hand that
counts after one look at what it changes (UndoScreen), two presses in all.

Amend opens on the hand's result screen exactly as it was recorded, with the hand's entry
screens beneath it preset to what it recorded (each game's entry module, amend()): OK at
once records the very same hand, BACK walks back through the steps to change one, and back
past the first step is the hand's page again, where the amend ends.
"""

from core.explain import breakdown
from core.profiles import LEVELS
from ui import keys
from ui.screen import Choice, Confirm, Notice, Paged, signed, wrap
from ui.table_screen import TEAMS


class HistoryScreen(Choice):
    title = "history"

    def count(self):
        return len(self.app.table.entries)

    def option(self, i):
        # Newest first; only the rows on screen are read (from flash, on the device).
        table = self.app.table
        index = len(table.entries) - 1 - i
        entry = table.entries[index]
        label = "{}.".format(index + 1)
        if entry["void"]:
            label += " " + self.t("voided")
        elif table.game == "shengji":
            label += " " + self.t("points") + " {}".format(entry["record"]["points"])
        else:
            deltas = table.hand_result(index)["deltas"]
            if table.roster is None:  # the columns are the seats, the same every hand
                label += " " + " ".join(signed(d, table.scale) for d in deltas)
            else:  # who played changes from hand to hand: each change is named
                names = table.seat_names(entry["record"])
                label += " " + " ".join(names[s] + signed(d, table.scale)
                                        for s, d in enumerate(deltas))
        return label, index

    def pick(self, value):
        self.app.push(HandScreen(self.app, value))


class HandScreen(Paged):
    """One past hand: its breakdown and changes; OK offers void and amend."""

    def __init__(self, app, index):
        super().__init__(app)
        self.index = index
        self._lines = None  # [(line, colour)] once worked out (the hand cannot change here)

    def actions(self):
        if self.app.viewing is not None:  # an archived table: read, never changed
            return self.more(((keys.BACK, "back"),))
        if self.app.table.entries[self.index]["void"]:
            return self.more(((keys.OK, "unvoid"), (keys.BACK, "back")))
        return self.more(((keys.OK, "change"), (keys.BACK, "back")))

    def press(self, key):
        if self.turn(key):
            return
        # Back on the hand's page (out of an amend's first step): no amend goes on.
        app = self.app
        app.amending = None
        index = self.index
        if key == keys.OK and app.viewing is not None:
            return
        if key == keys.OK and app.table.entries[index]["void"]:
            question = self.t("unvoid_hand").format(index + 1)
            app.push(Confirm(app, question, "unvoid", lambda: app.unvoid(index)))
        elif key == keys.OK:
            app.push(HandActions(app, index))
        elif key == keys.BACK:
            app.pop()

    def draw(self, p):
        table = self.app.table
        entry = table.entries[self.index]
        head = self.t("hand_no").format(self.index + 1)
        if entry["void"]:
            head += " " + self.t("voided")
        p.line(0, head, color=p.accent)
        if self._lines is None:
            result = table.hand_result(self.index)
            names = table.seat_names(entry["record"])
            lines = []
            if "deltas" in result:
                lines.append(changes(names, result["deltas"], table.scale))
            lines.extend(breakdown(entry["record"], result, self.app.lang, names)
                         .replace("; ", "；").split("；"))
            self._lines = [(part, None) for line in lines for part in wrap(p, line)]
        self.draw_lines(p, self._lines)


class HandActions(Choice):
    def __init__(self, app, index):
        self.index = index
        super().__init__(app)

    def heading(self):
        return self.t("hand_no").format(self.index + 1)

    def options(self):
        return [(self.t("amend"), "amend"), (self.t("void"), "void")]

    def pick(self, value):
        app = self.app
        if value == "void":
            index = self.index
            question = self.t("void_hand").format(index + 1)
            app.replace(Confirm(app, question, "void", lambda: app.void(index)))
            return
        record = app.table.entries[self.index]["record"]
        from ui.table_screen import entry_of  # loaded already: the table screen opens this

        app.amending = self.index
        app.pop()  # to the hand's page, under the hand's screens
        entry_of(app.table.game).amend(app, record)


def changes(names, amounts, scale):
    """"甲+24 乙−12 丙−12": each name with its signed amount."""
    return " ".join(names[s] + signed(a, scale) for s, a in enumerate(amounts))


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
