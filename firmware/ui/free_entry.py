"""Entering a free-scoring hand 自由记分 (core/free.py): each player's points, then the
preview. The rows start at the player the table screen's cursor was on (the winner, as a
rule) and go round the table: NEXT and PREV change the player's points by the step, OK goes
on to the next player and after the last to the preview, BACK to the one before, the menu
(a long press) cycles the step 1 / 5 / 10 / 100 (kept for the next hands). On a zero-sum
table the players left at 0 share what the others' points leave (core.free.share): a
winner's +30 and OK through the others is −10 each at a table of four. Amending a hand
(amend()) opens on its result, the points beneath it as recorded."""

from core.free import share
from ui import keys
from ui.preview import Preview, draft_of
from ui.screen import Screen, signed

STEPS = (1, 5, 10, 100)


def start(app, seat, draft=None):
    draft = draft if draft is not None else {}
    draft.setdefault("points", [0] * app.table.players)
    app.push(PointsScreen(app, draft, seat))


def resume(app, draft):
    """A hand kept through a power cut (ui/draft.py): the points screen with every player's
    points as they were left, its rows from the first seat."""
    points = draft.get("points")
    if (type(points) is not list or len(points) != app.table.players
            or any(type(n) is not int for n in points)):
        raise ValueError("not a hand of this table")
    start(app, 0, draft)


def amend(app, record):
    draft = draft_of(record)
    app.push(PointsScreen(app, draft, 0))
    app.push(Preview(app, draft))


class PointsScreen(Screen):
    @property
    def hint_rows(self):
        # 128x64: the step's keys and OK / the menu do not fit one row of 16 characters.
        return 2 if self.app.painter.mono else 1

    def __init__(self, app, draft, first):
        super().__init__(app)
        self.draft = draft
        self.first = first  # the seat the rows start at
        self.row = 0  # rows entered so far: the seat under the cursor is first + row

    def _seat(self):
        return (self.first + self.row) % self.app.table.players

    def actions(self):
        return ((keys.NEXT, "plus"), (keys.PREV, "minus"), (keys.OK, "ok"),
                (keys.MENU, "step"), (keys.BACK, "back"))

    def press(self, key):
        app = self.app
        points = self.draft["points"]
        step = STEPS[app.settings.get("free_step", 0) % len(STEPS)]
        if key in (keys.NEXT, keys.PREV):
            points[self._seat()] += step if key == keys.NEXT else -step
        elif key == keys.MENU:  # the step, for this hand and the next ones (not saved)
            app.settings["free_step"] = (STEPS.index(step) + 1) % len(STEPS)
        elif key == keys.OK and self.row + 1 < len(points):
            self.row += 1
        elif key == keys.OK:
            record = dict(self.draft)
            if app.table.zero_sum:
                record["points"] = share(points)
            app.push(Preview(app, record))
        elif key == keys.BACK and self.row:
            self.row -= 1
        elif key == keys.BACK:
            app.pop()

    def draw(self, p):
        table = self.app.table
        names = self.seat_names()
        points = self.draft["points"]
        step = self.t("step_n").format(STEPS[self.app.settings.get("free_step", 0) % len(STEPS)])
        # The head: the step (the game's name too where there is room), and on a zero-sum
        # table what the players left at 0 will share.
        p.line(0, step if p.mono else self.t("free") + "  " + step, color=p.accent)
        if table.zero_sum and sum(points):
            p.right(0, self.t("rest").format(signed(-sum(points))), color=p.accent)
        room = p.rows - 1 - self.hint_rows
        seat = self._seat()
        top = min(max(0, seat - room + 1), max(0, len(points) - room))
        for row in range(min(room, len(points) - top)):
            s = top + row
            p.line(1 + row, names[s] + " " + signed(points[s]), 4, selected=s == seat)
