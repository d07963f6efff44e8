"""`python -m tools.ledger plot`: a PNG of the running totals, Chinese names drawn with the
CJK font the project installs (not as missing-glyph boxes)."""

import io
import warnings

import pytest
from test_ledger_tables import NAMES, evening_folder, write_jsonl

from tools.ledger.__main__ import main
from tools.ledger.plot import font_path, missing_glyphs

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
from matplotlib import font_manager, pyplot  # noqa: E402
from PIL import Image, ImageChops  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _render(label, family):
    """`label` drawn alone in `family`; (the picture, matplotlib's glyph warnings)."""
    with warnings.catch_warnings(record=True) as caught, \
            pyplot.rc_context({"font.family": [family]}):
        warnings.simplefilter("always")
        fig = pyplot.figure(figsize=(1.5, 0.6), dpi=100)
        fig.text(0.05, 0.3, label, fontsize=20)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        pyplot.close(fig)
    glyphs = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    return Image.open(io.BytesIO(buffer.getvalue())).convert("L"), glyphs


def test_the_names_are_drawn_with_real_glyphs_not_boxes():
    path = font_path()
    font_manager.fontManager.addfont(path)
    family = font_manager.FontProperties(fname=path).get_name()
    assert family == "WenQuanYi Micro Hei"
    assert missing_glyphs(path, NAMES + ["老王", "小李", "阿珍"]) == []
    zhang, warned = _render("张三", family)
    li, warned_too = _render("李四", family)
    assert warned == warned_too == []
    # Two different names give two different pictures...
    assert ImageChops.difference(zhang, li).getbbox() is not None
    # ...where a font without CJK draws both as the same missing-glyph boxes, and says so:
    # the check above would catch a plot that fell back to it.
    box_zhang, box_warned = _render("张三", "DejaVu Sans")
    box_li, _ = _render("李四", "DejaVu Sans")
    assert box_warned and ImageChops.difference(box_zhang, box_li).getbbox() is None


def test_plot_writes_a_png_of_a_journal_folder(tmp_path, capsys):
    out = tmp_path / "evening.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a glyph warning would fail the test
        code, stdout, err = _run(capsys, "plot", evening_folder(tmp_path / "device"),
                                 "--out", out)
    assert code == 0 and err == "" and "wrote" in stdout
    data = out.read_bytes()
    assert data.startswith(PNG)
    assert Image.open(out).size == (800, 450)


def test_a_name_the_font_lacks_is_reported(tmp_path, capsys):
    record = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
              "winner": "landlord"}
    path = write_jsonl(tmp_path / "t.jsonl", [record])
    code, _out, err = _run(capsys, "plot", path, "--out", tmp_path / "t.png",
                           "--names", "张三,李四,\U0001F600")
    assert code == 0 and "no glyph for \U0001F600" in err
    assert (tmp_path / "t.png").read_bytes().startswith(PNG)


def test_shengji_plots_levels_and_bad_paths_exit_2(tmp_path, capsys):
    path = write_jsonl(tmp_path / "sj.jsonl", [
        {"game": "shengji", "players": 4, "dealer": 0, "points": 0},
        {"game": "shengji", "players": 4, "dealer": 2, "points": 120}])
    code, _out, _err = _run(capsys, "plot", path, "--out", tmp_path / "sj.png")
    assert code == 0 and (tmp_path / "sj.png").read_bytes().startswith(PNG)
    code, out, err = _run(capsys, "plot", path, "--out", tmp_path / "nowhere" / "x.png")
    assert code == 2 and out == "" and "no such folder" in err
    code, out, err = _run(capsys, "plot", path, "--out", tmp_path / "x.png",
                          "--font", tmp_path / "none.ttf")
    assert code == 2 and "no such font file" in err


def _drawn(table):
    """The axes plot.draw fills for `table`, on a figure of the plot's size."""
    from tools.ledger.plot import draw

    fig, ax = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # glyphs: this figure has the default font
        draw(table, ax)
    return fig, ax


def test_hands_are_numbered_as_dealt_and_voided_ones_are_marked_not_scored(tmp_path,
                                                                           capsys):
    from core.journal import Journal
    from tools.ledger.folder import HostFS, load

    device = evening_folder(tmp_path / "device")  # 5 hands, hand 3 voided
    journal = Journal(HostFS(), str(device))
    table, _report = journal.boot()
    table.record({"landlord": 1, "bid": 1, "winner": "landlord"})
    table.record({"landlord": 2, "bid": 1, "winner": "farmers"})
    table.void(5)  # hand 6
    table, _scan = load(device)
    fig, ax = _drawn(table)
    try:
        # 7 hands dealt on the axis, 2 of them voided: the title counts both.
        assert ax.get_title() == "斗地主 经典 · 7 手，2 手作废 · 7 hands, 2 voided"
        assert ax.get_xlabel() == "hand 手 (grey: voided 作废, ring: amended 更正)"
        lines = [line for line in ax.get_lines() if line.get_label()[:2] in NAMES]
        assert len(lines) == 3
        for line in lines:
            assert list(line.get_xdata()) == [0, 1, 2, 3, 4, 5, 6, 7]
            # A point where a hand scored (and the start); none on hands 3 and 6.
            assert line.get_markevery() == [0, 1, 2, 4, 5, 7]
        voided = sorted(t.get_position()[0] for t in ax.texts if t.get_text() == "作废")
        assert voided == [3, 6]
        bands = sorted(p.get_x() + p.get_width() / 2 for p in ax.patches
                       if p.get_width() == 1)
        assert bands == [3, 6]
    finally:
        pyplot.close(fig)
    # Without a voided hand the title says the hands alone.
    record = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
              "winner": "landlord"}
    path = write_jsonl(tmp_path / "t.jsonl", [record, record])
    from tools.ledger.evening import open_table

    fig, ax = _drawn(open_table(str(path))[0])
    try:
        assert ax.get_title() == "斗地主 经典 · 2 手 · 2 hands" and ax.get_xlabel() == "hand 手"
    finally:
        pyplot.close(fig)


def test_the_ledgers_chinese_says_shou_for_a_hand():
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "tools" / "ledger"
    assert [p.name for p in sorted(folder.glob("*.py")) if "局" in p.read_text("utf-8")] == []


def test_the_readme_picture_is_what_the_plot_draws_now(tmp_path):
    from tools.ledger.plot import README_PICTURE, main, readme_table

    rows = __import__("tools.ledger.evening", fromlist=["hands"]).hands(readme_table())
    assert (len(rows), sum(not h["counts"] for h in rows)) == (18, 2)
    out = tmp_path / "plot.png"
    assert main([str(out)]) == 0
    now, readme = Image.open(out).convert("RGB"), Image.open(README_PICTURE).convert("RGB")
    assert now.size == readme.size == (800, 450)
    assert ImageChops.difference(now, readme).getbbox() is None, (
        "docs/pictures/plot.png is out of date: python -m tools.ledger.plot")
