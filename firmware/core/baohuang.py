"""保皇 Bao Huang scoring (RULES §6), five players.

score(record) returns {"deltas", "kind", "places", "doubled", "unit", "scale"}; kind is
"normal", "open_solo", "hidden_solo" or "forfeit", for the breakdown. "unit" is rules.unit in
hundredths (core.money); the deltas are the points × unit, in hundredths when "scale" is 100
(a unit with decimals), else whole.
"""

from core.check import forbid, get_bool, get_choice, get_int, get_seat, get_seat_list, only_keys
from core.errors import RecordError
from core.money import cents, factor, scale_of

PLAYERS = 5
RECORD_KEYS = ("game", "players", "rules", "emperor", "guard", "order", "open", "revolt",
               "solo", "forfeit", "seating")
RULE_KEYS = ("unit",)
FORFEIT_LOSS = 40   # the player who quits
FORFEIT_GAIN = 10   # each of the other four (decided, keeps the hand zero-sum)
OPEN_SOLO = 24      # 明独保: emperor against each of four at 6
HIDDEN_SOLO = 12    # 暗独保: emperor against each of four at 3


def _place(order, seat):
    """1-based finishing place, or None if the order does not tell. An order of four
    leaves the fifth place implied."""
    if seat in order:
        return order.index(seat) + 1
    if len(order) == PLAYERS - 1:
        return PLAYERS
    return None


def _everyone(emperor, emperor_amount, unit):
    each = -emperor_amount // (PLAYERS - 1)
    return [(emperor_amount if s == emperor else each) * unit for s in range(PLAYERS)]


def read_rules(rules):
    """Check a table's or a record's `rules`; return the unit in hundredths."""
    if not isinstance(rules, dict):
        raise RecordError("rules", rules, "must be an object")
    only_keys(rules, RULE_KEYS, "rules.")
    return cents(rules)


def score(record):
    only_keys(record, RECORD_KEYS)
    get_int(record, "players", PLAYERS, PLAYERS)
    unit = read_rules(record.get("rules", {}))
    scale = scale_of(unit)
    result = _score(record, factor(unit, scale))
    result["unit"] = unit
    result["scale"] = scale
    return result


def _score(record, unit):
    # `unit` here is what a point is worth in the result's scale (core.money.factor).

    forfeit = get_seat(record, "forfeit", PLAYERS, None)
    if forfeit is not None:
        forbid(record, ("order", "open", "revolt", "solo"), "a forfeit ends the hand early")
        get_seat(record, "emperor", PLAYERS, None)
        get_seat(record, "guard", PLAYERS, None)
        deltas = [(-FORFEIT_LOSS if s == forfeit else FORFEIT_GAIN) * unit
                  for s in range(PLAYERS)]
        return {"deltas": deltas, "kind": "forfeit", "places": None, "doubled": False,
                "forfeit": forfeit}

    emperor = get_seat(record, "emperor", PLAYERS)
    guard = get_seat(record, "guard", PLAYERS)
    if "order" not in record:
        get_seat(record, "order", PLAYERS)  # raises "required"
    order = get_seat_list(record, "order", PLAYERS, distinct=True)
    if not order:
        raise RecordError("order", order, "must list at least the first finisher")
    opened = get_bool(record, "open")
    revolt = get_bool(record, "revolt")

    if emperor != guard:
        forbid(record, ("solo",), "only an emperor playing alone (emperor = guard) has it")
        e, g = _place(order, emperor), _place(order, guard)
        if e is None or g is None:
            raise RecordError("order", order, "must tell both the emperor's and the guard's "
                              "places")
        guard_amount = 6 - (e + g)
        if revolt and guard_amount >= 0:
            raise RecordError("revolt", revolt, "the rebels did not win this hand")
        doubled = opened or revolt
        times = unit * (2 if doubled else 1)
        deltas = [-guard_amount * times] * PLAYERS
        deltas[emperor] = 2 * guard_amount * times
        deltas[guard] = guard_amount * times
        return {"deltas": deltas, "kind": "normal", "places": [e, g], "doubled": doubled}

    solo = get_choice(record, "solo", ("open", "hidden"))
    if opened:
        raise RecordError("open", opened, "an emperor playing alone has no guard to show")
    if solo == "open":
        if revolt:
            raise RecordError("revolt", revolt, "a declared 明独保 has nothing to expose")
        first = order[0] == emperor
        return {"deltas": _everyone(emperor, OPEN_SOLO if first else -OPEN_SOLO, unit),
                "kind": "open_solo", "places": [1 if first else None], "doubled": False}
    place = _place(order, emperor)
    if place is None and len(order) < 2:
        raise RecordError("order", order, "must tell whether the emperor finished first, "
                          "second or later")
    if place is None or place >= 3:
        amount = -HIDDEN_SOLO * (2 if revolt else 1)
    else:
        if revolt:
            raise RecordError("revolt", revolt, "the rebels did not win this hand")
        amount = HIDDEN_SOLO if place == 1 else 0
    return {"deltas": _everyone(emperor, amount, unit), "kind": "hidden_solo",
            "places": [place], "doubled": revolt}
