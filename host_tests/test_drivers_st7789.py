"""The ST7789 driver on the MicroPython VM, against a fake SPI bus and fake pins that record
every byte with the level of DC at the time: the init sequence, the address window per
rotation, the colour table, what a strip sends, and the backlight (a Pin, or a PWM that dims).

One VM run does everything (the VM costs about half a second to start) and prints a JSON
report; the tests read it.
"""

import json

import pytest

from tools import mpvm

GUEST = r"""
import json
import time
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
        self.times = []  # [command, time.ticks_ms() when it was sent]

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
                b.times.append([c, time.ticks_ms()])
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
# Two strips asked for where nothing sends in the background (no rp2.DMA): one, blocking.
other = Bus()
two = ST7789(FakeSPI(other), FakePin(other, 'dc'), FakePin(other, 'cs'), None, None, strips=2)
report['strips_without_dma'] = [len(d._strips), len(two._strips), two._dma is None]
del two, other
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
report['show'] = take(bus)[0]
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
d.strip(0, 0, 240, 16)
d.send()
report['times'] = bus.times

windows = []
for rot in range(4):
    w, h = (135, 240) if rot % 2 == 0 else (240, 135)
    bus, d = make(rot, w, h, rst=False)
    d.strip(0, 0, w, 1)  # the first row, then the last: the window's two ends
    d.send()
    d.strip(0, h - 1, w, 1)
    d.send()
    log = commands(bus)
    madctl = [c for c in log if c[0] == 0x36][0][1][0]
    log = log[6:]  # after SWRESET and the set-up the first strip sent
    raset = [RASET_, log[1][1][:2] + log[4][1][2:]]
    windows.append([log[0], raset, (d.x0, d.y0), madctl])
report['windows'] = windows

class FakePWM:
    # machine.PWM's duty_u16(), recorded
    def __init__(self, bus):
        self.bus = bus
    def duty_u16(self, v=None):
        self.bus.pins.append(('duty', v))

def dims(pwm):
    bus = Bus()
    bl = FakePWM(bus) if pwm else FakePin(bus, 'bl')
    d = ST7789(FakeSPI(bus), FakePin(bus, 'dc'), FakePin(bus, 'cs'), None, bl,
               width=240, height=135, offset=(52, 40), rotation=1, invert=True)
    steps = []
    def note(name):
        steps.append([name, bus.pins[:]])
        bus.pins.clear()
    note('init')
    d.set_brightness(10)  # before the first picture: remembered, still dark
    note('dim_dark')
    d.show()
    note('show')
    d.set_brightness(100)
    note('full')
    d.set_brightness(10)
    note('dim')
    d.sleep()
    note('sleep')
    d.set_brightness(100)  # asleep: remembered for the show after wake
    d.wake()
    note('wake')
    d.show()
    note('wake_show')
    d.set_brightness(0)
    note('zero')
    return steps

report['pwm'] = dims(True)
report['pin'] = dims(False)
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def report():
    out = mpvm.run(GUEST)
    return json.loads(out.stdout.strip().splitlines()[-1])


SWRESET, SLPIN, SLPOUT, NORON, INVON = 0x01, 0x10, 0x11, 0x13, 0x21
DISPOFF, DISPON, CASET, RASET, RAMWR, MADCTL, COLMOD = 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x36, 0x3A


def test_init_sequence_follows_the_datasheet(report):
    # Set up in sleep-in mode, where the interface and memory work, with the first strip:
    # the 5 ms after SWRESET go to the boot's work, and SLPOUT waits for the first show(),
    # so that the 120 ms it must wait after SWRESET do too.
    assert report["init"] == [[SWRESET, []]]
    assert report["first"][0][:5] == [
        [COLMOD, [0x55]], [MADCTL, [0x60]], [INVON, []], [NORON, []], [DISPON, []],
    ]
    assert report["show"] == [[SLPOUT, []]]
    # Backlight dark first, then a reset pulse on RST.
    assert report["init_pins"] == [["bl", 0], ["rst", 1], ["rst", 0], ["rst", 1]]


def test_the_datasheet_waits_are_kept(report):
    # SWRESET and SLPIN: 5 ms before the next command, 120 ms before SLPOUT; SLPOUT: 5 ms
    # before the next command (ST7789V command descriptions).
    times = report["times"]
    for i, (cmd, at) in enumerate(times):
        if cmd in (SWRESET, SLPIN, SLPOUT) and i + 1 < len(times):
            assert times[i + 1][1] - at >= 5, (cmd, times[i + 1])
        if cmd == SLPOUT:
            before = [t for c, t in times[:i] if c in (SWRESET, SLPIN)]
            assert at - before[-1] >= 120
    assert [c for c, _ in times].count(SLPOUT) == 2  # the first show, and wake


def test_the_driver_keeps_one_strip_not_a_framebuffer(report):
    assert report["strip_bytes"] == 7_680  # 240 x 16 x 2; a 240x135 RGB565 frame is 64,800
    assert report["rows"] == [16, 96, 548]


def test_without_dma_one_strip_even_when_two_are_asked_for(report):
    # Two (sent by DMA while the next is drawn) are tested on the emulated Pico:
    # test_pico_native.py.
    assert report["strips_without_dma"] == [1, 1, True]


def test_a_strip_goes_into_its_window_as_drawn(report):
    log, n = report["first"]
    assert log[5:] == [[CASET, [0, 40, 0x01, 0x17]], [RASET, [0, 53, 0, 68]], [RAMWR, 7_680]]
    assert n == 7 + 11 + 7_680  # after the set-up's 5 commands and 2 parameters
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


def test_a_pwm_backlight_dims_and_a_pin_backlight_stays_on(report):
    full, dim = 65535, 65535 * 10 // 100
    assert report["pwm"] == [
        ["init", [["duty", 0]]], ["dim_dark", []], ["show", [["duty", dim]]],
        ["full", [["duty", full]]], ["dim", [["duty", dim]]], ["sleep", [["duty", 0]]],
        ["wake", []], ["wake_show", [["duty", full]]], ["zero", [["duty", 0]]]]
    # A plain Pin cannot dim: lit at any brightness above 0 (a board without PWM is never
    # dark when only dimming was asked), off for sleep.
    assert report["pin"] == [
        ["init", [["bl", 0]]], ["dim_dark", []], ["show", [["bl", 1]]], ["full", [["bl", 1]]],
        ["dim", [["bl", 1]]], ["sleep", [["bl", 0]]], ["wake", []], ["wake_show", [["bl", 1]]],
        ["zero", [["bl", 0]]]]


# The 320x240 panel of the Pico Display Pack 2.0 / 2.8 (boards/pico_display_pack_2.py): its
# glass fills the controller's 240x320 RAM, so the window has no offset. Pimoroni's driver
# (pimoroni-pico drivers/st7789/st7789.cpp, the "Pico Display 2.0" case) sends CASET 0..319,
# RASET 0..239 and MADCTL MX|MV|ML; here MX|MV (ML only sets the refresh direction).
GUEST_320 = r"""
import json
from drivers.st7789 import ST7789

