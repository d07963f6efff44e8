# ruff: noqa: F821
# pyright: reportUndefinedVariable=false, reportCallIssue=false
# (The assembler's own names: mov, label, r4 ...; push({r2, r6}) is a set of registers.)
"""Glyphs' ink drawn straight into a colour panel's RGB565 strip, a line of text drawn and
measured, in Thumb machine code.

Why: on the Pico (MicroPython 1.28 on the emulated RP2040) framebuf.blit draws a 16x16
glyph through a two-colour palette at ~33,000 cycles: for every pixel of the glyph it reads
the glyph's pixel, looks it up in the palette and writes it, each a C call. Here a row is
shifted out a bit at a time and each ink pixel is one 16-bit store: ~4,000 cycles a glyph,
the call from Python included; line() draws a line's glyphs in one call, ~2,000 cycles each
with its walk of the text. A big glyph (scale > 1: the multiplier, the totals) is its pixels as
blocks, where ui/text.py otherwise fills its rectangles one Python call each. (Viper, tried
first, took ~10,000 cycles a glyph at best: most of its locals live on the stack.)

Inline assembler for the Cortex-M0+ (armv6m), so this module runs only on an RP2040:
tools/deploy.py compiles it with `mpy-cross -march=armv6m` for a board file that says
mpy_arch = "armv6m", and leaves it off every other board. Where it is absent (the
MicroPython VM of the tests and of the simulator, which cannot run machine code, an ESP32)
ui/text.py draws with framebuf as before: the same pixels, which host_tests/test_pico_*.py
check (test_pico_native.py glyph by glyph against blit and fill_rect, and measure() against
the glyphs' own widths; the others compare the emulated Pico's screens with the VM's). RAM:
frozen into the image, none; deployed, the .mpy is 3,736 bytes and takes 3,840 bytes of the
heap once imported (by ui/text.py, at boot), measured on the emulated Pico.
"""

import micropython


# Glyphs drawn one after another, as `count` jobs of three 32-bit words (an array("i"), or
# line()'s buffer below): a call costs ~2,500 cycles from Python or viper, a glyph ~1,000.
# r0: the strip's pixels (a FrameBuffer or its address: inline assembler is given a buffer's)
# r1: the jobs, each:
#     the glyph's rows' address (MONO_HLSB: a byte a row, two when wide; the leftmost pixel
#     the top bit);
#     what to draw of it: the pixel index in the strip of the first pixel row's left end
#     (bits 0-12), how many pixel rows (13-19), the glyph rows above them (20-24: clipped
#     off by the strip's top) and the pixel rows of the first glyph row drawn (25-27);
#     the colour (bits 0-15, as framebuf stores it), the strip's width in pixels (16-24),
#     scale (25-27), wide (28: 16 px, else 8)
# r2: count
# Columns are not clipped: ui/text.py draws a glyph that sticks out left or right with
# framebuf. Uses r4-r7, which the assembler's entry code saves; returns 0 (no object made).
@micropython.asm_thumb
def glyphs(r0, r1, r2):
    label(JOB)
    cmp(r2, 0)
    bne(GO)
    b(EXIT)  # (a conditional branch reaches only 256 bytes)
    label(GO)
    push({r0, r1, r2})
    ldr(r3, [r1, 8])
    ldr(r2, [r1, 4])
    ldr(r1, [r1, 0])  # one glyph: r1 its rows, r2 what to draw, r3 the colour word
    mov(r5, r2)
    lsl(r5, r5, 7)
    lsr(r5, r5, 27)
    mov(r6, r3)
    lsr(r6, r6, 28)
    lsl(r5, r6)
    add(r1, r1, r5)  # r1: the first glyph row drawn
    mov(r5, r2)
    lsl(r5, r5, 19)
    lsr(r5, r5, 18)
    add(r0, r0, r5)  # r0: the first pixel row's left end in the strip
    mov(r5, r2)
    lsr(r5, r5, 25)
    lsl(r2, r2, 12)
    lsr(r2, r2, 25)
    lsl(r5, r5, 8)
    orr(r2, r5)  # r2: pixel rows left | the glyph row's rows left << 8
    mov(r7, r3)
    lsl(r7, r7, 7)
    lsr(r7, r7, 23)
    add(r7, r7, r7)  # r7: the strip's row in bytes
    mov(r4, r3)
    lsl(r4, r4, 4)
    lsr(r4, r4, 29)  # r4: scale
    lsl(r3, r3, 16)
    lsr(r3, r3, 16)  # r3: the colour alone
    label(ROW)  # a pixel row: the glyph row's bits in r5, right to left
    push({r2, r6})
    ldrb(r5, [r1, 0])
    cmp(r6, 0)
    beq(NARROW)
    ldrb(r2, [r1, 1])
    lsl(r5, r5, 8)
    orr(r5, r2)
    label(NARROW)
    mov(r2, r4)
    lsl(r2, r2, 4)
    lsl(r2, r6)
    add(r2, r2, r0)
    sub(r2, 2)  # r2: the rightmost pixel of the glyph's row
    cmp(r5, 0)
    beq(DONE)
    label(BIT)
    lsr(r5, r5, 1)
    bcc(BLANK)
    mov(r6, r4)
    label(DOT)  # an ink pixel: scale pixels of the colour
    strh(r3, [r2, 0])
    sub(r2, 2)
    sub(r6, 1)
    bne(DOT)
    b(AFTER)
    label(BLANK)  # none: past its scale pixels
    mov(r6, r4)
    add(r6, r6, r6)
    sub(r2, r2, r6)
    label(AFTER)
    cmp(r5, 0)
    bne(BIT)
    label(DONE)
    pop({r2, r6})
    add(r0, r0, r7)  # the next pixel row
    sub(r2, 1)
    mov(r5, 255)
    and_(r5, r2)
    beq(END)
    mov(r5, 1)
    lsl(r5, r5, 8)
    sub(r2, r2, r5)
    mov(r5, r2)
    lsr(r5, r5, 8)
    bne(ROW)  # more pixel rows of this glyph row
    mov(r5, r4)
    lsl(r5, r5, 8)
    orr(r2, r5)
    mov(r5, 1)
    lsl(r5, r6)
    add(r1, r1, r5)  # the next glyph row, scale pixel rows of it
    b(ROW)
    label(END)
    pop({r0, r1, r2})
    add(r1, 12)  # the next job
    sub(r2, 1)
    b(JOB)
    label(EXIT)
    mov(r0, 0)


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


