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
