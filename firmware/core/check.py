"""Field checks shared by every game's record validation.

The return annotations say what a present, valid key gives; a getter called with a default
of None returns None when the key is absent, and its caller tests for that.

Each getter reads one key of a record (or of its `rules`), checks it and returns it, or raises
RecordError naming the key. `prefix` is prepended to the key in messages ("rules.").
"""

from core.errors import MISSING, RecordError

try:
    from typing import Any  # for the type checker only: MicroPython has no typing module
except ImportError:
    pass

# Default meaning "the key must be present". Typed Any so that a getter's default stays
# whatever its caller passed (None, a number) in the type checker's eyes.
REQUIRED: "Any" = object()


def is_int(value):
    # JSON true/false arrive as bool, which is an int subclass on both Pythons: refuse them.
    return isinstance(value, int) and not isinstance(value, bool)


def only_keys(obj, allowed, prefix=""):
    for key in obj:
        if key not in allowed:
            raise RecordError(prefix + key, obj[key], "unknown key")


def forbid(obj, keys, why, prefix=""):
    for key in keys:
        if key in obj:
            raise RecordError(prefix + key, obj[key], why)


def _absent(key, default, prefix):
    if default is REQUIRED:
        raise RecordError(prefix + key, MISSING, "required")
    return default


def get_int(obj, key, lo, hi, default=REQUIRED, prefix="") -> int:
    # Every whole number has an upper bound (docs/rules.md, "Ranges"): without one a record
    # could ask for 2 ** (10 ** 400) and hang the scorer.
    if key not in obj:
        return _absent(key, default, prefix)
    value = obj[key]
    if not is_int(value):
        raise RecordError(prefix + key, value, "must be a whole number")
    if not lo <= value <= hi:
        if hi == lo:
            raise RecordError(prefix + key, value, "must be {}".format(lo))
        raise RecordError(prefix + key, value, "must be {} to {}".format(lo, hi))
    return value


def get_seat(obj, key, players, default=REQUIRED) -> int:
    if key not in obj:
        return _absent(key, default, "")
    value = obj[key]
    if not is_int(value) or not 0 <= value < players:
        raise RecordError(key, value, "must be a seat 0 to {}".format(players - 1))
    return value


def get_bool(obj, key, default=False, prefix="") -> bool:
    if key not in obj:
        return default
    value = obj[key]
    if value is not True and value is not False:
        raise RecordError(prefix + key, value, "must be true or false")
    return value


def get_choice(obj, key, choices, default=REQUIRED, prefix="") -> str:
    if key not in obj:
        return _absent(key, default, prefix)
    value = obj[key]
    if not isinstance(value, str) or value not in choices:
        raise RecordError(prefix + key, value, "must be one of " + ", ".join(choices))
    return value


def get_multiple_of(obj, key, step, lo, hi, default=REQUIRED, prefix="") -> int:
    value = get_int(obj, key, lo, hi, default, prefix)
    if value % step:
        raise RecordError(prefix + key, value, "must be a multiple of {}".format(step))
    return value


def get_rules(record, allowed) -> dict:
    rules = record.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError("rules", rules, "must be an object")
    only_keys(rules, allowed, "rules.")
    return rules


def get_seat_list(obj, key, players, length=None, distinct=False) -> list:
    value = obj[key]
    if not isinstance(value, list):
        raise RecordError(key, value, "must be a list of seats")
    if length is not None and len(value) != length:
        raise RecordError(key, value, "must list {} seats".format(length))
    for seat in value:
        if not is_int(seat) or not 0 <= seat < players:
            raise RecordError(key, value, "{} is not a seat 0 to {}".format(seat, players - 1))
    if distinct and len(set(value)) != len(value):
        raise RecordError(key, value, "a seat is listed twice")
    return value
