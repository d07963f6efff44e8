"""Money per point: the table's `rules.unit` read exactly, and amounts written for people.

A unit is a whole number 1 to 10000 or a decimal with at most two places, 0.01 to 10000.
Amounts are never floats: a board's MicroPython has single-precision floats, which cannot
hold 0.29 or a total of a few thousand to the cent. So a unit is read into whole hundredths
("cents": 0.5 -> 50, 3 -> 300) and every amount of a table whose unit has decimals is a whole
number of hundredths (its scale, 100); a table with a whole unit counts whole points as it
always did (scale 1), so nothing about it changes.
"""

from core.errors import RecordError

MAX_UNIT = 10000  # docs/rules.md, "Ranges": as rules.base
CENT = 100


def _float_step():
    """The gap between 1.0 and the next float: 2 ** -23 on a board whose MicroPython has
    single-precision floats (rp2), 2 ** -52 with double precision (CPython, the VM)."""
    step = 1.0
    while 1.0 + step / 2 != 1.0:
        step /= 2
    return step


# How far from a whole number of cents a parsed decimal may fall and still be one, relative
# to the amount: a few steps of the float that holds it. Single precision holds 7 significant
# digits, so 0.29 arrives as 0.28999999 and times 100 as 28.999998; with double precision a
# third decimal is always seen (9999.999, 0.5000001 are refused), with single precision one
# finer than the float can hold goes unseen, as it must.
_SLACK = 8 * _float_step()


def cents(rules, key="unit", prefix="rules."):
    """`rules[key]` (default 1) in hundredths, or RecordError naming it."""
    if key not in rules:
        return CENT
    value = rules[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RecordError(prefix + key, value, "must be a number 0.01 to {}".format(MAX_UNIT))
    if isinstance(value, int):
        if not 1 <= value <= MAX_UNIT:
            raise RecordError(prefix + key, value, "must be 1 to {}, or a decimal 0.01 to "
                              "{}".format(MAX_UNIT, MAX_UNIT))
        return value * CENT
    # NaN fails every comparison, and so the range check.
    if not 0.01 - _SLACK <= value <= MAX_UNIT + _SLACK:
        raise RecordError(prefix + key, value, "must be 0.01 to {}".format(MAX_UNIT))
    scaled = value * CENT
    whole = int(scaled + 0.5)
    if abs(scaled - whole) > _SLACK * scaled:
        raise RecordError(prefix + key, value, "at most two decimal places")
    if not 1 <= whole <= MAX_UNIT * CENT:
        raise RecordError(prefix + key, value, "must be 0.01 to {}".format(MAX_UNIT))
    return whole


def scale_of(unit_cents):
    """1 for a whole unit (amounts are points × unit), 100 for one with decimals (amounts
    are hundredths)."""
    return 1 if unit_cents % CENT == 0 else CENT


def factor(unit_cents, scale):
    """What a point is worth in amounts of `scale`: the unit 3 is 3 at scale 1 and 300 at
    scale 100; 0.5 is 50 at scale 100 (and no whole number at scale 1)."""
    return unit_cents // CENT if scale == 1 else unit_cents


def text(amount, scale=1, plus="", minus="-"):
    """An amount for people: "12" at scale 1; at scale 100 always two decimals, "12.00",
    "-0.25", so that columns line up and it reads as money. `plus` and `minus` are the
    signs (the screens' "+" and "−")."""
    sign = minus if amount < 0 else (plus if amount > 0 else "")
    amount = -amount if amount < 0 else amount
    if scale == 1:
        return sign + str(amount)
    return "{}{}.{:02d}".format(sign, amount // CENT, amount % CENT)


def unit_text(unit_cents):
    """The unit itself as written in the rules: "0.5", "0.05", "2", "2.5"."""
    whole, part = unit_cents // CENT, unit_cents % CENT
    if not part:
        return str(whole)
    digits = "{:02d}".format(part)
    return "{}.{}".format(whole, digits[0] if digits[1] == "0" else digits)
