"""An adversary of the journal (issue 23): hypothesis damages a table's folder at random
(a file deleted, renamed to another segment's name, truncated, a bit flipped, a read error
on any file, a snapshot of another evening with the same opening put in) and then:

- boot never raises; the table it keeps is the evening as it stood after the events it
  recovered (the totals and hands of those events, never others), less the hands it says it
  could not read (damaged lines it passed over: each of them is damaged indeed, and no
  event about them was replayed), and a boot that says nothing is wrong kept the whole
  evening;
- nothing stored is deleted: every file boot could not read is still there, byte for byte,
  and the folder holds at least as many bytes as before;
- `tools.ledger score` of the damaged folder prints, for the hands it recovers, the totals
  of those hands in the evening itself (where boot went on past hands it could not read,
  boot's hands and totals).

The default run is short (the suite's time budget on two cores); `pytest --soak` runs many
more examples.
"""

import json
import os
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_journal_memfs import MemFS, hand

from core.frame import first
from core.journal import Journal, JournalError, read
from core.table import Table
from tools.ledger.folder import score_folder
from tools.ledger.records import LedgerError

FOLDER = "d/table/"
NAMES = ["A", "B", "C"]


def _evening(shift):
    """An evening of 30 hands with voids and amends, old and new: (files, the totals and
    hand count after each number of events, each hand's deltas as first recorded)."""
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", names=NAMES)
    mirror = Table("ddz", 3, profile="classic", names=NAMES)
    after = [(list(mirror.totals), 0)]
    deltas = []

    def step(action, *args):
        for t in (table, mirror):
            getattr(t, action)(*args)
        after.append((list(mirror.totals), len(mirror.entries)))

    for i in range(30):
        step("record", hand(i + shift))
        deltas.append(mirror.hand_result(i)["deltas"])
        if i == 9:
            step("void", 4)
        if i in (20, 27):
            step("amend", i - 17, hand(50 + i))
        if i == 25:
            step("void", 1)
    return dict(fs.files), after, deltas


EVENING, AFTER, DELTAS = _evening(0)
FOREIGN = [_evening(shift)[0] for shift in (1, 12)]
SEGMENTS = sorted(p for p in EVENING if p.rsplit("/", 1)[1].startswith("j"))


@st.composite
def damaged(draw):
    """(files, unreadable paths, what was done)."""
    files = dict(EVENING)
    unreadable = set()
    done = []
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["delete", "rename", "truncate", "flip", "eio",
                                    "foreign"]))
        if how == "foreign":
            name = draw(st.sampled_from(["snap", "snap.old"]))
            files[FOLDER + name] = draw(st.sampled_from(FOREIGN))[FOLDER + name]
            done.append((how, name))
            continue
        path = draw(st.sampled_from(sorted(files)))
        data = files[path]
        if how == "delete":
            del files[path]
        elif how == "rename":
            seq, hands = draw(st.integers(0, 40)), draw(st.integers(0, 32))
            new = FOLDER + "j{:07d}.{:06d}".format(seq, hands)
            if new in files:
                continue  # (a rename over a file would delete that one: "delete" does)
            del files[path]
            files[new] = data
            unreadable = {new if p == path else p for p in unreadable}
        elif how == "truncate":
            files[path] = data[:draw(st.integers(0, len(data)))]
        elif how == "flip" and data:
            flipped = bytearray(data)
            flipped[draw(st.integers(0, len(data) - 1))] ^= 1 << draw(st.integers(0, 7))
            files[path] = bytes(flipped)
        elif how == "eio":
            unreadable.add(path)
        done.append((how, path))
    return files, unreadable, done


def _boot(files, unreadable):
    fs = MemFS(dict(files))
    fs.unreadable.update(unreadable)
    table, report = Journal(fs, "d").boot()
    return fs, table, report


def _unread(report):
    """The hands boot says it passed over, unreadable."""
    return [i for gap in report.gaps for i in range(gap["hands"][0], gap["hands"][1] + 1)]


def _model(report):
    """(totals, hands) of the evening after the events boot recovered, less the hands it
    passed over (each as first recorded: no event about one of them was replayed)."""
    totals, hands = AFTER[report.events - 1]
    for i in _unread(report):
        totals = [t - d for t, d in zip(totals, DELTAS[i])]
    return totals, hands


def _contents(files):
    return sorted(files.values())


def check(case):
    files, unreadable, done = case
    fs, table, report = _boot(files, unreadable)
    # What boot kept is the evening after the events it recovered, less the hands it says
    # it could not read, and only that.
    unread = _unread(report)
    for gap in report.gaps:  # passed over: damaged lines, every one
        data = fs.files[FOLDER + gap["file"]]
        gap_bytes = data[gap["at"]:gap["at"] + gap["bytes"]]
        assert first(gap_bytes, b"", lambda line: True) is None, (done, report.lines())
    if table is not None:
        assert (table.totals, len(table.entries)) == _model(report), (done, report.lines())
        for i in unread:
            with pytest.raises(JournalError):
                table.entries[i]  # named as damaged where a screen reads it
    # The journal's end cut off whole (its newest segment deleted, renamed away, or cut at
    # a line's end) looks exactly like an evening that ended there: no boot can tell.
    end_cut = any(how in ("delete", "rename", "truncate") and path == SEGMENTS[-1]
                  for how, path in done)
    if report.clean() and not end_cut:
        assert table is not None, (done, report.lines())
        assert (table.totals, len(table.entries)) == AFTER[-1], (done, report.lines())
    # Nothing deleted: each file boot could not read is there as it was, and no bytes went.
    for path in unreadable & set(files):
        assert files[path] in fs.files.values(), (done, path)
    if not (table is None and report.archived is None and not report.unreadable):
        assert sum(map(len, fs.files.values())) >= sum(map(len, files.values())), done
    # A second boot, every file readable again, keeps at least as much.
    _fs, again, report2 = _boot(fs.files, ())
    if table is not None and again is not None:
        assert len(again.entries) >= len(table.entries), (done, report2.lines())
    # The ledger on the damaged folder: the totals of the hands it recovers.
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "table")
        os.mkdir(folder)
        for path, data in files.items():
            with open(os.path.join(folder, path.rsplit("/", 1)[1]), "wb") as f:
                f.write(data)
        try:
            lines, _damage = score_folder(folder)
        except LedgerError:
            return  # no table could be recovered: said, with exit status 2
        from tools.ledger.folder import load

        recovered, _scan = load(folder)
        # The evening as it stood after some of its events, never another (or, where boot
        # went on past hands it could not read, what boot keeps, those hands left out)...
        kept = (recovered.totals, len(recovered.entries))
        if kept not in AFTER:  # the files as the host reads them: none unreadable
            _table, report = read(MemFS(dict(files)), FOLDER[:-1])
            unread = _unread(report)
            assert unread and kept == (_model(report)[0], report.hands - len(unread)), done
        # ...and what score prints adds up to it.
        if recovered.hands_played():
            assert json.loads(json.dumps(lines[-1]))["totals"] == recovered.totals, done


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_boot_and_the_ledger_keep_every_hand_they_can_read_and_say_what_they_could_not(case):
    check(case)


@pytest.mark.soak
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_soak_the_adversary_of_the_journal(case):
    check(case)
