"""Retained rendering (ui/paint.py) through the real display drivers, on the MicroPython VM.

After every key press of an evening, on both layouts and in both languages, what the panel
shows is exactly the picture a fresh Painter draws from scratch:
- colour: a model of the panel's RAM, fed by the real ST7789 driver's CASET/RASET/RAMWR
  traffic (only the changed boxes, drawn strip by strip), equals the simulated panel a fresh
  Painter has drawn whole; a cursor move sends under a quarter of a frame;
- mono: the framebuffer (only what changed redrawn, through clipped views) equals a fresh
  one.
Random frames of overlapping lines, bars, right-aligned and big text (edited, reordered,
replaced) check the diffing where screens do not go, and that every changed pixel lies in a
box end() returns.
"""

import json
import random

import pytest

from tools import mpvm
from tools.presses import EVENING

# A fake bus that keeps the panel's RAM as the ST7789 would: CASET/RASET set a window, RAMWR
# data fills it row after row. Columns and rows are the driver's picture coordinates.
_PANEL = r"""
from drivers.st7789 import ST7789

class Pin:
    def __init__(self):
        self.v = 0
    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v

class Panel:
    def __init__(self, w, h, x0, y0):
        self.w, self.h, self.x0, self.y0 = w, h, x0, y0
        self.ram = bytearray(w * h * 2)
        self.dc = Pin()
        self.cmd = None
        self.params = bytearray()
        self.bytes = 0
        self.win = (0, 0, 0, 0)
        self.at = 0
    def write(self, data):
        self.bytes += len(data)
        if self.dc.v == 0:
            self.cmd = data[0]
            self.params = bytearray()
            if self.cmd == 0x2C:
                self.at = 0
            return
        if self.cmd in (0x2A, 0x2B):
            self.params.extend(data)
            if len(self.params) == 4:
                p = self.params
                a, b = p[0] << 8 | p[1], p[2] << 8 | p[3]
                c0, c1, r0, r1 = self.win
                if self.cmd == 0x2A:
                    self.win = (a - self.x0, b - self.x0, r0, r1)
                else:
                    self.win = (c0, c1, a - self.y0, b - self.y0)
        elif self.cmd == 0x2C:
            c0, c1, r0, r1 = self.win
            cols = c1 - c0 + 1
            for i in range(0, len(data), 2):
                k = self.at
                self.at += 1
                x = c0 + k % cols
                y = r0 + k // cols
                o = 2 * (y * self.w + x)
                self.ram[o] = data[i]
                self.ram[o + 1] = data[i + 1]

def panel_display():
    bus = Panel(240, 135, 40, 53)
    d = ST7789(bus, dc=bus.dc, cs=Pin(), rst=None, backlight=None, width=240, height=135,
               offset=(52, 40), rotation=1, invert=True)
    return bus, d
"""

_EVENING = _PANEL + r"""
import json
import board
from drivers.memfs import MemFS
from drivers.simulated import sim_display
from ui import keys
from ui.app import App
from ui.paint import Painter

if LAYOUT == "color240x135":
    bus, display = panel_display()
    shown = bus.ram
else:
    display = board.display
    shown = display.buffer
fs = MemFS({"/data/settings.json": SETTINGS.encode()})
app = App(display, LAYOUT, fs, "/data", board.button_names, board.keymap)
fresh = sim_display(LAYOUT)
painter = Painter(fresh, LAYOUT)
out = []
for name in ["WAKE"] + KEYS:
    sent = bus.bytes if LAYOUT == "color240x135" else 0
    if name != "WAKE":
        app.press(getattr(keys, name))
    app.render()
    screen = app.stack[-1]
    painter.forget()  # a full redraw
    painter.begin()
    screen.draw(painter)
    painter.hints(app.hint_line(screen))
    painter.end()
    sent = bus.bytes - sent if LAYOUT == "color240x135" else 0
    out.append([name, type(screen).__name__, bytes(shown) == bytes(fresh.buffer), sent])
print(json.dumps(out))
"""


# The whole screen: a window for each text row and one for each margin (3 rows on top, 4 below).
FULL_FRAME = 10 * 11 + 240 * 135 * 2
MOVES_ON = ("TableScreen", "BidScreen", "TableMenu")  # where the evening moves a cursor


@pytest.mark.parametrize("layout,board", [("color240x135", "simulated.py"),
                                          ("mono128x64", "simulated_mono.py")])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_frame_of_an_evening_is_what_a_full_redraw_draws(layout, board, lang):
    script = "LAYOUT = {!r}\nKEYS = {!r}\nSETTINGS = {!r}\n".format(
        layout, EVENING, json.dumps({"lang": lang})) + _EVENING
    with open("boards/" + board, "rb") as f:
        source = f.read()
    rows = json.loads(mpvm.run(script, {"board.py": source}, engine="node")
                      .stdout.strip().splitlines()[-1])
    assert len(rows) == len(EVENING) + 1
    if layout == "color240x135":
        # The first frame: everything, no text row cut in two, after the panel's set-up,
        # which goes with the first strip (COLMOD and MADCTL with a byte each, INVON, NORON,
        # DISPON: 7 bytes); then its show() takes the panel out of sleep (SLPOUT, one byte:
        # drivers/st7789.py).
        assert rows[0][3] == 7 + FULL_FRAME + 1
    before = None
    for name, screen, same, sent in rows:
        assert same, "{} -> {}: the panel does not show what a full redraw draws".format(
            name, screen)
        if layout == "color240x135" and screen == before and screen in MOVES_ON:
            # A cursor move sends the two rows (on the table screen the two seats' cells,
            # 32 px tall) whose bar moved, not the screen.
            rows_moved = 2 * (2 if screen == "TableScreen" else 1) * 16 * 240 * 2
            assert 0 < sent <= rows_moved + 200, "{} on {}: {} bytes".format(name, screen,
                                                                          sent)
        before = screen


