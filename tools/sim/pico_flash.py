"""The emulated Pico's flash for `tools.sim --pico`: one 2 MiB image in the board's folder
(default .sim/pico/flash.img; .sim/pico_display_pack_2/flash.img for the 2.0" pack), kept
between runs as a board keeps its flash through a power cut; beside it, flash.json records
what was deployed onto it, and for which board file.

prepare() makes it ready to boot:
- no image yet: a copy of a new Pico with the scorekeeper deployed (tools/pico/deployed.py,
  which deploys once per MicroPython image and firmware and keeps the result);
- an image whose scorekeeper is not the repository's (the firmware changed since it was
  deployed, or it was deployed with another board file), or --firmware asks for another
  MicroPython: deploy again onto it, with
  tools.deploy as a maker would (after writing the UF2 over the old MicroPython, as dropping
  it on the Pico's USB drive does); deploy never touches /data, so the journal stays;
- --lang: put the language into the board's settings before it boots, every other setting
  kept, as the VM's guest does with the simulated flash.
"""

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from littlefs.errors import LittleFSError

from tools.pico import deployed, images
from tools.pico.flashfs import FlashFS

IMAGE = "flash.img"
# {"firmware": digest, "micropython": label, "sha256": of its UF2, "board": its board file}
STAMP = "flash.json"
SETTINGS = "/data/settings.json"  # the Display Packs' board files' data_dir, ui.app.SETTINGS


@dataclass
class Prepared:
    image: Path
    micropython: str  # "MicroPython 1.26.1", or the UF2's name if it is not a pinned one


def label(uf2: Path) -> str:
    digest = images.sha256(uf2)
    for pinned in images.IMAGES:
        if pinned.sha256 == digest:
            return "MicroPython " + pinned.version
    return uf2.name


def prepare(folder: Path, firmware: str | None = None, lang: str | None = None,
            say: Callable[[str], None] = print, board: str = deployed.BOARD) -> Prepared:
    image = folder / IMAGE
    stamp_path = folder / STAMP
    # A new image needs a MicroPython (the newest that can be had, without --firmware); an
    # old one keeps its own unless --firmware names another.
    uf2 = images.find(firmware) if firmware is not None or not image.exists() else None
    if not image.exists():
        assert uf2 is not None
        if not deployed.fresh_image_path(uf2, board).exists():
            say("tools.sim: a new emulated Pico with {}: deploying the scorekeeper onto it "
                "(kept in {} for the next new one)".format(label(uf2), deployed.DEPLOYED))
        shutil.copyfile(deployed.fresh_image(uf2, board), image)
        _write_stamp(stamp_path, uf2, board)
    stamp = _read_stamp(stamp_path)
    why = []
    if stamp.get("firmware") != deployed.firmware_digest():
        why.append("the firmware changed since it was deployed" if stamp
                   else "not deployed by the simulator")
    elif stamp.get("board", deployed.BOARD) != board:
        why.append("deployed with boards/{}.py".format(stamp.get("board")))
    if uf2 is not None and stamp.get("sha256") != images.sha256(uf2):
        why.append("{} asked for".format(label(uf2)))
    else:
        uf2 = None  # the image has it already: nothing to write over it
    if why:
        say("tools.sim: deploying the scorekeeper onto {} ({})".format(image, "; ".join(why)))
        deployed.deploy_onto(image, uf2, board=board)
        if uf2 is not None:
            _write_stamp(stamp_path, uf2, board)
        else:
            stamp["firmware"] = deployed.firmware_digest()
            stamp["board"] = board
            stamp_path.write_text(json.dumps(stamp) + "\n")
        stamp = _read_stamp(stamp_path)
    if lang:
        _set_lang(image, lang)
    return Prepared(image, stamp.get("micropython") or "the MicroPython on " + image.name)


def _read_stamp(path: Path) -> dict:
    try:
        stamp = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return stamp if isinstance(stamp, dict) else {}


def _write_stamp(path: Path, uf2: Path, board: str) -> None:
    path.write_text(json.dumps({"firmware": deployed.firmware_digest(), "micropython":
                                label(uf2), "sha256": images.sha256(uf2),
                                "board": board}) + "\n")


def _set_lang(image: Path, lang: str) -> None:
    fs = FlashFS(image)
    try:
        settings = json.loads(fs.read(SETTINGS))
    except (LittleFSError, ValueError):
        settings = {}  # none yet, or unreadable: the app would start from defaults too
    if not isinstance(settings, dict):
        settings = {}
    if settings.get("lang") == lang:
        return
    settings["lang"] = lang
    fs.write(SETTINGS, json.dumps(settings).encode())
    fs.save()
