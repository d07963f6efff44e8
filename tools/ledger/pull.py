"""`pull`: copy a board's journal (its /data folder) to the host with mpremote.

    mpremote connect PORT resume fs cp -r :/data WORK
    mpremote connect PORT resume reset

WORK is an existing folder, so mpremote copies /data into WORK/data whatever /data holds. (Into
a folder that does not exist yet, mpremote takes a /data without a subfolder, the /data of a
board that has no table yet, for a file and fails: `cp: -r not specified; omitting
directory`.) A board with no hands yet pulls fine: what its /data holds (nothing, or its
settings) is copied, and the output says there is nothing to score.

`resume` interrupts the scorekeeper without a soft reset: the app then keeps the watchdog fed
(ui/app.py), which a soft reset would stop, and a watchdog that bites mid-copy resets the
board. The reset afterwards restarts the board into the scorekeeper.

runs with a time limit, into a fresh folder beside DIR that is renamed to DIR only once the
copy is complete: an interrupted pull leaves no half journal to be taken for a whole one.
DIR must not exist yet, or be empty (a journal is never merged into another).
mpremote's failures are turned into messages that say what to do.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile

from tools.ledger.records import LedgerError

DATA = "/data"  # every board file's data_dir
VENV_BIN = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), ".venv", "bin")
TIMEOUT = 300  # seconds: a long evening's journal over a slow raw REPL takes a while


def mpremote_command():
    """How to run mpremote: the one on PATH, else the one beside this Python, else the
    project's .venv's (tools.setup_env installs it there)."""
    found = shutil.which("mpremote")
    if found:
        return [found]
    for folder in (os.path.dirname(sys.executable), VENV_BIN):
        beside = os.path.join(folder, "mpremote")
        if os.path.isfile(beside) and os.access(beside, os.X_OK):
            return [beside]
    raise LedgerError("pull", "mpremote is not installed: run `python3 -m tools.setup_env` "
                              "and use .venv/bin/python (or `pip install mpremote`)")


def run_command(argv, timeout):
    """Run `argv`; (exit status, stdout, stderr). On timeout the command and anything it
    started are killed, and TimeoutError is raised."""
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # its own session: only what it started
        except ProcessLookupError:
            pass
        proc.communicate()
        raise TimeoutError(timeout) from None
    return (proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


def explain_failure(port, code, out, err):
    """A message for a failed mpremote run, from what it printed."""
    said = (err.strip() or out.strip() or "exit status {}".format(code)).splitlines()
    last = said[-1] if said else ""
    where = port or "any USB serial port"
    text = (out + "\n" + err).lower()
    if "no device found" in text:
        return ("no board found on {}: plug it in with a data USB cable, or name its port "
                "with --port (`mpremote connect list` lists them)".format(where))
    if "failed to access" in text or "no such file or directory: '/dev" in text:
        return ("cannot open {}: no such port, or another program holds it (the simulator, "
                "a serial monitor, Thonny)".format(where))
    if "could not enter raw repl" in text or "timeout waiting for" in text:
        return ("{} does not answer as a MicroPython board: is MicroPython flashed on it, "
                "and is this its port?".format(where))
    if "no such file" in text or "enoent" in text:
        return ("the board has no {} folder: nothing has been recorded on it yet, or it is "
                "not running the scorekeeper".format(DATA))
    return "mpremote failed ({}): {}".format(code, last)


def _check_destination(dest):
    if os.path.exists(dest):
        if not os.path.isdir(dest):
            raise LedgerError(dest, "exists and is not a folder")
        if os.listdir(dest):
            raise LedgerError(dest, "is not empty: pull into a new folder (a journal is "
                                    "never merged into another)")
    parent = os.path.dirname(os.path.abspath(dest))
    if not os.path.isdir(parent):
        raise LedgerError(dest, "no such folder: " + parent)
    return parent


def pull(dest, port=None, timeout=TIMEOUT, run=run_command, command=None):
    """Copy the board's /data to DEST (created). `run(argv, timeout)` runs a command (tests
    inject one); `command` is how to call mpremote. Returns DEST; LedgerError on failure."""
    parent = _check_destination(dest)
    mpremote = list(command or mpremote_command())
    connect = ["connect", port or "auto", "resume"]
    argv = mpremote + connect + ["fs", "cp", "-r", ":" + DATA]
    work = tempfile.mkdtemp(prefix=".pull-", dir=parent)
    # WORK exists: mpremote copies /data into it as WORK/data, an empty /data too.
    target = os.path.join(work, os.path.basename(DATA))
    try:
        try:
            code, out, err = run(argv + [work], timeout)
        except TimeoutError:
            raise LedgerError("pull", "mpremote did not finish within {} s: the board stopped "
                                      "answering (unplug it, plug it in and try again; a "
                                      "longer journal may need --timeout)".format(timeout)
                              ) from None
        except OSError as exc:
            raise LedgerError("pull", "cannot run mpremote: {}".format(exc)) from exc
        if code != 0:
            raise LedgerError("pull", explain_failure(port, code, out, err))
        if not os.path.isdir(target):
            raise LedgerError("pull", "the board's {} is not a folder".format(DATA))
        if os.path.isdir(dest):
            os.rmdir(dest)  # empty, checked above
        os.rename(target, dest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    try:
        # Back to scoring. The copy is safe whatever happens here: a board that does not
        # restart now restarts when it is next unplugged.
        run(mpremote + connect + ["reset"], timeout)
    except (TimeoutError, OSError):
        pass
    return dest
