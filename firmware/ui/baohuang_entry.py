"""Entering a 保皇 hand: the emperor (chosen on the table screen), the guard (the emperor
itself for a solo), open guard or the kind of solo, then the finishing order by pressing seats
in turn. As soon as the order decides the result, the preview comes up.

Every screen of the hand names the emperor: the guard is picked under "甲 皇帝·选侍卫", the
order entered under "甲 皇帝·名次". Amending a hand (amend()) stacks its screens as they
were entered, the order kept and its result on top (see ui/ddz_entry.py)."""

from core.errors import RecordError
from ui import keys
from ui.preview import LeadScreen, Preview, draft_of
from ui.screen import Choice


def start(app, emperor, draft=None):
    draft = draft if draft is not None else {}
    draft["emperor"] = emperor
    app.push(GuardScreen(app, draft))


def amend(app, record):
    """The screens of a recorded hand as they were entered, its result on top."""
    if "forfeit" in record:
        forfeit = ForfeitScreen(app, draft_of(record, ("forfeit",)))
        forfeit.cursor = record["forfeit"]
        app.push(forfeit)
        forfeit.pick(record["forfeit"])
        return
    draft = draft_of(record, ("revolt",))
    app.push(LeadScreen(app, draft, "emperor", lambda d: app.push(GuardScreen(app, d))))
    app.push(GuardScreen(app, draft))
    if draft["guard"] == draft["emperor"]:
        app.push(SoloScreen(app, draft))
    else:
        app.push(OpenScreen(app, draft))
    to_order(app, draft)


def resume(app, draft):
    """A hand kept through a power cut (ui/draft.py): its screens as far as it had got (the
    guard, open or solo, the order so far, the result if the order decides it)."""
    seats = range(5)
    order = draft.get("order", [])
    if (draft["emperor"] not in seats or draft.get("guard", 0) not in seats
            or type(order) is not list or len(set(order)) != len(order)
            or not all(s in seats for s in order)):
        raise ValueError("not a hand of five seats")
    app.push(GuardScreen(app, draft))
    if "guard" not in draft:
        return
    if draft["guard"] == draft["emperor"]:
        app.push(SoloScreen(app, draft))
    else:
        app.push(OpenScreen(app, draft))
    if "order" in draft:
        to_order(app, draft)


def to_order(app, draft):
    """The order screen; and the result over it at once if the order kept in the draft (an
    amend) already decides the hand."""
    screen = OrderScreen(app, draft)
    app.push(screen)
    screen.show_result()


class GuardScreen(Choice):
    """Who guards the emperor, or 独保 on the emperor's own row. The cursor starts on the
    first player of the list who is not the emperor, whoever the emperor is (甲, or 乙 when
    甲 is the emperor: never on 独保, the rarer hand), or on the guard kept in the draft."""

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = draft.get("guard", 1 if draft["emperor"] == 0 else 0)

    def heading(self):
        return self.t("pick_guard").format(self.seat_names()[self.draft["emperor"]])

    def options(self):
        names = self.seat_names()
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
    """The emperor plays alone: 明独保 or 暗独保."""

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = 1 if draft.get("solo") == "hidden" else 0

    def heading(self):
        return self.seat_names()[self.draft["emperor"]] + " " + self.t("solo")

    def options(self):
        return [(self.t("open_solo"), "open"), (self.t("hidden_solo"), "hidden")]

    def pick(self, value):
        self.draft["solo"] = value
        to_order(self.app, self.draft)


class OpenScreen(Choice):
    """How the guard plays, under its name ("丁 侍卫"): 暗保 or 明保."""

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = 1 if draft.get("open") else 0

    def heading(self):
        return self.seat_names()[self.draft["guard"]] + " " + self.t("guard")

    def options(self):
        return [(self.t("hidden_guard"), False), (self.t("open"), True)]

    def pick(self, value):
        if value:
            self.draft["open"] = True
        else:
            self.draft.pop("open", None)
        to_order(self.app, self.draft)


class OrderScreen(Choice):
    """Press the seats in the order they went out; BACK takes the last one back. An order
    already in the draft (an amend) is kept; amending, BACK walks back to the guard and who
    led with the order kept, and MENU takes the last place back."""

    def __init__(self, app, draft):
        self.draft = draft
        draft.setdefault("order", [])
        draft.pop("revolt", None)  # the result screen's options set it
        super().__init__(app)

    def heading(self):
        names = self.seat_names()
        order = [names[s] for s in self.draft["order"]]
        head = " ".join([self.t("emperor_order").format(names[self.draft["emperor"]])] + order)
        if order and not self.app.painter.fits(head):  # 128 px: the order so far matters most
            head = " ".join([self.t("out")] + order)
        return head

    def options(self):
        placed = self.draft["order"]
        return [(name, s) for s, name in enumerate(self.seat_names()) if s not in placed]

    def actions(self):
        if self.app.amending is not None:  # as the play screen: BACK walks back, with the
            # order kept; the menu's key takes the last place back
            return ((keys.NEXT, "down"), (keys.OK, "out"), (keys.BACK, "back"),
                    (keys.MENU, "undo"))
        return ((keys.NEXT, "down"), (keys.OK, "out"), (keys.BACK, "undo"),
                (keys.MENU, "quit"))

    def pick(self, value):
        self.draft["order"].append(value)
        self.cursor = 0
        self.show_result()

    def show_result(self):
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
        options = []
        options.append(("result", {"revolt": None}))
        try:
            app.preview(dict(self.draft, revolt=True))
            options.append(("revolt", {"revolt": True}))
        except RecordError:
            pass
        return options

    def press(self, key):
        order = self.draft["order"]
        amending = self.app.amending is not None
        if order and (key == keys.MENU if amending else key == keys.BACK):
            order.pop()
        elif key == keys.MENU and not amending:
            self.app.push(ForfeitScreen(self.app))
        else:
            super().press(key)


class ForfeitScreen(Choice):
    """Who quit. `keep`: what an amended forfeit recorded besides (its emperor, guard)."""

    title = "forfeit"

    def __init__(self, app, keep=None):
        self.keep = keep or {}
        super().__init__(app)

    def options(self):
        return [(name, s) for s, name in enumerate(self.seat_names())]

    def pick(self, value):
        self.app.push(Preview(self.app, dict(self.keep, forfeit=value), [("forfeit", {})]))


