"""What the scorekeeper costs on a Raspberry Pi Pico with a Pico Display Pack, measured on the
emulated one (tools/pico): the official MicroPython image a maker flashes, the scorekeeper put
on it by tools.deploy, the buttons pressed on their GPIO pins as a finger presses them.

    python -m tools.bench_pico [--firmware VERSION|FILE]    prints the figures and their tables
    python -m tools.bench                                   runs this first, writes BENCHMARKS.md

Time on the emulated chip is counted in CPU cycles, the same on every machine and from run to
run. What it cannot see (flash wait states, erase and program busy time, ...) is listed in
BENCHMARKS.md under the figures; the method of each figure is there too, and in the functions
below.

- A key press: from the button's first edge until the board has been quiet (no SPI byte, no
  flash operation, the CPU asleep) for QUIET_MS, the cycles the CPU executed, less what idle
  polling executes in as long a time (measured on the same board, idle, beforehand). The
  display driver's pixels go out by DMA while the CPU draws the next strip (drivers/st7789.py),
  so the cycles SPI was shifting ("SPI wait") overlap the CPU's work: they are what waiting
  for SPI can cost at most, and the rest ("compute") is a lower bound of the CPU's drawing.
- Boot: cycles from power on until the backlight comes on, which the display driver does
  right after the first whole picture is sent.
- Memory: asked over the serial REPL, in separate boots (the asking costs cycles).
"""

import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import tools  # noqa: F401  (puts the firmware's core on the import path)
from core.journal import Journal, StorageFull, read
from tools import bench_boot
from tools import presses as plans
from tools.lfs_image import Flash, LfsFS
from tools.pico import QUIET_MS, READ_MS, Pico, images, repl
from tools.pico.deployed import BOOT_QUIET_MS, DeployFailed, flashed, fresh_image
from tools.pico.flashfs import FS_BLOCKS, STOCK, FlashFS, layout_of

# Hands in the journal at boot: issue 21 asks for the image's boot at 2,000 (IMAGE_BOOT_HANDS);
# 10,000 do not fit, so the last is a full flash.
SIZES = (10, 1000, 2000, 10000)
IDLE_MS = 2000  # how long the idle board is watched to learn what its polling costs
POLL_MS = 50  # ui.app.POLL_MS: the loop polls the buttons, then sleeps this long
HOLD_MS = 80  # a finger's short press (tools.pico.HOLD_MS)
LONG_MS = 800  # held past ui.input's long press (600 ms): MENU on A
KEY_BUTTONS = {"OK": "A", "MENU": "A", "BACK": "B", "PREV": "X", "NEXT": "Y"}
WEAR_HANDS = 12  # classic hands in a row for the wear figures: one snapshot (SNAPSHOT_EVERY)
COARSE_MS = 2  # boot is watched in slices this long, then replayed in FINE_MS ones
FINE_MS = 0.01
BOOT_LIMIT_MS = 5000
SAMPLE_MS = 20  # the memory sampler's period: gc.mem_free() itself takes ~8.5 ms here
DONE_MS = 1000  # with the sampler running, a press is over after this long without output
DATA = "/data"  # boards/pico_display_pack.py's data_dir
COUNTERS = ("cycles", "active", "spiWait", "spiBytes", "erases", "programs")
BLOCK = 16  # bytes in a block of MicroPython's heap (32-bit ports): mem_info counts those

# Written as /boot.py for the memory boots only (rp2 runs boot.py, then main.py, in one global
# namespace that the REPL shares). It keeps the Device that ui.launch starts reachable, so
# that after Ctrl-C a collection frees only garbage, not the app; and it defines a sampler
# for a soft timer that allocates nothing: small ints and stores into a list made here.
HOOK = '''\
# tools/bench_pico.py put this here for its memory figures: not part of the scorekeeper.
import gc
import ui.app

bench_kept = []
bench_low = [0, 0]  # the lowest gc.mem_free() read, and how many readings
_Device = ui.app.Device


class _Kept(_Device):
    def __init__(self, *args):
        super().__init__(*args)
        bench_kept.append(self)


ui.app.Device = _Kept


def bench_sample(_timer):
    free = gc.mem_free()
    if free < bench_low[0]:
        bench_low[0] = free
    bench_low[1] += 1
'''


class BenchError(RuntimeError):
    """The board did not do what the benchmark drove it to do: the message says what."""


def _delta(after, before):
    return {k: after[k] - before[k] for k in COUNTERS}


def _settled(pico, quiet_ms=QUIET_MS):
    state = pico.settle(quiet_ms=quiet_ms)
    if not state["settled"]:
        raise BenchError("the board did not go quiet within 10 s")
    return state


class Board:
    """One emulated Pico booted from a copy of a flash image (the original is never
    written), closed at the end of a `with` block."""

    def __init__(self, image, scratch, name="pico.img"):
        self.flash = Path(scratch) / name
        shutil.copyfile(image, self.flash)
        self.pico = Pico(self.flash)

    def __enter__(self):
        return self.pico

    def __exit__(self, *exc):
        self.pico.close()


def image_info(uf2):
    """The MicroPython image: version, file, SHA-256, and where such a file comes from."""
    digest = images.sha256(uf2)
    for image in images.IMAGES:
        if image.sha256 == digest:
            return {"version": image.version, "file": image.file, "sha256": digest,
                    "origin": image.origin, "note": image.note}
    return {"version": "?", "file": Path(uf2).name, "sha256": digest, "origin": "file",
            "note": "not a pinned image"}


# -- key presses -------------------------------------------------------------------------


def idle_cost(pico):
    """What the idle board's polling executes: its share of the elapsed cycles, and per
    poll (polls every POLL_MS, plus the poll's own time: about 1% off)."""
    before = pico.state()
    after = pico.run(IDLE_MS)
    d = _delta(after, before)
    if d["spiBytes"] or d["erases"] or d["programs"]:
        raise BenchError("the board was not idle: {}".format(d))
    # share: the part of the elapsed cycles that polling executes, what a press's window
    # is charged for its own polls.
    return {"ms": IDLE_MS, "active": d["active"], "share": d["active"] / d["cycles"],
            "per_poll": round(d["active"] * POLL_MS / IDLE_MS)}


