"""The emulated Pico behind the simulator (`tools.sim --pico`): the scorekeeper's own image
(or stock MicroPython with the scorekeeper deployed: tools/sim/pico_flash.py) on rp2040js with
a Pico Display Pack (tools/pico; the 2.0" one with board="pico_display_pack_2"), driven
through the same interface as the VM's Sim (tools/sim/vm.py), so that the key scripts
(tools/sim/script.py), the window, the terminal view and the screenshots work unchanged.

Two ways to run it:
- live (window, terminal): after the board's facts are asked (below), the chip is power
  cycled and runs paced to the wall clock; main.py boots the scorekeeper exactly as on a
  board; a button is down for as long as its key is held, and the panel's picture is
  fetched at most every FRAME_MS;
- headless (--keys): emulated time, run only while a script waits, so presses land with a
  person's timing on the board's clock however slow or fast the host is.

The table as JSON at the end of a headless run comes from the board itself, over its REPL:
the screen on top lives only in the board's RAM (the journal on the flash knows the table
but not the screen), and asking the running firmware keeps one source of truth for both.
So at the start the scorekeeper that main.py booted is stopped with Ctrl-C and started
again from the raw REPL by tools/sim/probe.py's run_kept(), which is what ui.launch runs
with each Device noted; at the end a Ctrl-C stops it and probe.state() answers. A reset of the chip
(a crash, the watchdog, the script's `reset`) boots main.py again, so the board is taken
over again before it is asked.

The flash image is saved whenever the board has erased or programmed flash since the last
save, so that stopping the simulator at any moment (Ctrl+C stops the chip's process too) is
a power cut at that moment, as with the VM's flash folder.
"""

import json
import time
from pathlib import Path

from tools.pico import Pico, PicoError, pack_for, repl
from tools.pico.deployed import BOARD, BOOT_QUIET_MS

PROBE = (Path(__file__).resolve().parent / "probe.py").read_text(encoding="utf-8")
# Live: a new picture at most 20 times a second, smooth enough for a cursor moving; each is a
# 64 KB answer from the chip's process (150 KB for the 2.0" pack), so not on every one of
# the window's 60 frames.
FRAME_MS = 50
SERIAL_KEPT = 4000  # characters of the board's serial output kept for a crash report


