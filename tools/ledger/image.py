"""An emulated Pico's flash image as a journal source: `.sim/pico/` (what `tools.sim --pico`
keeps), `build/pico/` (`tools.pico`'s default) or the image file itself (`flash.img`).

The journal is in the image's littlefs file system (tools/pico/flashfs.py), under the board's
data folder /data. `mounted(path)` copies that folder out of a copy of the image held in
memory into a temporary folder, read as any journal folder, and removed afterwards: the image
itself is only read, never written. Any other path is given back unchanged.
"""

import contextlib
import os
import shutil
import tempfile

from tools.ledger.records import LedgerError

IMAGE = "flash.img"  # tools/sim/pico_flash.py, tools/pico: the image's name in its folder
DATA = "/data"  # boards/pico_display_pack.py's data_dir


def image_of(path):
    """The flash image that PATH means (a folder holding flash.img and no journal of its
    own, or a file named *.img), or None."""
    path = os.fspath(path)
    if os.path.isdir(path):
        try:
            names = os.listdir(path)
        except OSError:
            return None  # the journal's own reading says what is wrong with it
        # A folder that is a journal (or a board's file system) is read as one.
        if {"table", "archive", "data", "snap"} & set(names) or IMAGE not in names:
            return None
        return os.path.join(path, IMAGE)
    if path.endswith(".img") and os.path.isfile(path):
        return path
    return None


def _mount(image):
    """The littlefs file system of IMAGE, mounted over a copy in memory."""
    try:
        from littlefs import LittleFS, UserContext, lfs
        from littlefs.errors import LittleFSError

        from tools.lfs_image import RP2
        from tools.pico.flashfs import FLASH_SIZE, STOCK, layout_of
    except ImportError:
        raise LedgerError(image, "reading a flash image needs littlefs-python: run `python3 "
                                 "-m tools.setup_env` and use .venv/bin/python") from None
    try:
        with open(image, "rb") as f:
            data = f.read(FLASH_SIZE + 1)
    except OSError as exc:
        raise LedgerError(image, "cannot read: {}".format(exc.strerror or exc)) from exc
    if len(data) != FLASH_SIZE:
        raise LedgerError(image, "not a Pico flash image ({} bytes, an image is {})".format(
            len(data), FLASH_SIZE))
    # Where the file system is: stock MicroPython's place, or the scorekeeper image's.
    layout = layout_of(data) or STOCK
    try:
        fs = LittleFS(context=UserContext(buffer=bytearray(data[layout.offset:])),
                      block_count=layout.blocks, **RP2)
    except LittleFSError as exc:
        raise LedgerError(image, "no littlefs file system in it (a Pico that never ran "
                                 "MicroPython?): {}".format(exc)) from exc
    return fs, LittleFSError, lfs.LFSStat.TYPE_DIR


def extract(image, dest):
    """Copy IMAGE's /data into the folder DEST (created), files and folders as they are."""
    fs, failure, folder = _mount(image)
    try:
        kind = fs.stat(DATA).type
    except failure:
        raise LedgerError(image, "no {} folder in it: nothing has been recorded on this "
                                 "board yet".format(DATA)) from None
    if kind != folder:
        raise LedgerError(image + ":" + DATA, "not a folder")
    os.mkdir(dest)
    try:
        for root, folders, names in fs.walk(DATA):
            here = os.path.join(dest, os.path.relpath(root, DATA))
            odd = [n for n in folders + names if n in (".", "..") or "/" in n or "\0" in n]
            if odd:
                raise LedgerError(image, "its file system is damaged: a file named {!r} in "
                                         "{}".format(odd[0], root))
            for name in folders:
                os.makedirs(os.path.join(here, name), exist_ok=True)
            for name in names:
                with fs.open(root.rstrip("/") + "/" + name, "rb") as f:
                    content = f.read()
                with open(os.path.join(here, name), "wb") as out:
                    out.write(content)
    except failure as exc:
        raise LedgerError(image, "its file system is damaged: {}".format(exc)) from exc


@contextlib.contextmanager
def mounted(path):
    """PATH as a folder the journal readers take: PATH itself, or for a flash image its
    /data copied into a temporary folder for the time of the block. Messages name the image
    (`flash.img:/data/table: ...`), not the temporary folder."""
    image = image_of(path)
    if image is None:
        yield os.fspath(path)
        return
    work = tempfile.mkdtemp(prefix="ledger-image-")
    data = os.path.join(work, "data")
    try:
        extract(image, data)
        try:
            yield data
        except LedgerError as exc:
            exc.args = (str(exc).replace(data, image + ":" + DATA),)
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
