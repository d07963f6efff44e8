"""The journal: every table event on flash, so that no confirmed hand is ever lost.

A table lives in one folder (ROOT/table):

    j0000000.000000   segments of framed events (core/frame.py), named by the sequence
    j0000012.000011   number of their first event and the hand count at that moment
    snap              the table's state after some event S (totals, levels, hand count...)
    snap.old          the snapshot before it: the fallback when `snap` is damaged
    lost.1, lost.2    bytes that recovery cut off, kept for a host tool; never deleted

Events are {"open": header}, {"hand": i, "record": r}, {"void": i, "was": r},
{"unvoid": i, "was": r} (a void undone: the hand counts again), {"amend": i, "record": r,
"was": r} and {"close": true}, where r is a RULES §8 hand record exactly as the table scored
it (`was`: the record a void, an unvoid or an amend concerns, so that boot need not read the
hand's old segment; absent in journals written before it).

Boot reads `snap` and replays only the segment written after it: a snapshot is taken every
SNAPSHOT_EVERY events and the next event opens a new segment, whose name follows from the
snapshot (seq + 1, hand count). So boot costs the same after 10 hands or 10,000: besides, it
reads the segment the snapshot names (to check the snapshot is this table's) and lists the
folder once (names compared, none parsed) for a segment beyond the last one it read. Old
segments are never rewritten while the table is open: they are the
history that a look back, a void or an amend of an old hand reads on demand, and the full
replay that recovery falls back to.

Flash wear (littlefs, 4 KB blocks): each append+close copies the segment's last block into a
fresh one, about one erase per event, and a snapshot costs about 1.3 more. But a segment's
first two events fit inline in its folder's metadata (littlefs inlines files up to 512 bytes
here) and cost almost nothing: short segments pay for their snapshots. Measured with
littlefs-python on rp2's geometry over 3,000 hands (SNAPSHOT_EVERY 12 / 16 / 20): 1.05 / 1.07
/ 1.11 erases per hand with beans records (about 230 bytes), 0.95 / 0.99 / 1.01 without.
host_tests/test_journal_flash.py measures it again. Boot, in MicroPython VM fuel
(tools/bench_boot.py): 8.1 M after 10 hands, 5.0 M after 1,000 and after 10,000, 9.0 M at
worst (11 events after the snapshot); importing the core costs 136 M.

The file system is passed in: anything with open(path, mode) for "rb", "wb" and "ab",
rename, remove (also of an empty folder, as littlefs does), listdir and mkdir, raising
OSError. On the board that is a thin adapter over `os` and `open`, which must unmount and
mount the file system again after a "no space" error: littlefs 2.11 can leave its program
cache dirty then (littlefs issues #760, #1157; host_tests/test_journal_lfs.py does the same).

Absent is not unreadable: only OSError ENOENT (2 on the board) means a file is not there.
Any other read error leaves the file as it is (never removed, rewritten or appended past):
boot keeps what it could read, reports the file, and the table refuses changes (Blocked)
until a later boot reads it. Reads and writes loop until done: a short read or write is not
taken for the end of a file.
"""

import errno
from binascii import crc32

from core.errors import JournalError
from core.frame import first, frame, unframe
from core.table import Table

SNAPSHOT_EVERY = 12  # events; see the flash wear figures above
SNAP = "snap"
OLD = "snap.old"
TMP = ".tmp"
LOST = "lost."
TABLE = "table"
ARCHIVE = "archive"
# MicroPython's errno module has no ENOSPC, but its littlefs VFS reports a full flash as
# OSError(28), the POSIX number.
ENOSPC = 28


class Unreadable(JournalError):
    """A file is there but cannot be read (args[0]: its path)."""


class Blocked(JournalError):
    """A journal file could not be read at boot: nothing may be written after it until a
    later boot reads it (args[0]: the file)."""


class StorageFull(JournalError):
    """The flash has no room: nothing stored was touched, and the same action can be tried
    again once space is freed (delete an archived table)."""


def _failed(exc, what):
    if exc.args and exc.args[0] == ENOSPC:
        return StorageFull("flash full: " + what + " not saved. Delete an archived table, "
                           "then try again.")
    return JournalError("flash error ({}): {} not saved".format(exc, what))


