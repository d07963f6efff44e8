# ruff: noqa: F821
# pyright: reportUndefinedVariable=false
# (Viper's own names: ptr8, ptr32.)
"""Text measured, drawn and looked up in machine code (viper) on the RP2040, frozen into the
scorekeeper's image only (ports/rp2/manifest.py).

A stock board that tools.deploy fills gets ui/ink.py alone: loaded from a file, machine code
sits in the heap (these functions would take some 3.5 KB of a Pico's, which its deployed
app cannot spare); frozen, it runs from flash and costs the heap nothing. Where this module
is absent ui/text.py measures, draws and looks up in Python, glyph by glyph: the same
widths and pixels, which host_tests/test_pico_native.py checks.
"""

import micropython

from ui.ink import glyphs


# The width of a line of text, in machine code: ui/text.py's measure walks the UTF-8 in
# Python at ~10,000 cycles a Chinese character, and the painter measures every string that
# changed on every press (and the screens' wrap() many more). From the code points alone, by
# the font's width rule: 8 px below U+1100, 16 from it, save the code points `odd` lists
# (the font's WIDTHS, tools/glyphs.py: 2 bytes each, sorted, `k` of them), which break it.
# The first `chars` characters of `s` are measured, as far as they are `t`'s too: `t` is `s`
# for a whole line, the other text for what two begin with (t must have `chars` characters as
# well). Both are str or bytes (both lend their UTF-8). No glyph is read and nothing is
# allocated. Viper, not the assembler: a loop of comparisons with little to keep in
# registers, where viper's code is close enough.
@micropython.viper
def measure(s, t, chars: int, odd, k: int) -> int:
    b = ptr8(s)
    other = ptr8(t)
    table = ptr8(odd)
    first = 0x110000
    last = 0
    if k:
        first = table[0] << 8 | table[1]
        last = table[2 * k - 2] << 8 | table[2 * k - 1]
    w = 0
    i = 0
    while chars > 0:
        chars -= 1
        c = b[i]
        if c != other[i]:
            break
        if c < 0x80:
            w += 8
            i += 1
            continue
        # The lead bytes are the same: so is the length, and the rest is compared.
        if c < 0xE0:
            if b[i + 1] != other[i + 1]:
                break
            cp = (c & 0x1F) << 6 | (b[i + 1] & 0x3F)
            i += 2
        elif c < 0xF0:
            if b[i + 1] != other[i + 1] or b[i + 2] != other[i + 2]:
                break
            cp = (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F)
            i += 3
        else:
            if (b[i + 1] != other[i + 1] or b[i + 2] != other[i + 2]
                    or b[i + 3] != other[i + 3]):
                break
            cp = 0x10000  # beyond the font's plane: a missing character's box, full width
            i += 4
        wide = 1 if cp >= 0x1100 else 0
        if first <= cp <= last:
            lo = 0
            hi = k
            while lo < hi:
                mid = (lo + hi) >> 1
                v = table[2 * mid] << 8 | table[2 * mid + 1]
                if v < cp:
                    lo = mid + 1
                elif v > cp:
                    hi = mid
                else:
                    wide ^= 1
                    break
        w += 8 + (wide << 3)
    return w


# A line of text drawn into a colour panel's strip: ui/text.py's draw() spends ~10,000 cycles a
# Chinese character in Python around one glyph's machine code (the UTF-8 walk, the lookup,
# the checks, the call). Here the walk, the lookup and the checks are machine code, and the
# glyphs are drawn by glyphs() in one call for the line. Each glyph is found in the image's
# font where it lies in flash (its bucket's LOWS searched as find() below does, written in:
# a call from viper to viper costs as much as the search) and drawn from its slot there:
# nothing read into RAM, so a glyph never seen before costs what a seen one does. Only what
# is plain is done here: a glyph drawn within the strip's columns (its pixel rows above and
# below the strip cut off) or passed over left of it. At the first character that is
# neither (missing from the font, cut by the left or right edge, right of the strip, beyond
# the font's plane) it stops and returns, for ui/text.py to deal with that one in Python and
# call again after it.
# `font` is the image's font (tools/glyphs.py's layout, a bytes constant in flash); `jobs`
# room for JOBS jobs of glyphs() (12 bytes each). `s` is UTF-8 bytes, drawn from byte
# `span & 0xFFFF` to byte `span >> 16`; `at` is the pen (x + 1024) | (the line's top in the
# strip + 1024) << 11; `size` the strip's width | its rows << 16; `tone` the colour word of
# glyphs(), its scale with it. Few arguments, packed: each costs a call ~200 cycles. Returns
# where it stopped: the byte index << 16 | (the pen's x + 0x8000).
JOBS = 16  # a line's glyphs drawn in a call or two: 12 bytes of RAM each


