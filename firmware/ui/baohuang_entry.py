"""Entering a 保皇 hand: the emperor (chosen on the table screen), the guard (the emperor
itself for a solo), open guard or the kind of solo, then the finishing order by pressing seats
in turn. As soon as the order decides the result, the preview comes up."""

from core.errors import RecordError
from ui import keys
from ui.preview import Preview
from ui.screen import Choice


def start(app, emperor, draft=None):
    draft = draft if draft is not None else {}
    draft["emperor"] = emperor
    app.push(GuardScreen(app, draft))


class GuardScreen(Choice):
    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        if "guard" in draft:
            self.cursor = draft["guard"]

    def heading(self):
        return self.t("guard")

    def options(self):
        names = self.app.table.names
        emperor = self.draft["emperor"]
        return [(self.t("solo") if s == emperor else names[s], s) for s in range(5)]

    def pick(self, value):
        self.draft["guard"] = value
        if value == self.draft["emperor"]:
            self.draft.pop("open", None)
            self.app.push(SoloScreen(self.app, self.draft))
        else:
            self.draft.pop("solo", None)
            self.app.push(OpenScreen(self.app, self.draft))


class SoloScreen(Choice):
    title = "solo"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = 1 if draft.get("solo") == "hidden" else 0

    def options(self):
        return [(self.t("open_solo"), "open"), (self.t("hidden_solo"), "hidden")]

    def pick(self, value):
        self.draft["solo"] = value
        self.app.push(OrderScreen(self.app, self.draft))


class OpenScreen(Choice):
    title = "open"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = 1 if draft.get("open") else 0

    def options(self):
        return [(self.t("hidden_guard"), False), (self.t("open"), True)]

    def pick(self, value):
        if value:
            self.draft["open"] = True
        else:
            self.draft.pop("open", None)
        self.app.push(OrderScreen(self.app, self.draft))


class OrderScreen(Choice):
    """Press the seats in the order they went out; BACK takes the last one back."""

    def __init__(self, app, draft):
        self.draft = draft
        draft["order"] = []
        draft.pop("revolt", None)
        super().__init__(app)

    def heading(self):
        names = self.app.table.names
        return self.t("order") + " " + " ".join(names[s] for s in self.draft["order"])

    def options(self):
        placed = self.draft["order"]
        return [(name, s) for s, name in enumerate(self.app.table.names) if s not in placed]

    def actions(self):
        return ((keys.NEXT, "down"), (keys.OK, "out"), (keys.BACK, "undo"),
                (keys.MENU, "forfeit"))

    def pick(self, value):
        self.draft["order"].append(value)
        self.cursor = 0
        options = self._results()
        if options:
            self.app.push(Preview(self.app, self.draft, options))

    def _results(self):
        """The preview's options once the order decides the hand: plain, and with a revolt
        where the rebels won (the core refuses a revolt anywhere else)."""
        app = self.app
        try:
            app.preview(self.draft)
        except RecordError:
            return None
        options = [("result", {})]
        try:
            app.preview(dict(self.draft, revolt=True))
            options.append(("revolt", {"revolt": True}))
        except RecordError:
            pass
        return options

    def press(self, key):
        order = self.draft["order"]
        if key == keys.BACK and order:
            order.pop()
        elif key == keys.MENU:
            self.app.push(ForfeitScreen(self.app))
        else:
            super().press(key)


class ForfeitScreen(Choice):
    title = "forfeit"

    def options(self):
        return [(name, s) for s, name in enumerate(self.app.table.names)]

    def pick(self, value):
        self.app.push(Preview(self.app, {"forfeit": value}, [("forfeit", {})]))


