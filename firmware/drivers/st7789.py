"""ST7789 colour LCD driver: sends the strips the painter draws, each into its own window.

Written here from the Sitronix ST7789V datasheet: the command codes, parameters and waits below
are those of its command descriptions (chapter 9, "Command"), named by command.

The driver keeps no picture of the screen (drivers/strip.py says why and what it keeps):
the painter asks for strip(x, y, w, h), draws the box into it in RGB565 and calls send(),
which sets the window (CASET, RASET) and writes the pixels (RAMWR) as they are. Bytes on the
bus for a box of w x h pixels: 11 + 2wh; the whole 240 x 135 screen in 16-row strips:
10 x 11 + 64,800 = 64,910 (ten strips: the 3-row top margin, eight text rows, the 4-row
bottom; see host_tests/test_drivers_st7789.py and test_render_retained.py).

On rp2 (the Pico) the pixels of a strip go out by DMA (rp2.DMA, paced by the SPI's TX
DREQ) and send() returns at once: the painter draws the next strip into a second buffer
meanwhile (drivers/strip.py, strips=2: 7,680 bytes more at 240 wide), and the next send(),
command or show() first waits for the last one to be shifted out. The second buffer is
taken only where it can be afforded (the strips keyword; by default when ui/launch.py,
which measures the heap the board file left anyway, says so through second_strip(), as on
a Pico and not on a small heap): with one, each strip goes out by machine.SPI.write before
the next is drawn. A DMA channel clears a strip (clear()) at a fraction of framebuf's fill
either way. Elsewhere (and on the host's VM), machine.SPI.write as it is, one strip.

The datasheet's waits are kept as deadlines rather than sleeps where the boot has other work
to do: SWRESET, then with the first strip sent (5 ms later at the least: the boot's work goes
first) the set-up (in sleep-in mode, where the interface and RAM work) and the first picture
into RAM, then SLPOUT at the first show(), once 120 ms after SWRESET have passed (the journal
and the first picture take longer than that); no command within 5 ms of SLPOUT / SLPIN,
SLPOUT not within 120 ms of SLPIN.

The backlight stays off until the first whole picture is in the panel's RAM (show(), which
the app calls when a frame is drawn), so boot garbage is never seen; the same after wake().
set_brightness(percent) dims it: a machine.PWM backlight (anything with duty_u16) gets that
duty; a plain Pin backlight stays on at any level above 0 (a board without PWM is never dark
when only dimming was asked).
"""

from array import array
from time import sleep_ms, ticks_add, ticks_diff, ticks_ms

from micropython import const

from drivers.strip import DEFAULT_PALETTE, StripDisplay

try:  # rp2 (the Pico): a strip goes out by DMA while the painter draws the next one
    from machine import Pin, mem32
    from rp2 import DMA
except ImportError:  # elsewhere (and on the host's VM): machine.SPI.write, blocking
    DMA = mem32 = Pin = None
try:  # the scorekeeper's image: the window set and the DMA started in machine code
    from drivers import st7789_rp2
except (ImportError, SyntaxError):  # deployed, or its source on a port without viper: Python
    st7789_rp2 = None

# Command codes (datasheet, System Function Command table) and the waits each description asks.
_SWRESET = const(0x01)  # wait 5 ms before the next command, 120 ms before SLPOUT
_SLPIN = const(0x10)  # wait 5 ms before the next command, 120 ms before SLPOUT
_SLPOUT = const(0x11)  # wait 5 ms before the next command, 120 ms before SLPIN
_NEXT_MS = const(5)  # after SWRESET, SLPIN, SLPOUT: before the next command
_SLPOUT_MS = const(120)  # after SWRESET or SLPIN: before SLPOUT
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

# RP2040 datasheet: SPI0 and SPI1 (ARM PL022) at 0x4003C000 and 0x40040000; SSPDR at +0x08,
# SSPSR at +0x0C (bit 4 BSY: shifting, or the TX FIFO not empty). DMA DREQ of SPIn TX:
# 16 + 2n (DMA chapter, DREQ table). pico-sdk's spi_init enables the SPI's DMA requests.
_SPI_BASE = (0x4003C000, 0x40040000)
_SSPSR_BSY = const(0x10)
# The SIO's GPIO_OUT_SET and GPIO_OUT_CLR; the DMA's channel 0, each next 0x40 on.
_GPIO_OUT_SET = 0xD0000014
_GPIO_OUT_CLR = 0xD0000018
_DMA_BASE = 0x50000000
_GPIOS = 30  # the RP2040's GPIO0..29


