"""Runs ON THE MICROPYTHON VM in the web page (tools/web/site/board.js), not on the host: run
after the simulator's guest (tools/sim/guest.py) in the same globals, so `device`, `fs` and
`board` here are the guest's. What the page asks besides the guest's commands:

    the framebuffer   an answer's "fb" is "" here, and the frame is the file /fb on the VM's
                      own file system, which the page reads as bytes: on this port,
                      json.dumps of a frame as hex (130 KB of text at 240x135, 307 KB at
                      320x240) and handing that string to JavaScript were most of a press's
                      time, the drawing itself a few milliseconds

    web_export()      the open table's hands that count (voided ones left out, amended ones as
                      corrected), one hand record a line as the journal writes it: the
                      records `tools.ledger export --json` writes, and what
                      `tools.ledger score` and `restore` read
    web_import(text)  a table from such a file, written to the flash by the firmware's own
                      journal as `tools.ledger restore` writes it; an open table is closed to
                      the archive first (menu 存档 keeps it). Answers "" when done, else what
                      was refused (nothing is written then). The page then resets the board,
                      which boots on the new table.
"""

import json

from core.errors import RecordError
from core.frame import encode  # the journal's own JSON: keys sorted, the same on every run
from core.journal import JournalError
from core.score import game_of
from core.table import Table

FRAME = "/fb"
_as_text = _hex  # noqa: F821 (the guest's: bytes as hex text, what the answers carry)


# Put in place of the guest's own _hex, which its answers look up by name at every command.
def _hex(data):
    if data is board.display.buffer:  # noqa: F821 (the guest's)
        with open(FRAME, "wb") as f:
            f.write(data)
        return ""
    return _as_text(data)


def web_export():
    table = device.app.table if device is not None else None  # noqa: F821 (the guest's)
    if table is None:
        return ""
    lines = []
    for i in range(len(table.entries)):
        entry = table.entries[i]
        if not entry["void"]:
            lines.append(encode(entry["record"]).decode() + "\n")
    return "".join(lines)


def _records(text):
    records = []
    number = 0
    for line in text.split("\n"):
        number += 1
        line = line.strip().lstrip("\ufeff")  # a byte-order mark, as our CSV export writes
        if not line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise RecordError("line", number, "not JSON") from None
        if not isinstance(record, dict):
            raise RecordError("line", number, "not a hand record")
        records.append(record)
    if not records:
        raise RecordError("file", "", "no hand records")
    return records


def _shape(records):
    """The table's arguments from the records, as tools/ledger/records.py's table_for reads
    them: the first record's game, seats, profile and rules; a roster when the records name
    seatings (one more person than the highest named), asking who bombed when a record says
    who did. The names are the device's own, as for a table opened on it."""
    first = records[0]
    game = game_of(first)
    if "players" not in first:
        raise RecordError("players", None, "required")
    persons = 0
    for record in records:
        seating = record.get("seating")
        if isinstance(seating, list):
            for person in seating:
                if isinstance(person, int) and person + 1 > persons:
                    persons = person + 1
    roster = None
    if persons and game != "shengji":
        persons = max(persons, first["players"])
        roster = "turn"
    else:
        persons = 0
    bombers = game == "ddz" and any("bombers" in r for r in records)
    return (game, first["players"], first.get("profile") if game == "ddz" else None,
            first.get("rules"), persons, roster, bombers)


def web_import(text):
    if device is None:  # noqa: F821 (the guest's)
        return "the board is restarting: try again in a moment"
    try:
        records = _records(text)
        game, players, profile, rules, persons, roster, bombers = _shape(records)
        # Scored in memory first: a record refused leaves the flash as it was.
        names = ["P{}".format(i + 1) for i in range(persons)] if roster else None
        trial = Table(game, players, profile, rules, names, roster=roster, bombers=bombers)
        number = 0
        for record in records:
            number += 1
            try:
                trial.record(record)
            except RecordError as exc:
                raise RecordError("hand", number, str(exc)) from None
        app = device.app  # noqa: F821 (the guest's)
        if app.table is not None:
            app.close_table()
        app.open_table({"game": game, "profile": profile, "rules": rules, "bombers": bombers,
                        "persons": persons or None, "roster": roster})
        for record in records:
            app.table.record(record)
    except (RecordError, JournalError, OSError, TypeError, KeyError) as exc:
        return str(exc) or type(exc).__name__
    return ""
