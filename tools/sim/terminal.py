"""The simulator in a terminal, where there is no display: the board's screen drawn with
Unicode block characters in 24-bit ANSI colour; keys from the keyboard.

The picture fits the terminal it has, and is drawn again when the terminal is resized
(SIGWINCH, or a size found changed):

- a terminal of at least the screen's width in columns and half its height in rows (240×68
  for a 240×135 screen, plus the lines below it) shows every pixel: half blocks (▀, the top
  pixel in the foreground colour, the bottom one in the background), two pixels a cell;
- a smaller one, down to half the screen's width and a quarter of its height in rows
  (120×34), shows every pixel as a braille dot (⣿: 2×4 dots a cell): a cell takes two
  colours, its background its most common one (so a cursor bar stays a solid bar) and its
  dots the pixels nearer the colour most unlike it (a thin stroke stays). Chinese stays
  legible there, every stroke in its place; a picture scaled down to fit (quadrant blocks
  at half the size took the rows two by two) merged the strokes of a 16 px character;
- smaller still, the terminal says how large it needs to be instead of drawing, and takes
  no key but q until it is enlarged.

Keys: a button's letter taps it (a b x y, l m r), the capital letter holds it for a long press;
arrows, Enter / Space, Backspace / Esc and Tab are the logical keys prev/next, ok, back and
menu; q quits (Ctrl+C too). A terminal sends no key-up events, so a held key cannot be a held
button here: that is what the capital letters are for.
"""

import os
import select
import shutil
import signal
import sys
import termios
import tty
import unicodedata
from collections import Counter
from dataclasses import dataclass

from PIL import Image

from tools.sim.live import Live
from tools.sim.screen import screen_image
from tools.sim.vm import Sim

BLOCK = "\u2580"  # ▀ upper half block
BRAILLE = 0x2800  # the blank braille cell; a dot's bit is added to it
# The bit of each dot of a braille cell, by its row (0-3) and column (0-1).
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
_AROUND = (3, 4)  # px beside and above / below a braille cell that tell its background
_ARROWS = {"A": "prev", "B": "next", "C": "next", "D": "prev"}  # up, down, right, left
_ALT_ON, _ALT_OFF = "\x1b[?1049h\x1b[?25l", "\x1b[0m\x1b[?25h\x1b[?1049l"
_CLEAR = "\x1b[2J"


def _pixels(img: Image.Image):
    """The picture's RGB pixels, read as px[x, y], and its width and height."""
    rgb = img.convert("RGB")
    px = rgb.load()
    assert px is not None
    return px, rgb.size[0], rgb.size[1]


def lines(img: Image.Image) -> list[str]:
    """The picture as terminal lines, every pixel: one line for every two rows of pixels,
    one column a pixel."""
    px, width, height = _pixels(img)
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


@dataclass(frozen=True)
class Plan:
    """How the screen is drawn: `kind` "blocks" (half blocks, two pixels a cell) or
    "braille" (eight pixels a cell, as dots), in `columns` × `rows` cells; every pixel
    either way."""

    kind: str
    columns: int
    rows: int


def full_size(size: tuple[int, int]) -> tuple[int, int]:
    """Columns and rows that show every pixel of a picture of `size` in half blocks."""
    return size[0], (size[1] + 1) // 2


