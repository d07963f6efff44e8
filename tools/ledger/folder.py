"""Journal folders pulled from a device (or written for one), read with the firmware's own
journal code over the host's files.

A FOLDER is either the device's data folder (holding `table/` and `archive/`: its open table
is meant) or one table's folder (`.../table` or `.../archive/0003`). Reading never changes
it: what boot would repair is only reported.
"""

import os
import shutil
import tempfile

from core.errors import RecordError
from core.journal import SNAP, TABLE, Journal, JournalError, read, segment_name
from core.money import text as money_text
from core.table import Table
from tools.ledger.records import (
    LedgerError,
    file_scale,
    persons_seated,
    score_records,
    table_for,
)
from tools.ledger.scan import REFUSED, Scan, open_regular


class HostFS:
    """The journal's file-system interface over the host's files (paths used as given)."""

    def open(self, path, mode="rb"):
        # Reading takes regular files only: a FIFO where a segment should be would block.
        return open_regular(path) if mode == "rb" else open(path, mode)

    def rename(self, old, new):
        os.replace(old, new)

    def remove(self, path):
        if os.path.isdir(path):
            os.rmdir(path)
        else:
            os.remove(path)

    def listdir(self, path):
        return sorted(os.listdir(path))

    def mkdir(self, path):
        os.mkdir(path)


DATA = "data"  # the board's data folder, /data on every board, under its file system's root
ARCHIVE = "archive"
SETTINGS = "settings.json"  # ui/app.py: beside table/ in the data folder


def _names(folder):
    if not os.path.isdir(folder):
        raise LedgerError(folder, "not a folder")
    try:
        return os.listdir(folder)
    except OSError as exc:
        raise LedgerError(folder, "cannot read the folder: {}".format(exc.strerror or exc)) \
            from exc


def table_folder(folder):
    """The table folder that FOLDER means; LedgerError if it holds no journal.

    FOLDER is a table folder (snap or j* files), a device's data folder (table/: its open
    table), or the folder above a data folder: a board's whole file system, as the
    simulator keeps it (`.sim/<board>/`) or a copy of a board's flash."""
    names = _names(folder)
    if SNAP in names or segment_name(0, 0) in names:
        return folder
    if TABLE in names:
        return os.path.join(folder, TABLE)
    if DATA in names and os.path.isdir(os.path.join(folder, DATA)):
        return table_folder(os.path.join(folder, DATA))
    raise LedgerError(folder, _no_journal(folder, names))


def _no_journal(folder, names):
    """What to say of a folder with no journal, and where one may be instead."""
    archived = []
    if ARCHIVE in names and os.path.isdir(os.path.join(folder, ARCHIVE)):
        try:
            archived = sorted(n for n in os.listdir(os.path.join(folder, ARCHIVE))
                              if n.isdigit())
        except OSError:
            pass
    if archived:
        return ("no open table (the last one was closed): its archived tables are {} (give "
                "one, e.g. {})".format(" ".join(archived),
                                       os.path.join(folder, ARCHIVE, archived[-1])))
    if not names:
        return "an empty folder: no journal (a board with no hands yet has none)"
    if ARCHIVE in names or SETTINGS in names:
        return "a device's data folder with no table yet: no hands recorded, nothing to read"
    below = []
    for name in sorted(names):
        inner = os.path.join(folder, name)
        try:
            if os.path.isdir(inner) and TABLE in os.listdir(os.path.join(inner, DATA)):
                below.append(inner)
        except OSError:
            pass
    hint = " (one is in {})".format(", ".join(below)) if below else ""
    return ("no journal here: expected a device's data folder (with table/), the folder "
            "above it (with data/, as the simulator's .sim/BOARD/), a table folder (with "
            "snap or j* files) or an emulated Pico's flash image{}".format(hint))


