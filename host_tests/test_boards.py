"""Every board file imports on the MicroPython VM and keeps the board contract (boards/README.md).

The VM has no usable `machine` module and no mip-installed `ssd1306`, so fakes of both go in
as data files (a file on /input wins over the VM's stub `machine`): Pin, Signal, PWM, SPI, I2C
and WDT that record how the board file built them, and an SSD1306_I2C with micropython-lib's
constructor. The boards' gc.collect() is swapped for gc.mem_free() before the run: on this
WASI build of MicroPython a collection frees live objects (`import gc; gc.collect();
print([1])` traps in tools/mpvm.run), so no test here may collect.

The tests check the contract and the pin facts each board file documents, and press each
button through the fake pin level to see its key come out of ui.input.
"""

import json
from pathlib import Path

import pytest

from tools import mpvm

BOARDS = Path(__file__).resolve().parent.parent / "boards"

FAKE_MACHINE = b'''
"""Fake machine module for board tests on the VM."""
PINS = {}
SPIS = []
I2CS = []
FREQS = []  # (cpu, peripheral) set with freq(), and how many SPIs existed by then


def freq(*hz):
    FREQS.append(list(hz) + [len(SPIS)])

class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        # An input button idles high: pulled up inside, or on the board (GPIO35, T-Display).
        self.level = value if value is not None else (1 if mode == 0 else 0)
        PINS[id] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def __call__(self, v=None):
        return self.value(v)


class Signal:
    def __init__(self, pin, invert=False):
        self.pin = pin
        self.invert = invert

    def value(self, v=None):
        if v is None:
            return self.pin.value() ^ (1 if self.invert else 0)
        self.pin.value(v ^ (1 if self.invert else 0))

    def __call__(self, v=None):
        return self.value(v)


PWMS = []


class PWM:
    def __init__(self, dest, *, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.pin = dest.id
        self.freq = freq
        self.duty = duty_u16
        PWMS.append(self)

    def duty_u16(self, v=None):
        if v is None:
            return self.duty
        self.duty = v


class SPI:
    def __init__(self, id, baudrate=1000000, *, sck=None, mosi=None, miso=None, **kw):
        self.id = id
        self.baudrate = baudrate
        self.sck = sck.id if sck else None
        self.mosi = mosi.id if mosi else None
        self.written = 0
        SPIS.append(self)

    def write(self, buf):
        self.written += len(buf)


class I2C:
    def __init__(self, id=0, *, scl=None, sda=None, freq=400000):
        self.id = id
        self.scl = scl.id if scl else None
        self.sda = sda.id if sda else None
        self.freq = freq
        I2CS.append(self)


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout

    def feed(self):
        pass
'''

FAKE_SSD1306 = b'''
"""Stand-in for micropython-lib's ssd1306 (same constructor, same pixel format)."""
import framebuf

class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.on = True

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True

    def contrast(self, contrast):
        self.contrast_set = contrast

    def show(self):
        pass
'''

GUEST = r"""
import json
import machine
import {module} as board
from ui.input import Input

d = board.display
report = {{
    'name': board.name,
    'layout': board.layout,
    'size': [d.width, d.height],
    'strips': hasattr(d, 'strip'),
    # What the display keeps in the board's RAM: a colour panel's strip, else the framebuffer.
    'buffer': len(d._strip) if hasattr(d, 'strip') else len(d.buffer),
    'buttons': len(board.buttons),
    'button_names': list(board.button_names),
    'keymap': [list(e) for e in board.keymap],
    'data_dir': board.data_dir,
    'watchdog': board.watchdog is not None,
    'methods': [callable(getattr(d, m, None)) for m in
                (('show', 'sleep', 'wake', 'set_brightness', 'strip', 'send', 'rows')
                 if hasattr(d, 'strip')
                 else ('show', 'sleep', 'wake', 'set_brightness', 'fill', 'text'))],
    'colors': len(getattr(d, 'colors', [0] * 16)),
    'spi': [[s.id, s.baudrate, s.sck, s.mosi] for s in machine.SPIS],
    'freq': machine.FREQS,
    'i2c': [[i.id, i.sda, i.scl] for i in machine.I2CS],
    'pwm': [[p.pin, p.freq, p.duty] for p in machine.PWMS],
    'outputs': sorted([p.id, p.level] for p in machine.PINS.values() if p.mode == 1),
    'inputs': sorted([p.id, p.pull] for p in machine.PINS.values() if p.mode == 0),
}}
if board.watchdog is not None:
    report['wdt'] = board.watchdog(timeout=8000).timeout
for attr in ('x0', 'y0', 'rotation'):
    if hasattr(d, attr):
        report[attr] = getattr(d, attr)
# The ST7789's MADCTL and INVON/INVOFF as the driver keeps them (drivers/st7789.py).
for attr, name in (('_madctl', 'madctl'), ('_invert', 'invert')):
    if hasattr(d, attr):
        report[name] = getattr(d, attr)
# The whole screen in white, as the painter would send it (strips), then show().
before = machine.SPIS[0].written if hasattr(d, '_spi') else 0
if hasattr(d, 'strip'):
    y = 0
    while y < d.height:
        h = min(d.rows(d.width), d.height - y)
        d.strip(0, y, d.width, h).fill(d.colors[1])
        d.send()
        y += h
else:
    d.fill(1)
d.show()
if hasattr(d, '_spi'):
    report['pushed_full'] = machine.SPIS[0].written - before
report['lit'] = [p.duty for p in machine.PWMS]
d.set_brightness(10)
report['dimmed'] = [[p.duty for p in machine.PWMS], getattr(d, 'contrast_set', None),
                    d.brightness]
d.set_brightness(100)
d.sleep()
report['asleep'] = d.asleep
d.wake()

# Press each button for 100 ms through the electrical level (or the simulated flag).
inp = Input(board.buttons, board.keymap, 0)
keys_seen = []
pins = {pins}
for i, b in enumerate(board.buttons):
    t0 = 1000 * (i + 1)
    if pins:
        machine.PINS[pins[i]].level = 0
    else:
        b.press()
    got = inp.poll(t0)
    if pins:
        machine.PINS[pins[i]].level = 1
    else:
        b.release()
    for t in range(t0 + 50, t0 + 900, 50):
        got = got or inp.poll(t)
    keys_seen.append(got)
report['keys'] = keys_seen
print(json.dumps(report))
"""

