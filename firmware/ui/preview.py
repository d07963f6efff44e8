"""The last step of every hand: what the record scores, then OK writes it to the journal.

Options (winner, spring…) are cycled with NEXT/PREV and the numbers follow at once, so the
result and the preview are one screen: one press fewer per hand. OK confirms only once the
result has been on the screen long enough to be read (a hurried OK is dropped, ui/app.py).
The breakdown and the changes come from the core (table.preview → core.score and
core.explain).

An option sets keys of the record; a key set to None is left out of it (a hand without a
spring has no "spring" key). While a hand is amended, the cursor starts on the option the
hand was recorded with, so OK at once records it unchanged.
"""

from core.errors import RecordError
from core.explain import breakdown
from core.journal import JournalError
from ui import keys
from ui.screen import Choice, Paged, signed, wrap

_TABLE = ("game", "profile", "players", "rules")  # what the table fills into a record


def draft_of(record, leave=()):
    """A copy of a recorded hand to enter again (an amend): without what the table fills in
    and without the keys in `leave` (the outcome, which the last screens set)."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in record.items()
            if k not in _TABLE and k not in leave}


class LeadScreen(Choice):
    """Who led the hand being amended (the landlord, the emperor, the dealer: `key` of its
    draft), at the bottom of an amend's screens: BACK from its first step comes here. A pick
    sets it and `onward(draft)` stacks the hand's steps again, each on its recorded value."""

    def __init__(self, app, draft, key, onward):
        self.draft = draft
        self.key = key
        self.onward = onward
        super().__init__(app)
        self.cursor = draft[key]

    def heading(self):
        return self.t(self.key)

    def options(self):
        return [(name, s) for s, name in enumerate(self.seat_names())]

    def pick(self, value):
        self.draft[self.key] = value
        self.onward(self.draft)


class Preview(Paged):
    def __init__(self, app, draft, options=None):
        super().__init__(app)
        self.draft = draft
        self.options = options or [("preview", {})]
        self.cursor = 0
        self._lines = {}  # cursor -> [(line, colour)], see draw()
        if app.amending is not None and len(self.options) > 1:
            recorded = app.table.entries[app.amending]["record"]
            for i, (_label, values) in enumerate(self.options):
                if all(recorded.get(k) == v for k, v in values.items()):
                    self.cursor = i
                    break

    def record(self):
        record = dict(self.draft)
        for key, value in self.options[self.cursor][1].items():
            if value is None:
                record.pop(key, None)
            else:
                record[key] = value
        return record

    def actions(self):
        if len(self.options) > 1:
            return self.more(((keys.NEXT, "down"), (keys.OK, "ok"), (keys.BACK, "back")))
        return self.more(((keys.OK, "ok"), (keys.BACK, "back")))

    def hurried(self, key) -> bool:
        # A hand is confirmed only from its result on the screen: an OK that came before the
        # result could be read (a double tap on the play screen's OK) is dropped.
        return key == keys.OK

    def press(self, key):
        if self.turn(key):
            return
        if key in (keys.NEXT, keys.PREV) and len(self.options) > 1:
            step = 1 if key == keys.NEXT else -1
            self.cursor = (self.cursor + step) % len(self.options)
            self.page = 0
        elif key == keys.OK:
            self.app.commit(self.record())
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        label = self.t(self.options[self.cursor][0])
        choosing = len(self.options) > 1
        p.line(0, label, 4, None, choosing)
        if choosing:  # the bar cycles: say so at its end
            p.right(0, "▼ ", None, True)
        lines = self._lines.get(self.cursor)
        if lines is None:
            # The lines of an option, worked out once (the core's preview and breakdown, then
            # cut to the width: ~1 M fuel): coming back to an option only draws them.
            lines = self._lines[self.cursor] = self._work_out(p)
        self.draw_lines(p, lines)

    def _work_out(self, p):
        """[(line, colour)] of the current option, cut to the screen's width."""
        try:
            record, result = self.app.preview(self.record())
        except (RecordError, JournalError) as exc:
            from ui.messages import describe  # loaded only when there is something to say

            return [(part, p.bad) for part in wrap(p, describe(exc, self.app.lang))]
        names = self.app.table.seat_names(record)
        lines = []
        if "deltas" in result:
            scale = result.get("scale", 1)
            lines.append(" ".join(names[s] + signed(d, scale)
                                  for s, d in enumerate(result["deltas"])))
        lines.extend(breakdown(record, result, self.app.lang, names).replace("; ", "；")
                     .split("；"))
        return [(part, None) for line in lines for part in wrap(p, line)]
