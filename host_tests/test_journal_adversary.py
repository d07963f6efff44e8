"""Boot on a journal damaged where it hurts most (issue 23): an old file unreadable or damaged
while the newest one voids and amends its hands, the opening line flipped, the first segment
and both snapshots gone, the newest segment renamed, a snapshot from another table. Every
hand that can be read is kept, what cannot is named, and the totals are those of the hands
kept. Each case runs on the firmware's MemFS, on a littlefs image (littlefs-python, rp2's
geometry) and on the MicroPython VM.
"""

import binascii
import json

import pytest
from test_journal_memfs import MemFS, hand

from core.frame import frame, unframe
from core.journal import Blocked, Journal, JournalError
from core.table import Table
from tools import mpvm
from tools.ledger.folder import score_folder
from tools.lfs_image import new_flash

FOLDER = "d/table/"
J0, J12, J24 = "j0000000.000000", "j0000012.000011", "j0000024.000023"
NAMES = ["A", "B", "C"]


def evening(fs, shift=0):
    """24 hands, then (in the newest segment) hand 3 voided, hand 6 amended, two more: 26
    hands, snapshots after events 11 and 23. Returns the same evening on a plain table."""
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=NAMES)
    mirror = Table("ddz", 3, profile="classic", names=NAMES)
    for t in (table, mirror):
        for i in range(24):
            t.record(hand(i + shift))
        t.void(2)
        t.amend(5, hand(40))
        for i in range(24, 26):
            t.record(hand(i + shift))
    return mirror


def _built():
    fs = MemFS()
    mirror = evening(fs)
    return dict(fs.files), mirror


FILES, MIRROR = _built()


def _line(data, n):
    """Byte offset of line `n` (from 0) of a segment."""
    pos = 0
    for _ in range(n):
        pos = data.index(b"\n", pos) + 1
    return pos


def _flip(data, at):
    damaged = bytearray(data)
    damaged[at] ^= 0x04
    return bytes(damaged)


def _without(files, *names):
    return {k: v for k, v in files.items() if k[len(FOLDER):] not in names}


# -- the cases: (files, unreadable paths) -> what boot must keep ---------------------------


def flipped_old_line():
    # Event 9 (hand 8) in the first segment: a hand the newest segment does not touch.
    j0 = FILES[FOLDER + J0]
    return dict(FILES, **{FOLDER + J0: _flip(j0, _line(j0, 9) + 20)})


def flipped_opening():
    j0 = FILES[FOLDER + J0]
    return dict(FILES, **{FOLDER + J0: _flip(j0, 30)})


def no_opening_no_snapshots():
    return _without(FILES, J0, "snap", "snap.old")


def empty_opening_no_snapshots():
    return dict(_without(FILES, "snap", "snap.old"), **{FOLDER + J0: b""})


def renamed_newest():
    files = _without(FILES, J24)
    files[FOLDER + "j0000023.000023"] = FILES[FOLDER + J24]
    return files


def foreign_snapshot(shift):
    """The snapshot of another evening with the same opening and the same counts."""
    other = MemFS()
    evening(other, shift)
    return dict(FILES, **{FOLDER + "snap": other.files[FOLDER + "snap"]})


def _no_snapshots_and_flipped(line, segment=J0):
    """Both snapshots gone and line `line` of `segment` flipped: a full replay meets it."""
    files = _without(FILES, "snap", "snap.old")
    data = files[FOLDER + segment]
    files[FOLDER + segment] = _flip(data, _line(data, line) + 20)
    return files


def flipped_hand_no_snapshots():
    return _no_snapshots_and_flipped(9)  # hand 9 (index 8)


def flipped_segment_end_no_snapshots():
    return _no_snapshots_and_flipped(11)  # hand 11, the last line of j0: j12 goes on


def flipped_voided_hand_no_snapshots():
    return _no_snapshots_and_flipped(3)  # hand 3, which the newest segment voids


def flipped_void_no_snapshots():
    return _no_snapshots_and_flipped(1, J24)  # the void itself (after hand 24)


def _less(totals, *hands):
    """`totals` without what MIRROR's hands (indices, none amended) added."""
    for i in hands:
        totals = [t - d for t, d in zip(totals, MIRROR.hand_result(i)["deltas"])]
    return totals


