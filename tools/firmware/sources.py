"""The MicroPython and picotool sources the image is built from, pinned to the commits of the
v1.28.0 release (what its tag's submodules point at) and picotool 2.2.0.

find() returns a folder holding micropython/ (with the four submodules the rp2 port builds
from) and picotool/:

1. $MICROPYTHON_SOURCE, a folder of that shape or a .tar.gz of one (unpacked once into the
   cache, by its SHA-256). For machines that cannot reach GitHub: .ci/run points it at such
   an archive.
2. Else the cache (~/.cache/scorekeeper/micropython, or under $XDG_CACHE_HOME), where the
   first build clones the pinned commits with git (about 150 MB with the submodules).

Every source is checked to be MicroPython 1.28.0 before it is built.
"""

import hashlib
import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

ENV = "MICROPYTHON_SOURCE"
VERSION = "1.28.0"
MICROPYTHON = ("https://github.com/micropython/micropython",
               "e0e9fbb17ed6fd06bb76e266ae554784c9c80804")  # tag v1.28.0
SUBMODULES = {  # what the v1.28.0 tag pins and the rp2 port builds from
    "lib/pico-sdk": "a1438dff1d38bd9c65dbd693f0e5db4b9ae91779",  # SDK 2.2.0
    "lib/tinyusb": "aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf",
    "lib/mbedtls": "107ea89daaefb9867ea9121002fbbdf926780e98",
    "lib/micropython-lib": "8380c7bb8f9e5e5260e9539156742925e00366b2",
}
PICOTOOL = ("https://github.com/raspberrypi/picotool",
            "a7eb3988f0645239185fadb4e25d8279478c2dbb")  # tag 2.2.0


class SourceError(Exception):
    pass


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "micropython"


def find() -> Path:
    named = os.environ.get(ENV)
    if named:
        path = Path(named).expanduser()
        if path.is_dir():
            return checked(path)
        if path.is_file() and path.name.endswith((".tar.gz", ".tgz")):
            return checked(_unpacked(path))
        raise SourceError("{}={}: neither a folder nor a .tar.gz".format(ENV, named))
    return checked(_cloned())


def checked(root: Path) -> Path:
    """root, if it holds MicroPython VERSION with the rp2 port's submodules, and picotool."""
    mpconfig = root / "micropython" / "py" / "mpconfig.h"
    if not mpconfig.is_file():
        raise SourceError("{}: no micropython/ folder with MicroPython's sources in it (the "
                          "layout: micropython/ and picotool/ side by side)".format(root))
    text = mpconfig.read_text(encoding="utf-8", errors="replace")
    parts = [re.search(r"#define MICROPY_VERSION_{}\s+\(?(\d+)".format(k), text)
             for k in ("MAJOR", "MINOR", "MICRO")]
    have = ".".join(p.group(1) if p else "?" for p in parts)
    if have != VERSION:
        raise SourceError("{}: MicroPython {}, the image is built from {}".format(
            root, have, VERSION))
    for sub in SUBMODULES:
        if not any((root / "micropython" / sub).iterdir()):
            raise SourceError("{}: micropython/{} is empty (git submodule update --init "
                              "{})".format(root, sub, sub))
    if not (root / "picotool" / "CMakeLists.txt").is_file():
        raise SourceError("{}: no picotool/ sources beside micropython/".format(root))
    return root


def _unpacked(archive: Path) -> Path:
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:16]
    target = cache_dir() / "archive-{}".format(digest)
    if (target / ".unpacked").is_file():
        return target
    scratch = target.with_name(target.name + ".part")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        tar.extractall(scratch, filter="data")
    # An archive of one top folder (name-1.28.0/micropython, ...) or of the two folders.
    top = [p for p in scratch.iterdir()]
    root = top[0] if len(top) == 1 and (top[0] / "micropython").is_dir() else scratch
    (root / ".unpacked").write_text(str(archive))
    shutil.rmtree(target, ignore_errors=True)
    if root != scratch:
        root.rename(target)
        shutil.rmtree(scratch)
    else:
        scratch.rename(target)
    return target


def _git(*args: str, cwd: Path | None = None) -> str:
    if shutil.which("git") is None:
        raise SourceError("git is needed to fetch MicroPython's sources (apt-get install git), "
                          "or set {} to a folder or .tar.gz of them".format(ENV))
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise SourceError("git {}: {}".format(" ".join(args), done.stderr.strip()[-800:]))
    return done.stdout.strip()


def _fetch(folder: Path, url: str, commit: str) -> None:
    """The one commit of `url` into `folder`, checked out."""
    folder.mkdir(parents=True, exist_ok=True)
    _git("init", "-q", cwd=folder)
    _git("fetch", "-q", "--depth", "1", url, commit, cwd=folder)
    _git("checkout", "-q", "FETCH_HEAD", cwd=folder)
    if _git("rev-parse", "HEAD", cwd=folder) != commit:
        raise SourceError("{}: not commit {}".format(url, commit))


def _cloned() -> Path:
    target = cache_dir() / "git-v{}".format(VERSION)
    if (target / ".fetched").is_file():
        return target
    print("fetching MicroPython v{} and picotool (first build only) ...".format(VERSION),
          flush=True)
    shutil.rmtree(target, ignore_errors=True)
    url, commit = MICROPYTHON
    _fetch(target / "micropython", url, commit)
    for sub, sub_commit in SUBMODULES.items():
        sub_url = _git("config", "-f", ".gitmodules", "submodule.{}.url".format(sub),
                       cwd=target / "micropython")
        _fetch(target / "micropython" / sub, sub_url, sub_commit)
    _fetch(target / "picotool", *PICOTOOL)
    (target / ".fetched").write_text(VERSION)
    return target
