"""Start the scorekeeper on a board (main.py calls main()) and say on the screen whatever
stops it. Each way it can stop ends in a stated way (docs/boards.md, "When it stops"):

- MicroPython older than NEEDED: the screen names this version and the one needed, and
  main() returns to the REPL (tools.deploy refuses such a board before copying anything).
- A crash before the first frame: loading the app, reading the journal, the first screen;
  most likely out of memory. The screen says what, crash.log gets a line, and the board
  waits for a button press, then restarts. Restarting by itself would only fail the same
  way every few seconds, adding a line to the log each time; waiting keeps the message up
  and the USB port free for a fix (deploy's Ctrl-C ends the wait). No watchdog is running
  yet, so nothing restarts it behind the message's back.
- A crash during play: the screen says so, crash.log gets a line, and RESTART_MS later the
  board restarts: the journal holds every confirmed hand, so the table comes back. (The
  watchdog started by the loop would restart it anyway.)
- Not even the board file loads (a wrong pin, or too little memory for it: a display whose
  strip cannot have its 16 rows takes fewer, drivers/strip.py, so this is about 20 KB left
  to main.py on a Pico): there is no display to speak on, so crash.log and the serial port
  say why, and main() returns to the REPL.

The crash screen uses nothing that the failure may have taken: framebuf's built-in 8x8
font (ASCII, in every MicroPython) drawn straight into the display's own buffer (a colour
panel's full-width strip, drivers/strip.py, or a mono display's framebuffer), so it needs
almost no memory; and _reserve, 2 KB set aside before anything else, is given back first,
so that even after a MemoryError the little it needs is there (a lean app's file system
holds room for the log's file instead, drivers/osfs.py, and gives it back the same). Above the
English, a title in the app's own font (Chinese), only if ui.text is loaded already and this
MicroPython can draw it; if that fails, the rest is drawn all the same.
"""

import sys

# The oldest MicroPython the scorekeeper runs on: ui/text.py blits each glyph from a
# (buffer, width, height, format) list, which framebuf takes from v1.26.0. tools/deploy.py
# reads this line: keep it a literal tuple.
NEEDED = (1, 26, 0)
# The scorekeeper's own version: in the name of its Pico image (tools/firmware), which reads
# this line too. Raised when what a board runs changes in a way a maker should know of.
VERSION = "1.0.0"
RESTART_MS = 5000  # a crash during play stays on the screen this long
# Free heap, once the board file has made its display, from which the app keeps every module
# it imports (ui/modules.py): what it loads at rest and over an evening, about 120 KB as
# .mpy files, with room for a hand. Below it (an ESP32 without PSRAM) the app is lean. A
# colour display that can take a second strip (drivers/st7789.py) takes it where this much
# is left besides it: a lean app keeps one.
KEEP_ALL_FROM = 160 * 1024
CRASH_LOG = "crash.log"
DATA_DIR = "/data"  # where the log goes when the board file (which names it) failed
_POLL_MS = 50
_LINE = 10  # px from one line of the 8x8 font to the next
# Given back on a crash: room for the log (opening a file on littlefs takes ~1.2 KB, most of
# it the file's 1 KB cache) and the screen after a MemoryError.
_reserve = bytearray(2048)


def main():
    """Run the scorekeeper. Returns only to the REPL: the host interrupted it (Ctrl-C), or
    the MicroPython is too old, or not even the board file could be loaded."""
    import time

    board = fs = app = None
    booted = False  # the first frame is on the screen and the loop has the watchdog
    try:
        import board  # pyright: ignore[reportMissingImports]  (the board file, on the device)

        if sys.implementation.version < NEEDED:
            _too_old(board)
            return
        import gc

        gc.collect()
        free = gc.mem_free()  # walks the whole heap (~10 ms on a Pico): once a boot
        lean = free < KEEP_ALL_FROM
        second_strip = getattr(board.display, "second_strip", None)
        if second_strip is not None and not lean:
            second_strip(free - KEEP_ALL_FROM)
        from drivers.osfs import OsFS

        fs = OsFS(board.remount, lean)  # before the app, so that a crash loading it is logged
        if lean:
            _lean_reserve()
        # Copied as .mpy files (this one among them), the modules' bytecode is loaded into
        # the heap as the app boots: it makes room for it (ui/app.py, collect). Frozen into
        # the image, it stays in flash.
        loaded = __file__.endswith(".mpy")
        from ui import app

        device = app.Device(board, fs, time.ticks_ms(), lean, time.ticks_ms, loaded)
        booted = True
        app.loop(board, device)
    except Exception as exc:  # the last line of defence: say what happened, then stop
        _stopped(board, fs, app, exc, booted)


def _lean_reserve():
    # A lean app's file system holds room for a file aside (drivers/osfs.py), which a crash
    # gives back first as well: one reserve is enough on a small heap.
    global _reserve
    _reserve = None


def _too_old(board):
    words = too_old(".".join(str(n) for n in sys.implementation.version[:3]))
    print("scorekeeper:", " ".join(words))
    try:
        show(board.display, None, words)
    except Exception:  # the serial port has said it
        pass


def too_old(have):
    """What the screen says on MicroPython `have` ("1.24.1"), older than NEEDED."""
    return ["MicroPython {} is too old: the scorekeeper needs {} or later.".format(
        have, ".".join(str(n) for n in NEEDED)),
        "Flash a newer MicroPython (see docs/boards.md)."]


