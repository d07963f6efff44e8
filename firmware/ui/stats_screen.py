"""The table's statistics (core.stats), from the menu: per player how often it led the hand
(the landlord, the emperor, the dealer) and won then, its biggest gain and loss (and the
bombs it played, where the hands say who played them); the bombs played, by kind. Two lines
a player; MENU shows the next page where they do not all fit. Imported when first opened,
let go again on a small heap (ui/modules.py)."""

from core.stats import ROLE
from ui import keys
from ui.screen import Paged, signed, wrap


def _percent(rate):
    return "" if rate is None else " {}%".format(int(rate * 100 + 0.5))


class StatsScreen(Paged):
    def __init__(self, app):
        super().__init__(app)
        self._lines = None  # worked out at the first draw (the table cannot change here)

    def actions(self):
        return self.more(((keys.BACK, "back"),))

    def press(self, key):
        if not self.turn(key):
            super().press(key)

    def lines(self):
        table = self.app.table
        counts = self.app.tally()
        role = self.t(ROLE[table.game])
        lines = []
        for seat, name in enumerate(table.names):
            got = counts.player(seat)
            line = "{} {} {}/{}{}".format(name, role, got["led"], got["hands"],
                                          _percent(got["led_rate"]))
            if counts.bombed is not None:  # some hand says who played its bombs
                line += " " + self.t("bombs_n").format(counts.bombed[seat])
            lines.append((line, None))
            more = self.t("won_n").format(got["led_won"], got["led"]) + _percent(
                got["led_win_rate"])
            if table.game != "shengji":
                for key, word in (("biggest_gain", "best"), ("biggest_loss", "worst")):
                    big = got[key]
                    if big is not None:
                        more += " " + self.t(word).format(signed(big["delta"], table.scale))
            lines.append(("  " + more, None))
        if table.game == "ddz":
            bombs = counts.bombs
            parts = ["{}×{}".format(self.t(kind), n) for kind, n in bombs.items()]
            lines.append((self.t("bomb") + " {}".format(sum(bombs.values()))
                          + (": " + " ".join(parts) if parts else ""), None))
        return lines

    def draw(self, p):
        if self._lines is None:
            # A line too long for the panel goes on at the next, indented as the second.
            self._lines = []
            for line, color in self.lines():
                ink = p.ink if color is None else color
                for i, part in enumerate(wrap(p, line)):
                    self._lines.append((p.clip("  " + part) if i else part, ink))
        p.line(0, self.t("stats"), color=p.accent)
        self.draw_lines(p, self._lines)
