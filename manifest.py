# ruff: noqa: F821  (include, package, require: the names manifest files are run with)
# Freeze the scorekeeper into a MicroPython firmware image (bytecode in flash: less RAM, faster
# start). From a MicroPython checkout (1.26 or later), e.g. for a Raspberry Pi Pico:
#
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/repo/manifest.py
#
# Frozen: firmware/core, ui and drivers. Not frozen: the board file (copy it as /board.py so its
# pins can be edited on the board) and main.py (a frozen main.py would run instead of any on the
# file system); `python -m tools.deploy --board NAME` copies both, and the .mpy files it also
# copies take precedence over the frozen ones ('' comes before '.frozen' on sys.path).
# The SSD1306 board also needs micropython-lib's driver: uncomment the require() below, or
# `mpremote mip install ssd1306`.

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules

package("core", base_path="firmware")
package("ui", base_path="firmware")
# The drivers real boards use; drivers/simulated.py and memfs.py serve only the simulator.
package("drivers", files=("__init__.py", "strip.py", "st7789.py", "oled.py", "osfs.py"),
        base_path="firmware")
# require("ssd1306")
