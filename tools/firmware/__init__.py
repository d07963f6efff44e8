"""The scorekeeper's own MicroPython image for the RP2040 boards: one UF2 file a maker drops on
the Pico, with MicroPython, the scorekeeper, its font and the board file frozen in.

    python -m tools.firmware --board pico_display_pack

builds build/firmware/scorekeeper-pico_display_pack-VERSION.uf2 from MicroPython v1.28.0 and
the board definition ports/rp2/boards/SCOREKEEPER_PICO (a variant per board file), and prints
its SHA-256 and, last, its path. The pieces:

    sources.py    the pinned MicroPython and picotool sources: $MICROPYTHON_SOURCE, else a git
                  clone of the pinned commits into the cache
    toolchain.py  what the build needs on the machine, named as Debian packages
    stage.py      what a board's image freezes besides ports/rp2/manifest.py: the board file
                  as board.py, the font as a bytes constant, micropython-lib's drivers
    layout.py     the flash layout the board definition sets, and the check that an image
                  ends below its file system
    build.py      mpy-cross, picotool and the rp2 port's make, rebuilding only what changed

docs/boards.md, "The scorekeeper's image", says why the layout is what it is.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PORT = ROOT / "ports" / "rp2"
BOARD_DEFINITION = PORT / "boards" / "SCOREKEEPER_PICO"
OUT = ROOT / "build" / "firmware"


def boards() -> list[str]:
    """The board files that have an image: one variant of the board definition each."""
    prefix = "mpconfigvariant_"
    return sorted(p.stem[len(prefix):].lower()
                  for p in BOARD_DEFINITION.glob(prefix + "*.cmake"))


def variant(board: str) -> str:
    return board.upper()
