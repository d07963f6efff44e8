"""Text on any framebuf.FrameBuffer from the font file ui/glyphs.bin (GNU Unifont: GB 2312).

    width(s)                              pixels that draw(s) advances
    draw(fb, s, x, y, color, scale=1)     one line, top-left at (x, y); returns the end x

Glyphs are 16 px high, 8 (half width: ASCII, digits, ×, ²) or 16 (full width: CJK) px wide.
A character missing from the font draws as a box of its width, 16 px from U+1100 up, else
8, so a missing name character is visible rather than silently dropped; without the font
file (not deployed, unreadable) every character is a box and nothing fails. `scale` > 1 draws
each glyph pixel as a scale×scale block: the big multiplier on the play screen.

The font (layout: tools/glyphs.py) is every GB 2312 character, ~260 KB: it stays on flash,
opened once and kept open, and a glyph's slot is read on demand with seek + readinto into a
preallocated pool of the glyph cache (below); only its 522-byte header is kept in RAM. In the
scorekeeper's own Pico image (tools/firmware) the font is frozen in as the bytes constant of
ui/glyphs_frozen.py and read where it lies in flash: no file, no pool. Its header is read
through an io.BytesIO (which refers to a bytes object's data instead of copying it), a
bucket of code points is searched in place by ui/lines.py's machine code, and a glyph's rows
are a memoryview of its slot in the font; ui/lines.py's line() finds and draws a line's
glyphs there itself, so a glyph drawn for the first time costs about what a kept one does
(opening a table: 38.1 ms -> 31.7 on the emulated Pico; boot with 2,000 hands 208.4 -> 191.8,
its first frame's glyphs all new).

How it draws (measured in VM fuel on MicroPython 1.27, host_tests/test_text_vm.py checks the
bounds): each cached glyph's inked rows are blitted straight from its slot in the pool (blit
accepts a buffer as a list `[buffer, w, h, MONO_HLSB]`, reused for every glyph).
In colour 1 no palette is needed (ink 1 is the colour: the mono display); any other colour,
and every colour of the RGB565 strips a colour panel is drawn in, goes through a 2-pixel
RGB565 palette holding (key, colour) with key = colour ^ 1 as the transparent value. RGB565
because a palette's values are written with the target's own setpixel, which keeps the bits
its depth has, so one palette serves MONO_VLSB, GS2/GS4/GS8 and RGB565 buffers alike and
draw() need not know the format. Into an RGB565 strip a cached full-width character costs
~36,000 fuel (almost all of it the C blit), a digit ~16,000, a space ~5,000; width() ~4,000 a
CJK character. Setting a glyph's ink with fb.pixel() from Python cost ~810,000 per CJK
character, so blit it is. On the Pico, a glyph inside a colour panel's strip is drawn by
ui/ink.py's machine code instead (deployed to rp2 boards only): ~4,000 cycles where the blit
takes ~33,000, the same pixels; the Python around it, the UTF-8 walk and the lookup, costs
~10,000 cycles a CJK character there. In the image, measuring a line is ui/lines.py's: from its
code points and the font's WIDTHS, no glyph read, ~500 cycles a character where the walk
below takes ~10,000 (width() of a 16-character line: 67 us, was 730). A cached glyph draws
without allocating; one seen for the first time costs two seek + readinto of the file
(~90,000 fuel on the VM, ~40,000 each read: the bucket's code points, then the glyph's slot
straight into the pool), its memoryviews and a 2-item tuple.
"""

import framebuf

try:  # machine code for RGB565 strips, where deploy compiled it for the board's CPU (rp2)
    from ui.ink import glyph as _ink
except (ImportError, SyntaxError):  # absent, or its source on a port without the assembler
    _ink = None
try:  # lines measured, drawn and looked up in machine code: the image's (ui/lines.py)
    from ui.lines import find as _find
    from ui.lines import line as _line
    from ui.lines import measure as _measure_native
