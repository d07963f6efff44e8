"""The static site `python -m tools.web --out DIR` writes. Nothing in it runs on a server: any
static host (the repository's Pages, `python -m http.server`) serves it as it is.

    index.html, app.js, screen.js, board.js, style.css   the page (tools/web/site/)
    sw.js                  the service worker: every file of the site kept for offline use,
                           under a cache named by the build's version
    manifest.webmanifest   what a phone's "add to home screen" installs; icons/ drawn here
    mp/                    the official MicroPython WebAssembly port, the very files
                           tools/vm runs under Node (its .mjs and .wasm)
    fw/                    the firmware's modules compiled by mpy-cross and the font, as deploy
                           puts them on a board (tools/mpvm.py's compiled_firmware, which the
                           VM tests load too)
    boards/                the simulated boards' files (boards/simulated*.py), one of which
                           the page puts on the VM as board.py
    vm/                    what runs on the VM besides the firmware: the simulator's guest
                           (tools/sim/guest.py, with probe.py as sim_probe.py) and the page's
                           own additions (tools/web/page.py)
    site.json              the facts the page needs: the files above, the boards and their
                           layouts, the timing of a press (tools/sim/script.py), the colour
                           table of the screenshots (tools/screenshot.py), the version
"""

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from tools import screenshot
from tools.mpvm import compiled_firmware, firmware_data
from tools.sim import script
from tools.sim.cli import LAYOUTS
from tools.sim.vm import GUEST, HEAP, PROBE
from tools.web.icons import ICON_SIZES, icon

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent
PAGE_FILES = HERE / "site"
PAGE_VM = HERE / "page.py"
PORT = ROOT / "tools" / "vm" / "node_modules" / "@micropython" / \
    "micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
MARKER = "site.json"  # a folder holding it was written here: a new build may replace it
BOARD_NAMES = {"simulated": "240×135", "simulated_large": "320×240", "simulated_mono": "128×64"}


class BuildError(RuntimeError):
    pass


@dataclass
class Site:
    files: dict[str, int] = field(default_factory=dict)  # site path -> bytes

    @property
    def size(self) -> int:
        return sum(self.files.values())


def build(out: Path) -> Site:
    out = Path(out)
    if out.exists():
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise BuildError("{} is not empty and holds no earlier build: give an empty or "
                             "new folder".format(out))
        shutil.rmtree(out)
    missing = [name for name in PORT_FILES if not (PORT / name).is_file()]
    if missing:
        raise BuildError("the MicroPython WebAssembly port is not installed ({} missing): run "
                         "python3 -m tools.setup_env".format(", ".join(missing)))
    out.mkdir(parents=True)
    site = Site()
    contents = hashlib.sha256()

    def put(path: str, data: bytes) -> None:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        site.files[path] = len(data)
        if path != "sw.js":
            contents.update(path.encode() + b"\0" + data)

    for name in PORT_FILES:
        put("mp/" + name, (PORT / name).read_bytes())
    # as deploy puts it on a board: .mpy (smaller, and nothing to compile in the page), the
    # font as it is
    firmware = {**compiled_firmware(), **firmware_data()}
    for path in sorted(firmware):
        put("fw/" + path, firmware[path])
    boards = []
    for board, layout in LAYOUTS.items():
        put("boards/{}.py".format(board), (ROOT / "boards" / (board + ".py")).read_bytes())
        boards.append({"file": board, "layout": layout, "label": BOARD_NAMES[board],
                       "size": list(screenshot.SIZES[layout])})
    put("vm/guest.py", GUEST.read_bytes())
    put("vm/sim_probe.py", PROBE.read_bytes())
    put("vm/page.py", PAGE_VM.read_bytes())
    for size in ICON_SIZES:
        put("icons/icon-{}.png".format(size), icon(size))
    for source in sorted(PAGE_FILES.iterdir()):
        if source.name != "sw.js":
            put(source.name, source.read_bytes())
    facts = {
        "firmware": sorted(firmware),
        "boards": boards,
        "heap": HEAP,
        "micropython": json.loads((PORT / "package.json").read_text())["version"],
        # a whole press as the simulator's key scripts time it (tools/sim/script.py)
        "timing": {"tap_ms": script.TAP_MS, "gap_ms": script.GAP_MS,
                   "long_extra_ms": script.LONG_EXTRA_MS,
                   "double_tap_ms": script.DOUBLE_TAP_MS,
                   "double_gap_ms": script.DOUBLE_GAP_MS},
        # the screenshots' colours (tools/screenshot.py): the page draws as they do
        "palette": [list(c) for c in screenshot.palette()],
        "ink": list(_mono_ink()),
        "cache": ["./"] + sorted(site.files) + [MARKER, "sw.js"],
    }
    facts["version"] = contents.hexdigest()[:16]
    put(MARKER, json.dumps(facts, ensure_ascii=False, indent=1).encode())
    worker = (PAGE_FILES / "sw.js").read_text(encoding="utf-8")
    put("sw.js", worker.replace("__VERSION__", facts["version"]).encode())
    return site


def _mono_ink() -> tuple[int, int, int]:
    """The lit pixel's colour as the screenshots draw the 128x64 OLED."""
    lit = bytes([1]) + bytes(128 * 64 // 8 - 1)
    pixel = screenshot.image(lit, screenshot.MONO).getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]
