"""The Pico's own drawing paths on the real port (the emulated Pico): the native code
ui/ink.py, and the ST7789 driver with one strip or two.

- ui/ink.py is in the image (and deployed where a board file names mpy_arch) and ui/text.py
  draws with it: each ink pixel a block of the scale, as framebuf draws the glyph (blit, or
  at scale > 1 its rectangles), for glyphs of both widths clipped by the strip above and
  below, and strings the same pixels as ui/text.py draws them without it (line() and the
  Python around it: left of the strip, cut by its edges, kept and not yet kept); a line's
  width measured from the font's WIDTHS is what its glyphs say. (The screens as a whole are
  compared with the VM's, which has no native code, in test_pico_evening.py and the other
  test_pico_*.)
- The driver takes its second DMA strip only where it can be afforded: ui/launch.py says so
  (second_strip) on a Pico's boot, which keeps every module, and not on a small heap (a lean
  app: test_pico_heap); one strip, asked for (strips=1), before second_strip() or where it
  is refused, sends each window with a blocking write and puts on the panel exactly the
  picture two do.
"""

import json

import pytest
from pico_board import boot, boot_image

from tools.pico import repl

pytestmark = pytest.mark.pico

SAME_PIXELS = r"""
import framebuf, json
from array import array
from uctypes import addressof
from ui import text
from ui.ink import glyph, glyphs
print(text._ink is glyph)
job = array("i", (0, 0, 0))
seed = [12345]
def rand(bits):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return seed[0] >> (31 - bits)
def blocks(fb, rows, n, wide, x, y, scale, color):
    # What the glyph should look like: each ink pixel a scale x scale block.
    w = 8 << wide
    for r in range(n):
        bits = rows[r << wide] << 8 | rows[2 * r + 1] if wide else rows[r]
        for c in range(w):
            if bits & (1 << (w - 1 - c)):
                fb.fill_rect(x + c * scale, y + r * scale, scale, scale, color)
buf = bytearray(200 * 30 * 2)
want = bytearray(200 * 30 * 2)
bad = []
for scale in (1, 2, 3, 5):
    for h in (16, 5, 30):
        fb = framebuf.FrameBuffer(buf, 200, h, framebuf.RGB565)
        ref = framebuf.FrameBuffer(want, 200, h, framebuf.RGB565)
        for wide, n in ((1, 14), (0, 12), (1, 16), (0, 1)):
            color = rand(16)
            rows = memoryview(bytes(rand(8) for _ in range(n << wide)))
            x = rand(7) % (200 - (8 << wide) * scale + 1)
            y = rand(7) % (h + n * scale + 10) - n * scale - 5
            ref.fill(0)
            blocks(ref, rows, n, wide, x, y, scale, color)
            fb.fill(0)
            start = -y if y < 0 else 0
            end = min(y + n * scale, h)
            if end > y + start:
                job[0] = addressof(rows)
                job[1] = (((y + start) * 200 + x) | (end - y - start) << 13
                          | start // scale << 20 | (scale - start % scale) << 25)
                job[2] = color | 200 << 16 | scale << 25 | wide << 28
                glyphs(fb, job, 1)
            if buf != want:
                bad.append([scale, h, wide, n, x, y])
for scale in (1, 2, 3):
    for h in (16, 7):
        fb = framebuf.FrameBuffer(buf, 200, h, framebuf.RGB565)
        ref = framebuf.FrameBuffer(want, 200, h, framebuf.RGB565)
        for y in range(-18 * scale, 18, 5 * scale):
            for x in (-5, 0, 170):
                fb.fill(0)
                inked = text.draw(fb, "斗地主 ×12 Ab…", x, y, 0xF81F, scale, 200, h)
                ref.fill(0)
                drawn = text.draw(ref, "斗地主 ×12 Ab…", x, y, 0xF81F, scale, 200)
                if buf != want or inked != drawn:
                    bad.append(["text", scale, h, x, y])
print(json.dumps(bad))
"""


def _on_the_image(tmp_path, script):
    """What `script` printed at the REPL of a Pico just flashed with the scorekeeper's image,
    line by line."""
    with boot_image(tmp_path) as pico:
        repl.enter_raw(pico)
        return repl.run(pico, script).strip().splitlines()


# On the image, as a Pico runs: its code is the same machine code tools.deploy copies to a
# stock board, whose heap is too short for these checks' own buffers.
def test_native_glyphs_draw_what_blit_draws(tmp_path):
    loaded, bad = _on_the_image(tmp_path, SAME_PIXELS)[-2:]
    assert loaded == "True"  # frozen in, and ui/text.py draws with it
    assert json.loads(bad) == []


