"""The emulated Pico's flash for `tools.sim --pico`: one 2 MiB image in the board's folder
(default .sim/pico/flash.img; .sim/pico_display_pack_2/flash.img for the 2.0" pack), kept
between runs as a board keeps its flash through a power cut; beside it, flash.json records
what was flashed onto it, and for which board file.

prepare() makes it ready to boot, the way a maker keeps a Pico up to date:
- by default the scorekeeper's own image for the board (tools.firmware: built, or the cached
  one reused; a first build takes a minute or two). No flash yet: the UF2 dropped on an
  erased Pico, booted once (MicroPython formats its file system). A flash with an older
  image (the repository's firmware changed since, or another board file): the new UF2
  written over it, as dropping it on the Pico's USB drive does: the file system and its
  tables are kept;
- --firmware VERSION|FILE: a stock MicroPython instead, the scorekeeper deployed onto it as
  .mpy files by `tools.deploy --stock-pico` (the way of other boards, which runs out of heap
  on a Pico beyond three-player 斗地主: docs/boards.md). Deployed again (deploy never touches
  /data) when the firmware changed or another MicroPython is asked for;
- between the two ways the file systems lie at different places in the flash (flashfs.py),
  so the files of /data are carried over, as a maker does with `tools.ledger pull` before
  flashing and `push` after: the tables are kept;
- --lang: put the language into the board's settings before it boots, every other setting
  kept, as the VM's guest does with the simulated flash.
"""

import contextlib
import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from littlefs.errors import LittleFSError

from tools.firmware import build
from tools.pico import Pico, deployed, images, pack_for
from tools.pico.flashfs import FlashFS, layout_of

IMAGE = "flash.img"
# The image's way: {"way": "image", "sha256": of its UF2, "board": its board file, "image":
# the UF2's name}. The stock way: {"way": "stock", "firmware": digest, "micropython": label,
# "sha256": of its UF2, "board": its board file} (a stamp without "way" is a stock one).
STAMP = "flash.json"
DATA = "/data"  # the Display Packs' board files' data_dir: the tables and the settings
SETTINGS = DATA + "/settings.json"  # ui.app.SETTINGS


@dataclass
class Prepared:
    image: Path
    running: str  # what the board runs, for the status line


def label(uf2: Path) -> str:
    digest = images.sha256(uf2)
    for pinned in images.IMAGES:
        if pinned.sha256 == digest:
            return "MicroPython " + pinned.version
    return uf2.name


def prepare(folder: Path, firmware: str | None = None, lang: str | None = None,
            say: Callable[[str], None] = print, board: str = deployed.BOARD) -> Prepared:
    if firmware is None:
        ready = _image_way(folder, board, say)
    else:
        ready = _stock_way(folder, firmware, board, say)
    if lang:
        _set_lang(ready.image, lang)
    return ready


def scorekeeper_image(board: str, say: Callable[[str], None]) -> Path:
    """The board's image from tools.firmware, saying so first when it has to be built."""
    if not build.up_to_date(board):
        say("tools.sim: building the scorekeeper's image for {} (tools.firmware; a minute or "
            "two the first time, then kept in build/firmware/ and rebuilt only when the "
            "firmware changes) ...".format(board))
    with contextlib.redirect_stdout(sys.stderr):  # stdout is the headless run's JSON
        return build.build(board)


def _image_way(folder: Path, board: str, say: Callable[[str], None]) -> Prepared:
    uf2 = scorekeeper_image(board, say)
    image = folder / IMAGE
    stamp = _read_stamp(folder / STAMP)
    digest = images.sha256(uf2)
    if not image.exists():
        deployed.flashed(uf2, image, board)
    elif stamp.get("way", "stock") != "image":
        say("tools.sim: flashing the scorekeeper's image onto {}, where the scorekeeper was "
            "deployed onto stock MicroPython; the tables in {} carried over".format(image, DATA))
        _carried_over(image, lambda target: deployed.flashed(uf2, target, board))
    elif stamp.get("sha256") != digest or stamp.get("board") != board:
        say("tools.sim: flashing the newer image onto {} ({}; the file system and its tables "
            "kept)".format(image, "the firmware changed" if stamp.get("board") == board
                           else "its image was for boards/{}.py".format(stamp.get("board"))))
        reflash(image, uf2, board)
    _write_stamp(folder / STAMP, {"way": "image", "sha256": digest, "board": board,
                                  "image": uf2.name})
    return Prepared(image, "the scorekeeper's image ({})".format(uf2.name))