@micropython.viper
def line(fb, s, span: int, at: int, size: int, tone: int, font, jobs) -> int:
    b = ptr8(s)
    f = ptr8(font)
    q = ptr8(int(f) + 522 + (f[4] << 8 | f[5]))  # the glyphs' slots, after the LOWS
    slots = int(q)
    job = ptr32(jobs)
    room = int(job)
    done = 0  # jobs written
    strip = int(ptr8(fb))  # its pixels' address: glyphs() takes an int for less than a buffer
    i = span & 0xFFFF
    n = span >> 16
    x = (at & 0x7FF) - 1024
    y = (at >> 11) - 1024
    clip = size & 0xFFFF
    rows = size >> 16
    scale = (tone >> 25) & 7
    while i < n:
        c = b[i]
        length = 1
        cp = c
        if c >= 0xF0:
            break  # beyond the font's plane: its box
        if c >= 0xE0:
            cp = (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F)
            length = 3
        elif c >= 0x80:
            cp = (c & 0x1F) << 6 | (b[i + 1] & 0x3F)
            length = 2
        if 0x20 <= cp <= 0x7E:
            pos = int(cp) - 0x20  # printable ASCII: entries 0..94
        else:
            h = 8 + 2 * (int(cp) >> 8)  # its bucket: LOWS from BUCKETS[h] up to the next
            lo = int(f[h]) << 8 | int(f[h + 1])
            hi = (int(f[h + 2]) << 8 | int(f[h + 3])) - lo
            low = int(cp) & 0xFF
            pos = -1
            first = 0
            while first < hi:
                mid = (first + hi) >> 1
                v = int(f[522 + lo + mid])
                if v < low:
                    first = mid + 1
                elif v > low:
                    hi = mid
                else:
                    pos = lo + mid
                    break
            if pos < 0:
                break  # not in the font: its box
        o = pos * 34
        shape = q[o]
        wide = shape >> 7
        w = (8 << wide) * scale
        if x + w <= 0:  # left of the strip (a box redrawn from the middle of a line)
            x += w
            i += length
            continue
        if x < 0 or x + w > clip:
            break  # cut by the strip's left or right edge, or past it
        rowbytes = q[o + 1]
        if rowbytes:  # a blank glyph (space) has no rows
            top = y + (shape & 15) * scale  # its first pixel row with ink
            end = top + (rowbytes >> wide) * scale
            if end > rows:
                end = rows  # the rows below the strip cut off
            above = 0 - top if top < 0 else 0  # pixel rows above the strip, skipped
            if end > top + above:
                whole = 0  # glyph rows above the strip, and what is left of the next one
                part = above
                while part >= scale:
                    part -= scale
                    whole += 1
                job[3 * done] = slots + o + 2
                job[3 * done + 1] = ((top + above) * clip + x | (end - top - above) << 13
                                     | whole << 20 | (scale - part) << 25)
                job[3 * done + 2] = tone | wide << 28
                done += 1
                if done == 16:  # JOBS
                    glyphs(strip, room, done)
                    done = 0
        x += w
        i += length
    if done:
        glyphs(strip, room, done)
    return i << 16 | (x + 0x8000)


# Where a glyph is in the font: the binary search of one bucket of its LOWS (tools/glyphs.py)
# for the low byte of a code point, read in place in the image's font (a bytes constant in
# flash): the position in the bucket, or -1. ui/text.py's Python search, with the bucket read
# into RAM first, took ~80 us of the ~300 a glyph costs the first time it is drawn.
@micropython.viper
def find(font, start: int, n: int, low: int) -> int:
    codes = ptr8(font)
    i = 0
    while i < n:
        mid = (i + n) >> 1
        c = int(codes[start + mid])
        if c < low:
            i = mid + 1
        elif c > low:
            n = mid
        else:
            return mid
    return -1
