"""The ST7789 driver on the MicroPython VM, against a fake SPI bus and fake pins that record
every byte with the level of DC at the time: the init sequence, the address window per
rotation, the colour table, what a strip sends, and the backlight.

One VM run does everything (the VM costs about half a second to start) and prints a JSON
report; the tests read it.
"""

import json

import pytest

from tools import mpvm

GUEST = r"""
import json
from drivers.st7789 import ST7789
RED, WHITE = 4, 1
RASET_ = 0x2B

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
report['strip_bytes'] = len(d._strip)
report['rows'] = [d.rows(240), d.rows(40), d.rows(7)]

d.set_color(RED, 255, 0, 0)
fb = d.strip(0, 0, 240, 16)
fb.fill(d.colors[0])
fb.pixel(0, 0, d.colors[RED])
fb.pixel(1, 0, d.colors[WHITE])
d.send()
report['first'] = take(bus)
report['backlight_before_show'] = list(bus.pins)
d.show()
report['backlight_after_show'] = list(bus.pins)
bus.pins = []
d.show()
report['backlight_after_second_show'] = bus.pins

fb = d.strip(0, 0, 240, 16)
fb.fill(d.colors[0])
fb.pixel(0, 0, d.colors[RED])
fb.pixel(1, 0, d.colors[WHITE])
d.send()
report['head'] = list(bus.log[-1][1][:6])
take(bus)

fb = d.strip(10, 70, 30, 5)
fb.fill(d.colors[WHITE])
d.send()
report['box'] = take(bus)
report['box_pixels_white'] = all(v == 0xFFFF for v in [fb.pixel(x, y) for x in range(30)
                                                         for y in range(5)])

bus.pins = []
d.sleep()
report['sleep'] = take(bus)[0]
report['sleep_pins'] = bus.pins
bus.pins = []
d.wake()
report['wake'] = take(bus)[0]
report['after_wake_pins'] = list(bus.pins)
d.show()
report['after_wake_show_pins'] = bus.pins

windows = []
for rot in range(4):
    w, h = (135, 240) if rot % 2 == 0 else (240, 135)
    bus, d = make(rot, w, h, rst=False)
    madctl = [c for c in take(bus)[0] if c[0] == 0x36][0][1][0]
    d.strip(0, 0, w, 1)  # the first row, then the last: the window's two ends
    d.send()
    d.strip(0, h - 1, w, 1)
    d.send()
    log = commands(bus)
    raset = [RASET_, log[1][1][:2] + log[4][1][2:]]
    windows.append([log[0], raset, (d.x0, d.y0), madctl])
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


def test_the_driver_keeps_one_strip_not_a_framebuffer(report):
    assert report["strip_bytes"] == 7_680  # 240 x 16 x 2; a 240x135 RGB565 frame is 64,800
    assert report["rows"] == [16, 96, 548]


def test_a_strip_goes_into_its_window_as_drawn(report):
    log, n = report["first"]
    assert log == [[CASET, [0, 40, 0x01, 0x17]], [RASET, [0, 53, 0, 68]], [RAMWR, 7_680]]
    assert n == 11 + 7_680
    log, n = report["box"]
    assert log == [[CASET, [0, 50, 0, 79]], [RASET, [0, 123, 0, 127]], [RAMWR, 300]]
    assert n == 11 + 300
    assert report["box_pixels_white"]


def test_colours_go_out_as_big_endian_rgb565(report):
    # pixel 0 red (0xF800), pixel 1 white, pixel 2 black
    assert report["head"] == [0xF8, 0x00, 0xFF, 0xFF, 0x00, 0x00]


def test_backlight_waits_for_the_first_whole_frame(report):
    # Dark from init (no boot garbage) until show() says a frame is on the panel.
    assert report["backlight_before_show"] == []
    assert report["backlight_after_show"] == [["bl", 1]]
    assert report["backlight_after_second_show"] == []


def test_sleep_and_wake(report):
    assert report["sleep"] == [[DISPOFF, []], [SLPIN, []]]
    assert report["sleep_pins"] == [["bl", 0]]
    assert report["wake"] == [[SLPOUT, []], [DISPON, []]]
    assert report["after_wake_pins"] == []  # dark until the app has sent the screen again
    assert report["after_wake_show_pins"] == [["bl", 1]]


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
