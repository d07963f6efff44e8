"""Every file of a table folder read on its own, not only the ones boot reaches.

Boot trusts the snapshot and replays only the segment after it, so a damaged old segment, a
renamed last one or a snapshot from another table goes unseen there. The host replays the
segments whole instead, in sequence, and checks each snapshot against the state the replay
had at its event: the hands it yields are only ever ones the segments hold, in order, and
replay stops at the first gap or bad line (what follows cannot be numbered). Each damage
found is one line, saying what was set aside and why.

Any folder content is read without blocking or a traceback: a FIFO is never waited on, a
directory, a symlink loop or an unreadable file is reported, not raised.
"""

import errno
import os
import stat

from core.errors import RecordError
from core.frame import encode, frame, split, unframe
from core.journal import LOST, OLD, SNAP, TMP, segment_key, segment_name
from core.table import Table
from tools.ledger.records import LedgerError

SNAPSHOT_KEYS = ("table", "hands", "totals", "state", "voided", "amends", "last")
# A well-framed event the table refuses ends the journal, as it does at boot.
REFUSED = (RecordError, TypeError, ValueError, KeyError, IndexError, AttributeError)


def open_regular(path):
    """`path` opened for reading if it is a regular file; OSError otherwise. Checked before
    opening, and opened non-blocking and checked again: a FIFO would hang a plain open."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file", path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path):
    with open_regular(path) as f:
        return f.read()


def _altered(got, line):
    # The CRC's hex digits read in either case, JSON with any spacing: the event is intact,
    # but the bytes are not the ones a device writes.
    return frame(*got) != line


def _records(data):
    return data.count(b"\n") + (not data.endswith(b"\n"))


def _snapshot(data):
    """(seq, state) of a snapshot's bytes, or None if damaged."""
    got = unframe(data[:-1]) if data.endswith(b"\n") else None
    if got is None or not all(k in got[1] for k in SNAPSHOT_KEYS):
        return None
    return got


class _Replay:
    """A Table built from events in order, with what a snapshot would record of it."""

    def __init__(self):
        self.table = None
        self.seq = -1
        self.voided = []
        self.amends = []

    def apply(self, seq, event):
        table = self.table
        if table is None:
            self.table = Table(**event["open"])
        elif "hand" in event:
            if table.record(event["record"], replay=True)[0] != event["hand"]:
                raise ValueError("hand out of order")
        elif "void" in event:
            table.void(event["void"])
            self.voided.append(event["void"])
        elif "unvoid" in event:
            table.unvoid(event["unvoid"])
            self.voided.remove(event["unvoid"])
        elif "amend" in event:
            table.amend(event["amend"], event["record"], replay=True)
            self.amends.append([event["amend"], seq])
        elif "close" not in event:
            raise ValueError("unknown event")
        self.seq = seq

    def state(self):
        """What a snapshot taken now would hold, as canonical bytes per key."""
        table = self.table
        hands = len(table.entries)
        state = {"table": table.header(), "hands": hands, "totals": table.totals,
                 "state": table.state, "voided": self.voided, "amends": self.amends,
                 "last": table.entries[hands - 1] if hands else None}
        return {k: bytes(encode(v)) for k, v in state.items()}


