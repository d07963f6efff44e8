"""The scorekeeper app: a stack of screens over one table, driven by logical keys.

App holds no hardware: the board file gives the display, the buttons and the keymap, the
file system is passed in. loop() is the device's loop (poll the buttons about every 50 ms,
draw after a key, dim the display when idle and turn it off after a long idle on the table
screen, feed the watchdog); ui/launch.py starts it on a board and shows on the screen whatever
stops it.
"""

import json

from core.errors import RecordError
from core.journal import Blocked, Journal, JournalError
from core.profiles import PROFILES
from core.table import SEATS
from ui import keys
from ui.strings import default_names, text

# {"lang": "zh", "sleep_s": 60, "names": [...], "known": [...]}: the host may write it ("names":
# tools.deploy --names); "known" is the device's, the names it has seen (ui/players.py)
SETTINGS = "settings.json"
SLEEP_S = 60  # default idle seconds before the display dims (settings "sleep_s"; 0: never)
DARK_S = 1800  # default idle seconds on the table screen before it goes dark ("dark_s"; 0: never)
DIM_LEVEL = 10  # brightness of a dim display, percent (backlight duty, OLED contrast)
POLL_MS = 50
# A key that comes less than this after its screen was drawn was pressed before anyone could
# read that screen: a double tap, or a second bomb in the same breath. Such a key is the
# screen's to judge (Screen.hurried): the result screen drops an OK (a hand is confirmed only
# from its result on the screen), the who-bombed list counts a bomb key as a bomb. A double
# tap's second press comes 150-300 ms after the first; reading a screen takes longer.
GLANCE_MS = 400
WATCHDOG_MS = 8000  # the longest the RP2040's watchdog allows is 8388 ms
# How the hints join a button to its word, for a short, a long and a double press: "A确认"
# "A长菜单" "A双击…"; "A:OK" "A hold:Menu" "A twice:…" (a bare "A~" explained nothing).
_KINDS = ("", "长", "双击")
_KINDS_EN = (":", " hold:", " twice:")
# The cursor's arrows need no colon ("Y▼", in English too), and a screen where two buttons
# move it names both as one part, the button above or on the left first: "X▲Y▼", "L▲R▼"
# (with a space between, the 128x64 table's hints lose their undo in English).
_ARROWS = ("up", "down")
_ALWAYS = (keys.OK, keys.MENU)  # named on every hint line that has them
_HINTS_KEPT = 16  # hint lines kept, per (language, actions), ~60 B each: a classic evening uses 7
_HINT_PARTS_KEPT = 24  # "A确认" and the like, ~70 B each: the screens use about 20


