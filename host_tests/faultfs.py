"""A file system that fails on purpose: the journal's interface (drivers/osfs.py) over a
MemFS, counting every call (open, read, write, close, rename, remove, listdir, mkdir).

fail(at, kind, repeat) makes call number `at` (from now, 0 first) fail, and with `repeat`
every call after it too: kind "eio" raises OSError(5), "enospc" OSError(28), "short" makes a
read return half of what is left or a write take half of what it is given (other calls go
through). heal() ends the faults; `calls` counts the calls so far.
"""

from drivers.memfs import MemFS

EIO = 5
ENOSPC = 28


class _File:
    def __init__(self, fs, f):
        self._fs = fs
        self._f = f

    def read(self, size=-1):
        if self._fs.fault("read"):
            left = self._f.read()  # half now (a byte at least), the rest on the next read
            n = max(1, len(left) // 2) if left else 0
            self._f._pos -= len(left) - n
            return left[:n]
        return self._f.read(size)

    def write(self, data):
        if self._fs.fault("write"):
            half = max(1, len(data) // 2) if data else 0
            return self._f.write(bytes(data[:half]))
        return self._f.write(data)

    def close(self):
        self._fs.fault("close")
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FaultFS:
    def __init__(self, files=None):
        self.mem = MemFS(files)
        self.files = self.mem.files
        self.calls = 0
        self.heal()

    def heal(self):
        self._at = None
        self._kind = None
        self._repeat = False

    def fail(self, at, kind, repeat=False):
        self._at = self.calls + at
        self._kind = kind
        self._repeat = repeat

    def fault(self, call):
        """Count a call; raise its fault, or return True when it is to come out short."""
        number = self.calls
        self.calls += 1
        if self._at is None or number < self._at or (number > self._at and not self._repeat):
            return False
        if self._kind == "short":
            return call in ("read", "write")
        raise OSError(EIO if self._kind == "eio" else ENOSPC)

    def open(self, path, mode="rb"):
        self.fault("open")
        return _File(self, self.mem.open(path, mode))

    def rename(self, old, new):
        self.fault("rename")
        self.mem.rename(old, new)

    def remove(self, path):
        self.fault("remove")
        self.mem.remove(path)

    def listdir(self, path):
        self.fault("listdir")
        return self.mem.listdir(path)

    def mkdir(self, path):
        self.fault("mkdir")
        self.mem.mkdir(path)
