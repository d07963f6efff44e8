"""Hand-computed free-scoring cases 自由记分 (docs/rules.md, "Free scoring").

The points the table entered are the hand's changes, times the unit; on a zero-sum table
(the default) they must add up to 0, else the record is refused (cases/invalid.py). A unit
with decimals counts in hundredths, "scale": 100.
"""

FOUR = {"game": "free", "players": 4}

CASES = [
    {
        "name": "free: mahjong, one winner, three losers",
        "record": dict(FOUR, points=[30, -10, -10, -10]),
        "deltas": [30, -10, -10, -10],
        "why": "the points as entered: 30 - 10 - 10 - 10 = 0",
    },
    {
        "name": "free: 掼蛋 teams, two up and two down",
        "record": dict(FOUR, points=[3, -3, 3, -3]),
        "deltas": [3, -3, 3, -3],
        "why": "seats 0 and 2 +3 each, 1 and 3 -3 each: 0",
    },
    {
        "name": "free: two players, a draw",
        "record": {"game": "free", "players": 2, "points": [0, 0]},
        "deltas": [0, 0],
        "why": "nothing changes hands",
    },
    {
        "name": "free: 跑得快, three players, cards left",
        "record": {"game": "free", "players": 3, "points": [13, -8, -5]},
        "deltas": [13, -8, -5],
        "why": "the winner takes the 8 and 5 cards the others held: 13 - 8 - 5 = 0",
    },
    {
        "name": "free: eight players",
        "record": {"game": "free", "players": 8, "points": [7, -1, -1, -1, -1, -1, -1, -1]},
        "deltas": [7, -1, -1, -1, -1, -1, -1, -1],
        "why": "7 = seven players at 1",
    },
    {
        "name": "free: unit 5",
        "record": dict(FOUR, points=[30, -10, -10, -10], rules={"unit": 5}),
        "deltas": [150, -50, -50, -50],
        "why": "30 x 5 = 150, -10 x 5 = -50",
    },
    {
        "name": "free: unit 0.5",
        "record": dict(FOUR, points=[3, -1, -1, -1], rules={"unit": 0.5}),
        "deltas": [150, -50, -50, -50], "scale": 100,
        "why": "3 x 0.5 = 1.50 (150 hundredths); -1 x 0.5 = -0.50 (-50)",
    },
    {
        "name": "free: not zero-sum, points taken",
        "record": dict(FOUR, points=[25, 10, 0, 5], rules={"zero_sum": False}),
        "deltas": [25, 10, 0, 5],
        "why": "zero_sum false: the points stand as entered, adding up to 40",
    },
    {
        "name": "free: not zero-sum, negative points, unit 2",
        "record": dict(FOUR, points=[-3, 0, 0, -1], rules={"zero_sum": False, "unit": 2}),
        "deltas": [-6, 0, 0, -2],
        "why": "-3 x 2 = -6, -1 x 2 = -2",
    },
    {
        "name": "free: the largest points either way",
        "record": {"game": "free", "players": 2, "points": [1000000, -1000000]},
        "deltas": [1000000, -1000000],
        "why": "each within 1,000,000 either way",
    },
]
