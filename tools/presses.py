"""How many presses a hand takes, from the table screen back to it, on a 4-button board
(NEXT, PREV, OK, BACK; MENU is a long press, one press too).

    python -m tools.presses

Every plan is played on the real firmware (MicroPython VM, simulated board), and counts only
if the hand it records is exactly the hand intended: the figures are proven, not estimated.
"""

import json
import statistics
import sys

from tools import mpvm
from tools.deploy import BOARDS

# The new-table screen's game row cycles classic, happy, laizi, two, four, five, 保皇, 升级.
GAME_ROW = {"classic": 0, "happy": 1, "laizi": 2, "two": 3, "four": 4, "five": 5,
            "baohuang": 6, "shengji": 7}
SEATS = {"classic": 3, "happy": 3, "laizi": 3, "two": 2, "four": 4, "five": 5}
FIRST_CURSOR = 1  # a new table's cursor: the seat after the first dealer (seat 0)

# One classic evening from a board with no table: what every press costs (tools/bench.py on
# the MicroPython VM, tools/bench_pico.py on the emulated Pico).
EVENING = ["PREV", "OK",                       # new table: to "start", open it
           "NEXT", "PREV", "OK",               # table: move the landlord, start a hand
           "NEXT", "OK",                       # bid 2
           "NEXT", "PREV", "BACK",             # play: bomb, rocket, undo
           "OK", "NEXT", "PREV", "OK",         # result: farmers win and back, confirm
           "MENU", "NEXT", "OK", "OK", "BACK", "BACK",  # history and a past hand
           "MENU", "NEXT", "NEXT", "OK", "BACK"]        # settlement

# Typical hands: (keys from the table screen, what the recorded hand must hold).
TYPICAL = {
    "classic": ("OK OK NEXT OK OK",
                {"landlord": 1, "bid": 3, "bombs": ["bomb"], "winner": "landlord"}),
    "happy": ("OK NEXT OK NEXT OK OK",
              {"landlord": 1, "grabs": 1, "bombs": ["bomb"], "winner": "landlord"}),
    "laizi": ("OK NEXT OK NEXT OK OK",
              {"landlord": 1, "grabs": 1, "bombs": ["soft"], "winner": "landlord"}),
    "two": ("OK OK NEXT OK OK", {"landlord": 1, "bid": 3, "bombs": ["bomb"],
                                 "winner": "landlord"}),
    "four": ("OK OK NEXT OK OK", {"landlord": 1, "bid": 3, "bombs": ["bomb"],
                                  "winner": "landlord"}),
    "five": ("OK NEXT NEXT NEXT OK NEXT OK OK",
             {"landlord": 1, "partner": 3, "bombs": ["b5"], "winner": "landlord"}),
    # emperor 乙 (the cursor), guard 丁, hidden; 乙 out first, 丁 second
    "baohuang": ("OK NEXT NEXT NEXT OK OK NEXT OK NEXT NEXT OK OK",
                 {"emperor": 1, "guard": 3, "order": [1, 3]}),
    # first dealer 乙 (the cursor); the attackers take 45 points (80 − 7 × 5)
    "shengji": ("OK " + "PREV " * 7 + "OK OK", {"dealer": 1, "points": 45}),
}

_GUEST = """
import json
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import App

with open('/input/plans.json') as f:
    plans = json.load(f)
out = []
for opening, plan in plans:
    app = App(board.display, board.layout, MemFS(), '/data', board.button_names, board.keymap)
    for name in opening + plan:
        app.press(getattr(keys, name))
    t = app.table
    record = t.entries[0]['record'] if t is not None and len(t.entries) else None
    out.append([record, type(app.stack[-1]).__name__])
print(json.dumps(out))
"""


def opening(game):
    """The presses that open a new table of `game` on a board with no table open."""
    return ["OK"] * GAME_ROW[game] + ["PREV", "OK"]


def classic_plan(landlord, bid):
    """The fewest presses for a classic hand with one bomb that the landlord wins."""
    moves = (landlord - FIRST_CURSOR) % 3
    keys = ["NEXT"] * moves if moves <= 1 else ["PREV"] * (3 - moves)
    index = 3 - bid  # the bid screen lists 3, 2, 1 and starts on 3
    bid_keys = ["NEXT"] * index if index <= 1 else ["PREV"] * (3 - index)
    return keys + ["OK"] + bid_keys + ["OK", "NEXT", "OK", "OK"]


def play(plans):
    """[(recorded record or None, screen the app ended on)] for [(game, keys)]."""
    data = json.dumps([[opening(game), keys] for game, keys in plans]).encode()
    outcome = mpvm.run(_GUEST, {"board.py": (BOARDS / "simulated.py").read_bytes(),
                                "plans.json": data}, engine="node", compiled=True)
    return json.loads(outcome.stdout.strip().splitlines()[-1])


def _check(record, screen, expected, label):
    if screen != "TableScreen" or record is None or any(
            record.get(k) != v for k, v in expected.items()):
        raise AssertionError("{}: the plan recorded {} and ended on {}".format(
            label, record, screen))


def report():
    games = list(TYPICAL)
    classic = [(lord, bid) for lord in range(3) for bid in (1, 2, 3)]
    plans = [(g, TYPICAL[g][0].split()) for g in games]
    plans += [("classic", classic_plan(lord, bid)) for lord, bid in classic]
    results = play(plans)
    typical = {}
    for (game, keys), (record, screen) in zip(plans[:len(games)], results, strict=False):
        _check(record, screen, TYPICAL[game][1], game)
        typical[game] = len(keys)
    counts = []
    for (lord, bid), (_game, keys), (record, screen) in zip(
            classic, plans[len(games):], results[len(games):], strict=True):
        _check(record, screen, {"landlord": lord, "bid": bid, "bombs": ["bomb"],
                                "winner": "landlord"}, "classic {} {}".format(lord, bid))
        counts.append(len(keys))
    return {"typical": typical, "classic_median": statistics.median(counts),
            "classic_max": max(counts)}


def main():
    figures = report()
    for game, count in figures["typical"].items():
        print("{:<9} {} presses".format(game, count))
    print("classic with one bomb, every landlord seat and bid: median {}, at most {}".format(
        figures["classic_median"], figures["classic_max"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
