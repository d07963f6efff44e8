# ruff: noqa: F821  (include, require: the names manifest files are run with)
# Freeze the scorekeeper into a stock MicroPython build of any port (bytecode in flash: less RAM,
# faster start), from a MicroPython checkout (1.26 or later), e.g.:
#
#     make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/this/repo/manifest.py
#
# For a Raspberry Pi Pico, `python -m tools.firmware --board NAME` builds the scorekeeper's own
# image instead (ports/rp2/: the font and the board file frozen in as well, its own flash
# layout). What this manifest leaves on the file system: the board file (copy it as
# /board.py), main.py (firmware/main.py, as /main.py) and the font ui/glyphs.bin (as
# /glyphs.bin, where ui/text.py looks when its module is frozen: a folder /ui would shadow the
# frozen ui package, '' coming before '.frozen' on sys.path). Copy just those three with
# mpremote cp: `tools.deploy` also copies the .mpy files, which would load instead of the
# frozen ones. docs/boards.md, "Frozen build", says what it saves.
# The SSD1306 board also needs micropython-lib's driver: uncomment the require() below, or
# `mpremote mip install ssd1306`.

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules
include("ports/manifest_app.py")  # the scorekeeper's modules
# require("ssd1306")
