"""The ST7789 driver on the MicroPython VM, against a fake SPI bus and fake pins that record
every byte with the level of DC at the time: the init sequence, the address window per
rotation, the colour table, and which rows show() sends.

One VM run does everything (the VM costs about half a second to start) and prints a JSON
report; the tests read it.
"""

import json

import pytest

from tools import mpvm

GUEST = r"""
import json
from drivers.st7789 import ST7789, RED, WHITE

class Bus:
    def __init__(self):
        self.dc = 0
        self.cs = 1
        self.log = []  # [command, bytearray of parameters/pixels]
        self.bytes = 0
        self.pins = []

class FakePin:
    def __init__(self, bus, name):
        self.bus = bus
        self.name = name
        self.v = None
    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v
        if self.name == 'dc':
            self.bus.dc = v
        elif self.name == 'cs':
            self.bus.cs = v
        else:
            self.bus.pins.append((self.name, v))

class FakeSPI:
    def __init__(self, bus):
        self.bus = bus
    def write(self, buf):
        b = self.bus
        assert b.cs == 0, 'write with CS high'
        b.bytes += len(buf)
        if b.dc == 0:
            for c in bytes(buf):
                b.log.append([c, bytearray()])
        else:
            b.log[-1][1].extend(buf)

def make(rotation=1, w=240, h=135, rst=True):
    bus = Bus()
    d = ST7789(FakeSPI(bus), FakePin(bus, 'dc'), FakePin(bus, 'cs'),
               FakePin(bus, 'rst') if rst else None, FakePin(bus, 'bl'),
               width=w, height=h, offset=(52, 40), rotation=rotation, invert=True)
    return bus, d

def commands(bus):
    return [[c, list(p) if len(p) <= 4 else len(p)] for c, p in bus.log]

def take(bus):
    out = commands(bus)
    bus.log = []
    n = bus.bytes
    bus.bytes = 0
    return out, n

report = {}
bus, d = make()
report['init'] = take(bus)[0]
report['init_pins'] = bus.pins
bus.pins = []
report['buffer_bytes'] = len(d.buffer)
report['line_bytes'] = len(d._line)

d.set_color(RED, 255, 0, 0)
d.fill(0)
d.pixel(0, 0, RED)
d.pixel(1, 0, WHITE)
d.show()
report['first'] = take(bus)
report['first_pushed'] = d.pushed
report['backlight_after_first'] = bus.pins

# The first row's pixel bytes, from a fresh push of row 0.
d.pixel(2, 0, WHITE)
d.show()
row0 = bus.log[-1][1]
report['row0_head'] = list(row0[:8])
take(bus)

d.show()
report['unchanged'] = take(bus)
report['unchanged_pushed'] = d.pushed

d.hline(0, 70, 10, WHITE)
d.show()
report['one_row'] = take(bus)
report['one_row_pushed'] = d.pushed

d.pixel(5, 3, RED)
d.pixel(5, 4, RED)
d.pixel(5, 100, RED)
d.show()
report['two_runs'] = take(bus)

bus.pins = []
d.sleep()
report['sleep'] = take(bus)[0]
report['sleep_pins'] = bus.pins
bus.pins = []
d.wake()
report['wake'] = take(bus)[0]
d.show()
report['after_wake_pushed'] = d.pushed
report['after_wake_pins'] = bus.pins

windows = []
for rot in range(4):
    w, h = (135, 240) if rot % 2 == 0 else (240, 135)
    bus, d = make(rot, w, h, rst=False)
    madctl = [c for c in take(bus)[0] if c[0] == 0x36][0][1][0]
    d.show()
    log = commands(bus)
    windows.append([log[0], log[1], (d.x0, d.y0), madctl])
report['windows'] = windows
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def report():
    out = mpvm.run(GUEST)
    return json.loads(out.stdout.strip().splitlines()[-1])


SWRESET, SLPIN, SLPOUT, NORON, INVON = 0x01, 0x10, 0x11, 0x13, 0x21
DISPOFF, DISPON, CASET, RASET, RAMWR, MADCTL, COLMOD = 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x36, 0x3A


def test_init_sequence_follows_the_datasheet(report):
    assert report["init"] == [
        [SWRESET, []], [SLPOUT, []], [COLMOD, [0x55]], [MADCTL, [0x60]], [INVON, []],
        [NORON, []], [DISPON, []],
    ]
    # Backlight dark first, then a reset pulse on RST.
    assert report["init_pins"] == [["bl", 0], ["rst", 1], ["rst", 0], ["rst", 1]]


def test_framebuffer_is_four_bits_a_pixel(report):
    assert report["buffer_bytes"] == 16_200  # 240 x 135 / 2; RGB565 would be 64,800
    assert report["line_bytes"] == 480


def test_first_show_pushes_the_whole_frame_and_lights_the_backlight(report):
    log, n = report["first"]
    assert log == [[CASET, [0, 40, 0x01, 0x17]], [RASET, [0, 53, 0, 187]], [RAMWR, 64_800]]
    assert n == report["first_pushed"] == 64_811
    assert report["backlight_after_first"] == [["bl", 1]]


def test_colour_table_converts_pixels_to_big_endian_rgb565(report):
    # pixel 0 red (0xF800), pixels 1 and 2 white, pixel 3 black
    assert report["row0_head"] == [0xF8, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00]


def test_show_without_changes_sends_nothing(report):
    assert report["unchanged"] == [[], 0]
    assert report["unchanged_pushed"] == 0


def test_a_one_row_change_sends_one_row(report):
    log, n = report["one_row"]
    assert log == [[CASET, [0, 40, 0x01, 0x17]], [RASET, [0, 53 + 70, 0, 53 + 70]], [RAMWR, 480]]
    assert n == report["one_row_pushed"] == 491


def test_separate_changes_go_as_separate_runs_of_rows(report):
    log, _ = report["two_runs"]
    windows = [entry[1] for entry in log if entry[0] == RASET]
    assert windows == [[0, 56, 0, 57], [0, 153, 0, 153]]  # rows 3-4, then row 100
    assert [entry[1] for entry in log if entry[0] == RAMWR] == [960, 480]


def test_sleep_and_wake(report):
    assert report["sleep"] == [[DISPOFF, []], [SLPIN, []]]
    assert report["sleep_pins"] == [["bl", 0]]
    assert report["wake"] == [[SLPOUT, []], [DISPON, []]]
    assert report["after_wake_pushed"] == 64_811  # everything again after wake
    assert report["after_wake_pins"] == [["bl", 1]]


def test_window_per_rotation_matches_tft_espi_offsets(report):
    # TFT_eSPI ST7789_Rotation.h, CGRAM_OFFSET, 135-wide panel: rotation -> (colstart,
    # rowstart) = 0: (52, 40), 1: (40, 53), 2: (53, 40), 3: (40, 52).
    expected = [(52, 40, 135, 240), (40, 53, 240, 135), (53, 40, 135, 240), (40, 52, 240, 135)]
    madctl = [0x00, 0x60, 0xC0, 0xA0]  # -, MX|MV, MX|MY, MV|MY as in TFT_eSPI
    for (caset, raset, origin, mad), (x, y, w, h), m in zip(report["windows"], expected, madctl):
        assert mad == m
        assert caset == [CASET, [x >> 8, x & 255, (x + w - 1) >> 8, (x + w - 1) & 255]]
        assert raset == [RASET, [y >> 8, y & 255, (y + h - 1) >> 8, (y + h - 1) & 255]]
        assert origin == [x, y]
