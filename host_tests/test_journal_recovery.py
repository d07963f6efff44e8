"""Boot after damage: flipped bytes, a file cut at every offset, garbage at the end, of the
journal's segments and snapshots. Boot never raises, keeps the longest valid prefix of the
events and, past a damaged line that was surely a hand's (the next good event is the hand
numbered after as many hands as events were lost), the hands after it, naming the one it
could not read; says what it cut and keeps the cut bytes in a lost.N file."""

from hypothesis import given, settings
from hypothesis import strategies as st
from test_journal_memfs import MemFS, hand

from core.journal import Journal
from core.table import Table

HANDS = 30  # 31 events: snapshots after events 11 and 23, a tail segment of 7 events
FOLDER = "d/table/"
TAIL = FOLDER + "j0000024.000023"


def _build():
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=["A", "B", "C"])
    mirror = Table("ddz", 3, profile="classic")
    expected = [[0, 0, 0]]  # totals after each number of events (the first is the opening)
    for i in range(HANDS):
        table.record(hand(i))
        mirror.record(hand(i))
        expected.append(list(mirror.totals))
    return fs.files, expected


FILES, EXPECTED = _build()


def _boot(files):
    fs = MemFS(files)
    table, report = Journal(fs, "d").boot()
    return fs, table, report


def _lines_before(data, offset):
    """Whole lines (with their newline) that end at or before `offset`."""
    return data[:offset].count(b"\n")


def _check(table, report, events):
    assert report.events == events
    assert table.totals == _less(EXPECTED[events - 1], report)
    assert len(table.entries) == events - 1


def _less(totals, report):
    """`totals` without the hands boot says it could not read (each added EXPECTED's step)."""
    for gap in report.gaps:
        for i in range(gap["hands"][0], gap["hands"][1] + 1):
            totals = [t - (b - a) for t, a, b in zip(totals, EXPECTED[i], EXPECTED[i + 1])]
    return totals


def test_the_journal_files_are_where_the_tests_expect():
    assert sorted(FILES) == [FOLDER + n for n in (
        "j0000000.000000", "j0000012.000011", "j0000024.000023", "snap", "snap.old")]
    _fs, table, report = _boot(FILES)
    assert report.clean() and report.source == "snapshot" and report.replayed == 7
    _check(table, report, HANDS + 1)


def test_a_tail_cut_at_every_offset_keeps_the_whole_lines_before_it():
    data = FILES[TAIL]
    for offset in range(len(data) + 1):
        files = dict(FILES, **{TAIL: data[:offset]})
        fs, table, report = _boot(files)
        whole = _lines_before(data, offset)
        _check(table, report, 24 + whole)
        torn = data[:offset][len(b"".join(data.splitlines(True)[:whole])):]
        if torn:
            (damage,) = report.damage
            assert damage["bytes"] == len(torn) and damage["records"] == 1
            assert fs.files[FOLDER + damage["kept_in"]] == torn
            assert fs.files.get(TAIL, b"") == data[:offset - len(torn)]
        else:
            assert report.clean()


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_flipped_byte_anywhere_in_the_tail_keeps_the_lines_before_it(data):
    tail = FILES[TAIL]
    offset = data.draw(st.integers(0, len(tail) - 1))
    flip = data.draw(st.integers(1, 255))
    damaged = bytearray(tail)
    damaged[offset] ^= flip
    fs, table, report = _boot(dict(FILES, **{TAIL: bytes(damaged)}))
    kept = _lines_before(tail, offset)
    # Up to the newline before the last line, the damaged line has a good one after it.
    assert bool(report.gaps) == (offset < _start_of_line(tail, tail.count(b"\n") - 1) - 1)
    if report.gaps:
        # Its hand (and the next, if the flip joined two lines) cannot be read, the hands
        # after it are kept, nothing is cut.
        _check(table, report, HANDS + 1)
        assert report.gaps[0]["hands"][0] == 23 + kept and not report.damage
        assert fs.files[TAIL] == bytes(damaged)
        return
    _check(table, report, 24 + kept)
    (damage,) = report.damage
    assert fs.files[FOLDER + damage["kept_in"]] == bytes(damaged[damage["at"]:])


def _start_of_line(data, n):
    pos = 0
    for _ in range(n):
        pos = data.index(b"\n", pos) + 1
    return pos


@settings(max_examples=100, deadline=None)
@given(st.binary(min_size=1, max_size=300))
def test_garbage_after_the_tail_is_cut_off_and_kept(garbage):
    fs, table, report = _boot(dict(FILES, **{TAIL: FILES[TAIL] + garbage}))
    _check(table, report, HANDS + 1)
    (damage,) = report.damage
    assert fs.files[FOLDER + damage["kept_in"]] == garbage


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_damaged_snapshot_falls_back_to_the_older_one(data):
    snap = FILES[FOLDER + "snap"]
    offset = data.draw(st.integers(0, len(snap) - 1))
    if data.draw(st.booleans()):
        damaged = bytearray(snap)
        damaged[offset] ^= data.draw(st.integers(1, 255))
        damaged = bytes(damaged)
    else:
        damaged = snap[:offset]
    fs, table, report = _boot(dict(FILES, **{FOLDER + "snap": damaged}))
    _check(table, report, HANDS + 1)
    assert report.source == "older snapshot"
    (damage,) = report.damage
    assert damage["file"] == "snap" and fs.files[FOLDER + damage["kept_in"]] == damaged


def test_both_snapshots_damaged_replay_the_whole_journal():
    files = dict(FILES)
    files[FOLDER + "snap"] = b"junk"
    files[FOLDER + "snap.old"] = FILES[FOLDER + "snap.old"][:-3]
    fs, table, report = _boot(files)
    _check(table, report, HANDS + 1)
    assert report.source == "full replay" and len(report.damage) == 2
    # The next boot starts from the same state, and the table goes on where it stopped.
    table.record(hand(HANDS))
    _fs, again, report = _boot(fs.files)
    assert again.totals == table.totals and report.events == HANDS + 2


def test_a_damaged_old_segment_without_snapshots_keeps_every_hand_but_the_damaged_one():
    files = {k: v for k, v in FILES.items() if not k.endswith(("snap", "snap.old"))}
    middle = bytearray(files[FOLDER + "j0000012.000011"])
    middle[400] ^= 0x20
    files[FOLDER + "j0000012.000011"] = bytes(middle)
    fs, table, report = _boot(files)
    _check(table, report, HANDS + 1)
    lost = 11 + _lines_before(middle, 400)  # event 12 + line: the hand before it
    assert [g["hands"] for g in report.gaps] == [[lost, lost]] and not report.damage
    assert table.totals != EXPECTED[-1]  # that hand is not counted: the screen says which
    assert fs.files == files  # nothing cut, moved or rewritten


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_boot_never_raises_and_keeps_a_prefix_less_the_hands_it_names(data):
    files = dict(FILES)
    for _ in range(data.draw(st.integers(1, 3))):
        name = data.draw(st.sampled_from(sorted(files)))
        content = bytearray(files[name])
        how = data.draw(st.sampled_from(["flip", "cut", "append"]))
        if how == "flip" and content:
            content[data.draw(st.integers(0, len(content) - 1))] ^= data.draw(
                st.integers(1, 255))
        elif how == "cut":
            content = content[:data.draw(st.integers(0, len(content)))]
        else:
            content += data.draw(st.binary(max_size=50))
        files[name] = bytes(content)
    _fs, table, report = _boot(files)
    if table is None:
        assert report.events == 0
    else:
        assert table.totals == _less(EXPECTED[report.events - 1], report)
