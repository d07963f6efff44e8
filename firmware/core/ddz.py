"""Dou Dizhu scoring (RULES §2, §3, §5, §4 through core.beans).

score(record) checks the record and returns a result dict:
  deltas    per-seat change, summing to 0 in points mode
  multiple  the common multiplier M (for an escape: M' with the held bombs)
  base      the bid or the table's base
  terms     [label, factor, count] that make up M, for the breakdown: label "grab",
            "shown", a bomb kind ("bomb", "rocket", "soft"…: one term per kind played,
            in the order first played), "bombs" (bomb_mode add: all of them), "held" (an
            escape's bombs still held), "spring", "anti", "reveal", "house" (the table's
            own factors for the hand: one term per factor, in the order first added)
  side      landlord-side seats;  won  True if the landlord side won
  pairs     [winner, loser, amount] per settled pair
  capped    True if the table cap cut any pair
  stakes    [landlord-side seat, farmer, stake] per pair: base × min(cap, M × d_L × d_F),
            before the laizi quarter and beans (not for an escape)
  quarters  laizi: [landlord-side seat, farmer, amount] per pair, the stake ÷ 4 rounded,
            before the hand limit
  laizi_limit  laizi, only when the hand limit cut a pair: the limit per pair
  penalty   the escape penalty multiple (escapes only)
  fees      beans taken as fee per seat (beans mode only)
  unit      rules.unit in hundredths (core.money): deltas and pairs are the points × unit,
            after everything above (cap, laizi, escape); stakes, quarters stay in points
  scale     1, or 100 when the unit has decimals: deltas and pairs are then hundredths
  gross, win_limited, pay_limited   beans mode only: see core.beans.settle
"""

from core.check import (
    REQUIRED,
    forbid,
    get_bool,
    get_choice,
    get_int,
    get_rules,
    get_seat,
    is_int,
    only_keys,
)
from core.errors import RecordError
from core.money import CENT, cents, scale_of
from core.money import factor as point_worth
from core.profiles import (
    DEALS,
    ESCAPE_FARMER,
    ESCAPE_LANDLORD,
    LAIZI_DIVISOR,
    LAIZI_HAND_LIMIT,
    PROFILE_NAMES,
    PROFILES,
)

# A set: every key of every hand scored (each press of a hand being entered scores it again)
# is looked up in it, one hash instead of a walk of 19 (on a Pico 0.08 ms of each score).
RECORD_KEYS = {"game", "profile", "players", "rules", "landlord", "partner", "bid", "grabs",
               "shown", "doubles", "revealed", "bombs", "spring", "winner", "escape", "held",
               "house", "bombers", "seating"}
RULE_KEYS = ("base", "cap", "bomb_mode", "spring_factor", "super_double", "beans", "factors",
             "unit")
SHOWN_FACTORS = (1, 2, 3, 4, 5)
MAX_GRABS = 3  # each of the three players may grab once (seed 000 §二)
# Upper bounds of the table's numbers (docs/rules.md, "Ranges"): far above what a table
# plays, low enough that no record makes the arithmetic slow or the numbers unprintable.
MAX_BASE = 10000
MAX_CAP = 1000000
MAX_FACTOR = 100  # a bomb kind's factor, the spring factor
MAX_HELD = 100  # bombs held at an escape: bounds the arithmetic; check_deal bounds the cards
MAX_HOUSE = 8  # house factors on one hand: more than any table's house rules add up to


def _factors(rules, kinds):
    factors = dict(kinds)
    override = rules.get("factors", {})
    if not isinstance(override, dict):
        raise RecordError("rules.factors", override, "must map bomb kinds to factors")
    for kind in override:
        if kind not in kinds:
            raise RecordError("rules.factors", kind,
                              "not a bomb of this profile: " + ", ".join(sorted(kinds)))
        factors[kind] = get_int(override, kind, 1, MAX_FACTOR, REQUIRED, "rules.factors.")
    return factors


def _doubles(record, players, super_double):
    if "doubles" not in record:
        return [1] * players
    doubles = record["doubles"]
    allowed = (1, 2, 4) if super_double else (1, 2)
    if (not isinstance(doubles, list) or len(doubles) != players
            or not all(is_int(d) and d in allowed for d in doubles)):
        why = "must list {} doubles, each {}".format(players, " or ".join(map(str, allowed)))
        if not super_double and isinstance(doubles, list) and 4 in doubles:
            why = "超级加倍 (4) is not allowed at this table (rules.super_double)"
        raise RecordError("doubles", doubles, why)
    return doubles


def _bombs(record, factors):
    bombs = record.get("bombs", [])
    if not isinstance(bombs, list):
        raise RecordError("bombs", bombs, "must be a list of bomb kinds")
    for kind in bombs:
        if not isinstance(kind, str) or kind not in factors:
            raise RecordError("bombs", kind,
                              "not a bomb of this profile: " + ", ".join(sorted(factors)))
    return bombs


