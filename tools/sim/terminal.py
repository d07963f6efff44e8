"""The simulator in a terminal, where there is no display: the board's screen drawn with
Unicode half blocks (▀, the top pixel in the foreground colour and the bottom one in the
background, 24-bit ANSI colour), so one character cell is two pixels; keys from the keyboard.

Keys: a button's letter taps it (a b x y, l m r), the capital letter holds it for a long press;
arrows, Enter / Space, Backspace / Esc and Tab are the logical keys prev/next, ok, back and
menu; q quits (Ctrl+C too). A terminal sends no key-up events, so a held key cannot be a held
button here: that is what the capital letters are for.
"""

import os
import select
import shutil
import sys
import termios
import tty

from PIL import Image

from tools.sim.live import Live
from tools.sim.screen import screen_image
from tools.sim.vm import Sim

BLOCK = "\u2580"  # ▀ upper half block
_ARROWS = {"A": "prev", "B": "next", "C": "next", "D": "prev"}  # up, down, right, left
_ALT_ON, _ALT_OFF = "\x1b[?1049h\x1b[?25l", "\x1b[0m\x1b[?25h\x1b[?1049l"


def lines(img: Image.Image) -> list[str]:
    """The picture as terminal lines: one line for every two rows of pixels."""
    rgb = img.convert("RGB")
    width, height = rgb.size
    px = rgb.load()
    assert px is not None
    out = []
    for y in range(0, height, 2):
        parts = []
        last = None
        for x in range(width):
            top = px[x, y]
            bottom = px[x, y + 1] if y + 1 < height else (0, 0, 0)
            if (top, bottom) != last:
                parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*top, *bottom))
                last = (top, bottom)
            parts.append(BLOCK)
        parts.append("\x1b[0m")
        out.append("".join(parts))
    return out


def fit(size: tuple[int, int], columns: int, rows: int, footer: int) -> int:
    """The smallest shrink factor that fits the picture (and the footer) in the terminal."""
    width, height = size
    factor = 1
    while factor < 8 and (width // factor > columns
                          or (height // factor + 1) // 2 + footer > rows):
        factor += 1
    return factor


def legend(board: dict) -> list[str]:
    keys = " ".join(b.lower() for b in board["buttons"])
    caps = " ".join(b.upper() for b in board["buttons"])
    return ["{} tap a button · {} long press · arrows prev/next · Enter ok · Backspace back · "
            "Tab menu · q quit".format(keys, caps)]


def _decode(data: str, board: dict, live: Live) -> bool:
    """Act on typed keys; False to quit."""
    names = {b.lower(): b for b in board["buttons"]}
    i = 0
    while i < len(data):
        ch = data[i]
        i += 1
        if ch in ("q", "Q", "\x03", "\x04"):
            return False
        if ch == "\x1b":
            if i < len(data) and data[i] in "[O":
                code = data[i + 1] if i + 1 < len(data) else ""
                i += 2
                if code in _ARROWS:
                    live.logical(_ARROWS[code])
                continue
            live.logical("back")  # Esc alone
        elif ch in ("\r", "\n", " "):
            live.logical("ok")
        elif ch in ("\x7f", "\x08"):
            live.logical("back")
        elif ch == "\t":
            live.logical("menu")
        elif ch.lower() in names:
            live.gesture(names[ch.lower()], "long" if ch.isupper() else "short")
    return True


def run(sim: Sim, status: str = "") -> None:
    """Until q: draw the screen when it changes, act on the keys typed."""
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    live = Live(sim)
    out = sys.stdout
    drawn = -1
    try:
        tty.setcbreak(fd)
        out.write(_ALT_ON)
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                data = os.read(fd, 1024).decode("utf-8", "replace")
                if not _decode(data, sim.board, live):
                    break
            live.update()
            if sim.fb_version != drawn:
                drawn = sim.fb_version
                out.write("\x1b[H" + "\x1b[K\r\n".join(_frame(sim, live, status)) + "\x1b[K\x1b[J")
                out.flush()
    finally:
        out.write(_ALT_OFF)
        out.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _frame(sim: Sim, live: Live, status: str) -> list[str]:
    size = shutil.get_terminal_size((80, 24))
    footer = legend(sim.board) + [status]
    img = screen_image(sim)
    factor = fit(img.size, size.columns, size.lines, len(footer))
    note = ""
    if factor > 1:
        note = "  (1/{} size: a terminal of {}x{} shows every pixel)".format(
            factor, img.width, (img.height + 1) // 2 + len(footer))
        img = img.resize((img.width // factor, img.height // factor), Image.Resampling.BOX)
    last = "  last key: " + live.last if live.last else ""
    return lines(img) + footer[:-1] + [footer[-1] + last + note]

