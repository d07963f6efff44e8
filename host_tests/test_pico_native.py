"""The Pico's own drawing paths on the real port (the emulated Pico, the official image, the
scorekeeper as tools.deploy puts it there): the native glyph code ui/ink.py, and the ST7789
driver with one strip or two.

- ui/ink.py is deployed (boards/pico_display_pack.py names mpy_arch) and ui/text.py draws
  with it: each ink pixel a block of the scale, as framebuf draws the glyph (blit, or at
  scale > 1 its rectangles), for glyphs of both widths clipped by the strip above and
  below, and strings the same pixels as ui/text.py draws them without it. (The screens as
  a whole are compared with the VM's, which has no native code, in test_pico_evening.py and
  the other test_pico_*.)
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
from ui import text
from ui.ink import glyph
print(text._ink is glyph)
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
                glyph(fb, rows, ((y + start) * 200 + x) | (end - y - start) << 13
                      | start // scale << 20 | (scale - start % scale) << 25,
                      color | 200 << 16 | scale << 25 | wide << 28)
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


def test_native_glyphs_draw_what_blit_draws(tmp_path):
    pico = boot(tmp_path)
    try:
        repl.enter_raw(pico)
        loaded, bad = repl.run(pico, SAME_PIXELS).strip().splitlines()[-2:]
    finally:
        pico.close()
    assert loaded == "True"  # deployed, and ui/text.py draws with it
    assert json.loads(bad) == []


# A picture drawn strip by strip on the panel by a driver of so many strips; what it kept.
PICTURE = r"""
import gc, json
from machine import SPI, Pin
from drivers.st7789 import ST7789
d = ST7789(SPI(0, baudrate=62_500_000, sck=Pin(18), mosi=Pin(19)), dc=Pin(16, Pin.OUT),
           cs=Pin(17, Pin.OUT, value=1), width=240, height=135, offset=(52, 40), rotation=1,
           invert=True{strips})
{before}
kept = [len(d._strips), d._dma is not None]
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


def _picture(tmp_path, name, before="", strips=""):
    pico = boot(tmp_path, name=name + ".img")
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
    assert two == [2, True]
    one, blocking = _picture(tmp_path, "one", strips=", strips=1")
    assert one == [1, False]
    assert blocking == picture
    # Less room than the strip takes, or one strip asked for: one strip all the same.
    short, refused = _picture(tmp_path, "short", before="assert not d.second_strip(7679)")
    assert short == [1, False]
    assert refused == picture
    asked, _ = _picture(tmp_path, "asked", strips=", strips=1",
                        before="assert not d.second_strip(1 << 20)")
    assert asked == [1, False]


def test_a_pico_boots_its_image_keeping_every_module_with_two_strips(tmp_path):
    """ui/launch.py measures the heap once (gc.mem_free() walks it all: some 10 ms a call on
    a Pico's boot) and gives the display its second strip from that: a Pico has the room."""
    pico = boot_image(tmp_path)
    try:
        repl.enter_raw(pico)
        said = repl.run(pico, "import sys\nd = sys.modules['board'].display\n"
                              "print(int('ui.modules' in sys.modules), len(d._strips), "
                              "int(d._dma is not None))")
    finally:
        pico.close()
    assert said.split() == ["0", "2", "1"]  # not lean; two strips, the second sent by DMA