def press(pico, key, share):
    """Press `key` as a finger does and wait until the board is quiet; what it cost.

    The window runs from the button's first edge to the end of the quiet time, so it holds
    whatever the press makes the board do, wherever the key fires (on the press for X and Y,
    on the release for A and B, while held for a long A). From the cycles executed in it,
    what polling executes in as long a time on the idle board is taken off (`share`). The
    press comes READ_MS after the last, as a person reads the screen before pressing."""
    pico.run(READ_MS)
    before = pico.state()
    button = KEY_BUTTONS[key]
    pico.button(button, True)
    pico.run(LONG_MS if key == "MENU" else HOLD_MS)
    pico.button(button, False)
    d = _delta(_settled(pico), before)
    cycles = round(d["active"] - share * d["cycles"])
    return {"key": key, "cycles": cycles, "spi_wait": d["spiWait"],
            "compute": cycles - d["spiWait"], "spi_bytes": d["spiBytes"],
            "erases": d["erases"], "programs": d["programs"], "window": d["cycles"]}


def clock(state):
    return {"clk_sys": state["clkSys"], "clk_peri": state["clkPeri"], "spi_hz": state["spiHz"]}


def evening(image, scratch, keys):
    """(idle polling, each press of `keys` from a fresh board, the clocks)."""
    with Board(image, scratch) as pico:
        _settled(pico, BOOT_QUIET_MS)
        idle = idle_cost(pico)
        presses = [press(pico, key, idle["share"]) for key in keys]
        return idle, presses, clock(pico.state())


def _sum(presses):
    out = {k: sum(p[k] for p in presses) for k in
           ("cycles", "compute", "spi_wait", "spi_bytes", "erases", "programs")}
    out["presses"] = len(presses)
    return out


def _file_system(data):
    """(the littlefs block device over the flash image's file system, its layout): stock
    MicroPython's place or the scorekeeper image's."""
    layout = layout_of(data) or STOCK
    return Flash(layout.blocks, buffer=data[layout.offset:]), layout


def table_on(image, folder=DATA + "/table"):
    """The open table as the host reads it from a flash image (or None)."""
    flash, layout = _file_system(bytearray(Path(image).read_bytes()))
    return read(LfsFS(flash, layout.blocks), folder)[0]


def game_hands(image, scratch, share):
    """A typical hand of every game (tools/presses.py), each on a fresh board after opening
    its table; classic goes on for WEAR_HANDS hands, for wear over a whole snapshot period.
    Every recorded hand is read back from the flash and checked against the plan's."""
    out = {}
    for game, (plan, expected) in plans.TYPICAL.items():
        keys = plan.split()
        with Board(image, scratch, game + ".img") as pico:
            _settled(pico, BOOT_QUIET_MS)
            opening = [press(pico, key, share) for key in plans.opening(game)]
            hands = [[press(pico, key, share) for key in keys]
                     for _ in range(WEAR_HANDS if game == "classic" else 1)]
            said = pico.take_serial()
        table = table_on(Path(scratch) / (game + ".img"))
        recorded = [table.entries[i]["record"] for i in range(len(table.entries))] \
            if table is not None else []
        if not recorded and b"MemoryError" in said:
            # Deployed as .mpy a Pico's heap no longer holds every game (docs/boards.md):
            # said so in the table, where the image's figures stand beside it.
            out[game] = {"keys": keys, "out_of_memory": True}
            continue
        if len(recorded) != len(hands) or any(recorded[0].get(k) != v
                                              for k, v in expected.items()):
            raise BenchError("{}: the board recorded {}, the plan is {} ({} hands)".format(
                game, recorded[:1], expected, len(hands)))
        everything = [p for hand in hands for p in hand]
        out[game] = {"keys": keys, "opening": opening, "hand": hands[0],
                     "total": _sum(hands[0]),
                     "per_hand": {k: v / len(hands) for k, v in _sum(everything).items()},
                     "hands": len(hands)}
    return out


# -- journals on the flash, boot -----------------------------------------------------------


def journal_image(base, hands, target):
    """Copy `base` to `target` with a classic table of `hands` hands (bench_boot.hand) in its
    /data, written by the firmware's own journal through littlefs-python with rp2's
    geometry, hand after hand as the board appends them. Stops where the flash is full.
    Returns (hands written, littlefs blocks the table took)."""
    data = bytearray(Path(base).read_bytes())
    flash, layout = _file_system(data)
    fs = LfsFS(flash, layout.blocks)
    used = fs.lfs.used_block_count
    table = Journal(fs, DATA).open_table("ddz", 3, profile="classic", names=["A", "B", "C"])
    written = 0
    try:
        for i in range(hands):
            table.record(bench_boot.hand(i))
            written += 1
    except StorageFull:
        pass  # the flash is full: this is the largest table that fits
    blocks = fs.lfs.used_block_count - used
    data[layout.offset:] = flash.buffer
    Path(target).write_bytes(data)
    return written, blocks


def _lit(state):
    return state["display"]["backlight"]


def lit_slice(image, scratch):
    """When the first boot of `image` lit the backlight: the start, in emulated nanoseconds,
    of the COARSE_MS slice it came on in."""
    with Board(image, scratch) as pico:
        before = 0.0
        state = pico.state()
        while not _lit(state):
            before = state["nanos"]
            if before > BOOT_LIMIT_MS * 1e6:
                raise BenchError("no picture {} ms after power on".format(BOOT_LIMIT_MS))
            state = pico.run(COARSE_MS)
    return before


