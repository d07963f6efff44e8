"""The simulated board on the host's side: a long-lived Node process (tools/vm/sim.mjs) runs
the real firmware on the official MicroPython WebAssembly port; this class talks to it one
command a line (the commands are in tools/sim/guest.py) and keeps what it answers: the
framebuffer, the clock, the logical keys the buttons produced. Changes to the board's flash are
passed to `on_flash(files, removed, dirs)` as they happen, so the host can keep them.

The clock is the simulator's: nothing moves on the board unless tick() is called, so a script
can run a whole evening in a second and the window can follow the wall clock.
"""

import base64
import json
import os
import select
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
SIM_MJS = ROOT / "tools" / "vm" / "sim.mjs"
GUEST = Path(__file__).resolve().parent / "guest.py"
PROBE = Path(__file__).resolve().parent / "probe.py"  # imported by the guest as sim_probe
HEAP = 4 * 1024 * 1024  # as tools/mpvm.py's node engine
TIMEOUT_S = 60.0  # one answer; a guest stuck longer than this is a bug, not a slow machine

FlashCallback = Callable[[dict[str, bytes], list[str], "list[str] | None"], None]


class SimError(RuntimeError):
    """The VM failed or refused a command; the message holds what it said."""


def simulated_boards() -> list[str]:
    return sorted(p.stem for p in BOARDS.glob("simulated*.py"))


def firmware_files(board: str) -> dict[str, bytes]:
    """What goes onto the board: every firmware .py, and the board file as board.py."""
    source = BOARDS / (board + ".py")
    if not source.is_file():
        raise SimError("no board file boards/{}.py (simulated boards: {})".format(
            board, ", ".join(simulated_boards())))
    files = {str(p.relative_to(FIRMWARE)): p.read_bytes() for p in FIRMWARE.rglob("*.py")
             if "__pycache__" not in p.parts}
    from tools.mpy_size import data_files  # the font file, copied as it is

    files.update({str(p.relative_to(FIRMWARE)): p.read_bytes() for p in data_files()})
    files["board.py"] = source.read_bytes()
    return files


class Sim:
    def __init__(self, board: str = "simulated", files: dict[str, bytes] | None = None,
                 dirs: list[str] | None = None, *, lang: str | None = None,
                 on_flash: FlashCallback | None = None, heap: int = HEAP) -> None:
        self.board_file = board
        self.on_flash = on_flash
        self.fb = b""
        self.fb_version = 0  # bumped on every new framebuffer
        self.asleep = False
        self.brightness = 100  # percent, as the display was last set: dim is low
        self.now = 0
        self.keys: list[str] = []  # every logical key produced, in order
        self.crash = ""
        self.log: deque[str] = deque(maxlen=200)  # what the guest printed
        self.round_trips = 0
        vm_files = firmware_files(board)
        vm_files["sim_probe.py"] = PROBE.read_bytes()
        vm_files["sim.json"] = json.dumps({
            "files": {p: d.hex() for p, d in (files or {}).items()},
            "dirs": sorted(dirs or []), "lang": lang}).encode()
        job = {"files": {p: base64.b64encode(d).decode() for p, d in vm_files.items()},
               "script": GUEST.read_text(encoding="utf-8"), "heap": heap, "entry": "handle"}
        try:
            self._proc = subprocess.Popen(["node", str(SIM_MJS)], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          cwd=str(SIM_MJS.parent))
        except FileNotFoundError:
            raise SimError("node not found: the simulator runs MicroPython under Node.js "
                           "(18 or newer)") from None
        self._buffer = b""
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self._send(json.dumps(job))
        answer = self.command("boot")
        self.board: dict = answer["board"]

    # -- the board's facts ----------------------------------------------------------------

    @property
    def layout(self) -> str:
        return self.board["layout"]

    @property
    def buttons(self) -> list[str]:
        return self.board["buttons"]

    # -- commands --------------------------------------------------------------------------

    def press(self, button: str) -> dict:
        return self.command("press " + button)

    def release(self, button: str) -> dict:
        return self.command("release " + button)

    def tick(self, ms: int) -> dict:
        return self.command("tick {}".format(int(ms)))

    def advance_to(self, now: float) -> dict | None:
        """Let the board's clock run to `now` (ms); nothing if it is there already."""
        ms = int(now) - self.now
        return self.tick(ms) if ms > 0 else None

    def shot(self) -> bytes:
        self.command("shot")
        return self.fb

    def state(self) -> dict:
        return self.command("state")["state"]

    def reset(self) -> dict:
        return self.command("reset")

    def command(self, line: str) -> dict:
        self._send(line)
        answer = json.loads(self._readline())
        self.round_trips += 1
        if "error" in answer:
            raise SimError(answer["error"] + self._log_tail())
        if "fb" in answer:
            self.fb = bytes.fromhex(answer["fb"])
            self.fb_version += 1
        self.now = answer.get("now", self.now)
        self.asleep = answer.get("asleep", self.asleep)
        self.brightness = answer.get("brightness", self.brightness)
        self.keys.extend(answer.get("keys", ()))
        if "crash" in answer:
            self.crash = answer["crash"]
        if self.on_flash and ("files" in answer or "removed" in answer or "dirs" in answer):
            files = {p: bytes.fromhex(d) for p, d in answer.get("files", {}).items()}
            self.on_flash(files, answer.get("removed", []), answer.get("dirs"))
        return answer

    def close(self) -> None:
        proc = self._proc
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.close()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()

    def __enter__(self) -> "Sim":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the pipe -------------------------------------------------------------------------

    def _send(self, line: str) -> None:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(line.encode() + b"\n")
            self._proc.stdin.flush()
        except BrokenPipeError:
            raise SimError("the VM has stopped" + self._log_tail()) from None

    def _readline(self) -> bytes:
        stdout = self._proc.stdout
        assert stdout is not None
        fd = stdout.fileno()
        deadline = time.monotonic() + TIMEOUT_S
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self._proc.kill()
                raise SimError("the VM did not answer in {:.0f} s".format(TIMEOUT_S)
                               + self._log_tail())
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    self._proc.wait()
                    raise SimError("the VM has stopped" + self._log_tail())
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _drain_stderr(self) -> None:
        stderr = self._proc.stderr
        assert stderr is not None
        for raw in stderr:
            self.log.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def _log_tail(self) -> str:
        time.sleep(0.05)  # let the stderr reader catch up with a dying VM
        tail = "\n".join(list(self.log)[-30:])
        return ("\n" + tail) if tail else ""
