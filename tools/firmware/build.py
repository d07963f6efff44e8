"""Build one board's image: mpy-cross and picotool once per source, then the rp2 port's make,
which recompiles only what changed. Its build tree is kept in the cache beside the sources
(one per board and source, about 60 MB), so that a new clone of this repository on the same
machine rebuilds only the frozen scorekeeper (tens of seconds), not all of MicroPython
(minutes). An image whose inputs are all unchanged since its last build is not built again.

Reproducible: the same inputs give the same bytes. The build date MicroPython writes into its
banner comes from SOURCE_DATE_EPOCH, by default the v1.28.0 release's day.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from tools.firmware import BOARD_DEFINITION, OUT, ROOT, layout, sources, stage, toolchain
from tools.firmware import variant as variant_of

RELEASE_EPOCH = "1775433600"  # 2026-04-06, MicroPython v1.28.0's release
# Everything of this repository an image is made of.
INPUTS = ("firmware", "ports", "tools/firmware", "tools/deploy.py")


class BuildError(Exception):
    pass


def image_name(board: str) -> str:
    return "scorekeeper-{}-{}.uf2".format(board, stage.version())


def _run(cmd: list[str], log: Path, env: dict | None = None, cwd: Path | None = None) -> None:
    with open(log, "a") as out:
        out.write("$ {}\n".format(" ".join(cmd)))
        out.flush()
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if done.returncode:
        tail = log.read_text(errors="replace").splitlines()[-25:]
        raise BuildError("{} failed (exit {}); the end of {}:\n{}".format(
            cmd[0] if cmd[0] != "make" else "make " + cmd[2], done.returncode, log,
            "\n".join(tail)))


def _tools(root: Path, jobs: int, log: Path) -> Path:
    """Build mpy-cross (in the sources, where the port looks for it) and picotool (into the
    cache) once; return the folder PICOTOOL_FETCH_FROM_GIT_PATH names. The pico-sdk would
    otherwise download picotool at configure time."""
    mpy_cross = root / "micropython" / "mpy-cross" / "build" / "mpy-cross"
    if not mpy_cross.is_file():
        print("building mpy-cross ...", flush=True)
        _run(["make", "-C", str(root / "micropython" / "mpy-cross"), "-j{}".format(jobs)], log)
    picotool = _tree(root, "picotool")
    if not (picotool / "install" / "picotool" / "picotoolConfig.cmake").is_file():
        print("building picotool ...", flush=True)
        shutil.rmtree(picotool, ignore_errors=True)
        (picotool / "build").mkdir(parents=True)
        _run(["cmake", str(root / "picotool"),
              "-DPICO_SDK_PATH={}".format(root / "micropython" / "lib" / "pico-sdk"),
              "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
              "-DCMAKE_INSTALL_PREFIX={}".format(picotool / "install")], log,
             cwd=picotool / "build")
        _run(["make", "-C", str(picotool / "build"), "-j{}".format(jobs), "install"], log)
    return picotool / "install"


def _tree(root: Path, board: str, checkout: Path | None = None) -> Path:
    """The board's build tree in the cache: one per source folder and checkout of this
    repository (CMake keeps both paths; two checkouts sharing a tree would rebuild it all
    at each turn)."""
    key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    if checkout is not None:
        key += "-" + hashlib.sha256(str(checkout.resolve()).encode()).hexdigest()[:8]
    return sources.cache_dir() / "build-{}-{}".format(key, board)


def _inputs_digest(board: str, root: Path, epoch: str) -> str:
    h = hashlib.sha256()
    paths = [ROOT / "boards" / (board + ".py")]
    for folder in INPUTS:
        top = ROOT / folder
        paths += sorted(p for p in top.rglob("*") if p.is_file()
                        and "__pycache__" not in p.parts) if top.is_dir() else [top]
    for path in paths:
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    marker = root / ".unpacked" if (root / ".unpacked").is_file() else root / ".fetched"
    h.update(str(root.resolve()).encode())
    h.update(marker.read_bytes() if marker.is_file() else b"")
    h.update(epoch.encode())
    return h.hexdigest()


def _binary_end(elf: Path) -> int:
    from elftools.elf.elffile import ELFFile

    with open(elf, "rb") as f:
        symbols = ELFFile(f).get_section_by_name(".symtab")
        found = symbols.get_symbol_by_name("__flash_binary_end") if symbols else None
        if not found:
            raise BuildError("{}: no __flash_binary_end symbol".format(elf))
        return found[0]["st_value"]


def up_to_date(board: str) -> bool:
    """Would build(board) find its image built from the inputs as they are (no make)?"""
    try:
        with _locked("sources"):
            root = sources.find()
    except sources.SourceError:
        return False  # build() will say why
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or RELEASE_EPOCH
    return _built_from(board, _inputs_digest(board, root, epoch))


def _built_from(board: str, digest: str) -> bool:
    """Is the board's image there, stamped as built from inputs of this digest?"""
    image = OUT / image_name(board)
    stamp = OUT / (image.name + ".inputs")
    return image.is_file() and stamp.is_file() and stamp.read_text() == digest