def _first(n):
    """The totals after the evening's first `n` hands, before any void or amend."""
    mirror = Table("ddz", 3, profile="classic", names=NAMES)
    for i in range(n):
        mirror.record(hand(i))
    return mirror.totals


def _boot(fs):
    journal = Journal(fs, "d")
    table, report = journal.boot()
    return journal, table, report


def _before_was(files):
    """The files as a journal written before voids and amends carried the record they take
    out (`was`): boot then reads that record from the hand's own segment."""
    out = dict(files)
    for path, data in files.items():
        if path.rsplit("/", 1)[1].startswith("j"):
            lines = []
            for line in data.splitlines():
                seq, event = unframe(line)
                event.pop("was", None)
                lines.append(bytes(frame(seq, event)))
            out[path] = b"".join(lines)
    return out


def test_a_void_and_an_amend_of_an_unreadable_old_segment_need_not_read_it():
    fs = MemFS(dict(FILES))
    fs.unreadable.add(FOLDER + J0)
    _j, table, report = _boot(fs)
    assert report.clean() and table.totals == MIRROR.totals and len(table.entries) == 26
    table.record(hand(30))


def test_an_older_journal_blocks_at_the_void_that_reads_an_unreadable_segment():
    files = _before_was(FILES)
    fs = MemFS(dict(files))
    fs.unreadable.add(FOLDER + J0)
    _j, table, report = _boot(fs)
    assert report.unreadable == [J0] and not report.damage
    assert fs.files == files  # nothing moved, cut or written
    assert len(table.entries) == 24  # up to the void that reads hand 3 from j0
    with pytest.raises(Blocked):
        table.record(hand(30))
    assert fs.files == files
    fs.unreadable.clear()
    _j, table, report = _boot(fs)
    assert report.clean() and table.totals == MIRROR.totals and len(table.entries) == 26


def test_a_void_of_a_hand_whose_segment_is_gone_keeps_every_later_hand():
    for files in (_without(FILES, J0), dict(FILES, **{FOLDER + J0: FILES[FOLDER + J0][:200]})):
        _j, table, _report = _boot(MemFS(files))
        assert table.totals == MIRROR.totals and len(table.entries) == 26


def test_a_damaged_line_of_an_old_segment_leaves_the_newest_ones_voids_and_amends_alone():
    fs = MemFS(flipped_old_line())
    _j, table, report = _boot(fs)
    assert table.totals == MIRROR.totals and len(table.entries) == 26
    assert table.entries[2]["void"] and table.entries[5]["record"] == MIRROR.entries[5]["record"]
    table.record(hand(30))
    assert len(_boot(MemFS(fs.files))[1].entries) == 27


def test_a_flipped_opening_line_boots_from_the_snapshot_that_names_its_event():
    fs = MemFS(flipped_opening())
    _j, table, report = _boot(fs)
    assert table is not None and table.names == NAMES
    assert table.totals == MIRROR.totals and len(table.entries) == 26
    table.record(hand(30))
    assert len(_boot(MemFS(fs.files))[1].entries) == 27


@pytest.mark.parametrize("case", [no_opening_no_snapshots, empty_opening_no_snapshots])
def test_a_table_without_its_opening_or_snapshots_is_archived_whole_and_said(case):
    files = case()
    fs = MemFS(files)
    journal, table, report = _boot(fs)
    assert table is None and not report.clean() and report.archived == "0001"
    for path, data in files.items():
        assert fs.files["d/archive/0001/" + path[len(FOLDER):]] == data
    assert any("archive 0001" in line for line in report.lines())
    journal.open_table("ddz", 3, profile="classic")  # the device goes on


def test_a_newest_segment_renamed_one_number_lower_is_read_and_named():
    fs = MemFS(renamed_newest())
    _j, table, report = _boot(fs)
    assert table.totals == MIRROR.totals and len(table.entries) == 26
    assert not report.clean() and "j0000023.000023" in " ".join(report.lines())
    table.record(hand(30))
    _j, again, report = _boot(MemFS(fs.files))
    assert report.clean() and len(again.entries) == 27


