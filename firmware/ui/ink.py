# ruff: noqa: F821
# pyright: reportUndefinedVariable=false, reportCallIssue=false
# (The assembler's own names: mov, label, r4 ...; push({r2, r6}) is a set of registers.)
"""Glyphs' ink drawn straight into a colour panel's RGB565 strip, in Thumb machine code.

Why: on the Pico (MicroPython 1.28 on the emulated RP2040) framebuf.blit draws a 16x16
glyph through a two-colour palette at ~33,000 cycles: for every pixel of the glyph it reads
the glyph's pixel, looks it up in the palette and writes it, each a C call. Here a row is
shifted out a bit at a time and each ink pixel is one 16-bit store: ~4,000 cycles a glyph,
the call from Python included (ui/lines.py's line(), in the image, draws a line's glyphs in
one call, ~2,000 cycles each with its walk of the text). A big glyph (scale > 1: the
multiplier, the totals) is its pixels as blocks, where ui/text.py otherwise fills its
rectangles one Python call each. (Viper, tried first, took ~10,000 cycles a glyph at best:
most of its locals live on the stack.)

Inline assembler for the Cortex-M0+ (armv6m), so this module runs only on an RP2040:
tools/deploy.py compiles it with `mpy-cross -march=armv6m` for a board file that says
mpy_arch = "armv6m", and leaves it off every other board. Where it is absent (the
MicroPython VM of the tests and of the simulator, which cannot run machine code, an ESP32)
ui/text.py draws with framebuf as before: the same pixels, which host_tests/test_pico_*.py
check (test_pico_native.py glyph by glyph against blit and fill_rect; the others compare
the emulated Pico's screens with the VM's). RAM: frozen into the image, none; deployed, the
.mpy is 548 bytes and takes 624 bytes of the heap once imported (by ui/text.py, at boot),
measured on the emulated Pico.
"""

import micropython


# Glyphs drawn one after another, as `count` jobs of three 32-bit words (an array("i"), the
# 12 bytes of glyph() below, or ui/lines.py line()'s room for them): a call costs ~2,500
# cycles from Python or viper, a glyph ~1,000.
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
