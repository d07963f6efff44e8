"""A littlefs image with rp2's geometry, for the journal's tests and the flash-wear benchmark:
littlefs-python (littlefs 2.11, the version MicroPython vendors) behind the journal's
file-system interface.

MicroPython's rp2 port mounts its flash as `vfs.VfsLfs2(rp2.Flash(), progsize=256)`
(ports/rp2/modules/_boot.py): 4096-byte blocks (the flash sector), reads of 32 bytes (the
VfsLfs2 default), programs of 256 bytes, lookahead 32, and extmod/vfs_lfsx.c sets
block_cycles = 100 and cache_size = min(block_size, 4 × max(read, prog)) = 1024. littlefs
2.11 is the version MicroPython vendors, and the one littlefs-python 0.19 wraps.

littlefs 2.11 can leave its program cache dirty after LFS_ERR_NOSPC, and its next program
then asserts (or, built without asserts as on the board, writes from a stale cache):
littlefs issues #760 and #1157, where the maintainers' answer is to unmount and mount again.
This adapter does that after every "no space" error, and the board's adapter must do the
same (vfs.umount then vfs.mount of the same VfsLfs2).
"""


from littlefs import LittleFS, UserContext, lfs
from littlefs.errors import LittleFSError

from drivers.osfs import HeldOpen

RP2 = {"block_size": 4096, "read_size": 32, "prog_size": 256, "cache_size": 1024,
       "lookahead_size": 32, "block_cycles": 100}
APPEND = lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.append
WRITE = lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.trunc


class Flash(UserContext):
    """A block device that counts erases and can log every program and erase, so that a
    test can rebuild the flash as it stood after any one of them (a power cut there)."""

    def __init__(self, blocks, buffer=None):
        super().__init__(buffer=buffer if buffer is not None
                         else bytearray(b"\xff" * (blocks * RP2["block_size"])))
        self.erases = 0
        self.programmed = 0  # bytes written
        self.log = None  # a list to log into, or None

    def prog(self, cfg, block, off, data):
        self.programmed += len(data)
        if self.log is not None:
            self.log.append((block * cfg.block_size + off, bytes(data)))
        return super().prog(cfg, block, off, data)

    def erase(self, cfg, block):
        self.erases += 1
        if self.log is not None:
            self.log.append((block * cfg.block_size, b"\xff" * cfg.block_size))
        return super().erase(cfg, block)


NOSPC = LittleFSError.Error.LFS_ERR_NOSPC


class LfsFile:
    def __init__(self, owner, handle):
        self.owner = owner
        self.fs = owner.fs
        self.handle = handle
        self.open = True
        self.full = False

    def write(self, data):
        try:
            return lfs.file_write(self.fs, self.handle, bytes(data))
        except LittleFSError as exc:
            self.full = self.full or exc.code == NOSPC
            raise self.owner.error(exc, remount=False) from None

    def rewrite(self, data):
        """`data` at the start, synced: committed whole (HeldOpen)."""
        try:
            lfs.file_seek(self.fs, self.handle, 0, 0)
            lfs.file_write(self.fs, self.handle, bytes(data))
            lfs.file_sync(self.fs, self.handle)
        except LittleFSError as exc:
            self.full = self.full or exc.code == NOSPC
            raise self.owner.error(exc, remount=False) from None

    def read(self, size=-1):
        chunks = []
        left = size
        while left:
            try:
                chunk = lfs.file_read(self.fs, self.handle, 4096 if left < 0 else min(left, 4096))
            except LittleFSError as exc:
                raise self.owner.error(exc) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk) if left > 0 else 0
        return b"".join(chunks)

    def close(self):
        if not self.open:
            return
        # littlefs frees the file even when its final sync fails: close only once.
        self.open = False
        try:
            lfs.file_close(self.fs, self.handle)
        except LittleFSError as exc:
            raise self.owner.error(exc) from None
        if self.full:
            self.owner.remount()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class LfsFS(HeldOpen):
    """The journal's file-system interface over littlefs-python, as MicroPython's VfsLfs2
    behaves: "ab" creates a missing file, errors are OSError(errno); rewrite() keeps the
    file open between writes as the board's OsFS does (the same HeldOpen)."""

    def __init__(self, flash, blocks, format=False):
        self.flash = flash
        self.blocks = blocks
        if format:
            LittleFS(context=flash, block_count=blocks, mount=False, **RP2).format()
        self._mount()

    def _mount(self):
        self.lfs = LittleFS(context=self.flash, block_count=self.blocks, mount=False, **RP2)
        self.lfs.mount()
        self.fs = self.lfs.fs

    def remount(self):
        self.let_go()
        self.lfs.unmount()
        self._mount()

    def error(self, exc, remount=True):
        """MicroPython's VFS raises OSError(errno) for a littlefs error: do the same."""
        if remount and exc.code == NOSPC:
            self.remount()
        return OSError(-exc.code, str(exc))

    def open(self, path, mode="rb"):
        flags = APPEND if "a" in mode else WRITE if "w" in mode else lfs.LFSFileFlag.rdonly
        try:
            return LfsFile(self, lfs.file_open(self.fs, path, flags))
        except LittleFSError as exc:
            raise self.error(exc) from None

    def _call(self, name, *args):
        try:
            return getattr(lfs, name)(self.fs, *args)
        except LittleFSError as exc:
            raise self.error(exc) from None

    def listdir(self, path):
        return self.lfs.listdir(path) if self._exists(path) else self._call("stat", path)

    def _exists(self, path):
        try:
            lfs.stat(self.fs, path)
            return True
        except LittleFSError:
            return False

    def mkdir(self, path):
        self._call("mkdir", path)

    def remove(self, path):
        self.let_go(path)
        self._call("remove", path)

    def rename(self, old, new):
        self._call("rename", old, new)


def new_flash(blocks):
    flash = Flash(blocks)
    return flash, LfsFS(flash, blocks, format=True)
