"""Buttons to logical keys: polled, debounced, short / long / double presses, idle dim and dark.

Call poll(now) about every 50 ms with time.ticks_ms() (tests pass their own ticks): it returns
one logical key from ui.keys, or 0 when nothing happened. No interrupts: a switch bounces for a
few ms and an interrupt per bounce buys nothing at table speed (micropython-async's Pushbutton
polls for the same reason).

Buttons are duck-typed: anything with a pressed() method, or a callable, that is true while the
button is down. The electrical level is mapped to "pressed" once, in the board file (e.g.
machine.Signal(Pin(n, Pin.IN, Pin.PULL_UP), invert=True) for an active-low button), so this
module never sees levels and a simulator or a test can press buttons by setting a flag.

Per button, as Pushbutton with suppress=True:
- a change of state is accepted only debounce_ms after the previous accepted change (bounces
  inside that window are ignored);
- long: held for long_ms fires the long key at once, while still held; its release fires
  nothing, so a long press never also fires the short action;
- double: a second press within double_ms of the first release fires the double key instead
  of two shorts; the short of a button that has a double waits double_ms after release;
- a button with neither long nor double fires its short on the press itself.

Idle: idle_ms(now) is the time since the last press or release. With sleep_after_ms set, poll()
returns keys.DIM once when that much idle time has passed (the app dims the display); with
dark_after_ms set (the app arms it only while the table screen is at rest), keys.DARK once
after that much (the app turns the display off). Neither comes while a button is down or a
short waits for its double. The next press returns keys.WAKE and then acts as any press: its
short, long or double follows (sleep never eats a press: a bomb pressed on a dim screen
counts).

Nothing is allocated per poll: state lives in lists made once, events in a small ring.
"""

from time import ticks_diff

from micropython import const

from ui.keys import DARK, DIM, DOUBLE, LONG, SHORT, WAKE

_QUEUE = const(16)


class Input:
    def __init__(self, buttons, keymap, now, *, long_ms=600, double_ms=300, debounce_ms=20,
                 sleep_after_ms=0, dark_after_ms=0):
        if len(keymap) != len(buttons):
            raise ValueError("one keymap entry per button")
        n = len(buttons)
        self._n = n
        self._read = [b.pressed if hasattr(b, "pressed") else b for b in buttons]
        self._map = [tuple(entry) for entry in keymap]
        self.long_ms = long_ms
        self.double_ms = double_ms
        self.debounce_ms = debounce_ms
        self.sleep_after_ms = sleep_after_ms  # idle before DIM; 0: never
        self.dark_after_ms = dark_after_ms  # idle before DARK; 0: never
        self._down = [False] * n  # debounced state
        self._changed = [now] * n  # tick of the last accepted change
        self._since = [now] * n  # tick of the current press
        self._swallow = [False] * n  # this press has fired already
        self._pending = [False] * n  # a short waits for a possible second press
        self._released = [now] * n
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self._activity = now
        self.dimmed = False  # DIM (or DARK) given, no press since
        self.asleep = False  # DARK given, no press since

    # -- state the app reads -----------------------------------------------------------------

    def idle_ms(self, now):
        """Milliseconds since the last press or release."""
        return ticks_diff(now, self._activity)

    def touch(self, now):
        """Count `now` as activity (e.g. the app woke the display for its own reasons)."""
        self._activity = now
        self.dimmed = self.asleep = False

    def sleep(self):
        """Mark the display dark now: the next press returns WAKE, then its own key."""
        self.dimmed = self.asleep = True

    def held(self, index):
        """True while button `index` is down (debounced)."""
        return self._down[index]

    # -- the poll ------------------------------------------------------------------------------

    def _emit(self, key):
        if key and self._count < _QUEUE:
            self._queue[(self._head + self._count) % _QUEUE] = key
            self._count += 1

    def poll(self, now):
        """Sample every button once; return the next logical key, or 0."""
        down = self._down
        pending = self._pending
        swallow = self._swallow
        for i in range(self._n):
            entry = self._map[i]
            if pending[i] and ticks_diff(now, self._released[i]) >= self.double_ms:
                pending[i] = False
                self._emit(entry[SHORT])
            raw = True if self._read[i]() else False
            if raw != down[i]:
                if ticks_diff(now, self._changed[i]) >= self.debounce_ms:
                    down[i] = raw
                    self._changed[i] = now
                    self._activity = now
                    if raw:
                        self._press(i, entry, now)
                    else:
                        self._release(i, entry, now)
            elif raw and not swallow[i] and entry[LONG] is not None:
                if ticks_diff(now, self._since[i]) >= self.long_ms:
                    swallow[i] = True
                    self._emit(entry[LONG])
        dark = self.dark_after_ms
        if ((dark or self.sleep_after_ms) and not self.asleep
                and True not in down and True not in pending):
            idle = ticks_diff(now, self._activity)
            if dark and idle >= dark:
                self.dimmed = self.asleep = True
                self._emit(DARK)
            elif self.sleep_after_ms and not self.dimmed and idle >= self.sleep_after_ms:
                self.dimmed = True
                self._emit(DIM)
        if not self._count:
            return 0
        key = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return key

    def _press(self, i, entry, now):
        if self.dimmed:
            # Not swallowed: the display comes back first, then the press acts.
            self.dimmed = self.asleep = False
            self._emit(WAKE)
        if self._pending[i]:
            # Still inside the window (the timeout was checked first in poll).
            self._pending[i] = False
            self._swallow[i] = True
            self._emit(entry[DOUBLE])
            return
        self._since[i] = now
        if entry[LONG] is None and entry[DOUBLE] is None:
            self._swallow[i] = True
            self._emit(entry[SHORT])
        else:
            self._swallow[i] = False

    def _release(self, i, entry, now):
        if self._swallow[i]:
            self._swallow[i] = False
            return
        if entry[DOUBLE] is not None:
            self._pending[i] = True
            self._released[i] = now
        else:
            self._emit(entry[SHORT])
