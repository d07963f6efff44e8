"""Journal folders pulled from a device (or written for one), read with the firmware's own
journal code over the host's files.

A FOLDER is either the device's data folder (holding `table/` and `archive/`: its open table
is meant) or one table's folder (`.../table` or `.../archive/0003`). Reading never changes
it: what boot would repair is only reported.
"""

import os

from core.errors import RecordError
from core.frame import unframe
from core.journal import SNAP, TABLE, Journal, JournalError, read, segment_name
from tools.ledger.records import LedgerError, score_records, table_for


class HostFS:
    """The journal's file-system interface over the host's files (paths used as given)."""

    def open(self, path, mode="rb"):
        return open(path, mode)

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


def table_folder(folder):
    """The table folder that FOLDER means; LedgerError if it holds no journal."""
    if not os.path.isdir(folder):
        raise LedgerError(folder, "not a folder")
    names = os.listdir(folder)
    if SNAP in names or segment_name(0, 0) in names:
        return folder
    if TABLE in names:
        return os.path.join(folder, TABLE)
    raise LedgerError(folder, "no journal here: expected a device's data folder (with "
                              "table/) or a table folder (with snap or j* files)")


def load(folder):
    """(table, report) of FOLDER's table, read without changing anything."""
    path = table_folder(folder)
    table, report = read(HostFS(), path)
    if table is None:
        raise LedgerError(path, "no table could be recovered: " + "; ".join(report.lines()))
    return table, report


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
    """The `score` output for a folder: as if its current records were a JSON Lines file."""
    table, _report = load(folder)
    return score_records(list(enumerate(current_records(table), 1)), folder)


def verify(folder):
    """Lines describing every file of the folder and what boot recovers; and whether all is
    well (no damaged line, nothing cut off)."""
    path = table_folder(folder)
    lines = []
    sound = True
    for name in sorted(os.listdir(path)):
        with open(os.path.join(path, name), "rb") as f:
            data = f.read()
        if name.startswith("lost."):
            lines.append("{}: {} bytes set aside by an earlier boot".format(name, len(data)))
            sound = False
            continue
        rows = data.split(b"\n")
        torn = rows.pop()  # after the last newline: empty unless the file is torn
        bad = [i + 1 for i, row in enumerate(rows) if unframe(row) is None]
        text = "{}: {} records".format(name, len(rows))
        if bad:
            text += ", CRC or format failures at lines " + ", ".join(str(i) for i in bad)
        if torn:
            text += ", {} torn bytes at the end".format(len(torn))
        sound = sound and not bad and not torn
        lines.append(text)
    table, report = read(HostFS(), path)
    sound = sound and report.clean()
    lines.extend("boot: " + line for line in report.lines())
    if table is not None:
        lines.append("recovered: {} events, {} hands ({} voided), totals {}".format(
            report.events, len(table.entries), table.entries.voids, table.totals))
    return lines, sound


def restore(records, folder, where="records"):
    """Write a journal folder for `records` ([(line, record)] read from `where`) exactly as
    a device would (same code, same bytes), under FOLDER as a device's data folder."""
    if not records:
        raise LedgerError(where, "no records to restore")
    score_records(records, where)  # refuses a bad record before anything is written
    first = records[0][1]
    shape = table_for(first)
    if not os.path.isdir(folder):
        try:
            os.makedirs(folder)
        except OSError as exc:
            raise LedgerError(folder, "cannot create: {}".format(exc)) from exc
    try:
        table = Journal(HostFS(), folder).open_table(
            shape.game, shape.players, shape.profile, first.get("rules"))
        for number, record in records:
            try:
                table.record(record)
            except RecordError as exc:
                raise LedgerError("{}:{}".format(where, number), str(exc)) from exc
    except JournalError as exc:
        raise LedgerError(folder, str(exc)) from exc
    return table