def _bombers(record, bombs, players):
    """Who played each bomb, a seat per entry of `bombs` in its order; absent: not recorded.
    It never changes the score, only the statistics read it."""
    if "bombers" in record:
        seats = record["bombers"]
        if (not isinstance(seats, list) or len(seats) != len(bombs)
                or not all(is_int(s) and 0 <= s < players for s in seats)):
            raise RecordError("bombers", seats, "must list {} seats 0 to {}, one per bomb".format(
                len(bombs), players - 1))


def check_deal(profile, bombs, held=0):
    """Refuse bombs that the cards of one deal cannot make, such as two rockets from one
    deck (core/profiles.py DEALS), and more bombs held at an escape than the rest could be."""
    most, pools = DEALS[profile]
    for size, takes, cards in ((most, None, "bombs"),) + pools:
        need = len(bombs) if takes is None else sum(takes.get(kind, 0) for kind in bombs)
        if need > size:
            raise RecordError("bombs", bombs, "more than one deal holds: {} {} of {}".format(
                need, cards, size))
    if held > most - len(bombs):
        raise RecordError("held", held, "must be 0 to {}: a deal holds {} bombs at most and "
                                        "{} were played".format(most - len(bombs), most,
                                                                len(bombs)))


def _house(record):
    """The table's own factors for this hand (a house rule such as 底牌同花 ×2), each 2 to
    MAX_FACTOR, as terms ["house", factor, count] in the order first added."""
    if "house" not in record:
        return []  # most hands: none, without the checks' generator (~0.3 ms on a Pico)
    house = record["house"]
    if (not isinstance(house, list) or len(house) > MAX_HOUSE
            or not all(is_int(f) and 2 <= f <= MAX_FACTOR for f in house)):
        raise RecordError("house", house, "must list at most {} factors, each 2 to {}".format(
            MAX_HOUSE, MAX_FACTOR))
    counts = {}
    for factor in house:
        counts[factor] = counts.get(factor, 0) + 1
    terms = []
    for factor in house:
        if factor in counts:
            terms.append(["house", factor, counts.pop(factor)])
    return terms


def _bomb_terms(bombs, factors, held, add_mode):
    """Terms for played bombs (and, for an escape, the bombs still held)."""
    if add_mode:
        counted = held + len([k for k in bombs if factors[k] > 1])
        return [["bombs", 1 + counted, 1]] if counted else []
    # One term per kind, so that the breakdown names it: 2(炸弹) × 2(王炸), not 2²; in the
    # order first played, each counted in place.
    terms = []
    by_kind = {}
    for kind in bombs:
        factor = factors[kind]
        if factor > 1:
            if kind in by_kind:
                by_kind[kind][2] += 1
            else:
                term = by_kind[kind] = [kind, factor, 1]
                terms.append(term)
    if held:
        terms.append(["held", 2, held])
    return terms


def read_rules(rules, profile, players, balances_required=True):
    """Check a table's or a record's `rules` for `profile`; return (base, cap, add_mode,
    spring_factor, super_double, factors, beans options or None, unit in hundredths)."""
    kinds = PROFILES[profile][3]
    if PROFILES[profile][1]:
        forbid(rules, ("base",), "the bid is the base in " + profile, "rules.")
    base = get_int(rules, "base", 1, MAX_BASE, 1, "rules.")
    cap = get_int(rules, "cap", 1, MAX_CAP, None, "rules.")
    add_mode = get_choice(rules, "bomb_mode", ("double", "add"), "double", "rules.") == "add"
    spring_factor = get_int(rules, "spring_factor", 1, MAX_FACTOR, 2, "rules.")
    super_double = get_bool(rules, "super_double", False, "rules.")
    factors = _factors(rules, kinds)
    bean_options = None
    if "beans" in rules:
        from core import beans  # beans mode only: a classic table never loads it

        bean_options = beans.read_options(rules["beans"], players, balances_required)
    unit = cents(rules)
    if bean_options is not None and unit != CENT:
        # Beans are the stake already: a price per bean would be a second currency.
        raise RecordError("rules.unit", rules["unit"], "beans mode has no unit: the beans "
                          "are the stake")
    return base, cap, add_mode, spring_factor, super_double, factors, bean_options, unit


