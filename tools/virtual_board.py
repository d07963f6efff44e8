"""A virtual MicroPython board on a Linux pseudo-terminal, so that unmodified `mpremote` (and
so `python -m tools.deploy`) can be tested without hardware.

    python -m tools.virtual_board [--dir DIR] [--log FILE] [--no-raw-paste] [--mpy N]

prints the port (`/dev/pts/N`) on its first line and serves until it is killed. Then e.g.
`mpremote connect /dev/pts/N exec "print(1+1)"`, `... fs ls`, `python -m tools.deploy --board
simulated --port /dev/pts/N`. The board's files live in DIR (default: a fresh temporary
folder) while it runs and after.

The board is the official MicroPython WebAssembly port (npm
@micropython/micropython-webassembly-pyscript 1.27.0, pinned in tools/vm/package-lock.json)
run by Node in tools/vm/board.mjs. That port has no serial REPL of its own, so this launcher
speaks the REPL protocol that mpremote uses on the terminal, as ports/*/pyexec.c does:

- friendly REPL (`>>> `, line editing, compound statements with `... `), Ctrl-A raw REPL,
  Ctrl-B friendly REPL with the banner, Ctrl-C interrupt, Ctrl-D soft reset (in the friendly
  REPL boot.py then main.py run, as on a board; in the raw REPL only boot.py) or, in the raw
  REPL, "execute";
- raw-paste mode (Ctrl-E 'A' Ctrl-A): the port's own raw-paste hangs (its stdin read is a
  stub returning 0), so this launcher speaks it with flow control; --no-raw-paste refuses it
  as old firmware does, and mpremote falls back to the plain raw REPL;
- `print` writes `\\n`, boards write `\\r\\n`: every `\\n` is sent as `\\r\\n`;
- the port has no soft reset (its REPL says "forced exit"): a soft reset starts a fresh
  instance over the same files;
- code that neither prints nor reads cannot be interrupted: Ctrl-C while code runs kills the
  instance and starts a fresh one over the files (what was written and synced stays, globals
  are gone) and answers with a KeyboardInterrupt as the board would;
- errno numbers, ilistdir's sizes, input() and the file sync are handled in board.mjs.

VirtualBoard starts the launcher as a subprocess for tests: `with VirtualBoard(tmp) as vb:
... vb.port ...`; every wait has a timeout and stop() kills it.
"""

import argparse
import json
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.pty_port import open_port, receive, send

ROOT = Path(__file__).resolve().parent.parent
BOARD_JS = ROOT / "tools" / "vm" / "board.mjs"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
PASTE_WINDOW = 512  # bytes the host may send before waiting for \x01 (boards: 128)
READY_TIMEOUT_S = 20
KEYBOARD_INTERRUPT = b"Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n"


def cooked(data: bytes) -> bytes:
    """`\\n` as a board's stdout sends it."""
    return data.replace(b"\n", b"\r\n")


class VM:
    """One Node process running one MicroPython instance over the board's folder."""

    def __init__(self, folder: Path, heap: int, mpy: str | None) -> None:
        cmd = ["node", str(BOARD_JS), "--root", str(folder), "--heap", str(heap)]
        if mpy is not None:
            cmd += ["--mpy", mpy]
        self.proc = subprocess.Popen(cmd, cwd=BOARD_JS.parent, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self.fd = self.proc.stdout.fileno()
        os.set_blocking(self.fd, False)
        self.buffer = b""
        self.facts: dict = {}
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not self.facts:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.proc.poll() is not None:
                self.kill()
                raise RuntimeError("virtual board: the MicroPython VM did not start")
            select.select([self.fd], [], [], remaining)
            for kind, payload in self.frames():
                if kind == b"R":
                    self.facts = json.loads(payload)

    def frames(self):
        """Complete frames read so far; [] if none. (b"E", b"") once the process is gone."""
        try:
            chunk = os.read(self.fd, 65536)
        except BlockingIOError:
            chunk = None
        if chunk == b"":
            return [(b"E", b"")]
        self.buffer += chunk or b""
        out = []
        while len(self.buffer) >= 5:
            size = struct.unpack(">I", self.buffer[1:5])[0]
            if len(self.buffer) < 5 + size:
                break
            out.append((self.buffer[:1], self.buffer[5:5 + size]))
            self.buffer = self.buffer[5 + size:]
        return out

    def send(self, job: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(job) + "\n").encode())
        self.proc.stdin.flush()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


