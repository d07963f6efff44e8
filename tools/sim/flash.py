"""The simulated board's flash, kept in a folder on the host (default `.sim/<board>/`).

The folder mirrors the board's file system from its root: the board's `/data/settings.json`
is `<folder>/data/settings.json`. Its files are loaded into the VM's MemFS at start, and every
change the firmware makes is written back at once, each file atomically (written beside it,
flushed, then renamed over), so stopping the simulator at any moment (Ctrl+C, a closed window,
a killed process) is a power cut: the journal on the next start is the one the board would
boot. Two simulators on one folder would overwrite each other's journal, so a running
simulator holds a lock on its folder.
"""

import os
import signal
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one simulator per folder is on the user
    fcntl = None

ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_DIR = ROOT / ".sim"
_TMP = ".sim-tmp"  # suffix of a file being written; left over only by a host crash


class FlashError(RuntimeError):
    pass


def default_dir(board: str) -> Path:
    return DEFAULT_DIR / board


class Flash:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder).resolve()
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.folder.parent == DEFAULT_DIR.resolve():
            ignore = DEFAULT_DIR / ".gitignore"  # keep the simulated flash out of git
            if not ignore.exists():
                ignore.write_text("*\n")
        self._lock_fd = None
        self.writes = 0

    def lock(self) -> "Flash":
        """Hold the folder for this process; refuse if another simulator holds it."""
        if fcntl is None:
            return self
        fd = os.open(self.folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise FlashError("another simulator is using {}".format(self.folder)) from None
        self._lock_fd = fd
        return self

    def unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor releases the lock
            self._lock_fd = None

    def _host(self, path: str) -> Path:
        parts = [p for p in path.split("/") if p]
        if not parts or any(p in (".", "..") for p in parts):
            raise FlashError("bad path from the board: {!r}".format(path))
        return self.folder.joinpath(*parts)

    def load(self) -> tuple[dict[str, bytes], list[str]]:
        """(files, folders) as the board's paths, e.g. {"/data/settings.json": b"..."}."""
        files: dict[str, bytes] = {}
        dirs: list[str] = []
        for here, subdirs, names in os.walk(self.folder):
            rel = Path(here).relative_to(self.folder)
            board_dir = "" if rel == Path(".") else "/" + rel.as_posix()
            subdirs.sort()
            for sub in subdirs:
                dirs.append(board_dir + "/" + sub)
            for name in sorted(names):
                if name.endswith(_TMP):
                    continue
                files[board_dir + "/" + name] = (Path(here) / name).read_bytes()
        return files, dirs

    def apply(self, files: dict[str, bytes], removed: list[str],
              dirs: list[str] | None) -> None:
        """Write what the board changed: files (written atomically), files removed, and the
        full list of folders when it changed. Ctrl+C waits until all of it is written: one
        answer from the board is one step of its file system."""
        blocked = hasattr(signal, "pthread_sigmask")
        if blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._apply(files, removed, dirs)
        finally:
            if blocked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def _apply(self, files: dict[str, bytes], removed: list[str],
               dirs: list[str] | None) -> None:
        if dirs is not None:
            for d in sorted(dirs):
                self._host(d).mkdir(parents=True, exist_ok=True)
        for path, data in files.items():
            target = self._host(path)
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + _TMP)
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
            self.writes += 1
        for path in removed:
            self._host(path).unlink(missing_ok=True)
        if dirs is not None:
            keep = {self._host(d) for d in dirs}
            for here, _, _ in sorted(os.walk(self.folder), key=lambda w: -len(w[0])):
                folder = Path(here)
                if folder != self.folder and folder not in keep and not any(folder.iterdir()):
                    folder.rmdir()
