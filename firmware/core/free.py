"""Free scoring 自由记分: any game the device does not score itself (掼蛋, 跑得快, a mahjong
tally). The table enters each player's points for the hand; they are the hand's changes.

    {"game": "free", "players": N, "points": [p0, ..., pN-1]}

Options in `rules`: `zero_sum` (default true: the points must add up to 0, as every other
game's do; false for a table that counts, say, points taken rather than won and lost) and
`unit`, what a point is worth (core/money.py). A roster's `seating` as for the other games.
score(record) returns {"deltas", "points", "unit", "scale"}.
"""

from core.check import get_bool, get_int, is_int, only_keys
from core.errors import RecordError
from core.money import cents, factor, scale_of

MIN_PLAYERS = 2
MAX_PLAYERS = 8  # a roster's most (core/roster.py)
MAX_POINTS = 1000000  # either way, a player's points in one hand (docs/rules.md, Ranges)
RECORD_KEYS = ("game", "players", "rules", "points", "seating")
RULE_KEYS = ("zero_sum", "unit")


def read_rules(rules):
    """Check a table's or a record's `rules`; return (zero_sum, unit in hundredths)."""
    if not isinstance(rules, dict):
        raise RecordError("rules", rules, "must be an object")
    only_keys(rules, RULE_KEYS, "rules.")
    return get_bool(rules, "zero_sum", True, "rules."), cents(rules)


def score(record):
    only_keys(record, RECORD_KEYS)
    players = get_int(record, "players", MIN_PLAYERS, MAX_PLAYERS)
    zero_sum, unit = read_rules(record.get("rules", {}))
    points = record.get("points")
    if (not isinstance(points, list) or len(points) != players
            or not all(is_int(p) and -MAX_POINTS <= p <= MAX_POINTS for p in points)):
        raise RecordError("points", points, "must list {} whole numbers, each -{} to {}"
                          .format(players, MAX_POINTS, MAX_POINTS))
    if zero_sum and sum(points):
        raise RecordError("points", points, "must add up to 0 (rules.zero_sum)")
    scale = scale_of(unit)
    worth = factor(unit, scale)
    return {"deltas": [p * worth for p in points], "points": list(points), "unit": unit,
            "scale": scale}


def share(points):
    """The points as entered, with the players left at 0 sharing evenly what the others'
    leave (the first of them one more where it does not divide): a winner's +30 at a table
    of four is −10 each for the three others. Unchanged when they add up to 0 already or
    nobody is left at 0."""
    rest = -sum(points)
    left = [seat for seat, p in enumerate(points) if not p]
    if not rest or not left:
        return list(points)
    each, over = divmod(rest, len(left))  # floor: the remainder is 0 … len(left) − 1
    shared = list(points)
    for i, seat in enumerate(left):
        shared[seat] = each + (1 if i < over else 0)
    return shared


def leaders(points):
    """Who won the hand: the seats with the most points, if above 0."""
    best = max(points)
    return [seat for seat, p in enumerate(points) if p == best] if best > 0 else []