except (ImportError, SyntaxError):
    _line = _measure_native = _find = None

HEIGHT = 16
_MAGIC = b"UFG1"
_HEAD = 522  # magic, count, height, slot size (8 bytes), then BUCKETS (257 x 2)
_WIDE_FROM = 0x1100  # a missing character from here up gets a full-width box
_ASCII_FIRST = 0x20
_ASCII_LAST = 0x7E  # printable ASCII is entries 0..94 (the generator guarantees it)
# Where a frozen ui (a stock build with manifest.py) finds the font: at the root, since a folder
# /ui on the file system would shadow the whole frozen ui package ('' precedes '.frozen').
_FALLBACK = "/glyphs.bin"


def _font_path():
    try:
        here = __file__
    except NameError:
        return _FALLBACK
    cut = max(here.rfind("/"), here.rfind("\\"))
    return here[:cut + 1] + "glyphs.bin" if cut >= 0 else "glyphs.bin"


def _frozen():
    """The font frozen into the image, its bytes in flash; None elsewhere."""
    try:
        from ui.glyphs_frozen import GLYPHS  # pyright: ignore[reportMissingImports]
    except ImportError:  # not an image: deploy copied the font file
        return None
    return GLYPHS


def _file(path):
    try:
        return open(path, "rb")
    except OSError:
        return None


def _open(f):
    """(f, its header) if the stream `f` is a font, else (None, a blank header)."""
    head = bytearray(_HEAD)
    if f is None:
        return None, head
    try:
        if f.readinto(head) == _HEAD and head[0:4] == _MAGIC and head[6] == HEIGHT:
            return f, head
    except OSError:
        pass
    f.close()
    return None, bytearray(_HEAD)


def _stream(data):
    """A stream over the image's font (an io.BytesIO refers to the bytes in flash, copies
    nothing), or None without one."""
    if data is None:
        return None
    import io

    return io.BytesIO(data)


_flash = _frozen()  # the image's font, read as a stream, its buckets searched in place
_font, _head = _open(_stream(_flash))
if _font is None:
    _font, _head = _open(_file(_font_path()))
if _font is None and _font_path() != _FALLBACK:
    _font, _head = _open(_file(_FALLBACK))
_count = (_head[4] << 8) | _head[5] if _font else 0
_SLOTS = _HEAD + _count  # the glyphs' slots, after the _count bytes of LOWS
_SLOT = 34  # a glyph in the file: shape, length, 32 bytes of rows


def _widths(f):
    """The font's WIDTHS (tools/glyphs.py): the code points whose glyph breaks the width
    rule, 2 bytes each; None if the font has none (a font file from before them) or cannot
    be read."""
    if f is None:
        return None
    end = _SLOTS + _SLOT * _count
    if _flash is not None:  # the image's: where it lies in flash, no RAM
        if len(_flash) < end + 2:
            return None
        return memoryview(_flash)[end + 2:end + 2 + 2 * ((_flash[end] << 8) | _flash[end + 1])]
    try:
        f.seek(end)
        head = bytearray(2)
        if f.readinto(head) != 2:
            return None
        table = bytearray(2 * ((head[0] << 8) | head[1]))
        if f.readinto(table) != len(table):
            return None
        return table
    except OSError:
        return None


# With the machine code, a string is measured from its code points and WIDTHS (ui/lines.py):
# _odd is WIDTHS, else None and the Python walk below measures, reading glyphs as it goes.
_odd = _widths(_font) if _measure_native is not None else None
_odd_count = len(_odd) >> 1 if _odd is not None else 0

