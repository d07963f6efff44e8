# ruff: noqa: F821  (freeze, include, module, require: the names manifest files are run with)
# What the scorekeeper's Pico image freezes, besides what tools.firmware adds per board (the
# board file as board.py, the font as ui/glyphs_frozen.py, micropython-lib's drivers a board
# file imports): everything stock RPI_PICO freezes but its _boot.py, so the REPL of an image
# does what a stock Pico's does; the image's own start-up; the scorekeeper.

# The port's modules/ (rp2.py, _boot_fat.py), not its _boot.py: modules/_boot.py here replaces
# it (it never formats a flash that holds data).
freeze("$(PORT_DIR)/modules", ("rp2.py", "_boot_fat.py"))
include("$(MPY_DIR)/extmod/asyncio")
require("onewire")
require("ds18x20")
require("dht")
require("neopixel")

module("_boot.py", base_path="modules")
module("main.py", base_path="modules")
module("scorekeeper_flash.py", base_path="modules")

include("../manifest_app.py")
module("ui/ink.py", base_path="../../firmware")  # RP2040 machine code: this port only
module("ui/lines.py", base_path="../../firmware")  # the same, never deployed (ui/lines.py)
module("drivers/st7789_rp2.py", base_path="../../firmware")  # the same (its docstring)
