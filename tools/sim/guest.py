"""Runs ON THE MICROPYTHON VM (tools/vm/sim.mjs), not on the host: the real firmware with a
simulated board, driven by the host simulator (tools/sim/vm.py) one command a line.

/input/sim.json, written by the host before this runs:
    {"files": {"/data/...": "<hex>"}, "dirs": ["/data", ...], "lang": "en" or null}
the board's flash as the host keeps it. `board` is the chosen board file, as on a real board.

Commands (handle(line) answers each with one JSON object):
    boot            the board's facts: name, layout, button names, keymap, timings
    press NAME      hold a button down (NAME as printed on the board, or its index)
    release NAME    let it go
    tick MS         let MS milliseconds pass: the device polls every POLL_MS of them, as its
                    loop does on the board, so long and double presses time out as there
    shot            answer with the framebuffer even if it did not change
    state           the table's totals and the top screen, for scripts and tests
    reset           a power cycle: the app boots again from the flash as it is

Every answer carries "now" (the board's clock, ms), "asleep", "brightness" (percent: dim is
low), and only what changed since the last answer: "fb" (the framebuffer, hex) after the
display was shown, slept, woke or dimmed,
"files" (path: hex) and "removed" (paths) after the flash changed, "dirs" (all folders)
after a folder was made or removed, and "keys" (the logical keys the buttons produced). A
crash during play is handled as ui.launch does on the board: shown on the screen, logged to
the flash, and the device restarts RESTART_MS later; the answer carries "crash" (the
traceback).
"""

import io
import json
import sys
import time

import sim_probe  # tools/sim/probe.py: what the host asks, the same on the emulated Pico

import board
from drivers.memfs import MemFS
from ui import app as firmware
from ui import keys, launch
from ui.launch import RESTART_MS  # the crash stays on the screen this long, then a reset

TICKS_MAX = time.ticks_add(0, -1)  # ticks wrap like the board's time.ticks_ms()


def _hex(data):
    # hex, not base64: this port's binascii.b2a_base64 is pure Python and takes seconds on a
    # framebuffer, where bytes.hex() is native and takes a millisecond.
    return data.hex()


with open("/input/sim.json") as f:
    _config = json.load(f)
fs = MemFS({p: bytes.fromhex(d) for p, d in _config["files"].items()})
for _d in _config["dirs"]:
    fs.dirs.add(_d)
_lang = _config.get("lang")
_config = None
# What the host holds already: answers report only what differs from this.
_sent_files = dict(fs.files)
_sent_dirs = set(fs.dirs)


def _preload_lang(lang):
    """Set the language in the board's settings before the app reads them (the host's --lang),
    keeping every other setting."""
    path = board.data_dir + "/" + firmware.SETTINGS
    settings = {}
    if path in fs.files:
        try:
            settings = json.loads(fs.files[path])
        except ValueError:
            settings = {}
    if not isinstance(settings, dict) or settings.get("lang") == lang:
        return
    settings["lang"] = lang
    if board.data_dir not in fs.dirs:
        fs.mkdir(board.data_dir)
    fs.files[path] = json.dumps(settings).encode()


if _lang:
    _preload_lang(_lang)

now = 0
next_poll = 0
crashed_at = None
device = None
_buttons = {b.name.lower(): b for b in board.buttons}
_sent_shows = -1
_sent_asleep = None
_sent_brightness = None


def _crash(exc, out):
    global crashed_at, device
    text = io.StringIO()
    sys.print_exception(exc, text)
    out["crash"] = text.getvalue()
    sys.print_exception(exc)
    launch.report(board, fs, exc, True)  # logged and shown as a board shows it, restarting
    crashed_at = now
    device = None


def _boot(out):
    global device
    board.display.wake()
    for b in board.buttons:
        b.release()
    try:
        device = firmware.Device(board, fs, now & TICKS_MAX)
    except Exception as exc:  # a journal the app cannot boot: as on the board
        _crash(exc, out)


def _advance(ms, out):
    global now, next_poll, crashed_at
    target = now + ms
    while next_poll <= target:
        now = next_poll
        next_poll += firmware.POLL_MS
        if device is None:
            if crashed_at is not None and now - crashed_at >= RESTART_MS:
                crashed_at = None
                _boot(out)
            continue
        try:
            key = device.step(now & TICKS_MAX)
        except Exception as exc:
            _crash(exc, out)
            continue
        if key:
            out.setdefault("keys", []).append(keys.NAMES[key])
    now = target


def _button(name):
    if name.isdigit():
        return board.buttons[int(name)]
    return _buttons[name.lower()]


def _changes(out, force_fb):
    global _sent_files, _sent_dirs, _sent_shows, _sent_asleep, _sent_brightness
    display = board.display
    if (force_fb or display.shows != _sent_shows or display.asleep != _sent_asleep
            or display.brightness != _sent_brightness):
        out["fb"] = _hex(display.buffer)
        _sent_shows = display.shows
        _sent_asleep = display.asleep
        _sent_brightness = display.brightness
    files = fs.files
    changed = {}
    for path, data in files.items():
        old = _sent_files.get(path)
        if old is not data and old != data:
            changed[path] = _hex(data)
    removed = [p for p in _sent_files if p not in files]
    if changed:
        out["files"] = changed
    if removed:
        out["removed"] = removed
    if fs.dirs != _sent_dirs:
        out["dirs"] = sorted(fs.dirs)
        _sent_dirs = set(fs.dirs)
    _sent_files = dict(files)
    out["now"] = now
    out["asleep"] = display.asleep
    out["brightness"] = display.brightness


def handle(line):
    parts = line.split()
    cmd = parts[0] if parts else ""
    arg = parts[1] if len(parts) > 1 else ""
    out = {}
    if cmd == "boot":
        _boot(out)
        out["board"] = sim_probe.info()
    elif cmd == "press":
        _button(arg).press()
    elif cmd == "release":
        _button(arg).release()
    elif cmd == "tick":
        _advance(int(arg), out)
    elif cmd == "state":
        out["state"] = sim_probe.state(device)
    elif cmd == "reset":
        _boot(out)
    elif cmd != "shot":
        out["error"] = "unknown command: " + line
    _changes(out, cmd in ("boot", "shot", "reset"))
    return json.dumps(out)