def chain(line, digest):
    """`digest` carried over one more journal line: a CRC-32 of the lines' own checksums."""
    return crc32(line.split(b" ", 2)[1], digest)


def segment_name(seq, hands):
    return "j{:07d}.{:06d}".format(seq, hands)


def segment_key(name):
    """(first seq, first hand) of a segment's name, or None."""
    if len(name) == 15 and name[0] == "j" and name[8] == "." and name[1:8].isdigit() \
            and name[9:].isdigit():
        return int(name[1:8]), int(name[9:])
    return None


def _segments(fs, folder):
    """[(first seq, first hand, name)] of a folder, oldest first."""
    found = []
    for name in fs.listdir(folder):
        key = segment_key(name)
        if key is not None:
            found.append((key[0], key[1], name))
    found.sort()
    return found


def _absent(exc):
    # errno's number, not 2: a port may differ (the VM's WASI build says 44)
    return bool(exc.args) and exc.args[0] == errno.ENOENT


def read_file(fs, path):
    """The bytes of `path`, or None if it does not exist; Unreadable if it is there but a
    read fails. Reads until empty: a read may return less than the whole file."""
    try:
        with fs.open(path, "rb") as f:
            data = f.read()
            while True:
                more = f.read()
                if not more:
                    return data
                data += more
    except OSError as exc:
        if _absent(exc):
            return None
        raise Unreadable(path) from None


_PIECE = 256  # bytes a read of read_lines()


def read_lines(fs, path):
    """The lines of `path` one at a time, each with its newline (the last without one if the
    file does not end in one); nothing if it does not exist; Unreadable if a read fails. Read
    _PIECE bytes at a time: no piece of the heap need hold the whole file, which a small
    heap late at boot may not have. close() the generator where it is left early (the file
    is closed then)."""
    try:
        f = fs.open(path, "rb")
    except OSError as exc:
        if _absent(exc):
            return
        raise Unreadable(path) from None
    with f:
        rest = b""
        while True:
            try:
                more = f.read(_PIECE)
            except OSError:
                raise Unreadable(path) from None
            if not more:
                if rest:
                    yield rest
                return
            rest += more
            start = 0
            end = rest.find(b"\n")
            while end >= 0:
                yield rest[start:end + 1]
                start = end + 1
                end = rest.find(b"\n", start)
            rest = rest[start:]


def _write_all(f, data):
    # A write may take only part of the data; an OSError or a write of nothing ends it.
    done = f.write(data)
    if done is None:
        return  # a stream that writes all or raises
    while done < len(data):
        n = f.write(data[done:])
        if not n:
            raise OSError(ENOSPC)
        done += n


def write_file(fs, path, data):
    """Write `data` whole to `path`: into a temporary file, closed, then renamed over `path`.
    littlefs v2 renames atomically, so a power cut leaves the old file or the new one. (FAT
    does not: a rename over an existing file is a delete then a rename, and a cut between
    them leaves neither. This journal needs littlefs.) Writing `path` in place would not do
    even on littlefs: an exception inside `with open(path, "wb")` commits a truncated file."""
    tmp = path + TMP
    try:
        with fs.open(tmp, "wb") as f:
            _write_all(f, data)
        fs.rename(tmp, path)
    except OSError:
        try:
            fs.remove(tmp)
        except OSError:
            pass
        raise


