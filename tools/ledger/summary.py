"""`summary`: the evening in numbers, for the end of the table.

Counted over the hands that count (voided ones left out, amended ones as corrected):

- per player: the total (and the beans balance), hands played, how often it led the hand
  (斗地主: the landlord, and in five the 暗地主 too, the landlord's side; 保皇: the emperor;
  升级: the dealer) and how often the side it led won (斗地主: the landlord's side won or a
  farmer escaped; 保皇: the emperor scored above 0; 升级: the dealers kept the deal), its
  biggest gain and biggest loss with the hand they came in (the first such hand on a tie);
- bombs played (a record lists the bombs of a hand, not who played them, so they are counted
  for the table, by kind; bombs still held at an escape are not played);
- the settlement: who pays whom, in the fewest transfers (core.settle via Table.settlement),
  beans taken as fees going to the house.
"""

import json

from core.table import HOUSE
from tools.ledger.evening import AMENDED, VOID, hands
from ui.strings import text

ROLE = {"ddz": "landlord", "baohuang": "emperor", "shengji": "dealer"}
ROLE_ZH = {"ddz": "地主", "baohuang": "皇帝", "shengji": "庄家"}
HOUSE_NAME = "house 台费"


def _leaders(game, record):
    """Seats that led the hand."""
    if game == "ddz":
        landlord = record["landlord"]
        return sorted({landlord, record.get("partner", landlord)})
    if game == "baohuang":
        return [record["emperor"]] if "emperor" in record else []
    return [record["dealer"]]


def _led_side_won(game, record, result, seat):
    if game == "ddz":
        if "escape" in record:
            return record["escape"] not in _leaders(game, record)
        return record["winner"] == "landlord"
    if game == "baohuang":
        return result["deltas"][seat] > 0
    return not result["took_over"]


def _rate(part, whole):
    return round(part / whole, 4) if whole else None


def summarize(table):
    """The summary as plain data (what --json prints)."""
    game = table.game
    rows = hands(table)
    counted = [h for h in rows if h["counts"]]
    players = []
    for seat, name in enumerate(table.names):
        led = won = 0
        best = worst = None
        for h in counted:
            record, result = h["record"], h["result"]
            if seat in _leaders(game, record):
                led += 1
                won += _led_side_won(game, record, result, seat)
            if game == "shengji":
                continue
            delta = result["deltas"][seat]
            if delta > 0 and (best is None or delta > best["delta"]):
                best = {"hand": h["hand"], "delta": delta}
            if delta < 0 and (worst is None or delta < worst["delta"]):
                worst = {"hand": h["hand"], "delta": delta}
        player = {"seat": seat, "name": name, "hands": len(counted), "led": led,
                  "led_won": won, "led_rate": _rate(led, len(counted)),
                  "led_win_rate": _rate(won, led)}
        if game != "shengji":
            player["total"] = table.totals[seat]
            player["biggest_gain"] = best
            player["biggest_loss"] = worst
        players.append(player)
    out = {"game": game, "profile": table.profile, "role": ROLE[game],
           "hands": len(rows), "counted": len(counted),
           "voided": sum(h["status"] == VOID for h in rows),
           "amended": sum(h["status"] == AMENDED for h in rows),
           "players": players}
    balances = table.balances()
    if balances is not None:
        for player, balance in zip(players, balances):
            player["balance"] = balance
    if game == "ddz":
        kinds = {}
        for h in counted:
            for kind in h["record"].get("bombs", []):
                kinds[kind] = kinds.get(kind, 0) + 1
        out["bombs"] = {"count": sum(kinds.values()), "kinds": kinds}
    if game == "shengji":
        state = table.state
        out["levels"] = None if state is None else {
            "teams": [[table.names[0], table.names[2]], [table.names[1], table.names[3]]],
            "levels": [_level(i) for i in state["levels"]], "winner": state["winner"]}
    else:
        out["settlement"] = [
            {"from": table.names[payer], "from_seat": payer,
             "to": HOUSE_NAME if payee == HOUSE else table.names[payee],
             "to_seat": None if payee == HOUSE else payee, "amount": amount}
            for payer, payee, amount in table.settlement()]
    return out


def _level(index):
    from core.profiles import LEVELS

    return LEVELS[index]


def _signed(n):
    return "{:+d}".format(n) if n else "0"


def _pct(rate):
    return "-" if rate is None else "{:.0f}%".format(rate * 100)


def _width(s):
    """Columns a string takes in a terminal: CJK characters take two."""
    return sum(2 if ord(c) >= 0x1100 and not 0xFF61 <= ord(c) <= 0xFFDC else 1 for c in s)


def _pad(s, width):
    return s + " " * max(0, width - _width(s))


def render_text(data):
    """The summary as readable lines."""
    game = data["game"]
    title = text(game, "zh")
    if data["profile"]:
        title += " " + text(data["profile"], "zh")
    lines = ["{} · {} hands counted, {} voided, {} amended".format(
        title, data["counted"], data["voided"], data["amended"])]
    role = "{} {}".format(data["role"], ROLE_ZH[game])
    header = ["player"]
    if game != "shengji":
        header.append("total")
        if "balance" in data["players"][0]:
            header.append("balance")
    header += [role, "won as " + data["role"]]
    if game != "shengji":
        header += ["biggest gain", "biggest loss"]
    table = [header]
    for p in data["players"]:
        row = [p["name"]]
        if game != "shengji":
            row.append(_signed(p["total"]))
            if "balance" in p:
                row.append(str(p["balance"]))
        row.append("{}/{} {}".format(p["led"], p["hands"], _pct(p["led_rate"])))
        row.append("{}/{} {}".format(p["led_won"], p["led"], _pct(p["led_win_rate"])))
        if game != "shengji":
            for key in ("biggest_gain", "biggest_loss"):
                big = p[key]
                row.append("-" if big is None else "{} (#{})".format(_signed(big["delta"]),
                                                                     big["hand"]))
        table.append(row)
    widths = [max(_width(r[i]) for r in table) for i in range(len(header))]
    for row in table:
        cells = [_pad(c, w) if i == 0 else " " * (w - _width(c)) + c
                 for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    if "bombs" in data:
        bombs = data["bombs"]
        kinds = ", ".join("{} {}".format(text(k, "zh"), n) for k, n in bombs["kinds"].items())
        lines.append("bombs 炸弹: {}{}".format(bombs["count"], " ({})".format(kinds)
                                              if kinds else ""))
    if game == "shengji":
        levels = data["levels"]
        for team, level in zip(levels["teams"], levels["levels"]):
            lines.append("{}: {}".format("/".join(team), level))
        if levels["winner"] is not None:
            lines.append("winner: " + "/".join(levels["teams"][levels["winner"]]))
        return lines
    lines.append("settlement 结算:")
    if not data["settlement"]:
        lines.append("  nobody owes anything")
    for t in data["settlement"]:
        lines.append("  {} → {}: {}".format(t["from"], t["to"], t["amount"]))
    return lines


def render_json(data):
    return json.dumps(data, ensure_ascii=False)
