"""The emulated Pico's REPL driven in emulated time, from the host's own process: stop what
the board runs, run code in its raw REPL, read what it printed.

mpremote does the same over a serial port (tools/pico/bridge.py), but on the wall clock: the
chip must then run paced to it, and every exchange costs real seconds. Here the chip runs
only while an answer is awaited, as fast as the host can, so a headless run asks the board
a question in a few emulated milliseconds. The protocol is MicroPython's raw REPL, as
mpremote speaks it (Ctrl-C to interrupt, Ctrl-A to enter, code then Ctrl-D; the board
answers "OK", the output, Ctrl-D, the error text, Ctrl-D, ">").
"""

from tools.pico import Pico, PicoError

STEP_MS = 10  # emulated time between two looks at the serial output
INTERRUPT_MS = 1000  # time to stop the program and reach a prompt
ANSWER_MS = 5000  # the most any exchange here may take, emulated
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class ReplError(PicoError):
    """The board's REPL did not answer as MicroPython does, or the code raised."""


def read_until(pico: Pico, marker: bytes | tuple[bytes, ...], limit_ms: float = ANSWER_MS,
               seen: bytes = b"", at_end: bool = False) -> bytes:
    """Run the chip until a `marker` (one, or a tuple of them) is in what it sent on serial
    (with at_end: is the last thing it sent); everything it sent, `seen` first."""
    markers = marker if isinstance(marker, tuple) else (marker,)
    waited = 0.0
    seen += pico.take_serial()
    while not (seen.endswith(markers) if at_end else any(m in seen for m in markers)):
        if waited >= limit_ms:
            raise ReplError("no {!r} from the board's REPL in {:.0f} emulated ms; it sent "
                            "{!r}".format(marker, limit_ms, seen[-300:]))
        pico.run(STEP_MS)
        waited += STEP_MS
        seen += pico.take_serial()
    return seen


def enter_raw(pico: Pico) -> None:
    """Stop the running program (main.py, or code run here) and reach the raw REPL."""
    pico.take_serial()
    # One Ctrl-C, as mpremote sends: a second could land inside the program's own
    # KeyboardInterrupt handler.
    pico.write_serial(b"\r\x03")
    # Let the program unwind to a prompt (">>> " after main.py, ">" after raw-REPL code)
    # before Ctrl-A: its KeyboardInterrupt handlers run first (ui.app starts a timer that
    # feeds the watchdog). A board at the raw prompt already says nothing: go on then.
    seen = b""
    try:
        seen = read_until(pico, (b">>> ", b">"), INTERRUPT_MS, at_end=True)
    except ReplError:
        pass
    pico.write_serial(b"\r\x01")
    read_until(pico, RAW_BANNER, INTERRUPT_MS, seen)


def start(pico: Pico, code: str) -> bytes:
    """Run `code` in the raw REPL without waiting for it to end (it may never: an app);
    what the board sent, up to its "OK"."""
    pico.write_serial(code.encode() + b"\x04")
    return read_until(pico, b"OK")


def run(pico: Pico, code: str) -> str:
    """Run `code` in the raw REPL to its end; what it printed. Raises ReplError with the
    board's traceback if it raised."""
    seen = read_until(pico, b"\x04>", seen=start(pico, code), at_end=True)
    body = seen[seen.index(b"OK") + 2:-2]
    out, _, err = body.partition(b"\x04")
    if err.strip():
        raise ReplError("the board raised:\n" + err.decode("utf-8", "replace").strip())
    return out.decode("utf-8", "replace")
