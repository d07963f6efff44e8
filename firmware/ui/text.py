"""Text on any framebuf.FrameBuffer from the Unifont subset in ui/glyphs.py.

    width(s)                              pixels that draw(s) advances
    draw(fb, s, x, y, color, scale=1)     one line, top-left at (x, y); returns the end x

Glyphs are 16 px high, 8 (half width: ASCII, digits, ×, ²) or 16 (full width: CJK) px wide.
A character missing from the subset draws as a box of its width, 16 px from U+1100 up, else
8, so a missing name character is visible rather than silently dropped. `scale` > 1 draws
each glyph pixel as a scale×scale block: the big multiplier on the play screen.

How it draws (measured in VM fuel on MicroPython 1.27, host_tests/test_text_vm.py checks the
bounds): each glyph's inked rows are blitted straight from the bytes of ui/glyphs.py (blit
accepts a read-only buffer as a list `[buffer, w, h, MONO_HLSB]`, reused for every glyph).
In colour 1 no palette is needed (ink 1 is the colour: the mono display); any other colour,
and every colour of the RGB565 strips a colour panel is drawn in, goes through a 2-pixel
RGB565 palette holding (key, colour) with key = colour ^ 1 as the transparent value. RGB565
because a palette's values are written with the target's own setpixel, which keeps the bits
its depth has, so one palette serves MONO_VLSB, GS2/GS4/GS8 and RGB565 buffers alike and
draw() need not know the format. Glyphs are found through a small cache (below): into an
RGB565 strip a full-width character costs ~36,000 fuel (almost all of it the C blit), a digit
~16,000, a space ~5,000; width() ~4,000 a CJK character. Setting a glyph's ink with
fb.pixel() from Python cost ~810,000 per CJK character, so blit it is. A cached glyph draws
without allocating; one seen for the first time costs its memoryview and a 2-item tuple.
"""

import framebuf

from ui import glyphs

_CODES = glyphs.CODES
_BUCKETS = glyphs.BUCKETS
_OFFSETS = glyphs.OFFSETS
_SHAPES = glyphs.SHAPES
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


# Code points seen -> their glyph: (a memoryview of its inked rows in BITMAPS, its width
# | its first inked row << 5). The rows above and below the ink are not stored (see
# tools/glyphs.py), so the blit walks fewer pixels. The dict lookup costs a fraction of the
# binary search in index(), and the view is made once instead of on every draw. The first
# _KEPT characters seen are kept (~50 bytes each with the dict's share, ~5 KB) and the dict
# is never emptied, so once grown it makes no garbage; any others get a fresh glyph each
# time, and a missing character its box.
#
# Strings are walked as their UTF-8 bytes, code points decoded here: iterating a str makes a
# one-character str per character, and on MicroPython every new str is first looked up among
# the interned ones (qstrs), a walk of every pool loaded from .mpy files: ~8,000 fuel a CJK
# character, ~15,000 an ASCII one on the VM with the firmware loaded. A byte costs ~1,000.
_glyphs = {}
_lookup = _glyphs.get  # bound once: binding it in draw() would allocate per call
_KEPT = 96


def _glyph(cp):
    """The glyph of code point `cp` (see _glyphs), or minus its box's width if the subset
    lacks it."""
    i = cp - _ASCII_FIRST if _ASCII_FIRST <= cp <= _ASCII_LAST else index(cp)
    if i < 0:
        return -16 if cp >= _WIDE_FROM else -8
    shape = _SHAPES[i]
    o = _OFFSETS
    i += i
    g = (_BITS[(o[i] << 8) | o[i + 1]:(o[i + 2] << 8) | o[i + 3]],
         (16 if shape & 0x80 else 8) | (shape & 0x0F) << 5)
    if len(_glyphs) < _KEPT:
        _glyphs[cp] = g
    return g


def char_width(ch):
    """Width in pixels of one character (the box's width when it is missing)."""
    return width(ch)


def width(s, scale=1):
    """Width in pixels of `s` drawn on one line: what draw() advances."""
    data = s.encode()
    return _measure(data, len(data)) * scale


def common_width(a, b):
    """Width in pixels of the characters that `a` and `b` both begin with."""
    da = a.encode()
    db = b.encode()
    n = min(len(da), len(db))
    i = 0
    while i < n and da[i] == db[i]:
        i += 1
    while 0 < i < len(da) and da[i] & 0xC0 == 0x80:
        i -= 1  # back to the start of the character that differs
    return _measure(da, i)


def _measure(data, n):
    """Width of the characters in the first n bytes of UTF-8 `data`."""
    w = 0
    get = _lookup
    cp = need = 0
    for k in range(n):
        c = data[k]
        if need:  # a continuation byte
            cp = (cp << 6) | (c & 0x3F)
            need -= 1
            if need:
                continue
        elif c < 0x80:
            cp = c
        else:  # the first byte of a 2, 3 or 4-byte character
            need = 1 if c < 0xE0 else (2 if c < 0xF0 else 3)
            cp = c & (0x3F >> need)
            continue
        g = get(cp)
        if g is None:
            g = _glyph(cp)
            if isinstance(g, int):
                w -= g
                continue
        w += g[1] & 31
    return w


