"""Drive the real firmware on the MicroPython VM with a simulated board.

run_device(steps) boots the app on boards/simulated.py (or another simulated board) over an
in-memory file system, performs the steps, and returns what a test needs:

    ("key", "OK")        press a logical key (NEXT, PREV, OK, BACK, MENU)
    ("shot", "name")     keep the framebuffer as it is now
    ("state", "name")    keep the table's totals / levels and the top screen's name
    ("readable", "path") the file at path reads again (run_device(unreadable=[...]))

The file system's files go in and come back out, so a journal written by one run can be
booted by the next (a power cycle) or read by the host tools.
"""

import binascii
import json
from pathlib import Path

from tools import mpvm

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "tools" / "sim" / "probe.py"

_SCRIPT = """
import binascii, json
import board
import sim_probe  # tools/sim/probe.py: the state the simulator reports, read the same way
from drivers.memfs import MemFS
from ui import keys
from ui.app import App

with open('/input/run.json') as f:
    run = json.load(f)
files = {p: binascii.unhexlify(d) for p, d in run['files'].items()}
fs = MemFS(files, run['capacity'])
fs.unreadable.update(run['unreadable'])
app = App(board.display, board.layout, fs, board.data_dir, board.button_names, board.keymap,
          run['lean'])
app.render()

def state():
    out = sim_probe.app_state(app)
    out['archives'] = len(app.journal.archives())
    return out

for kind, arg in run['steps']:
    if kind == 'key':
        app.press(getattr(keys, arg))
        app.render()
    elif kind == 'shot':
        print('SHOT', arg, binascii.hexlify(board.display.buffer).decode())
    elif kind == 'state':
        print('STATE', arg, json.dumps(state()))
    elif kind == 'readable':
        fs.unreadable.discard(arg)
    elif kind == 'modules':
        import sys
        print('MODULES', arg, json.dumps({'screen': type(app.stack[-1]).__name__,
                                          'loaded': sorted(sys.modules),
                                          'glyphs': len(sys.modules['ui.text']._glyphs)}))
print('FILES', json.dumps({p: binascii.hexlify(d).decode() for p, d in fs.files.items()}))
print('STATE', 'end', json.dumps(state()))
"""


class DeviceRun:
    def __init__(self, stdout, fuel):
        self.shots = {}
        self.states = {}
        self.files = {}
        self.modules = {}  # step name: {"screen", "loaded" (module names), "glyphs" (kept)}
        self.fuel = fuel
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            if kind == "SHOT":
                name, data = rest.split(" ", 1)
                self.shots[name] = binascii.unhexlify(data)
            elif kind == "STATE":
                name, data = rest.split(" ", 1)
                self.states[name] = json.loads(data)
            elif kind == "MODULES":
                name, data = rest.split(" ", 1)
                self.modules[name] = json.loads(data)
            elif kind == "FILES":
                self.files = {p: binascii.unhexlify(d) for p, d in json.loads(rest).items()}

    @property
    def end(self):
        return self.states["end"]


def keys(text):
    """Steps from a compact key string: "o n p b m" → OK, NEXT, PREV, BACK, MENU."""
    names = {"o": "OK", "n": "NEXT", "p": "PREV", "b": "BACK", "m": "MENU"}
    return [("key", names[k]) for k in text.split()]


def run_device(steps, files=None, board="simulated", capacity=1 << 30, unreadable=(),
               lean=False, prelude=""):
    """`prelude`: MicroPython run before the board file is imported."""
    board_source = (ROOT / "boards" / (board + ".py")).read_bytes()
    run = {"steps": steps, "capacity": capacity, "unreadable": list(unreadable), "lean": lean,
           "files": {p: binascii.hexlify(d).decode() for p, d in (files or {}).items()}}
    outcome = mpvm.run(prelude + _SCRIPT, {"board.py": board_source,
                                           "sim_probe.py": PROBE.read_bytes(),
                                           "run.json": json.dumps(run).encode()}, engine="node")
    return DeviceRun(outcome.stdout, outcome.fuel_used)
