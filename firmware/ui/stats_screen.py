"""The table's statistics (core.stats), from the menu: per player how often it led the hand
(the landlord, the emperor, the dealer) and won then, its biggest gain and loss (and the
bombs it played, where the hands say who played them); the bombs played, by kind. A player's
figures stay on one page (StatsScreen). Imported when first opened,
let go again on a small heap (ui/modules.py)."""

from core.stats import ROLE
from ui import keys
from ui.screen import Paged, signed


def _percent(rate):
    return "" if rate is None else " {}%".format(int(rate * 100 + 0.5))


class StatsScreen(Paged):
    """A player's figures stay together: each player's block (its name and role, the hands
    it won leading, its best and worst, its bombs) is packed into lines an item at a time,
    never cutting one ("最低 −12" is one), and a page holds whole blocks; a block longer than
    a page goes on at the next one under its name again. NEXT turns the pages forward, PREV
    back, the title saying which page ("统计 2/3")."""

    def __init__(self, app):
        super().__init__(app)
        self._pages = None  # [[(line, ink)]], worked out at the first draw

    def actions(self):
        if self.pages > 1:
            return ((keys.NEXT, "next_page"), (keys.PREV, "prev_page"), (keys.BACK, "back"))
        return ((keys.BACK, "back"),)

    def press(self, key):
        if key in (keys.NEXT, keys.PREV):
            if self.pages > 1:
                step = -1 if key == keys.PREV else 1
                self.page = (self.page + step) % self.pages
        else:
            super().press(key)

    def blocks(self):
        """[(name, [item, …])]: each player's figures, then the bombs by kind (no name)."""
        table = self.app.table
        counts = self.app.tally()
        role = self.t(ROLE[table.game])
        # 128 px: the rates follow from the counts beside them, and cost a line a player
        rate = _percent if self.app.painter.width > 128 else (lambda _rate: "")
        blocks = []
        for seat, name in enumerate(table.names):
            got = counts.player(seat)
            items = ["{} {}/{}{}".format(role, got["led"], got["hands"],
                                         rate(got["led_rate"])),
                     self.t("won_n").format(got["led_won"], got["led"])
                     + rate(got["led_win_rate"])]
            if counts.bombed is not None:  # some hand says who played its bombs
                items.append(self.t("bombs_n").format(counts.bombed[seat]))
            if table.game != "shengji":
                for key, word in (("biggest_gain", "best"), ("biggest_loss", "worst")):
                    big = got[key]
                    if big is not None:
                        items.append(self.t(word).format(signed(big["delta"], table.scale)))
            blocks.append((name, items))
        if table.game == "ddz":
            bombs = counts.bombs
            parts = ["{}×{}".format(self.t(kind), n) for kind, n in bombs.items()]
            blocks.append(("", [self.t("bomb") + " {}".format(sum(bombs.values()))]
                           + parts))
        return blocks

    def _lines(self, p, name, items):
        """A block's lines: the name, then its items while they fit, the next line indented;
        an item wider than the panel alone is clipped."""
        lines = []
        line = name
        for item in items:
            joined = line + " " + item if line.strip() else item
            if line.strip() and not p.fits(joined):
                lines.append(line)
                joined = "  " + item if p.fits("  " + item) else item
            line = joined
        lines.append(line)
        return [p.clip(line) for line in lines]

    def _paginate(self, p):
        room = p.rows - self.hint_rows - 1
        pages = [[]]
        for name, items in self.blocks():
            lines = self._lines(p, name, items)
            if pages[-1] and len(pages[-1]) + len(lines) > room:
                pages.append([])
            while len(lines) > room:  # longer than a page: the rest under its name again
                pages[-1].extend(lines[:room])
                lines = [p.clip(name + " " + lines[room].lstrip())] + lines[room + 1:]
                pages.append([])
            pages[-1].extend(lines)
        return pages

    def draw(self, p):
        if self._pages is None:
            self._pages = self._paginate(p)
            self.pages = len(self._pages)
        if self.page >= self.pages:
            self.page = 0
        title = self.t("stats")
        if self.pages > 1:
            title += " {}/{}".format(self.page + 1, self.pages)
        p.line(0, title, color=p.accent)
        for row, line in enumerate(self._pages[self.page]):
            p.line(1 + row, line)
