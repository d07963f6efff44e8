"""Boot's half of core.journal: rebuild a table from its folder (the snapshot, then the
segments replayed), cutting off and keeping aside what is bad. Imported by Journal.boot()
and core.journal.read() only, and let go again after a boot: a board holds this code only
while it boots, not through the evening.
"""

from core.errors import RecordError
from core.frame import split, unframe
from core.journal import (
    LOST,
    OLD,
    SNAP,
    JournalError,
    JournalStore,
    Report,
    Unreadable,
    _segments,
    read_file,
    segment_name,
    write_file,
)
from core.table import Table


def _snapshot(fs, path):
    """(seq, state) of a snapshot file; None if absent; False if damaged."""
    data = read_file(fs, path)
    if data is None:
        return None
    got = unframe(data[:-1]) if data.endswith(b"\n") else None
    if got is None:
        return False
    for key in ("table", "hands", "totals", "state", "voided", "amends", "last"):
        if key not in got[1]:
            return False
    return got


def _lost_name(fs, folder):
    numbers = [int(n[len(LOST):]) for n in fs.listdir(folder)
               if n.startswith(LOST) and n[len(LOST):].isdigit()]
    return LOST + str(max(numbers) + 1 if numbers else 1)


class Loader:
    """Boot: rebuild a table from its folder, cutting off and keeping aside what is bad."""

    def __init__(self, fs, folder, repair):
        self.fs = fs
        self.folder = folder
        self.repair = repair
        self.report = Report()
        self.store = JournalStore(fs, folder, writable=repair)
        self.table = None

    def _fits(self, got):
        """A snapshot is taken as is only if it is this table's (its header is the journal's
        opening) and its counts agree with the segment names. Most boots find the segment
        it names next (seq + 1, hands): that name is the agreement, and boot reads no more
        than it would anyway. Only when that one is missing (a boot right after a snapshot)
        is the folder listed, to see that no later segment exists and that one holds it."""
        seq, state = got
        hands = state["hands"]
        data = read_file(self.fs, self.folder + "/" + segment_name(0, 0))
        if data is None:
            return False
        first = unframe(data[:data.find(b"\n")])
        if first is None or first[1].get("open") != state["table"]:
            return False
        try:
            if read_file(self.fs, self.folder + "/" + segment_name(seq + 1, hands)) is not None:
                return True
        except Unreadable:
            return True  # it is there, so it agrees; the replay then finds it unreadable
        before = None
        for segment in _segments(self.fs, self.folder):
            if segment[0] > seq:
                return False
            before = segment
        return before is not None and before[1] <= hands <= before[1] + seq + 1 - before[0]

    def _damaged(self, name, data, at):
        """Cut `name` at byte `at` (0: move it aside whole; `data` None when it could not
        be read, it is then moved, never rewritten), keeping the bytes cut off."""
        path = self.folder + "/"
        if data is None:
            try:
                data = read_file(self.fs, path + name)  # for the report only
            except Unreadable:
                pass
        bad = data[at:] if data is not None else None
        kept_in = None
        if self.repair:
            kept_in = _lost_name(self.fs, self.folder)
            if at and data is not None:
                # Keep the bad bytes first, then shorten the file: a cut between the two
                # leaves them twice, never nowhere.
                write_file(self.fs, path + kept_in, bad)
                write_file(self.fs, path + name, data[:at])
            else:
                self.fs.rename(path + name, path + kept_in)
        records = None if bad is None else bad.count(b"\n") + (not bad.endswith(b"\n"))
        self.report.damage.append({"file": name, "at": at,
                                   "bytes": None if bad is None else len(bad),
                                   "records": records, "kept_in": kept_in})

    def _start(self):
        for name, source in ((SNAP, "snapshot"), (OLD, "older snapshot")):
            path = self.folder + "/" + name
            try:
                got = _snapshot(self.fs, path)
            except Unreadable:
                got = False  # the journal has it all: fall back, and move the file aside whole
            if got is None:
                continue
            if got is not False:
                try:
                    if not self._fits(got):
                        raise ValueError("not this table's, or not its segments'")
                    seq, state = got
                    table = Table(store=self.store, **state["table"])
                    table.totals = state["totals"]
                    table.state = state["state"]
                    self.store.restore(seq, state)
                    self.table = table
                    self.report.source = source
                    return
                except (RecordError, TypeError, ValueError, KeyError):
                    pass
            self._damaged(name, None, 0)
        self.report.source = "full replay" if self.report.damage else "journal"

    def _apply(self, event):
        table = self.table
        if table is None:
            table = Table(store=self.store, **event["open"])
            self.store.open(event["open"])
            self.table = table
        elif "hand" in event:
            if table.record(event["record"], replay=True)[0] != event["hand"]:
                raise JournalError("hand out of order")
        elif "void" in event:
            table.void(event["void"])
        elif "unvoid" in event:
            table.unvoid(event["unvoid"])
        elif "amend" in event:
            table.amend(event["amend"], event["record"], replay=True)
        elif "close" in event:
            self.store.close()
        else:
            raise JournalError("unknown event")

    def _replay(self, data):
        """Apply the good events at the start of a segment; returns the bytes they fill."""
        store = self.store
        events, good = split(data, store.seq + 1)
        for i in range(len(events)):
            try:
                self._apply(events[i][1])
            except (RecordError, JournalError, TypeError, ValueError, KeyError, IndexError,
                    AttributeError):
                # A well-framed event that does not replay (a hand the table refuses, a
                # void of a hand that is not there) ends the journal like a torn line.
                return _offset(data, i)
            self.report.replayed += 1
        return good

    def load(self):
        store = self.store
        name = SNAP
        try:
            self._start()
            name = self._load()
        except OSError as exc:
            # A repair that could not be written: the bad bytes are still in the way.
            self._blocked("{} (flash error {})".format(name, exc))
        except Unreadable as exc:
            self._blocked(exc.args[0].rsplit("/", 1)[-1])
        store.replaying = False
        store.listing = None  # a repair may have set segments aside
        store.cached = (None, [])
        self.report.events = store.seq + 1
        self.report.hands = store.hands
        self.report.closed = store.closed
        return self.table

    def _blocked(self, what):
        # What was read stands; nothing may be written after a file that could not be read.
        self.store.blocked = what
        self.report.unreadable.append(what)

    def _load(self):
        store = self.store
        store.replaying = True
        store.tail = 0
        name = segment_name(store.seq + 1, store.hands)
        while True:
            data = read_file(self.fs, self.folder + "/" + name)
            if data is None:
                break
            first = store.seq
            good = self._replay(data)
            store.segment = name
            store.size = good
            if good < len(data):
                self._damaged(name, data, good)
                self._set_aside_after(name)
                break
            if store.seq == first:
                break  # an empty segment (cut before its first event): the journal ends here
            name = segment_name(store.seq + 1, store.hands)
        return name

    def _set_aside_after(self, name):
        # Events after a cut cannot be replayed (their numbers would not follow): keep any
        # later segment aside too.
        for _seq, _hand, later in _segments(self.fs, self.folder):
            if later > name:
                self._damaged(later, None, 0)


def _offset(data, lines):
    """Byte offset where line number `lines` (from 0) starts."""
    pos = 0
    for _ in range(lines):
        pos = data.find(b"\n", pos) + 1
    return pos
