"""A serial port on a Linux pseudo-terminal, for boards that exist only on this machine (the
virtual board, the emulated Pico): mpremote opens the slave side as it opens /dev/ttyACM0."""

import os
import select
import time
import tty


def open_port() -> tuple[int, int, str]:
    """(master fd, slave fd, the slave's path): raw, so no echo and no line discipline."""
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    return master, slave, os.ttyname(slave)


def send(master: int, data: bytes, patience_s: float = 2) -> None:
    """Write to the host; when nobody reads the port, drop the rest after a while, as a
    board's USB does."""
    deadline = time.monotonic() + patience_s
    while data:
        try:
            data = data[os.write(master, data):]
        except BlockingIOError:
            if time.monotonic() > deadline:
                return
            select.select([], [master], [], 0.05)


def receive(master: int) -> bytes:
    """What the host wrote, b"" if nothing (or it closed the port: a host may reopen it)."""
    try:
        return os.read(master, 4096)
    except (BlockingIOError, OSError):
        return b""
