"""Compile firmware files with mpy-cross and report their bytecode size.

    python -m tools.mpy_size            # table of .mpy sizes by folder, and the total

The tests use compile_file() to prove every firmware file compiles for MicroPython; the README
quotes the core's size from this command.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MPY_CROSS = Path(sys.executable).parent / "mpy-cross"


class CompileError(Exception):
    pass


def firmware_files():
    return sorted(p for p in FIRMWARE.rglob("*.py") if "__pycache__" not in p.parts)


# The firmware's data files, copied onto a board as they are: the font (tools/glyphs.py).
FONT = FIRMWARE / "ui" / "glyphs.bin"


def data_files():
    return [FONT] if FONT.is_file() else []


def compile_file(source: Path, out_dir: Path, base: Path = FIRMWARE) -> Path:
    """Compile one file to .mpy (bytecode v6.3, what MicroPython 1.23 and later load)."""
    relative = source.relative_to(base)
    target = out_dir / relative.with_suffix(".mpy")
    target.parent.mkdir(parents=True, exist_ok=True)
    # -s sets the file name kept in tracebacks: the path as it is on the board.
    done = subprocess.run([str(MPY_CROSS), "-s", str(relative), "-o", str(target), str(source)],
                          capture_output=True, text=True)
    if done.returncode:
        raise CompileError("{}: {}".format(relative, done.stderr.strip()))
    return target


def sizes() -> dict[str, int]:
    """.mpy bytes per firmware file (relative path)."""
    with tempfile.TemporaryDirectory() as out:
        return {str(p.relative_to(FIRMWARE)): compile_file(p, Path(out)).stat().st_size
                for p in firmware_files()}


def main() -> int:
    by_folder: dict[str, int] = {}
    for path, size in sizes().items():
        folder = path.rsplit("/", 1)[0] if "/" in path else "."
        by_folder[folder] = by_folder.get(folder, 0) + size
    for folder, size in sorted(by_folder.items()):
        print("{:<12} {:>7,} bytes".format(folder, size))
    print("{:<12} {:>7,} bytes".format("total", sum(by_folder.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
