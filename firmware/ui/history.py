"""Looking back: every hand, newest first; any hand's breakdown; void or amend it, or count
a voided one again (the table screen's quick undo is ui/undo.py).

Amend opens on the hand's result screen exactly as it was recorded, with the hand's entry
screens beneath it preset to what it recorded (each game's entry module, amend()): OK at
once records the very same hand, BACK walks back through the steps to change one, and back
past the first step is the hand's page again, where the amend ends.
"""

from core.explain import breakdown
from core.journal import JournalError
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
        label = "{}.".format(index + 1)
        try:
            entry = table.entries[index]
        except JournalError:  # its line in the journal is damaged: named, not shown
            return label + " " + self.t("err_damaged"), None
        mark = ""  # corrected since it was recorded: "已更正", "*" where that leaves no room
        if entry["previous"] and not entry["void"]:
            mark = " " + self.t("amended")
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
        if mark:
            full = label.replace(".", "." + mark.lstrip(), 1)
            painter = self.app.painter
            label = full if painter.fits(full + "    ") else label.replace(
                ".", "." + self.t("amended_mark"), 1)
        return label, index

    def pick(self, value):
        if value is None:
            self.app.notice([self.t("err_damaged")])
        else:
            self.app.push(HandScreen(self.app, value))


class HandScreen(Paged):
    """One past hand: its breakdown and changes; OK offers void and amend. A hand amended
    since it was recorded says so (已更正), and NEXT shows it as first recorded (原记录),
    and back."""

    def __init__(self, app, index):
        super().__init__(app)
        self.index = index
        self.first = False  # showing the hand as first recorded
        self._lines = None  # [(line, colour)] once worked out (the hand cannot change here)

    def actions(self):
        entry = self.app.table.entries[self.index]
        first = ((keys.NEXT, "as_recorded" if self.first else "as_first"),) \
            if entry["previous"] else ()
        if self.app.viewing is not None:  # an archived table: read, never changed
            return self.more(first + ((keys.BACK, "back"),))
        if entry["void"]:
            return self.more(((keys.OK, "unvoid"),) + first + ((keys.BACK, "back"),))
        return self.more(((keys.OK, "change"),) + first + ((keys.BACK, "back"),))

    def press(self, key):
        if self.turn(key):
            return
        if key == keys.NEXT and self.app.table.entries[self.index]["previous"]:
            self.first = not self.first
            self._lines = None
            self.page = 0
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
        if entry["previous"]:
            head += " " + self.t("as_first" if self.first else "amended")
        p.line(0, p.clip(head), color=p.accent)
        if self._lines is None and self.first:
            self._lines = self._first_lines(p, table, entry["previous"][0])
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


    def _first_lines(self, p, table, record):
        """The hand as first recorded: what it did then, scored by the core (升级, whose
        score hangs on the hands before it: the points it recorded)."""
        if table.game == "shengji":
            return [(self.t("points") + " {}".format(record["points"]), None)]
        from core.score import score_hand

        result = score_hand(record)
        names = table.seat_names(record)
        scale = result.get("scale", 1)
        lines = [" ".join(names[s] + signed(d, scale) for s, d in enumerate(result["deltas"]))]
        lines.extend(breakdown(record, result, self.app.lang, names).replace("; ", "；")
                     .split("；"))
        return [(part, p.dim) for line in lines for part in wrap(p, line)]


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
