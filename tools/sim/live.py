"""The simulated board on the wall clock, for the window and the terminal: the board's clock
follows real time, a button goes down and up when the mouse or a key says so, and a logical
key (arrows, Enter, ...) becomes the press the board's keymap needs, timed as a person would
press it. Changes to the flash are written by the Sim's callback as they happen.
"""

import time

from tools.sim import script
from tools.sim.vm import Sim

QUEUE_GAP_MS = 60  # between two queued gestures: longer than the 20 ms debounce


class Live:
    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self._t0 = time.monotonic()
        self._base = sim.now
        self._pending: list[tuple[float, int, str, str]] = []  # (at, order, action, button)
        self._order = 0
        self._busy_until = 0.0
        self.held: set[str] = set()  # buttons down now, for drawing them pressed
        self.last = ""  # the last logical key the board produced, for a status line
        self._seen = len(sim.keys)

    def clock(self) -> float:
        return self._base + (time.monotonic() - self._t0) * 1000

    # -- a button held by hand (mouse, a key with real key-up events) ------------------

    def press(self, button: str) -> None:
        self.sim.advance_to(self.clock())
        self.sim.press(button)
        self.held.add(button)

    def release(self, button: str) -> None:
        self.sim.advance_to(self.clock())
        self.sim.release(button)
        self.held.discard(button)

    # -- a whole press, timed here ---------------------------------------------------------

    def gesture(self, button: str, kind: str) -> None:
        """Queue a short, long or double press of `button`, after any queued before it."""
        start = max(self.clock(), self._busy_until)
        hold = script.hold_ms(self.sim.board, kind)
        if kind == "double":
            self._at(start, "press", button)
            self._at(start + script.DOUBLE_TAP_MS, "release", button)
            start += script.DOUBLE_TAP_MS + script.DOUBLE_GAP_MS
            hold = script.DOUBLE_TAP_MS
        self._at(start, "press", button)
        self._at(start + hold, "release", button)
        self._busy_until = start + hold + QUEUE_GAP_MS

    def logical(self, key: str) -> None:
        """Queue the press that gives logical key `key` (ok, next, prev, back, menu)."""
        button, kind = script.gesture(self.sim.board, key)
        self.gesture(button, kind)

    def _at(self, at: float, action: str, button: str) -> None:
        self._order += 1
        self._pending.append((at, self._order, action, button))
        self._pending.sort()

    # -- every frame --------------------------------------------------------------------------

    def update(self) -> None:
        """Do what is due and bring the board's clock to now."""
        now = self.clock()
        while self._pending and self._pending[0][0] <= now:
            at, _, action, button = self._pending.pop(0)
            self.sim.advance_to(at)
            if action == "press":
                self.sim.press(button)
                self.held.add(button)
            else:
                self.sim.release(button)
                self.held.discard(button)
        self.sim.advance_to(now)
        if len(self.sim.keys) > self._seen:
            self._seen = len(self.sim.keys)
            self.last = self.sim.keys[-1]