def elf(board: str) -> Path:
    """The ELF of the board's image that build() made last in this checkout: its symbols name
    the image's code by address (tools.pico.profile)."""
    try:
        with _locked("sources"):
            root = sources.find()
    except sources.SourceError as exc:
        raise BuildError(str(exc)) from None
    return _tree(root, board, ROOT) / "firmware.elf"


def build(board: str, jobs: int | None = None) -> Path:
    """The board's image, built or found up to date; BuildError says why not. Builds at once
    (tests in parallel) take turns where they share something: the sources and tools, one
    board's build tree."""
    from tools.firmware import boards

    if board not in boards():
        raise BuildError("no image for board {!r}: the boards with one are {}".format(
            board, ", ".join(boards())))
    with _locked("build-" + board):
        return _build(board, jobs)


class _locked:
    """An exclusive lock of this name in the cache, held for a `with` block."""

    def __init__(self, name: str) -> None:
        self.path = sources.cache_dir() / (name + ".lock")

    def __enter__(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.file = open(self.path, "w")
        fcntl.flock(self.file, fcntl.LOCK_EX)

    def __exit__(self, *_exc) -> None:
        self.file.close()


def _forget_qstrs_if_configured_anew(tree: Path) -> None:
    """A tree built before the board definition's headers changed keeps the interned names
    (qstrs) it collected then: MicroPython's build does not collect them again for a setting
    that brings new ones (MICROPY_ENABLE_PYSTACK's pystack_use), and the compile fails. So
    the headers' digest is kept in the tree, and where it differs the collected qstrs go."""
    h = hashlib.sha256()
    for path in sorted(BOARD_DEFINITION.glob("*.h")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    stamp = tree / "scorekeeper-config.sha256"
    if stamp.is_file() and stamp.read_text() == h.hexdigest():
        return
    genhdr = tree / "genhdr"
    if genhdr.is_dir():
        for path in genhdr.glob("qstr*"):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
    tree.mkdir(parents=True, exist_ok=True)
    stamp.write_text(h.hexdigest())


def _build(board: str, jobs: int | None) -> Path:
    packages = toolchain.missing()
    if packages:
        raise BuildError(toolchain.advice(packages))
    try:
        with _locked("sources"):
            root = sources.find()
    except sources.SourceError as exc:
        raise BuildError(str(exc)) from None
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or RELEASE_EPOCH
    OUT.mkdir(parents=True, exist_ok=True)
    image = OUT / image_name(board)
    stamp = OUT / (image.name + ".inputs")
    digest = _inputs_digest(board, root, epoch)
    if _built_from(board, digest):
        return image
    work = OUT / board
    work.mkdir(parents=True, exist_ok=True)
    log = work / "build.log"
    log.write_text("")
    jobs = jobs or os.cpu_count() or 1
    with _locked("sources"):
        picotool = _tools(root, jobs, log)
    manifest = stage.stage(board, work / "stage")
    tree = _tree(root, board, ROOT)
    env = dict(os.environ, SOURCE_DATE_EPOCH=epoch,
               PICOTOOL_FETCH_FROM_GIT_PATH=str(picotool))
    print("building the image for {} (log: {}) ...".format(board, log), flush=True)
    _forget_qstrs_if_configured_anew(tree)
    _run(["make", "-C", str(root / "micropython" / "ports" / "rp2"),
          "BOARD_DIR={}".format(BOARD_DEFINITION), "BOARD_VARIANT={}".format(variant_of(board)),
          "BUILD={}".format(tree), "FROZEN_MANIFEST={}".format(manifest),
          "-j{}".format(jobs)], log, env=env)
    uf2 = (tree / "firmware.uf2").read_bytes()
    try:
        spare = layout.check(uf2, _binary_end(tree / "firmware.elf"))
    except layout.LayoutError as exc:
        raise BuildError("{}: {}".format(board, exc)) from None
    image.write_bytes(uf2)
    stamp.write_text(digest)
    print("{}: {:,} bytes of flash used, {:,} left below the file system at 0x{:X}".format(
        board, layout.uf2_extent(uf2)[1], spare, layout.fs_offset()), flush=True)
    return image

