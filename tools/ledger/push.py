"""`push`: put a pulled journal (a board's /data folder, from `pull`) back onto a board, the
other half of carrying tables from one flash layout to another (docs/boards.md: from stock
MicroPython to the scorekeeper's own image):

    mpremote connect PORT resume exec CHECK           refuse a board that has tables already
    mpremote connect PORT resume exec REMOVE_STALE    what a push cut short left
    mpremote connect PORT resume fs cp -r WORK/data.push :
    mpremote connect PORT resume exec PUT_IN_PLACE    /data.push becomes /data in one rename
    mpremote connect PORT resume reset

Only onto a board whose /data holds no table: tables are never merged or written over. The
copy lands beside /data and is renamed into place only once complete (a rename is atomic on
littlefs), so a push cut short leaves a /data.push that the next push replaces, never half a
journal where the scorekeeper reads one. The folder must read as a sound journal first.
"""

import os
import shutil
import tempfile

from tools.ledger.pull import DATA, TIMEOUT, explain_failure, mpremote_command, run_command
from tools.ledger.records import LedgerError

STAGED = DATA + ".push"
# Run on the board before each step that needs them.
_HELPERS = """import os
def _exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False
def _rm(p):
    if not _exists(p):
        return
    if os.stat(p)[0] & 0x4000:
        for n in os.listdir(p):
            _rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
"""
CHECK = _HELPERS + "print('TABLES' if _exists('{0}/table') or _exists('{0}/archive') " \
                   "else 'NONE')\n".format(DATA)
REMOVE_STALE = _HELPERS + "_rm('{}')\n".format(STAGED)
# What the board's /data holds already (its settings, say) is kept where the pushed folder has
# no file of that name; then the pushed folder takes /data's place.
PUT_IN_PLACE = _HELPERS + """if _exists('{data}'):
    for _n in os.listdir('{data}'):
        if not _exists('{staged}/' + _n):
            os.rename('{data}/' + _n, '{staged}/' + _n)
    _rm('{data}')
os.rename('{staged}', '{data}')
print('DONE')
""".format(data=DATA, staged=STAGED)


def _check_source(folder):
    from tools.ledger.folder import verify

    if not any(os.path.isdir(os.path.join(folder, name)) for name in ("table", "archive")):
        raise LedgerError(folder, "no table in it: push takes a folder `pull` made (a "
                                  "board's /data)")
    if os.path.isdir(os.path.join(folder, "table")) and not verify(folder)[1]:
        raise LedgerError(folder, "the journal is damaged (see `python -m tools.ledger verify "
                                  "{}`): it is not pushed".format(folder))


def push(folder, port=None, timeout=TIMEOUT, run=run_command, command=None):
    """Copy FOLDER onto the board as its /data; LedgerError says why not."""
    _check_source(folder)
    mpremote = list(command or mpremote_command())
    connect = ["connect", port or "auto", "resume"]

    def board(*args):
        try:
            code, out, err = run(mpremote + connect + list(args), timeout)
        except TimeoutError:
            raise LedgerError("push", "mpremote did not finish within {} s: the board "
                                      "stopped answering".format(timeout)) from None
        except OSError as exc:
            raise LedgerError("push", "cannot run mpremote: {}".format(exc)) from exc
        if code != 0:
            raise LedgerError("push", explain_failure(port, code, out, err))
        return out

    if "TABLES" in board("exec", CHECK):
        raise LedgerError("push", "the board holds tables already: pull them first (`python "
                                  "-m tools.ledger pull DIR`); push goes only onto a board "
                                  "with none (tables are never merged)")
    work = tempfile.mkdtemp(prefix=".push-")
    try:
        staged = os.path.join(work, os.path.basename(STAGED))
        shutil.copytree(folder, staged)
        board("exec", REMOVE_STALE)
        board("fs", "cp", "-r", staged, ":")
        if "DONE" not in board("exec", PUT_IN_PLACE):
            raise LedgerError("push", "the board did not put the copy in place")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    try:
        run(mpremote + connect + ["reset"], timeout)  # back to scoring, the tables there
    except (TimeoutError, OSError):
        pass