class Bus:
    def __init__(self):
        self.dc = 0
        self.log = []
        self.bytes = 0
    def pin(self, name):
        def level(v=None):
            if name == 'dc' and v is not None:
                self.dc = v
        return level
    def write(self, buf):
        self.bytes += len(buf)
        if self.dc == 0:
            self.log.extend([c, []] for c in bytes(buf))
        else:
            self.log[-1][1].extend(buf if len(buf) <= 4 else [len(buf)])

report = {}
for rotation in (1, 3):
    bus = Bus()
    d = ST7789(bus, bus.pin('dc'), bus.pin('cs'), None, bus.pin('bl'), width=320, height=240,
               offset=(0, 0), rotation=rotation, invert=True)
    d.strip(0, 0, 1, 1)  # the set-up goes with the first strip sent
    d.send()
    out = {'madctl': [p for c, p in bus.log if c == 0x36], 'origin': [d.x0, d.y0],
           'strip': len(d._strip), 'rows': [d.rows(320), d.rows(240), d.rows(40)]}
    bus.log, bus.bytes = [], 0
    y = 0
    while y < d.height:  # the whole screen, as the painter sends it
        h = min(d.rows(d.width), d.height - y)
        d.strip(0, y, d.width, h)
        d.send()
        y += h
    out['full'] = [bus.bytes, len(bus.log) // 3, bus.log[:3], bus.log[-3:-1]]
    bus.log = []
    d.strip(300, 230, 20, 10)  # the bottom right corner
    d.send()
    out['corner'] = bus.log
    report[rotation] = out
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def report_320():
    out = mpvm.run(GUEST_320)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_320x240_panel_gets_the_whole_ram_as_its_window(report_320):
    r = report_320["1"]
    assert r["madctl"] == [[0x60]]  # MX | MV, RGB order
    assert r["origin"] == [0, 0]
    # One 320-wide strip of 16 rows: 10,240 bytes (a 320x240 RGB565 frame is 153,600).
    assert r["strip"] == 10_240 and r["rows"] == [16, 21, 128]
    size, windows, first, last = r["full"]
    assert windows == 15 and size == 15 * 11 + 153_600
    assert first == [[CASET, [0, 0, 0x01, 0x3F]], [RASET, [0, 0, 0, 15]], [RAMWR, [10_240]]]
    assert last == [[CASET, [0, 0, 0x01, 0x3F]], [RASET, [0, 224, 0, 239]]]
    assert r["corner"] == [[CASET, [0x01, 0x2C, 0x01, 0x3F]], [RASET, [0, 230, 0, 239]],
                           [RAMWR, [400]]]


def test_a_320x240_panel_turned_half_round_keeps_its_window(report_320):
    # rotation 3 (the picture turned 180 degrees, if a pack shows it upside down): MV | MY,
    # the same 0..319 / 0..239 window, as the glass fills the RAM both ways.
    r = report_320["3"]
    assert r["madctl"] == [[0xA0]] and r["origin"] == [0, 0]
    assert r["corner"][:2] == [[CASET, [0x01, 0x2C, 0x01, 0x3F]], [RASET, [0, 230, 0, 239]]]
