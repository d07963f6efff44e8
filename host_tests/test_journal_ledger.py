"""The ledger on journal folders: score, verify, export and restore (tools/ledger)."""

import json

from test_journal_memfs import MemFS, hand

from core.journal import Journal
from tools.ledger.__main__ import main


def _records(count):
    return [dict(hand(i), game="ddz", profile="classic", players=3) for i in range(count)]


def _write_jsonl(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _restored(tmp_path, capsys, count=30):
    source = tmp_path / "records.jsonl"
    _write_jsonl(source, _records(count))
    code, out, _err = _run(capsys, "restore", source, tmp_path / "device")
    assert code == 0 and "restored {} hands".format(count) in out
    return source, tmp_path / "device"


def test_restore_writes_the_bytes_a_device_writes(tmp_path, capsys):
    _source, device = _restored(tmp_path, capsys)
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic")
    for record in _records(30):
        table.record(record)
    written = {"d/table/" + p.name: p.read_bytes() for p in (device / "table").iterdir()}
    assert written == fs.files


def test_restore_keeps_a_roster_and_the_question_of_who_bombed(tmp_path, capsys):
    from tools.ledger.folder import HostFS

    # a roster of four in turn: [0,1,2], then 3 out moves on to 0: [1,2,3]
    records = [{"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                "bombs": ["bomb"], "bombers": [2], "winner": "landlord",
                "seating": [0, 1, 2]},
               {"game": "ddz", "profile": "classic", "players": 3, "landlord": 1, "bid": 1,
                "winner": "farmers", "seating": [1, 2, 3]}]
    source = tmp_path / "records.jsonl"
    _write_jsonl(source, records)
    code, _out, _err = _run(capsys, "restore", source, tmp_path / "device")
    assert code == 0
    table, _report = Journal(HostFS(), str(tmp_path / "device")).boot()
    assert table.roster == "turn" and table.bombers
    # hand 1: P1 +12, P2 and P3 -6; hand 2: seat 1 = P3 lands bid 1 and loses: P3 -2,
    # P2 +1, P4 +1
    assert table.totals == [12, -5, -8, 1]
    assert _run(capsys, "score", tmp_path / "device") == _run(capsys, "score", source)


def test_score_folder_prints_exactly_what_score_file_prints(tmp_path, capsys):
    source, device = _restored(tmp_path, capsys)
    by_file = _run(capsys, "score", source)
    by_folder = _run(capsys, "score", device)
    assert by_folder == by_file and by_file[0] == 0
    assert _run(capsys, "score", device / "table") == by_file


def test_export_json_is_what_score_reads_and_csv_lists_voided_hands(tmp_path, capsys):
    fs_root = tmp_path / "device"
    _source, device = _restored(tmp_path, capsys, count=5)
    from tools.ledger.folder import HostFS

    journal = Journal(HostFS(), str(fs_root))
    table, _report = journal.boot()
    table.void(1)
    code, out, _err = _run(capsys, "export", device, "--json")
    assert code == 0 and len(out.splitlines()) == 4
    exported = tmp_path / "exported.jsonl"
    exported.write_text(out, encoding="utf-8")
    assert _run(capsys, "score", exported)[1] == _run(capsys, "score", device)[1]
    code, out, _err = _run(capsys, "export", device, "--csv")
    rows = out.splitlines()
    # The columns earlier versions wrote come first; new ones are added after them.
    assert rows[0].startswith("hand,status,P1,P2,P3,breakdown,") and rows[2].startswith("2,void,")
    assert len(rows) == 6


def test_a_void_undone_on_the_device_is_read_back_by_every_command(tmp_path, capsys):
    from tools.ledger.folder import HostFS

    source, device = _restored(tmp_path, capsys, count=5)
    table, _report = Journal(HostFS(), str(device)).boot()
    table.void(1)
    table.void(4)
    table.unvoid(1)  # the table screen's undo, then history's restore
    for _ in range(12):  # past a snapshot, which keeps the voided hands
        table.void(3)
        table.unvoid(3)
    code, out, _err = _run(capsys, "verify", device)
    assert code == 0, out
    counting = tmp_path / "counting.jsonl"
    _write_jsonl(counting, _records(4))
    assert _run(capsys, "score", device) == _run(capsys, "score", counting)


def test_verify_names_the_damaged_line_and_what_boot_keeps(tmp_path, capsys):
    _source, device = _restored(tmp_path, capsys)
    code, out, _err = _run(capsys, "verify", device)
    assert code == 0 and "boot: 30 hands kept (snapshot)" in out
    tail = device / "table" / "j0000024.000023"
    data = bytearray(tail.read_bytes())
    second_line = data.index(b"\n") + 5
    data[second_line] ^= 1
    tail.write_bytes(bytes(data))
    before = {p.name: p.read_bytes() for p in (device / "table").iterdir()}
    code, out, _err = _run(capsys, "verify", device)
    assert code == 1
    assert "j0000024.000023: 7 records, CRC or format failures at lines 2" in out
    assert "recovered: 25 events, 24 hands" in out
    # verify only reads: the repair is for the device's boot.
    assert {p.name: p.read_bytes() for p in (device / "table").iterdir()} == before


def test_bad_input_exits_2_with_a_message_and_writes_nothing(tmp_path, capsys):
    records = _records(3)
    records[1]["bid"] = 4
    source = tmp_path / "bad.jsonl"
    _write_jsonl(source, records)
    code, out, err = _run(capsys, "restore", source, tmp_path / "device")
    assert code == 2 and out == "" and "bad.jsonl:2" in err and "bid" in err
    assert not (tmp_path / "device" / "table").exists()
    for argv in (("score", tmp_path), ("verify", tmp_path / "missing"),
                 ("export", tmp_path, "--csv")):
        code, out, err = _run(capsys, *argv)
        assert code == 2 and out == "" and err.startswith("error: ")
    _good, device = _restored(tmp_path, capsys, count=2)
    code, _out, err = _run(capsys, "restore", _good, device)
    assert code == 2 and "a table is open" in err
