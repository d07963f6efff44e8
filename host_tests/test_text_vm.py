"""ui/text.py on the real MicroPython VM: what it draws is what the committed glyphs say.

The expected pixels are computed on CPython from the committed font file ui/glyphs.bin (the
.hex-derived bitmaps), which reaches the guest as /input/ui/glyphs.bin; the guest draws into
real framebuf.FrameBuffers of each depth the boards use, and the host decodes the bytes the
guest printed. The golden PNG is host_tests/golden/text_line.png;
after an intended change of the glyphs or of draw(), regenerate it with
    UPDATE_GOLDEN=1 python -m pytest host_tests/test_text_vm.py
and look at the picture before committing it.

Do not call gc.collect() in these guest scripts: on the WASI build of MicroPython 1.27 the
collector cannot see the interpreter's roots and the next allocation crashes or corrupts.
"""

import binascii
import os
from pathlib import Path

import pytest
from PIL import Image

from tools import glyphs as builder
from tools import mpvm

GOLDEN = Path(__file__).parent / "golden" / "text_line.png"
LINE = "斗地主 3 × 2² = 12；地主 +24"
MISSING = "龘"  # U+9F98: no scorekeeper will ever say it (the test checks it is not held)


NAMES = "李四王五欧阳"  # GB 2312 names: in the font without a rebuild
TABLE = {chr(cp): bitmap for cp, bitmap in builder.unpack(builder.OUTPUT.read_bytes()).items()}


def expected(s, x0, y0, scale=1):
    """(set of ink pixels, end x) for `s` drawn at (x0, y0), from the committed font file."""
    ink = set()
    x = x0
    for ch in s:
        bitmap = TABLE.get(ch)
        if bitmap is None:
            w = 16 if ord(ch) >= 0x1100 else 8
            bx, by, bw, bh = x + scale, y0 + scale, (w - 2) * scale, 14 * scale
            for i in range(bw):
                ink |= {(bx + i, by), (bx + i, by + bh - 1)}
            for j in range(bh):
                ink |= {(bx, by + j), (bx + bw - 1, by + j)}
            x += w * scale
            continue
        per_row = len(bitmap) // 16
        w = per_row * 8
        for r in range(16):
            row = int.from_bytes(bitmap[r * per_row:(r + 1) * per_row], "big")
            for c in range(w):
                if row >> (w - 1 - c) & 1:
                    for dy in range(scale):
                        for dx in range(scale):
                            ink.add((x + c * scale + dx, y0 + r * scale + dy))
        x += w * scale
    return ink, x


def mono_vlsb(buf, w, h):
    return {(x, y): buf[(y >> 3) * w + x] >> (y & 7) & 1 for y in range(h) for x in range(w)}


def gs4_hmsb(buf, w, h):
    out = {}
    for y in range(h):
        for x in range(w):
            b = buf[(y * w + x) >> 1]
            out[(x, y)] = b & 0x0F if x & 1 else b >> 4
    return out


def rgb565(buf, w, h):
    return {(x, y): int.from_bytes(buf[2 * (y * w + x):2 * (y * w + x) + 2], "little")
            for y in range(h) for x in range(w)}