# One glyph by glyphs(), for ui/text.py's Python: `rows` its rows (a memoryview), `where` and
# `tone` the job's other two words, `job` 12 bytes to write the job in.
# Viper hands glyphs() the rows' address, which Python could only have from uctypes, an
# import a boot pays for in file lookups.
@micropython.viper
def glyph(fb, rows, where: int, tone: int, job):
    jobs = ptr32(job)
    jobs[0] = int(ptr8(rows))
    jobs[1] = where
    jobs[2] = tone
    glyphs(fb, jobs, 1)


# A line of text drawn into a colour panel's strip: ui/text.py's draw() spends ~10,000 cycles a
# Chinese character in Python around one glyph's machine code (the UTF-8 walk, the lookup,
# the checks, the call). Here the walk, the lookup and the checks are machine code, and the
# glyphs are drawn by glyphs() in one call for the line. Only what is plain is done here: a
# glyph kept in ui/text.py's pool, drawn within the strip's columns (its pixel rows above and
# below the strip cut off) or passed over left of it. At the first character that is neither
# (not kept yet, cut by the left or right edge, right of the strip, beyond the font's plane)
# it stops and returns, for ui/text.py to deal with that one in Python and call again after
# it.
# `index` and `pool` are ui/text.py's: an index of the kept glyphs, open-addressed from
# (cp ^ cp >> 8) & 255 on (bytes 0-511 the code points, 2 bytes each; 512-767 their slot + 1,
# 0 for none), then room for JOBS jobs of glyphs() (768-959); the pool of their slots (34
# bytes each, as in the font file). `s` is UTF-8 bytes, drawn from byte `span & 0xFFFF` to
# byte `span >> 16`; `at` is the pen (x + 1024) | (the line's top in the strip + 1024) << 11;
# `size` the strip's width | its rows << 16; `tone` the colour word of glyphs(), its scale
# with it. Few arguments, packed: each costs a call ~200 cycles. Returns where it stopped:
# the byte index << 16 | (the pen's x + 0x8000).
JOBS = 16  # a line's glyphs drawn in a call or two: 12 bytes of RAM each


@micropython.viper
def line(fb, s, span: int, at: int, size: int, tone: int, index, pool) -> int:
    b = ptr8(s)
    p = ptr8(index)
    base = int(p)
    q = ptr8(pool)
    slots = int(q)
    jobs = ptr32(base + 768)
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
        h = (cp ^ cp >> 8) & 255
        slot = int(p[512 + h])
        while slot and (p[2 * h] << 8 | p[2 * h + 1]) != cp:
            h = (h + 1) & 255
            slot = int(p[512 + h])
        if not slot:
            break  # not kept yet: read from the font
        o = (slot - 1) * 34
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
                jobs[3 * done] = slots + o + 2
                jobs[3 * done + 1] = ((top + above) * clip + x | (end - top - above) << 13
                                      | whole << 20 | (scale - part) << 25)
                jobs[3 * done + 2] = tone | wide << 28
                done += 1
                if done == 16:  # JOBS
                    glyphs(strip, base + 768, done)
                    done = 0
        x += w
        i += length
    if done:
        glyphs(strip, base + 768, done)
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
