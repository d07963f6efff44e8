"""Looking back: every hand, newest first; any hand's breakdown; void or amend it."""

from core.explain import breakdown
from ui import keys
from ui.screen import Choice, Confirm, Screen, signed, wrap


def _seat_of(record):
    for key in ("landlord", "emperor", "dealer", "forfeit"):
        if key in record:
            return record[key]
    return 0


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
            label += " " + " ".join(signed(d) for d in table.hand_result(index)["deltas"])
        return label, index

    def pick(self, value):
        self.app.push(HandScreen(self.app, value))


class HandScreen(Screen):
    """One past hand: its breakdown and changes; OK offers void and amend."""

    def __init__(self, app, index):
        super().__init__(app)
        self.index = index

    def actions(self):
        if self.app.table.entries[self.index]["void"]:
            return ((keys.BACK, "back"),)
        return ((keys.OK, "change"), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.OK and not self.app.table.entries[self.index]["void"]:
            self.app.push(HandActions(self.app, self.index))
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        table = self.app.table
        entry = table.entries[self.index]
        head = self.t("hand_no").format(self.index + 1)
        if entry["void"]:
            head += " " + self.t("voided")
        p.line(0, head, color=p.accent)
        result = table.hand_result(self.index)
        lines = []
        if "deltas" in result:
            lines.append(" ".join(table.names[s] + signed(d)
                                  for s, d in enumerate(result["deltas"])))
        lines.extend(breakdown(entry["record"], result, self.app.lang, table.names)
                     .replace("; ", "；").split("；"))
        row = 1
        for line in lines:
            for part in wrap(p, line):
                if row < p.rows - 1:
                    p.line(row, part)
                    row += 1


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
        skip = ("game", "profile", "players", "rules", "escape", "held")
        draft = {k: (list(v) if isinstance(v, list) else v)
                 for k, v in record.items() if k not in skip}
        from ui.table_screen import entry_of  # history is imported by table_screen

        app.amending = self.index
        app.home()
        entry_of(app.table.game).start(app, _seat_of(record), draft)