def smallest(size: tuple[int, int]) -> tuple[int, int]:
    """Columns and rows of the smallest legible drawing of a picture of `size`: braille."""
    width, height = size
    return -(-width // 2), -(-height // 4)


def plan(size: tuple[int, int], columns: int, rows: int) -> Plan | None:
    """The largest drawing of a picture of `size` that fits `columns` × `rows` cells, or
    None if even braille does not."""
    for kind, (need_columns, need_rows) in (("blocks", full_size(size)),
                                            ("braille", smallest(size))):
        if columns >= need_columns and rows >= need_rows:
            return Plan(kind, need_columns, need_rows)
    return None


def _far(a: tuple, b: tuple) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def braille_lines(img: Image.Image) -> list[str]:
    """The picture as terminal lines of braille cells, every pixel a dot: a cell is 2×4
    pixels in two colours, its background its most common colour (a cursor bar stays a
    solid bar) and its dots the pixels nearer the colour most unlike it (a thin stroke
    stays). One line for every four rows of pixels, one column for every two."""
    px, width, height = _pixels(img)
    out = []
    for top in range(0, height, 4):
        parts = []
        last = None  # (fg, bg) set last; fg None: not set
        for left in range(0, width, 2):
            dots = [(dx, dy, px[left + dx, top + dy]) for dy in range(4) for dx in range(2)
                    if left + dx < width and top + dy < height]
            # The background is what surrounds the cell too (a stroke's crossing fills most
            # of a 2×4 cell, and white dots on white read as a block): of the colours in the
            # cell, the most common around it.
            here = {c for _x, _y, c in dots}
            around = Counter(px[x, y] for y in range(max(0, top - _AROUND[1]),
                                                     min(height, top + 4 + _AROUND[1]))
                             for x in range(max(0, left - _AROUND[0]),
                                            min(width, left + 2 + _AROUND[0])))
            background = max(here, key=lambda c: around[c])
            ink = max(here, key=lambda c: _far(c, background))
            if ink == background:
                if last is None or last[1] != background:
                    parts.append("\x1b[48;2;{};{};{}m".format(*background))
                    last = (last[0] if last else None, background)
                parts.append(" ")
                continue
            bits = 0
            for dx, dy, colour in dots:
                if _far(colour, ink) < _far(colour, background):
                    bits |= _DOTS[dy][dx]
            if last != (ink, background):
                parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*ink, *background))
                last = (ink, background)
            parts.append(chr(BRAILLE + bits))
        parts.append("\x1b[0m")
        out.append("".join(parts))
    return out


