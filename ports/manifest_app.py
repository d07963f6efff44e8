# ruff: noqa: F821  (package, module, require: the names manifest files are run with)
# The scorekeeper's modules, as a MicroPython build freezes them: every module of firmware/core,
# ui and drivers that a real board runs. Included by ../manifest.py (the scorekeeper frozen into
# any port's stock build) and by rp2/manifest.py (the scorekeeper's own Pico image).
# package() takes all .py files of a folder, or those listed: a new ui module is added to the
# list below; host_tests/test_manifest.py checks that every firmware .py is covered.

package("core", base_path="../firmware")
# Every ui module but ui/ink.py, RP2040 machine code (inline Thumb assembler): another port's
# build would fail on it, and the firmware draws without it (framebuf.blit). The Pico image
# freezes it as well (rp2/manifest.py).
package("ui", files=("__init__.py", "app.py", "archives.py", "baohuang_entry.py", "ddz_entry.py",
                     "draft.py", "free_entry.py", "hanzi.py", "history.py", "input.py", "keys.py",
                     "launch.py", "messages.py", "modules.py", "name_entry.py", "new_table.py",
                     "paint.py", "players.py", "preview.py", "qr.py", "qr_screen.py", "qr_text.py",
                     "screen.py", "settle_screen.py", "shengji_entry.py", "stats_screen.py",
                     "strings.py", "table_menu.py", "table_screen.py", "text.py", "undo.py",
                     "words_en.py", "words_zh.py"),
        base_path="../firmware")
# The drivers real boards use; drivers/simulated.py and memfs.py serve only the simulator.
package("drivers", files=("__init__.py", "strip.py", "st7789.py", "oled.py", "osfs.py"),
        base_path="../firmware")
