"""Text on any framebuf.FrameBuffer from the Unifont subset in ui/glyphs.py.

    width(s)                              pixels that draw(s) advances
    draw(fb, s, x, y, color, scale=1)     one line, top-left at (x, y); returns the end x

Glyphs are 16 px high, 8 (half width: ASCII, digits, ×, ²) or 16 (full width: CJK) px wide.
A character missing from the subset draws as a box of its width, 16 px from U+1100 up, else
8, so a missing name character is visible rather than silently dropped. `scale` > 1 draws
each glyph pixel as a scale×scale block: the big multiplier on the play screen.

How it draws (measured in VM fuel on MicroPython 1.27, host_tests/test_text_vm.py checks the
bounds): each glyph is blitted straight from the bytes of ui/glyphs.py (blit accepts a
read-only buffer as a list `[buffer, w, h, MONO_HLSB]`, reused for every glyph). In colour 1
no palette is needed (ink 1 is the colour); any other colour goes through a 2-pixel RGB565
palette holding (key, colour) with key = colour ^ 1 as the transparent value. RGB565 because
a palette's values are written with the target's own setpixel, which keeps the bits its depth
has, so one palette serves MONO_VLSB, GS2/GS4/GS8 and RGB565 buffers alike and draw() need
not know the format. Glyphs are found through a small cache (below): per full-width
character ~28,000 fuel in colour 1, ~33,000 in another colour (the C blit is ~20,000-28,000
of it; before the cache, ~45,000 and ~50,000), a half-width ASCII one ~18,000 (was ~22,000);
width() ~4,000 a CJK character (was ~21,000). Setting the same glyph's ink with fb.pixel()
from Python cost ~810,000 per CJK character, so blit it is. A cached glyph draws without
allocating; one seen for the first time costs its 16-byte memoryview.
"""

import framebuf

from ui import glyphs

_CODES = glyphs.CODES
_BUCKETS = glyphs.BUCKETS
_OFFSETS = glyphs.OFFSETS
_BITS = memoryview(glyphs.BITMAPS)
HEIGHT = glyphs.HEIGHT

# Printable ASCII is entries 0..94 of the index (the generator guarantees it).
_ASCII_FIRST = 0x20
_ASCII_LAST = 0x7E
_WIDE_FROM = 0x1100  # a missing character from here up gets a full-width box

# Reused for every glyph: the blit source [buffer, width, height, format] and the palette.
_src = [_BITS[0:16], 8, 16, framebuf.MONO_HLSB]
_palette = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)


def index(cp):
    """Position of code point `cp` in the subset, or -1 when it is not there."""
    if _ASCII_FIRST <= cp <= _ASCII_LAST:
        return cp - _ASCII_FIRST
    h = cp >> 8
    if h > 0xFF:
        return -1
    b = _BUCKETS
    lo = (b[2 * h] << 8) | b[2 * h + 1]
    hi = (b[2 * h + 2] << 8) | b[2 * h + 3]
    # Within a bucket every high byte is h: compare the low bytes only.
    codes = _CODES
    low = cp & 0xFF
    while lo < hi:
        mid = (lo + hi) >> 1
        c = codes[2 * mid + 1]
        if c < low:
            lo = mid + 1
        elif c > low:
            hi = mid
        else:
            return mid
    return -1


def _units(i):
    """Width of glyph i in 8-px units (1 or 2)."""
    o = _OFFSETS
    j = 2 * i
    return ((o[j + 2] << 8) | o[j + 3]) - ((o[j] << 8) | o[j + 1])


# Characters seen -> their glyph, a memoryview over BITMAPS (its length is 2 x its width).
# The dict lookup costs a fraction of the binary search in index(), and the view is made once
# instead of on every draw. The first _KEPT characters seen are kept (16 bytes of view and
# ~10 of dict each, ~2.5 KB) and the dict is never emptied, so once grown it makes no
# garbage; any others get a fresh view each time, and a missing character its box. Keyed by
# the one-character string the loop yields (no ord()).
_glyphs = {}
_lookup = _glyphs.get  # bound once: binding it in draw() would allocate per call
_KEPT = 96


def _glyph(ch):
    """The glyph of `ch` (a memoryview), or minus its box's width if the subset lacks it."""
    cp = ord(ch)
    i = cp - _ASCII_FIRST if _ASCII_FIRST <= cp <= _ASCII_LAST else index(cp)
    if i < 0:
        return -16 if cp >= _WIDE_FROM else -8
    # Glyph i spans 16-byte units OFFSETS[i]..OFFSETS[i+1].
    o = _OFFSETS
    i += i
    v = _BITS[((o[i] << 8) | o[i + 1]) << 4:((o[i + 2] << 8) | o[i + 3]) << 4]
    if len(_glyphs) < _KEPT:
        _glyphs[ch] = v
    return v


def char_width(ch):
    """Width in pixels of one character (the box's width when it is missing)."""
    return width(ch)


def width(s, scale=1):
    """Width in pixels of `s` drawn on one line: what draw() advances."""
    w = 0
    get = _lookup
    for ch in s:
        v = get(ch)
        if v is None:
            v = _glyph(ch)
            if isinstance(v, int):
                w -= v
                continue
        w += len(v) >> 1
    return w * scale


def _box(fb, x, y, w, color, scale):
    # An outlined box inside the cell, one pixel in from each side: clearly not a glyph.
    fb.rect(x + scale, y + scale, (w - 2) * scale, (HEIGHT - 2) * scale, color)


def draw(fb, s, x, y, color, scale=1):
    """Draw `s` with its top-left corner at (x, y) in `color`; returns the x after it.

    Only ink is drawn: the background shows through (clear it first with fb.rect/fill)."""
    if scale != 1:
        return _draw_scaled(fb, s, x, y, color, scale)
    if color == 1:
        # Ink 1 is already the colour: no palette, a third cheaper per glyph.
        key = 0
        pal = None
    else:
        key = (color ^ 1) & 0xFFFF
        pal = _palette
        pal.pixel(0, 0, key)
        pal.pixel(1, 0, color)
    src = _src
    get = _lookup
    for ch in s:
        v = get(ch)
        if v is None:
            v = _glyph(ch)
            if isinstance(v, int):
                _box(fb, x, y, -v, color, 1)
                x -= v
                continue
        w = len(v) >> 1
        src[0] = v
        src[1] = w
        fb.blit(src, x, y, key, pal)  # pyright: ignore[reportArgumentType]
        x += w
    return x


def _draw_scaled(fb, s, x, y, color, scale):
    # Each horizontal run of ink in a glyph row is one fill_rect: a digit is ~20 calls.
    bits = _BITS
    for ch in s:
        cp = ord(ch)
        i = cp - _ASCII_FIRST if _ASCII_FIRST <= cp <= _ASCII_LAST else index(cp)
        if i < 0:
            w = 16 if cp >= _WIDE_FROM else 8
            _box(fb, x, y, w, color, scale)
            x += w * scale
            continue
        row_bytes = _units(i)
        w = row_bytes << 3
        base = ((_OFFSETS[2 * i] << 8) | _OFFSETS[2 * i + 1]) << 4
        for r in range(HEIGHT):
            run = -1
            ry = y + r * scale
            for c in range(w + 1):
                ink = c < w and (bits[base + r * row_bytes + (c >> 3)] >> (7 - (c & 7))) & 1
                if ink:
                    if run < 0:
                        run = c
                elif run >= 0:
                    fb.fill_rect(x + run * scale, ry, (c - run) * scale, scale, color)
                    run = -1
        x += w * scale
    return x
