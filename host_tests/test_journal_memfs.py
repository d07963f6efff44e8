"""A file system in RAM with the journal's interface, for tests on both interpreters.

The part above the marker line runs on the MicroPython VM too (test_journal_vm.py sends it):
the VM has no writable file system, so a journal written there lives in a MemFS and is
printed as hex. Errors are OSError with the errno the board's VFS gives.
"""

import errno


class MemFile:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.mode = mode
        self.data = bytearray(fs.files[path]) if "a" in mode else bytearray()

    def write(self, data):
        if self.fs.free is not None:
            if len(data) > self.fs.free:
                raise OSError(28)  # ENOSPC: MicroPython's errno lacks it
            self.fs.free -= len(data)
        self.data += data
        return len(data)

    def read(self):
        return bytes(self.fs.files[self.path])

    def close(self):
        if "r" not in self.mode:
            self.fs.files[self.path] = bytes(self.data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        # An error inside `with` commits nothing here; littlefs's failed writes do the same.
        if exc[0] is None:
            self.close()


class MemFS:
    """Files in a dict {path: bytes}; folders in a set. `free`, when not None, is how many
    more bytes writes may take, to play a full flash."""

    def __init__(self, files=None):
        self.files = dict(files or {})
        self.dirs = set()
        for path in self.files:
            self._add_parents(path)
        self.free = None

    def _add_parents(self, path):
        parts = path.split("/")
        for i in range(1, len(parts)):
            self.dirs.add("/".join(parts[:i]))

    def open(self, path, mode="rb"):
        if "r" in mode or "a" in mode:
            if path not in self.files:
                if "r" in mode:
                    raise OSError(errno.ENOENT)
                self.files[path] = b""
        parent = path.rsplit("/", 1)[0]
        if parent not in self.dirs:
            raise OSError(errno.ENOENT)
        return MemFile(self, path, mode)

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(errno.ENOENT)
        prefix = path + "/"
        names = set()
        for name in list(self.files) + list(self.dirs):
            if name.startswith(prefix):
                names.add(name[len(prefix):].split("/")[0])
        return sorted(names)

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise OSError(errno.EEXIST)
        self.dirs.add(path)

    def remove(self, path):
        if path in self.files:
            del self.files[path]
        elif path in self.dirs and not self.listdir(path):
            self.dirs.discard(path)
        else:
            raise OSError(errno.ENOENT)

    def rename(self, old, new):
        if old in self.files:
            self.files[new] = self.files.pop(old)
        elif old in self.dirs:
            prefix = old + "/"
            for name in [n for n in self.files if n.startswith(prefix)]:
                self.files[new + "/" + name[len(prefix):]] = self.files.pop(name)
            for name in [n for n in self.dirs if n == old or n.startswith(prefix)]:
                self.dirs.discard(name)
                self.dirs.add(new + name[len(old):])
        else:
            raise OSError(errno.ENOENT)


def hand(i):
    """A varied, valid classic Dou Dizhu record: the i-th hand of a test table."""
    record = {"landlord": i % 3, "bid": 1 + i % 3, "winner": ("landlord", "farmers")[i % 2],
              "bombs": ["bomb"] * (i % 4), "doubles": [1 + (i % 2), 1, 1 + (i // 3) % 2]}
    if i % 5 == 0:
        record["spring"] = "spring" if i % 2 == 0 else "anti"
    return record


# --- CPython only below this line ------------------------------------------------------


def test_memfs_renames_folders_and_refuses_to_grow_past_free():
    fs = MemFS()
    fs.mkdir("r")
    fs.mkdir("r/a")
    with fs.open("r/a/x", "ab") as f:
        f.write(b"12")
    fs.rename("r/a", "r/b")
    assert fs.listdir("r") == ["b"] and fs.open("r/b/x").read() == b"12"
    fs.free = 1
    try:
        with fs.open("r/b/x", "ab") as f:
            f.write(b"345")
    except OSError as exc:
        assert exc.args[0] == 28
    assert fs.open("r/b/x").read() == b"12"
