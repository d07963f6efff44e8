# The image's file system at boot. rp2's main.c runs the frozen _boot.py before the user's
# boot.py; this one replaces the port's own, which formats the flash whenever littlefs will
# not mount: on a board that held tables under another layout (a stock MicroPython with the
# scorekeeper deployed) that would erase them without a word. Here only a blank region is
# formatted; anything else is left as it is, and main.py asks the player (scorekeeper_flash).
import scorekeeper_flash

scorekeeper_flash.mount()
del scorekeeper_flash
