"""升级 Shengji level tracking (RULES §7): four players, teams of seats {0, 2} and {1, 3}.

Levels are kept as indexes 0..12 into LEVELS. A team that goes past A wins and ends the game.
"""

from core.check import get_bool, get_int, get_multiple_of, get_rules, get_seat, is_int, only_keys
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


def level_index(value, key="rules.start"):
    """A level given as "2".."A" (or a number 2..10) to its index."""
    text = str(value) if is_int(value) else value
    if not isinstance(text, str) or text not in LEVELS:
        raise RecordError(key, value, "must be a level 2 to 10, J, Q, K or A")
    return LEVELS.index(text)


def read_rules(record):
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


def public(state):
    """The state as the ledger prints it: {"levels": ["8", "2"], "dealer": 3}."""
    out = {"levels": [LEVELS[i] for i in state["levels"]], "dealer": state["dealer"]}
    if state["winner"] is not None:
        out["winner"] = state["winner"]
    return out