def replay_to_light(pico, before):
    """Boot the just powered `pico` again up to the instant the backlight comes on, FINE_MS at
    a time through the slice lit_slice() found; its state there."""
    state = pico.run(before / 1e6)
    steps = 0
    while not _lit(state):
        steps += 1
        if steps * FINE_MS > 2 * COARSE_MS:
            raise BenchError("the second boot did not light the backlight where the "
                             "first did: the emulated chip did not repeat itself")
        state = pico.run(FINE_MS)
    return state


def first_frame(image, scratch):
    """Cycles from power on until the backlight comes on (the driver lights it once the
    first whole picture is sent), split into asleep, waiting for SPI and compute.

    The board is watched in COARSE_MS slices to find the slice the backlight came on in, then
    booted again (the same cycles: the chip is deterministic) and stopped FINE_MS at a time
    through that slice. The replayed board then answers, over its REPL, how much of its heap
    the boot left free."""
    before = lit_slice(image, scratch)
    with Board(image, scratch) as pico:
        state = replay_to_light(pico, before)
        out = {"cycles": state["cycles"], "active": state["active"],
               "spi_wait": state["spiWait"], "spi_bytes": state["spiBytes"],
               "asleep": state["cycles"] - state["active"],
               "compute": state["active"] - state["spiWait"],
               "resolution": round(FINE_MS * state["clkSys"] / 1000)}
        _settled(pico, BOOT_QUIET_MS)
        repl.enter_raw(pico)
        # The first line the REPL runs reads the heap as the app left it: nothing collected
        # since boot. Then a collection frees the app too (nothing holds it after Ctrl-C).
        raw, gone = repl.run(pico, "import gc\nprint(gc.mem_free())\ngc.collect()\n"
                                   "print(gc.mem_free())").split()
        out["free_raw"], out["free_no_app"] = int(raw), int(gone)
        return out


# -- memory --------------------------------------------------------------------------------


def _mem_info(text):
    """(heap bytes, free bytes, largest free block in bytes) from micropython.mem_info()."""
    heap = re.search(r"GC: total: (\d+), used: \d+, free: (\d+)", text)
    block = re.search(r"max free sz: (\d+)", text)
    if not heap or not block:
        raise BenchError("micropython.mem_info() said: " + text)
    return int(heap.group(1)), int(heap.group(2)), int(block.group(1)) * BLOCK


def _wait_done(pico, limit_ms=30_000):
    """With the sampler running the CPU is never idle: a press is over once the board has
    sent nothing and written nothing for DONE_MS."""
    last, quiet, waited = None, 0, 0
    while quiet < DONE_MS:
        if waited >= limit_ms:
            raise BenchError("a press still had the board busy after {} ms".format(limit_ms))
        state = pico.run(POLL_MS)
        waited += POLL_MS
        now = (state["spiBytes"], state["erases"], state["programs"])
        quiet = quiet + POLL_MS if now == last else 0
        last = now


def memory(image, scratch, keys):
    """The heap of a board booted with HOOK as /boot.py: after boot and a collection, the
    app kept; the lowest gc.mem_free() a soft timer reads every SAMPLE_MS through a hand
    (`keys`; none: no hand); after the hand and a collection; the app's own objects."""
    flash = Path(scratch) / "hooked.img"
    shutil.copyfile(image, flash)
    with FlashFS(flash) as fs:
        fs.write("/boot.py", HOOK.encode())
    out = {}
    with Board(flash, scratch) as pico:
        _settled(pico, BOOT_QUIET_MS)
        repl.enter_raw(pico)
        said = repl.run(pico, "import gc, micropython\nbench_app = bench_kept[0].app\n"
                              "print(bench_app.table.hands_played())\ngc.collect()\n"
                              "micropython.mem_info()")
        out["hands"] = int(said.split()[0])
        out["heap"], out["free"], out["largest"] = _mem_info(said)
        if keys:
            repl.start(pico, "import board, machine, ui.app\n"
                             "bench_low[0] = gc.mem_free()\n"
                             "bench_low[1] = 0\n"
                             "bench_timer = machine.Timer(period={}, callback=bench_sample, "
                             "hard=False)\n"
                             "ui.app.loop(board, bench_kept[0])".format(SAMPLE_MS))
            for key in keys:
                pico.button(KEY_BUTTONS[key], True)
                pico.run(LONG_MS if key == "MENU" else HOLD_MS)
                pico.button(KEY_BUTTONS[key], False)
                _wait_done(pico)
            repl.enter_raw(pico)
            said = repl.run(pico, "bench_timer.deinit()\nprint(*bench_low)\n"
                                  "print(bench_app.table.hands_played())\ngc.collect()\n"
                                  "micropython.mem_info()")
            lowest, readings, hands = (int(n) for n in said.split()[:3])
            if hands != out["hands"] + 1:
                raise BenchError("the hand was not recorded: {} hands, then {}".format(
                    out["hands"], hands))
            _heap, free, largest = _mem_info(said)
            out["hand"] = {"lowest": lowest, "readings": readings, "free": free,
                           "largest": largest}
        said = repl.run(pico, "bench_kept.clear()\nbench_app = None\ngc.collect()\n"
                              "print(gc.mem_free())")
        out["app"] = int(said) - (out["hand"]["free"] if keys else out["free"])
        out["free_no_app"] = int(said)
    return out


# -- all of it -----------------------------------------------------------------------------


def boot_figures(base, scratch, hands, hand_keys):
    """Boot to the first frame and the memory figures with a table of `hands` hands (as many
    as fit); the classic hand `hand_keys` is played for the memory figures if they fit."""
    image = Path(scratch) / "journal-{}.img".format(hands)
    written, blocks = journal_image(base, hands, image)
    boot = first_frame(image, scratch)
    boot.update(requested=hands, hands=written, blocks=blocks)
    boot["memory"] = memory(image, scratch, hand_keys if written == hands else [])
    if boot["memory"]["hands"] != written:
        raise BenchError("the board booted {} hands of the {} on its flash".format(
            boot["memory"]["hands"], written))
    return boot


