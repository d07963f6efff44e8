"""升级 Shengji level tracking (RULES §7): four players, teams of seats {0, 2} and {1, 3}.

Levels are kept as indexes 0..12 into LEVELS. A team that goes past A wins and ends the game.
"""

from core.check import (
    forbid,
    get_bool,
    get_int,
    get_multiple_of,
    get_rules,
    get_seat,
    is_int,
    only_keys,
)
from core.errors import RecordError
from core.profiles import LEVELS

PLAYERS = 4
RECORD_KEYS = ("game", "players", "rules", "dealer", "points")
RULE_KEYS = ("step", "start", "turnover", "zero_bonus")
POINT_UNIT = 5  # points are counted in fives
# Upper bounds (docs/rules.md, "Ranges"): two decks hold 200 points; these leave room for
# more decks and for kitty bonuses. The default turnover, 2 × step, stays within its bound.
MAX_STEP = 1000
MAX_POINTS = 2000  # also the bound of the turnover
STEP = 32  # a past hand's levels are replayed from at most this many hands back (replay())


def level_index(value, key="rules.start"):
    """A level given as "2".."A" (or a number 2..10) to its index."""
    text = str(value) if is_int(value) else value
    if not isinstance(text, str) or text not in LEVELS:
        raise RecordError(key, value, "must be a level 2 to 10, J, Q, K or A")
    return LEVELS.index(text)


def read_rules(record):
    rules = record.get("rules")
    if isinstance(rules, dict):
        # Said plainly rather than as an unknown key: a table coming from 保皇 or 斗地主
        # may carry it over (docs/rules.md, the hand record).
        forbid(rules, ("unit",), "升级 counts levels and has no stakes", "rules.")
    rules = get_rules(record, RULE_KEYS)
    step = get_multiple_of(rules, "step", POINT_UNIT, POINT_UNIT, MAX_STEP, 40, "rules.")
    start = level_index(rules.get("start", "2"))
    turnover = get_multiple_of(rules, "turnover", POINT_UNIT, POINT_UNIT, MAX_POINTS,
                               2 * step, "rules.")
    zero_bonus = get_bool(rules, "zero_bonus", True, "rules.")
    return step, start, turnover, zero_bonus


def outcome(points, step, turnover, zero_bonus):
    """(attackers take the deal, levels gained by the team that gains)."""
    if points < turnover:
        gained = (turnover - points + step - 1) // step
        if points == 0 and zero_bonus:
            gained += 1
        return False, gained
    return True, (points - turnover) // step


def new_state(record):
    """Levels before the first hand of a game, from the first record's rules."""
    start = read_rules(record)[1]
    return {"levels": [start, start], "dealer": None, "winner": None}


def score(record, state):
    """Apply one hand to `state` ({"levels": [i, j], "dealer", "winner"}); return the new
    state plus "gained", "team" and "took_over" for the breakdown."""
    only_keys(record, RECORD_KEYS)
    get_int(record, "players", PLAYERS, PLAYERS)
    step, _start, turnover, zero_bonus = read_rules(record)
    dealer = get_seat(record, "dealer", PLAYERS)
    points = get_multiple_of(record, "points", POINT_UNIT, 0, MAX_POINTS)
    if state["winner"] is not None:
        raise RecordError("game", record.get("game"), "the game is over: a team passed A")

    took_over, gained = outcome(points, step, turnover, zero_bonus)
    team = (dealer + 1) % 2 if took_over else dealer % 2
    levels = list(state["levels"])
    levels[team] += gained
    winner = None
    if levels[team] >= len(LEVELS):
        levels[team] = len(LEVELS) - 1
        winner = team
    next_dealer = (dealer + 1) % PLAYERS if took_over else (dealer + 2) % PLAYERS
    return {"levels": levels, "dealer": next_dealer, "winner": winner, "gained": gained,
            "team": team, "took_over": took_over, "points": points}