def score(record, read: "tuple | None" = None):
    """read: what read_rules gives for the record's rules, its profile and players, where
    the caller read them already (a table, the rules of its own next hand: core/table.py);
    the record's profile and players are checked all the same."""
    only_keys(record, RECORD_KEYS)
    profile = get_choice(record, "profile", PROFILE_NAMES)
    seats, by_bid, grabbing, _kinds = PROFILES[profile]
    players = get_int(record, "players", seats, seats)
    rules = get_rules(record, RULE_KEYS)
    five = profile == "five"
    options = read_rules(rules, profile, players) if read is None else read
    cap, add_mode, spring_factor, super_double, factors = options[1:6]

    if by_bid:
        base = get_int(record, "bid", 1, 3)
    else:
        forbid(record, ("bid",), profile + " has no bidding")
        base = options[0]
    if not grabbing:
        forbid(record, ("grabs",), profile + " has no 抢地主")
    if not five:
        forbid(record, ("partner", "revealed"), "only the five-player profile has it")

    landlord = get_seat(record, "landlord", players)
    partner = get_seat(record, "partner", players) if five else landlord
    side = [landlord] if partner == landlord else [landlord, partner]
    farmers = [s for s in range(players) if s not in side]
    grabs = get_int(record, "grabs", 0, MAX_GRABS, 0)
    shown = get_int(record, "shown", 1, 5, 1)
    revealed = get_bool(record, "revealed")
    doubles = _doubles(record, players, super_double)
    bombs = _bombs(record, factors)
    _bombers(record, bombs, players)

    escape = get_seat(record, "escape", players, None)
    if escape is None:
        held = 0
        forbid(record, ("held",), "only an escape records bombs still held")
        winner = get_choice(record, "winner", ("landlord", "farmers"))
        spring = get_choice(record, "spring", ("spring", "anti"), None)
        if spring == "spring" and winner != "landlord":
            raise RecordError("spring", spring, "a spring is won by the landlord")
        if spring == "anti" and winner != "farmers":
            raise RecordError("spring", spring, "an anti-spring is won by the farmers")
    else:
        forbid(record, ("winner", "spring"), "an escape ends the hand without a winner")
        # Without `held`, no bomb was still held (a record written before the count, or by
        # a tool that leaves zeros out).
        held = get_int(record, "held", 0, MAX_HELD, 0)
        winner = spring = None

    terms = []
    if grabs:
        terms.append(["grab", 2, grabs])
    if shown > 1:
        terms.append(["shown", shown, 1])
    terms.extend(_bomb_terms(bombs, factors, held, add_mode))
    if spring and spring_factor > 1:
        terms.append([spring, spring_factor, 1])
    if revealed:
        terms.append(["reveal", 2, 1])
    # The house's factors are the hand's like any other: in M, under the cap, and in an
    # escape's M' (docs/rules.md, house factors).
    terms.extend(_house(record))
    multiple = 1
    for _label, factor, count in terms:
        multiple *= factor ** count

    result = {"multiple": multiple, "base": base, "terms": terms, "side": side,
              "capped": False}
    if escape is None:
        won = winner == "landlord"
        pairs = _stakes(base, multiple, cap, doubles, side, farmers, won,
                        profile == "laizi", result)
    else:
        won = escape not in side
        pairs = _penalties(base, multiple, escape, side, farmers, result)
    result["won"] = won

    if options[6] is not None:
        n, fee, balances, win_cap = options[6]
        from core import beans

        pairs, deltas, fees, report = beans.settle(pairs, balances, n, fee, win_cap)
        result["fees"] = fees
        for key in report:
            result[key] = report[key]
    else:
        deltas = [0] * players
        for gainer, payer, amount in pairs:
            deltas[gainer] += amount
            deltas[payer] -= amount
    unit = options[7]
    scale = scale_of(unit)
    if unit != CENT:
        # The unit prices the points once everything else is done: after the cap, laizi's
        # quarter and an escape's penalty (docs/rules.md, money per point).
        worth = point_worth(unit, scale)
        pairs = [[a, b, amount * worth] for a, b, amount in pairs]
        deltas = [d * worth for d in deltas]
    result["unit"] = unit
    result["scale"] = scale
    result["pairs"] = pairs
    result["deltas"] = deltas
    return result


def _stakes(base, multiple, cap, doubles, side, farmers, won, laizi, result):
    pairs = []
    stakes = result["stakes"] = []
    quarters = []
    if laizi:
        result["quarters"] = quarters
    # laizi: a player's hand result is limited to 10000; split evenly over the landlord's
    # pairs it stays zero-sum (RULES §3, decided).
    pair_limit = LAIZI_HAND_LIMIT // len(farmers)
    for lord in side:
        for farmer in farmers:
            pair_multiple = multiple * doubles[lord] * doubles[farmer]
            if cap is not None and pair_multiple > cap:
                pair_multiple = cap
                result["capped"] = True
            stake = base * pair_multiple
            stakes.append([lord, farmer, stake])
            if laizi:
                stake = (stake + LAIZI_DIVISOR // 2) // LAIZI_DIVISOR
                quarters.append([lord, farmer, stake])
                if stake > pair_limit:
                    stake = pair_limit
                    result["laizi_limit"] = pair_limit
            pairs.append([lord, farmer, stake] if won else [farmer, lord, stake])
    return pairs


def _penalties(base, multiple, escape, side, farmers, result):
    threshold, flat, factor = ESCAPE_LANDLORD if escape in side else ESCAPE_FARMER
    penalty = flat if multiple < threshold else factor * multiple
    result["penalty"] = penalty
    others = farmers if escape in side else side
    return [[other, escape, base * penalty] for other in others]


def check_cards(record):
    """A scored record (its keys already checked) against what one deal's cards allow. Only
    hands being entered are held to it: a hand already in a journal was confirmed at the
    table, and stays readable whatever later firmware thinks of it."""
    check_deal(record["profile"], record.get("bombs", []), record.get("held", 0))