def _progress(what, since):
    print("bench_pico: {} in {:.0f} s".format(what, time.monotonic() - since), file=sys.stderr,
          flush=True)
    return time.monotonic()


def measure(firmware=None, image=False):
    """Every Pico figure, as benchmarks.json keeps them. firmware: a pinned MicroPython
    version or a UF2 file (None: the newest that can be had), the scorekeeper deployed onto
    it; image: the scorekeeper's own image instead (tools.firmware, the Display Pack's),
    flashed onto an erased Pico. Prints its progress (wall time) on stderr."""
    started = mark = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-pico-") as scratch:
        if image:
            from tools.firmware.build import build

            uf2 = build("pico_display_pack")
            base = flashed(uf2, Path(scratch) / "base.img")
            mark = _progress("the image flashed", mark)
        else:
            uf2 = images.find(firmware)
            base = fresh_image(uf2)  # deploys once per (image, firmware): some 20 s
            mark = _progress("the image deployed", mark)
        figures = {"image": image_info(uf2), "frozen": image}
        if image:
            figures["image"].update(version="1.28.0 + the scorekeeper", origin="tools.firmware",
                                    note="the scorekeeper, its board file and font frozen in")
        idle, presses, clocks = evening(base, scratch, plans.EVENING)
        figures.update(idle=idle, evening=presses, clock=clocks)
        mark = _progress("a classic evening", mark)
        figures["games"] = game_hands(base, scratch, idle["share"])
        mark = _progress("a hand of every game", mark)
        hand = plans.TYPICAL["classic"][0].split()
        figures["boot"] = {}
        for hands in SIZES:
            figures["boot"][str(hands)] = boot_figures(base, scratch, hands, hand)
            mark = _progress("boot and memory with {} hands".format(hands), mark)
    _progress("all the Pico figures", started)
    return figures


# -- BENCHMARKS.md -------------------------------------------------------------------------

# Winbond W25Q16JV (the Pico's flash) datasheet, AC electrical characteristics, typical:
# sector erase (4 KB) tSE 45 ms, page program tPP 0.4 ms. Maximums: 400 ms and 3 ms.
ERASE_MS, PROGRAM_MS = 45, 0.4


def _row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _n(value):
    return "{:,}".format(round(value))


def _ms(cycles, hz):
    return "{:.1f}".format(cycles * 1000 / hz)


def markdown(p, screens=None):
    """The Pico part of BENCHMARKS.md, as lines. screens: the screen each evening press lands
    on (from the VM's run of the same keys), if known."""
    hz = p["clock"]["clk_sys"]
    spi_hz = p["clock"]["spi_hz"]
    img = p["image"]
    boot = p["boot"]
    first = next(iter(boot.values()))
    lines = ["## On a Raspberry Pi Pico (emulated)", "",
             "**Image:** MicroPython {} ({}), `{}`, sha256 `{}`{}. On the emulated Pico "
             "(tools/pico: rp2040js with a Pico Display Pack), the scorekeeper deployed onto "
             "a fresh flash by `tools.deploy --stock-pico`, the buttons pressed on their GPIO "
             "pins. CPU clock {:.0f} MHz, SPI to the display {:g} MHz (peripheral clock "
             "{:.0f} MHz; the board file asks for 62.5). Cycles are the emulated chip's and "
             "repeat exactly from run to run; ms are at that clock.".format(
                 img["version"], img["origin"], img["file"], img["sha256"],
                 " ({})".format(img["note"]) if img["note"] else "", hz / 1e6, spi_hz / 1e6,
                 p["clock"]["clk_peri"] / 1e6), ""]
    lines += ["**What the emulator cannot see**, so that every figure is a floor:", "",
              "- *Flash wait states and XIP cache misses.* Code in flash runs here as fast "
              "as from RAM. On a board MicroPython's own C code (the VM, framebuf, littlefs) "
              "runs from flash through a 16 KB cache and a miss stalls the CPU; the "
              "scorekeeper's bytecode, loaded from .mpy files, sits in RAM, but the VM that "
              "runs it does not. Compute on a board is higher by an amount this cannot "
              "tell; SPI wait and sleep are not.",
              "- *Erase and program busy time.* The emulated flash is done at once. The "
              "Pico's W25Q16JV takes typically {} ms per 4 KB sector erase and {} ms per "
              "256 B page program (at most 400 ms and 3 ms), the RP2040 waiting with its "
              "interrupts off: add that to each press that writes (the erases and programs "
              "columns).".format(ERASE_MS, PROGRAM_MS),
              "- *Core 1* (the scorekeeper does not use it), the bootrom's own start (the "
              "chip starts at boot2 here), clock jitter.", ""]
    if screens:
        lines += _targets_md(p, screens, hz)
    lines += _evening_md(p, screens, hz)
    if "games" in p:
        lines += _games_md(p["games"], hz)
    lines += ["### Boot to the first frame", "",
              "Cycles from power on until the backlight comes on, which the driver does once "
              "the first whole picture is sent (to within {} cycles), with a classic table "
              "of so many hands on the flash. *Asleep*: the panel's mandated waits (120 ms "
              "after its reset) and the like.".format(_n(first["resolution"])), "",
              _row(["hands", "cycles", "ms", "compute", "SPI wait", "asleep",
                    "journal blocks"]), _row(["---"] * 7)]
    for b in boot.values():
        label = _n(b["hands"]) if b["hands"] == b["requested"] else \
            "{} (full; {} asked)".format(_n(b["hands"]), _n(b["requested"]))
        lines.append(_row([label, _n(b["cycles"]), _ms(b["cycles"], hz), _n(b["compute"]),
                           _n(b["spi_wait"]), _n(b["asleep"]), b["blocks"]]))
    for b in boot.values():
        if b["hands"] < b["requested"]:
            lines += ["", "**{} hands do not fit on a Pico.** rp2's file system is 1,408 KB "
                      "({} blocks of 4 KB) and the firmware takes some of it; a classic "
                      "table takes about {:.0f} blocks per 1,000 hands (a journal segment, "
                      "{} events, is a file with a block of its own, and old segments stay "
                      "while the table is open), so the flash was full at {} hands, and {} "
                      "would need about {} blocks. The board then says the flash is full and "
                      "keeps every hand it has (so no hand is played on it for the memory "
                      "figures).".format(
                          _n(b["requested"]), FS_BLOCKS, b["blocks"] * 1000 / b["hands"],
                          WEAR_HANDS, _n(b["hands"]), _n(b["requested"]),
                          _n(b["blocks"] * b["requested"] / b["hands"]))]
    lines += ["", "### Memory", "",
              "gc.mem_free() and the largest free block (micropython.mem_info()'s \"max free "
              "sz\", 16-byte blocks) of the {}-byte heap, asked over the serial REPL once the "
              "app is stopped with Ctrl-C (method below).".format(
                  _n(first["memory"]["heap"])), "",
              _row(["hands on the flash", "after boot", "after boot, collected",
                    "largest block", "lowest in a hand", "after the hand, collected",
                    "largest block", "the app's objects"]), _row(["---"] * 8)]
    for b in boot.values():
        m = b["memory"]
        h = m.get("hand")
        lines.append(_row([_n(b["hands"]), _n(b["free_raw"]), _n(m["free"]), _n(m["largest"]),
                           _n(h["lowest"]) if h else "–", _n(h["free"]) if h else "–",
                           _n(h["largest"]) if h else "–", _n(m["app"])]))
    lines += [""] + _method_md(p)
    return lines