class Launcher:
    def __init__(self, folder: Path, heap: int = 512 * 1024, mpy: str | None = None,
                 raw_paste: bool = True, log: Path | None = None) -> None:
        self.folder = folder
        self.heap = heap
        self.mpy = mpy
        self.raw_paste = raw_paste
        self.log = log.open("ab") if log else None
        self.master, self.slave, self.port = open_port()
        self.vm = VM(folder, heap, mpy)
        self.mode = "friendly"  # "friendly", "raw" or "paste"
        self.line = bytearray()
        self.block: list[bytes] = []  # the friendly REPL's compound statement so far
        self.paste_count = 0
        self.inbox = bytearray()  # received while code runs, handled when it ends
        self.busy: str | None = None  # what runs: "raw", "friendly", "boot"
        self.boot_files = ["boot.py", "main.py"]  # power on: as after a soft reset
        self.next_boot_file()

    # -- the terminal --------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        if self.log:
            self.log.write(data)
            self.log.flush()
        send(self.master, data)

    def banner(self) -> bytes:
        version = self.vm.facts.get("version", "").split("; ", 1)[-1]
        return (version + "; virtual board (WebAssembly port under Node)\r\n"
                'Type "help()" for more information.\r\n').encode()

    # -- the VM ----------------------------------------------------------------------------

    def restart(self) -> None:
        self.vm.kill()
        self.vm = VM(self.folder, self.heap, self.mpy)

    def run(self, kind: str, code: bytes) -> None:
        self.busy = kind
        self.vm.send({"op": "exec", "code": code.decode("utf-8", "replace")})

    def soft_reset(self, then: str) -> None:
        self.restart()
        self.write(b"MPY: soft reboot\r\n")
        self.boot_files = ["boot.py", "main.py"] if then == "friendly" else ["boot.py"]
        self.mode = then
        self.next_boot_file()

    def next_boot_file(self) -> None:
        if self.boot_files:
            self.busy = "boot"
            self.vm.send({"op": "runfile", "path": self.boot_files.pop(0)})
            return
        self.busy = None
        if self.mode == "raw":
            self.write(RAW_BANNER + b">")
        else:
            self.write(self.banner() + b">>> ")

    def done(self, error: bytes) -> None:
        kind = self.busy
        self.busy = None
        if kind == "raw":
            self.write(b"\x04" + cooked(error) + b"\x04>")
        elif kind == "friendly":
            self.write(cooked(error) + b">>> ")
        elif kind == "boot":
            self.write(cooked(error))
            self.next_boot_file()

    def interrupt(self) -> None:
        kind = self.busy
        self.busy = None
        self.boot_files = []
        self.restart()
        if kind == "raw":
            self.write(b"\x04" + KEYBOARD_INTERRUPT + b"\x04>")
        elif kind == "friendly":
            self.write(KEYBOARD_INTERRUPT + b">>> ")
        else:  # boot.py or main.py interrupted: the REPL starts
            self.write(KEYBOARD_INTERRUPT)
            self.next_boot_file()

    # -- the REPL --------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        if self.busy and b"\x03" in data:
            data = data[data.rindex(b"\x03") + 1:]
            self.inbox.clear()
            self.interrupt()
        self.inbox += data
        while self.inbox and not self.busy:
            c = self.inbox[0]
            del self.inbox[0]
            if self.mode == "raw":
                self.raw_char(c)
            elif self.mode == "paste":
                self.paste_char(c)
            else:
                self.friendly_char(c)

    def raw_char(self, c: int) -> None:
        if c == 0x01:
            if len(self.line) == 2 and self.line[0] == 0x05 and self.raw_paste:
                if self.line[1] == ord("A"):
                    self.write(b"R\x01" + struct.pack("<H", PASTE_WINDOW) + b"\x01")
                    self.mode = "paste"
                    self.paste_count = 0
                    self.line.clear()
                    return
                self.write(b"R\x00")
                self.line.clear()
                self.write(b">")
                return
            # Without raw-paste, a Ctrl-E line is just reset, as on firmware before 1.14.
            self.line.clear()
            self.write(RAW_BANNER + b">")
        elif c == 0x02:
            self.line.clear()
            self.mode = "friendly"
            self.write(b"\r\n" + self.banner() + b">>> ")
        elif c == 0x03:
            self.line.clear()
        elif c == 0x04:
            self.write(b"OK")
            if not self.line:
                self.write(b"\r\n")
                self.soft_reset("raw")
                return
            code = bytes(self.line)
            self.line.clear()
            self.run("raw", code)
        else:
            self.line.append(c)

    def paste_char(self, c: int) -> None:
        if c in (0x03, 0x04):
            self.write(b"\x04")  # end of data acknowledged
            self.mode = "raw"
            code = bytes(self.line)
            self.line.clear()
            if c == 0x03:
                self.write(b"\x04" + KEYBOARD_INTERRUPT + b"\x04>")
                return
            self.run("raw", code)
            return
        self.line.append(c)
        self.paste_count += 1
        if self.paste_count == PASTE_WINDOW:
            self.paste_count = 0
            self.write(b"\x01")

    def friendly_char(self, c: int) -> None:
        if c == 0x01 and not self.block:
            self.line.clear()
            self.mode = "raw"
            self.write(b"\r\n" + RAW_BANNER + b">")
        elif c == 0x02 and not self.block:
            self.line.clear()
            self.write(b"\r\n" + self.banner() + b">>> ")
        elif c == 0x03:
            self.line.clear()
            self.block = []
            self.write(b"\r\n>>> ")
        elif c == 0x04:
            if self.block:
                self.friendly_exec()
            elif not self.line:
                self.write(b"\r\n")
                self.soft_reset("friendly")
        elif c in (0x08, 0x7F):
            if self.line:
                self.line.pop()
                self.write(b"\x08 \x08")
        elif c == 0x0D:
            self.write(b"\r\n")
            line = bytes(self.line)
            self.line.clear()
            if self.block:
                if line.strip():
                    self.block.append(line)
                    self.write(b"... ")
                else:
                    self.friendly_exec()
            elif not line.strip():
                self.write(b">>> ")
            elif line.rstrip().endswith(b":") or line.lstrip().startswith(b"@"):
                self.block = [line]
                self.write(b"... ")
            else:
                self.block = [line]
                self.friendly_exec()
        elif c >= 0x20 or c == 0x09:
            self.line.append(c)
            self.write(bytes([c]))

    def friendly_exec(self) -> None:
        source = b"\n".join(self.block).decode("utf-8", "replace") + "\n"
        self.block = []
        # "single" mode prints the value of an expression, as the REPL does.
        self.run("friendly", "exec(compile({!r}, '<stdin>', 'single'))".format(source).encode())

    # -- the loop --------------------------------------------------------------------------

    def serve(self) -> None:
        while True:
            ready, _, _ = select.select([self.master, self.vm.fd], [], [], 0.5)
            if self.vm.fd in ready:
                for kind, payload in self.vm.frames():
                    if kind == b"O":
                        self.write(cooked(payload))
                    elif kind == b"D":
                        self.done(payload)
                    elif kind == b"E":  # the VM died: a board would reset
                        self.write(b"\r\nvirtual board: the VM stopped, restarting\r\n")
                        self.busy = None
                        self.restart()
                        self.write(self.banner() + b">>> ")
                        self.mode = "friendly"
                        break
            if self.master in ready:
                data = receive(self.master)
                if data:
                    self.feed(data)
            if not self.busy and self.inbox:
                self.feed(b"")

    def close(self) -> None:
        self.vm.kill()
        os.close(self.master)
        os.close(self.slave)