def load(folder):
    """(table, scan) of FOLDER's table, read without changing anything: the hands a full
    replay of its segments recovers, and scan.damage, what was set aside and why. Where the
    device's boot keeps more (a snapshot carries it past a damaged old line, or a damaged
    opening, or its replay goes on past damaged lines that held hands), and every one of its
    hands that counts can be read, those: what the device shows (the hands it names as
    unreadable left out, as from its totals, and said in scan.damage)."""
    path = table_folder(folder)
    scan = Scan(path)
    table = scan.table
    booted = _booted(path)
    if booted is not None and (table is None or booted[1] > len(table.entries)):
        table = booted[0]
        scan.damage.extend("boot: " + line for line in booted[2])
    if table is None:
        raise LedgerError(path, "no table could be recovered: " + "; ".join(scan.damage))
    return table, scan


def _booted(path):
    """(table, hands, lines): the table boot recovers from `path`, rebuilt in memory (it
    then needs no file, as a mounted image goes away), the hands boot keeps, and the lines
    naming those it passed over as unreadable (left out of the copy: boot counts them in no
    total). None where boot recovers none, or another hand it keeps cannot be read."""
    try:
        table, report = read(HostFS(), path)
        if table is None:
            return None
        unread = [i for gap in report.gaps for i in range(gap["hands"][0], gap["hands"][1] + 1)]
        entries = [table.entries[i] for i in range(len(table.entries)) if i not in unread]
        copy = Table(**table.header())
        for entry in entries:  # each hand as first recorded, then its corrections
            copy.record((entry["previous"] + [entry["record"]])[0], replay=True)
        for i, entry in enumerate(entries):
            for record in entry["previous"][1:] + [entry["record"]] * bool(entry["previous"]):
                copy.amend(i, record, replay=True)
            if entry["void"]:
                copy.void(i)
    except (JournalError, OSError) + REFUSED:
        return None
    return copy, len(table.entries), report.gap_lines()


def current_records(table):
    """The records of the hands that count, in order: voided ones left out, amended ones as
    corrected. This is what `export --json` writes and `restore` reads."""
    records = []
    for i in range(len(table.entries)):
        entry = table.entries[i]
        if not entry["void"]:
            records.append(entry["record"])
    return records


def score_folder(folder):
    """The `score` output for a folder (as if its current records were a JSON Lines file),
    and the damage lines of its scan (empty when the journal is sound)."""
    table, scan = load(folder)
    records = list(enumerate(current_records(table), 1))
    return score_records(records, folder, recorded=True, empty=table), scan.damage


def boot_view(path):
    """(lines, report or None): what the device's boot would recover from `path`. Boot's
    own code may refuse a damaged folder (JournalError, or an OSError it lets through):
    that is a finding to report, not a crash."""
    try:
        table, report = read(HostFS(), path)
    except (JournalError, OSError) + REFUSED as exc:
        return ["boot: fails ({})".format(exc)], None
    lines = ["boot: " + line for line in report.lines()]
    if table is None:
        return lines + ["boot: recovers no table"], None
    return lines, report


def verify(folder):
    """Lines describing every file of the folder, each damage found, what boot recovers and
    what the segments replay to; and whether all is well."""
    path = table_folder(folder)
    scan = Scan(path)
    lines = list(scan.files)
    lines.extend("damaged: " + line for line in scan.damage)
    boot, report = boot_view(path)
    lines.extend(boot)
    sound = scan.clean() and report is not None and report.clean()
    table = scan.table
    if table is not None:
        hands = len(table.entries)
        if report is not None and report.hands != hands:
            # Boot trusts the snapshot and the names that follow from it: a segment it does
            # not reach holds hands the device would not show.
            lines.append("damaged: boot reaches {} hands, the segments hold {}".format(
                report.hands, hands))
            sound = False
        totals = table.totals
        if table.scale != 1:  # hundredths: the money, as the device shows it
            totals = "[{}]".format(", ".join(money_text(t, table.scale) for t in totals))
        lines.append("recovered: {} events, {} hands ({} voided), totals {}".format(
            scan.events, hands, table.entries.voids, totals))
    return lines, sound


