"""Entering a 升级 hand: the attackers' points in steps of 5, then the preview. The dealer
comes from the table (chosen on the table screen before the first hand). Amending a hand
(amend()) opens on its result, the points screen beneath it at the recorded points."""

from ui import keys
from ui.preview import LeadScreen, Preview, draft_of
from ui.screen import Screen

START_POINTS = 80  # the turnover: the middle of what tables usually see
BIG_STEP = 40


def start(app, dealer, draft=None):
    draft = draft if draft is not None else {}
    draft["dealer"] = dealer
    app.push(PointsScreen(app, draft))


def amend(app, record):
    draft = draft_of(record)
    app.push(LeadScreen(app, draft, "dealer", lambda d: start(app, d["dealer"], d)))
    app.push(PointsScreen(app, draft))
    app.push(Preview(app, draft))


def resume(app, draft):
    """A hand kept through a power cut (ui/draft.py): the points screen as it was left."""
    points = draft.get("points", START_POINTS)
    if draft["dealer"] not in range(4) or type(points) is not int or points < 0:
        raise ValueError("not a hand of this table")
    start(app, draft["dealer"], draft)


class PointsScreen(Screen):
    """NEXT +5, PREV −5, MENU +40 (wrapping past 300 to 0)."""

    def __init__(self, app, draft):
        super().__init__(app)
        self.draft = draft
        self.points = draft.get("points", START_POINTS)

    @property
    def hint_rows(self):
        # 128x64: +5, −5, +40, OK and back take two rows of hints in Chinese, three in
        # English ("M:OK/hold:+40" alone fills most of one); the points take the row left.
        if not self.app.painter.mono:
            return 1
        return 2 if self.app.lang == "zh" else 3

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
            self.app.push(Preview(self.app, self.draft))
        elif key == keys.BACK:
            self.app.pop()
        self.draft["points"] = self.points  # kept through a power cut (ui/draft.py)

    def draw(self, p):
        dealer = self.app.table.names[self.draft["dealer"]]
        if p.mono:  # 128 px: the points, then the dealer where a row is left
            p.line(0, self.t("points"), color=p.accent)
            p.right(0, str(self.points), color=p.accent)
            if p.rows - self.hint_rows > 1:
                p.line(1, "{} {}".format(self.t("dealer"), dealer))
            return
        p.line(0, "{} {}  {}".format(self.t("dealer"), dealer, self.t("attackers")),
               color=p.accent)
        big = p.big_scale
        p.big(1, str(self.points), big)
        p.line(1 + big, self.t("points"), 4)
