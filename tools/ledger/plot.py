"""`plot`: everyone's running totals over the hands, as a PNG (matplotlib, Agg backend).

Names are set in WenQuanYi Micro Hei 文泉驿微米黑, a font file that the pinned
`paperang-p2-fonts-cjk` wheel ships (requirements-dev.txt), loaded by its path: no system font
is needed, so a fresh machine draws the same picture. `--font PATH` takes another font file.

The x axis is the hand number as the device shows it (history №N, the table screen's 第N手):
a hand's position among all the hands dealt, voided ones included. A voided hand keeps its
number, scored nothing and is no point on the lines, which run flat across it; a grey band
marked 作废 shows it, and the title counts it: "7 手，2 手作废 · 7 hands, 2 voided". An
amended hand counts as corrected (a ring marks it). 升级 has no points: its picture is the
levels of the two teams.
"""

import importlib.resources
import os
import sys
import warnings

from core.money import text as money_text
from core.profiles import LEVELS
from tools.ledger.evening import AMENDED, VOID, hands
from tools.ledger.records import LedgerError
from ui.strings import text

FONT_PACKAGE = "paperang_p2_fonts_cjk"
FONT_FILE = ("fonts", "wqy-microhei.ttc")


def font_path():
    """The CJK font file the project installs; LedgerError if it is missing."""
    try:
        path = importlib.resources.files(FONT_PACKAGE).joinpath(*FONT_FILE)
    except ModuleNotFoundError:
        path = None
    if path is None or not os.path.isfile(str(path)):
        raise LedgerError("plot", "the CJK font is not installed: run `python3 -m "
                                  "tools.setup_env` (it installs paperang-p2-fonts-cjk) and "
                                  "use .venv/bin/python, or pass --font FILE")
    return str(path)


def missing_glyphs(font_file, strings):
    """Characters of `strings` that the font has no glyph for (they would draw as boxes)."""
    from matplotlib.ft2font import FT2Font

    font = FT2Font(font_file)
    missing = []
    for s in strings:
        for c in s:
            if not c.isspace() and c not in missing and font.get_char_index(ord(c)) == 0:
                missing.append(c)
    return missing


def _setup(font_file):
    """matplotlib with the Agg backend and `font_file` as the font; returns (pyplot, name)."""
    try:
        import matplotlib
    except ImportError:
        raise LedgerError("plot", "matplotlib is not installed: run `python3 -m "
                                  "tools.setup_env` and use .venv/bin/python") from None
    matplotlib.use("Agg")
    from matplotlib import font_manager, pyplot

    if not os.path.isfile(font_file):
        raise LedgerError(font_file, "no such font file")
    font_manager.fontManager.addfont(font_file)
    name = font_manager.FontProperties(fname=font_file).get_name()
    return pyplot, name


def title(table, rows):
    """The picture's title: the game, then how many hands were dealt and how many of them
    were voided (the axis numbers every hand dealt, as the device's history does)."""
    name = text(table.game, "zh")
    if table.profile:
        name += " " + text(table.profile, "zh")
    dealt = len(rows)
    voided = sum(h["status"] == VOID for h in rows)
    if voided:
        return "{} · {} 手，{} 手作废 · {} hands, {} voided".format(name, dealt, voided, dealt,
                                                                  voided)
    return "{} · {} 手 · {} hands".format(name, dealt, dealt)


def x_label(rows):
    marks = []
    if any(h["status"] == VOID for h in rows):
        marks.append("grey: voided 作废")
    if any(h["status"] == AMENDED for h in rows):
        marks.append("ring: amended 更正")
    return "hand 手" + (" ({})".format(", ".join(marks)) if marks else "")


def plot(table, out, font_file=None, size=(8, 4.5), dpi=100):
    """Draw the table's running totals into the PNG `out`. Returns the characters of the
    names that the font lacks (drawn as boxes; the caller says so)."""
    font_file = font_file or font_path()
    pyplot, family = _setup(font_file)
    labels = _labels(table)
    missing = missing_glyphs(font_file, labels)
    rc = {"font.family": [family, "DejaVu Sans"], "axes.unicode_minus": False}
    with pyplot.rc_context(rc), warnings.catch_warnings():
        # Missing glyphs were found above and reported once; matplotlib would say it per
        # draw.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig, ax = pyplot.subplots(figsize=size, dpi=dpi)
        try:
            draw(table, ax, labels)
            fig.tight_layout()
            folder = os.path.dirname(os.path.abspath(out))
            if not os.path.isdir(folder):
                raise LedgerError(out, "no such folder: " + folder)
            fig.savefig(out, format="png")
        finally:
            pyplot.close(fig)
    return missing


