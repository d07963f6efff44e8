"""Reading hand records from JSON Lines, and scoring a sequence of them as one table.

A file of records may come from anywhere: every line is bounded before it reaches the core
(length, nesting, digits), and every message is one escaped line (docs/rules.md, "Ranges").
"""

import json
import re
from decimal import Decimal

from core.check import get_int, is_int
from core.errors import MISSING, RecordError, escape
from core.explain import breakdown
from core.money import CENT, cents, scale_of
from core.money import text as money_text
from core.roster import MAX_PERSONS
from core.score import game_of
from core.shengji import public
from core.table import Table


class LedgerError(Exception):
    """A record that cannot be scored, with where it stood."""

    def __init__(self, where, message):
        # A path, a key or an OS message can hold anything: what is not printable (a zero
        # width space in a key, an unassigned code point) is written as its code.
        Exception.__init__(self, escape("{}: {}".format(where, message), _unprintable))


def _unprintable(ch):
    return not ch.isprintable() and ch != " "


MAX_LINE = 10000  # bytes; the longest record a game can make is under 1,000
MAX_DEPTH = 8  # nested objects and lists; a record needs 4 (record, rules, beans, balances)
MAX_DIGITS = 1000  # the widest range needs 13; a range check names the key up to here
TOO_DEEP = "nested more than {} deep".format(MAX_DEPTH)
BOM = b"\xef\xbb\xbf"


def _object(pairs):
    # json.loads keeps the last of two equal keys silently: the first could be the one meant.
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise RecordError(key, value, "the key is given twice")
        obj[key] = value
    return obj


def _whole(text):
    # Python refuses to convert more than 4,300 digits, and a range check cannot name a
    # number it never got: a number far wider than any range is refused as it is read.
    if len(text) > MAX_DIGITS:
        raise ValueError("a number of {} digits".format(len(text)))
    return int(text)


def _not_a_number(name):
    raise ValueError(name + " is not JSON")


def _deeper(value, levels):
    """Whether `value` nests objects and lists more than `levels` deep."""
    if isinstance(value, dict):
        value = list(value.values())
    elif not isinstance(value, list):
        return False
    return levels == 0 or any(_deeper(item, levels - 1) for item in value)


def parse_line(data, where):
    """The record on one line (its bytes, without the line end); None for a blank line.
    Raises LedgerError naming `where` (the file and line)."""
    if not data.strip(b" \t\r"):
        return None
    if len(data) > MAX_LINE:
        raise LedgerError(where, "a line longer than {} bytes".format(MAX_LINE))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LedgerError(where, "not UTF-8 (byte {} of the line)".format(exc.start + 1)) \
            from exc
    try:
        record = json.loads(text, object_pairs_hook=_object, parse_int=_whole,
                            parse_constant=_not_a_number)
    except RecordError as exc:
        raise LedgerError(where, str(exc)) from exc
    except RecursionError as exc:  # nested deeper than the parser's own stack
        raise LedgerError(where, TOO_DEEP) from exc
    except ValueError as exc:
        raise LedgerError(where, "not JSON ({})".format(exc)) from exc
    if _deeper(record, MAX_DEPTH):
        raise LedgerError(where, TOO_DEEP)
    return record


def read_jsonl(path):
    """[(line number, record)] for the non-blank lines of `path`.

    Lines end at a newline alone: a carriage return before it is white space to JSON, and
    U+2028 (which str.splitlines() would take for a line end) is not one. A UTF-8 byte-order
    mark may open the file (our own CSV export writes one). A file without a record is
    refused: it scores to nothing, which is no answer."""
    records = []
    try:
        with open(path, "rb") as f:
            number = 0
            # At most one line's bound is read at a time: an endless line (/dev/zero) is
            # refused, not read into memory.
            while line := f.readline(MAX_LINE + 1):
                number += 1
                if number == 1 and line.startswith(BOM):
                    line = line[len(BOM):]
                if line.endswith(b"\n"):
                    line = line[:-1]
                record = parse_line(line, "{}:{}".format(path, number))
                if record is not None:
                    records.append((number, record))
    except OSError as exc:
        raise LedgerError(path, "cannot read: {}".format(exc)) from exc
    if not records:
        raise LedgerError(path, "no hand records")
    return records


def persons_seated(records):
    """How many persons the `seating` of a file's records name (a roster, core/roster.py):
    one more than the highest roster position; 0 when no record has one. A malformed
    seating counts for nothing here: scoring its record refuses it."""
    highest = -1
    for _number, record in records:
        seating = record.get("seating") if isinstance(record, dict) else None
        if isinstance(seating, list):
            for person in seating:
                if is_int(person) and person < MAX_PERSONS:
                    highest = max(highest, person)
    return highest + 1


def file_scale(records):
    """100 if any record of [(line, record)] has a unit with decimals, else 1: a file may
    mix units, and its table then sums every hand in hundredths. A unit that cannot be read
    is left to the table, which refuses it naming the line."""
    for _number, record in records:
        rules = record.get("rules") if isinstance(record, dict) else None
        if isinstance(rules, dict) and "unit" in rules:
            try:
                if scale_of(cents(rules)) == CENT:
                    return CENT
            except RecordError:
                pass
    return 1


