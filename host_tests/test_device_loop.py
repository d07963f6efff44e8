"""The device loop on the MicroPython VM: buttons pressed with real timing (ticks passed in),
the display dimming when idle and going dark only after a long idle on the table screen, the
press that wakes it acting as any press (sleep never eats a press), and a crash shown and
logged."""

import json
from pathlib import Path

from tools import mpvm

DIM_LEVEL = 10  # ui/app.py

BOARD = (Path(__file__).resolve().parent.parent / "boards" / "simulated.py").read_bytes()

_LOOP = """
import json
import board
from drivers.memfs import MemFS
from ui.app import Device

fs = MemFS()
device = Device(board, fs, 0)
A, B, X, Y = board.buttons   # A OK (long: MENU), B BACK, X PREV, Y NEXT
log = []
now = 0

def hold(button, ms):
    global now
    button.press()
    for _ in range(ms // 50):
        now += 50
        device.step(now)
    button.release()
    for _ in range(4):
        now += 50
        device.step(now)

def screen():
    return type(device.app.stack[-1]).__name__

log.append(screen())
hold(X, 100); hold(A, 100)          # PREV to the "start" row, OK: a classic table opens
log.append(screen())
cursor = device.app.stack[-1].cursor
hold(A, 800)                        # a long press: MENU, and not also OK
log.append(screen())
hold(B, 100)                        # BACK to the table
log.append(screen())
now += 61000                        # a minute idle: the display dims, stays on
device.step(now)
log.append([board.display.asleep, board.display.brightness])
hold(Y, 100)                        # this press brings full brightness back and acts: NEXT
log.append([board.display.asleep, board.display.brightness])
log.append(device.app.stack[-1].cursor == (cursor + 1) % 3)
print(json.dumps(log))
"""

_CRASH = """
import json
import board
from drivers.memfs import MemFS
from ui.launch import report

fs = MemFS()
fs.mkdir('/data')
report(board, fs, ValueError('boom'), True)
with fs.open('/data/crash.log', 'rb') as f:
    logged = f.read().decode()
print(json.dumps([logged, sum(board.display.buffer) > 0, board.display.shows]))
"""


def test_buttons_long_press_sleep_and_wake():
    out = mpvm.run(_LOOP, {"board.py": BOARD}, engine="node").stdout
    log = json.loads(out.strip().splitlines()[-1])
    assert log == ["NewTableScreen", "TableScreen", "TableMenu", "TableScreen",
                   [False, DIM_LEVEL], [False, 100], True]


# A classic table, a hand on its play screen; then idle, and a bomb (Y: NEXT) pressed.
_IDLE = """
import json
import board
from drivers.memfs import MemFS
from ui.app import Device

fs = MemFS()
device = Device(board, fs, 0)
A, B, X, Y = board.buttons   # A OK (long: MENU), B BACK, X PREV, Y NEXT
display = board.display
log = {}
now = 0

def wait(ms):
    global now
    for _ in range(ms // 50):
        now += 50
        device.step(now)

def hold(button, ms=100):
    button.press()
    wait(ms)
    button.release()
    wait(500)                       # a person reads the screen before the next press

def screen():
    return type(device.app.stack[-1]).__name__

def seen():
    return [screen(), display.asleep, display.brightness]

hold(X); hold(A)                    # PREV to "start", OK: a classic table opens
hold(A); hold(A)                    # OK: a new hand, OK: bid 3: the play screen
log['play'] = seen()
wait(61000)                         # a minute idle mid-hand: dim, not dark
log['dim'] = seen()
hold(Y)                             # a bomb pressed on the dim screen: counted, and lit
log['bomb'] = seen() + [list(device.app.stack[-1].draft['bombs'])]
wait(4 * 3600 * 1000)               # four hours idle mid-hand: dim, never dark
log['long_hand'] = seen()
hold(A)                             # OK: the hand is over, its preview
hold(A)                             # OK: landlord wins, recorded, home
log['home'] = seen() + [device.app.table.hands_played()]
wait(61000)
log['home_dim'] = seen()
wait(30 * 60 * 1000)                # half an hour on the table screen: dark
log['dark'] = seen()
cursor = device.app.stack[-1].cursor
shows = display.shows
hold(Y)                             # the waking press acts too: NEXT moves the cursor
log['woken'] = seen() + [device.app.stack[-1].cursor == (cursor + 1) % 3,
                         display.shows - shows]
# What the panel shows after waking from dark is the screen drawn whole and fresh.
from drivers.simulated import sim_display
from ui.paint import Painter
fresh = sim_display(board.layout)
painter = Painter(fresh, board.layout)
app = device.app
painter.begin()
app.stack[-1].draw(painter)
painter.hints(app.hint_line(app.stack[-1]))
painter.end()
log['picture'] = bytes(fresh.buffer) == bytes(display.buffer)
print(json.dumps(log))
"""


def test_a_press_on_a_dim_or_dark_display_acts_and_only_the_table_screen_goes_dark():
    out = mpvm.run(_IDLE, {"board.py": BOARD}, engine="node").stdout
    log = json.loads(out.strip().splitlines()[-1])
    assert log["play"] == ["PlayScreen", False, 100]
    assert log["dim"] == ["PlayScreen", False, DIM_LEVEL]
    assert log["bomb"] == ["PlayScreen", False, 100, ["bomb"]]  # the bomb counted
    assert log["long_hand"] == ["PlayScreen", False, DIM_LEVEL]  # a hand never goes dark
    assert log["home"] == ["TableScreen", False, 100, 1]
    assert log["home_dim"] == ["TableScreen", False, DIM_LEVEL]
    assert log["dark"] == ["TableScreen", True, DIM_LEVEL]
    # Woken: lit at full brightness, the screen redrawn whole, then NEXT acted and drew.
    assert log["woken"] == ["TableScreen", False, 100, True, 2]
    assert log["picture"]