def test_a_boot_that_does_not_look_says_afterwards_that_a_segment_is_out_of_place():
    # The device's boot: the folder is listed after the first frame (Journal.boot(look=False))
    fs = MemFS(renamed_newest())
    journal = Journal(fs, "d")
    table, report = journal.boot(look=False)
    assert report.clean() and len(table.entries) < 26  # the renamed segment not read yet
    assert journal.out_of_place() and not journal.out_of_place()  # asked once
    table, report = journal.boot()
    assert table.totals == MIRROR.totals and len(table.entries) == 26 and not report.clean()


def test_a_boot_that_does_not_look_stops_at_the_newest_snapshots_segment():
    # The device starts a segment only after a snapshot: one after the newest snapshot's
    # segment, under the very name it would have, is not the device's, and the first frame
    # is drawn without opening that name (a Pico's boot of a long table: some 6 ms). The
    # look after it finds the segment, and the boot that looks reads it as it is.
    data = FILES[FOLDER + J24]
    last = _line(data, data.count(b"\n") - 1)
    seq, _event = unframe(data[last:-1])
    files = dict(FILES, **{FOLDER + J24: data[:last],
                           FOLDER + "j{:07d}.{:06d}".format(seq, 25): data[last:]})
    journal = Journal(MemFS(dict(files)), "d")
    table, report = journal.boot(look=False)
    assert report.clean() and len(table.entries) == 25
    assert journal.out_of_place()
    table, report = journal.boot()
    assert table.totals == MIRROR.totals and len(table.entries) == 26 and report.clean()
    # Booting from anything but the newest snapshot, the segments are followed as ever.
    files.pop(FOLDER + "snap")
    journal = Journal(MemFS(files), "d")
    table, report = journal.boot(look=False)
    assert table.totals == MIRROR.totals and len(table.entries) == 26
    assert not journal.out_of_place()


def test_a_boot_that_does_not_look_finds_nothing_out_of_place_in_a_whole_journal():
    journal = Journal(MemFS(dict(FILES)), "d")
    table, _report = journal.boot(look=False)
    assert table.totals == MIRROR.totals and not journal.out_of_place()


@pytest.mark.parametrize("shift", range(1, 25))
def test_a_snapshot_from_another_evening_with_the_same_counts_is_not_taken(shift):
    fs = MemFS(foreign_snapshot(shift))
    _j, table, _report = _boot(fs)
    assert table.totals == MIRROR.totals and len(table.entries) == 26


@pytest.mark.parametrize("shift", range(1, 25, 6))
def test_a_boot_that_does_not_look_checks_the_snapshot_after_the_first_frame(shift):
    # Before its first frame the device takes the newest snapshot on its own word; after
    # it, out_of_place() makes the checks a boot that looks makes at once: another
    # evening's snapshot with the same counts is found then, and the boot that looks does
    # not take it.
    journal = Journal(MemFS(foreign_snapshot(shift)), "d")
    table, _report = journal.boot(look=False)
    assert len(table.entries) == 26  # its counts and the segments' names agree
    assert journal.out_of_place() and not journal.out_of_place()
    table, _report = journal.boot()
    assert table.totals == MIRROR.totals and len(table.entries) == 26


@pytest.mark.parametrize("files", [FILES, foreign_snapshot(1)], ids=["its own", "another's"])
def test_a_boot_that_does_not_look_repairs_only_on_a_checked_snapshot(files):
    # A damaged line after the snapshot (the void that opens the newest segment): before
    # it cuts anything, the boot that does not look checks the snapshot, and then repairs
    # as a boot that looks does: the same table, the same files.
    j24 = files[FOLDER + J24]
    files = dict(files, **{FOLDER + J24: _flip(j24, 20)})
    looked = MemFS(dict(files))
    expected, _report = Journal(looked, "d").boot()
    fs = MemFS(dict(files))
    journal = Journal(fs, "d")
    table, report = journal.boot(look=False)
    assert fs.files == looked.files and not report.clean()
    assert table.totals == expected.totals and len(table.entries) == len(expected.entries)
    assert not journal.out_of_place()


# -- a full replay (both snapshots unusable) past a damaged line ----------------------------


@pytest.mark.parametrize("case, lost", [(flipped_hand_no_snapshots, 8),
                                        (flipped_segment_end_no_snapshots, 10)])
