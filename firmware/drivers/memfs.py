"""A file system in RAM with the journal's interface (open, rename, remove, listdir, mkdir),
for the simulated board on the MicroPython VM, which has no writable file system of its own.

`capacity` (bytes of file content) lets a test fill the "flash": a write past it raises
OSError(28) and leaves the file as it was before that write, as littlefs does.
`files` maps a path to its bytes and can be given at the start and read back at the end, which
is how a host tool passes a journal in and takes one out.
`unreadable` holds paths whose reads (or listings) fail with OSError(5), as a failing flash
block would: a test adds a path, and removes it when the "flash" recovers.
"""

import errno

# MicroPython's errno module has neither of these; its littlefs reports them as OSError with
# the POSIX numbers, and so does this.
ENOSPC = 28
ENOTEMPTY = 39
EIO = 5


class _File:
    def __init__(self, fs, path, data, writing):
        self._fs = fs
        self._path = path
        self._data = data
        self._pos = 0
        self._writing = writing

    def read(self, size=-1):
        end = len(self._data) if size is None or size < 0 else self._pos + size
        chunk = bytes(self._data[self._pos:end])
        self._pos += len(chunk)
        return chunk

    def write(self, data):
        if self._fs.used() + len(data) > self._fs.capacity:
            raise OSError(ENOSPC)
        self._data.extend(data)
        return len(data)

    def close(self):
        if self._writing:
            self._fs.files[self._path] = bytes(self._data)
            self._writing = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class MemFS:
    def __init__(self, files=None, capacity=1 << 30):
        self.files = dict(files or {})
        self.dirs = set()
        for path in self.files:
            self._add_parents(path)
        self.capacity = capacity
        self.unreadable = set()

    def _add_parents(self, path):
        parts = path.split("/")
        for i in range(1, len(parts)):
            parent = "/".join(parts[:i])
            if parent:  # "" is the root of an absolute path: always there
                self.dirs.add(parent)

    def used(self):
        return sum(len(data) for data in self.files.values())

    def _parent_exists(self, path):
        parent = path.rsplit("/", 1)[0] if "/" in path else ""
        if parent and parent not in self.dirs:
            raise OSError(errno.ENOENT)

    def open(self, path, mode="rb"):
        if "r" in mode:
            if path not in self.files:
                raise OSError(errno.ENOENT)
            if path in self.unreadable:
                raise OSError(EIO)
            return _File(self, path, bytearray(self.files[path]), False)
        self._parent_exists(path)
        data = bytearray(self.files.get(path, b"")) if "a" in mode else bytearray()
        if "w" in mode:
            self.files[path] = b""
        return _File(self, path, data, True)

    def rename(self, old, new):
        if old in self.files:
            self._parent_exists(new)
            self.files[new] = self.files.pop(old)
            return
        if old not in self.dirs:
            raise OSError(errno.ENOENT)
        if new in self.dirs or new in self.files:
            raise OSError(errno.EEXIST)
        prefix = old + "/"
        for path in [p for p in self.files if p.startswith(prefix)]:
            self.files[new + "/" + path[len(prefix):]] = self.files.pop(path)
        for path in [d for d in self.dirs if d == old or d.startswith(prefix)]:
            self.dirs.discard(path)
            self.dirs.add(new + path[len(old):])

    def remove(self, path):
        if path in self.files:
            del self.files[path]
        elif path in self.dirs:
            if self.listdir(path):
                raise OSError(ENOTEMPTY)
            self.dirs.discard(path)
        else:
            raise OSError(errno.ENOENT)

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(errno.ENOENT)
        if path in self.unreadable:
            raise OSError(EIO)
        prefix = path + "/"
        names = set()
        for entry in list(self.files) + list(self.dirs):
            if entry.startswith(prefix):
                names.add(entry[len(prefix):].split("/", 1)[0])
        return sorted(names)

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise OSError(errno.EEXIST)
        self._parent_exists(path)
        self.dirs.add(path)
