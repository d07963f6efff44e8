"""The scorekeeper app: a stack of screens over one table, driven by logical keys.

App holds no hardware: the board file gives the display, the buttons and the keymap, the
file system is passed in. loop() is the device's loop (poll the buttons about every 50 ms,
draw after a key, sleep the display when idle, feed the watchdog); ui/launch.py starts it on a
board and shows on the screen whatever stops it.
"""

import json

from core.errors import RecordError
from core.journal import Blocked, Journal, JournalError
from core.profiles import PROFILES
from core.table import SEATS
from ui import keys
from ui.paint import Painter
from ui.screen import Notice
from ui.strings import default_names, text
from ui.table_screen import TableScreen
from ui.text import width as text_width

SETTINGS = "settings.json"  # {"lang": "zh", "sleep_s": 60, "names": [...]}; the host may write it
POLL_MS = 50
WATCHDOG_MS = 8000  # the longest the RP2040's watchdog allows is 8388 ms
_KINDS = ("", "长", "²")  # how the hints mark a long or double press (zh)
_KINDS_EN = ("", "~", "²")
_HINTS_KEPT = 16  # hint lines kept, per (language, actions), ~60 B each: a classic evening uses 7
_HINT_PARTS_KEPT = 24  # "A确认" and the like, ~70 B each: the screens use about 20


class App:
    def __init__(self, display, layout, fs, data_dir, button_names, keymap):
        self.display = display
        self.painter = Painter(display, layout)
        self.fs = fs
        self.data_dir = data_dir
        self.button_names = button_names
        self.keymap = keymap
        self.settings = self._load_settings()
        self.journal = Journal(fs, data_dir)
        self.table, report = self.journal.boot()
        self.amending = None  # the hand being corrected, while an amend is entered
        self._hints = {}  # (lang, actions) -> hint line
        self._hint_parts = {}  # (lang, key, word) -> (part of a hint line, its width)
        self.stack = []
        self.home()
        if not report.clean():
            self._announce(report)

    def _announce(self, report):
        lines = [text("unreadable", self.lang).format(name) for name in report.unreadable]
        if report.damage:
            lines.append(text("repaired", self.lang).format(report.hands))
        self.push(Notice(self, lines + report.lines()))

    @property
    def lang(self):
        return self.settings.get("lang", "zh")

    def sleep_ms(self):
        return 1000 * self.settings.get("sleep_s", 60)

    # -- the screen stack ----------------------------------------------------------------

    def home(self):
        if self.table:
            self.stack = [TableScreen(self)]
        else:
            from ui.new_table import NewTableScreen  # loaded only while no table is open

            self.stack = [NewTableScreen(self)]

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        elif self.amending is not None:
            self.amending = None

    def replace(self, screen):
        self.stack[-1] = screen

    def press(self, key):
        try:
            self.stack[-1].press(key)
        except Blocked:
            self._read_again(key)
        except (RecordError, JournalError) as exc:
            self.push(Notice(self, [str(exc)]))

    def _read_again(self, key):
        """A change refused because boot could not read a journal file: boot again. If the
        file reads now and the table is the same, the change goes on; if it reads with more
        events, the fuller table is shown first; if not, the change stays where it was."""
        events = getattr(self.table.entries, "seq", -1) if self.table else -1
        table, report = self.journal.boot()
        if report.unreadable:
            self.push(Notice(self, [text("unreadable", self.lang).format(name)
                                    for name in report.unreadable]))
            return
        self.table = table
        if table is not None and getattr(table.entries, "seq", -1) == events:
            self.press(key)
            return
        self.home()
        self._announce(report)

    def render(self):
        """Draw the top screen: only what changed since the last frame is redrawn (see
        ui/paint.py: a colour panel is sent those boxes as they are drawn), then the
        display's show() says the frame is done (micropython-lib's SSD1306 sends its buffer
        then)."""
        p = self.painter
        screen = self.stack[-1]
        p.begin()
        screen.draw(p)
        p.hints(self.hint_line(screen))
        p.end()
        self.display.show()

    def hint_line(self, screen):
        """What the buttons do here, as "A确认 B返回 …", as many as fit. Kept per (actions,
        language): the same screen asks again on every key."""
        actions = screen.actions()
        lang = self.lang
        cache = self._hints
        key = (lang, actions)
        line = cache.get(key)
        if line is not None:
            return line
        parts = []
        space = text_width(" ")
        width = -space  # a space before every part but the first
        limit = self.painter.width
        for key_, word in actions:
            part = self._hint_part(key_, word, lang)
            if part is None:
                continue
            width += space + part[1]
            if width > limit:
                break
            parts.append(part[0])
        # One new string for the line: each costs a walk of the interned strings (ui/text.py).
        line = " ".join(parts)
        if len(cache) >= _HINTS_KEPT:
            cache.clear()
        cache[key] = line
        return line

    def _hint_part(self, key, word, lang):
        """("A确认", its width) for a logical key and its word, or None when no button gives
        the key. Kept: most screens share their parts (▼ ▲ 确认 返回), so a screen seen for
        the first time mostly only joins them."""
        cache = self._hint_parts
        found = cache.get((lang, key, word))
        if found is not None:
            return found
        marks = _KINDS if lang == "zh" else _KINDS_EN
        for kind in range(3):
            for i, entry in enumerate(self.keymap):
                if entry[kind] == key:
                    part = self.button_names[i] + marks[kind] + text(word, lang)
                    if len(cache) >= _HINT_PARTS_KEPT:
                        cache.clear()
                    found = cache[(lang, key, word)] = (part, text_width(part))
                    return found
        return None

    # -- what screens ask of the table ----------------------------------------------------

    def _table(self):
        if self.table is None:
            raise JournalError("no table is open")
        return self.table

    def preview(self, record):
        """(completed record, result) of the hand being entered, scored by the core."""
        return self._table().preview(record, self.amending)

    def commit(self, record):
        """Write the hand (or the correction) and go home; on a flash error the hand stays
        on its preview, to be confirmed again once there is room."""
        if self.amending is not None:
            self._table().amend(self.amending, record)
        else:
            self._table().record(record)
        self.amending = None
        self.home()

    def void(self, index):
        self._table().void(index)
        self.home()

    def open_table(self, game, profile, rules, titles):
        players = PROFILES[profile][0] if profile else SEATS[game]
        names = self.settings.get("names") or []
        if len(names) < players:
            names = default_names(players, self.lang)
        self.table = self.journal.open_table(game, players, profile, rules, names[:players],
                                             titles)
        self.home()

    def close_table(self):
        self.journal.close_table(self.table)
        self.table = None
        self.home()

    # -- settings ---------------------------------------------------------------------

    def _load_settings(self):
        try:
            with self.fs.open(self.data_dir + "/" + SETTINGS, "rb") as f:
                settings = json.loads(f.read())
            if isinstance(settings, dict):
                return settings
        except (OSError, ValueError):
            pass  # none yet, or unreadable: the defaults serve
        return {}

    def save_settings(self):
        # Write aside and rename over: a cut leaves the old settings or the new, never half.
        path = self.data_dir + "/" + SETTINGS
        try:
            with self.fs.open(path + ".tmp", "wb") as f:
                f.write(json.dumps(self.settings).encode())
            self.fs.rename(path + ".tmp", path)
        except OSError as exc:
            raise JournalError("settings not saved ({})".format(exc)) from None


