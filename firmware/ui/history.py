"""Looking back: every hand, newest first; any hand's breakdown; void or amend it, or count
a voided one again (the table screen's quick undo is ui/undo.py).

Amend opens on the hand's result screen exactly as it was recorded, with the hand's entry
screens beneath it preset to what it recorded (each game's entry module, amend()): OK at
once records the very same hand, BACK walks back through the steps to change one, and back
past the first step is the hand's page again, where the amend ends.
"""

from core.explain import breakdown
from ui import keys
from ui.screen import Choice, Confirm, Paged, signed, wrap


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
