"""The device loop on the MicroPython VM: buttons pressed with real timing (ticks passed in),
the display sleeping when idle and waking without acting, and a crash shown and logged."""

import json
from pathlib import Path

from tools import mpvm

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
now += 61000                        # a minute idle: the display sleeps
device.step(now)
log.append(board.display.asleep)
hold(Y, 100)                        # this press only wakes the display
log.append(board.display.asleep)
log.append(device.app.stack[-1].cursor == cursor)
hold(Y, 100)                        # now NEXT moves the cursor
log.append(device.app.stack[-1].cursor == (cursor + 1) % 3)
print(json.dumps(log))
"""

_CRASH = """
import json
import board
from drivers.memfs import MemFS
from ui.app import _crashed

fs = MemFS()
fs.mkdir('/data')
_crashed(board, fs, ValueError('boom'))
with fs.open('/data/crash.log', 'rb') as f:
    logged = f.read().decode()
print(json.dumps([logged, sum(board.display.buffer) > 0, board.display.shows]))
"""


def test_buttons_long_press_sleep_and_wake():
    out = mpvm.run(_LOOP, {"board.py": BOARD}, engine="node").stdout
    log = json.loads(out.strip().splitlines()[-1])
    assert log == ["NewTableScreen", "TableScreen", "TableMenu", "TableScreen",
                   True, False, True, True]


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