def test_a_full_replay_keeps_the_hands_after_a_damaged_hand_and_names_it(case, lost):
    files = case()
    fs = MemFS(dict(files))
    _j, table, report = _boot(fs)
    # Every event after the damaged line is a hand's, numbered: it held hand `lost`, which
    # cannot be read and is not counted; every other hand is there, as recorded.
    assert len(table.entries) == 26 and table.totals == _less(MIRROR.totals, lost)
    assert [g["hands"] for g in report.gaps] == [[lost, lost]] and not report.damage
    assert "hand {} cannot be read".format(lost + 1) in " ".join(report.lines())
    assert not report.clean()
    with pytest.raises(JournalError):
        table.entries[lost]
    for i in set(range(26)) - {lost}:
        assert table.entries[i]["record"] == MIRROR.entries[i]["record"]
    assert table.entries[2]["void"] and table.entries[5]["previous"]
    assert all(fs.files[p] == d for p, d in files.items())  # nothing cut, moved or rewritten
    with pytest.raises(JournalError):
        table.void(lost)  # what it took out is not known: refused, not guessed
    table.record(hand(30))  # the table goes on, and a boot keeps it all
    _j, again, _report = _boot(MemFS(fs.files))
    assert len(again.entries) == 27 and again.totals == table.totals


def test_score_of_such_a_folder_prints_what_the_device_keeps_and_names_the_hand(tmp_path):
    for path, data in flipped_hand_no_snapshots().items():
        (tmp_path / path[len(FOLDER):]).write_bytes(data)
    lines, damage = score_folder(str(tmp_path))
    assert lines[-1]["totals"] == _less(MIRROR.totals, 8)  # 25 hands, hand 9 left out
    assert any("hand 9 cannot be read" in line for line in damage)


def test_a_full_replay_stops_at_a_void_of_a_hand_it_could_not_read():
    # Hand 3 cannot be read; the newest segment voids it, carrying its record: replaying
    # that void would take out what the totals never counted. The journal ends there.
    fs = MemFS(flipped_voided_hand_no_snapshots())
    _j, table, report = _boot(fs)
    assert len(table.entries) == 24 and table.totals == _less(_first(24), 2)
    assert [g["hands"] for g in report.gaps] == [[2, 2]]
    assert [d["file"] for d in report.damage] == [J24]  # kept in lost.1, as ever
    j24 = FILES[FOLDER + J24]
    assert fs.files[FOLDER + "lost.1"] == j24[_line(j24, 1):]  # the void and what follows


def test_a_full_replay_stops_at_a_damaged_line_that_was_not_a_hand():
    # The void's line: the next event (the amend) records no hand, so nothing tells how
    # many hands were lost; the journal ends at the damaged line, as it always did.
    fs = MemFS(flipped_void_no_snapshots())
    _j, table, report = _boot(fs)
    assert len(table.entries) == 24 and not report.gaps
    assert table.totals == _first(24)  # none voided or amended yet
    assert [d["file"] for d in report.damage] == [J24]


@pytest.mark.parametrize("line, then", [(4, (J0, 5)), (11, (J12, 0))])
def test_damaged_lines_are_not_passed_over_when_the_hand_after_them_does_not_replay(line,
                                                                                    then):
    # Line `line` of j0 damaged (hand 4; or its last, hand 11), and the line after it (in
    # j0, or j12's first) a hand numbered right but one the table refuses: nothing vouches
    # for the damaged line after all. The journal ends there, as at any damaged line, and
    # a second boot keeps the same.
    files = _without(FILES, "snap", "snap.old")
    data = files[FOLDER + then[0]]
    at = _line(data, then[1])
    end = data.index(b"\n", at) + 1
    seq, event = unframe(data[at:end - 1])
    event["record"] = dict(event["record"], landlord=7)
    files[FOLDER + then[0]] = data[:at] + bytes(frame(seq, event)) + data[end:]
    files[FOLDER + J0] = _flip(files[FOLDER + J0], _line(files[FOLDER + J0], line) + 20)
    fs = MemFS(dict(files))
    _j, table, report = _boot(fs)
    assert not report.gaps and len(table.entries) == line - 1 and table.totals == _first(line - 1)
    assert report.damage[0]["file"] == J0
    _j, again, report = _boot(MemFS(fs.files))
    assert len(again.entries) == line - 1 and report.clean()


