"""`summary`: the evening in numbers, for the end of the table.

Counted over the hands that count (voided ones left out, amended ones as corrected), by
core.stats, as the device's statistics screen counts them:

- per player: the total (and the beans balance), hands played, how often it led the hand
  and how often the side it led won, its biggest gain and biggest loss with the hand they
  came in (the first such hand on a tie);
- bombs played, for the table by kind, and per player where the hands say who played them
  (the records' `bombers`; a file without them prints as it always did);
- the settlement: who pays whom, in the fewest transfers (core.settle via Table.settlement),
  then in beans mode each player's own fees to the house.
"""

from decimal import Decimal

from core.stats import ROLE, Tally
from core.table import HOUSE
from tools.ledger.evening import AMENDED, VOID, hands
from tools.ledger.records import amount, dumps
from ui.strings import text

ROLE_ZH = {"ddz": "地主", "baohuang": "皇帝", "shengji": "庄家", "free": "赢家"}
HOUSE_NAME = "house 台费"


def summarize(table):
    """The summary as plain data (what --json prints)."""
    game = table.game
    rows = hands(table)
    counted = [h for h in rows if h["counts"]]
    counts = Tally(game, table.persons)
    for h in counted:
        counts.add(h["hand"], h["record"], h["result"])
    players = []
    scale = table.scale  # amounts as exact numbers: hundredths where the unit has decimals

    def biggest(big):
        return None if big is None else {"hand": big["hand"], "delta": amount(big["delta"],
                                                                            scale)}

    for seat, name in enumerate(table.names):
        got = counts.player(seat)
        player = {"seat": seat, "name": name}
        for key in ("hands", "led", "led_won", "led_rate", "led_win_rate"):
            player[key] = got[key]
        if game != "shengji":
            player["total"] = amount(table.totals[seat], scale)
            player["biggest_gain"] = biggest(got["biggest_gain"])
            player["biggest_loss"] = biggest(got["biggest_loss"])
        if counts.bombed is not None:
            player["bombs_played"] = counts.bombed[seat]
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
        out["bombs"] = {"count": sum(counts.bombs.values()), "kinds": counts.bombs}
        if counts.bombed is not None:
            # of them, the bombs whose player is known (hands with `bombers`)
            out["bombs"]["by_players"] = sum(counts.bombed)
    if game == "shengji":
        state = table.state
        out["levels"] = None if state is None else {
            "teams": [[table.names[0], table.names[2]], [table.names[1], table.names[3]]],
            "levels": [_level(i) for i in state["levels"]], "winner": state["winner"]}
    else:
        out["settlement"] = [
            {"from": table.names[payer], "from_seat": payer,
             "to": HOUSE_NAME if payee == HOUSE else table.names[payee],
             "to_seat": None if payee == HOUSE else payee, "amount": amount(paid, scale)}
            for payer, payee, paid in table.settlement(counts.fees)]
    return out


def _level(index):
    from core.profiles import LEVELS

    return LEVELS[index]


def _signed(n):
    # A Decimal is an amount of a table whose unit has decimals: two places, as on the device.
    if isinstance(n, Decimal):
        return "{:+.2f}".format(n) if n else "0.00"
    return "{:+d}".format(n) if n else "0"


def _plain(n):
    return "{:.2f}".format(n) if isinstance(n, Decimal) else str(n)


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
    bombed = "bombs_played" in data["players"][0]
    if bombed:
        header.append("bombs 炸弹")
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
        if bombed:
            row.append(str(p["bombs_played"]))
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
        if "by_players" in bombs and bombs["by_players"] != bombs["count"]:
            lines.append("  who played them 出炸者: known for {}".format(bombs["by_players"]))
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
        lines.append("  {} → {}: {}".format(t["from"], t["to"], _plain(t["amount"])))
    return lines


def render_json(data):
    return dumps(data)