class App:
    def __init__(self, display, layout, fs, data_dir, button_names, keymap, lean=False,
                 collect=False):
        """lean: see below. collect: the modules' bytecode is loaded into the heap (ui/launch.py
        says so on a board that runs .mpy files; not on the VM, whose collector must not run
        inside a call, tools/mpvm.py)."""
        self.display = display
        # A small heap: let the screens' modules go whenever the table screen is alone
        # again, unless they run from the image's flash (ui/modules.py); ui/launch.py
        # decides from the heap the board file left.
        self.lean = lean
        self.fs = fs
        self.data_dir = data_dir
        self.button_names = button_names
        self.settings = self._load_settings()
        self.journal = Journal(fs, data_dir)
        # The journal boots before the painter and the screens are imported: its peak (the
        # snapshot, a segment, the replay's module) and theirs never add up on a small heap.
        # Its folder is looked at after the first frame (look_around).
        self.table, report = self.journal.boot(look=False)
        if collect:
            # Deployed as .mpy files, the painter's and the screens' bytecode is loaded into
            # the heap next: collected first, the journal's garbage (a table's lines read and
            # replayed) is room in one piece for it, not holes it is laid out between. Left
            # to fill the heap, a Pico's first frame found no 1,280 bytes together with 100 KB
            # free (host_tests/test_bench.py, test_pico_power.py).
            import gc

            gc.collect()
        from ui.paint import Painter

        if lean:
            from ui import text as font
            from ui.modules import LEAN_GLYPHS

            font.keep(LEAN_GLYPHS)
        self.painter = Painter(display, layout)
        self.amending = None  # the hand being corrected, while an amend is entered
        # An archived table being read (view_archive): its name, and the open table's state
        # to give back when it is left.
        self.viewing = None
        self._put_aside: "tuple | None" = None
        # Why the evening is over by the table's end (Table.ended), as of the last hand: it
        # is said when a hand makes it so, not again after every hand that follows.
        self._ended = self.table.ended() if self.table else None
        self._reached = self._past_t()  # who is at ±T or past it, as of the last hand
        self._tally = None  # core.stats.Tally of the table's hands, once asked for (tally())
        self._hints = {}  # (lang, actions) -> hint line
        self._hint_parts = {}  # (lang, key, word) -> (part of a hint line, its width)
        self._last_hint = (None, None, 0, "")  # (actions, lang, rows, line) last asked for
        # key -> (button, kind): the first button that gives it by a short press, else by a
        # long one, else by a double press (a screen's first hints walked the keymap per key).
        self._buttons = {}
        for kind in range(3):
            for i, entry in enumerate(keymap):
                if entry[kind] is not None and entry[kind] not in self._buttons:
                    self._buttons[entry[kind]] = (i, kind)
        self.stack = []
        from ui.draft import Keeper

        self.drafts = Keeper(fs, data_dir)
        self.home()
        if not report.clean():
            self._announce(report)
        elif self.table is not None:
            self._resume()

    def _resume(self):
        """Back to the hand that was being entered when the power went (ui/draft.py); if
        what was kept of it does not make a hand of this table, say that it was lost."""
        table = self._table()
        draft = self.drafts.take(table)
        if draft is None:
            return
        if draft is not False:
            from core.errors import RecordError
            from ui.table_screen import entry_of

            try:
                entry_of(table.game).resume(self, draft)
                return
            except (RecordError, ValueError, TypeError, KeyError, IndexError):
                self.home()
        self.notice([self.t("draft_lost")])

    def _announce(self, report):
        lines = [text("unreadable", self.lang).format(name) for name in report.unreadable]
        if report.damage or report.gaps:
            lines.append(text("repaired", self.lang).format(report.hands))
        self.notice(lines + report.lines())

    @property
    def lang(self):
        return self.settings.get("lang", "zh")

    def sleep_ms(self):
        """Idle before the display dims (0: never)."""
        return 1000 * self.settings.get("sleep_s", SLEEP_S)

    def dark_ms(self):
        """Idle before the display goes dark, counted only while at_rest() (0: never)."""
        return 1000 * self.settings.get("dark_s", DARK_S)

    def at_rest(self):
        """The table screen alone on the stack and no hand being entered or corrected: the
        one place the display may go dark (its keys only move the cursor or open a screen,
        so the press that wakes it may act). A hand in progress only ever dims."""
        from ui.table_screen import TableScreen

        stack = self.stack
        return (len(stack) == 1 and type(stack[0]) is TableScreen and self.amending is None)

    # -- the screen stack ----------------------------------------------------------------

    def home(self):
        if self.table:
            from ui.table_screen import TableScreen

            self.stack = [TableScreen(self)]
        else:
            from ui.new_table import NewTableScreen  # loaded only while no table is open

            self.stack = [NewTableScreen(self)]
        self._rested()

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self._rested()
        elif self.amending is not None:
            self.amending = None

    def _rested(self):
        if self.lean and len(self.stack) == 1:
            from ui.modules import from_flash, let_go

            if not from_flash():
                let_go()
            # The hint lines of the screens just left: laid out again when next shown.
            self._hints.clear()
            self._hint_parts.clear()

    def make_room(self):
        """Before a screen that needs kilobytes in one piece (the QR code's module and its
        planes): give back what an evening leaves scattered over the heap. Measured on the
        emulated Pico after a short evening: 91 KB free, yet no 1,280 bytes together. The
        hand's screens are let go (the next hand reads them again, a few ms each), and so are
        the kept glyphs and hint lines (made again as they are drawn). Callers call it on a
        small heap (self.lean), and on a heap that keeps everything only once it was refused
        the room (deployed .mpy files on a Pico, late in an evening): a Pico runs its image,
        whose bytecode is in flash."""
        import gc

        from ui import text
        from ui.modules import HAND_ENTRY, let_go

        let_go(HAND_ENTRY)
        text.forget()
        self._hints.clear()
        self._hint_parts.clear()
        self._last_hint = (None, None, 0, "")
        gc.collect()

    def notice(self, lines):
        from ui.screen import Notice

        self.push(Notice(self, lines))

    def replace(self, screen):
        self.stack[-1] = screen

    def press(self, key, hurried=False):
        """`key` on the top screen; `hurried`: pressed before that screen could be read
        (Device, GLANCE_MS), which the screen may take otherwise (Screen.hurried)."""
        try:
            screen = self.stack[-1]
            if not (hurried and screen.hurried(key)):
                screen.press(key)
        except Blocked:
            self._read_again(key)
            if len(self.stack) == 1:
                self.amending = None  # booted again to the table screen: no amend goes on
        except (RecordError, JournalError) as exc:
            from ui.messages import describe  # loaded only when there is something to say

            self.notice([describe(exc, self.lang)])

    def look_around(self):
        """After the first frame: if the table's folder holds a segment out of its place,
        or the snapshot boot took is not this table's, which boot left for now
        (Journal.boot(look=False)), boot again to read it (or set it aside) and say so.
        Returns whether the screen changed; asks the journal once."""
        if not self.journal.out_of_place():
            return False
        self._booted_again(*self.journal.boot())
        self._ended = self.table.ended() if self.table else None  # as __init__ has them
        self._reached = self._past_t()
        return True

    def _read_again(self, key):
        """A change refused because boot could not read a journal file: boot again. If the
        file reads now and the table is the same, the change goes on; if it reads with more
        events, the fuller table is shown first; if not, the change stays where it was."""
        events = getattr(self.table.entries, "seq", -1) if self.table else -1
        table, report = self.journal.boot()
        if report.unreadable:
            self.notice([text("unreadable", self.lang).format(name)
                         for name in report.unreadable])
            return
        if table is not None and getattr(table.entries, "seq", -1) == events:
            self.table = table
            self._tally = None
            self.press(key)
            return
        self._booted_again(table, report)

    def _booted_again(self, table, report):
        """Show `table`, as a boot again read it, from the table screen, saying what the
        boot found."""
        self.table = table
        self._tally = None
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
        if screen.hint_rows:  # else the screen lays its hints out itself (hint_part)
            p.hints(self.hint_line(screen))
        p.end()
        self.display.show()
        # Drawn: the hand in progress may be kept (after the frame, so that a draft whose
        # screens cannot be drawn is never written back for the next boot).
        self.drafts.keep(self)
        # Once, after the first frame, before any key is taken; a key press reads one name.
        if self.journal.unlooked is not None and self.look_around():
            self.render()

    def hint_line(self, screen):
        """What the buttons do here, as "A确认 B返回 …" ("A:OK B:Back …" in English), on
        as many rows as the screen gives the hints (screen.hint_rows): the rows joined by
        a newline. OK and the menu are always named; the other keys follow
        in the screen's order while they fit, and a part that does not fit is left out
        whole. Kept per (actions, language, rows): the same screen asks again on every
        key."""
        actions = screen.actions()
        lang = self.lang
        rows = screen.hint_rows
        last = self._last_hint
        if last[0] is actions and last[1] == lang and last[2] == rows:
            return last[3]  # the actions a screen keeps (most do): not even a key made
        cache = self._hints
        key = (lang, actions, rows)
        line = cache.get(key)
        if line is not None:
            self._last_hint = (actions, lang, rows, line)
            return line  # every key press: nothing imported on this path
        from ui.text import width as text_width

        parts = []
        both = None  # OK and the menu on one button: one part, "A确认/长菜单"
        arrow = None  # (index in parts, part) of the first arrow named
        for key_, word in actions:
            part = self._hint_part(key_, word, lang, text_width)
            if part is None:
                continue
            if word in _ARROWS and arrow is not None:
                first = arrow[1]
                joined = part[0] + first[0] if word == "up" else first[0] + part[0]
                parts[arrow[0]] = (1, arrow[0], (joined, first[1] + part[1], part[2]))
                continue
            if word in _ARROWS:
                arrow = (len(parts), part)
            if key_ in _ALWAYS and both is not None and both[1][2] == part[2]:
                first = both[1]
                button = len(self.button_names[part[2]])
                if key_ == keys.OK:  # the short press first
                    joined = "".join((part[0], "/", first[0][button:].lstrip()))
                else:
                    joined = "".join((first[0], "/", part[0][button:].lstrip()))
                parts[both[0]] = (0, parts[both[0]][1], (joined, text_width(joined), part[2]))
                continue
            if key_ in _ALWAYS:
                both = (len(parts), part)
            parts.append((0 if key_ in _ALWAYS else 1, len(parts), part))
        space = text_width(" ")
        limit = self.painter.width
        # Rows filled in turn, OK and the menu first; then each row back in the screen's
        # order, so a button's place on the line does not move from screen to screen.
        filled = [[] for _ in range(rows)]
        widths = [-space] * rows
        for _first, order, (part, width, _button) in sorted(parts):
            for r in range(rows):
                if widths[r] + space + width <= limit:
                    widths[r] += space + width
                    filled[r].append((order, part))
                    break
        # One new string for the line: each costs a walk of the interned strings (ui/text.py).
        line = "\n".join(" ".join(part for _o, part in sorted(row)) for row in filled if row)
        if len(cache) >= _HINTS_KEPT:
            cache.clear()
        cache[key] = line
        self._last_hint = (actions, lang, rows, line)
        return line

    def hint_part(self, key, word):
        """"A确认" for a logical key and its word in the UI's language, or None when no
        button gives the key: for a screen that places its own hints."""
        part = self._hint_part(key, word, self.lang)
        return None if part is None else part[0]

    def _hint_part(self, key, word, lang, text_width=None):
        """("A确认", its width, the button) for a logical key and its word, or None when no
        button gives the key. Kept: most screens share their parts (▼ ▲ 确认 返回), so a
        screen seen for the first time mostly only joins them. text_width: ui.text's width,
        where the caller has it (an import in a function costs a Pico some 65 us a time)."""
        cache = self._hint_parts
        found = cache.get((lang, key, word))
        if found is not None:
            return found
        at = self._buttons.get(key)
        if at is None:
            return None
        if text_width is None:
            from ui.text import width as text_width
        i, kind = at
        marks = _KINDS if lang == "zh" or word in _ARROWS else _KINDS_EN
        # One new str, not one per "+": each is looked up among the interned ones (ui/text.py).
        part = "".join((self.button_names[i], marks[kind], text(word, lang)))
        if len(cache) >= _HINT_PARTS_KEPT:
            cache.clear()
        found = cache[(lang, key, word)] = (part, text_width(part), i)
        return found

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
            table = self._table()
            index, result = table.record(record)
            if self._tally is not None:
                self._tally.add(index + 1, table.entries[index]["record"], result)
        if self.amending is not None:
            self._tally = None  # a past hand changed: counted again when next asked
        self.amending = None
        table = self._table()
        ended = table.ended()
        reached = self._past_t()
        news = ended if self._ended is None else None
        if ended is not None and news is None:
            # Played on past the end: a player reaching ±T since is said too (docs/rules.md).
            new = [p for p in reached if p not in self._reached]
            if new:
                far = new[0]
                for p in new:
                    if abs(table.totals[p]) > abs(table.totals[far]):
                        far = p
                news = ["reach", far, table.totals[far]]
        self.home()
        if ended is not None and news is not None:
            from ui.table_menu import EveningOver  # the menu's module: it offers the settlement

            self.push(EveningOver(self, news))
        self._ended = ended
        self._reached = reached

    def _past_t(self):
        """The persons whose totals are ±T or past it, on a table that ends there."""
        table = self.table
        if table is None or not table.end or "reach" not in table.end:
            return []
        end = table.end
        t = end["reach"] * table.scale
        return [p for p in range(table.persons) if abs(table.totals[p]) >= t]

    def counted(self):
        """Whether tally() has its counts at hand (else it reads every hand first)."""
        return self._tally is not None

    def t(self, key):
        return text(key, self.lang)

    def tally(self):
        """core.stats' counts of the hands that count: worked out when first asked for (every
        hand read once), then kept up hand by hand; a void or an amend counts again."""
        if self._tally is None:
            from core.stats import tally

            self._tally = tally(self._table(), feed_watchdog)
        return self._tally

    def fees(self):
        """Beans: the fees each player paid, for the settlement (counted as the statistics
        are: tally()); None in points mode, where there are none."""
        table = self._table()
        return None if table.start_balances is None else self.tally().fees

    def void(self, index):
        self._tally = None
        self._table().void(index)
        self._reached = [p for p in self._past_t() if p in self._reached]
        self.home()

    def unvoid(self, index):
        self._tally = None
        self._table().unvoid(index)
        self.home()

    def open_table(self, options, names=None):
        """Open a new table as `options` say, a dict (NewTableScreen.table_options()): its
        game, and where chosen its profile, rules, titles, end, bombers (ask who played
        each bomb), persons (how many play in turn, with `roster` the rotation rule,
        core/roster.py; else as many as the seats) and players (the seats of free scoring;
        the other games know theirs). names: who plays, one a person (the new-table
        screen's choice), else the host's names (settings) or the defaults."""
        game, profile = options["game"], options.get("profile")
        players = options.get("players") or (PROFILES[profile][0] if profile else SEATS[game])
        persons = options.get("persons") or players
        if names is None:
            from core.names import merged

            names = merged(self.settings.get("names"))
        if len(names) < persons:
            names = default_names(persons, self.lang)
        self.table = self.journal.open_table(
            game, players, profile, options.get("rules"), names[:persons],
            options.get("titles", False), options.get("end"), options.get("roster"),
            options.get("bombers", False))
        self._ended = None
        self._reached = []
        self._tally = None
        self.home()

    def view_archive(self, name):
        """Read archived table `name`: until leave_archive(), the screens see it as the table
        (nothing of it can change: its journal is closed)."""
        table, _report = self.journal.read_archive(name)
        self._put_aside = (self.table, self._tally, self._ended)
        self.table, self._tally, self.viewing = table, None, name

    def leave_archive(self):
        aside = self._put_aside
        if aside is not None:
            self.table, self._tally, self._ended = aside
            self._put_aside = self.viewing = None

    def close_table(self):
        self.journal.close_table(self.table)
        self.table = None
        self._tally = None
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
    clock, pressing simulated buttons in between. `clock` (the board's time.ticks_ms) says
    when a frame is on the panel; without it, the time of the step that drew it."""

    def __init__(self, board, fs, now, lean=False, clock=None, collect=False):
        from time import ticks_diff

        from ui.input import Input

        self.board = board
        self._clock = clock
        self._diff = ticks_diff
        self.app = App(board.display, board.layout, fs, board.data_dir, board.button_names,
                       board.keymap, lean, collect)
        self.input = Input(board.buttons, board.keymap, now)
        self._arm()
        board.display.set_brightness(100)  # lit in full, whatever a run before left it at
        self._top = None  # the screen last drawn on top, and when it first was: _drawn()
        self._shown = now
        first = self.app.stack[-1]
        self.app.render()
        self._drawn(now)
        if self.app.stack[-1] is not first:  # the first frame's look found something
            self._arm()

    def _arm(self):
        """The idle times for the screen now on top: dim anywhere, dark only at rest."""
        app = self.app
        self.input.sleep_after_ms = app.sleep_ms()
        self.input.dark_after_ms = app.dark_ms() if app.at_rest() else 0

    def _drawn(self, now):
        """Note when the screen on top was first on the panel (a redraw of the same screen
        after a key is not a new screen)."""
        top = self.app.stack[-1]
        if top is not self._top:
            self._top = top
            self._shown = self._clock() if self._clock is not None else now

    def step(self, now):
        """Sleep never eats a press: a press on a dim or dark display gives WAKE (full
        brightness back; from dark the panel is switched on and the screen redrawn whole),
        then its own key acts on the screen at the next poll, as on a lit display. A
        passing message goes by itself once it has been shown its time."""
        key = self.input.poll(now)
        app = self.app
        if not key:
            lasts = app.stack[-1].lasts_ms
            if lasts and self._diff(now, self._shown) >= lasts:
                app.pop()
                self._acted(now)
            return 0
        display = self.board.display
        if key == keys.DIM:
            display.set_brightness(DIM_LEVEL)
        elif key == keys.DARK:
            display.sleep()
        elif key == keys.WAKE:
            display.set_brightness(100)
            if display.asleep:
                display.wake()
                app.painter.forget()  # the whole screen again, as after a boot
                app.render()
        else:
            app.press(key, self._diff(now, self._shown) < GLANCE_MS)
            self._acted(now)
        return key

    def _acted(self, now):
        self.app.render()
        self._drawn(now)
        self._arm()


def run(board, fs):
    """Boot the device and run its loop. Never returns."""
    import time

    loop(board, Device(board, fs, time.ticks_ms(), False, time.ticks_ms))


_dog = None  # the watchdog, once loop() has started it


def feed_watchdog():
    """For work that takes longer than a press (a first count of a long table's hands): the
    board's watchdog resets it after WATCHDOG_MS without a feed."""
    if _dog is not None:
        _dog.feed()


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
