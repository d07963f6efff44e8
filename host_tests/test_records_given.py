"""Records and journals made by hand (issue 23): a record's rules and seating are its own
(RULES §8, decided), a unit with a third decimal is refused, a roster as large as the seats
plays with the leader rule, and neither a damaged roster journal nor a line nested past any
stack stops a boot or makes the ledger fail with a traceback."""

import binascii
import json

from test_journal_memfs import MemFS

from core.errors import RecordError
from core.journal import Journal
from core.table import Table
from tools.ledger.__main__ import main
from tools.ledger.folder import HostFS
from tools.ledger.records import LedgerError, score_records

SEATED = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
          "winner": "landlord", "seating": [0, 1, 3]}


def _score(records):
    return score_records(list(enumerate(records, 1)))


def test_a_record_without_seating_seats_the_first_persons_whatever_the_others_say():
    plain = {k: v for k, v in SEATED.items() if k != "seating"}
    lines = _score([SEATED, plain])
    # hand 1: persons 0, 1, 3 (+2, -1, -1); hand 2 without seating: persons 0, 1, 2
    assert lines[-1]["person_totals"] == [4, -2, -1, -1]


def test_restore_writes_the_seats_as_the_persons_for_a_record_without_seating(tmp_path):
    plain = {k: v for k, v in SEATED.items() if k != "seating"}
    source = tmp_path / "r.jsonl"
    source.write_text(json.dumps(SEATED) + "\n" + json.dumps(plain) + "\n")
    assert main(["restore", str(source), str(tmp_path / "dev")]) == 0
    table, report = Journal(HostFS(), str(tmp_path / "dev")).boot()
    assert report.clean() and table.entries[1]["record"]["seating"] == [0, 1, 2]
    assert table.totals == [4, -2, -1, -1]


def test_a_record_without_rules_is_scored_with_the_defaults_not_the_first_records():
    first = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
             "winner": "landlord", "rules": {"unit": 2}}
    second = {k: v for k, v in first.items() if k != "rules"}
    lines = _score([first, second])
    assert lines[0]["deltas"] == [4, -2, -2] and lines[1]["deltas"] == [2, -1, -1]
    assert lines[-1]["totals"] == [6, -3, -3]


def test_a_unit_with_a_third_decimal_is_refused_naming_it():
    for unit in (9999.999, 0.5000001, 2.675):
        record = {"game": "baohuang", "players": 5, "emperor": 0, "guard": 1,
                  "order": [0, 1, 2, 3, 4], "rules": {"unit": unit}}
        try:
            _score([record])
            raise AssertionError(unit)
        except Exception as exc:  # LedgerError naming the line and the key
            assert "rules.unit" in str(exc) and "two decimal places" in str(exc)
    assert _score([dict(record, rules={"unit": 9999.99})])[0]["deltas"][0] > 0


def test_a_roster_as_large_as_the_seats_plays_with_the_leader_rule():
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=["A", "B", "C"],
                                        roster="leader")
    for i in range(14):
        table.record({"landlord": i % 3, "bid": 1, "winner": "landlord"})
        assert sorted(table.seating()) == [0, 1, 2]
    booted, report = Journal(MemFS(fs.files), "d").boot()
    assert report.clean() and booted.seating() == table.seating()
    assert booted.totals == table.totals


def test_a_roster_whose_last_hands_are_voided_and_an_old_line_damaged_still_boots():
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic",
                                        names=["A", "B", "C", "D"], roster="turn")
    for i in range(26):
        table.record({"landlord": i % 3, "bid": 1, "winner": "landlord"})
    for i in (25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12):
        table.void(i)
    # hand 12 (index 11), the last that counts, is event 12: the first line of j0000012.000011
    path = "d/table/j0000012.000011"
    data = bytearray(fs.files[path])
    data[30] ^= 0x01
    fs.files[path] = bytes(data)
    booted, _report = Journal(MemFS(fs.files), "d").boot()
    seating = booted.seating()  # proposed without the hand that cannot be read
    assert sorted(seating) == sorted(set(seating)) and len(seating) == 3
    booted.record({"landlord": 0, "bid": 1, "winner": "farmers"})


def _deep_line(seq, depth):
    body = b'{"hand":0,"record":' + b"[" * depth + b"]" * depth + b"}"
    head = b"%d" % seq
    return head + b" " + b"%08x" % binascii.crc32(head + b" " + body) + b" " + body + b"\n"


def test_a_checksummed_line_nested_past_any_stack_is_a_damaged_line(tmp_path, capsys):
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic")
    table.record({"landlord": 0, "bid": 1, "winner": "landlord"})
    for depth in (40, 100000):
        files = dict(fs.files)
        files["d/table/j0000000.000000"] += _deep_line(2, depth)
        booted, report = Journal(MemFS(files), "d").boot()
        assert len(booted.entries) == 1 and report.damage[0]["records"] == 1
        folder = tmp_path / str(depth) / "table"
        folder.mkdir(parents=True)
        for path, data in files.items():
            (folder / path.rsplit("/", 1)[1]).write_bytes(data)
        assert main(["score", str(folder)]) == 3
        assert main(["verify", str(folder)]) == 1
        _out, err = capsys.readouterr()
        assert "Traceback" not in err


