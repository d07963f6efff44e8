"""Runs ON THE BOARD, not on the host: what the simulator asks of a board it drives, the same
code on both kinds. The MicroPython VM's guest (tools/sim/guest.py) imports it as a module;
on the emulated Pico (tools/sim/pico.py) its source is run in the raw REPL, after the
scorekeeper was stopped with Ctrl-C (its modules, `board` among them, stay imported).

    info()          the board's facts: name, layout, button names, keymap, input timings
    state(device)   the table's totals and the top screen (device: a ui.app.Device, or None
                    while the app is down after a crash)
    run_kept()      the Pico only: main.py run again (the file's, or the image's frozen
                    one), each ui.app.Device it makes kept in `kept`, so that state(kept)
                    can be asked after the next Ctrl-C
"""

import sys

import board
from ui import app as firmware
from ui import keys
from ui.input import Input

kept = None  # the Device run_kept() runs now; None before it made one, or after a crash


def info():
    names = [None if k is None else keys.NAMES[k] for entry in board.keymap for k in entry]
    # The timings a Device's Input gets: the defaults, read off an Input made for the asking
    # (MicroPython cannot list a function's default arguments).
    inp = Input(board.buttons, board.keymap, 0)
    return {"name": board.name, "layout": board.layout,
            "buttons": list(board.button_names),
            "keymap": [names[i:i + 3] for i in range(0, len(names), 3)],
            "data_dir": board.data_dir, "poll_ms": firmware.POLL_MS,
            "long_ms": inp.long_ms, "double_ms": inp.double_ms,
            "debounce_ms": inp.debounce_ms}


def state(device):
    return {"screen": "Crashed"} if device is None else app_state(device.app)


def app_state(app):
    """The top screen and the table's totals (and 升级 levels): what scripts and tests ask."""
    out = {"screen": type(app.stack[-1]).__name__}
    t = app.table
    if t is not None:
        out["totals"] = t.totals
        if t.scale != 1:  # the totals are hundredths (a unit with decimals, core/money.py)
            out["scale"] = t.scale
        out["hands"] = t.hands_played()
        if t.state is not None:
            out["levels"] = t.state["levels"]
            out["dealer"] = t.state["dealer"]
        if t.roster is not None:
            out["seating"] = t.seating()  # who plays the next hand
    return out


def run_kept():
    # main.py run again, as at power on, with one change: the Device class the firmware
    # makes its device from (ui.app.Device) notes each one it makes, and forgets it when a
    # step raises (the app is down then, as the VM's guest has no device while a crash is
    # shown). Everything else is the firmware's own: watchdog, crash screen, reset.
    base = firmware.Device

    class Kept(base):
        def __init__(self, *args):
            global kept
            base.__init__(self, *args)
            kept = self

        def step(self, now):
            global kept
            try:
                return base.step(self, now)
            except Exception:
                kept = None
                raise

    firmware.Device = Kept
    if "scorekeeper_flash" in sys.modules:  # the scorekeeper's image (its _boot.py imports it)
        # Its main.py is frozen, and runs whatever the file system holds: imported from there.
        sys.modules.pop("main", None)
        path = sys.path[:]
        sys.path[:] = [".frozen"]
        try:
            import main  # noqa: F401  # pyright: ignore[reportMissingImports]
        finally:
            sys.path[:] = path
        return
    with open("/main.py") as f:
        source = f.read()
    exec(source, {"__name__": "__main__"})