def _spi_number(spi):
    """0 or 1: which of rp2's machine.SPI buses `spi` is; None off rp2 or for another bus."""
    if DMA is None:
        return None
    name = repr(spi)
    if not name.startswith("SPI(") or name[4] not in "01":
        return None
    return int(name[4])


def _send_channel(n):
    """(DMA channel, its CTRL word, SSPDR address, SSPSR address) that sends a strip over
    SPI n in the background."""
    dma = DMA()  # pyright: ignore[reportOptionalCall]  (called on rp2 only)
    # byte transfers, the read address walking the strip, the write address fixed on SSPDR,
    # paced by the SPI's TX FIFO
    ctrl = dma.pack_ctrl(size=0, inc_read=True, inc_write=False, treq_sel=16 + 2 * n)
    return dma, ctrl, _SPI_BASE[n] + 0x08, _SPI_BASE[n] + 0x0C


def _gpio(pin):
    """The GPIO number of an rp2 machine.Pin, or None (a Signal, an extender's pin). rp2's
    Pin(n) without settings is pin n's one object, left as it is."""
    for n in range(_GPIOS):
        if Pin(n) is pin:  # pyright: ignore[reportOptionalCall]  (called on rp2 only)
            return n
    return None


def _machine_send(n, dma, ctrl, dc, cs):
    """The registers drivers/st7789_rp2.py's send() works with, or None where it cannot (not
    the image, a DC or CS that is not a plain GPIO)."""
    if st7789_rp2 is None:
        return None
    dc_gpio = _gpio(dc)
    cs_gpio = _gpio(cs)
    if dc_gpio is None or cs_gpio is None:
        return None
    regs = array("I", bytes(4 * st7789_rp2.WORDS))
    regs[st7789_rp2.SPI] = _SPI_BASE[n]
    regs[st7789_rp2.DC] = 1 << dc_gpio
    regs[st7789_rp2.CS] = 1 << cs_gpio
    regs[st7789_rp2.DMA] = _DMA_BASE + 0x40 * dma.channel
    regs[st7789_rp2.CTRL] = ctrl
    regs[st7789_rp2.SET] = _GPIO_OUT_SET
    regs[st7789_rp2.CLEAR] = _GPIO_OUT_CLR
    return regs


def _fill_channel():
    """(DMA channel, CTRL for words, CTRL for half-words) that clears a strip: one colour (two
    pixels in a word) read again and again into the strip, unpaced (TREQ 0x3F, permanent)."""
    fill = DMA()  # pyright: ignore[reportOptionalCall]  (called on rp2 only)
    words = fill.pack_ctrl(size=2, inc_read=False, inc_write=True, treq_sel=0x3F)
    halves = fill.pack_ctrl(size=1, inc_read=False, inc_write=True, treq_sel=0x3F)
    return fill, words, halves