class Report:
    """What boot found, for the screen: `source` is where the state came from ("new": no
    table; "journal": replayed whole, no snapshot yet; "snapshot"; "older snapshot"; "full
    replay": every snapshot was damaged), `damage` lists what was cut off, each {"file",
    "at" (byte offset), "bytes", "records" (lines; both None for a file that could not be
    read), "kept_in" (None when only reading)}; `gaps` the damaged lines replay passed over
    (journal_boot); `unreadable` the files that are there but
    could not be read, or a repair that could not be written (the table is then Blocked).
    clean() is true when nothing was lost or left unread."""

    def __init__(self):
        self.source = "new"
        self.events = 0  # events in the recovered journal
        self.hands = 0
        self.replayed = 0  # events read at boot
        self.closed = False
        self.damage = []
        self.unreadable = []
        self.notes = []  # anything else found, a line each (a segment out of sequence)
        # Damaged lines passed over, each {"file", "at", "bytes", "hands": [first, last]}:
        # hands that cannot be read, left where they are, with the hands after them kept.
        self.gaps = []
        self.archived: "str | None" = None  # the archive of a folder no table came from

    def clean(self):
        return not self.damage and not self.unreadable and not self.notes and not self.gaps

    def lines(self):
        out = ["{} hands kept ({})".format(self.hands, self.source)]
        for d in self.damage:
            out.append("{}: {} records ({} bytes) cut at byte {}, kept in {}".format(
                d["file"], d["records"], d["bytes"], d["at"], d["kept_in"]))
        out.extend(self.gap_lines())
        for name in self.unreadable:
            out.append(name + ": cannot be read, nothing is recorded until it can")
        out.extend(self.notes)
        if self.archived:
            out.append("no table could be opened: its files are kept in archive " +
                       self.archived)
        return out

    def gap_lines(self):
        """A line for each run of damaged lines passed over (`gaps`), naming its hands."""
        out = []
        for g in self.gaps:
            first, last = g["hands"][0] + 1, g["hands"][1] + 1
            out.append("{}: {} cannot be read ({} bytes at byte {}, left as they are), not "
                       "counted; the hands after kept".format(
                           g["file"], "hand {}".format(first) if first == last else
                           "hands {} to {}".format(first, last), g["bytes"], g["at"]))
        return out


