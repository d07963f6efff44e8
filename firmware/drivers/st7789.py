"""ST7789 colour LCD driver: a 4-bit framebuffer with a 16-colour table, pushing only what changed.

Written here from the Sitronix ST7789V datasheet: the command codes, parameters and waits below
are those of its command descriptions (chapter 9, "Command"), named by command.

Why 4 bits a pixel: the panel wants RGB565 (2 bytes a pixel), but the scorekeeper draws with a
handful of colours. A framebuf.GS4_HMSB buffer holds a colour index per pixel and each row is
converted to RGB565 through a 16-entry table only while it is sent, in ONE line buffer:

    240 x 135 panel: GS4 framebuffer 16,200 bytes + line buffer 480 + table 32
                     (an RGB565 framebuffer would be 64,800 bytes: 4x as much RAM)

The conversion is framebuf's own blit() with a palette (C speed, no viper, runs on every port
and on the host VM): the RGB565 line buffer is a FrameBuffer, the 4-bit buffer is blitted into
it at (-x, -row), and framebuf clips everything but those pixels. It costs ~120 fuel a pixel
on the VM, whatever the number of rows per blit, so what counts is how many pixels are sent.

Two ways to send:

- show_rects(boxes): the caller says which boxes changed (ui.paint.Painter knows what it
  redrew), each goes in its own CASET/RASET window, columns included, with no checksums at
  all. A narrow box converts several of its rows per blit in the same 480-byte line buffer
  (six rows of 40 px): no RAM beyond it, a small FrameBuffer object per box.
- show(): sends only rows whose checksum (binascii.crc32 per row) changed since the last
  show(), as runs of consecutive rows, full width. For callers that do not say what changed
  (the crash screen, micropython-lib-style code). After a show_rects() its checksums are stale,
  so the next show() sends everything.

The first show/show_rects() and the first after wake() send everything. `pushed` holds the
bytes the last one put on the bus (commands, parameters and pixels), which the benchmark reads:

    full frame 240 x 135: 64,811 bytes; one changed pixel row: 491 bytes; a box of w x h
    pixels: 11 + 2wh (measured, see host_tests/test_drivers_st7789.py and
    test_render_retained.py)

Cost of show()'s checksums: one memoryview per row (made once) and one int per row (~1.2M fuel
for 135 rows on the VM, which is why App.render uses show_rects()). crc32 returns a boxed int
for 3 values in 4 on 32-bit ports, so show() leaves about 3 KB of short-lived garbage.
"""

import binascii
from time import sleep_ms

import framebuf
from micropython import const

# Command codes (datasheet, System Function Command table) and the waits each description asks.
_SWRESET = const(0x01)  # wait 5 ms before the next command, 120 ms before SLPOUT
_SLPIN = const(0x10)  # wait 5 ms before the next command
_SLPOUT = const(0x11)  # wait 5 ms before the next command, 120 ms before SLPIN
_NORON = const(0x13)  # normal display mode (partial mode off)
_INVOFF = const(0x20)
_INVON = const(0x21)  # the 1.14" IPS panels show true colours only with this on
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)  # column start and end, 2 bytes each, big-endian
_RASET = const(0x2B)  # row start and end, 2 bytes each, big-endian
_RAMWR = const(0x2C)  # pixel data follows, into the window, row after row
_MADCTL = const(0x36)  # memory data access control
_COLMOD = const(0x3A)  # interface pixel format

# COLMOD 0x55: D6..D4 = 101 "65K of RGB interface", D2..D0 = 101 "16 bit/pixel"
# (COLMOD 3Ah description).
_COLMOD_565 = const(0x55)

# MADCTL bits (MADCTL 36h description): MY mirrors rows, MX mirrors columns, MV exchanges rows
# and columns, RGB selects BGR order of the panel's sub-pixels.
_MY = const(0x80)
_MX = const(0x40)
_MV = const(0x20)
_BGR = const(0x08)

# The controller's frame memory is 240 columns x 320 rows (datasheet: 240RGB x 320 display
# RAM); smaller panels sit inside it at an offset, and mirroring moves that offset (see
# _window_origin).
_RAM_W = const(240)
_RAM_H = const(320)

# rotation (quarter turns clockwise from the panel's native portrait) -> MADCTL. The same four
# orientations as TFT_eSPI's ST7789_Rotation.h, whose offsets for 135x240 panels
# (52,40 / 40,53 / 53,40 / 40,52) the tests check _window_origin against.
_ROTATION_MADCTL = (0, _MX | _MV, _MX | _MY, _MV | _MY)


def rgb565(r, g, b):
    """16-bit colour from 8-bit r, g, b."""
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


