"""Reading hand records from JSON Lines, and scoring a sequence of them as one table."""

import json

from core.errors import RecordError
from core.explain import breakdown
from core.score import game_of
from core.shengji import public
from core.table import Table


class LedgerError(Exception):
    """A record that cannot be scored, with where it stood."""

    def __init__(self, where, message):
        Exception.__init__(self, "{}: {}".format(where, message))


def read_jsonl(path):
    """[(line number, record)] for the non-blank lines of `path`."""
    records = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise LedgerError(path, "cannot read: {}".format(exc)) from exc
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            records.append((number, json.loads(line)))
        except ValueError as exc:
            raise LedgerError("{}:{}".format(path, number), "not JSON ({})".format(exc)) from exc
    return records


def table_for(record):
    """A table shaped by the first record of a file: game, seats, profile and rules."""
    game = game_of(record)
    players = record.get("players")
    profile = record.get("profile") if game == "ddz" else None
    return Table(game, players, profile=profile, rules=record.get("rules"))


def hand_line(table, record, result):
    """One output object for a scored hand: the contract of `tools.ledger score`."""
    if table.game == "shengji":
        out = public(result)
    else:
        out = {"deltas": result["deltas"]}
        if table.game == "ddz":
            out["multiplier"] = result["multiple"]
        balances = table.balances()
        if balances is not None:
            out["balances"] = balances
    out["breakdown"] = breakdown(record, result, "zh")
    out["breakdown_en"] = breakdown(record, result, "en")
    return out


def replay(records, where="records"):
    """Record [(line, record)] on one table, in order, yielding (table, index, result) for
    each hand. Raises LedgerError naming the line, key and value."""
    table = None
    for number, record in records:
        try:
            if table is None:
                table = table_for(record)
            elif game_of(record) != table.game:
                raise RecordError("game", record["game"],
                                  "this file's table plays " + table.game)
            index, result = table.record(record)
        except RecordError as exc:
            raise LedgerError("{}:{}".format(where, number), str(exc)) from exc
        yield table, index, result


def score_records(records, where="records"):
    """Score [(line, record)] as one table; return the output objects (hands, then totals
    for point games). Raises LedgerError naming the line, key and value."""
    table = None
    lines = []
    for table, index, result in replay(records, where):
        lines.append(hand_line(table, table.entries[index]["record"], result))
    if table is not None and table.game != "shengji":
        lines.append({"totals": list(table.totals)})
    return lines