def _box(fb, x, y, w, color, scale):
    # An outlined box inside the cell, one pixel in from each side: clearly not a glyph.
    fb.rect(x + scale, y + scale, (w - 2) * scale, (HEIGHT - 2) * scale, color)


# The UTF-8 walk below is written out in width() and in draw() on purpose: a shared generator
# would cost a call and an allocation per character on the key-press path.
def draw(fb, s, x, y, color, scale=1, clip=0):
    """Draw `s` with its top-left corner at (x, y) in `color`; returns the x after it.

    Only ink is drawn: the background shows through (clear it first with fb.rect/fill).
    With `clip` > 0, only what falls in columns 0..clip-1 is drawn: characters outside are
    skipped (framebuf would clip them anyway, but the blit of each still costs), the drawing
    stops at clip and the x returned is then not the end."""
    if scale != 1:
        return _draw_scaled(fb, s, x, y, color, scale, clip)
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
    cp = need = 0
    for c in s.encode():  # decoded as in width()
        if need:
            cp = (cp << 6) | (c & 0x3F)
            need -= 1
            if need:
                continue
        elif c < 0x80:
            cp = c
        else:
            need = 1 if c < 0xE0 else (2 if c < 0xF0 else 3)
            cp = c & (0x3F >> need)
            continue
        g = get(cp)
        if g is None:
            g = _glyph(cp)
            if isinstance(g, int):
                _box(fb, x, y, -g, color, 1)
                x -= g
                continue
        shape = g[1]
        w = shape & 31
        if clip:
            if x >= clip:
                return x
            if x + w <= 0:
                x += w
                continue
        v = g[0]
        if v:  # a blank glyph (space) has no rows: nothing to blit
            src[0] = v
            src[1] = w
            src[2] = len(v) >> (w >> 4)  # rows: 1 byte a row at 8 px, 2 at 16
            fb.blit(src, x, y + (shape >> 5), key, pal)  # pyright: ignore[reportArgumentType]
        x += w
    return x


# Big glyphs: each glyph as the rectangles of its ink, in glyph pixels, flat (x, y, w, h, ...)
# in a bytearray: the runs of each row, a run joined to the one above it when it covers the
# same columns. Worked out once per character (~150,000-250,000 fuel), drawn as ~8-20
# fill_rects (~3,000 fuel each): the multiplier "×12" at scale 3 went from ~1.7 M fuel to
# ~0.15 M. The first _RECTS_KEPT characters are kept (the digits and ×: ~60-110 bytes each,
# ~1 KB in all); any other is worked out again each time.
_rects = {}
_RECTS_KEPT = 12
_LOG2 = {1 << k: k for k in range(17)}  # a power of two -> its exponent


def _glyph_rects(cp, g):
    r = _rects.get(cp)
    if r is not None:
        return r
    v = g[0]
    w = g[1] & 31
    top = g[1] >> 5
    rb = w >> 3  # bytes per row: 1 or 2
    r = bytearray()
    opened = []  # where in r the rectangles that reach the row above start
    reach = []  # the same for this row
    last = 0
    for row in range(len(v) // rb):
        bits = v[row * rb]
        if rb == 2:
            bits = (bits << 8) | v[row * rb + 1]
        if bits == last:  # the row above again: its rectangles grow down
            for i in opened:
                r[i + 3] += 1
            continue
        last = bits
        reach.clear()
        while bits:
            # The lowest run of ink: its lowest bit, and the bit just above it (adding the
            # lowest bit carries through the run). Bit k is column w - 1 - k.
            low = bits & -bits
            above = bits + low
            above &= -above
            bits &= ~(above - 1)
            start = w - _LOG2[above]
            c = w - _LOG2[low]
            for i in opened:  # a rectangle above with these columns grows down
                if r[i] == start and r[i + 2] == c - start:
                    r[i + 3] += 1
                    reach.append(i)
                    break
            else:
                reach.append(len(r))
                r.append(start)
                r.append(top + row)
                r.append(c - start)
                r.append(1)
        opened, reach = reach, opened
    if len(_rects) < _RECTS_KEPT:
        _rects[cp] = r
    return r


def _draw_scaled(fb, s, x, y, color, scale, clip):
    get = _lookup
    for ch in s:  # a few characters: walked as a str
        cp = ord(ch)
        g = get(cp)
        if g is None:
            g = _glyph(cp)
        if isinstance(g, int):
            _box(fb, x, y, -g, color, scale)
            x -= g * scale
            continue
        w = (g[1] & 31) * scale
        if clip:
            if x >= clip:
                return x
            if x + w <= 0:
                x += w
                continue
        r = _glyph_rects(cp, g)
        for i in range(0, len(r), 4):
            fb.fill_rect(x + r[i] * scale, y + r[i + 1] * scale, r[i + 2] * scale,
                         r[i + 3] * scale, color)
        x += w
    return x