def table_for(record, persons=0, scale=None):
    """A table shaped by the first record of a file: game, seats, profile and rules; with
    `persons` (persons_seated) a roster of that many, named P1, P2...; with `scale`
    (file_scale) the amounts of a file that mixes units, summed in hundredths."""
    game = game_of(record)
    if "players" not in record:
        get_int(record, "players", 0, 0)  # raises "required"
    players = record["players"]
    profile = record.get("profile") if game == "ddz" else None
    table = Table(game, players, profile=profile, rules=record.get("rules"))
    roster = {}
    rules = record.get("rules")
    if persons and isinstance(rules, dict) and "beans" in rules:
        # The file's seatings made it a roster's; the first record, of beans, cannot be one.
        raise RecordError("seating", record.get("seating", MISSING),
                          "beans belong to seats: a file of beans hands has no seating")
    if persons and game != "shengji":  # 升级 refuses the seating itself, by its key
        roster = {"names": ["P{}".format(i + 1) for i in range(max(persons, table.players))],
                  "roster": "turn"}
    if roster or (scale is not None and scale != table.scale):
        table = Table(game, players, profile=profile, rules=record.get("rules"), scale=scale,
                      **roster)
    return table


def amount(value, scale):
    """An amount of a table of `scale` as an exact JSON number: the integer itself at scale
    1 (as `score` always printed), else a Decimal of its value, 150 -> 1.5, -25 -> -0.25,
    300 -> 3 (never a float: no rounding, however large). dumps() writes it."""
    if scale == 1:
        return value
    return Decimal(money_text(value, scale).rstrip("0").rstrip("."))


_MARK = "\x00"
_MARKED = re.compile(r'"\\u0000(-?[0-9.]+)\\u0000"')


def _marked(value):
    if isinstance(value, Decimal):
        return _MARK + str(value) + _MARK
    raise TypeError("{!r} is not JSON".format(value))


def dumps(obj):
    """json.dumps (not escaping what is not ASCII), with amount()'s Decimals as numbers."""
    return _MARKED.sub(r"\1", json.dumps(obj, ensure_ascii=False, default=_marked))


def hand_line(table, record, result):
    """One output object for a scored hand: the contract of `tools.ledger score`."""
    if table.game == "shengji":
        out = public(result)
    else:
        out = {"deltas": [amount(d, table.scale) for d in result["deltas"]]}
        if table.game == "ddz":
            out["multiplier"] = result["multiple"]
        balances = table.balances()
        if balances is not None:
            out["balances"] = balances
    out["breakdown"] = breakdown(record, result, "zh")
    out["breakdown_en"] = breakdown(record, result, "en")
    return out


def replay(records, where="records", recorded=False):
    """Record [(line, record)] on one table, in order, yielding (table, index, result) for
    each hand. Raises LedgerError naming the line, key and value. recorded: the hands come
    from a journal, where they were already taken: they replay as they were, without the
    checks of what a deck allows that a new hand gets (Table.record's replay)."""
    table = None
    persons = persons_seated(records)
    scale = file_scale(records)
    for number, record in records:
        try:
            if table is None:
                table = table_for(record, persons, scale)
            elif game_of(record) != table.game:
                raise RecordError("game", record["game"],
                                  "this file's table plays " + table.game)
            index, result = table.record(record, replay=recorded, given=True)
        except RecordError as exc:
            raise LedgerError("{}:{}".format(where, number), str(exc)) from exc
        yield table, index, result


def score_records(records, where="records", recorded=False, empty=None):
    """Score [(line, record)] as one table; return the output objects (hands, then totals
    for point games). Raises LedgerError naming the line, key and value. recorded: see
    replay(). empty: the table whose records these are (a journal's), for its totals when
    no hand counts: all zero, rather than nothing at all."""
    table = None
    lines = []
    by_seat = None  # a roster's table keeps totals by person; "totals" stays by seat
    if not records and empty is not None and empty.game != "shengji":
        totals = {"totals": [amount(0, empty.scale)] * empty.players}
        if empty.roster is not None:
            totals["person_totals"] = [amount(0, empty.scale)] * empty.persons
        return [totals]
    for table, index, result in replay(records, where, recorded):
        lines.append(hand_line(table, table.entries[index]["record"], result))
        if "deltas" in result:
            deltas = result["deltas"]
            by_seat = [t + d for t, d in zip(by_seat or [0] * len(deltas), deltas)]
    if table is not None and table.game != "shengji":
        by_seat = table.totals if table.roster is None else by_seat
        totals = {"totals": [amount(t, table.scale) for t in by_seat or []]}
        if table.roster is not None:  # by seat as always, and by person
            totals["person_totals"] = [amount(t, table.scale) for t in table.totals]
        lines.append(totals)
    return lines