class JournalStore:
    """The hands of a table on flash (the `entries` of a Table, see core/table.py).

    Every change is appended to the journal before the table changes. Only the hands of the
    current segment are kept in RAM; older ones are read from their segment when asked.
    """

    def __init__(self, fs, folder, writable=True):
        self.fs = fs
        self.folder = folder
        self.writable = writable
        self.seq = -1  # last event written
        self.hands = 0
        self.voids = 0
        self.voided = []
        self.amends = []  # [hand, seq of the amend event]: the history of corrected hands
        self.recent = {}  # hand -> entry, for the hands of the current segment
        self.segment = None  # where the next event goes; None: a new segment
        self.size = 0  # bytes of `segment` known to be good
        self.tail = 0  # events since the last snapshot
        self.replaying = False
        self.suspect = False  # an append failed: the segment may hold part of it
        self.closed = False
        self.blocked = None  # a file boot could not read: no change until a boot reads it
        self.digest = 0  # chain() of `segment`'s lines so far
        self.after = None  # see _append: [segment, checksums] of the last event written
        # Looking back reads hands in order: keep the segment list and the last segment read
        # ((name, its bytes), parsed a line at a time as asked); an append makes both stale.
        self.listing = None
        self.cached = (None, b"")

    def __len__(self):
        return self.hands

    def __getitem__(self, index):
        entry = self.recent.get(index)
        return entry if entry is not None else self._load(index)

    # -- changes (Table calls these before it changes) -----------------------------------

    def open(self, header):
        self._append({"open": header})

    def add(self, index, record):
        self._append({"hand": index, "record": record})
        self.hands += 1
        self.recent[index] = {"record": record, "void": False, "previous": []}

    def is_void(self, index):
        return index in self.voided

    def void(self, index, was=None):
        # The record it takes out goes with it (`was`): boot then replays a void of an old
        # hand without reading that hand's segment, which may be damaged or unreadable.
        self._append({"void": index} if was is None else {"void": index, "was": was})
        self.voided.append(index)
        self.voids += 1
        entry = self.recent.get(index)
        if entry is not None:
            entry["void"] = True

    def unvoid(self, index, was=None):
        self._append({"unvoid": index} if was is None else {"unvoid": index, "was": was})
        self.voided.remove(index)
        self.voids -= 1
        entry = self.recent.get(index)
        if entry is not None:
            entry["void"] = False

    def amend(self, index, record, was=None):
        event = {"amend": index, "record": record}
        if was is not None:
            event["was"] = was  # as for a void
        seq = self._append(event)
        self.amends.append([index, seq])
        entry = self.recent.get(index)
        if entry is not None:
            entry["previous"].append(entry["record"])
            entry["record"] = record

    def close(self):
        self._append({"close": True})
        self.closed = True

    def saved(self, table):
        if self.tail >= SNAPSHOT_EVERY and not self.replaying:
            self.snapshot(table)

    def _append(self, event):
        seq = self.seq + 1
        if not self.replaying:
            if not self.writable or self.closed:
                raise JournalError("this table is closed: it can be read, not changed")
            if self.blocked:
                raise Blocked(self.blocked)
            if self.segment is None:
                self.segment = segment_name(seq, self.hands)
                self.size = 0
                self.digest = 0
            line = frame(seq, event)
            path = self.folder + "/" + self.segment
            try:
                if self.suspect:
                    self._trim(path)
                with self.fs.open(path, "ab") as f:
                    _write_all(f, line)
            except OSError as exc:
                # The write may have reached the file in part: trim it before the next one.
                self.suspect = True
                raise _failed(exc, "this change is") from None
            self.size += len(line)
            # Where this event stands, and a checksum of its segment's lines up to it (of
            # their checksums, which a damaged line elsewhere in it leaves as they were): a
            # snapshot taken after it names them, so that boot can tell this table's
            # snapshot from another's (journal_boot).
            self.digest = chain(line, self.digest)
            self.after = [self.segment, "%08x" % self.digest]
            self.listing = None
            self.cached = (None, b"")
        self.seq = seq
        self.tail += 1
        return seq

    def _trim(self, path):
        data = read_file(self.fs, path) or b""
        if len(data) < self.size:
            raise JournalError("the journal shrank under us: " + path)
        if len(data) > self.size:
            write_file(self.fs, path, data[:self.size])
        self.suspect = False

    # -- snapshots -------------------------------------------------------------------

    def snapshot(self, table):
        """Save the table's state so that boot can start from here. A failure is not an
        error: every event is already in the journal, and the next change tries again."""
        last = self[self.hands - 1] if self.hands else None
        state = {"table": table.header(), "hands": self.hands, "totals": table.totals,
                 "state": table.state, "voided": self.voided, "amends": self.amends,
                 "last": last}
        if self.after is not None:
            state["after"] = self.after
        folder = self.folder + "/"
        try:
            write_file(self.fs, folder + SNAP + TMP, frame(self.seq, state))
            try:
                self.fs.rename(folder + SNAP, folder + OLD)
            except OSError:
                pass  # the first snapshot has no predecessor
            self.fs.rename(folder + SNAP + TMP, folder + SNAP)
        except OSError:
            return False
        self.segment = None
        self.tail = 0
        self.recent = {} if last is None else {self.hands - 1: last}
        return True

    def restore(self, seq, state):
        self.seq = seq
        self.hands = state["hands"]
        self.voided = state["voided"]
        self.voids = len(self.voided)
        self.amends = state["amends"]
        if state["last"] is not None:
            self.recent = {self.hands - 1: state["last"]}

    # -- reading old hands -------------------------------------------------------------

    def _load(self, index):
        if self.listing is None:
            self.listing = _segments(self.fs, self.folder)
        segments = self.listing
        records = [self._find(segments, 1, index, "hand")["record"]]
        for hand, seq in self.amends:
            if hand == index:
                records.append(self._find(segments, 0, seq, None)["record"])
        return {"record": records[-1], "void": index in self.voided, "previous": records[:-1]}

    def _find(self, segments, column, value, key):
        """The event with seq `value` (column 0, key None) or hand `value` (column 1, key
        "hand"): it is in the last segment that began at or before it."""
        chosen = None
        for segment in segments:
            if segment[column] > value:
                break
            chosen = segment
        if chosen is not None:
            if self.cached[0] != chosen[2]:
                self.cached = (None, b"")  # let the last one go before reading the next
                data = read_file(self.fs, self.folder + "/" + chosen[2]) or b""
                self.cached = (chosen[2], data)
            # Its line holds "SEQ " (it begins with it), or '{"hand":HAND,' (frame() sorts
            # the keys): only such lines are parsed.
            if key is None:
                got = first(self.cached[1], b"%d " % value, lambda line: line[0] == value)
            else:
                got = first(self.cached[1], b'{"hand":%d,' % value,
                            lambda line: line[1].get("hand") == value)
            if got is not None:
                return got[1]
        raise JournalError("a past hand cannot be read: its journal is damaged")