def width_of(text: str) -> int:
    """Columns a string takes in a terminal: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def clip(text: str, columns: int) -> str:
    """`text` cut to `columns` (a terminal line must not wrap: that would scroll)."""
    if width_of(text) <= columns:
        return text
    out = ""
    for c in text:
        if width_of(out + c) > columns - 1:
            break
        out += c
    return out + "…"


def wrap(parts: list[str], columns: int, sep: str = " · ") -> list[str]:
    """The parts joined by `sep` into lines of at most `columns`."""
    out = []
    line = ""
    for part in parts:
        joined = line + sep + part if line else part
        if line and width_of(joined) > columns:
            out.append(line)
            line = part
        else:
            line = joined
    if line:
        out.append(line)
    return [clip(s, columns) for s in out]


def legend_parts(board: dict) -> list[str]:
    keys = " ".join(b.lower() for b in board["buttons"])
    caps = " ".join(b.upper() for b in board["buttons"])
    return ["{} tap a button".format(keys), "{} long press".format(caps), "arrows prev/next",
            "Enter ok", "Backspace back", "Tab menu", "q quit"]


def _layout(img: Image.Image, columns: int, rows: int, legend_items: list[str],
            status: str) -> "tuple[Plan | None, list[str], list[str]]":
    """(how the screen is drawn, or None if it does not fit; the legend's lines; the status
    lines) at this terminal size."""
    below = wrap(legend_items, columns)
    tail = wrap([status], columns) if status else []
    fits = plan(img.size, columns, rows - len(below) - len(tail))
    if fits is not None and fits.kind == "braille":
        columns_full, rows_full = _needed(img.size, legend_items, status, full_size(img.size))
        note = "dots: {}×{} draws the pixels solid".format(columns_full, rows_full)
        tail = wrap([status, note] if status else [note], columns)
        fits = plan(img.size, columns, rows - len(below) - len(tail))
    return fits, below, tail


def shows_screen(img: Image.Image, columns: int, rows: int, legend_items: list[str],
                 status: str) -> bool:
    """Whether frame() draws the screen at this size, not the sentence that it is too small:
    a key typed meanwhile would act on a screen nobody sees, so run() drops it."""
    return _layout(img, max(1, columns), max(1, rows), legend_items, status)[0] is not None


def frame(img: Image.Image, columns: int, rows: int, legend_items: list[str],
          status: str) -> list[str]:
    """What the terminal shows: the screen as large as fits above the key legend (wrapped
    to the width) and the status line; every line within `columns`, at most `rows` lines.
    Too small a terminal gets a sentence saying how large it needs to be."""
    columns, rows = max(1, columns), max(1, rows)
    fits, below, tail = _layout(img, columns, rows, legend_items, status)
    if fits is None:
        need = _needed(img.size, legend_items, status, smallest(img.size))
        full = _needed(img.size, legend_items, status, full_size(img.size))
        words = ("The terminal ({}×{}) is too small to show the screen legibly: it needs "
                 "{}×{} at least, {}×{} for every pixel. Enlarge it, or q to quit; until "
                 "then the keys wait (nothing is pressed blind).".format(
                     columns, rows, *need, *full)).split(" ")
        return wrap(words, columns, sep=" ")[:rows]
    picture = lines(img) if fits.kind == "blocks" else braille_lines(img)
    return picture + below + tail


def _needed(size, legend_items, status, picture):
    """The terminal (columns, rows) that shows a `picture` of (columns, rows) cells with the
    legend and the status under it."""
    columns, rows = picture
    return columns, rows + len(wrap(legend_items, columns)) + (
        len(wrap([status], columns)) if status else 0)


def _decode(data: str, board: dict, live: Live, acting: bool = True) -> bool:
    """Act on typed keys; False to quit. Not `acting` (the terminal too small to show the
    screen), every key but quitting is dropped."""
    names = {b.lower(): b for b in board["buttons"]}
    i = 0
    while i < len(data):
        ch = data[i]
        i += 1
        if ch in ("q", "Q", "\x03", "\x04"):
            return False
        if not acting:
            continue
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


def terminal_size() -> tuple[int, int]:
    """The terminal's (columns, rows) now: asked of the terminal itself, so that a resize
    is seen (shutil's answer prefers $COLUMNS and $LINES, which a resize leaves as they
    were)."""
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
    except (OSError, ValueError):
        size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def run(sim: Sim, status: str = "", size=terminal_size) -> None:
    """Until q: draw the screen when it changes or the terminal is resized, act on the keys
    typed. `size()` gives the terminal's (columns, rows)."""
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    live = Live(sim)
    out = sys.stdout
    drawn = None  # (framebuffer version, terminal size, last key) of what is on the screen
    resized = [False]

    def on_resize(*_):
        resized[0] = True

    try:
        previous = signal.signal(signal.SIGWINCH, on_resize)
    except (AttributeError, ValueError):  # no SIGWINCH, or not the main thread: size() sees it
        previous = None
    try:
        tty.setcbreak(fd)
        out.write(_ALT_ON)
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                data = os.read(fd, 1024).decode("utf-8", "replace")
                columns, rows = size()
                acting = shows_screen(screen_image(sim), columns, rows,
                                      legend_parts(sim.board), _status(status, live))
                if not _decode(data, sim.board, live, acting):
                    break
            live.update()
            now = (sim.fb_version, size(), live.last)
            if now != drawn or resized[0]:
                clear = _CLEAR if drawn is None or now[1] != drawn[1] or resized[0] else ""
                resized[0] = False
                drawn = now
                shown = _frame(sim, live, status, *now[1])
                out.write(clear + "\x1b[H" + "\x1b[K\r\n".join(shown) + "\x1b[K\x1b[J")
                out.flush()
    finally:
        if previous is not None:
            signal.signal(signal.SIGWINCH, previous)
        out.write(_ALT_OFF)
        out.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _status(status: str, live: Live) -> str:
    last = "last key: " + live.last if live.last else ""
    return "  ".join(s for s in (status, last) if s)


def _frame(sim: Sim, live: Live, status: str, columns: int, rows: int) -> list[str]:
    return frame(screen_image(sim), columns, rows, legend_parts(sim.board),
                 _status(status, live))