def _labels(table):
    names = table.names
    if table.game == "shengji":
        return [names[0] + "/" + names[2], names[1] + "/" + names[3]]
    if table.scale != 1:  # hundredths: two decimals, as the device shows them
        return ["{} {}".format(n, money_text(t, table.scale, "+")) for n, t in
                zip(names, table.totals)]
    return ["{} {:+d}".format(n, t) if t else n + " 0" for n, t in zip(names, table.totals)]


def _money(total, scale):
    return total if scale == 1 else total / scale


def draw(table, ax, labels=None):
    """The picture on the matplotlib axes `ax`. Every hand dealt has its place on the axis,
    numbered as on the device; a voided hand is a grey band marked 作废, where the lines run
    flat without a point (it scored nothing); an amended one is ringed, as corrected."""
    rows = hands(table)
    labels = labels or _labels(table)
    xs = [0] + [h["hand"] for h in rows]
    # Points where something was scored (and the start): not on a voided hand.
    scored = [0] + [i + 1 for i, h in enumerate(rows) if h["counts"]]
    if table.game == "shengji":
        _draw_levels(table, rows, ax, xs, labels, scored)
    else:
        for seat, label in enumerate(labels):
            # Drawn in money (points × unit): a table of hundredths is divided for the
            # picture only, where a float's last digits cannot be seen.
            ys = [0] + [_money(h["totals"][seat], table.scale) for h in rows]
            ax.plot(xs, ys, marker="o", markersize=4, markevery=scored, label=label,
                    linewidth=2)
            amended = [(h["hand"], _money(h["totals"][seat], table.scale)) for h in rows
                       if h["status"] == AMENDED]
            if amended:
                ax.scatter(*zip(*amended), s=120, facecolors="none", edgecolors="black",
                           linewidths=1, zorder=3)
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_ylabel("total 总分")
    voided = [h["hand"] for h in rows if h["status"] == VOID]
    for hand in voided:
        ax.axvspan(hand - 0.5, hand + 0.5, color="lightgrey", alpha=0.6, linewidth=0)
        if len(rows) <= 40:  # beyond, the bands are too narrow for the word
            ax.text(hand, 0.98, "作废", transform=ax.get_xaxis_transform(), ha="center",
                    va="top", fontsize=8, color="dimgrey")
    ax.set_title(title(table, rows))
    ax.set_xlabel(x_label(rows))
    ax.set_xlim(0, max(xs) + 0.5)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")


def _draw_levels(table, rows, ax, xs, labels, scored):
    from core.shengji import new_state

    start = new_state({"rules": table.rules})["levels"]
    for team, label in enumerate(labels):
        ys = [start[team]]
        for h in rows:
            ys.append(h["result"]["levels"][team] if h["counts"] else ys[-1])
        ax.plot(xs, ys, marker="o", markersize=4, markevery=scored, label=label,
                linewidth=2)
    ax.set_yticks(range(len(LEVELS)), LEVELS)
    ax.set_ylabel("level 级")


def report_missing(missing, out=None):
    if missing:
        print("note: the font has no glyph for {}: drawn as boxes".format(
            " ".join(missing)), file=out or sys.stderr)


README_PICTURE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "docs", "pictures", "plot.png")
README_NAMES = ["老王", "小李", "阿珍"]


def readme_table():
    """The evening of the README's picture: 18 classic hands among 老王, 小李 and 阿珍, two
    of them voided (hands 7 and 14) and one amended (hand 11); the same every time."""
    import random

    from core.table import Table

    rng = random.Random(2024)
    table = Table("ddz", 3, profile="classic", names=list(README_NAMES))
    for _ in range(18):
        record = {"landlord": rng.randrange(3), "bid": rng.choice([1, 1, 2, 2, 3]),
                  "winner": rng.choice(["landlord", "landlord", "farmers"])}
        bombs = rng.choice([[], [], [], ["bomb"], ["bomb", "bomb"], ["rocket"]])
        if bombs:
            record["bombs"] = bombs
        table.record(record)
    table.void(6)
    table.void(13)
    amended = dict(table.entries[10]["record"])
    amended["winner"] = "farmers" if amended["winner"] == "landlord" else "landlord"
    table.amend(10, amended)
    return table


def main(argv=None):
    """python -m tools.ledger.plot [PNG]: draw the README's picture (docs/pictures/plot.png
    by default) from readme_table()."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tools.ledger.plot",
                                     description="Draw the README's picture of running totals "
                                                 "(docs/pictures/plot.png) from a fixed "
                                                 "evening of 18 hands.")
    parser.add_argument("out", nargs="?", default=README_PICTURE, metavar="PNG")
    args = parser.parse_args(argv)
    report_missing(plot(readme_table(), args.out))
    print("wrote {}".format(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