# The machine code's measure against ui/text.py's Python walk, which reads each glyph: every
# code point that breaks the width rule and its neighbours, characters missing from the font on
# both sides of U+1100 and beyond the plane, and mixed lines, as str and as bytes.
SAME_WIDTHS = r"""
import json
from ui import text
from ui.lines import measure
print(text._odd is not None and text._odd_count > 100)
def walked(s):
    data = s.encode()
    return text._measure(data, len(data))
lines = ["斗地主 ×12 Ab…", "", "倍数 4", "甲乙 16 −3 ▼", "αβγ ā ü", "가나다", "ก", "\U0001F600x",
         "A确认 B返回 X▲Y▼", "─━│┃", "№Ⅻ←→√∞≠≤≥⊙"]
for k in range(text._odd_count):
    cp = text._odd[2 * k] << 8 | text._odd[2 * k + 1]
    lines.append(chr(cp - 1) + chr(cp) + chr(cp + 1))
bad = [s for s in lines if text.width(s) != walked(s)
       or measure(s.encode(), s, len(s), text._odd, text._odd_count) != walked(s)]
def both(a, b):  # what both begin with, measured natively and walked
    data = a.encode()
    i = 0
    while i < min(len(data), len(b.encode())) and data[i] == b.encode()[i]:
        i += 1
    while 0 < i < len(data) and data[i] & 0xC0 == 0x80:
        i -= 1
    return [text.common_width(a, b), text._measure(data, i)]
common = [both("倍数 4", "倍数 8"), both("倍数", "倍数 8"), both("×4", "×8"), both("甲−3", "甲−5"),
          both("", "x"), both("斗地主", "斗地"), both("甲乙", "甲丙"), both("aé", "aè"),
          both("x\U0001F600", "x\U0001F601")]
native = [text.index(cp) for cp in list(range(0x4E00, 0x5000)) + [0x2026, 0x3000, 0xAC00, 0x41]]
found = text._find
text._find = None  # the Python search of the bucket read into RAM (a buffer for it)
text._lows = bytearray(256)
walked_index = [text.index(cp) for cp in list(range(0x4E00, 0x5000)) + [0x2026, 0x3000, 0xAC00,
                                                                        0x41]]
text._find = found
print(json.dumps([bad, common, native == walked_index, native.count(-1)]))
"""


def test_native_measure_is_what_the_glyphs_say(tmp_path):
    ready, found = _on_the_image(tmp_path, SAME_WIDTHS)[-2:]
    assert ready == "True"  # with the font's WIDTHS: ui/text.py measures with it
    bad, common, same_index, missing = json.loads(found)
    assert bad == []
    # The image's buckets searched in place by machine code: each glyph found where the
    # Python search finds it (about half of U+4E00-U+4FFF is not in GB 2312, nor is 가).
    assert same_index and 0 < missing < 256
    # What both begin with: "倍数 ", "倍数", "×", "甲−", "", "斗地", "甲", "a", "x"
    assert common == [[w, w] for w in (40, 32, 8, 24, 0, 32, 16, 8, 8)]


# A picture drawn strip by strip on the panel by a driver of so many strips; what it kept.
PICTURE = r"""
import gc, json
from machine import SPI, Pin
from drivers.st7789 import ST7789
d = ST7789(SPI(0, baudrate=62_500_000, sck=Pin(18), mosi=Pin(19)), dc=Pin(16, Pin.OUT),
           cs=Pin(17, Pin.OUT, value=1), width=240, height=135, offset=(52, 40), rotation=1,
           invert=True{strips})
{before}
kept = [len(d._strips), d._dma is not None, d._regs is not None]
for y in range(0, 135, 16):
    h = min(16, 135 - y)
    for x, w in ((0, 100), (100, 140)):
        fb = d.strip(x, y, w, h)
        d.clear(d.colors[(x + y) // 16 % 16])
        fb.line(0, 0, w - 1, h - 1, d.colors[1])
        fb.text("{{}},{{}}".format(x, y), 2, 4, d.colors[7])
        d.send()
d.show()
print(json.dumps(kept))
"""


def _picture(tmp_path, name, before="", strips="", image=False):
    pico = (boot_image(tmp_path, name=name + ".img") if image
            else boot(tmp_path, name=name + ".img"))
    try:
        repl.enter_raw(pico)
        # A soft reset from the raw REPL: a fresh heap, as the board file finds it (main.py
        # does not run), without the app the boot loaded.
        pico.write_serial(b"\x04")
        repl.read_until(pico, repl.RAW_BANNER, 5000)
        kept = json.loads(repl.run(pico, PICTURE.format(before=before, strips=strips))
                          .strip().splitlines()[-1])
        return kept, pico.frame()
    finally:
        pico.close()


def test_two_dma_strips_where_affordable_else_one_and_the_same_picture(tmp_path):
    two, picture = _picture(tmp_path, "two", before="assert d.second_strip(7680)")
    assert two == [2, True, False]
    one, blocking = _picture(tmp_path, "one", strips=", strips=1")
    assert one == [1, False, False]
    assert blocking == picture
    # Less room than the strip takes, or one strip asked for: one strip all the same.
    short, refused = _picture(tmp_path, "short", before="assert not d.second_strip(7679)")
    assert short == [1, False, False]
    assert refused == picture
    asked, _ = _picture(tmp_path, "asked", strips=", strips=1",
                        before="assert not d.second_strip(1 << 20)")
    assert asked == [1, False, False]
    # The image's machine code (drivers/st7789_rp2.py) sets each window and starts its DMA:
    # the same picture, pixel for pixel.
    fast, machine = _picture(tmp_path, "fast", before="assert d.second_strip(7680)",
                             image=True)
    assert fast == [2, True, True]
    assert machine == picture


def test_a_pico_boots_its_image_keeping_every_module_with_two_strips(tmp_path):
    """ui/launch.py measures the heap once (gc.mem_free() walks it all: some 10 ms a call on
    a Pico's boot) and gives the display its second strip from that: a Pico has the room."""
    said = _on_the_image(tmp_path, "import sys\nd = sys.modules['board'].display\n"
                                   "print(int('ui.modules' in sys.modules), len(d._strips), "
                                   "int(d._dma is not None), int(d._regs is not None))")[-1]
    # not lean; two strips, each sent by DMA, its window set by the image's machine code
    assert said.split() == ["0", "2", "1", "1"]
