"""Boot's half of core.journal: rebuild a table from its folder (the snapshot, then the
segments replayed), cutting off and keeping aside what is bad, or passing over damaged lines
where the journal says they held hands and nothing else (_past). Imported by Journal.boot()
and core.journal.read() only, and let go again after a boot: a board holds this code only
while it boots, not through the evening.
"""

from binascii import crc32

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
    read_lines,
    segment_key,
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


class Unvouched(Exception):
    """A boot that did not look took a snapshot unchecked (Loader.owed), and when a repair
    asked for the check first, it failed: boot again, checking."""


def vouches(fs, folder, owed):
    """Whether the snapshot a boot that did not look took is this journal's: the checks it
    left to after the first frame (Loader.owed)."""
    return Loader(fs, folder, False)._vouched(owed)


def _lost_name(fs, folder):
    numbers = [int(n[len(LOST):]) for n in fs.listdir(folder)
               if n.startswith(LOST) and n[len(LOST):].isdigit()]
    return LOST + str(max(numbers) + 1 if numbers else 1)


class Loader:
    """Boot: rebuild a table from its folder, cutting off and keeping aside what is bad."""

    def __init__(self, fs, folder, repair, look=True):
        self.fs = fs
        self.folder = folder
        self.repair = repair
        self.look = look  # list the folder for a segment out of its place (_continued)
        self.unlooked = None  # without look: the name after which one would be out of place
        self.report = Report()
        self.store = JournalStore(fs, folder, writable=repair)
        self.table = None
        self.holding = None  # the segment holding the last event read (or the snapshot's)
        self.listed = None  # the folder's segments, once listed
        self.refused = False  # the last _replay stopped at an event that did not replay
        # Damaged lines passed over until the event that vouched for them replays: (file, its
        # bytes, where they start, the events and hands read before them).
        self.pending = None
        self.ahead = None  # (name, bytes) of the segment _fits read for load() to replay
        # Without look: the snapshot's checks left to after the first frame (_fits), as
        # (after, seq, hands, its table); a repair makes them first (_damaged).
        self.owed = None

    def _fits(self, got):
        """A snapshot is taken as is only if it is this table's and its counts agree with
        the segments. This table's: its header is the journal's opening, and the event it
        follows (`after`: that event's segment and checksum, in every snapshot written since
        they carry it) is in the journal, byte for byte; where the opening line is damaged,
        `after` alone tells. Its counts: most boots find the segment it names next (seq + 1,
        hands), and that name is the agreement. Only when that one is missing (a boot right
        after a snapshot) does a snapshot without `after` need the folder listed, to see
        that its last segment ends at the snapshot's event."""
        seq, state = got
        hands = state["hands"]
        after = state.get("after")
        if after is not None and not self.look:
            # The device's boot, before its first frame: the opening and `after` are
            # checked after it (vouches(), from Journal.out_of_place()), where in a long
            # table's folder the two files cost a Pico some 17 ms before it. Nothing is
            # repaired on the snapshot's word until they are (_damaged).
            if _after_key(after) is None:
                return False
            self.owed = (after, seq, hands, state["table"])
            self.holding = after[0]
        else:
            opening = self._opening()
            if opening is not None and opening != state["table"]:
                return False
            if after is not None:
                if not self._holds(after, seq, hands):
                    return False
                self.holding = after[0]
            elif opening is None:
                return False
        name = segment_name(seq + 1, hands)
        try:
            data = read_file(self.fs, self.folder + "/" + name)
        except Unreadable:
            return True  # it is there, so it agrees; the replay then finds it unreadable
        if data is not None:
            self.ahead = (name, data)  # replayed next: a file opened in a long table's
            return True  # folder costs a Pico some 3 ms, so it is read once
        if after is not None:
            return True  # load() looks for any segment after it
        before = None
        for segment in self._listing():
            if segment[0] > seq:
                return False
            before = segment
        if before is None or not before[1] <= hands <= before[1] + seq + 1 - before[0]:
            return False
        events = split(read_file(self.fs, self.folder + "/" + before[2]) or b"", before[0])[0]
        if not events or events[-1][0] != seq:
            return False  # the last segment holds events the snapshot does not cover
        self.holding = before[2]
        return True

    def _opening(self):
        """The table the first segment's opening line opens; None where it is not known
        (no such line, damaged, or the file unreadable: `after` alone may tell)."""
        lines = read_lines(self.fs, self.folder + "/" + segment_name(0, 0))
        try:
            line = next(lines)  # the first line alone
        except StopIteration:  # none: the file is empty or not there
            line = b""
        except Unreadable:
            return None
        finally:
            lines.close()
        first = unframe(line[:-1]) if line.endswith(b"\n") else None
        return first[1].get("open") if first is not None and first[0] == 0 else None

    def _vouched(self, owed):
        """Whether the checks _fits left (owed) pass: as a boot that looks makes them."""
        after, seq, hands, table = owed
        try:
            opening = self._opening()
            return (opening is None or opening == table) and self._holds(after, seq, hands)
        except Unreadable:
            return False  # the boot that looks then finds the file unreadable, and says so

    def _holds(self, after, seq, hands):
        """Whether segment after[0] holds event `seq`, its lines up to it chain() to
        after[1], and `hands` hands were recorded by then: counted where those lines are
        whole, else within what the segment's name allows."""
        key = _after_key(after)
        if key is None or seq < key[0]:
            return False
        count = seq + 1 - key[0]
        digest = 0
        seen = key[1]
        whole = True
        # Line by line: after the first frame a small heap may have no piece for the whole
        # segment.
        left = count
        lines = read_lines(self.fs, self.folder + "/" + after[0])
        try:
            for line in lines:
                if not left:
                    break
                if not line.endswith(b"\n"):
                    return False  # the segment ends before event seq does
                left -= 1
                parts = line[:-1].split(b" ", 2)
                if len(parts) != 3:
                    return False
                digest = crc32(parts[1], digest)  # as chain() does
                # Whole and a hand, without parsing it: its checksum, and the canonical JSON
                # of a hand event starts with its one key before "record".
                if parts[1] != b"%08x" % crc32(parts[0] + b" " + parts[2]):
                    whole = False
                elif parts[2].startswith(b'{"hand":'):
                    seen += 1
        finally:
            lines.close()
        if left or "%08x" % digest != after[1]:
            return False
        return hands == seen if whole else key[1] <= hands <= key[1] + count

    def _listing(self):
        if self.listed is None:
            self.listed = _segments(self.fs, self.folder)
        return self.listed

    def _damaged(self, name, data, at):
        """Cut `name` at byte `at` (0: move it aside whole; `data` None when it could not
        be read, it is then moved, never rewritten), keeping the bytes cut off."""
        owed = self.owed
        if owed is not None:
            self.owed = None
            if self.repair and not self._vouched(owed):
                raise Unvouched()
        path = self.folder + "/"
        if data is None:
            try:
                data = read_file(self.fs, path + name)  # for the report only
            except Unreadable:
                pass
        bad = data[at:] if data is not None else None
        kept_in = None
        if self.repair:
            self.listed = None
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
                    self.owed = None  # not taken: nothing to check
            self._damaged(name, None, 0)
        self.report.source = "full replay" if self.report.damage else "journal"

    def _apply(self, event):
        table = self.table
        if table is None:
            table = Table(store=self.store, **event["open"])
            self.store.open(event["open"])
            self.table = table
        elif "hand" in event:
            if table.record(event["record"], replay=True, owned=True)[0] != event["hand"]:
                raise JournalError("hand out of order")
        elif self._about_unread(event):
            # Its `was` would take out, or put back, a hand the totals never counted.
            raise JournalError("about a hand that cannot be read")
        elif "void" in event:
            table.void(event["void"], event.get("was"))
        elif "unvoid" in event:
            table.unvoid(event["unvoid"], event.get("was"))
        elif "amend" in event:
            table.amend(event["amend"], event["record"], replay=True, was=event.get("was"))
        elif "close" in event:
            self.store.close()
        else:
            raise JournalError("unknown event")

    def _about_unread(self, event):
        """Whether `event` voids, unvoids or amends a hand a damaged line held (_past)."""
        for key in ("void", "unvoid", "amend"):
            if key in event:
                for gap in self.report.gaps:
                    if gap["hands"][0] <= event[key] <= gap["hands"][1]:
                        return True
        return False

    def _replay(self, data, start=0):
        """Apply the good events of a segment from byte `start`; returns the byte where they
        end. self.refused: whether an event there was well framed but did not replay."""
        store = self.store
        self.refused = False
        events, good = split(data[start:] if start else data, store.seq + 1)
        for i in range(len(events)):
            try:
                self._apply(events[i][1])
            except Unreadable:
                # A void or an amend reads its hand from an older segment, and that file
                # could not be read: the event is not damaged, and neither is what follows.
                # Nothing is cut: load() stops here, blocked, until a boot reads the file.
                raise
            except (RecordError, JournalError, TypeError, ValueError, KeyError, IndexError,
                    AttributeError):
                # A well-framed event that does not replay (a hand the table refuses, a
                # void of a hand that is not there) ends the journal like a torn line.
                self.refused = True
                return start + _offset(data[start:] if start else data, i)
            self.report.replayed += 1
            self.pending = None
        return start + good

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
        if self.owed is not None and self.unlooked is None:
            self.unlooked = self.holding or ""  # the look after the first frame checks it
        store.replaying = False
        store.listing = None  # a repair may have set segments aside
        store.cached = (None, b"")
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
            data = self._segment(name)
            if data is None:
                found = self._continued(name)
                if found is None:
                    break
                name = found
                data = read_file(self.fs, self.folder + "/" + name) or b""
            first = store.seq
            good = self._replay(data)
            if self.pending is not None:
                # The journal ends in the segment before this one.
                name, data, good = self._unpass(self.pending)
            passed = False  # damaged lines passed over: hands that cannot be read
            after = 0
            while good < len(data) and not self.refused:
                after = self._past(name, data, good)
                if after is None:
                    break
                passed = True
                if after == len(data):
                    break  # the journal goes on in the next segment
                good = self._replay(data, after)
                if self.pending is not None:
                    good = self._unpass(self.pending)[2]
                    break
            store.segment = self.holding = name
            store.size = good
            store.digest = 0  # the next event's snapshot names the chain of the lines kept
            if any(gap["file"] == name for gap in self.report.gaps):
                # A damaged line has no checksum to chain: the next event opens a segment
                # of its own, and the damaged one stays as it is.
                store.segment = None
            else:
                store.digest = _chained(data, good)
            if good < len(data) and not (passed and after == len(data)):
                self._damaged(name, data, good)
                self._set_aside_after(name)
                break
            if store.seq == first:
                self._continued(None)  # an empty segment (cut before its first event)
                break
            if not self.look and self.report.source == "snapshot" and not self.report.gaps:
                # After the newest snapshot's segment the device wrote none (a segment
                # starts after a snapshot, or after damaged lines passed over), so a boot
                # that does not look does not open the next name either: in a long table's
                # folder a name that is not there costs a Pico some 6 ms to be sure of.
                # One there after all is out of its place: out_of_place() finds it.
                self._continued(None)
                break
            name = segment_name(store.seq + 1, store.hands)
        return name

    def _segment(self, name):
        """The bytes of segment `name` (None: not there): the one _fits read, if it is."""
        ahead = self.ahead
        self.ahead = None
        if ahead is not None and ahead[0] == name:
            return ahead[1]
        return read_file(self.fs, self.folder + "/" + name)

    def _past(self, name, data, at):
        """Pass over the damaged lines from byte `at` where the journal says for sure what
        they held: the next good event (further in this segment, else the next segment's
        first) records hand k, and the events lost between are as many as the hands before
        k not yet read. Every one of them was then a hand (a void, an unvoid, an amend or a
        close records none), so they are those hands, not counted (their records cannot be
        read), and nothing after them depends on them (a later event about one of them
        does not replay, and ends the journal there). Returns the byte where the journal
        goes on in `data` (len(data): in the next segment), or None: the journal ends at
        `at`, as a damaged line always ends it where this cannot be known. Not for 升级,
        whose hands are scored from the levels every hand before them left."""
        store = self.store
        if self.table is None or self.table.game == "shengji":
            return None
        pos = data.find(b"\n", at) + 1
        if pos and unframe(data[at:pos - 1]) is not None:
            return None  # not damaged: a good line out of sequence, whatever it means
        got = None
        while pos and got is None:
            end = data.find(b"\n", pos)
            if end < 0:
                pos = 0  # a torn end: only damage follows in this segment
            else:
                got = unframe(data[pos:end])
                if got is None:
                    pos = end + 1
        if got is None:
            got = self._next_segment_opening(store.seq)
            pos = len(data)
        if got is None:
            return None
        seq, event = got
        lost = seq - store.seq - 1
        hand = event.get("hand")
        if lost < 1 or type(hand) is not int or hand != store.hands + lost:
            return None
        self.report.gaps.append({"file": name, "at": at, "bytes": pos - at,
                                 "hands": [store.hands, hand - 1]})
        self.pending = (name, data, at, store.seq, store.hands)
        store.seq = seq - 1
        store.hands = hand
        return pos

    def _unpass(self, pending):
        """The event that vouched for the damaged lines last passed over (`pending`) did not
        replay, so nothing vouches for them: the journal ends where they start, as at any
        damaged line. Returns (file, its bytes, where it ends)."""
        name, data, at, self.store.seq, self.store.hands = pending
        self.pending = None
        self.report.gaps.pop()
        self.refused = True  # no passing over again
        return name, data, at

    def _next_segment_opening(self, seq):
        """(seq, event) of the first line of the segment after event `seq`, when that line is
        good and the segment's name is the one it would have: None otherwise."""
        for first, _hands, name in self._listing():
            if first > seq:
                try:
                    data = read_file(self.fs, self.folder + "/" + name) or b""
                except Unreadable:
                    return None  # set aside whole with what follows the damage, as ever
                end = data.find(b"\n")
                got = unframe(data[:end]) if end > 0 else None
                if got is None:
                    return None
                hand = got[1].get("hand")
                if type(hand) is not int or got[0] != first or name != segment_name(first, hand):
                    return None
                return got
        return None

    def _continued(self, expected):
        """The segment that goes on where the journal stopped (its first event is the next
        one) under another name than `expected`, as a hand or a damaged folder entry may
        leave it: its name, given back to it in repair mode. Without one, any segment after
        the last one read is out of sequence: reported, and set aside in repair mode (a later
        segment could take its name) unless no table was read (the folder is archived whole,
        as it is)."""
        store = self.store
        if not self.look and self.table is not None:
            # Without a table, boot lists the folder to archive it anyway.
            self.unlooked = self.holding or ""
            return None
        strays = []
        # Names compared as they are: parsing every old segment's name costs a long table's
        # boot more than the rest of it.
        for name in sorted(self.fs.listdir(self.folder)):
            if self.holding is not None and name <= self.holding or segment_key(name) is None:
                continue
            data = read_file(self.fs, self.folder + "/" + name)
            if expected is not None and split(data or b"", store.seq + 1)[0]:
                if self.repair:
                    self.fs.rename(self.folder + "/" + name, self.folder + "/" + expected)
                self.report.notes.append("{}: out of its place, read as {}".format(
                    name, expected))
                return expected if self.repair else name
            strays.append(name)
        for name in strays:
            if self.repair and self.table is not None:
                self._damaged(name, None, 0)
            else:
                self.report.notes.append(name + ": out of sequence, not read")
        return None

    def _set_aside_after(self, name):
        # Events after a cut cannot be replayed (their numbers would not follow): keep any
        # later segment aside too.
        for _seq, _hand, later in _segments(self.fs, self.folder):
            if later > name:
                self._damaged(later, None, 0)


def _after_key(after):
    """(first seq, first hand) of the segment a snapshot's `after` names; None where it is
    not [segment name, checksum]."""
    if isinstance(after, list) and len(after) == 2 and isinstance(after[0], str) and \
            isinstance(after[1], str):
        return segment_key(after[0])
    return None


def _chained(data, end):
    """chain() over the lines of `data` before byte `end`, lines that split() found good,
    without copying them: each one's checksum is the 8 bytes after its first space."""
    digest = 0
    pos = 0
    while pos < end:
        at = data.find(b" ", pos) + 1
        digest = crc32(data[at:at + 8], digest)
        pos = data.find(b"\n", at) + 1
    return digest


def _offset(data, lines):
    """Byte offset where line number `lines` (from 0) starts."""
    pos = 0
    for _ in range(lines):
        pos = data.find(b"\n", pos) + 1
    return pos