def replay(table, upto, score_hand, index=None, record=None):
    """The state after the hands of core.table.Table `table` before `upto`, with hand
    `index` taken as `record` (None: left out); and the table's `kept` with that change.
    Each hand is scored by `score_hand`, the table's (core.score.score_hand): a record is
    checked as every one the table scores.

    Levels follow every earlier hand, so a look back or a changed past hand replays them
    from the table's store (new hands never do). `kept` is (marks, asked): the packed states
    (pack()) before hands STEP, 2 × STEP..., as far as a replay got, and (hand, packed state
    before it) for the hand last asked for. A replay starts from the nearest of those before
    it, and keeps the marks it passes; or, fewer than STEP hands from the last, from the
    table's state worked back (_back). So a look back reads fewer than STEP hands (one,
    walking forwards), and a look at or a change of a recent hand no old one. A change to
    hand `index` alters the states after it only: those kept up to it stay, and the
    replay's marks past it (in a copy: the table's stay as they are until the store has the
    change) become the table's with it."""
    first = upto if index is None else index  # the hands before it are as stored
    marks, asked = table.kept
    n = min(len(marks), first // STEP)
    at, packed = n * STEP, marks[n - 1] if n else None
    if asked is not None and at <= asked[0] <= first:
        at, packed = asked
    if index is not None:
        marks = marks[:n]
        if asked is not None and asked[0] > index:
            asked = None
    entries = table.entries
    if len(entries) - first < min(STEP, first - at) and table.state["winner"] is None:
        at, state = _back(table, first)
    else:
        state = unpack(packed, {"rules": table.rules})
    for i in range(at, upto):
        if i == index:
            current = record
        else:
            entry = entries[i]
            current = None if entry["void"] else entry["record"]
        if current is not None:
            state = score_hand(current, state)
        if i + 1 == (len(marks) + 1) * STEP:  # the next mark only: marks[j] is hand (j+1)·STEP
            marks.append(pack(state))
    if index is None:
        asked = (upto, pack(state))
    return state, (marks, asked)


def _back(table, upto):
    """(hand, state before it) for a hand at or before `upto`, from the table's state: the
    levels are worked back from the last hand to the last one scored before `upto`, which
    scored from them gives the very state it left. Only while no team has passed A: a hand
    that did was cut at A, and nothing after it scored."""
    entries = table.entries
    levels = list(table.state["levels"])
    for i in range(len(entries) - 1, -1, -1):
        entry = entries[i]
        if not entry["void"]:
            undo(entry["record"], levels)
            if i < upto:
                return i + 1, score(entry["record"],
                                    {"levels": levels, "dealer": None, "winner": None})
    return 0, new_state({"rules": table.rules})


def undo(record, levels):
    """Turn `levels` after hand `record` (scored, and no team passed A: nothing was cut at A)
    into those before it: score() added the levels gained to one team, and nothing else."""
    step, _start, turnover, zero_bonus = read_rules(record)
    took_over, gained = outcome(record["points"], step, turnover, zero_bonus)
    dealer = record["dealer"]
    levels[(dealer + 1) % 2 if took_over else dealer % 2] -= gained


def pack(state):
    """`state` as one int (None for new_state's, before any hand), which unpack() turns back
    into an equal dict: a table keeps past states so (replay()), 4 bytes each in a list.
    The team is the next dealer's (took over: the seat after the dealer; kept: the partner),
    and so is a winner; points are fives, at most 400 in 9 bits; gained, at most 401, is the
    top field: below 2**30, a small int on a 32-bit board, which takes no heap."""
    if state["dealer"] is None:
        return None
    levels = state["levels"]
    return (levels[0] | levels[1] << 4 | state["dealer"] << 8
            | (state["winner"] is not None) << 10 | state["took_over"] << 11
            | state["points"] // POINT_UNIT << 12 | state["gained"] << 21)


def unpack(packed, record):
    """The state pack() made; None: new_state(record)."""
    if packed is None:
        return new_state(record)
    dealer = packed >> 8 & 3
    team = dealer % 2
    return {"levels": [packed & 15, packed >> 4 & 15], "dealer": dealer,
            "winner": team if packed >> 10 & 1 else None, "gained": packed >> 21,
            "team": team, "took_over": bool(packed >> 11 & 1),
            "points": (packed >> 12 & 511) * POINT_UNIT}


def public(state):
    """The state as the ledger prints it: {"levels": ["8", "2"], "dealer": 3}."""
    out = {"levels": [LEVELS[i] for i in state["levels"]], "dealer": state["dealer"]}
    if state["winner"] is not None:
        out["winner"] = state["winner"]
    return out