# Issue 13's press targets, by what a press does: (name, ms, keys, screens it lands on). A
# cursor move, a bomb (and its undo) and a result cycle stay on their screen.
SMALL_PRESSES = (
    ("a cursor move", 10, ("NEXT", "PREV"), ("TableScreen", "BidScreen", "TableMenu")),
    ("a bomb or its undo", 10, ("NEXT", "PREV", "BACK"), ("PlayScreen",)),
    ("a result cycle", 10, ("NEXT", "PREV"), ("Preview",)),
)
ANY_PRESS_MS = 30
BOOT_MS = 300
HEAP_AFTER_BOOT = 150 * 1024
SPI_HZ = 62_500_000


def _worst(evening, screens, keys, landing):
    picked = [e["cycles"] for e, s in zip(evening, screens) if e["key"] in keys and s in landing]
    return max(picked) if picked else None


def _targets_md(p, screens, hz):
    """Issue 13's targets on the Pico, each with what was measured."""
    return _targets_table(p, screens, hz, "### Targets (issue 13)", BOOT_MS,
                          HEAP_AFTER_BOOT) + TARGET_NOTES + [""]


def _targets_table(p, screens, hz, title, boot_ms, heap_after_boot, boot_hands=None):
    """The targets' table; the boot's row at `boot_hands` hands where they were measured,
    else at the largest table measured."""
    evening = p["evening"]
    rows = []
    for name, ms, keys, landing in SMALL_PRESSES:
        worst = _worst(evening, screens, keys, landing)
        if worst is not None:
            rows.append((name + ", at most", "≤ {} ms".format(ms), _ms(worst, hz) + " ms",
                         worst * 1000 / hz <= ms))
    slowest = max(e["cycles"] for e in evening)
    rows.append(("every press, at most", "≤ {} ms".format(ANY_PRESS_MS),
                 _ms(slowest, hz) + " ms", slowest * 1000 / hz <= ANY_PRESS_MS))
    boots = list(p["boot"].values())
    boot = p["boot"].get(str(boot_hands)) or max(boots, key=lambda b: b["hands"])
    rows.append(("boot to the first frame, {} hands".format(_n(boot["hands"])),
                 "≤ {} ms".format(boot_ms), _ms(boot["cycles"], hz) + " ms",
                 boot["cycles"] * 1000 / hz <= boot_ms))
    free = min(b["memory"]["free"] for b in boots)
    rows.append(("heap free after boot, collected", "≥ {} KB".format(heap_after_boot // 1024),
                 _n(free) + " B", free >= heap_after_boot))
    spi = p["clock"]["spi_hz"]
    rows.append(("the display's SPI clock", "{:g} MHz".format(SPI_HZ / 1e6),
                 "{:g} MHz".format(spi / 1e6), spi >= SPI_HZ))
    lines = [title, "", _row(["what", "target", "measured", "met"]), _row(["---"] * 4)]
    lines += [_row([a, b, c, "yes" if ok else "**no**"]) for a, b, c, ok in rows]
    return lines + [""]


# What dominates each target that is not met, measured: tools/pico/profile.py counts where
# the CPU is in each press, tools/frozen_ram.py times and weighs every import. Prose, so it
# says "about": regenerate these figures by hand when the firmware changes much.
TARGET_NOTES = [
    "- **Presses.** Text is drawn by ui/ink.py's machine code (Thumb, deployed to the RP2040 "
    "boards only): about 4,000 cycles a glyph where framebuf.blit took 33,000. What is left "
    "over 10 ms is the interpreter running the painter, the screens and the core "
    "(`python -m tools.pico.profile --stock 1.28.0` names the C functions of each press): a "
    "cursor move on the table screen is mostly the painter sending its four full-width "
    "strips (each send some 33,000 cycles of window set-up from Python) and working out what "
    "changed; a bomb "
    "is the play screen's draw (about 1 M cycles, half of it the core's preview of the hand) "
    "and the painter's diff (about 0.6 M, a quarter of it measuring text widths); a result "
    "cycle the diff (about 1.1 M) and the preview's lines (about 1.3 M: the core and the "
    "strings). A screen change over 30 ms also reads or writes the journal (opening a "
    "table, confirming a hand) or works out the history, and every new string is first "
    "looked up among the interned ones, a linear walk of the names the .mpy files loaded "
    "(up to 1.6 M cycles a press): frozen, that walk is a binary search. The slowest "
    "presses are the first of their kind: the hand-entry screens, the result's "
    "breakdown and the menu are imported when first used (the first hand's first press "
    "imports some 9 M cycles of them, the menu's first opening 7 M), which boot used to pay "
    "and a lean app must be able to let go; a frozen import costs a fraction of it.",
    "- **Boot** is loading the modules, not the journal (its cost is the same at 10 and at "
    "2,451 hands) nor the panel: some 25 .mpy files at 10-60 ms each (`python -m "
    "tools.frozen_ram`). Each import looks the name up on littlefs as a folder, a .py and a "
    ".mpy before it opens and reads the file (2-5 ms a lookup: littlefs checks a folder's "
    "metadata on every lookup), then interns its names (the linear walk again: the words "
    "module alone takes about 60 ms), then runs its body; the board file, kept as source so "
    "that its pins can be edited on the board, is compiled there (about 30 ms). A frozen "
    "build (manifest.py) skips the file system and the walk: that is the way to a 0.3 s "
    "boot.",
    "- **Heap after boot** is the bytecode of what the table screen needs (core, painter, "
    "font reader, table screen, one language's words, driver), the interned names (about "
    "16 KB) and the display's two DMA strips (2 × 7,680 B); every module only a hand or a "
    "menu needs is imported when first used. Frozen, bytecode and names stay in flash.",
    "- **A small heap** (not in the table: `host_tests/test_pico_heap.py`). With part of the "
    "Pico's heap taken before main.py runs, the app is lean (docs/boards.md, Memory: one "
    "display strip, 64 glyphs kept, the screens' modules let go between hands, room held "
    "for the journal's file): a 1,000-hand evening of every game runs in 136 KB (classic "
    "and 保皇 needed 160 KB before, 升级 224 KB): the peak is an amend from the history, "
    "with the history's, the hand's and the hand-entry screens' bytecode loaded at once. "
    "The scorekeeper's image (below), its bytecode in flash, plays the same evenings in "
    "64 KB (they run in 60 KB), keeping the screens' modules it imported.",
]


# What is left over the image's targets, measured with ticks_us marks and
# tools.pico.profile on the emulated Pico. Prose, so it says "about": regenerate these figures
# by hand when the firmware changes much.
IMAGE_NOTES = [
    "- **Presses on the image.** Text is measured and drawn by machine code (ui/lines.py, "
    "ui/ink.py): a "
    "line's width from its code points and the font's list of glyphs that break the 8/16 px "
    "rule (viper, ~500 cycles a character where the Python walk took ~10,000), a line's "
    "glyphs found in the font where it lies in flash and drawn in one call (viper walking and "
    "searching, the assembler drawing, at any scale, cut to the strip): a glyph drawn for the "
    "first time costs what any other does, nothing is read into RAM. The painter compares "
    "a frame op by op with "
    "the one on the screen where both have as many ops (most presses), and a redrawn row's "
    "selection bar is the strip's DMA fill. Python's call frames are on the image's own "
    "pystack (ports/rp2/boards/SCOREKEEPER_PICO): stock MicroPython takes the frame of "
    "most of the app's functions from the heap, a first-fit scan of the allocation table "
    "each, which was 20-35% of every press; the allocator is now under 4% of one. The "
    "interpreter is built for speed where a press spends its time (the name-lookup cache at "
    "1,024 entries, its hot C files at -O2: docs/boards.md), some 4% of every press, and a "
    "strip's window is set and its DMA started by machine code (drivers/st7789_rp2.py), "
    "~0.1 ms a send less than from Python. What is left is the interpreter running the "
    "app: a bomb is the core's preview of the hand (about 1.8 ms: the record completed, "
    "checked and scored), the play screen's lines (about 1 ms), the painter's bookkeeping of "
    "what changed (about 1.5 ms) and its boxes redrawn and sent (two boxes, the stake line's "
    "joined to the factors' line below it), and the draft kept (about 1.2 ms: its JSON and "
    "copy, then a write and a flush of /data/hand.json, which the board keeps open while a "
    "hand is entered: opened, written and closed at each press it took 2.0 ms, littlefs "
    "finding the file by its path through each folder's metadata log); a result cycle the "
    "core's preview of the new outcome and its breakdown (about 2.7 ms the first time an "
    "outcome is shown: a few strings made cost ~0.1 ms each) and the painter. A sixth of "
    "every press is MicroPython's dictionary lookups (attributes, globals: `mp_map_lookup` "
    "and the division of its hash), so press figures move by a few hundred microseconds "
    "with the "
    "layout of an object's attributes alone. Opening a table "
    "is the journal (about 9 ms: the table's folder and first segment made, its opening "
    "line encoded), the new screen's lines and hint line, and a whole frame sent (8.3 ms of "
    "bus).",
    "- **Boot on the image** with 2,000 hands: the board file (about 17 ms), one "
    "gc.mem_free() (11), importing the app (27), the snapshot and the segment after it "
    "(about 20: ~6.5 ms a file opened in a folder of 200 files), replaying the events "
    "after the snapshot (about 4.5 ms a hand: parsing its line, scoring it), and the first "
    "frame (about 25: the table screen's lines, the painter, a whole frame sent). The "
    "folder's listing and the snapshot's checks wait until after the first frame.",
]


# Issue 21's targets for the scorekeeper's own image: the press targets as issue 13's, the
# boot with 2,000 hands on the flash.
IMAGE_BOOT_MS = 200
IMAGE_BOOT_HANDS = 2000
IMAGE_HEAP_AFTER_BOOT = 180 * 1024


def _side_by_side(deployed, image, screens, hz):
    """Rows (what, deployed, image) of the figures both ways measure."""
    def boot_row(size):
        a, b = deployed["boot"][size], image["boot"][size]
        return ("boot to the first frame, {} hands".format(_n(int(size))),
                _ms(a["cycles"], hz) + " ms", _ms(b["cycles"], hz) + " ms")

    rows = [boot_row(size) for size in ("10", "1000", str(IMAGE_BOOT_HANDS))
            if size in deployed["boot"] and size in image["boot"]]
    full = [max(p["boot"].values(), key=lambda b: b["hands"]) for p in (deployed, image)]
    rows.append(("boot to the first frame, a full flash (hands)",
                 "{} ms ({})".format(_ms(full[0]["cycles"], hz), _n(full[0]["hands"])),
                 "{} ms ({})".format(_ms(full[1]["cycles"], hz), _n(full[1]["hands"]))))
    rows.append(("the largest classic table the flash holds (hands)",
                 _n(full[0]["hands"]), _n(full[1]["hands"])))
    for what, key in (("heap free after boot, collected", "free"),
                      ("its largest free block", "largest")):
        rows.append((what, _n(deployed["boot"]["10"]["memory"][key]) + " B",
                     _n(image["boot"]["10"]["memory"][key]) + " B"))
    lows = [p["boot"]["10"]["memory"].get("hand", {}).get("lowest") for p in (deployed, image)]
    if None not in lows:
        rows.append(("heap free at its lowest in a hand", _n(lows[0]) + " B", _n(lows[1]) + " B"))
    for what, (_, _, keys, landing) in zip(("a cursor move", "a bomb or its undo",
                                            "a result cycle"), SMALL_PRESSES):
        worst = [_worst(p["evening"], screens, keys, landing) for p in (deployed, image)]
        if None not in worst:
            rows.append((what + ", at most", _ms(worst[0], hz) + " ms",
                         _ms(worst[1], hz) + " ms"))
    slowest = [max(e["cycles"] for e in p["evening"]) for p in (deployed, image)]
    rows.append(("the slowest press of the evening", _ms(slowest[0], hz) + " ms",
                 _ms(slowest[1], hz) + " ms"))
    total = [sum(e["cycles"] for e in p["evening"]) for p in (deployed, image)]
    rows.append(("the whole evening's presses ({})".format(len(deployed["evening"])),
                 _n(total[0]) + " cycles", _n(total[1]) + " cycles"))
    hands = [p["games"]["classic"]["per_hand"] for p in (deployed, image)]
    rows.append(("a classic hand in a row (press cycles)", _n(round(hands[0]["cycles"])),
                 _n(round(hands[1]["cycles"]))))
    rows.append(("its erases and page programs", "{:.2f} + {:.2f}".format(
        hands[0]["erases"], hands[0]["programs"]), "{:.2f} + {:.2f}".format(
        hands[1]["erases"], hands[1]["programs"])))
    return rows


def image_markdown(deployed, image, screens=None):
    """The section of BENCHMARKS.md on the scorekeeper's own image, beside the deployed .mpy
    files of the section before it, as lines."""
    hz = image["clock"]["clk_sys"]
    img = image["image"]
    lines = ["## The scorekeeper's image on a Pico (emulated)", "",
             "**Image:** `{}`, sha256 `{}`: MicroPython v1.28.0 with the scorekeeper, the "
             "Display Pack's board file and the font frozen in (`python -m tools.firmware "
             "--board pico_display_pack`), flashed onto an erased Pico: nothing deployed. "
             "The same emulated board, presses and methods as above.".format(
                 img["file"], img["sha256"]), "",
             "**What the emulator cannot see, besides the above:** frozen bytecode and the "
             "font are read from flash through the XIP cache, the scorekeeper's own code "
             "included now, where deployed bytecode sits in RAM: on a board a cache miss "
             "stalls the CPU, which costs the image more than the deployed files. Its "
             "compute figures are floors, further below the truth than the deployed ones.", "",
             "**Boot to the first frame** leaves two things until after it, before the first "
             "key is read (docs/journal.md): the table's folder is listed for a segment out "
             "of its place, which on littlefs costs every segment's entry, and the newest "
             "snapshot is checked against the first segment and the one it names (two files "
             "opened): neither is in the boot figures.", ""]
    if screens:
        lines += _targets_table(image, screens, hz, "### Targets (issue 21), on the image",
                                IMAGE_BOOT_MS, IMAGE_HEAP_AFTER_BOOT, IMAGE_BOOT_HANDS)
        lines += IMAGE_NOTES + [""]
        lines += ["### Deployed and frozen, side by side", "",
                  _row(["what", "deployed .mpy", "the image"]), _row(["---"] * 3)]
        lines += [_row(list(r)) for r in _side_by_side(deployed, image, screens, hz)]
        lines.append("")
    lines += _evening_md(image, screens, hz)
    return lines


def _evening_md(p, screens, hz):
    evening = p["evening"]
    idle = p["idle"]
    head = ["key"] + (["lands on"] if screens else []) + [
        "cycles", "ms", "bus floor, ms", "compute", "SPI wait", "SPI bytes", "erases",
        "programs"]
    spi = p["clock"]["spi_hz"]
    lines = ["### Each key press of a classic evening", "",
             "From a new board: open a table, a hand with a bomb, a rocket and an undo, the "
             "result and its confirmation, the history and a past hand, the settlement (the "
             "VM's table below has the same presses). *Cycles*: what the press made the CPU "
             "execute; *SPI wait*: the cycles SPI was shifting (the display driver sends a strip "
             "by DMA while the CPU draws the next, so these overlap the CPU's work: at most "
             "what waiting for SPI cost); *compute*: the rest. *Bus floor*: the time the "
             "press's SPI bytes take on the bus alone, the least any press that sends them "
             "can cost (a whole 240x135 frame, 64,910 bytes, is 8.3 ms at 62.5 MHz).", "",
             _row(head), _row(["---"] * len(head))]
    for i, e in enumerate(evening):
        lines.append(_row([e["key"]] + ([screens[i]] if screens else []) + [
            _n(e["cycles"]), _ms(e["cycles"], hz), "{:.1f}".format(e["spi_bytes"] * 8e3 / spi),
            _n(e["compute"]), _n(e["spi_wait"]), _n(e["spi_bytes"]), e["erases"],
            e["programs"]]))
    worst = max(evening, key=lambda e: e["cycles"])
    return lines + [
        "", "Idle, the board polls its buttons every {} ms: {} cycles a poll, {:.2%} of the "
        "CPU (the idle board watched for {:,} ms). The slowest press is {} cycles, {} ms; "
        "a finger waits up to one poll more for the poll that sees it.".format(
            POLL_MS, _n(idle["per_poll"]), idle["share"], idle["ms"], _n(worst["cycles"]),
            _ms(worst["cycles"], hz)), ""]


def _games_md(games, hz):
    lines = ["### A hand of every game", "",
             "The typical hand of each game (tools/presses.py), from its table screen back "
             "to it, on a new table of its own; each recorded hand is read back from the "
             "flash and checked against the plan. *Opening*: the press that opens the table "
             "(保皇 and 升级 load their rules and screens then).", "",
             _row(["hand", "presses", "cycles", "ms", "compute", "SPI wait", "SPI bytes",
                   "erases", "programs", "opening, cycles"]), _row(["---"] * 10)]
    for game, g in games.items():
        if g.get("out_of_memory"):
            lines.append(_row([game, len(g["keys"]), "out of memory"] + ["–"] * 7))
            continue
        t = g["total"]
        lines.append(_row([game, t["presses"], _n(t["cycles"]), _ms(t["cycles"], hz),
                           _n(t["compute"]), _n(t["spi_wait"]), _n(t["spi_bytes"]),
                           t["erases"], t["programs"], _n(g["opening"][-1]["cycles"])]))
    c = games["classic"]
    per = c["per_hand"]
    return lines + [
        "", "A table's first hands are nearly free on the flash (the first events of a "
        "journal segment fit in littlefs's metadata). Over {} classic hands in a row, one "
        "journal snapshot: per hand {} cycles ({} ms), {} SPI bytes, {:.2f} sector erases "
        "and {:.2f} page programs, which on a board add about {:.0f} ms of flash busy time "
        "(the typical figures above).".format(
            c["hands"], _n(per["cycles"]), _ms(per["cycles"], hz), _n(per["spi_bytes"]),
            per["erases"], per["programs"],
            per["erases"] * ERASE_MS + per["programs"] * PROGRAM_MS), ""]


def _method_md(p):
    idle = p["idle"]
    first = next(iter(p["boot"].values()))
    spi = p["clock"]["spi_hz"]
    return [
        "### How the Pico figures are measured", "",
        "- **A key press** costs the cycles the CPU executed from the button's first edge "
        "until the board has been quiet for {} ms (no SPI byte, no flash operation, the CPU "
        "asleep), less what polling executes in as long a time on the idle board. So the "
        "window holds the whole press wherever its key fires: X and Y on the press, A and B "
        "on the release (they have a long press), MENU while A is held ({} ms; a short "
        "press is held {} ms). The subtraction is exact to within about one poll ({} "
        "cycles): while the board is busy, polls it would have made wait.".format(
            QUIET_MS, LONG_MS, HOLD_MS, _n(idle["per_poll"])),
        "- **Compute and SPI wait.** The emulated SPI shifts each byte in 8 clocks of its "
        "rate and counts the cycles it is shifting. The display driver starts each strip's "
        "DMA and draws the next strip meanwhile, waiting (spinning) only for what is left "
        "of the last one, so those cycles overlap the CPU's work: an upper bound of the "
        "wait, and compute, the rest, a lower bound{}.".format(
            "" if spi >= 62.5e6 else "; at the 62.5 MHz the board file asks for, the wait "
            "would be {:.0%} of this".format(spi / 62.5e6)),
        "- **Boot.** Each table is written on the host by the firmware's own journal "
        "through littlefs-python with rp2's geometry (offset 0xA0000, {} blocks of 4 KB, "
        "read 32, program 256, lookahead 32), hand after hand as the board appends them, "
        "into the deployed flash image. The board is watched {} ms at a time until the "
        "backlight is on, then booted again, the same cycles, and stopped every {} ms "
        "through the last slice. The memory boots check that the board booted every "
        "hand.".format(FS_BLOCKS, COARSE_MS, FINE_MS),
        "- **Memory.** *After boot*: that boot, stopped with Ctrl-C once quiet; the first "
        "line its REPL runs reads gc.mem_free(), nothing collected since boot. A collection "
        "there would free the app too (nothing holds it after Ctrl-C: {} bytes free), so "
        "the other columns come from another boot of the same flash with a /boot.py of a "
        "few lines (HOOK in tools/bench_pico.py) that keeps the Device ui.launch starts; "
        "the hook and the REPL's names hold {} bytes, which those columns read low. "
        "*Lowest in a hand*: from the collected heap, the classic hand OK OK NEXT OK OK, the "
        "app's own loop resumed from "
        "the REPL and a soft timer reading gc.mem_free() every {} ms (a reading takes "
        "~8.5 ms: the app runs slower, and allocates the same). A collection runs only when "
        "an allocation finds no room, so a lowest well above zero means none ran. *The "
        "app's objects*: what a collection frees once the Device is let go (the table and "
        "its journal, the screens, the painter and its caches).".format(
            _n(first["free_no_app"]), _n(first["free_no_app"] - first["memory"]["free_no_app"]),
            SAMPLE_MS), ""]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    firmware = args[args.index("--firmware") + 1] if "--firmware" in args else None
    try:
        figures = measure(firmware)
    except (images.ImageError, DeployFailed, BenchError) as exc:
        print("python -m tools.bench_pico: {}".format(exc), file=sys.stderr)
        return 2
    print(json.dumps(figures, indent=1, ensure_ascii=False))
    print("\n".join(markdown(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