def test_a_full_replay_of_shengji_stops_at_a_damaged_hand():
    # 升级 scores a hand from the levels every hand before it left: past a hand that cannot
    # be read, the later ones would be scored anew, and might change. They are set aside.
    fs = MemFS()
    table = Journal(fs, "d").open_table("shengji", 4)
    for points in (0, 40, 85, 120, 20):
        table.record({"points": points, "dealer": 0})
    files = _without(fs.files, "snap", "snap.old")
    data = files[FOLDER + J0]
    files[FOLDER + J0] = _flip(data, _line(data, 2) + 20)
    _j, table, report = _boot(MemFS(files))
    assert len(table.entries) == 1 and not report.gaps and report.damage


# -- the same cases on littlefs and on MicroPython -------------------------------------------

CASES = {"flipped_old_line": flipped_old_line, "flipped_opening": flipped_opening,
         "no_opening": no_opening_no_snapshots, "renamed_newest": renamed_newest,
         "foreign_snapshot": lambda: foreign_snapshot(7),
         "flipped_hand": flipped_hand_no_snapshots,
         "flipped_segment_end": flipped_segment_end_no_snapshots,
         "flipped_voided_hand": flipped_voided_hand_no_snapshots}
WHOLE = ("flipped_old_line", "flipped_opening", "renamed_newest", "foreign_snapshot")


def _expected(files):
    """(hands, totals, archived) that boot keeps of `files`, on the host's MemFS."""
    _j, table, report = _boot(MemFS(dict(files)))
    return table and (len(table.entries), table.totals), report.archived


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_case_boots_the_same_on_littlefs(name):
    files = CASES[name]()
    _flash, fs = new_flash(64)
    for path in ("d", "d/table"):
        fs.mkdir(path)
    for path, data in files.items():
        with fs.open(path, "wb") as f:
            f.write(data)
    _j, table, report = _boot(fs)
    assert (table and (len(table.entries), table.totals), report.archived) == _expected(files)
    if name in WHOLE:
        assert table.totals == MIRROR.totals


def test_each_case_boots_the_same_on_micropython():
    cases = {name: {p: d.hex() for p, d in CASES[name]().items()} for name in CASES}
    unreadable = {p: d.hex() for p, d in _before_was(FILES).items()}
    script = """
import json, binascii
from core.journal import Blocked, Journal, JournalError
from drivers.memfs import MemFS
out = {}
cases = json.load(open('/input/cases.json'))
for name in sorted(cases):
    fs = MemFS({p: binascii.unhexlify(h) for p, h in cases[name].items()})
    table, report = Journal(fs, "d").boot()
    out[name] = [table and [len(table.entries), table.totals], report.archived,
                 [g["hands"] for g in report.gaps]]
fs = MemFS({p: binascii.unhexlify(h) for p, h in json.load(open('/input/one.json')).items()})
fs.unreadable.add("d/table/j0000000.000000")
table, report = Journal(fs, "d").boot()
out["unreadable"] = [report.unreadable, len(table.entries), len(fs.files)]
print(json.dumps(out))
"""
    got = json.loads(mpvm.run(script, {"cases.json": json.dumps(cases).encode(),
                                       "one.json": json.dumps(unreadable).encode()},
                              engine="node").stdout)
    for name in CASES:
        hands_totals, archived = _expected(CASES[name]())
        gaps = [g["hands"] for g in _boot(MemFS(CASES[name]()))[2].gaps]
        assert got[name] == [hands_totals and list(hands_totals), archived, gaps], name
    assert got["unreadable"] == [[J0], 24, len(FILES)]  # blocked, nothing moved


def test_the_snapshot_names_the_event_it_follows():
    seq, state = unframe(FILES[FOLDER + "snap"][:-1])
    assert seq == 23 and state["after"][0] == J12
    digest = 0
    for line in FILES[FOLDER + J12].splitlines():  # events 12 to 23
        digest = binascii.crc32(line.split(b" ")[1], digest)
    assert state["after"][1] == "%08x" % digest
