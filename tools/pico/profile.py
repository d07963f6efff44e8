"""Where the cycles go on the emulated Pico: a profile by C function of the image it runs.

    python -m tools.pico.profile [--top N] [--stock VERSION] [--elf FILE] [KEY ...]
    python -m tools.pico.profile --boot [HANDS ...] [--top N] [--stock VERSION]

By default the board runs the scorekeeper's own image for the Display Pack, as a maker
flashes it (tools.firmware: built, or the cached one reused), named by the symbols of the ELF
its build left (tools.firmware.build.elf). --stock VERSION: the pinned stock MicroPython
image with the scorekeeper deployed as .mpy files (the --stock-pico way), named by the ELF
beside its UF2 in MICROPYTHON_FIRMWARE_DIR (RPI_PICO-v1.28.0-built.elf).

Presses KEYs (default: the classic evening of tools/presses.py) on a fresh board as
tools.bench_pico does, and prints for each press the functions that executed most of its
cycles. --boot instead profiles power-on to the backlight with a classic table of HANDS hands
on the flash (default: bench_pico's SIZES, as many as fit), written as bench_pico writes
them: where a boot's cycles go on a full flash.

The harness counts the cycles of every instruction by its address (exact, not sampled: the
emulation is slower, the chip's cycles are the same). "counted" is every cycle the CPU
executed while profiling: for a press, the whole window and the screen's reading time before
it, its idle polls included, where the press's own figure leaves the polling out. ui/ink.py's
machine code is fun_data_ui_ink_... in the image; code outside the image shows as "[heap]"
(the same code loaded from its .mpy, deployed) or "[bootrom]" (the RP2040's ROM routines the
image calls: memcpy, memset, soft-float).
"""

import argparse
import bisect
import contextlib
import sys
import tempfile
from pathlib import Path

from elftools.elf.elffile import ELFFile

from tools import bench_pico
from tools.firmware import build
from tools.firmware.build import BuildError
from tools.pico import images
from tools.pico.deployed import BOOT_QUIET_MS, DeployFailed, flashed, fresh_image
from tools.presses import EVENING

BOARD = "pico_display_pack"  # the emulated Pico's pack (tools.pico.PACK)
HEAP = (0x20000000, 0x20042000)  # SRAM: where a .mpy's machine code is loaded
BOOTROM = 0x4000
# The machine code of a frozen native module is data to the linker, named after its module
# (fun_data_ui_ink_ui_slash_ink_dot_py: ui/ink.py in the image).
NATIVE = "fun_data_"


class Symbols:
    """Function names of an ELF by address."""

    def __init__(self, elf: Path):
        with elf.open("rb") as f:
            table = ELFFile(f).get_section_by_name(".symtab")
            funcs = sorted({(s["st_value"] & ~1, s["st_size"], s.name)
                            for s in table.iter_symbols()  # pyright: ignore[reportAttributeAccessIssue]
                            if s["st_info"]["type"] == "STT_FUNC"
                            or s.name.startswith(NATIVE)})
        # The pico-sdk's assembly routines (its memcpy, popcount and float wrappers) have no
        # size: each runs up to the next function.
        ends = [start for start, _, _ in funcs[1:]] + [funcs[-1][0] + 1]
        self.funcs = [(start, size or max(end - start, 1), name)
                      for (start, size, name), end in zip(funcs, ends)]
        self.starts = [f[0] for f in self.funcs]

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
    """(the press's figures as bench_pico.press gives them, the cycles by address)."""
    pico.command("profile", on=True)
    cost = bench_pico.press(pico, key, share)
    return cost, pico.command("profile", on=False)["pcs"]


def profiled_boot(image, scratch):
    """(the chip's state when the backlight came on, the cycles by address from power on)."""
    before = bench_pico.lit_slice(image, scratch)
    with bench_pico.Board(image, scratch) as pico:
        pico.command("profile", on=True)
        state = bench_pico.replay_to_light(pico, before)
        return state, pico.command("profile", on=False)["pcs"]


def board_image(stock: str | None, scratch: str) -> tuple[Path, Path]:
    """(a flash image of a fresh board, the ELF that names its code): the scorekeeper's
    image flashed onto an erased Pico, or with `stock` that MicroPython, deployed onto."""
    if stock:
        uf2 = images.find(stock)
        return fresh_image(uf2), uf2.with_name(uf2.stem + ".elf")
    if not build.up_to_date(BOARD):
        print("profile: building the scorekeeper's image for {} (a minute or two the first "
              "time, then kept in build/firmware/ until the firmware changes) ...".format(BOARD),
              file=sys.stderr, flush=True)
    with contextlib.redirect_stdout(sys.stderr):  # stdout is the profile
        uf2 = build.build(BOARD)
    return flashed(uf2, Path(scratch) / "base.img"), build.elf(BOARD)


def _print(title, funcs, top):
    total = sum(funcs.values())
    print("{} (counted {:,})".format(title, round(total)))
    for name, cycles in sorted(funcs.items(), key=lambda kv: -kv[1])[:top]:
        print("  {:>10,} {:5.1f}%  {}".format(round(cycles), 100 * cycles / total, name))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pico.profile",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", default=EVENING, help="the keys to press")
    parser.add_argument("--top", type=int, default=12, help="functions shown per press")
    parser.add_argument("--stock", metavar="VERSION",
                        help="stock MicroPython with the scorekeeper deployed, not the image")
    parser.add_argument("--elf", type=Path, help="name addresses by this ELF instead")
    parser.add_argument("--boot", type=int, nargs="*", metavar="HANDS",
                        help="profile boot with these many hands on the flash")
    args = parser.parse_args(argv)
    if args.boot is not None and args.keys != EVENING:
        parser.error("--boot presses no keys")
    with tempfile.TemporaryDirectory(prefix="profile-") as scratch:
        try:
            base, elf = board_image(args.stock, scratch)
        except (BuildError, images.ImageError, DeployFailed) as exc:
            print("profile: {}".format(exc), file=sys.stderr)
            return 2
        symbols = Symbols(args.elf or elf)
        if args.boot is not None:
            for hands in args.boot or bench_pico.SIZES:
                image = Path(scratch) / "journal.img"
                written, _ = bench_pico.journal_image(base, hands, image)
                state, pcs = profiled_boot(image, scratch)
                _print("boot, {:,} hands on the flash: {:,} cycles to the backlight ({:.0f} "
                       "ms), {:,} executed".format(written, round(state["cycles"]),
                                                   state["cycles"] * 1000 / state["clkSys"],
                                                   round(state["active"])),
                       by_function(pcs, symbols), args.top)
            return 0
        with bench_pico.Board(base, scratch) as pico:
            bench_pico._settled(pico, BOOT_QUIET_MS)
            idle = bench_pico.idle_cost(pico)
            for key in args.keys:
                cost, pcs = profiled_press(pico, key, idle["share"])
                _print("{} {:,} cycles".format(key, cost["cycles"]), by_function(pcs, symbols),
                       args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