_SETTINGS = """
import json
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import Device

fs = MemFS()
device = Device(board, fs, 0)
app = device.app
for name in ("PREV", "OK", "MENU"):  # a classic table, its menu
    app.press(getattr(keys, name))
menu = app.stack[-1]
app.press(keys.PREV)  # the last row: settings
app.press(keys.OK)
screen = app.stack[-1]
out = [type(screen).__name__, [label for label, _ in screen.options()]]
screen.press(keys.NEXT)  # the dim row
screen.press(keys.OK)
screen.press(keys.NEXT)  # the dark row
for _ in range(4):
    screen.press(keys.OK)
    out.append(screen.options()[2][0])
out.append(screen.options()[1][0])
with fs.open('/data/settings.json', 'rb') as f:
    out.append(json.loads(f.read()))
app.settings['lang'] = 'en'
out.append([label for label, _ in screen.options()])
# The idle times follow the settings: dark never, dim after 120 s.
app.settings['dark_s'] = 0
app.press(keys.BACK)
device._arm()
out.append([device.input.sleep_after_ms, device.input.dark_after_ms])
print(json.dumps(out))
"""


def test_the_settings_choose_dim_and_dark_times_off_allowed():
    out = mpvm.run(_SETTINGS, {"board.py": BOARD}, engine="node").stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got[0] == "SettingsScreen"
    assert got[1] == ["语言: 中文", "暗: 60秒", "休眠: 30分"]  # the defaults
    assert got[2:6] == ["休眠: 60分", "休眠: 10分", "休眠: 关", "休眠: 30分"]
    assert got[6] == "暗: 120秒"
    assert got[7] == {"sleep_s": 120, "dark_s": 1800}
    assert got[8] == ["Language: English", "Dim: 120 s", "Sleep: 30 min"]
    assert got[9] == [120_000, 0]


def test_a_crash_is_shown_on_the_screen_and_logged():
    out = mpvm.run(_CRASH, {"board.py": BOARD}, engine="node").stdout
    logged, drawn, shows = json.loads(out.strip().splitlines()[-1])
    assert "boom" in logged and drawn and shows == 1


_FAKE_MACHINE = b"""
timers = []

class Timer:
    def __init__(self, timer_id):
        if timer_id == -1:
            raise ValueError("no virtual timers here")  # as on an ESP32
        self.id = timer_id
        timers.append(self)

    def init(self, period, callback):
        self.period = period
        self.callback = callback
"""

_INTERRUPTED = """
import json
import board
import machine
from drivers.memfs import MemFS
from ui import app

feeds = []

class Dog:
    def feed(self):
        feeds.append(1)

class CtrlC:
    # A button whose third poll is the host's Ctrl-C arriving mid-loop.
    polls = 0
    def pressed(self):
        CtrlC.polls += 1
        if CtrlC.polls == 3:
            raise KeyboardInterrupt
        return False

board.buttons = [CtrlC(), board.buttons[1], board.buttons[2], board.buttons[3]]
board.watchdog = lambda timeout: Dog()
try:
    app.run(board, MemFS())
except KeyboardInterrupt:
    fed_by_loop = len(feeds)
    timer = machine.timers[0]
    timer.callback(timer)
    print(json.dumps([fed_by_loop, len(feeds), timer.id, timer.period]))
"""


def test_after_the_host_interrupts_the_app_a_timer_keeps_the_watchdog_fed():
    out = mpvm.run(_INTERRUPTED, {"board.py": BOARD, "machine.py": _FAKE_MACHINE},
                   engine="node").stdout
    fed_by_loop, fed_after, timer_id, period = json.loads(out.strip().splitlines()[-1])
    assert fed_by_loop == 2 and fed_after == 3
    assert timer_id == 0 and period < 8000

_ONLY_DDZ = """
import json, sys
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import App

app = App(board.display, board.layout, MemFS(), "/data", board.button_names, board.keymap)
# A classic table, a hand (bid 2, landlord wins), then its history.
for name in ("PREV", "OK", "OK", "NEXT", "OK", "OK", "OK", "MENU", "OK", "OK"):
    app.press(getattr(keys, name))
    app.render()
print(json.dumps([app.table.hands_played(), type(app.stack[-1]).__name__,
                  sorted(m for m in sys.modules if m.startswith(("core.", "ui.")))]))
"""


def test_a_dou_dizhu_evening_never_loads_the_other_games():
    # Their rules and screens are imported when a table of theirs needs them: RAM on a board
    # that loads the firmware as .mpy files (see BENCHMARKS.md).
    hands, _screen, loaded = json.loads(
        mpvm.run(_ONLY_DDZ, {"board.py": BOARD}).stdout.strip().splitlines()[-1])
    assert hands == 1
    assert "core.ddz" in loaded and "ui.ddz_entry" in loaded
    for other in ("core.baohuang", "core.shengji", "ui.baohuang_entry", "ui.shengji_entry"):
        assert other not in loaded