class PicoSim:
    def __init__(self, image: Path, *, live: bool, board: str = BOARD) -> None:
        self.board_file = board
        self.pico = Pico(image, pack=pack_for(board))
        self.live = live
        self.now = 0.0  # the board's clock, ms since power on
        # The logical keys the buttons made: the board does not tell, so none (the window's
        # "last key" stays empty).
        self.keys: list[str] = []
        self.crash = ""
        self.fb_version = 0
        self._fb = b""
        self._asleep = True
        self.brightness = 100  # percent, from the backlight's duty at the last refresh
        self._stale = True
        self._fetched = 0.0
        self._flash_ops = (-1, -1)
        self._serial = ""
        self._resets_seen = 0
        self._stopped = False
        try:
            self.pico.settle(quiet_ms=BOOT_QUIET_MS)
            self.board: dict = self._facts()
            if live:
                self.pico.command("reset")  # main.py boots as at power on, watched live
                self.pico.realtime(True)
            else:
                self._run_kept()
        except BaseException:
            self.pico.close()
            raise

    # -- the board's facts ----------------------------------------------------------------

    @property
    def layout(self) -> str:
        return self.board["layout"]

    @property
    def buttons(self) -> list[str]:
        return self.board["buttons"]

    @property
    def fb(self) -> bytes:
        self._fresh()
        return self._fb

    @property
    def asleep(self) -> bool:
        self._fresh()
        return self._asleep

    # -- the Sim interface ------------------------------------------------------------------

    def press(self, button: str) -> None:
        self._running()
        self._note(self.pico.button(button, True))

    def release(self, button: str) -> None:
        self._running()
        self._note(self.pico.button(button, False))

    def tick(self, ms: float) -> None:
        """Emulated time: let the board run `ms` milliseconds."""
        self._running()
        if self.live:
            raise PicoError("tick() is for headless runs: live, the board follows the clock")
        self._note(self.pico.run(ms))
        self._watch()
        self._stale = True

    def advance_to(self, now: float) -> None:
        """Headless: run the board's clock to `now` (ms). Live: the board keeps to the wall
        clock by itself; take what it sent and fetch a new picture when one is due."""
        if not self.live:
            if now > self.now:
                self.tick(now - self.now)
            return
        self.pico.pump()
        self._watch()
        if time.monotonic() - self._fetched >= FRAME_MS / 1000:
            self._refresh()

    def shot(self) -> bytes:
        self._refresh()
        return self._fb

    def reset(self) -> None:
        """A power cycle: main.py boots the scorekeeper again from the flash."""
        self._running()
        self._note(self.pico.command("reset"))
        if not self.live:
            self.pico.settle(quiet_ms=BOOT_QUIET_MS)
            self.board = self._facts()
            self._run_kept()
        self._stale = True

    def state(self) -> dict:
        """The table and the top screen, from the board (see above). This stops the app: a
        headless run asks last."""
        if self.live:
            raise PicoError("state() is for headless runs")
        self._running()
        if self._resets() > self._resets_seen:
            # main.py booted again, without run_kept: take the board over once more.
            self.pico.settle(quiet_ms=BOOT_QUIET_MS)
            self._facts()
            self._run_kept()
        self._refresh()
        repl.enter_raw(self.pico)
        self._stopped = True
        return json.loads(repl.run(self.pico, "print(json.dumps(state(kept)))"))

    def close(self) -> None:
        self.pico.close()  # saves the flash image

    def __enter__(self) -> "PicoSim":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the board's REPL -------------------------------------------------------------------

    def _facts(self) -> dict:
        """Stop the running scorekeeper and ask the board's facts (probe.info())."""
        self._watch()
        repl.enter_raw(self.pico)
        out = repl.run(self.pico, PROBE + "\nimport json\nprint(json.dumps(info()))\n")
        return json.loads(out)

    def _run_kept(self) -> None:
        repl.start(self.pico, "run_kept()")
        self.pico.settle(quiet_ms=BOOT_QUIET_MS)  # the app boots from the journal again
        said = self.pico.take_serial()
        if said.endswith(b"\x04>"):  # the raw REPL's prompt: main.py ended at once
            raise repl.ReplError("the scorekeeper stopped as soon as it started:\n"
                                 + said.decode("utf-8", "replace").strip("\x04>"))
        self._watch(said)
        self._resets_seen = self._resets()
        self._stale = True

    def _resets(self) -> int:
        return sum(1 for e in self.pico.events if e.get("event") == "reset")

    def _running(self) -> None:
        if self._stopped:
            raise PicoError("the scorekeeper was stopped to ask its state: nothing more can "
                            "be pressed")

    # -- pictures, flash, serial --------------------------------------------------------------

    def _fresh(self) -> None:
        if self._stale and not self.live:
            self._refresh()

    def _refresh(self) -> None:
        state = self.pico.command("frame")
        self._fetched = time.monotonic()
        self._stale = False
        display = state["display"]
        asleep = not (display["backlight"] and display["on"] and not display["asleep"])
        brightness = round(100 * display["backlight"])  # the backlight's PWM duty
        picture = self.pico.picture
        if picture != self._fb or asleep != self._asleep or brightness != self.brightness:
            self._fb = picture
            self._asleep = asleep
            self.brightness = brightness
            self.fb_version += 1
        self._note(state)

    def _note(self, state: dict) -> None:
        """Keep the clock; save the flash image when the board changed its flash."""
        self.now = state["nanos"] / 1e6
        ops = (state["erases"], state["programs"])
        if ops != self._flash_ops:
            if self._flash_ops != (-1, -1):
                self.pico.save()
            self._flash_ops = ops

    def _watch(self, said: bytes | None = None) -> None:
        """What the board printed on its own (a crash's traceback): for the status line."""
        text = (self.pico.take_serial() if said is None else said).decode("utf-8", "replace")
        if not text:
            return
        self._serial = (self._serial + text)[-SERIAL_KEPT:]
        at = self._serial.rfind("Traceback")
        if at >= 0:
            self.crash = self._serial[at:]