_RANDOM = r"""
import json
from drivers.simulated import sim_display
from ui.paint import Painter

def draw(p, frame):
    for kind, row, s, x, color, sel in frame:
        if kind == "line":
            p.line(row, s, x, color=color, selected=sel)
        elif kind == "right":
            p.right(row, s, color=color, selected=sel)
        elif kind == "big":
            p.big(row, s, 1 if p.mono else 2, color=color)
        else:
            p.hints(s)

def outside(before, after, boxes):
    # Pixels (RGB565: 2 bytes each) that changed but lie in no box.
    wrong = 0
    for y in range(135):
        for x in range(240):
            o = 2 * (y * 240 + x)
            if before[o] != after[o] or before[o + 1] != after[o + 1]:
                inside = False
                for k in range(0, len(boxes), 4):
                    if (boxes[k] <= x < boxes[k + 2]
                            and boxes[k + 1] <= y < boxes[k + 3]):
                        inside = True
                if not inside:
                    wrong += 1
    return wrong

out = []
for layout in ("color240x135", "mono128x64"):
    shown = sim_display(layout)
    kept = Painter(shown, layout)
    fresh = sim_display(layout)
    full = Painter(fresh, layout)
    for frame in FRAMES[layout]:
        before = bytes(shown.buffer)
        kept.begin()
        draw(kept, frame)
        boxes = kept.end()
        full.forget()
        full.begin()
        draw(full, frame)
        full.end()
        out.append(bytes(shown.buffer) == bytes(fresh.buffer))
        if layout == "color240x135":
            out.append(outside(before, bytes(shown.buffer), boxes) == 0)
print(json.dumps(out))
"""

_WORDS = ["斗地主", "第3手", "+12", "−4", "地主 +24", "春天", "×8", "abc", "龘", "A确认 B返回",
          "1", "庄 甲", "炸弹 2", ""]


def _frames(layout, seed, count=40):
    rng = random.Random(seed)
    rows = 8 if layout == "color240x135" else 4
    colors = [0, 1, 2, 4, 5, 6, 14] if layout == "color240x135" else [0, 1]
    frames = []
    frame = []
    for _ in range(count):
        # Mostly small edits of the last frame, as key presses make; now and then a new one.
        if not frame or rng.random() < 0.15:
            frame = []
            for _ in range(rng.randint(1, 9)):
                frame.append(_op(rng, rows, colors))
        else:
            frame = list(frame)
            for _ in range(rng.randint(1, 3)):
                choice = rng.random()
                if choice < 0.4 and frame:
                    frame[rng.randrange(len(frame))] = _op(rng, rows, colors)
                elif choice < 0.6 and frame:
                    frame.pop(rng.randrange(len(frame)))
                elif choice < 0.75 and len(frame) > 1:
                    i, j = rng.randrange(len(frame)), rng.randrange(len(frame))
                    frame[i], frame[j] = frame[j], frame[i]
                else:
                    frame.insert(rng.randrange(len(frame) + 1), _op(rng, rows, colors))
        frames.append(frame)
    return frames


def _op(rng, rows, colors):
    kind = rng.choice(["line", "line", "right", "big", "hints"])
    row = rng.randrange(rows - (2 if kind == "big" else 0))
    words = rng.choice(_WORDS) + rng.choice(["", " ", "x"])
    return [kind, row, words, rng.choice([0, 4, 37, 100]), rng.choice(colors + [None]),
            rng.random() < 0.3]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_frames_redraw_exactly(seed):
    frames = {layout: _frames(layout, seed) for layout in ("color240x135", "mono128x64")}
    script = "FRAMES = {!r}\n".format(frames) + _RANDOM
    out = json.loads(mpvm.run(script, engine="node").stdout.strip().splitlines()[-1])
    assert all(out), [i for i, ok in enumerate(out) if not ok][:10]


# A display whose heap had no piece for its whole strip takes a shorter one (drivers/strip.py):
# every screen is the same, drawn in more strips.
SHORT_STRIP = ("import drivers.strip\n"
               "drivers.strip._largest_strip = lambda w: bytearray(2 * w * {})\n")


@pytest.mark.parametrize("rows", [8, 1])
def test_a_display_with_a_shorter_strip_shows_the_same_screens(rows):
    from device_vm import keys, run_device

    steps = [("shot", "home")] + keys("o o o") + [("shot", "hand")] + keys("o n o o") + \
        [("shot", "table")] + keys("m") + [("shot", "menu")]
    whole = run_device(steps).shots
    short = run_device(steps, prelude=SHORT_STRIP.format(rows)).shots
    assert short == whole and len(whole) == 4