class Scan:
    """What a table folder holds: `files` (a line per file), `damage` (a line per damage
    found: what was set aside and why), `table` (what the segments replay to, or None) and
    `events`. clean() is true when nothing is damaged."""

    def __init__(self, path):
        self.path = path
        self.files = []
        self.damage = []
        self.table = None
        self.events = 0
        try:
            names = sorted(os.listdir(path))
        except OSError as exc:
            raise LedgerError(path, "cannot read the folder: {}".format(exc.strerror or exc)) \
                from exc
        contents = {}
        for name in names:
            try:
                contents[name] = read_regular(os.path.join(path, name))
            except OSError as exc:
                self._found(name, "cannot be read ({})".format(exc.strerror or exc))
        segments = sorted((segment_key(n), n) for n in names if segment_key(n) is not None)
        snapshots = {}
        for name in names:
            if name not in contents:
                continue
            data = contents[name]
            if segment_key(name) is not None:
                self._describe_segment(name, data)
            elif name in (SNAP, OLD):
                snapshots[name] = self._describe_snapshot(name, data)
            elif name.startswith(LOST) and name[len(LOST):].isdigit():
                self.files.append("{}: {} bytes".format(name, len(data)))
                self._found(name, "{} bytes set aside by an earlier boot".format(len(data)))
            elif name.endswith(TMP):
                # A write cut before its rename: the file it was to replace still holds.
                self.files.append("{}: {} bytes left by an interrupted write".format(
                    name, len(data)))
            else:
                self._found(name, "not a journal file")
        if OLD in names and SNAP not in names and SNAP + TMP not in names:
            # A snapshot renames snap to snap.old, then snap.tmp to snap: a cut between them
            # leaves snap.tmp; nothing leaves snap.old alone.
            self._found(SNAP, "missing (snap.old is there)")
        wanted = {name: got[0] for name, got in snapshots.items() if got}
        seen = self._replay(segments, contents, set(wanted.values()))
        for name, seq in sorted(wanted.items()):
            state = seen.get(seq)
            if state is None:
                self._found(name, "covers events up to {}, the segments replay to {}".format(
                    seq, self.events - 1))
                continue
            differ = [k for k in SNAPSHOT_KEYS
                      if bytes(encode(snapshots[name][1][k])) != state[k]]
            if differ:
                self._found(name, "disagrees with the segments ({}): set aside, the segments "
                                  "are kept".format(", ".join(differ)))

    def _found(self, name, why):
        self.damage.append("{}: {}".format(name, why))

    def clean(self):
        return not self.damage

    def _describe_segment(self, name, data):
        rows = data.split(b"\n")
        torn = rows.pop()  # after the last newline: empty unless the file is torn
        bad = []
        altered = []
        for i, row in enumerate(rows):
            got = unframe(row)
            if got is None:
                bad.append(i + 1)
            elif _altered(got, row + b"\n"):
                altered.append(i + 1)
        if altered:
            self._found(name, "lines {} are not byte for byte as a device writes them (kept: "
                              "their events are intact)".format(", ".join(map(str, altered))))
        text = "{}: {} records".format(name, len(rows))
        if bad:
            text += ", CRC or format failures at lines " + ", ".join(str(i) for i in bad)
        if torn:
            text += ", {} torn bytes at the end".format(len(torn))
        self.files.append(text)

    def _describe_snapshot(self, name, data):
        got = _snapshot(data)
        if got is None:
            self.files.append("{}: damaged".format(name))
            self._found(name, "damaged: set aside")
            return None
        self.files.append("{}: after event {}, {} hands".format(name, got[0], got[1]["hands"]))
        if _altered(got, data):
            self._found(name, "not byte for byte as a device writes it (its state is intact)")
        return got

    def _replay(self, segments, contents, wanted):
        """Replay the segments in sequence; returns {seq: state} for each seq of `wanted`."""
        replay = _Replay()
        seen = {}
        stop = None  # the segment where replay stopped; it and all later ones are set aside
        for key, name in segments:
            if stop is not None:
                if name in contents:
                    self._found(name, "set aside: it follows the damage in " + stop)
                continue
            hands = len(replay.table.entries) if replay.table else 0
            expected = segment_name(replay.seq + 1, hands)
            if name != expected:
                self._found(name, "out of sequence (the journal goes on with {}): set aside"
                            .format(expected))
                stop = name
                continue
            data = contents.get(name)
            if data is None:
                stop = name  # unreadable, already reported
                continue
            events, good = split(data, key[0])
            refused = None
            for i, (seq, event) in enumerate(events):
                try:
                    replay.apply(seq, event)
                except REFUSED as exc:
                    good = sum(len(line) + 1 for line in data[:good].split(b"\n")[:i])
                    refused = exc
                    break
                if seq in wanted:
                    seen[seq] = replay.state()
            if good < len(data):
                line = data[:good].count(b"\n") + 1
                # A whole line that the table refuses says why, naming the key.
                what = "damaged or torn" if not isinstance(refused, RecordError) else \
                    "refused ({})".format(refused)
                self._found(name, "line {} is {}: {} records ({} bytes) from there set aside"
                            .format(line, what, _records(data[good:]), len(data) - good))
                stop = name
        if not segments:
            self._found(segment_name(0, 0), "missing: the table's first segment")
        self.table = replay.table
        self.events = replay.seq + 1
        return seen
