"""ST7789 colour LCD driver: sends the strips the painter draws, each into its own window.

Written here from the Sitronix ST7789V datasheet: the command codes, parameters and waits below
are those of its command descriptions (chapter 9, "Command"), named by command.

The driver keeps no picture of the screen (drivers/strip.py says why and what it keeps):
the painter asks for strip(x, y, w, h), draws the box into it in RGB565 and calls send(),
which sets the window (CASET, RASET) and writes the pixels (RAMWR) as they are. Bytes on the
bus for a box of w x h pixels: 11 + 2wh; the whole 240 x 135 screen in 16-row strips:
10 x 11 + 64,800 = 64,910 (ten strips: the 3-row top margin, eight text rows, the 4-row
bottom; see host_tests/test_drivers_st7789.py and test_render_retained.py).

The backlight stays off until the first whole picture is in the panel's RAM (show(), which
the app calls when a frame is drawn), so boot garbage is never seen; the same after wake().
set_brightness(percent) dims it: a machine.PWM backlight (anything with duty_u16) gets that
duty; a plain Pin backlight stays on at any level above 0 (a board without PWM is never dark
when only dimming was asked).
"""

from time import sleep_ms

from micropython import const

from drivers.strip import DEFAULT_PALETTE, StripDisplay

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


class ST7789(StripDisplay):
    """Drive a ST7789 panel over SPI (write-only, mode 0).

    spi, dc and cs are initialised machine.SPI / machine.Pin objects (dc, cs outputs); rst is
    an optional Pin; backlight an optional Pin or machine.PWM (made with duty_u16=0: dark).
    width and height are those of the picture as drawn (after rotation). offset is where the
    panel's top-left pixel sits in controller RAM in the native portrait orientation
    (rotation 0), e.g. (52, 40) for the 1.14" 135x240 panels.
    invert sends INVON (IPS panels), bgr sets the MADCTL colour order bit. palette: 16
    (r, g, b) for the painter's colour indices.
    """

    def __init__(self, spi, dc, cs, rst=None, backlight=None, *, width=240, height=135,
                 offset=(0, 0), rotation=0, invert=False, bgr=False, palette=DEFAULT_PALETTE):
        super().__init__(width, height, palette)
        self._spi = spi
        self._dc = dc
        self._cs = cs
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
        self._init()

    # -- bus ---------------------------------------------------------------------------------

    def _command(self, cmd, data=None):
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
        self._command(_SWRESET)
        sleep_ms(150)  # 120 ms before SLPOUT is allowed
        self._command(_SLPOUT)
        sleep_ms(10)  # 5 ms before the next command
        self._command_byte(_COLMOD, _COLMOD_565)
        self._command_byte(_MADCTL, self._madctl)
        self._command(_INVON if self._invert else _INVOFF)
        self._command(_NORON)
        self._command(_DISPON)

    # -- drawing out ---------------------------------------------------------------------------

    def send(self):
        """Put the last strip (StripDisplay.strip) on the panel, in a window of its box.

        The three commands go in one CS-low period (DC tells commands from data), written
        out rather than through _command(): a send per strip makes these the driver's
        hottest lines."""
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
        _pair(four, x, x + self.box_w - 1)
        dc(1)
        spi.write(four)
        dc(0)
        one[0] = _RASET
        spi.write(one)
        _pair(four, y, y + self.box_h - 1)
        dc(1)
        spi.write(four)
        dc(0)
        one[0] = _RAMWR
        spi.write(one)
        dc(1)
        spi.write(self.strip_bytes())
        self._cs(1)

    def show(self):
        """A whole frame has been sent: light the backlight if it is still off."""
        if self._dark and not self.asleep:
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
        sleep_ms(5)
        self.asleep = True

    def wake(self):
        """Leave sleep. The panel kept its RAM, but the app redraws the whole screen anyway
        (Painter.forget): the next show() lights the backlight."""
        self._command(_SLPOUT)
        sleep_ms(120)  # SLPIN-to-SLPOUT and SLPOUT settling
        self._command(_DISPON)
        self._dark = True  # lit by the show() after the painter has sent the screen again
        self.asleep = False


def _pair(four, start, end):
    """A CASET/RASET parameter: start and end, 2 bytes each, big-endian."""
    four[0] = start >> 8
    four[1] = start & 0xFF
    four[2] = end >> 8
    four[3] = end & 0xFF


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
