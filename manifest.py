# ruff: noqa: F821  (include, package, require: the names manifest files are run with)
# Freeze the scorekeeper into a MicroPython firmware image (bytecode in flash: less RAM, faster
# start). From a MicroPython checkout (1.26 or later), e.g. for a Raspberry Pi Pico:
#
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/repo/manifest.py
#
# Frozen: every module of firmware/core, ui and drivers that a real board runs (package() takes
# all .py files of a folder, or those listed: a new ui module is added to the list below;
# host_tests/test_manifest.py checks that every firmware .py is covered). Not frozen: the
# board file (copy it as /board.py so its pins can be edited on the board), main.py (a frozen
# main.py would run instead of any on the file system) and the data files: a frozen image
# holds only Python modules, so the font ui/glyphs.bin (~260 KB, read a glyph at a time) stays
# on the file system as /ui/glyphs.bin, where ui/text.py looks when its module has no folder
# of its own on the file system.
# `python -m tools.deploy --board NAME` copies board.py, main.py and the font, and also the
# .mpy files, which take precedence over the frozen ones ('' comes before '.frozen' on
# sys.path): on a frozen build copy only /board.py, /main.py and /ui/glyphs.bin (mpremote cp).
# What freezing saves, measured: docs/boards.md, "Frozen build".
# The SSD1306 board also needs micropython-lib's driver: uncomment the require() below, or
# `mpremote mip install ssd1306`.

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules

package("core", base_path="firmware")
# Every ui module but ui/ink.py, RP2040 machine code (inline Thumb assembler): another port's
# build would fail on it, and the firmware draws without it (framebuf.blit). An rp2 build
# may freeze it as well, with: module("ui/ink.py", base_path="firmware")
package("ui", files=("__init__.py", "app.py", "archives.py", "baohuang_entry.py",
                     "ddz_entry.py", "draft.py", "history.py", "input.py", "keys.py", "launch.py",
                     "messages.py", "modules.py", "new_table.py", "paint.py", "preview.py",
                     "qr.py", "qr_screen.py", "qr_text.py", "screen.py", "settle_screen.py",
                     "shengji_entry.py",
                     "stats_screen.py", "strings.py", "table_menu.py", "table_screen.py",
                     "text.py", "words_en.py", "words_zh.py"),
        base_path="firmware")
# The drivers real boards use; drivers/simulated.py and memfs.py serve only the simulator.
package("drivers", files=("__init__.py", "strip.py", "st7789.py", "oled.py", "osfs.py"),
        base_path="firmware")
# require("ssd1306")
