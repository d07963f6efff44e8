"""The board's file system as the journal wants it: open, rename, remove, listdir, mkdir.

A thin adapter over MicroPython's `os` and `open` (littlefs v2 on rp2 and ESP32): the core
takes a file system object instead of importing `os`, so the host tests can pass littlefs
images or memory instead.

After "no space" (OSError 28), littlefs 2.11 can keep a dirty write cache that corrupts the
next write (littlefs issues #760 and #1157): the fix is to unmount and mount again. The board
file gives `remount` (a function, or None where its port is unknown); every write and close
that fails with 28 calls it before the error goes on to the journal, which then reports a
full flash and keeps the hand pending.
"""

import os

ENOSPC = 28  # not in MicroPython's errno module; littlefs's LFS_ERR_NOSPC arrives as 28


class _File:
    def __init__(self, fs, f):
        self._fs = fs
        self._f = f

    def read(self, size=-1):
        return self._f.read(size)  # pyright: ignore[reportOptionalMemberAccess]

    def write(self, data):
        try:
            return self._f.write(data)  # pyright: ignore[reportOptionalMemberAccess]
        except OSError as exc:
            self._fs.failed(exc, self._f)
            raise

    def rewrite(self, data):
        """`data` at the start, committed (HeldOpen)."""
        f = self._f
        try:
            f.seek(0)  # pyright: ignore[reportOptionalMemberAccess]
            f.write(data)  # pyright: ignore[reportOptionalMemberAccess]
            f.flush()  # pyright: ignore[reportOptionalMemberAccess]
        except OSError as exc:
            self._fs.failed(exc, f)
            raise

    def close(self):
        try:
            self._close()
        finally:
            self._fs.closed()  # the file can be collected now: the spare may take its place

    def _close(self):
        f = self._f
        if f is None:
            return  # closed already
        self._f = None
        try:
            f.close()
        except OSError as exc:
            self._fs.failed(exc, None)
            raise

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# What opening a file on littlefs allocates in one piece: the file object and its 1 KB
# cache (MicroPython's VfsLfs2, rp2's geometry), measured as 1,148 bytes on the emulated Pico,
# 1,152 in the heap's 16-byte blocks. No more: a spare that was used is taken again at the
# close in the hole the file left (the allocation collects it), where a larger one found no
# piece late in an evening, and every file after it went without (host_tests/test_pico_heap.py:
# the draft of an amend took it, the amend's append then failed).
FILE_ROOM = 1152


class HeldOpen:
    """rewrite() for a file system: one small file kept open between writes, each committed
    whole. littlefs then commits the new bytes without finding the file by its path again,
    which reads and checks the metadata of each folder on the way: measured on the emulated
    Pico, a write 1.1 ms instead of 2.0. A commit is whole or not at all, as a close is: a
    cut leaves the last data written. The file never gets shorter (MicroPython cannot
    truncate a file): what was longer before stays past the new data unless the caller pads
    it. remove() and a remount close it (let_go), as does a rewrite of another path. The
    board's OsFS and the host's littlefs images (tools/lfs_image.py) share it; their files
    give rewrite(data): seek to the start, write, commit."""

    _held = None  # (path, the file) kept open
    _holds = True  # False: each rewrite opens, writes and closes the file instead

    def rewrite(self, path, data):
        """Write `data` at the start of the small file `path` and commit it."""
        if not self._holds:
            with self.open(path, "wb") as f:  # pyright: ignore[reportAttributeAccessIssue]
                f.write(data)
            return
        held = self._held
        if held is not None and held[0] != path:
            self.let_go()
            held = None
        if held is None:
            held = self._held = (path, self.open(path, "wb"))  # pyright: ignore[reportAttributeAccessIssue]
        try:
            held[1].rewrite(data)
        except OSError:
            self.let_go()
            raise

    def let_go(self, path=None):
        """Close the file rewrite() keeps open, if any (only if it is `path`, where given)."""
        held = self._held
        if held is None or (path is not None and held[0] != path):
            return
        self._held = None
        try:
            held[1].close()
        except OSError:
            pass  # committed at its last rewrite, or that rewrite failed and said so


class OsFS(HeldOpen):
    """spare: hold FILE_ROOM bytes aside for a file that finds no room (a small heap: ui/launch.py
    says so). Late in an evening such a heap has room enough but in pieces, and a file's
    buffer is one piece: the journal's append of a confirmed hand must not be the allocation
    that fails. An open that runs out of memory lets the spare go and tries once more (the
    collection that allocation runs frees the spare's room); the spare is taken again when a
    file is closed, where it fits, or else before the next file is opened."""

    def __init__(self, remount=None, spare=False):
        self._remount = remount
        self._spare = bytearray(FILE_ROOM) if spare else None
        self._keeps = spare
        # A small heap keeps no file open between writes (HeldOpen): its 1,152 bytes in one
        # piece are the room the journal's next append needs late in an evening.
        self._holds = not spare

    def failed(self, exc, f):
        if exc.args and exc.args[0] == ENOSPC and self._remount is not None:
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass  # littlefs frees the file even when its last sync fails
            self.let_go()  # no file may stay open across the remount
            self._remount()

    def open(self, path, mode):
        # Taken again first if the last close could not: the room that file left is free by
        # now. (On the emulated Pico, a close late in an evening found 15 KB free and not one
        # piece of 1,152 bytes: the file just closed was not yet collected.)
        self.closed()
        try:
            return _File(self, open(path, mode))
        except MemoryError:
            if self._spare is None:
                raise
        self._spare = None
        return _File(self, open(path, mode))

    def give_back(self):
        """The spare for good: a crash needs its room for the screen and the log."""
        self._keeps = False
        self._spare = None

    def closed(self):
        """A file was closed (or one is about to open): take the spare again if it was used,
        where there is room."""
        if self._keeps and self._spare is None:
            try:
                self._spare = bytearray(FILE_ROOM)
            except MemoryError:
                pass  # the next open goes without: nothing else changes

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        self.let_go(path)
        # littlefs removes an empty folder with remove(); rmdir() says so more plainly.
        try:
            os.remove(path)
        except OSError:
            os.rmdir(path)

    def listdir(self, path):
        return os.listdir(path)

    def mkdir(self, path):
        os.mkdir(path)
