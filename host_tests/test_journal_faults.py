"""Every file system call fails in turn: the journal over host_tests/faultfs.py.

A table is taken to the start of a step (boot, a hand, a hand that takes a snapshot, an
amend, closing and archiving), then one call of that step fails: raises EIO, raises ENOSPC
or comes out short, once or from then on. Then the faults end, and a clean boot must hold
every change whose call returned (a failed one may be there or not, never half), and a hand
recorded after it must not collide with anything: the boot after that is clean too.

`pytest --soak` also runs every step from a longer table.
"""

import pytest
from faultfs import FaultFS
from test_journal_memfs import MemFS, hand

from core.frame import frame, unframe
from core.journal import Journal, JournalError
from core.table import Table

KINDS = ("eio", "enospc", "short")
STEPS = ("boot", "hand", "snapshot", "amend", "archive")
NAMES = ["A", "B", "C"]


class Run:
    """A table and its mirror (the same changes on a table with no journal)."""

    def __init__(self, fs, hands):
        self.fs = fs
        self.journal = Journal(fs, "d")
        self.table = self.journal.open_table("ddz", 3, profile="classic", names=NAMES)
        self.mirror = Table("ddz", 3, profile="classic", names=NAMES)
        self.closed = False
        for i in range(hands):
            self.record(i)

    def record(self, i):
        self.table.record(hand(i))
        self.mirror.record(hand(i))

    def step(self, name):
        """Do `name`; returns the mirror as it would be if the step went through."""
        after = Table("ddz", 3, profile="classic", names=NAMES)
        for i in range(len(self.mirror.entries)):
            after.record(self.mirror.entries[i]["record"])
        for i in range(len(self.mirror.entries)):
            if self.mirror.entries[i]["void"]:
                after.void(i)
        if name == "boot":
            self.table = self.journal.boot()[0]
        elif name in ("hand", "snapshot"):
            after.record(hand(50))
            self.table.record(hand(50))
            self.mirror.record(hand(50))
        elif name == "amend":
            after.amend(3, hand(77))
            self.table.amend(3, hand(77))
            self.mirror.amend(3, hand(77))
        else:
            self.journal.close_table(self.table)
            self.closed = True
        return after


def _booted(files):
    fs = FaultFS(files)
    journal = Journal(fs, "d")
    table, report = journal.boot()
    if table is None and journal.archives():
        table, report = journal.read_archive(journal.archives()[-1])
    return fs, journal, table, report


def _case(hands, step, at, kind, repeat):
    fs = FaultFS()
    run = Run(fs, hands)
    if step == "snapshot":
        assert run.table.entries.tail == 11  # the next change takes a snapshot
    fs.fail(at, kind, repeat)
    try:
        done = run.step(step)
        failed = False
    except (JournalError, OSError):
        failed = True
        done = None
    fs.heal()
    if step == "boot" and run.table is not None:
        # The table as a faulty boot left it: it records only if boot read everything.
        try:
            run.record(60)
        except JournalError:
            pass
    fs2, journal, table, report = _booted(fs.files)
    assert not report.unreadable, report.lines()
    assert table is not None
    candidates = [run.mirror] if not failed else [run.mirror, done]
    assert any(table.totals == m.totals and len(table.entries) == len(m.entries)
               for m in candidates), (step, at, kind, repeat, report.lines())
    if not run.closed and journal.archives() == [] or table.entries.writable:
        table.record(hand(70))
        _f, _j, again, report = _booted(fs2.files)
        assert report.clean(), report.lines()
        assert len(again.entries) == len(table.entries) and again.totals == table.totals


def _calls(hands, step):
    fs = FaultFS()
    run = Run(fs, hands)
    start = fs.calls
    run.step(step)
    return fs.calls - start


def _sweep(hands, step):
    tried = 0
    for at in range(_calls(hands, step) + 1):
        for kind in KINDS:
            for repeat in (False, True):
                _case(hands, step, at, kind, repeat)
                tried += 1
    return tried