def reflash(image: Path, uf2: Path, board: str) -> None:
    """Write the UF2 over the firmware in the flash image, the file system left as it is."""
    Pico(image, uf2, pack=pack_for(board)).close()  # the harness writes it, closing saves


def _stock_way(folder: Path, firmware: str, board: str,
               say: Callable[[str], None]) -> Prepared:
    image = folder / IMAGE
    stamp_path = folder / STAMP
    uf2 = images.find(firmware)
    say("tools.sim: {} with the scorekeeper deployed as .mpy files (tools.deploy "
        "--stock-pico): not how a Pico runs it, and short of heap beyond three-player "
        "斗地主; leave out --firmware for the scorekeeper's image".format(label(uf2)))
    if not image.exists():
        if not deployed.fresh_image_path(uf2, board).exists():
            say("tools.sim: a new emulated Pico with {}: deploying the scorekeeper onto it "
                "(kept in {} for the next new one)".format(label(uf2), deployed.DEPLOYED))
        shutil.copyfile(deployed.fresh_image(uf2, board), image)
        _write_stamp(stamp_path, _stock_stamp(uf2, board))
    stamp = _read_stamp(stamp_path)
    if stamp.get("way") == "image":
        say("tools.sim: deploying onto {} over the scorekeeper's image; the tables in {} "
            "carried over".format(label(uf2), DATA))
        _carried_over(image, lambda target: shutil.copyfile(deployed.fresh_image(uf2, board),
                                                            target))
        _write_stamp(stamp_path, _stock_stamp(uf2, board))
        stamp = _read_stamp(stamp_path)
    why = []
    if stamp.get("firmware") != deployed.firmware_digest():
        why.append("the firmware changed since it was deployed" if stamp
                   else "not deployed by the simulator")
    elif stamp.get("board", deployed.BOARD) != board:
        why.append("deployed with boards/{}.py".format(stamp.get("board")))
    if stamp.get("sha256") != images.sha256(uf2):
        why.append("{} asked for".format(label(uf2)))
        over: Path | None = uf2
    else:
        over = None  # the image has it already: nothing to write over it
    if why:
        say("tools.sim: deploying the scorekeeper onto {} ({})".format(image, "; ".join(why)))
        deployed.deploy_onto(image, over, board=board)
        _write_stamp(stamp_path, _stock_stamp(uf2, board))
    return Prepared(image, "{} + deployed .mpy (--stock-pico)".format(label(uf2)))


def _carried_over(image: Path, make: Callable[[Path], object]) -> None:
    """Make `image` anew with make(path), the files of DATA carried over from the old one."""
    kept = {}
    if layout_of(image.read_bytes()) is not None:
        with FlashFS(image) as fs:
            with contextlib.suppress(LittleFSError):  # no /data yet: nothing to keep
                kept = fs.files(DATA)
    with tempfile.TemporaryDirectory(prefix="sim-flash-") as scratch:
        new = Path(scratch) / IMAGE
        make(new)
        with FlashFS(new) as fs:
            for path, data in kept.items():
                fs.write(path, data)
        shutil.copyfile(new, image)


def _read_stamp(path: Path) -> dict:
    try:
        stamp = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return stamp if isinstance(stamp, dict) else {}


def _stock_stamp(uf2: Path, board: str) -> dict:
    return {"way": "stock", "firmware": deployed.firmware_digest(), "micropython": label(uf2),
            "sha256": images.sha256(uf2), "board": board}


def _write_stamp(path: Path, stamp: dict) -> None:
    path.write_text(json.dumps(stamp) + "\n")


def _set_lang(image: Path, lang: str) -> None:
    fs = FlashFS(image)
    try:
        settings = json.loads(fs.read(SETTINGS))
    except (LittleFSError, OSError, ValueError):
        settings = {}  # none yet (a new board), or unreadable: the app starts from defaults
    if not isinstance(settings, dict):
        settings = {}
    if settings.get("lang") == lang:
        return
    settings["lang"] = lang
    fs.write(SETTINGS, json.dumps(settings).encode())
    fs.save()
