"""The image's littlefs file system: mounted at boot, formatted only where the flash is blank
or a player asked for it on the screen.

The region is the board definition's (ports/rp2/boards/SCOREKEEPER_PICO/mpconfigboard.h: the
second megabyte of a 2 MB Pico): rp2.Flash() is exactly it. littlefs programs whole 256-byte
pages there, as rp2's own _boot.py mounts it.
"""

import rp2
import vfs

_PAGE = 256
_BLOCK = 4096
_HOLD_MS = 3000  # how long two buttons are held to erase: no brush of a hand does it
_POLL_MS = 50


def mount():
    """Mount the file system at "/". A blank region (a new board, or erased) is formatted
    first; one that holds anything else is left unmounted and unchanged (mounted() tells)."""
    flash = rp2.Flash()
    try:
        vfs.mount(vfs.VfsLfs2(flash, progsize=_PAGE), "/")
    except OSError:
        if blank(flash):
            _format(flash)


def mounted():
    """Is a file system mounted at "/"? Asked of the mount table (vfs.mount() lists it):
    os.statvfs() would count the free blocks too, which on littlefs walks every file, some
    20 ms of a Pico's boot with 2,000 hands on the flash."""
    return any(point == "/" for _fs, point in vfs.mount())


def blank(flash):
    """Is every byte of the region erased (0xFF)? A block at a time, compared in C."""
    erased = b"\xff" * _BLOCK
    block = bytearray(_BLOCK)
    for n in range(flash.ioctl(4, 0)):  # 4: the block count
        flash.readblocks(n, block)
        if block != erased:
            return False
    return True


def _format(flash):
    vfs.VfsLfs2.mkfs(flash, progsize=_PAGE)
    vfs.mount(vfs.VfsLfs2(flash, progsize=_PAGE), "/")


def ask_to_format(board):
    """The flash holds something littlefs cannot mount: say so on the screen and on the serial
    port, keep it until the player holds the first two buttons together, then format and
    return. The bytes stay readable over USB meanwhile (docs/boards.md says how to save them)."""
    import time

    from ui import launch

    first, second = board.button_names[0], board.button_names[1]
    lines = ["The flash holds data this scorekeeper cannot read: tables from another install "
             "(a stock MicroPython)? Nothing was erased.",
             "To keep it, save it over USB first (docs/boards.md).",
             "To erase it and start afresh, hold {} and {} for 3 s.".format(first, second)]
    print("scorekeeper:", " ".join(lines))
    launch.show(board.display, "闪存无法读取", lines)
    buttons = [b.pressed if hasattr(b, "pressed") else b for b in board.buttons[:2]]
    held = 0
    while held < _HOLD_MS:
        time.sleep_ms(_POLL_MS)
        held = held + _POLL_MS if all(b() for b in buttons) else 0
    launch.show(board.display, "正在格式化", ["Erasing the file system..."])
    _format(rp2.Flash())
