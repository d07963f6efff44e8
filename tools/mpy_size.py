"""Compile firmware files with mpy-cross and report their bytecode size.

    python -m tools.mpy_size            # table of .mpy sizes by folder, and the total

The tests use compile_file() to prove every firmware file compiles for MicroPython; the README
quotes the core's size from this command.

Native modules (NATIVE: machine code) are not bytecode: mpy-cross compiles them only for a CPU
(`-march`), so they are not among firmware_files() (the VM, the sizes above) and deploy
compiles them for the boards whose board file names an mpy_arch.
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


# Modules of machine code, for the boards that run it; the firmware does without them.
NATIVE = (FIRMWARE / "ui" / "ink.py",)
# Native modules frozen into the RP2040 image only (ports/rp2/manifest.py), never deployed: a
# file's machine code is loaded into the heap, which a stock board's deployed app cannot spare.
IMAGE_NATIVE = (FIRMWARE / "ui" / "lines.py", FIRMWARE / "drivers" / "st7789_rp2.py")
# mpy-cross -march values the native modules are written for: the RP2040's Cortex-M0+ (ui/ink.py
# is its inline assembler).
ARCHS = ("armv6m",)


def firmware_files():
    """The bytecode modules: every firmware .py but the native ones."""
    return sorted(p for p in FIRMWARE.rglob("*.py")
                  if "__pycache__" not in p.parts and p not in NATIVE and p not in IMAGE_NATIVE)


# The firmware's data files, copied onto a board as they are: the font (tools/glyphs.py).
FONT = FIRMWARE / "ui" / "glyphs.bin"


def data_files():
    return [FONT] if FONT.is_file() else []


def compile_file(source: Path, out_dir: Path, base: Path = FIRMWARE,
                 arch: str | None = None) -> Path:
    """Compile one file to .mpy (v6.3, what MicroPython 1.23 and later load): bytecode, and
    with `arch` (one of ARCHS) the machine code of its viper functions for that CPU."""
    relative = source.relative_to(base)
    target = out_dir / relative.with_suffix(".mpy")
    target.parent.mkdir(parents=True, exist_ok=True)
    # -s sets the file name kept in tracebacks: the path as it is on the board.
    march = [] if arch is None else ["-march=" + arch]
    done = subprocess.run([str(MPY_CROSS), *march, "-s", str(relative), "-o", str(target),
                           str(source)], capture_output=True, text=True)
    if done.returncode:
        raise CompileError("{}: {}".format(relative, done.stderr.strip()))
    return target


def sizes() -> dict[str, int]:
    """.mpy bytes per firmware file (relative path)."""
    with tempfile.TemporaryDirectory() as out:
        return {str(p.relative_to(FIRMWARE)): compile_file(p, Path(out)).stat().st_size
                for p in firmware_files()}


def native_sizes(arch: str) -> dict[str, int]:
    """.mpy bytes of each native module compiled for `arch` (loaded into RAM on a board)."""
    with tempfile.TemporaryDirectory() as out:
        return {str(p.relative_to(FIRMWARE)): compile_file(p, Path(out), arch=arch).stat().st_size
                for p in NATIVE}


def main() -> int:
    by_folder: dict[str, int] = {}
    for path, size in sizes().items():
        folder = path.rsplit("/", 1)[0] if "/" in path else "."
        by_folder[folder] = by_folder.get(folder, 0) + size
    for folder, size in sorted(by_folder.items()):
        print("{:<12} {:>7,} bytes".format(folder, size))
    print("{:<12} {:>7,} bytes".format("total", sum(by_folder.values())))
    for arch in ARCHS:  # not in the total: only boards of that CPU get them
        for path, size in native_sizes(arch).items():
            print("{:<12} {:>7,} bytes  {} (native, {})".format("", size, path, arch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
