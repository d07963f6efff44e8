# ruff: noqa: F821
# pyright: reportUndefinedVariable=false
# (Viper's own names: ptr8, ptr32, uint.)
"""The ST7789's window set and the strip's DMA started in machine code (viper) on the RP2040,
frozen into the scorekeeper's image only (ports/rp2/manifest.py), never deployed: loaded from
a file its code would sit in a stock Pico's heap. Where it is absent drivers/st7789.py does the
same from Python, with machine.SPI.write, Pin calls and rp2.DMA.config: some 0.2 ms a strip
on a Pico (a cursor move sends four strips, a whole screen ten), where this takes a tenth of
it. Every byte on the bus and every pin change is the same either way.

Written from the RP2040 datasheet: the SIO's GPIO_OUT_SET and GPIO_OUT_CLR registers set and
clear output pins in one write; the SPI (an ARM PL022) takes bytes in its data register SSPDR
(+0x08) into an 8-deep FIFO, and its status register SSPSR (+0x0C) has bit 4, BSY, set while
it shifts or holds bytes; a DMA channel's registers are READ_ADDR, WRITE_ADDR, TRANS_COUNT and
CTRL_TRIG (+0x00 to +0x0C), writing the last starts it. The ST7789 reads a byte with DC low as
a command, with DC high as its parameters or pixels (ST7789V datasheet, serial interface): DC
changes only once the bytes before it are all shifted out.
"""

import micropython

# What send() reads in `regs` (an array of unsigned 32-bit words, drivers/st7789.py fills it)
SPI = 0  # the SPI's base address
DC = 1  # the DC pin's bit in the SIO's GPIO registers
CS = 2  # the CS pin's bit
DMA = 3  # the DMA channel's base address
CTRL = 4  # its CTRL word: bytes, the read address walking the strip, paced by the SPI's TX
SET = 5  # the SIO's GPIO_OUT_SET address
CLEAR = 6  # its GPIO_OUT_CLR address
WORDS = 7


@micropython.viper
def send(regs: ptr32, strip: ptr8, x: int, y: int, w: int, h: int):
    """CS low; CASET x..x+w-1, RASET y..y+h-1, RAMWR; then the strip's 2wh bytes by DMA,
    which goes on once this returns (CS stays low until the driver sees it done)."""
    data = ptr32(regs[0] + 8)
    status = ptr32(regs[0] + 12)
    dc = regs[1]
    high = ptr32(regs[5])
    low = ptr32(regs[6])
    low[0] = regs[2]  # CS low
    command = 0x2A  # CASET x..x+w-1, then RASET y..y+h-1: start and end, big-endian
    first = x
    last = x + w - 1
    while command <= 0x2B:
        low[0] = dc
        data[0] = command
        while status[0] & 0x10:
            pass
        high[0] = dc
        data[0] = first >> 8
        data[0] = first & 0xFF
        data[0] = last >> 8
        data[0] = last & 0xFF
        while status[0] & 0x10:
            pass
        command += 1
        first = y
        last = y + h - 1
    low[0] = dc
    data[0] = 0x2C  # RAMWR
    while status[0] & 0x10:
        pass
    high[0] = dc
    channel = ptr32(regs[3])
    channel[0] = uint(strip)  # READ_ADDR
    channel[1] = regs[0] + 8  # WRITE_ADDR: SSPDR
    channel[2] = 2 * w * h  # TRANS_COUNT
    channel[3] = regs[4]  # CTRL_TRIG: go