# Default colour table: index 0 is black (background) and 1 is white (foreground), so a screen
# drawn with colours 0 and 1 looks the same on the mono 128x64 layout. The rest are for the
# colour layout; screens name them through these indices.
BLACK = const(0)
WHITE = const(1)
GREY = const(2)
DARK_GREY = const(3)
RED = const(4)
GREEN = const(5)
BLUE = const(6)
YELLOW = const(7)
ORANGE = const(8)
CYAN = const(9)
MAGENTA = const(10)
DARK_RED = const(11)
DARK_GREEN = const(12)
DARK_BLUE = const(13)
GOLD = const(14)
LIGHT_GREY = const(15)

DEFAULT_PALETTE = (
    (0, 0, 0), (255, 255, 255), (128, 128, 128), (64, 64, 64),
    (230, 40, 40), (40, 200, 70), (50, 110, 240), (250, 220, 40),
    (250, 140, 20), (40, 210, 220), (220, 60, 200), (120, 10, 10),
    (10, 90, 30), (10, 30, 100), (200, 160, 40), (192, 192, 192),
)


class ST7789(framebuf.FrameBuffer):
    """Drive a ST7789 panel over SPI (write-only, mode 0).

    spi, dc and cs are initialised machine.SPI / machine.Pin objects (dc, cs outputs); rst and
    backlight are optional Pins. width and height are those of the picture as drawn (after
    rotation). offset is where the panel's top-left pixel sits in controller RAM in the
    native portrait orientation (rotation 0), e.g. (52, 40) for the 1.14" 135x240 panels.
    invert sends INVON (IPS panels), bgr sets the MADCTL colour order bit.
    """

    def __init__(self, spi, dc, cs, rst=None, backlight=None, *, width=240, height=135,
                 offset=(0, 0), rotation=0, invert=False, bgr=False, palette=DEFAULT_PALETTE):
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._rst = rst
        self._bl = backlight
        self.width = width
        self.height = height
        self.rotation = rotation & 3
        # The framebuffer first, while the heap is least fragmented (DESIGN: allocate it first).
        row_bytes = (width + 1) // 2
        self.buffer = bytearray(row_bytes * height)
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB)
        self._line = bytearray(width * 2)
        self._line_fb = framebuf.FrameBuffer(self._line, width, 1, framebuf.RGB565)
        self._table = bytearray(32)
        self._table_fb = framebuf.FrameBuffer(self._table, 16, 1, framebuf.RGB565)
        for i in range(16):
            r, g, b = palette[i] if i < len(palette) else (0, 0, 0)
            self.set_color(i, r, g, b)
        mv = memoryview(self.buffer)
        self._rows = [mv[y * row_bytes:(y + 1) * row_bytes] for y in range(height)]
        self._sums = [0] * height
        self._full = True
        self._unsummed = False  # show_rects() ran since the last show()
        self.pushed = 0
        self._one = bytearray(1)
        self._four = bytearray(4)
        self.x0, self.y0 = _window_origin(self.rotation, width, height, offset)
        self._madctl = _ROTATION_MADCTL[self.rotation] | (_BGR if bgr else 0)
        self._invert = invert
        self.asleep = False
        self._init()

    # -- bus ---------------------------------------------------------------------------------

    def _command(self, cmd, data=None):
        one = self._one
        one[0] = cmd
        self._cs(0)
        self._dc(0)
        self._spi.write(one)
        n = 1
        if data is not None:
            self._dc(1)
            self._spi.write(data)
            n += len(data)
        self._cs(1)
        return n

    def _command_byte(self, cmd, value):
        one = self._one
        self._cs(0)
        self._dc(0)
        one[0] = cmd
        self._spi.write(one)
        self._dc(1)
        one[0] = value
        self._spi.write(one)
        self._cs(1)
        return 2

    def _command_pair(self, cmd, start, end):
        four = self._four
        four[0] = start >> 8
        four[1] = start & 0xFF
        four[2] = end >> 8
        four[3] = end & 0xFF
        return self._command(cmd, four)

    # -- set-up ------------------------------------------------------------------------------

    def _init(self):
        if self._bl is not None:
            self._bl(0)  # dark until the first full picture is in RAM: no boot garbage
        if self._rst is not None:
            # Hardware reset: low pulse >= 10 us (datasheet reset timing, TRW), then up to 120 ms
            # (TRT) before the controller takes commands.
            self._rst(1)
            sleep_ms(1)
            self._rst(0)
            sleep_ms(1)
            self._rst(1)
            sleep_ms(120)
        self._command(_SWRESET)
        sleep_ms(150)  # 120 ms before SLPOUT is allowed
        self._command(_SLPOUT)
        sleep_ms(10)  # 5 ms before the next command
        self._command_byte(_COLMOD, _COLMOD_565)
        self._command_byte(_MADCTL, self._madctl)
        self._command(_INVON if self._invert else _INVOFF)
        self._command(_NORON)
        self._command(_DISPON)

    def set_color(self, index, r, g, b):
        """Set colour table entry `index` (0..15) to 8-bit r, g, b.

        The table is an RGB565 FrameBuffer, which stores pixels little-endian; the panel takes
        the high byte first (datasheet: 16-bit/pixel write, RGB 5-6-5), so entries are kept
        byte-swapped and the converted line goes out as it is."""
        c = rgb565(r, g, b)
        self._table_fb.pixel(index, 0, (c & 0xFF) << 8 | c >> 8)

    def color_of(self, index):
        """The RGB565 value of table entry `index` (for screenshots and tests)."""
        c = self._table_fb.pixel(index, 0)
        return (c & 0xFF) << 8 | c >> 8

    # -- drawing out ---------------------------------------------------------------------------

    def _push(self, first, last, x0=0, x1=0):
        """Send columns x0..x1-1 (all when x1 is 0) of rows first..last-1; returns the bytes
        sent. The rows are converted through the colour table into the line buffer, as many
        at a time as fit in it (one full-width row, six 40-px ones)."""
        w = self.width
        if x1 <= 0:
            x1 = w
        n = self._command_pair(_CASET, self.x0 + x0, self.x0 + x1 - 1)
        n += self._command_pair(_RASET, self.y0 + first, self.y0 + last - 1)
        one = self._one
        one[0] = _RAMWR
        self._cs(0)
        self._dc(0)
        self._spi.write(one)
        self._dc(1)
        cols = x1 - x0
        per = len(self._line) // (2 * cols)  # rows per conversion
        if cols == w and per == 1:
            line = self._line
            line_fb = self._line_fb
        else:
            line = memoryview(self._line)[:2 * cols * per]
            line_fb = framebuf.FrameBuffer(line, cols, per, framebuf.RGB565)
        table = self._table_fb
        spi = self._spi
        y = first
        while y + per <= last:
            line_fb.blit(self, -x0, -y, -1, table)
            spi.write(line)
            y += per
        if y < last:  # the last few rows
            line = memoryview(self._line)[:2 * cols * (last - y)]
            framebuf.FrameBuffer(line, cols, last - y, framebuf.RGB565).blit(
                self, -x0, -y, -1, table)
            spi.write(line)
        self._cs(1)
        return n + 1 + (last - first) * 2 * cols

    def show(self):
        """Send the rows that changed since the last show() (all of them the first time)."""
        crc = binascii.crc32
        rows = self._rows
        sums = self._sums
        full = self._full or self._unsummed
        h = self.height
        sent = 0
        y = 0
        while y < h:
            c = crc(rows[y])
            if full or c != sums[y]:
                sums[y] = c
                first = y
                y += 1
                while y < h:
                    c = crc(rows[y])
                    if not full and c == sums[y]:
                        break
                    sums[y] = c
                    y += 1
                sent += self._push(first, y)
            y += 1
        self.pushed = sent
        self._unsummed = False
        self._lit()

    def show_rects(self, rects):
        """Send just these boxes, given flat as [x0, y0, x1, y1, x0, ...] (x1, y1 excluded),
        each in its own window: the caller (ui.paint.Painter) knows what it redrew, so no row
        is checksummed. Everything is sent the first time and after wake(), as show() does."""
        self._unsummed = True  # show()'s checksums no longer describe the panel
        if self._full:
            self.pushed = self._push(0, self.height)
            self._lit()
            return
        sent = 0
        for i in range(0, len(rects), 4):
            sent += self._push(rects[i + 1], rects[i + 3], rects[i], rects[i + 2])
        self.pushed = sent

    def _lit(self):
        if self._full:
            self._full = False
            if self._bl is not None:
                self._bl(1)

    def sleep(self):
        """Backlight off, display off, controller asleep (RAM is kept)."""
        if self._bl is not None:
            self._bl(0)
        self._command(_DISPOFF)
        self._command(_SLPIN)
        sleep_ms(5)
        self.asleep = True

    def wake(self):
        """Leave sleep; the next show() sends the whole picture and lights the backlight."""
        self._command(_SLPOUT)
        sleep_ms(120)  # SLPIN-to-SLPOUT and SLPOUT settling
        self._command(_DISPON)
        self._full = True
        self.asleep = False


def _window_origin(rotation, width, height, offset):
    """Column and row of the picture's top-left pixel in controller RAM for a rotation.

    With MV set the column address walks RAM rows; MX then mirrors the row address and MY the
    column address, so a mirrored axis counts its offset from the far end of RAM."""
    ox, oy = offset
    if rotation & 1:
        pw, ph = height, width  # the panel's native (portrait) size
    else:
        pw, ph = width, height
    if rotation == 0:
        return ox, oy
    if rotation == 1:
        return oy, _RAM_W - pw - ox
    if rotation == 2:
        return _RAM_W - pw - ox, _RAM_H - ph - oy
    return _RAM_H - ph - oy, ox