@pytest.mark.parametrize("step", STEPS)
def test_a_failing_call_anywhere_in_a_step_loses_no_confirmed_hand(step):
    hands = 10 if step == "snapshot" else 14
    assert _sweep(hands, step) >= 6


@pytest.mark.soak
@pytest.mark.parametrize("step", STEPS)
def test_soak_failing_calls_in_a_longer_table(step):
    hands = 34 if step == "snapshot" else 40
    assert _sweep(hands, step) >= 6


def _table(hands, names=NAMES):
    fs = FaultFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=names)
    for i in range(hands):
        table.record(hand(i))
    return fs, table


def test_an_unreadable_first_segment_keeps_the_table_and_refuses_changes_until_it_reads():
    fs, table = _table(5)  # no snapshot yet: all of it is in the first segment
    files = dict(fs.files)
    mem = FaultFS(files)
    mem.mem.unreadable.add("d/table/j0000000.000000")
    journal = Journal(mem, "d")
    booted, report = journal.boot()
    assert booted is None and report.unreadable == ["j0000000.000000"]
    assert mem.files == files  # nothing deleted, moved or written
    with pytest.raises(JournalError):
        journal.open_table("ddz", 3, profile="classic", names=NAMES)
    mem.mem.unreadable.clear()
    booted, report = journal.boot()
    assert report.clean() and booted is not None and booted.totals == table.totals
    booted.record(hand(5))


def test_an_unreadable_newest_segment_boots_blocked_then_goes_on():
    fs, table = _table(14)
    mem = FaultFS(fs.files)
    mem.mem.unreadable.add("d/table/j0000012.000011")
    journal = Journal(mem, "d")
    booted, report = journal.boot()
    assert len(booted.entries) == 11 and report.unreadable == ["j0000012.000011"]
    with pytest.raises(JournalError):
        booted.record(hand(20))
    mem.mem.unreadable.clear()
    booted, report = journal.boot()
    assert report.clean() and booted.totals == table.totals
    booted.record(hand(20))
    assert len(Journal(mem, "d").boot()[0].entries) == 15


def test_a_snapshot_from_another_table_or_with_other_counts_is_not_taken():
    fs, table = _table(14)
    other, _ = _table(14, names=["X", "Y", "Z"])
    seq, state = unframe(fs.files["d/table/snap"][:-1])
    for snap in (other.files["d/table/snap"], frame(seq, dict(state, hands=10)),
                 frame(seq - 1, state)):
        files = dict(fs.files, **{"d/table/snap": snap})
        booted, report = Journal(FaultFS(files), "d").boot()
        assert booted.names == NAMES and booted.totals == table.totals
        # (no snap.old yet after one snapshot: the whole journal is replayed)
        assert report.source == "full replay" and report.damage[0]["file"] == "snap"


def test_an_archive_folder_that_cannot_be_listed_is_not_taken_for_an_empty_one():
    # Closing a table names its archive after the ones there: guessing "none" could give it
    # a name already taken. The table stays open, and closes once the folder lists again.
    fs = MemFS()
    journal = Journal(fs, "/data")
    table = journal.open_table("ddz", 3, profile="classic")
    table.record({"landlord": 0, "bid": 2, "winner": "landlord"})
    journal.close_table(table)
    table = journal.open_table("ddz", 3, profile="classic")
    table.record({"landlord": 1, "bid": 1, "winner": "farmers"})
    fs.unreadable.add("/data/archive")
    with pytest.raises(JournalError):
        journal.archives()
    with pytest.raises(JournalError):
        journal.close_table(table)
    fs.unreadable.clear()
    booted = Journal(MemFS(fs.files), "/data")
    again, report = booted.boot()
    assert report.clean() and again.hands_played() == 1  # still open, nothing lost
    assert booted.archives() == ["0001"]
    assert booted.close_table(again) == "0002"