def test_a_table_refuses_a_seating_it_has_no_roster_for_even_when_given():
    table = Table("ddz", 3, profile="classic")
    try:
        table.record(dict(SEATED), given=True)
        raise AssertionError("a seating without a roster must be refused")
    except RecordError as exc:
        assert exc.key == "seating"




def _folder(tmp_path, fs):
    folder = tmp_path / "table"
    folder.mkdir()
    for path, data in fs.files.items():
        (folder / path.rsplit("/", 1)[1]).write_bytes(data)
    return folder


def test_score_of_a_journal_replays_a_hand_it_holds_as_it_was_recorded(tmp_path, capsys):
    # Two rockets from one deck: a new hand is refused that, but a journal written before the
    # check holds it, and the device replays it as it was.
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic")
    table.record({"landlord": 0, "bid": 1, "winner": "landlord",
                  "bombs": ["rocket", "rocket"]}, replay=True)
    assert main(["score", str(_folder(tmp_path, fs))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1]) == {"totals": table.totals}


def test_score_of_a_table_with_no_hand_that_counts_prints_its_zero_totals(tmp_path, capsys):
    fs = MemFS()
    Journal(fs, "d").open_table("ddz", 4, profile="four")
    assert main(["score", str(_folder(tmp_path, fs))]) == 0
    assert capsys.readouterr().out == '{"totals": [0, 0, 0, 0]}\n'


BEANS = {"game": "ddz", "profile": "happy", "players": 3, "landlord": 0, "winner": "landlord",
         "rules": {"beans": {"n": 10, "fee": 0, "balances": [1000, 1000, 1000]}}}


def _refusal(records):
    try:
        _score(records)
    except LedgerError as exc:
        return str(exc)
    raise AssertionError("refused, not scored")


def test_messages_name_what_the_record_holds_in_its_own_json():
    assert _refusal([dict(BEANS, seating=[0, 1, 3])]) == (
        "records:1: seating: [0,1,3] (beans belong to seats: a file of beans hands has no "
        "seating)")
    assert _refusal([SEATED, BEANS]).startswith(
        "records:2: rules.beans: {") and "no beans at a table with a roster" in \
        _refusal([SEATED, BEANS])
    assert _refusal([dict(SEATED, seating=[0, 1, 8])]) == (
        "records:1: seating: [0,1,8] (8 is not a roster position 0 to 7)")
    try:
        Table("ddz", 3, profile="classic", end=[True])
        raise AssertionError("an end that is a list is refused")
    except RecordError as exc:
        assert str(exc) == 'end: [true] (must be one of {"hands": N}, {"reach": N})'


def test_a_journal_opening_that_its_table_refuses_is_named_by_its_key(tmp_path):
    from core.frame import frame
    from tools.ledger.folder import verify

    folder = tmp_path / "table"
    folder.mkdir()
    opening = {"game": "ddz", "players": 3, "profile": "classic", "rules": {}, "names":
               ["A", "B", "C"], "titles": False, "end": {"hands": 0}}
    (folder / "j0000000.000000").write_bytes(bytes(frame(0, {"open": opening})))
    lines, sound = verify(str(folder))
    assert not sound and any("line 1 is refused (end.hands: 0" in line for line in lines)


def test_restore_takes_a_file_whose_later_unit_has_decimals_and_scores_it_the_same(tmp_path,
                                                                                   capsys):
    first = {"game": "baohuang", "players": 5, "emperor": 0, "guard": 1,
             "order": [0, 1, 2, 3, 4], "rules": {"unit": 2}}
    later = dict(first, rules={"unit": 0.5})
    source = tmp_path / "r.jsonl"
    source.write_text(json.dumps(first) + "\n" + json.dumps(later) + "\n")
    assert main(["score", str(source)]) == 0
    scored = capsys.readouterr().out
    assert main(["restore", str(source), str(tmp_path / "dev")]) == 0
    capsys.readouterr()
    assert main(["score", str(tmp_path / "dev")]) == 0
    assert capsys.readouterr().out == scored
    table, report = Journal(HostFS(), str(tmp_path / "dev")).boot()
    assert report.clean() and table.scale == 100


def test_export_then_restore_keeps_a_rosters_names_rule_and_end_when_told(tmp_path, capsys):
    names = ["甲", "乙", "丙", "丁", "戊"]
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=names,
                                        roster="leader", end={"hands": 12})
    for i in range(6):
        table.record({"landlord": i % 3, "bid": 1, "winner": "landlord"})
    folder = _folder(tmp_path, fs)
    assert main(["export", str(folder), "--json", "--out", str(tmp_path / "r.jsonl")]) == 0
    argv = ["restore", str(tmp_path / "r.jsonl"), str(tmp_path / "dev"), "--names",
            ",".join(names), "--rotation", "leader", "--end", "hands=12"]
    assert main(argv) == 0
    again, report = Journal(HostFS(), str(tmp_path / "dev")).boot()
    assert report.clean() and again.header() == table.header()
    assert again.totals == table.totals and again.seating() == table.seating()
    capsys.readouterr()
    bad = ["restore", str(tmp_path / "r.jsonl"), str(tmp_path / "dev2"), "--names", "A,B"]
    assert main(bad) == 2 and "--names" in capsys.readouterr().err
    assert not (tmp_path / "dev2").exists()
