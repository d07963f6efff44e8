"""Entering a 升级 hand: the attackers' points in steps of 5, then the preview. The dealer
comes from the table (chosen on the table screen before the first hand)."""

from ui import keys
from ui.preview import Preview
from ui.screen import Screen

START_POINTS = 80  # the turnover: the middle of what tables usually see
BIG_STEP = 40


def start(app, dealer, draft=None):
    draft = draft if draft is not None else {}
    draft["dealer"] = dealer
    app.push(PointsScreen(app, draft))


class PointsScreen(Screen):
    """NEXT +5, PREV −5, MENU +40 (wrapping past 300 to 0)."""

    def __init__(self, app, draft):
        super().__init__(app)
        self.draft = draft
        self.points = draft.get("points", START_POINTS)

    def actions(self):
        return ((keys.NEXT, "plus5"), (keys.PREV, "minus5"), (keys.MENU, "plus40"),
                (keys.OK, "ok"), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.NEXT:
            self.points += 5
        elif key == keys.PREV:
            self.points = max(0, self.points - 5)
        elif key == keys.MENU:
            self.points = (self.points + BIG_STEP) % 320
        elif key == keys.OK:
            self.draft["points"] = self.points
            self.app.push(Preview(self.app, self.draft))
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        dealer = self.app.table.names[self.draft["dealer"]]
        p.line(0, "{} {}  {}".format(self.t("dealer"), dealer, self.t("attackers")),
               color=p.accent)
        p.big(1, str(self.points), 1 if p.mono else 3)
        if not p.mono:
            p.line(4, self.t("points"), 4)
