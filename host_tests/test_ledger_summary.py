"""`python -m tools.ledger summary`: exact numbers on small hand-made tables."""

import json

from test_ledger_tables import NAMES, TOTALS, evening_folder, write_jsonl

from core.journal import Journal
from tools.ledger.__main__ import main
from tools.ledger.folder import HostFS


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _summary(capsys, *argv):
    code, out, err = _run(capsys, "summary", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_summary_of_an_evening_with_a_voided_and_an_amended_hand(tmp_path, capsys):
    data = _summary(capsys, evening_folder(tmp_path / "device"))
    assert (data["hands"], data["counted"], data["voided"], data["amended"]) == (5, 4, 1, 1)
    assert data["role"] == "landlord"
    assert [p["total"] for p in data["players"]] == TOTALS
    assert [p["name"] for p in data["players"]] == NAMES
    assert [p["hands"] for p in data["players"]] == [4, 4, 4]
    # Landlords of the hands that count: 张三 #1 (won) #4 (lost), 李四 #2 (lost), 王五 #5
    # (a farmer escaped: the landlord's side wins); #3 (王五) was voided.
    assert [(p["led"], p["led_won"]) for p in data["players"]] == [(2, 1), (1, 0), (1, 1)]
    assert [(p["led_rate"], p["led_win_rate"]) for p in data["players"]] == [
        (0.5, 0.5), (0.25, 0.0), (0.25, 1.0)]
    assert [(p["biggest_gain"], p["biggest_loss"]) for p in data["players"]] == [
        ({"hand": 1, "delta": 24}, {"hand": 4, "delta": -8}),
        ({"hand": 4, "delta": 4}, {"hand": 5, "delta": -20}),
        ({"hand": 5, "delta": 20}, {"hand": 1, "delta": -12})]
    # #1 bomb + rocket, #4 as amended one bomb.
    assert data["bombs"] == {"count": 3, "kinds": {"bomb": 2, "rocket": 1}}
    assert data["settlement"] == [
        {"from": "李四", "from_seat": 1, "to": "张三", "to_seat": 0, "amount": 20},
        {"from": "李四", "from_seat": 1, "to": "王五", "to_seat": 2, "amount": 16}]


def test_summary_text_is_readable_with_chinese_names(tmp_path, capsys):
    code, out, _err = _run(capsys, "summary", evening_folder(tmp_path / "device"))
    assert code == 0
    assert out.splitlines() == [
        "斗地主 经典 · 4 hands counted, 1 voided, 1 amended",
        "player  total  landlord 地主  won as landlord  biggest gain  biggest loss",
        "张三      +20        2/4 50%          1/2 50%      +24 (#1)       -8 (#4)",
        "李四      -36        1/4 25%           0/1 0%       +4 (#4)      -20 (#5)",
        "王五      +16        1/4 25%         1/1 100%      +20 (#5)      -12 (#1)",
        "bombs 炸弹: 3 (炸弹 2, 王炸 1)",
        "settlement 结算:",
        "  李四 → 张三: 20",
        "  李四 → 王五: 16",
    ]


def test_beans_fees_go_to_the_house(tmp_path, capsys):
    # n 1000, fee 50: landlord 张三 wins base 1 × M 1: +2000 − 50, each farmer −1000 − 50.
    beans = {"n": 1000, "fee": 50, "balances": [5000, 5000, 5000]}
    record = {"game": "ddz", "profile": "happy", "players": 3, "landlord": 0,
              "winner": "landlord", "rules": {"beans": beans}}
    path = write_jsonl(tmp_path / "beans.jsonl", [record])
    data = _summary(capsys, path, "--names", ",".join(NAMES))
    assert [p["total"] for p in data["players"]] == [1950, -1050, -1050]
    assert [p["balance"] for p in data["players"]] == [6950, 3950, 3950]
    # The farmers pay the landlord what the hand moved between them, 1000 each; then each
    # player its own fee to the house, never one player the whole table's 150.
    assert data["settlement"] == [
        {"from": "李四", "from_seat": 1, "to": "张三", "to_seat": 0, "amount": 1000},
        {"from": "王五", "from_seat": 2, "to": "张三", "to_seat": 0, "amount": 1000},
    ] + [{"from": name, "from_seat": seat, "to": "house 台费", "to_seat": None, "amount": 50}
         for seat, name in enumerate(NAMES)]
    code, out, _err = _run(capsys, "summary", path, "--names", ",".join(NAMES))
    assert "house 台费" in out and "balance" in out


def test_baohuang_counts_the_emperor(tmp_path, capsys):
    # Emperor 0 first, guard 1 second: guard +3, emperor +6, rebels −3; then 2 forfeits.
    hands = [{"game": "baohuang", "players": 5, "emperor": 0, "guard": 1,
              "order": [0, 1, 2, 3]},
             {"game": "baohuang", "players": 5, "forfeit": 2}]
    data = _summary(capsys, write_jsonl(tmp_path / "bh.jsonl", hands))
    assert data["role"] == "emperor"
    assert [p["total"] for p in data["players"]] == [16, 13, -43, 7, 7]
    assert [(p["led"], p["led_won"]) for p in data["players"]][:2] == [(1, 1), (0, 0)]
    assert "bombs" not in data


def test_shengji_counts_dealers_and_shows_levels(tmp_path, capsys):
    # Dealer 0, 0 points: dealers +3 (5), keep the deal; dealer 2, 120 points: attackers
    # take the deal and go up one (3).
    hands = [{"game": "shengji", "players": 4, "dealer": 0, "points": 0},
             {"game": "shengji", "players": 4, "dealer": 2, "points": 120}]
    path = write_jsonl(tmp_path / "sj.jsonl", hands)
    data = _summary(capsys, path, "--names", "甲,乙,丙,丁")
    assert [(p["led"], p["led_won"]) for p in data["players"]] == [
        (1, 1), (0, 0), (1, 0), (0, 0)]
    assert data["levels"] == {"teams": [["甲", "丙"], ["乙", "丁"]], "levels": ["5", "3"],
                              "winner": None}
    assert "settlement" not in data
    code, out, _err = _run(capsys, "summary", path, "--names", "甲,乙,丙,丁")
    assert code == 0 and "甲/丙: 5" in out and "乙/丁: 3" in out


def test_bad_names_and_missing_input_exit_2(tmp_path, capsys):
    path = write_jsonl(tmp_path / "t.jsonl", [{"game": "ddz", "profile": "classic",
                                               "players": 3, "landlord": 0, "bid": 1,
                                               "winner": "landlord"}])
    code, out, err = _run(capsys, "summary", path, "--names", "a,b")
    assert code == 2 and out == "" and "3 names needed" in err
    code, out, err = _run(capsys, "summary", tmp_path / "missing.jsonl")
    assert code == 2 and out == "" and err.startswith("error: ")


def test_an_empty_open_table_summarises_to_nothing_owed(tmp_path, capsys):
    Journal(HostFS(), str(tmp_path / "d")).open_table("ddz", 3, profile="classic")
    code, out, _err = _run(capsys, "summary", tmp_path / "d")
    assert code == 0 and "0 hands counted" in out and "nobody owes anything" in out


def _pico_image(path, data):
    """An emulated Pico's 2 MiB flash image whose littlefs holds the folder DATA as /data
    (tools/pico/flashfs.py's layout, rp2's geometry)."""
    import os

    from littlefs import LittleFS, UserContext

    from tools.lfs_image import RP2
    from tools.pico.flashfs import FLASH_SIZE, FS_BLOCKS, FS_OFFSET

    region = bytearray(b"\xff" * (FLASH_SIZE - FS_OFFSET))
    fs = LittleFS(context=UserContext(buffer=region), block_count=FS_BLOCKS, mount=False,
                  **RP2)
    fs.format()
    fs.mount()
    fs.mkdir("/lib")  # the firmware's files are beside /data on a board
    fs.mkdir("/data")
    for root, folders, names in os.walk(data):
        inside = "/data/" + os.path.relpath(root, data) if root != str(data) else "/data"
        for name in folders:
            fs.mkdir(inside + "/" + name)
        for name in names:
            with open(os.path.join(root, name), "rb") as source, \
                    fs.open(inside + "/" + name, "wb") as f:
                f.write(source.read())
    fs.unmount()
    path.write_bytes(b"\xff" * FS_OFFSET + bytes(region))
    return path


def test_the_simulators_flash_folder_is_read_through_its_data_folder(tmp_path, capsys):
    # `.sim/<board>/` mirrors the board's file system: the journal is in its data/.
    board = tmp_path / ".sim" / "simulated"
    board.mkdir(parents=True)
    evening_folder(board / "data")
    (board / "data" / "settings.json").write_text('{"lang": "zh"}')
    expected = _run(capsys, "summary", board / "data")
    assert expected[0] == 0
    assert _run(capsys, "summary", board) == expected
    assert _summary(capsys, board)["counted"] == 4
    for command in (["score"], ["export", "--csv"], ["verify"]):
        code, out, err = _run(capsys, *command, board)
        assert code == 0 and (out, err) == _run(capsys, *command, board / "data")[1:], err
    # One level up is not guessed, but named.
    code, out, err = _run(capsys, "summary", tmp_path / ".sim")
    assert code == 2 and out == "" and "(one is in {})".format(board) in err


def test_a_board_with_no_table_yet_or_a_closed_one_says_so(tmp_path, capsys):
    board = tmp_path / "simulated"
    (board / "data").mkdir(parents=True)
    (board / "data" / "settings.json").write_text("{}")
    code, out, err = _run(capsys, "summary", board)
    assert code == 2 and out == "" and "no table yet: no hands recorded" in err
    journal = Journal(HostFS(), str(board / "data"))
    journal.close_table(journal.open_table("ddz", 3, profile="classic"))
    code, out, err = _run(capsys, "summary", board)
    assert code == 2 and "no open table (the last one was closed)" in err
    archived = board / "data" / "archive" / "0001"
    assert str(archived) in err
    assert _run(capsys, "summary", archived)[0] == 0


def test_an_emulated_picos_flash_image_is_read_without_changing_it(tmp_path, capsys,
                                                                    monkeypatch):
    # `.sim/pico/` (tools.sim --pico) and build/pico/ (tools.pico) hold flash.img.
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    pico = tmp_path / "pico"
    pico.mkdir()
    image = _pico_image(pico / "flash.img", evening_folder(tmp_path / "device"))
    (pico / "flash.json").write_text("{}")
    before = image.read_bytes()
    for command in (["summary", "--json"], ["score"], ["export", "--csv"]):
        expected = _run(capsys, *command, tmp_path / "device")
        assert expected[0] == 0
        assert _run(capsys, *command, pico) == expected
        assert _run(capsys, *command, image) == expected
    code, out, err = _run(capsys, "verify", image)
    assert code == 0 and "recovered: 8 events, 5 hands (1 voided)" in out, err
    assert image.read_bytes() == before
    assert list((tmp_path / "tmp").iterdir()) == []  # the copy of /data is gone
    empty = tmp_path / "new"
    empty.mkdir()
    (tmp_path / "nothing").mkdir()
    _pico_image(empty / "flash.img", tmp_path / "nothing")
    code, out, err = _run(capsys, "summary", empty)
    assert code == 2 and out == "" and str(empty / "flash.img") + ":/data: an empty" in err
    assert "ledger-image" not in err
    (tmp_path / "short.img").write_bytes(b"\xff" * 100)
    code, out, err = _run(capsys, "summary", tmp_path / "short.img")
    assert code == 2 and "not a Pico flash image" in err


def test_summary_counts_each_players_bombs_where_the_hands_say_who_played_them(tmp_path,
                                                                               capsys):
    # A table that asks who bombed: hand 1 张三 and 王五 bomb, hand 2 none, hand 3 (voided)
    # 李四's bomb is not counted, hand 4 amended: its bomb was 王五's, not 李四's. Hand 5 is
    # the kind of record a file may hold from before: bombs, no bombers (counted for the
    # table only).
    table = Journal(HostFS(), str(tmp_path / "d")).open_table(
        "ddz", 3, profile="classic", names=NAMES, bombers=True)
    table.record({"landlord": 0, "bid": 3, "bombs": ["bomb", "rocket"], "bombers": [0, 2],
                  "winner": "landlord"})
    table.record({"landlord": 1, "bid": 2, "bombs": [], "bombers": [], "winner": "farmers"})
    table.record({"landlord": 2, "bid": 1, "bombs": ["bomb"], "bombers": [1],
                  "winner": "landlord"})
    table.record({"landlord": 0, "bid": 1, "bombs": ["bomb"], "bombers": [1],
                  "winner": "farmers"})
    table.record({"landlord": 2, "bid": 1, "bombs": ["bomb"], "winner": "landlord"})
    table.void(2)
    table.amend(3, {"landlord": 0, "bid": 1, "bombs": ["bomb"], "bombers": [2],
                    "winner": "farmers"})
    data = _summary(capsys, tmp_path / "d")
    assert [p["bombs_played"] for p in data["players"]] == [1, 0, 2]
    assert data["bombs"] == {"count": 4, "kinds": {"bomb": 3, "rocket": 1}, "by_players": 3}
    code, out, _err = _run(capsys, "summary", tmp_path / "d")
    lines = out.splitlines()
    assert code == 0 and lines[1].endswith("biggest loss  bombs 炸弹")
    assert [line.split()[-1] for line in lines[2:5]] == ["1", "0", "2"]
    assert lines[5:7] == ["bombs 炸弹: 4 (炸弹 3, 王炸 1)",
                          "  who played them 出炸者: known for 3"]


def test_a_summary_without_bombers_has_none_of_their_keys(tmp_path, capsys):
    data = _summary(capsys, evening_folder(tmp_path / "device"))
    assert not [p for p in data["players"] if "bombs_played" in p]
    assert "by_players" not in data["bombs"]