# Each case: (name, format, w, h, background, string, x, y, colour, scale).
CASES = [
    ("mono", "MONO_VLSB", 240, 40, 0, LINE, 3, 5, 1, 1),
    ("gs4", "GS4_HMSB", 240, 40, 0, LINE, 8, 12, 15, 1),
    ("inverted", "MONO_VLSB", 128, 24, 1, "地主 +24", 2, 3, 0, 1),
    ("grey", "GS4_HMSB", 128, 20, 3, "第3手：地主", 1, 2, 7, 1),
    ("rgb", "RGB565", 64, 20, 0x001F, "斗A²", 4, 1, 0xF800, 1),
    ("big", "MONO_VLSB", 80, 56, 0, "×8", 1, 4, 1, 3),
    ("big_gs4", "GS4_HMSB", 60, 40, 0, "12", 0, 0, 9, 2),
    ("missing", "MONO_VLSB", 48, 16, 0, "A" + MISSING + "x", 0, 0, 1, 1),
    ("names", "MONO_VLSB", 112, 16, 0, NAMES, 4, 0, 1, 1),
    ("clipped", "MONO_VLSB", 64, 16, 0, "春天春天春天", -10, -3, 1, 1),
]
DECODE = {"MONO_VLSB": mono_vlsb, "GS4_HMSB": gs4_hmsb, "RGB565": rgb565}
BYTES_PER = {"MONO_VLSB": lambda w, h: w * ((h + 7) // 8), "GS4_HMSB": lambda w, h: w * h // 2,
             "RGB565": lambda w, h: 2 * w * h}


def _guest_script():
    lines = ["import framebuf, binascii", "from ui import text"]
    for name, fmt, w, h, bg, s, x, y, color, scale in CASES:
        lines += [
            "buf = bytearray({})".format(BYTES_PER[fmt](w, h)),
            "fb = framebuf.FrameBuffer(buf, {}, {}, framebuf.{})".format(w, h, fmt),
            "fb.fill({})".format(bg),
            "end = text.draw(fb, {!r}, {}, {}, {}, {})".format(s, x, y, color, scale),
            "print({!r}, end, text.width({!r}, {}), binascii.hexlify(buf).decode())".format(
                name, s, scale),
        ]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def drawn():
    out = mpvm.run(_guest_script()).stdout
    result = {}
    for line in out.splitlines():
        name, end, width, data = line.split()
        result[name] = (int(end), int(width), binascii.unhexlify(data))
    return result


def test_the_missing_example_is_really_missing():
    assert MISSING not in TABLE
    assert all(ch in TABLE for ch in NAMES)


def test_a_gb2312_name_draws_its_glyphs_not_boxes(drawn):
    end, width, data = drawn["names"]
    assert width == 16 * len(NAMES) and end == 4 + width
    pixels = mono_vlsb(data, 112, 16)
    for k, ch in enumerate(NAMES):
        cell = {(x - 4 - 16 * k, y) for (x, y), v in pixels.items()
                if v and 4 + 16 * k <= x < 20 + 16 * k}
        box = {(x, y) for x in range(1, 15) for y in (1, 14)} | {
            (x, y) for x in (1, 14) for y in range(1, 15)}
        assert cell and cell != box, ch


@pytest.mark.parametrize("font", [b"", b"UFG1\x00", b"not a font file at all" * 40],
                         ids=["empty", "short", "garbage"])
def test_without_a_readable_font_file_every_character_is_a_box(font):
    # The font file replaced by a damaged one (the guest's /input/ui/glyphs.bin; the fixed
    # /glyphs.bin does not exist there either): the UI still draws, boxes only.
    script = ("import framebuf, binascii\nfrom ui import text\nbuf = bytearray(96)\n"
              "fb = framebuf.FrameBuffer(buf, 48, 16, framebuf.MONO_VLSB)\n"
              "e = text.draw(fb, 'A李', 0, 0, 1)\n"
              "print(text._font is None, e, text.width('A李'), text.draw(fb, '9', 0, 0, 1, 2),"
              " binascii.hexlify(buf).decode())\n")
    none, end, width, big, data = mpvm.run(script, {"ui/glyphs.bin": font}).stdout.split()
    assert none == "True" and int(end) == int(width) == 24 and int(big) == 16
    boxes = (expected("\x01" + MISSING, 0, 0)[0]  # U+0001 is not held either: an 8 px box
             | expected("\x01", 0, 0, 2)[0])
    pixels = mono_vlsb(binascii.unhexlify(data), 48, 16)
    assert {p for p, v in pixels.items() if v} == {(x, y) for x, y in boxes if y < 16}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_draw_sets_exactly_the_glyph_pixels(drawn, case):
    name, fmt, w, h, bg, s, x, y, color, scale = case
    end, width, data = drawn[name]
    ink, want_end = expected(s, x, y, scale)
    pixels = DECODE[fmt](data, w, h)
    mask = {"MONO_VLSB": 1, "GS4_HMSB": 15, "RGB565": 0xFFFF}[fmt]
    wrong = [(p, v) for p, v in pixels.items() if v != (color if p in ink else bg) & mask]
    assert not wrong, "{} pixels differ, first {}".format(len(wrong), wrong[:5])
    assert end == want_end


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_width_is_what_draw_advances_and_ink_stays_inside_it(drawn, case):
    name, fmt, w, h, bg, s, x, y, color, scale = case
    end, width, _data = drawn[name]
    assert end == x + width
    ink, _ = expected(s, x, y, scale)
    assert all(x <= px < x + width for px, _py in ink)


def test_a_missing_character_draws_a_box_of_full_width(drawn):
    end, width, data = drawn["missing"]
    assert width == 8 + 16 + 8
    pixels = mono_vlsb(data, 48, 16)
    box = {(x, y) for (x, y), v in pixels.items() if v and 8 <= x < 24}
    assert box == {(x, y) for x in range(9, 23) for y in (1, 14)} | {
        (x, y) for x in (9, 22) for y in range(1, 15)}


def test_golden_line_png(drawn):
    _end, _width, data = drawn["gs4"]
    grey = gs4_hmsb(data, 240, 40)
    image = Image.new("L", (240, 40))
    image.putdata([grey[(x, y)] * 17 for y in range(40) for x in range(240)])
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        image.save(GOLDEN, optimize=True)
    with Image.open(GOLDEN) as golden:
        assert golden.size == image.size
        assert golden.convert("L").tobytes() == image.tobytes(), (
            "the text line changed: look at it, then UPDATE_GOLDEN=1 to accept")


def _fuel(body):
    setup = ("import framebuf\nfrom ui import text\n"
             "fb = framebuf.FrameBuffer(bytearray(4800), 240, 40, framebuf.GS4_HMSB)\n")
    return mpvm.run(setup + body).fuel_used


def test_fuel_per_character_stays_low():
    # Measured on MicroPython 1.27 (see ui/text.py): ~44,000 fuel a CJK character in colour 1,
    # ~51,000 in another colour, ~26,000 an ASCII one. The bounds leave room, not much.
    cjk = "斗地主加倍炸弹春天反春"
    base = _fuel("pass")
    per_cjk = (_fuel("for _ in range(10): text.draw(fb, {!r}, 0, 0, 1)".format(cjk))
               - base) / (10 * len(cjk))
    per_cjk_colour = (_fuel("for _ in range(10): text.draw(fb, {!r}, 0, 0, 9)".format(cjk))
                      - base) / (10 * len(cjk))
    assert per_cjk < 55_000, per_cjk
    assert per_cjk_colour < 65_000, per_cjk_colour


def test_drawing_allocates_one_small_object_per_character():
    script = ("import framebuf, gc\nfrom ui import text\n"
              "fb = framebuf.FrameBuffer(bytearray(4800), 240, 40, framebuf.GS4_HMSB)\n"
              "s = {!r}\ntext.draw(fb, s, 0, 0, 9)\n"
              "a = gc.mem_alloc()\ntext.draw(fb, s, 0, 0, 9)\nb = gc.mem_alloc()\n"
              "print(b - a)").format(LINE)
    allocated = int(mpvm.run(script).stdout.split()[-1])
    # One 16-byte memoryview per glyph, plus 16 bytes that mem_alloc's own call costs.
    assert allocated <= 16 * len(LINE) + 16, allocated


def test_a_cached_glyph_draws_without_allocating():
    # Drawn a second time, a line of cached glyphs (one read from the font file into the
    # cache's pool the first time) allocates only what s.encode() does.
    script = ("import framebuf, gc\nfrom ui import text\n"
              "fb = framebuf.FrameBuffer(bytearray(4800), 240, 40, framebuf.GS4_HMSB)\n"
              "s = {!r}\ntext.draw(fb, s, 0, 0, 9)\ntext.draw(fb, s, 0, 0, 1)\n"
              "a = b = c = d = e = f = 0\n"  # the globals made first: no dict growth below
              "a = gc.mem_alloc()\ns.encode()\nb = gc.mem_alloc()\n"
              "c = gc.mem_alloc()\ntext.draw(fb, s, 0, 0, 9)\nd = gc.mem_alloc()\n"
              "e = gc.mem_alloc()\ntext.draw(fb, s, 0, 0, 1)\nf = gc.mem_alloc()\n"
              "print(b - a, d - c, f - e)").format(LINE + NAMES)
    encode, colour, mono = (int(n) for n in mpvm.run(script).stdout.split())
    assert colour == encode and mono == encode, (encode, colour, mono)
