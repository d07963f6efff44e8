"""The hand being entered, kept on flash: after a power cut the board comes back to it.

A confirmed hand is the journal's (core/journal.py); the hand still being entered (who leads,
the bid, the bombs so far…) lives only in the entry screens' draft until OK on its result. So
that a cut mid-hand loses none of it, the draft is written to DATA/hand.json whenever a press
changes it (a cursor move does not), and removed once no hand is being entered (confirmed,
or left with BACK). It is never a hand: the journal and the host tools never read it, and it
names the table and the hand it belongs to (the table's game, players and event count), so
that it is only ever taken back into the very hand it was written for.

The file is a few hundred bytes at most: littlefs keeps a file that small inline in its
folder's metadata, and rewriting it appends a commit there instead of erasing a block; the
figures are in docs/journal.md. It is written in place, not aside and renamed: littlefs
commits a file whole (at a close, or a flush), so a cut leaves the old draft or the new one,
and a draft that does not read back whole is only a hand in progress lost, said so on the
screen; never a confirmed hand, never a boot refused. On the board the file stays open while
a hand is entered (OsFS.rewrite: a bomb's press ~1 ms sooner), and a file cannot be made
shorter: a shorter draft is padded with spaces, which JSON reads past.
"""

import json

from core.journal import JournalError, read_file
from core.table import deep_copy

NAME = "hand.json"


def _owner(table):
    """What ties a draft to its table and its hand: any event recorded since (a hand, a void,
    an amend) or another table makes it stale."""
    return [table.game, table.profile, table.players, getattr(table.entries, "seq", -1),
            len(table.entries)]


def in_progress(app):
    """The draft of the new hand on the stack, or None (none entered; an amend is the
    journal's hand already, and is not kept). The lowest screen's: a result screen above
    may hold a copy with its outcome."""
    if app.amending is not None or app.table is None:
        return None
    for screen in app.stack:
        draft = getattr(screen, "draft", None)
        if draft is not None:
            return draft
    return None


class Keeper:
    def __init__(self, fs, data_dir):
        self.fs = fs
        self.path = data_dir + "/" + NAME
        self.saved = b""  # what the file holds as far as known; None: no file
        self.owner = None  # the owner written in it
        self.draft = None  # the draft written in it, where this Keeper wrote one
        self.size = 0  # the file's length since it was made: a draft is padded to it

    def keep(self, app):
        """Write the hand in progress if a press changed it, remove it once there is none.
        A draft whose hand was recorded since is stale already (take() passes it by): it
        is left for the next hand's first press to write over, a flash commit saved per
        hand. A write that fails (a full flash) is let go: the hand goes on, only unkept."""
        draft = in_progress(app)
        if draft is None:
            self.draft = None  # the hand is over: its copy need not stay on the heap
            if self.saved is None:
                return  # no hand and no file: every press outside a hand
        owner = _owner(app.table) if app.table is not None else None
        if draft is not None and draft == self.draft and owner == self.owner:
            return  # as written: most presses change no draft (a cursor, a result cycled)
        data = None
        if draft is not None:
            data = json.dumps({"owner": owner, "draft": draft}).encode()
        if data == self.saved:
            return
        if data is None:
            if self.saved is None or self.owner is None or self.owner == owner:
                self.keep_none()  # backed out of the hand (or no table): none goes on
            return
        size = self.size
        if len(data) > size:
            size = self.size = len(data)
        try:
            _write(self.fs, self.path, data + b" " * (size - len(data)))
        except OSError:
            pass  # no room: nothing stored is harmed, the hand goes on unkept
        self.saved = data
        self.owner = owner
        self.draft = deep_copy(draft)  # as written: the screens change theirs in place

    def take(self, table):
        """The draft kept for `table`'s next hand (a dict), None when there is none, or
        False when a file is there that does not read as one: a hand in progress lost. The
        file is removed first: should the screens it makes fail to draw, the next boot
        starts clean; the first frame drawn writes it again (App.render)."""
        try:
            data = read_file(self.fs, self.path)
        except JournalError:
            data = b"?"  # there, but not readable
        if not data:
            # None there, or the empty file littlefs commits when a file is created, before
            # the write that a cut stopped: the hand's first press at most.
            self.saved = None if data is None else b""
            if data is not None:
                self.keep_none()
            return None
        self.saved = b""
        self.keep_none()
        try:
            kept = json.loads(data)
            if kept["owner"] != _owner(table):
                return None  # written just before a hand was recorded: nothing lost
            if isinstance(kept["draft"], dict):
                return kept["draft"]
        except (ValueError, TypeError, KeyError):
            pass
        return False

    def keep_none(self):
        try:
            self.fs.remove(self.path)
        except OSError:
            pass
        self.saved = None
        self.owner = None
        self.draft = None
        self.size = 0


def _write(fs, path, data):
    """`data` as the whole file: rewritten in place where the file system keeps the file
    open for that (the board's, drivers/osfs.py), else written anew."""
    rewrite = getattr(fs, "rewrite", None)
    if rewrite is not None:
        rewrite(path, data)
        return
    with fs.open(path, "wb") as f:
        f.write(data)
