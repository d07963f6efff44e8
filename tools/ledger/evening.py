"""One table's evening, hand by hand, for export, plot and summary: read from a journal
folder (every hand, voided and amended ones marked) or from a JSON Lines file of records
(every hand counts), scored by the firmware's own Table.
"""

import os

from tools.ledger.folder import load
from tools.ledger.image import mounted
from tools.ledger.records import LedgerError, read_jsonl, replay

OK = "ok"
VOID = "void"
AMENDED = "amended"


def table_from_records(records, where="records"):
    """A Table holding [(line, record)], as `score FILE` scores them."""
    if not records:
        raise LedgerError(where, "no hand records")
    hands = list(replay(records, where))
    return hands[-1][0]


def open_table(path, names=None):
    """(the Table that PATH (a journal folder, an emulated Pico's flash image or a JSON Lines
    file) holds, the damage lines of a folder: what was set aside and why). `names` (a
    list, or a comma-separated string) replaces the players' names: a file of records has
    none, so its players are P1, P2..."""
    damage = []
    with mounted(path) as folder:
        if os.path.isdir(folder):
            table, scan = load(folder)  # read whole: the table needs no file after this
            damage = scan.damage
        else:
            table = table_from_records(read_jsonl(folder), folder)
    if names:
        if isinstance(names, str):
            names = [n.strip() for n in names.split(",")]
        if len(names) != table.persons or not all(names):
            raise LedgerError("--names", "{} names needed, separated by commas, got {}".format(
                table.persons, ",".join(names)))
        table.names = list(names)
    return table, damage


def status(entry):
    if entry["void"]:
        return VOID
    return AMENDED if entry["previous"] else OK


def hands(table):
    """Every hand in order: {"hand" (numbered from 1, as the device shows it), "status",
    "record", "result", "counts", "totals" (point games: the running totals after it; a
    voided hand leaves them as they were)}."""
    running = [0] * table.persons
    rows = []
    for i in range(len(table.entries)):
        entry = table.entries[i]
        result = table.hand_result(i)
        counts = not entry["void"]
        if table.game != "shengji" and counts:
            change = table.person_deltas(entry["record"], result["deltas"])
            running = [t + d for t, d in zip(running, change)]
        rows.append({"hand": i + 1, "status": status(entry), "record": entry["record"],
                     "result": result, "counts": counts,
                     "totals": list(running) if table.game != "shengji" else None})
    return rows