LOCK = ".restoring"


def _setting(shape, given):
    """The restored table's names, rotation rule and end: `given`, checked against the
    table `shape` the records make, before anything is written."""
    names = given.get("names")
    rule = given.get("roster")
    if rule is not None and shape.roster is None:
        raise LedgerError("--rotation", "the records seat no roster (none has a seating)")
    setting = {"names": names if names is not None else
               (shape.names if shape.roster else None),
               "roster": rule or shape.roster, "end": given.get("end")}
    try:
        Table(shape.game, shape.players, shape.profile, shape.rules, setting["names"],
              end=setting["end"], roster=setting["roster"])
    except RecordError as exc:
        raise LedgerError("--" + {"names": "names", "roster": "rotation"}.get(
            exc.key.split(".")[0], "end"), str(exc)) from exc
    return setting


def restore(records, folder, where="records", table=None):
    """Write a journal folder for `records` ([(line, record)] read from `where`) exactly as
    a device would (same code, same bytes), under FOLDER as a device's data folder; returns
    the number of hands. The table is written aside and renamed into place when complete,
    so a failure leaves nothing behind; a lock file taken with O_EXCL refuses a second
    restore into the same folder while one runs. `table`: what the records cannot say of
    their table, {"names", "roster" (its rotation rule), "end"}, each optional (records name
    no one: without names the persons are P1, P2...)."""
    if not records:
        raise LedgerError(where, "no records to restore")
    score_records(records, where)  # refuses a bad record before anything is written
    first = records[0][1]
    shape = table_for(first, persons_seated(records))
    setting = _setting(shape, table or {})
    created = not os.path.isdir(folder)
    try:
        if created:
            os.makedirs(folder)
        os.close(os.open(os.path.join(folder, LOCK), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError as exc:
        raise LedgerError(folder, "another restore is writing here (remove {} if none is "
                                  "running)".format(LOCK)) from exc
    except OSError as exc:
        raise LedgerError(folder, "cannot write: {}".format(exc.strerror or exc)) from exc
    work = None
    done = False
    try:
        if os.path.lexists(os.path.join(folder, TABLE)):
            raise LedgerError(folder, "a table is open: close it first")
        work = tempfile.mkdtemp(prefix=LOCK + "-", dir=folder)
        # A table whose records say who played each bomb asked for it: so does the restored
        # one, for the hands played on it next.
        bombers = shape.game == "ddz" and any("bombers" in r for _n, r in records)
        # A file whose later records have a unit with decimals counts in hundredths from
        # its first hand (as `score` does): the table's opening keeps that scale.
        table = Journal(HostFS(), work).open_table(
            shape.game, shape.players, shape.profile, first.get("rules"), setting["names"],
            end=setting["end"], roster=setting["roster"], bombers=bombers,
            scale=file_scale(records))
        for number, record in records:
            try:
                table.record(record, given=True)
            except RecordError as exc:
                raise LedgerError("{}:{}".format(where, number), str(exc)) from exc
        # Not os.replace: an existing table/ (empty or not) must never be overwritten.
        os.rename(os.path.join(work, TABLE), os.path.join(folder, TABLE))
        done = True
    except (JournalError, OSError) as exc:
        raise LedgerError(folder, "not restored, nothing was written: {}".format(
            _cause(exc))) from exc
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
        _remove_quietly(os.path.join(folder, LOCK))
        if created and not done:
            _remove_quietly(folder)
    return len(table.entries)


def _cause(exc):
    # The journal speaks to the device's screen ("flash full: ..."): on the host the OS's
    # own reason is clearer.
    while isinstance(exc, JournalError) and exc.__context__ is not None:
        exc = exc.__context__
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def _remove_quietly(path):
    try:
        if os.path.isdir(path):
            os.rmdir(path)
        else:
            os.remove(path)
    except OSError:
        pass  # what cannot be removed stays; the message already says what failed