class ST7789(StripDisplay):
    """Drive a ST7789 panel over SPI (write-only, mode 0).

    spi, dc and cs are initialised machine.SPI / machine.Pin objects (dc, cs outputs); rst is
    an optional Pin; backlight an optional Pin or machine.PWM (made with duty_u16=0: dark).
    width and height are those of the picture as drawn (after rotation). offset is where the
    panel's top-left pixel sits in controller RAM in the native portrait orientation
    (rotation 0), e.g. (52, 40) for the 1.14" 135x240 panels.
    invert sends INVON (IPS panels), bgr sets the MADCTL colour order bit. palette: 16
    (r, g, b) for the painter's colour indices. strips: 2, a strip goes out by DMA while the
    painter draws the next into a second buffer (rp2 only); 1, one buffer, each strip sent
    (machine.SPI.write) before the next is drawn; 0 (the default), one until second_strip()
    takes the other (rp2 only).
    """

    def __init__(self, spi, dc, cs, rst=None, backlight=None, *, width=240, height=135,
                 offset=(0, 0), rotation=0, invert=False, bgr=False, palette=DEFAULT_PALETTE,
                 strips=0):
        n = self._n = _spi_number(spi)
        # Where a second strip may be taken later (second_strip): rp2, none asked for.
        self._may_add = n is not None and not strips
        if n is None or not strips:
            strips = 1  # nothing sends in the background here, or not yet
        super().__init__(width, height, palette, strips)
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._dma = None
        self._ctrl = self._dr = self._sr = 0
        self._regs = None  # drivers/st7789_rp2.py's, where it sends
        if strips == 2:
            self._send_by_dma()
        self._busy = False  # a strip is going out by DMA, CS still low
        fill = None if n is None else _fill_channel()
        self._fill = None if fill is None else fill[0]
        self._words = 0 if fill is None else fill[1]
        self._halves = 0 if fill is None else fill[2]
        self._color = bytearray(4)  # two pixels of the colour the fill channel reads
        self._filled = -1  # the colour in _color
        self._rst = rst
        self._bl = backlight
        self._pwm = backlight is not None and hasattr(backlight, "duty_u16")
        self.brightness = 100  # percent, as set_brightness() last asked
        self.rotation = rotation & 3
        self._dark = True  # backlight off until a whole picture is on the panel
        self._one = bytearray(1)
        self._four = bytearray(4)
        self.x0, self.y0 = _window_origin(self.rotation, width, height, offset)
        self._madctl = _ROTATION_MADCTL[self.rotation] | (_BGR if bgr else 0)
        self._invert = invert
        self.asleep = False
        # Datasheet waits as deadlines (ticks_ms), so that boot work runs meanwhile rather
        # than a sleep: SLPOUT not before _slpout_at, no command before _next_at.
        self._slpout_at = self._next_at = 0
        self._hold = False
        self._unset = False
        self._sleep_in = True  # SLPOUT not sent since the last SWRESET / SLPIN
        self._init()

    def _send_by_dma(self):
        self._dma, self._ctrl, self._dr, self._sr = _send_channel(self._n)
        self._regs = _machine_send(self._n, self._dma, self._ctrl, self._dc, self._cs)

    def second_strip(self, room):
        """Take the second strip (made with strips=0, on rp2) if it takes at most `room`
        bytes of the heap: ui/launch.py's call, before anything is drawn, once it knows the
        heap the board file left (the app's, kept whole, with this strip taken). Whether
        the display has two strips now."""
        if self._may_add and len(self._strip) <= room:
            self._may_add = False
            self._add_strip(bytearray(len(self._strip)))
            self._send_by_dma()
        return len(self._strips) == 2

    # -- bus ---------------------------------------------------------------------------------

    def _wait(self, deadline):
        left = ticks_diff(deadline, ticks_ms())
        if left > 0:
            sleep_ms(left)

    def _finish(self):
        """Wait for the strip going out by DMA (if any) to be shifted out, then CS high."""
        if self._busy:
            dma = self._dma
            while dma.active():  # pyright: ignore[reportOptionalMemberAccess]  (busy: DMA)
                pass
            sr = self._sr
            while mem32[sr] & _SSPSR_BSY:  # pyright: ignore[reportOptionalSubscript]
                pass
            self._cs(1)
            self._busy = False

    def _command(self, cmd, data=None):
        self._finish()
        if self._hold:
            self._settle()
        one = self._one
        one[0] = cmd
        self._cs(0)
        self._dc(0)
        self._spi.write(one)
        if data is not None:
            self._dc(1)
            self._spi.write(data)
        self._cs(1)

    def _command_byte(self, cmd, value):
        self._finish()
        if self._hold:
            self._settle()
        one = self._one
        self._cs(0)
        self._dc(0)
        one[0] = cmd
        self._spi.write(one)
        self._dc(1)
        one[0] = value
        self._spi.write(one)
        self._cs(1)


    # -- set-up ------------------------------------------------------------------------------

    def _light(self, percent):
        bl = self._bl
        if bl is None:
            return
        if self._pwm:
            bl.duty_u16(percent * 65535 // 100)
        else:
            bl(1 if percent else 0)

    def _init(self):
        self._light(0)  # dark until the first full picture is in RAM: no boot garbage
        if self._rst is not None:
            # Hardware reset: low pulse >= 10 us (datasheet reset timing, TRW), then up to 120 ms
            # (TRT) before the controller takes commands.
            self._rst(1)
            sleep_ms(1)
            self._rst(0)
            sleep_ms(1)
            self._rst(1)
            sleep_ms(120)
        # SWRESET leaves the controller in sleep-in mode, where "only the MCU interface and
        # memory work" (SLPIN description): the set-up commands and the first picture are
        # taken there. SLPOUT must wait 120 ms after SWRESET, so it is sent by the first
        # show(), after the boot has done its work (the journal, the first picture) in those
        # 120 ms instead of sleeping through them. No command for 5 ms after SWRESET: the
        # set-up goes with the first command or strip sent (_settle), by which time the
        # boot has spent them on its work too.
        self._command(_SWRESET)
        now = ticks_ms()
        self._slpout_at = ticks_add(now, _SLPOUT_MS)
        self._next_at = ticks_add(now, _NEXT_MS)
        self._hold = True
        self._sleep_in = True
        self._unset = True  # the set-up commands are owed

    def _set_up(self):
        self._unset = False
        self._command_byte(_COLMOD, _COLMOD_565)
        self._command_byte(_MADCTL, self._madctl)
        self._command(_INVON if self._invert else _INVOFF)
        self._command(_NORON)
        self._command(_DISPON)

    def _sleep_out(self):
        """SLPOUT, once 120 ms have passed since SWRESET / SLPIN; no command in the 5 ms
        after it (send() and _command() wait for _next_at while _hold)."""
        self._finish()
        self._wait(self._slpout_at)
        self._command(_SLPOUT)
        self._next_at = ticks_add(ticks_ms(), _NEXT_MS)
        self._hold = True
        self._sleep_in = False

    def _settle(self):
        self._hold = False
        self._wait(self._next_at)
        if self._unset:
            self._set_up()

    # -- drawing out ---------------------------------------------------------------------------

    def send(self):
        """Put the last strip (StripDisplay.strip) on the panel, in a window of its box.

        The three commands go in one CS-low period (DC tells commands from data), written
        out rather than through _command(): a send per strip makes these the driver's
        hottest lines. On rp2 the pixels go by DMA and send() returns at once: the painter
        draws the next strip into the other buffer meanwhile, and the next send() (or
        command, or show()) first waits for this one to be shifted out."""
        if self._busy:
            self._finish()
        if self._hold:
            self._settle()
        regs = self._regs
        if regs is not None:
            x = self.x0 + self.box_x
            y = self.y0 + self.box_y
            st7789_rp2.send(regs, self._strip, x, y, self.box_w, self.box_h)  # pyright: ignore[reportOptionalMemberAccess, reportArgumentType]
            self._busy = True
            self._turn()
            return
        spi = self._spi
        dc = self._dc
        one = self._one
        four = self._four
        x = self.x0 + self.box_x
        y = self.y0 + self.box_y
        self._cs(0)
        dc(0)
        one[0] = _CASET
        spi.write(one)
        end = x + self.box_w - 1  # CASET/RASET: start, end, big-endian
        four[0] = x >> 8
        four[1] = x & 0xFF
        four[2] = end >> 8
        four[3] = end & 0xFF
        dc(1)
        spi.write(four)
        dc(0)
        one[0] = _RASET
        spi.write(one)
        end = y + self.box_h - 1
        four[0] = y >> 8
        four[1] = y & 0xFF
        four[2] = end >> 8
        four[3] = end & 0xFF
        dc(1)
        spi.write(four)
        dc(0)
        one[0] = _RAMWR
        spi.write(one)
        dc(1)
        dma = self._dma
        if dma is None:
            spi.write(self.strip_bytes())
            self._cs(1)
            return
        dma.config(read=self._strip, write=self._dr, count=2 * self.box_w * self.box_h,
                   ctrl=self._ctrl, trigger=True)
        self._busy = True
        self._turn()

    def clear(self, color):
        """Fill the strip handed out last with `color`: by DMA on rp2 (framebuf's fill walks
        the pixels in C at ~10 cycles each: ~37,000 cycles a 240 x 16 strip)."""
        fill = self._fill
        if fill is None:
            self._fb.fill(color)
            return
        if color != self._filled:
            c = self._color
            c[0] = c[2] = color & 0xFF  # as framebuf stores a pixel: low byte first
            c[1] = c[3] = color >> 8
            self._filled = color
        n = self.box_w * self.box_h
        if n & 1:
            fill.config(read=self._color, write=self._strip, count=n, ctrl=self._halves,
                        trigger=True)
        else:
            fill.config(read=self._color, write=self._strip, count=n >> 1, ctrl=self._words,
                        trigger=True)
        while fill.active():
            pass

    def show(self):
        """A whole frame has been sent: light the backlight if it is still off (after
        SLPOUT, the first time since SWRESET)."""
        self._finish()
        if self._dark and not self.asleep:
            if self._sleep_in:
                self._sleep_out()
            self._dark = False
            self._light(self.brightness)

    def set_brightness(self, percent):
        """Backlight at `percent` (0..100): at once if lit, else from the next show()."""
        self.brightness = percent
        if not self._dark and not self.asleep:
            self._light(percent)

    def sleep(self):
        """Backlight off, display off, controller asleep (RAM is kept)."""
        self._light(0)
        self._command(_DISPOFF)
        self._command(_SLPIN)
        now = ticks_ms()
        self._slpout_at = ticks_add(now, _SLPOUT_MS)
        self._next_at = ticks_add(now, _NEXT_MS)
        self._hold = True
        self._sleep_in = True
        self.asleep = True

    def wake(self):
        """Leave sleep. The panel kept its RAM, but the app redraws the whole screen anyway
        (Painter.forget): the next show() lights the backlight. SLPOUT waits out what is
        left of the 120 ms after SLPIN (the board slept far longer), then 5 ms before
        DISPON."""
        self._sleep_out()
        self._command(_DISPON)
        self._dark = True  # lit by the show() after the painter has sent the screen again
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
