"""`export`: a table's hands as a spreadsheet (CSV) or as JSON Lines records.

CSV, one row per hand, voided ones too, names as columns:

    hand, status (ok / void / amended), one column per player with the hand's result,
    breakdown, one "NAME total" column per player with the running totals after the hand
    (a voided hand leaves them unchanged), who led the hand (landlord, with the 暗地主 after
    a + in five; emperor) and, for 斗地主, the multiplier. With a roster (core/roster.py) the
    players are its persons, and a hand's cell is blank for whoever sat it out.

The first columns are what earlier versions wrote; new ones are only ever added at the end.
升级 has no points: its rows give the levels of teams {0,2} and {1,3} after the hand, the next
dealer's seat, the breakdown, who dealt the hand and the attackers' points.
"""

import csv
import json

from core.explain import breakdown
from core.money import text as money_text
from core.shengji import public
from tools.ledger.evening import hands
from tools.ledger.folder import current_records

ROLE_COLUMN = {"ddz": "landlord", "baohuang": "emperor", "free": "winner"}


def leader_name(table, record):
    """Who led the hand: the landlord (with the 暗地主 in five), the emperor, free scoring's
    winner (those who scored most, joined by "+"), or ""."""
    names = table.seat_names(record)
    if table.game == "free":
        from core.stats import leaders

        return "+".join(names[s] for s in leaders("free", record))
    seat = record.get("landlord" if table.game == "ddz" else "emperor")
    if seat is None:
        return ""  # a 保皇 forfeit may name no emperor
    partner = record.get("partner", seat)
    return names[seat] + ("+" + names[partner] if partner != seat else "")


def _by_person(table, record, result):
    """A hand's deltas in the persons' columns: with a roster, blank for who sat out."""
    deltas = result["deltas"]
    if table.roster is None:
        return deltas
    cells = [""] * table.persons
    for seat, person in enumerate(record["seating"]):
        cells[person] = deltas[seat]
    return cells


def csv_rows(table):
    """The CSV as lists of cells, header first."""
    names = table.names
    if table.game == "shengji":
        rows = [["hand", "status", "levels", "dealer", "breakdown", "dealt by", "points"]]
    else:
        rows = [["hand", "status"] + names + ["breakdown"]
                + ["{} total".format(n) for n in names] + [ROLE_COLUMN[table.game]]
                + (["multiplier"] if table.game == "ddz" else [])]
    for hand in hands(table):
        record, result = hand["record"], hand["result"]
        line = breakdown(record, result, "zh")
        if table.game == "shengji":
            shown = public(result)
            rows.append([hand["hand"], hand["status"], "/".join(shown["levels"]),
                         shown["dealer"], line, names[record["dealer"]], record["points"]])
            continue
        leader = leader_name(table, record)
        amounts = _by_person(table, record, result) + [line] + hand["totals"]
        if table.scale != 1:  # hundredths: the money as the device shows it, "1.50"
            amounts = [a if isinstance(a, str) else money_text(a, table.scale)
                       for a in amounts]
        row = [hand["hand"], hand["status"]] + amounts
        row.append(leader)
        if table.game == "ddz":
            row.append(result["multiple"])
        rows.append(row)
    return rows


def write_csv(table, out):
    csv.writer(out, lineterminator="\n").writerows(csv_rows(table))


def write_json(table, out):
    """JSON Lines: the records of the hands that count (what `score` and `restore` read)."""
    for record in current_records(table):
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
