"""What freezing the scorekeeper into the firmware would save in RAM, measured on the emulated
Pico (tools/pico) without a frozen build: the heap each firmware module takes when it is
imported from the .mpy files deploy copies.

    python -m tools.frozen_ram [--firmware VERSION|FILE] [--json]

Method. The image is the one tools.deploy makes (tools/pico/deployed.fresh_image, board
pico_display_pack). The board boots into the scorekeeper; Ctrl-C stops it, and a soft reset
from the raw REPL (Ctrl-D, as mpremote does) starts a clean interpreter with a fresh heap that
does not run main.py. Then every module of core/, ui/ and drivers/ that is on the board is
imported in dependency order (the module-level imports of each file, read here with ast, come
first), one by one, each between two gc.collect() + gc.mem_free() readings: the difference is
the heap that module holds once imported, its dependencies already loaded. Nothing else runs
in between; the readings go into a list made before the first. The import's time is read too
(time.ticks_us, the emulated clock): finding the file on littlefs (MicroPython looks for the
name as a folder, as .py and as .mpy before it opens the .mpy), reading it, interning its
names and running its body, all of which a frozen module skips but the last.

What that heap is: the module's bytecode, its raw code and constant tables, its str/bytes
constants and the qstr pool for its new names (all of which a frozen module keeps in flash),
plus what executing its body makes: the module and its globals dict, a function object per
def, class objects with their dicts, and whatever lists, dicts and bytearrays the body builds
(which a frozen module makes on the heap too; the bytearrays and memoryviews its globals
hold are counted separately, after all the imports). So each figure is an upper bound on what
freezing saves for that module; the part that stays is small for modules of functions and
large for modules of data built at import.
"""

import argparse
import ast
import json
import shutil
import sys
import tempfile
from pathlib import Path

from tools import mpy_size
from tools.pico import Pico, images, repl
from tools.pico.deployed import BOOT_QUIET_MS, fresh_image

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
PACKAGES = ("core", "ui", "drivers")


def modules_in_order(present):
    """Dotted names of the firmware modules in `present`, each after the modules its
    module-level code imports."""
    deps = {}
    for name in present:
        parts = name.split(".")
        path = FIRMWARE.joinpath(*parts)
        path = path / "__init__.py" if (path / "__init__.py").exists() else path.with_suffix(".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        # Module level only, including inside if/try at the top: a def's imports run later.
        stack = list(tree.body)
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(node.module + "." + a.name for a in node.names)
            elif isinstance(node, (ast.If, ast.Try)):
                for field in ("body", "orelse", "finalbody"):
                    stack.extend(getattr(node, field, []))
                for handler in getattr(node, "handlers", []):
                    stack.extend(handler.body)
        # A package's __init__ runs before any of its modules.
        if len(parts) > 1:
            found.add(parts[0])
        deps[name] = sorted(d for d in found if d in present and d != name)
    order, done = [], set()

    def visit(name, path=()):
        if name in done:
            return
        if name in path:
            raise ValueError("import cycle: " + " -> ".join(path + (name,)))
        for dep in deps[name]:
            visit(dep, path + (name,))
        done.add(name)
        order.append(name)

    for name in sorted(present):
        visit(name)
    return order


def on_board(pico):
    """Dotted names of the .mpy modules deploy put in core/, ui/ and drivers/."""
    listing = repl.run(pico, "import os\n"
                             "for p in {!r}:\n"
                             "    for f in os.listdir(p):\n"
                             "        print(p, f)\n".format(PACKAGES))
    names = []
    for line in listing.split("\n"):
        if not line.strip():
            continue
        package, filename = line.split()
        if filename.endswith(".mpy"):
            stem = filename[:-4]
            names.append(package if stem == "__init__" else package + "." + stem)
    return names


MEASURE = """\
import gc
import time
names = {names!r}
took = [0] * len(names)
spent = [0] * len(names)
gc.collect()
start = gc.mem_free()
i = 0
while i < len(names):
    gc.collect()
    before = gc.mem_free()
    t = time.ticks_us()
    __import__(names[i])
    spent[i] = time.ticks_diff(time.ticks_us(), t)
    gc.collect()
    took[i] = before - gc.mem_free()
    i += 1
gc.collect()
print(start, gc.mem_free(), gc.mem_free() + gc.mem_alloc())
print(took)
print(spent)
import sys
buffers = [0] * len(names)
i = 0
while i < len(names):
    for v in sys.modules[names[i]].__dict__.values():
        if isinstance(v, (bytearray, memoryview)):
            buffers[i] += len(v)
    i += 1
print(buffers)
"""


def measure(firmware=None):
    """{"image", "heap", "free_before", "free_after", "modules": [[name, bytes taken, .mpy
    bytes, bytes of the bytearrays/memoryviews its globals hold, µs its import took]]}."""
    uf2 = images.find(firmware)
    base = fresh_image(uf2)
    with tempfile.TemporaryDirectory(prefix="frozen-ram-") as scratch:
        image = Path(scratch) / "pico.img"
        shutil.copyfile(base, image)
        with Pico(image) as pico:
            pico.settle(quiet_ms=BOOT_QUIET_MS)
            repl.enter_raw(pico)
            names = modules_in_order(on_board(pico))
            # Soft reset from the raw REPL: a fresh heap, boot.py run, main.py not.
            pico.write_serial(b"\x04")
            repl.read_until(pico, repl.RAW_BANNER, 5000)
            out = repl.run(pico, MEASURE.format(names=names)).strip().split("\n")
    start, end, heap = (int(v) for v in out[0].split())
    took = json.loads(out[1])
    spent = json.loads(out[2])
    buffers = json.loads(out[3])
    mpy = mpy_size.sizes()  # the .mpy bytes of each file, compiled as deploy does
    rows = []
    for name, size, kept, us in zip(names, took, buffers, spent):
        parts = name.split(".")
        path = "/".join(parts) + ("/__init__.py" if len(parts) == 1 else ".py")
        rows.append([name, size, mpy.get(path), kept, us])
    return {"image": uf2.name, "heap": heap, "free_before": start, "free_after": end,
            "modules": rows}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--firmware", help="pinned MicroPython version or UF2 file")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.firmware)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print("{}: heap {:,} bytes; free {:,} before the imports, {:,} after: {:,} taken".format(
        figures["image"], figures["heap"], figures["free_before"], figures["free_after"],
        figures["free_before"] - figures["free_after"]))
    for package in PACKAGES:
        rows = [r for r in figures["modules"] if r[0].split(".")[0] == package]
        print("{}/: {:,} bytes".format(package, sum(r[1] for r in rows)))
        for name, size, mpy, kept, us in sorted(rows, key=lambda r: -r[1]):
            print("  {:<24} {:>7,}   .mpy {:>7,}   buffers {:>6,}   import {:>5.1f} ms".format(
                name, size, mpy or 0, kept, us / 1000))
    return 0


if __name__ == "__main__":
    sys.exit(main())