# Code points seen -> their glyph: (a memoryview of its inked rows in its slot, its width |
# its first inked row << 5). The slot is the font's own in the image (in flash, nothing
# copied), else one of _pool's, read from the font file. The rows above and below the ink
# are not stored (see tools/glyphs.py), so the blit walks fewer pixels. The dict lookup costs
# a fraction of the font's search, and the view is made once instead of on every draw. The
# first _KEPT characters seen are kept (~50 bytes each for the view, the tuple and the dict's
# share, and a 34-byte slot of _pool where there is one: ~8 KB for 96) and the dict is never
# emptied, so once grown it makes no garbage; any other is looked up again (read again into
# _spare: two reads of the file) each time it is drawn, and a missing character gets its
# box.
#
# Strings are walked as their UTF-8 bytes, code points decoded here: iterating a str makes a
# one-character str per character, and on MicroPython every new str is first looked up among
# the interned ones (qstrs), a walk of every pool loaded from .mpy files: ~8,000 fuel a CJK
# character, ~15,000 an ASCII one on the VM with the firmware loaded. A byte costs ~1,000.
_KEPT = 96


def _room(count):
    """An empty dict whose table holds `count` glyphs with a quarter to spare (a full table
    makes every lookup a long walk), made in one piece now. MicroPython gives a dict a new,
    larger table only when the old one is full, and clear() frees it: grown glyph by glyph, a
    lean app's table asked for 584 bytes in one piece at its 60th glyph, late in an evening
    when the heap lay in small pieces (host_tests/test_pico_heap.py). A key deleted leaves
    the table as it is; deleted from the last to the first, these leave it as new."""
    size = count + count // 4
    room = dict.fromkeys(range(size))
    for cp in range(size - 1, -1, -1):
        del room[cp]
    return room


_glyphs = _room(_KEPT)
_lookup = _glyphs.get  # bound once: binding it in draw() would allocate per call
# Room for ui/lines.py's line() to write its jobs of glyphs() in (192 bytes), made at the first
# line drawn. line() finds each glyph in the image's font itself, kept or not: the glyphs it
# draws make no objects, which a small heap's app (keep()) gains most from.
_jobs = None
_job = bytearray(12) if _ink is not None else None  # one glyph's job, for glyph()
# The image's glyphs are read where they lie in its flash; any other font's are read into a
# pool of _KEPT slots, or into _spare once the pool is full.
_in_flash = memoryview(_flash) if _flash is not None else None
_pool = memoryview(bytearray(_KEPT * _SLOT)) if _flash is None else None
_spare = memoryview(bytearray(_SLOT)) if _flash is None else None
if _flash is None:
    _line = None  # it finds glyphs in the image's font only
_lows = bytearray(256) if _flash is None or _find is None else None  # a bucket's LOWS, read

# Reused for every glyph: the blit source [buffer, width, height, format] and the palette.
_src = [_spare, 8, 16, framebuf.MONO_HLSB]
_palette = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)


def index(cp):
    """Position of code point `cp` in the font, or -1 when it is not there."""
    if _ASCII_FIRST <= cp <= _ASCII_LAST:
        return cp - _ASCII_FIRST if _count else -1
    h = cp >> 8
    f = _font
    if h > 0xFF or f is None:
        return -1
    b = _head
    lo = (b[8 + 2 * h] << 8) | b[9 + 2 * h]
    n = ((b[10 + 2 * h] << 8) | b[11 + 2 * h]) - lo
    if not n:
        return -1
    if _find is not None and _flash is not None:  # in the image's flash, by machine code
        i = _find(_flash, _HEAD + lo, n, cp & 0xFF)
        return lo + i if i >= 0 else -1
    f.seek(_HEAD + lo)  # LOWS starts right after the header
    f.readinto(_lows)  # pyright: ignore[reportArgumentType]  (one read, no slice to allocate)
    # Within a bucket every high byte is h: compare the low bytes only.
    codes = _lows
    low = cp & 0xFF
    i = 0
    while i < n:
        mid = (i + n) >> 1
        c = codes[mid]  # pyright: ignore[reportOptionalSubscript]
        if c < low:
            i = mid + 1
        elif c > low:
            n = mid
        else:
            return lo + mid
    return -1


def _line_jobs():
    """Make line()'s room for its jobs of glyphs() (ui/lines.py JOBS, 12 bytes each)."""
    global _jobs
    _jobs = bytearray(192)