def _stopped(board, fs, app, exc, booted):
    global _reserve
    import gc

    _reserve = None
    if fs is not None:
        fs.give_back()
    gc.collect()
    sys.print_exception(exc)
    if isinstance(exc, MemoryError):  # how the heap lies in pieces, for the serial port
        import micropython

        micropython.mem_info()
    if board is None:
        # Not even the board file: no display, no buttons. The log (at the data folder
        # every board file names) and the serial port say why; the REPL follows.
        _log(open, DATA_DIR, exc)
        print("scorekeeper: the board file failed, so there is no display to say it on;",
              "stopped at the REPL (docs/boards.md, When it stops)")
        return
    report(board, fs, exc, booted)
    import time

    import machine

    try:
        if booted:
            time.sleep_ms(RESTART_MS)
        else:
            print("scorekeeper: stopped at start; a button press restarts the board")
            _wait_for_press(board.buttons)
    except KeyboardInterrupt:
        # The host (deploy, ledger pull) took the board: as when it interrupts the loop,
        # the watchdog the loop started must go on being fed, or it resets mid-copy.
        if booted:
            app.keep_fed()  # pyright: ignore[reportOptionalMemberAccess]
        raise
    except Exception:
        pass  # the buttons failed too: restart all the same
    machine.reset()


def _wait_for_press(buttons):
    import time

    reads = [b.pressed if hasattr(b, "pressed") else b for b in buttons]
    while not any(r() for r in reads):
        time.sleep_ms(_POLL_MS)
    while any(r() for r in reads):  # restart once it is let go, not with it held at boot
        time.sleep_ms(_POLL_MS)


def report(board, fs, exc, restarting):
    """Log `exc` to DATA/crash.log and put it on the screen: the board restarts in a moment
    (`restarting`), or it waits for a press. Never raises."""
    # No file system (a crash making it): the builtin open, in the room _reserve gave back.
    _log(open if fs is None else fs.open, board.data_dir, exc)
    try:
        memory = isinstance(exc, MemoryError)
        detail = "{}: {}".format(type(exc).__name__, exc)
        if restarting:
            title = "出错了，重启中"
            lines = ["Out of memory, restarting." if memory else "Error, restarting.", detail]
        else:
            title = "出错了"
            lines = ["Error at start: out of memory." if memory else "Error at start.",
                     "Press a button to restart.", detail]
        if memory:
            import gc

            lines.append("{} bytes free.".format(gc.mem_free()))
            lines.append("Too little memory: see docs/boards.md, When it stops.")
        show(board.display, title, lines)
    except Exception:  # not even that: the serial port has the traceback
        pass


def _log(open_, data_dir, exc):
    try:
        with open_(data_dir + "/" + CRASH_LOG, "ab") as f:
            f.write((repr(exc) + "\n").encode())
    except Exception:  # OSError, MemoryError: the log is a courtesy, the screen says it
        pass


def show(display, title, paragraphs):
    """Clear the screen and draw `title` in the app's font (when it can) over `paragraphs`
    in the built-in font, each wrapped to the width; lines that do not fit are left out."""
    display.wake()
    w = display.width
    h = display.height
    x = 4 if h > 64 else 0  # a margin where there is room for one
    lines = []
    for p in paragraphs:
        _wrap(p, (w - 2 * x) // 8, lines)
    font = _font(title)
    strips = hasattr(display, "strip")
    if strips:  # colours 0 black, 1 white, 4 red of the driver's table (drivers/strip.py)
        colors = display.colors
        ink, red, paper = colors[1], colors[4], colors[0]
        step = display.rows(w)
        y0 = 0
        while True:
            # Every strip a full one: the driver's own, so none is allocated. The last one
            # overlaps the one above it.
            y0 = min(y0, h - step)
            _paint(display.strip(0, y0, w, step), x, -y0, h, font, title, lines, ink, red,
                   paper)
            display.send()
            if y0 + step >= h:
                break
            y0 += step
    else:
        _paint(display, x, 0, h, font, title, lines, 1, 1, 0)
    display.show()


def _font(title):
    """ui.text, if the title can be drawn with it: loaded already (so it costs nothing
    here), whole (not a module whose import failed half-way), and on a MicroPython whose
    blit it works with (NEEDED)."""
    font = sys.modules.get("ui.text")
    if font is None or title is None or sys.implementation.version < NEEDED:
        return None
    try:
        font.width(title)  # finds every glyph: what draw() needs besides the blit
        return font if callable(getattr(font, "draw", None)) else None
    except Exception:
        return None


def _paint(fb, x, dy, h, font, title, lines, ink, red, paper):
    fb.fill(paper)
    y = 3 if h > 64 else 0
    if title is not None:
        # The title's row is kept even when it cannot be drawn: the lines below stay put.
        if font is not None:
            try:
                font.draw(fb, title, x, y + dy, red)
            except Exception:
                pass  # the English below says it too
        y += 18
    for line in lines:
        if y + 8 > h:
            break
        fb.text(line, x, y + dy, ink)
        y += _LINE


def _wrap(s, cols, out):
    """Append `s` to `out` as lines of at most `cols` characters, broken at spaces (a word
    longer than a line is cut)."""
    line = ""
    for word in s.split(" "):
        while len(word) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
