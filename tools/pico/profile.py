"""Where a key press's cycles go on the emulated Pico: a profile by C function of the image.

    python -m tools.pico.profile [--top N] [--elf FILE] [KEY ...]

presses KEYs (default: the classic evening of tools/presses.py) on a fresh board as
tools.bench_pico does, and prints for each press the functions of MicroPython's image that
executed most of its cycles. The harness counts the cycles of every instruction by its
address while a press runs (exact, not sampled: the emulation is slower, the chip's cycles
are the same); addresses are named by the symbols of the image's ELF
(RPI_PICO-v1.28.0-built.elf beside the UF2, MICROPYTHON_FIRMWARE_DIR). Code outside the
image shows as "[heap]" (native code of a .mpy: ui/ink.py) or "[bootrom]" (the RP2040's ROM
routines the image calls: memcpy, memset, soft-float).
"""

import argparse
import bisect
import sys
import tempfile
from pathlib import Path

from elftools.elf.elffile import ELFFile

from tools import bench_pico
from tools.pico import images
from tools.pico.deployed import BOOT_QUIET_MS, fresh_image
from tools.presses import EVENING

VERSION = "1.28.0"
HEAP = (0x20000000, 0x20042000)  # SRAM: where a .mpy's machine code is loaded
BOOTROM = 0x4000


class Symbols:
    """Function names of an ELF by address."""

    def __init__(self, elf: Path):
        with elf.open("rb") as f:
            table = ELFFile(f).get_section_by_name(".symtab")
            funcs = sorted((s["st_value"] & ~1, s["st_size"], s.name)
                           for s in table.iter_symbols()  # pyright: ignore[reportAttributeAccessIssue]
                           if s["st_info"]["type"] == "STT_FUNC" and s["st_size"])
        self.starts = [f[0] for f in funcs]
        self.funcs = funcs

    def name(self, pc: int) -> str:
        i = bisect.bisect_right(self.starts, pc) - 1
        if i >= 0:
            start, size, name = self.funcs[i]
            if pc < start + size:
                return name
        if pc < BOOTROM:
            return "[bootrom]"  # its memcpy, memset and soft-float, which the image calls
        return "[heap]" if HEAP[0] <= pc < HEAP[1] else "[?]"


def by_function(pcs, symbols: Symbols) -> dict[str, float]:
    out: dict[str, float] = {}
    for pc, cycles in pcs:
        name = symbols.name(pc)
        out[name] = out.get(name, 0) + cycles
    return out


def profiled_press(pico, key, share):
    pico.command("profile", on=True)
    cost = bench_pico.press(pico, key, share)
    return cost, pico.command("profile", on=False)["pcs"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", default=EVENING)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--elf", type=Path)
    args = parser.parse_args(argv)
    uf2 = images.find(VERSION)
    elf = args.elf or uf2.with_name(uf2.stem + ".elf")
    symbols = Symbols(elf)
    with tempfile.TemporaryDirectory(prefix="profile-") as scratch:
        with bench_pico.Board(fresh_image(uf2), scratch) as pico:
            bench_pico._settled(pico, BOOT_QUIET_MS)
            idle = bench_pico.idle_cost(pico)
            for key in args.keys:
                cost, pcs = profiled_press(pico, key, idle["share"])
                funcs = by_function(pcs, symbols)
                total = sum(funcs.values())
                print("{} {:,} cycles (counted {:,})".format(key, cost["cycles"], round(total)))
                for name, cycles in sorted(funcs.items(), key=lambda kv: -kv[1])[:args.top]:
                    print("  {:>10,} {:5.1f}%  {}".format(round(cycles), 100 * cycles / total,
                                                         name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