def _glyph(cp):
    """The glyph of code point `cp` (see _glyphs), or minus its box's width if the font
    lacks it (or cannot be read)."""
    kept = len(_glyphs)
    slot = None
    try:
        i = index(cp)
        f = _font
        if i >= 0 and _in_flash is not None:  # the image's: its slot where it lies
            slot = _in_flash[_SLOTS + _SLOT * i:_SLOTS + _SLOT * (i + 1)]
        elif i >= 0 and f is not None and _spare is not None:
            slot = _spare
            if kept < _KEPT and _pool is not None:
                slot = _pool[kept * _SLOT:(kept + 1) * _SLOT]
            f.seek(_SLOTS + _SLOT * i)
            if f.readinto(slot) != _SLOT:
                slot = None
    except (OSError, ValueError):  # unreadable, or closed
        slot = None
    if slot is None:
        return -16 if cp >= _WIDE_FROM else -8
    shape = slot[0]
    g = (slot[2:2 + slot[1]], (16 if shape & 0x80 else 8) | (shape & 0x0F) << 5)
    if kept < _KEPT:
        _glyphs[cp] = g
    return g


def forget():
    """Let the kept glyphs go: made one by one over an evening, they lie all over the heap,
    where a screen that needs kilobytes in one piece (the QR code) cannot have them. The
    next glyphs drawn are kept again, in the same pool and the same table (popped one by one:
    clear() would free the table, and the next glyph would ask for a new one, piece by
    piece)."""
    while _glyphs:
        _glyphs.popitem()


def keep(count):
    """Keep at most `count` glyphs instead of _KEPT: a small heap's app (ui/app.py, lean)
    gives back ~50-80 bytes a glyph and looks the others up again each time (where line()
    draws them, in the image, no glyph is kept: it finds them itself). Only before the first
    glyph is kept: the pool's slots are in use from then on."""
    global _KEPT, _pool, _glyphs, _lookup
    if count < _KEPT and not _glyphs:
        _KEPT = count
        if _pool is not None:
            _pool = memoryview(bytearray(count * _SLOT))
        _glyphs = _room(count)
        _lookup = _glyphs.get


def char_width(ch):
    """Width in pixels of one character (the box's width when it is missing)."""
    return width(ch)


def width(s, scale=1):
    """Width in pixels of `s` drawn on one line: what draw() advances."""
    if _odd is not None:
        return _measure_native(s, s, len(s), _odd, _odd_count) * scale  # pyright: ignore[reportOptionalCall]
    data = s.encode()
    return _measure(data, len(data)) * scale