def read(fs, folder):
    """(table or None, Report) of one table folder, changing nothing: what boot would
    recover, for an archive or a host tool."""
    from core.journal_boot import Loader

    loader = Loader(fs, folder, False)
    return loader.load(), loader.report


def _unload(name):
    """Drop module `name` (both references to it: sys.modules and its package's attribute)
    so that its code can be collected."""
    import sys

    sys.modules.pop(name, None)
    package, _, attr = name.rpartition(".")
    try:
        delattr(sys.modules[package], attr)
    except (KeyError, AttributeError):
        pass


class Journal:
    """The tables of a device under `root`: the open one in ROOT/table, closed ones in
    ROOT/archive/N, readable until deleted."""

    def __init__(self, fs, root):
        self.fs = fs
        self.root = root
        self.folder = root + "/" + TABLE
        self.archive = root + "/" + ARCHIVE
        self.blocked = None  # what the last boot could not read
        # A boot that did not list the table's folder (boot(look=False)): the name after
        # which a segment is out of its place ("": any segment); None when none is owed.
        self.unlooked = None
        # And the checks of the snapshot it took, left to out_of_place() (journal_boot).
        self.owed = None
        # The last boot found no journal folder: the first table makes it before its own
        # (trying its own first, to be refused, cost a new board's opening 0.43 ms on a Pico).
        self.rootless = False

    def _names(self, folder):
        """What `folder` holds; None if it is not there."""
        try:
            return self.fs.listdir(folder)
        except OSError as exc:
            if _absent(exc):
                return None
            raise Unreadable(folder) from None

    def boot(self, look=True):
        """(the open table or None, Report). A table found closed, or with nothing left to
        replay, is moved to the archive, bad bytes and all. Boot again to retry a table
        that is Blocked. look=False leaves out the one listing of the table's folder, the
        look for a segment out of its place (on a long table's littlefs it costs a boot
        more than all the rest), and the checks of the newest snapshot against the files
        it names (two more files opened): the device shows the table first, then asks
        out_of_place(), and boots again if it says so."""
        self.blocked = None
        self.unlooked = self.owed = None
        try:
            there = self._names(self.root)
            self.rootless = there is None
            if there is None or TABLE not in there:
                return None, Report()
        except Unreadable:
            report = Report()
            report.unreadable.append(self.root)
            self.blocked = self.root
            return None, report
        from core.journal_boot import Loader, Unvouched  # let go below: boot happens once

        loader = Loader(self.fs, self.folder, True, look)
        try:
            table = loader.load()
        except Unvouched:
            # A repair was due on the word of a snapshot not checked yet (look=False), and
            # the check found it is not this journal's: nothing was written; boot checking.
            loader = Loader(self.fs, self.folder, True)
            table = loader.load()
        _unload("core.journal_boot")
        self.blocked = loader.store.blocked
        if self.blocked:
            pass  # keep everything as it is until the file can be read
        elif table is None:
            names = self.fs.listdir(self.folder)
            if self._opening_cut(names):
                # A cut while a table was being opened: its folder holds nothing to keep.
                for name in names:
                    self.fs.remove(self.folder + "/" + name)
                self.fs.remove(self.folder)
            else:
                # Files no table could be read from (the opening lost, its snapshots too):
                # kept whole for the host tools, and the device may open a new table.
                loader.report.archived = self._archive()
        elif loader.store.closed:
            self._archive()
            table = None
        if table is not None:
            self.unlooked = loader.unlooked
            self.owed = loader.owed
        return table, loader.report

    def out_of_place(self):
        """Whether boot(look=False) left out what a boot that looks would have found: the
        snapshot it took is not this journal's (its checks were left to now), or the folder
        holds a segment after the last one it read (which a boot that looks reads under its
        own name, or sets aside). Asked once after such a boot; True: boot again."""
        after = self.unlooked
        owed = self.owed
        self.unlooked = self.owed = None
        if after is None:
            return False
        if owed is not None:
            from core.journal_boot import vouches

            fits = vouches(self.fs, self.folder, owed)
            _unload("core.journal_boot")
            if not fits:
                return True
        for name in self.fs.listdir(self.folder):
            if name > after and segment_key(name) is not None:
                return True
        return False

    def _opening_cut(self, names):
        """Whether a folder holds only what a cut while opening a table leaves: nothing, or
        an empty first segment."""
        for name in names:
            if name != segment_name(0, 0) or read_file(self.fs, self.folder + "/" + name):
                return False
        return True

    def open_table(self, game, players, profile=None, rules=None, names=None, titles=False,
                   end=None, roster=None, bombers=False, scale=None):
        """Start a new table; its opening is on flash when this returns. (`scale`: a host
        tool's, for records that mix units: see Table.)"""
        if self.blocked:
            raise Blocked(self.blocked)  # a table may be there that boot could not read
        store = JournalStore(self.fs, self.folder)
        table = Table(game, players, profile, rules, names, titles, end, roster=roster,
                      bombers=bombers, store=store, scale=scale)
        made = False  # the table's folder, by this call: taken away again on a failure
        try:
            # The folder made first, not the journal's listed to look for it: a table there
            # already makes that fail (below), and a listing cost the opening 0.65 ms on a Pico.
            try:
                if self.rootless:
                    self.rootless = False
                    self._make_root()
                self.fs.mkdir(self.folder)
            except OSError as exc:
                if not _absent(exc):
                    raise
                self._make_root()  # the first table: no journal yet
                self.fs.mkdir(self.folder)
            made = True
            store.open(table.header())
        except (OSError, JournalError) as exc:
            if made:
                try:
                    self.fs.remove(self.folder)
                except OSError:
                    pass
            elif isinstance(exc, OSError) and exc.args and exc.args[0] == errno.EEXIST:
                raise JournalError("a table is open: close it first") from None
            if isinstance(exc, StorageFull) or (isinstance(exc, OSError) and exc.args
                                                and exc.args[0] == ENOSPC):
                raise StorageFull("flash full: it cannot hold another table. Delete an "
                                  "archived table, then try again.") from None
            raise
        return table

    def _make_root(self):
        try:
            self.fs.mkdir(self.root)
        except OSError as exc:
            # There already is fine: the settings, kept in the same folder, may have made it.
            if not exc.args or exc.args[0] != errno.EEXIST:
                raise

    def close_table(self, table):
        """Close the open table and archive it; returns its archive name."""
        name = self._next_archive()  # before closing: an unreadable archive changes nothing
        table.entries.close()
        return self._archive(name)

    def _next_archive(self):
        numbers = [int(n) for n in self.archives()]
        return "{:04d}".format(max(numbers) + 1 if numbers else 1)

    def _archive(self, name=None):
        if name is None:
            name = self._next_archive()
        try:
            self.fs.mkdir(self.archive)
        except OSError:
            pass  # already there
        try:
            # One rename moves the whole folder: littlefs does it atomically.
            self.fs.rename(self.folder, self.archive + "/" + name)
        except OSError as exc:
            raise _failed(exc, "the archive is") from None
        return name

    def archives(self):
        """The archived tables' names; Unreadable if the archive folder is there but cannot
        be listed (an empty answer then could give a new archive a name already taken)."""
        try:
            return sorted(n for n in self.fs.listdir(self.archive) if n.isdigit())
        except OSError as exc:
            if _absent(exc):
                return []
            raise Unreadable(self.archive) from None

    def read_archive(self, name):
        """(table, Report) of an archived table, read-only: nothing there is changed."""
        if name not in self.archives():
            raise JournalError("no archived table " + str(name))
        return read(self.fs, self.archive + "/" + name)

    def archived_names(self, name):
        """The players' names of archived table `name`, from its opening alone (the first
        event of its first segment: no replay); None where that line is gone or damaged."""
        data = read_file(self.fs, self.archive + "/" + name + "/" + segment_name(0, 0))
        got = unframe(data.split(b"\n", 1)[0]) if data else None
        header = got[1].get("open") if got else None
        return header.get("names") if isinstance(header, dict) else None

    def delete_archive(self, name):
        if name not in self.archives():
            raise JournalError("no archived table " + str(name))
        folder = self.archive + "/" + name
        for file in self.fs.listdir(folder):
            self.fs.remove(folder + "/" + file)
        self.fs.remove(folder)