# board file -> button pins in the order of its `buttons` (None: simulated buttons)
BOARD_PINS = {
    "pico_display_pack": [12, 13, 14, 15],
    "pico_display_pack_2": [12, 13, 14, 15],
    "waveshare_pico_lcd_114": [2, 18, 16, 20, 3, 15, 17],
    "lilygo_t_display": [35, 0],  # upper, lower with the USB-C socket on the right
    "ssd1306_oled": [13, 14, 15],
    "simulated": None,
    "simulated_mono": None,
    "simulated_large": None,
}
SIZES = {"color240x135": [240, 135], "color320x240": [320, 240], "mono128x64": [128, 64]}


def run_board(module):
    source = (BOARDS / f"{module}.py").read_bytes().replace(b"gc.collect()", b"gc.mem_free()")
    data = {f"{module}.py": source,
            "machine.py": FAKE_MACHINE, "ssd1306.py": FAKE_SSD1306}
    script = GUEST.format(module=module, pins=BOARD_PINS[module])
    out = mpvm.run(script, data)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def reports():
    return {module: run_board(module) for module in BOARD_PINS}


def test_every_board_file_is_tested():
    files = {p.stem for p in BOARDS.glob("*.py")}
    assert files == set(BOARD_PINS)


@pytest.mark.parametrize("module", list(BOARD_PINS))
def test_board_keeps_the_contract(reports, module):
    r = reports[module]
    assert r["size"] == SIZES[r["layout"]]
    assert all(r["methods"])
    assert r["buttons"] == len(r["button_names"]) == len(r["keymap"])
    assert 2 <= r["buttons"] <= 7
    for entry in r["keymap"]:
        assert len(entry) == 3 and all(k is None or 1 <= k <= 5 for k in entry)
    # Every logical key a screen needs is reachable on every board.
    reachable = {k for entry in r["keymap"] for k in entry if k}
    assert reachable == {1, 2, 3, 4, 5}
    assert r["data_dir"].startswith("/")
    assert r["colors"] == 16
    assert r["asleep"] is True
    # Each button, pressed briefly, gives its short key (after the double window if any).
    assert r["keys"] == [entry[0] for entry in r["keymap"]]


def test_framebuffer_sizes(reports):
    sizes = {m: r["buffer"] for m, r in reports.items()}
    assert sizes == {"pico_display_pack": 7_680, "waveshare_pico_lcd_114": 7_680,
                     "lilygo_t_display": 7_680, "ssd1306_oled": 1_024,
                     "simulated": 7_680, "simulated_mono": 1_024,
                     "pico_display_pack_2": 10_240, "simulated_large": 10_240}  # 320 x 16 x 2


def test_pico_display_pack_pins(reports):
    r = reports["pico_display_pack"]
    assert r["spi"] == [[0, 62_500_000, 18, 19]]
    # clk_peri = clk_sys = 125 MHz, set before the SPI exists: SPI can then reach 62.5 MHz
    # (host_tests/test_pico_firmware.py measures it on the real port).
    assert r["freq"] == [[125_000_000, 125_000_000, 0]]
    assert r["outputs"] == [[16, 0], [17, 1], [20, 0]]  # DC, CS idle high, backlight off
    # The backlight a PWM on GP20, dark until the first frame, then dimmed by its duty.
    assert r["pwm"] == [[20, 1000, 0]] and r["lit"] == [65535]
    assert r["dimmed"] == [[6553], None, 10]
    assert r["inputs"] == [[12, 1], [13, 1], [14, 1], [15, 1]]  # A B X Y, pulled up
    assert (r["x0"], r["y0"]) == (40, 53)  # Pimoroni's window: columns 40.., rows 53..
    assert r["wdt"] == 8000


