"""The last step of every hand: what the record scores, then OK writes it to the journal.

Options (winner, spring…) are cycled with NEXT/PREV and the numbers follow at once, so the
result and the preview are one screen: one press fewer per hand. The breakdown and the
changes come from the core (table.preview → core.score and core.explain).
"""

from core.errors import RecordError
from core.explain import breakdown
from ui import keys
from ui.screen import Screen, signed, wrap


class Preview(Screen):
    def __init__(self, app, draft, options=None):
        super().__init__(app)
        self.draft = draft
        self.options = options or [("preview", {})]
        self.cursor = 0
        self._lines = {}  # cursor -> [(line, colour)], see draw()

    def record(self):
        record = dict(self.draft)
        record.update(self.options[self.cursor][1])
        return record

    def actions(self):
        if len(self.options) > 1:
            return ((keys.NEXT, "down"), (keys.OK, "ok"), (keys.BACK, "back"))
        return ((keys.OK, "ok"), (keys.BACK, "back"))

    def press(self, key):
        if key in (keys.NEXT, keys.PREV) and len(self.options) > 1:
            step = 1 if key == keys.NEXT else -1
            self.cursor = (self.cursor + step) % len(self.options)
        elif key == keys.OK:
            self.app.commit(self.record())
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        label = self.t(self.options[self.cursor][0])
        p.line(0, label, 4, selected=len(self.options) > 1)
        lines = self._lines.get(self.cursor)
        if lines is None:
            # The lines of an option, worked out once (the core's preview and breakdown, then
            # cut to the width: ~1 M fuel): coming back to an option only draws them.
            lines = self._lines[self.cursor] = self._work_out(p)
        row = 1
        for line, color in lines:
            if row < p.rows - 1:
                p.line(row, line, color=color)
                row += 1

    def _work_out(self, p):
        """[(line, colour)] of the current option, cut to the screen's width."""
        try:
            record, result = self.app.preview(self.record())
        except RecordError as exc:
            return [(part, p.bad) for part in wrap(p, str(exc))]
        names = self.app.table.names
        lines = []
        if "deltas" in result:
            lines.append(" ".join(names[s] + signed(d) for s, d in enumerate(result["deltas"])))
        lines.extend(breakdown(record, result, self.app.lang, names).replace("; ", "；")
                     .split("；"))
        out = []
        for line in lines:
            for part in wrap(p, line):
                if len(out) < p.rows - 2:
                    out.append((part, None))
        return out
