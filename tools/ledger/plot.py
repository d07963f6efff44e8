"""`plot`: everyone's running totals over the hands, as a PNG (matplotlib, Agg backend).

Names are set in WenQuanYi Micro Hei 文泉驿微米黑, a font file that the pinned
`paperang-p2-fonts-cjk` wheel ships (requirements-dev.txt), loaded by its path: no system font
is needed, so a fresh machine draws the same picture. `--font PATH` takes another font file.

The x axis is the hand number as the device shows it. A voided hand keeps its number and
leaves the totals flat (a grey band marks it); an amended hand counts as corrected (a ring
marks it). 升级 has no points: its picture is the levels of the two teams.
"""

import importlib.resources
import os
import sys
import warnings

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


def _title(table, count):
    title = text(table.game, "zh")
    if table.profile:
        title += " " + text(table.profile, "zh")
    return "{} · {} hands".format(title, count)


def plot(table, out, font_file=None, size=(8, 4.5), dpi=100):
    """Draw the table's running totals into the PNG `out`. Returns the characters of the
    names that the font lacks (drawn as boxes; the caller says so)."""
    font_file = font_file or font_path()
    pyplot, family = _setup(font_file)
    rows = hands(table)
    names = table.names
    if table.game == "shengji":
        labels = [names[0] + "/" + names[2], names[1] + "/" + names[3]]
    else:
        labels = ["{} {:+d}".format(n, t) if t else n + " 0"
                  for n, t in zip(names, table.totals)]
    missing = missing_glyphs(font_file, labels)
    rc = {"font.family": [family, "DejaVu Sans"], "axes.unicode_minus": False}
    with pyplot.rc_context(rc), warnings.catch_warnings():
        # Missing glyphs were found above and reported once; matplotlib would say it per
        # draw.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig, ax = pyplot.subplots(figsize=size, dpi=dpi)
        try:
            xs = [0] + [h["hand"] for h in rows]
            if table.game == "shengji":
                _draw_levels(table, rows, ax, xs, labels)
            else:
                for seat, label in enumerate(labels):
                    ys = [0] + [h["totals"][seat] for h in rows]
                    ax.plot(xs, ys, marker="o", markersize=4, label=label, linewidth=2)
                    amended = [(h["hand"], h["totals"][seat]) for h in rows
                               if h["status"] == AMENDED]
                    if amended:
                        ax.scatter(*zip(*amended), s=120, facecolors="none",
                                   edgecolors="black", linewidths=1, zorder=3)
                ax.axhline(0, color="grey", linewidth=0.8)
                ax.set_ylabel("total 总分")
            for h in rows:
                if h["status"] == VOID:
                    ax.axvspan(h["hand"] - 0.5, h["hand"] + 0.5, color="lightgrey", alpha=0.6,
                               linewidth=0)
            counted = sum(h["counts"] for h in rows)
            ax.set_title(_title(table, counted))
            ax.set_xlabel("hand 局" + (" (grey: voided 作废, ring: amended 更正)"
                                      if any(h["status"] != "ok" for h in rows) else ""))
            ax.set_xlim(0, max(xs) + 0.5)
            ax.xaxis.get_major_locator().set_params(integer=True)
            ax.grid(True, alpha=0.3)
            ax.legend(loc="best")
            fig.tight_layout()
            folder = os.path.dirname(os.path.abspath(out))
            if not os.path.isdir(folder):
                raise LedgerError(out, "no such folder: " + folder)
            fig.savefig(out, format="png")
        finally:
            pyplot.close(fig)
    return missing


def _draw_levels(table, rows, ax, xs, labels):
    from core.shengji import new_state

    start = new_state({"rules": table.rules})["levels"]
    for team, label in enumerate(labels):
        ys = [start[team]]
        for h in rows:
            ys.append(h["result"]["levels"][team] if h["counts"] else ys[-1])
        ax.plot(xs, ys, marker="o", markersize=4, label=label, linewidth=2)
    ax.set_yticks(range(len(LEVELS)), LEVELS)
    ax.set_ylabel("level 级")


def report_missing(missing, out=None):
    if missing:
        print("note: the font has no glyph for {}: drawn as boxes".format(
            " ".join(missing)), file=out or sys.stderr)