def test_pico_display_pack_2_pins(reports):
    r = reports["pico_display_pack_2"]
    # The 1.14" pack's bus and buttons (pimoroni-pico get_spi_pins(BG_SPI_FRONT),
    # pico_display_2.hpp / pico_display_28.hpp), its clocks, and the 320x240 glass filling
    # the controller's RAM: no offset.
    assert r["layout"] == "color320x240" and r["size"] == [320, 240]
    assert r["spi"] == [[0, 62_500_000, 18, 19]]
    assert r["freq"] == [[125_000_000, 125_000_000, 0]]
    assert r["outputs"] == [[16, 0], [17, 1], [20, 0]]  # DC, CS idle high, backlight off
    assert r["pwm"] == [[20, 1000, 0]] and r["lit"] == [65535]  # as on the 1.14" pack
    assert r["inputs"] == [[12, 1], [13, 1], [14, 1], [15, 1]]  # A B X Y, pulled up
    assert (r["x0"], r["y0"], r["rotation"]) == (0, 0, 1)
    assert r["keymap"] == reports["pico_display_pack"]["keymap"]
    assert r["button_names"] == ["A", "B", "X", "Y"]
    assert r["wdt"] == 8000
    # 15 windows of 16 rows: 153,600 pixel bytes, after the set-up the first strip takes (5
    # commands, 2 parameters); and the first show()'s SLPOUT
    assert r["pushed_full"] == 7 + 15 * 11 + 153_600 + 1


def test_the_large_simulated_board_is_the_display_pack_2s_twin(reports):
    twin, pack = reports["simulated_large"], reports["pico_display_pack_2"]
    for fact in ("layout", "size", "button_names", "keymap", "data_dir", "buffer"):
        assert twin[fact] == pack[fact], fact


def test_waveshare_pins(reports):
    r = reports["waveshare_pico_lcd_114"]
    assert r["spi"] == [[1, 62_500_000, 10, 11]]
    assert r["freq"] == [[125_000_000, 125_000_000, 0]]  # as on the Display Pack
    assert [p for p, _ in r["outputs"]] == [8, 9, 12, 13]  # DC, CS, RST, BL
    assert r["pwm"] == [[13, 1000, 0]] and r["lit"] == [65535]
    assert r["dimmed"] == [[6553], None, 10]
    assert r["inputs"] == [[p, 1] for p in sorted([2, 3, 15, 16, 17, 18, 20])]
    assert (r["x0"], r["y0"]) == (40, 53)  # Waveshare's demo: CASET 40..279, RASET 53..187


def test_t_display_pins(reports):
    r = reports["lilygo_t_display"]
    assert r["spi"] == [[2, 40_000_000, 18, 19]]
    assert [p for p, _ in r["outputs"]] == [4, 5, 16, 23]  # BL, CS, DC, RST
    assert r["pwm"] == [[4, 1000, 0]] and r["lit"] == [65535]
    assert r["dimmed"] == [[6553], None, 10]
    assert r["inputs"] == [[0, 1], [35, None]]  # GPIO35 has no internal pull-up
    assert (r["x0"], r["y0"], r["rotation"]) == (40, 53, 1)  # TFT_eSPI rotation 1, 135x240
    # TFT_eSPI's ST7789 init sends INVON, and its CGRAM_OFFSET setups run BGR: MADCTL
    # MX | MV | BGR = 0x68, as setRotation(1) writes it for Setup25.
    assert r["madctl"] == 0x68 and r["invert"] is True
    # Held USB-right, GPIO35 is the upper button and moves; GPIO0, the lower, answers.
    assert r["button_names"] == ["IO35", "IO0"]
    assert r["keymap"] == [[1, 2, 5], [3, 4, None]]  # [NEXT, PREV, MENU], [OK, BACK, -]


def test_ssd1306_board(reports):
    r = reports["ssd1306_oled"]
    assert r["freq"] == []  # any board: the clocks are its port's
    assert r["i2c"] == [[0, 4, 5]]
    assert r["inputs"] == [[13, 1], [14, 1], [15, 1]]
    assert "pushed_full" not in r
    assert r["pwm"] == [] and r["dimmed"] == [[], 25, 10]  # dimmed by its contrast


def test_full_frame_push_on_the_colour_boards(reports):
    for module in ("pico_display_pack", "waveshare_pico_lcd_114", "lilygo_t_display"):
        # 9 windows of 16 rows (the last of 7): 64,800 pixel bytes, after the set-up the
        # first strip takes (5 commands, 2 parameters); then the first show() takes the
        # panel out of sleep (SLPOUT, 1 byte: drivers/st7789.py)
        assert reports[module]["pushed_full"] == 7 + 9 * 11 + 64_800 + 1