class Device:
    """A board running the app: step(now) polls the buttons once and acts on what they say.
    The device's loop calls it every POLL_MS; tests and the simulator call it with their own
    clock, pressing simulated buttons in between."""

    def __init__(self, board, fs, now):
        from ui.input import Input

        self.board = board
        self.app = App(board.display, board.layout, fs, board.data_dir, board.button_names,
                       board.keymap)
        self.input = Input(board.buttons, board.keymap, now,
                           sleep_after_ms=self.app.sleep_ms())
        self.app.render()

    def step(self, now):
        key = self.input.poll(now)
        display = self.board.display
        if key == keys.SLEEP:
            display.sleep()
        elif key == keys.WAKE:
            display.wake()
            self.app.painter.forget()  # the whole screen again, as after a boot
            self.app.render()
        elif key:
            self.app.press(key)
            self.app.render()
            self.input.sleep_after_ms = self.app.sleep_ms()
        return key


def run(board, fs):
    """Boot the device and run its loop. Never returns."""
    import time

    loop(board, Device(board, fs, time.ticks_ms()))


_dog = None  # the watchdog, once loop() has started it


def loop(board, device):
    """The device loop: poll, draw, feed the watchdog. Never returns."""
    global _dog
    import time

    dog = _dog = board.watchdog(timeout=WATCHDOG_MS) if board.watchdog else None
    try:
        while True:
            device.step(time.ticks_ms())
            if dog is not None:
                dog.feed()
            time.sleep_ms(POLL_MS)
    except KeyboardInterrupt:
        keep_fed()
        raise


_feeder = None  # the timer that feeds the watchdog while the REPL has the board


def keep_fed():
    """The host stopped the app (mpremote, to pull the journal or deploy). A watchdog cannot
    be stopped once started, so a timer feeds it from now on; mpremote's `resume` keeps it
    running (a soft reset would stop the timer, and the watchdog would reset the board
    mid-copy)."""
    global _feeder
    dog = _dog
    if dog is None:
        return
    from machine import Timer

    for timer_id in (-1, 0):  # rp2: a virtual timer; ESP32 has hardware timers only
        try:
            _feeder = Timer(timer_id)
            _feeder.init(period=WATCHDOG_MS // 4, callback=lambda _t: dog.feed())
            return
        except (ValueError, OSError):
            continue


def _crashed(board, fs, exc):
    """Show and log a crash during play (ui.launch then restarts the board; the simulator
    restarts the app)."""
    import sys

    from ui import launch

    sys.print_exception(exc)
    launch.report(board, fs, exc, True)
