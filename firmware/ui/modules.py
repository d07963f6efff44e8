"""Modules a small heap lets go of between hands.

Copied as .mpy files (not frozen), every module's bytecode lives in RAM from its import on:
on a Pico that is room to spare, on an ESP32 without PSRAM (about 110 KB of heap) it is most
of it. So the parts that only a screen above the table screen, or a rare moment, needs are
imported where they are used, and on a small heap (App.lean) they are let go of whenever the
table screen is back alone on the stack: dropped from sys.modules and from their package, so
that the collector frees their code once no screen holds it, and the next import reads them
from flash again (a few ms a module). Their interned names stay (MicroPython never frees a
qstr): the next import finds them. A large heap keeps everything, and every press its speed.

The scorekeeper's own image (tools.firmware) keeps them too, lean or not: its bytecode is in
flash, and a module costs the heap only its functions and classes (ui/ddz_entry.py 4.4 KB,
ui/history.py 1.4 KB, most a few hundred bytes, measured on the emulated Pico). Let go and
imported again at every hand, those small pieces were scattered over the heap: a 64 KB heap
had 15 KB free at a classic evening's second hand and not 1.1 KB in one piece for the
journal's file (host_tests/test_pico_heap.py).
"""

import sys

# Never the table screen, the painter, the core's scoring or the journal: those are in use
# at rest. Each of these is imported inside the function that needs it.
ON_DEMAND = (
    "ui.ddz_entry", "ui.baohuang_entry", "ui.shengji_entry", "ui.preview", "ui.table_menu",
    "ui.history", "ui.new_table", "ui.archives", "ui.messages", "core.explain", "core.explain_zh",
    "core.explain_en", "core.settle", "core.titles", "core.journal_boot", "ui.qr_screen",
    "ui.qr_text", "ui.qr", "ui.stats_screen", "core.stats", "core.roster", "ui.free_entry",
    "ui.undo", "ui.settle_screen", "ui.players", "ui.name_entry", "ui.hanzi",
    "core.names",
)

# Entering and explaining a hand: what the settlement's QR code lets go of to find room.
HAND_ENTRY = ("ui.ddz_entry", "ui.baohuang_entry", "ui.shengji_entry", "ui.free_entry",
              "ui.preview", "ui.history", "core.explain", "core.explain_zh", "core.explain_en")

LEAN_GLYPHS = 64  # glyphs a lean app keeps (ui/text.py keeps 96): the table screen's and more


def from_flash():
    """Whether the modules run from the scorekeeper's own image (tools.firmware): their
    bytecode frozen in flash, the font too (ui/text.py reads it from ui.glyphs_frozen)."""
    return "ui.glyphs_frozen" in sys.modules


def let_go(names=ON_DEMAND):
    """Forget the modules `names` that are loaded; returns how many were."""
    dropped = 0
    for name in names:
        if name not in sys.modules:
            continue
        del sys.modules[name]
        package, _, leaf = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and leaf in parent.__dict__:
            delattr(parent, leaf)
        dropped += 1
    return dropped
