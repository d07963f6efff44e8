"""`python -m tools.ledger export --csv`: a spreadsheet of the evening, one row per hand."""

import csv
import io
import json

from test_ledger_tables import EVENING, NAMES, RUNNING, evening_folder, write_jsonl

from tools.ledger.__main__ import main


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _rows(text):
    return list(csv.reader(io.StringIO(text)))


def test_one_row_per_hand_with_names_running_totals_and_marks(tmp_path, capsys):
    code, out, _err = _run(capsys, "export", evening_folder(tmp_path / "device"), "--csv")
    assert code == 0
    rows = _rows(out)
    assert rows[0] == (["hand", "status"] + NAMES + ["breakdown"]
                       + ["张三 total", "李四 total", "王五 total", "landlord", "multiplier"])
    assert [r[:5] for r in rows[1:]] == [
        ["1", "ok", "24", "-12", "-12"],
        ["2", "ok", "4", "-8", "4"],
        ["3", "void", "-1", "-1", "2"],  # what it would have scored; it does not count
        ["4", "amended", "-8", "4", "4"],  # as corrected
        ["5", "ok", "0", "-20", "20"]]
    assert [[int(c) for c in r[6:9]] for r in rows[1:]] == RUNNING
    assert [r[9:] for r in rows[1:]] == [["张三", "4"], ["李四", "2"], ["王五", "1"],
                                         ["张三", "2"], ["王五", "1"]]
    assert rows[1][5] == "3 × 2(炸弹) × 2(王炸) = 12；地主 +24"


def test_a_file_of_records_exports_too_with_names_given(tmp_path, capsys):
    records = [dict(r, game="ddz", profile="classic", players=3) for r in EVENING]
    path = write_jsonl(tmp_path / "evening.jsonl", records)
    code, out, _err = _run(capsys, "export", path, "--csv", "--names", "甲,乙,丙")
    rows = _rows(out)
    assert code == 0 and rows[0][2:5] == ["甲", "乙", "丙"]
    assert [r[1] for r in rows[1:]] == ["ok"] * 5
    code, out, _err = _run(capsys, "export", path, "--json")
    assert [json.loads(line)["landlord"] for line in out.splitlines()] == [0, 1, 2, 0, 2]


def test_out_file_has_a_byte_order_mark_for_excel(tmp_path, capsys):
    device = evening_folder(tmp_path / "device")
    target = tmp_path / "evening.csv"
    code, out, _err = _run(capsys, "export", device, "--csv", "--out", target)
    assert code == 0 and "wrote 5 hands" in out
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "张三".encode() in data
    code, stdout_csv, _err = _run(capsys, "export", device, "--csv")
    assert data.decode("utf-8-sig") == stdout_csv
    json_target = tmp_path / "evening.jsonl"
    assert _run(capsys, "export", device, "--json", "--out", json_target)[0] == 0
    assert not json_target.read_bytes().startswith(b"\xef")
    assert len(json_target.read_text(encoding="utf-8").splitlines()) == 4


def test_other_games_columns(tmp_path, capsys):
    bh = write_jsonl(tmp_path / "bh.jsonl", [
        {"game": "baohuang", "players": 5, "emperor": 0, "guard": 1, "order": [0, 1, 2, 3]},
        {"game": "baohuang", "players": 5, "forfeit": 2}])
    rows = _rows(_run(capsys, "export", bh, "--csv")[1])
    assert rows[0][-6:] == ["P1 total", "P2 total", "P3 total", "P4 total", "P5 total",
                            "emperor"]
    assert rows[1][-6:] == ["6", "3", "-3", "-3", "-3", "P1"]
    assert rows[2][-6:] == ["16", "13", "-43", "7", "7", ""]  # a forfeit names no emperor
    sj = write_jsonl(tmp_path / "sj.jsonl", [
        {"game": "shengji", "players": 4, "dealer": 0, "points": 0},
        {"game": "shengji", "players": 4, "dealer": 2, "points": 120}])
    rows = _rows(_run(capsys, "export", sj, "--csv")[1])
    assert rows[0] == ["hand", "status", "levels", "dealer", "breakdown", "dealt by",
                       "points"]
    assert [r[:4] + r[5:] for r in rows[1:]] == [["1", "ok", "5/2", "2", "P1", "0"],
                                                 ["2", "ok", "5/3", "3", "P3", "120"]]


def test_out_into_folders_that_do_not_exist_creates_them(tmp_path, capsys):
    device = evening_folder(tmp_path / "device")
    target = tmp_path / "exports" / "2024" / "tonight.csv"
    code, out, err = _run(capsys, "export", device, "--csv", "--out", target)
    assert code == 0 and "wrote 5 hands to" in out, err
    assert target.read_bytes().decode("utf-8-sig") == _run(capsys, "export", device,
                                                           "--csv")[1]
    # Written aside and renamed: nothing but the file is left in the new folder.
    assert [p.name for p in target.parent.iterdir()] == ["tonight.csv"]
    relative = tmp_path / "rel"
    relative.mkdir()
    import os

    here = os.getcwd()
    os.chdir(relative)
    try:
        assert _run(capsys, "export", device, "--json", "--out", "a/b.jsonl")[0] == 0
    finally:
        os.chdir(here)
    assert len((relative / "a" / "b.jsonl").read_text(encoding="utf-8").splitlines()) == 4


def test_out_folders_made_for_a_write_that_fails_are_removed(tmp_path, capsys, monkeypatch):
    from tools.ledger import export as exporting

    device = evening_folder(tmp_path / "device")
    real = exporting.write_csv

    def write_then_fail(table, f):
        real(table, f)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(exporting, "write_csv", write_then_fail)
    code, out, err = _run(capsys, "export", device, "--csv", "--out",
                          tmp_path / "new" / "deeper" / "tonight.csv")
    assert (code, out) == (2, "") and "cannot write: No space left on device" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["device"]
    # A file where a folder is needed is refused, and nothing is made.
    (tmp_path / "file").write_text("x")
    monkeypatch.setattr(exporting, "write_csv", real)
    code, out, err = _run(capsys, "export", device, "--csv", "--out",
                          tmp_path / "file" / "sub" / "t.csv")
    assert code == 2 and "cannot write" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["device", "file"]