def common_width(a, b):
    """Width in pixels of the characters that `a` and `b` both begin with."""
    if _odd is not None:
        n = len(a) if len(a) < len(b) else len(b)
        return _measure_native(a, b, n, _odd, _odd_count)  # pyright: ignore[reportOptionalCall]
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
def draw(fb, s, x, y, color, scale=1, clip=0, rows=0):
    """Draw `s` with its top-left corner at (x, y) in `color`; returns the x after it.

    Only ink is drawn: the background shows through (clear it first with fb.rect/fill).
    With `clip` > 0, only what falls in columns 0..clip-1 is drawn: characters outside are
    skipped (framebuf would clip them anyway, but the blit of each still costs), the drawing
    stops at clip and the x returned is then not the end. `rows` > 0 says that fb is an
    RGB565 FrameBuffer `clip` wide and `rows` high (a colour panel's strip): where ui/ink.py
    is deployed, its machine code draws each glyph that lies inside it (~10x faster than
    blit on the Pico)."""
    if scale != 1:
        return _draw_scaled(fb, s, x, y, color, scale, clip, rows)
    ink = _ink if rows else None
    tone = color | clip << 16 | 1 << 25  # ink()'s colour, strip width and scale
    # Ink 1 is already the colour: no palette, a third cheaper per glyph. Any other colour's
    # palette is set at the first glyph blitted (none, mostly, where ui/ink.py draws).
    key = 0 if color == 1 else -1
    pal = None
    src = _src
    get = _lookup
    # Where ui/lines.py's line() is, it draws the plain run of characters from byte i on; the
    # character it stops at (cut by the strip's edge, missing from the font) is drawn below,
    # then it goes on after it.
    fast = _line if ink is not None else None
    if fast is not None and _jobs is None:
        _line_jobs()
    data = s.encode()
    n = len(data)
    i = 0
    while i < n:
        if fast is not None:
            i = fast(fb, data, i | n << 16, (x + 1024) | (y + 1024) << 11, clip | rows << 16,
                     tone, _flash, _jobs)
            x = (i & 0xFFFF) - 0x8000
            i >>= 16
            if i >= n:
                break
        cp = data[i]  # decoded as in width()
        i += 1
        if cp >= 0x80:
            need = 1 if cp < 0xE0 else (2 if cp < 0xF0 else 3)
            cp &= 0x3F >> need
            while need:
                cp = (cp << 6) | (data[i] & 0x3F)
                i += 1
                need -= 1
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
        if v:  # a blank glyph (space) has no rows: nothing to draw
            height = len(v) >> (w >> 4)  # rows: 1 byte a row at 8 px, 2 at 16
            top = y + (shape >> 5)
            if ink is None or x < 0 or x + w > clip:
                if key < 0:
                    key = (color ^ 1) & 0xFFFF
                    pal = _palette
                    pal.pixel(0, 0, key)
                    pal.pixel(1, 0, color)
                src[0] = v
                src[1] = w
                src[2] = height
                fb.blit(src, x, top, key, pal)  # pyright: ignore[reportArgumentType]
            elif top >= 0 and top + height <= rows:  # all its rows inside the strip
                ink(fb, v, (top * clip + x) | height << 13 | 1 << 25, tone | (w >> 4) << 28,
                    _job)
            else:
                _ink_rows(fb, g, x, top, 1, clip, rows, tone)
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


def _ink_rows(fb, g, x, top, scale, clip, rows, tone):
    """Glyph g at scale, its first ink row at pixel row `top`, by ui/ink.py: the pixel rows
    inside the strip (`rows` high), those above it skipped, those below cut off."""
    v = g[0]
    wide = g[1] >> 4 & 1
    end = top + (len(v) >> wide) * scale
    if end > rows:
        end = rows
    start = -top if top < 0 else 0  # pixel rows above the strip
    if end > top + start:
        _ink(fb, v, ((top + start) * clip + x) | (end - top - start) << 13  # pyright: ignore[reportOptionalCall]
             | start // scale << 20 | (scale - start % scale) << 25, tone | wide << 28, _job)


def _draw_scaled(fb, s, x, y, color, scale, clip, rows):
    get = _lookup
    ink = _ink if rows else None  # as in draw()
    tone = color | clip << 16 | scale << 25
    if ink is not None and _line is not None:
        if _jobs is None:
            _line_jobs()
        # ui/lines.py's line() draws it whole where every glyph is in the font and within the
        # strip's columns (the big multiplier); else the Python below draws it all again, over
        # what line() drew of it: the same pixels.
        data = s.encode()
        n = len(data)
        done = _line(fb, data, n << 16, (x + 1024) | (y + 1024) << 11, clip | rows << 16, tone,
                     _flash, _jobs)
        if done >> 16 >= n:
            return (done & 0xFFFF) - 0x8000
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
        if ink is not None and x >= 0 and x + w <= clip:
            _ink_rows(fb, g, x, y + (g[1] >> 5) * scale, scale, clip, rows, tone)
            x += w
            continue
        r = _glyph_rects(cp, g)
        for i in range(0, len(r), 4):
            fb.fill_rect(x + r[i] * scale, y + r[i + 1] * scale, r[i + 2] * scale,
                         r[i + 3] * scale, color)
        x += w
    return x