class VirtualBoard:
    """The launcher as a subprocess, for tests and scripts: `with VirtualBoard(folder) as
    vb:` gives vb.port; stop() (or leaving the block) kills it."""

    def __init__(self, folder: Path, *, raw_paste: bool = True, mpy: str | None = None,
                 log: Path | None = None, timeout: float = READY_TIMEOUT_S) -> None:
        self.folder = Path(folder)
        cmd = [sys.executable, "-m", "tools.virtual_board", "--dir", str(self.folder)]
        if not raw_paste:
            cmd.append("--no-raw-paste")
        if mpy is not None:
            cmd += ["--mpy", mpy]
        if log is not None:
            cmd += ["--log", str(log)]
        self.errors = tempfile.TemporaryFile()  # the launcher's stderr, for messages
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=self.errors, text=True)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline().strip() if ready else ""
        if not line.startswith("/dev/"):
            self.stop()
            raise RuntimeError("virtual board did not start: " + self.stderr())
        self.port = line

    def stderr(self) -> str:
        self.errors.seek(0)
        return self.errors.read().decode("utf-8", "replace")[-3000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def __enter__(self) -> "VirtualBoard":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.virtual_board",
        description="A virtual MicroPython board on a Linux pseudo-terminal, so that "
                    "unmodified mpremote (and so python -m tools.deploy) can be tested "
                    "without hardware: MicroPython's official WebAssembly port, run by Node "
                    "(tools/vm/board.mjs), behind the REPL protocol mpremote speaks.",
        epilog="It prints the port (/dev/pts/N) on its first line and serves until it is "
               "killed. Then e.g. `mpremote connect /dev/pts/N exec \"print(1+1)\"`, "
               "`mpremote connect /dev/pts/N fs ls` or `python -m tools.deploy --board "
               "simulated --port /dev/pts/N`. The board's files live in DIR while it runs "
               "and after.")
    parser.add_argument("--dir", type=Path, help="the board's files (default: a new temporary "
                                                 "folder)")
    parser.add_argument("--log", type=Path, help="append everything the board sends here")
    parser.add_argument("--heap", type=int, default=512 * 1024, help="MicroPython heap bytes")
    parser.add_argument("--no-raw-paste", action="store_true",
                        help="refuse raw-paste mode, as firmware before 1.14 does")
    parser.add_argument("--mpy", help="report this sys.implementation._mpy (e.g. 0x206: an "
                                      "old board, to test deploy's refusal)")
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="virtual-board-"))
    folder.mkdir(parents=True, exist_ok=True)
    launcher = Launcher(folder, heap=args.heap, mpy=args.mpy, raw_paste=not args.no_raw_paste,
                        log=args.log)

    def stop(*_):
        launcher.close()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(launcher.port, flush=True)
    print("virtual board on {}, files in {}".format(launcher.port, folder), file=sys.stderr,
          flush=True)
    launcher.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
