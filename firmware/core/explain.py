"""The one-line breakdown of a scored hand, for the result screen and the ledger, in Chinese
and English. It only formats a result the scorers produced; it computes no score.

The line is parts joined by "；" ("; " in English): the screens show each part on its own
line (wrapped at spaces). A Dou Dizhu line is the steps of the stakes, each with its result,
then the landlord's change: base × each factor of M (each bomb kind named) = base × M; who
doubled, then each pair's stake when they differ (by farmer; with two landlord-side seats, by
landlord: "甲：乙 8，丁 16"); the cap; laizi's ÷4 and its limit; beans' room factor, the
balances that limited a pair, the fee. Examples (names 甲乙丙, or P1 P2 P3):

  classic, bid 3, a bomb and a rocket, spring
    3 × 2(炸弹) × 2(王炸) × 2(春天) = 24；地主 +48
  two bombs
    3 × 2²(bomb) = 12; landlord +24
  乙 doubled: each pair's stake
    3 × 2(炸弹) = 6；加倍 乙×2；乙 12，丙 6；地主 +18
  five, 甲 and 丙 against three, 甲 and 丁 doubled
    1 × 2(五张炸) = 2；加倍 甲×2 丁×2；甲：乙 4，丁 8，戊 4；丙：乙 2，丁 4，戊 2；地主 +16
  laizi, base 3: the quarter is a step with its result
    3 × 4(王炸) × 4(硬炸) = 48；÷4(癞子) = 12；地主 +24
  laizi, at the hand limit (10000, 5000 a pair)
    1000 × 2³(抢地主) × 4(硬炸) = 32000；÷4(癞子) = 8000；上限 5000；地主 +10000
  laizi, a double and the cap
    1 × 2²(grab) × 4(rocket) × 2(soft bomb) = 32; doubles P1×2; cap 16× = 16;
    ÷4(laizi) = 4; landlord −8
  beans, room 1000, fee 50
    3 × 2(炸弹) = 6；× 1000(房间) = 6000；台费 50；地主 +11950
  beans, a farmer who could not pay it all
    3 × 2(bomb) = 6; × 100(room) = 600; P2 paid only the balance, 300; landlord +900
  beans, a winner takes at most its own balance
    3 × 2²(炸弹) = 12；× 100(房间) = 1200；甲 余额封顶，得 500；地主 +500
  escape
    逃跑: 2(炸弹) × 2²(未出炸弹) = 8 → 罚 10 倍 × 2 = 20 每家；乙 −20
  a unit of 0.5 a point (rules.unit): the last factor, the change in money
    3 × 2(bomb) × 2(spring) = 12; × 0.5(unit); landlord +12.00
"""

from core.money import CENT, text, unit_text
from core.profiles import LAIZI_DIVISOR, LEVELS

_WORDS = {}  # language: its words, each loaded at its first breakdown


def words(lang):
    """core/explain_zh.py's or core/explain_en.py's WORDS (anything but "en" is Chinese),
    loaded at the first breakdown in that language: a board, whose table has one language,
    holds that one's; a host tool that writes both loads the other when it first asks."""
    lang = "en" if lang == "en" else "zh"
    got = _WORDS.get(lang)
    if got is None:
        if lang == "en":
            from core.explain_en import WORDS as got
        else:
            from core.explain_zh import WORDS as got
        _WORDS[lang] = got
    return got


_SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def _power(count):
    if count == 1:
        return ""
    return "".join(_SUPERSCRIPT[int(d)] for d in str(count))


def _signed(value, result=None):
    # The result's scale: hundredths where the unit has decimals, shown as 1.50.
    return text(value, 1 if result is None else result.get("scale", 1), "+", "−")


def _unit(result, w):
    """The unit as the last factor, "× 0.5(单位)", or None at 1."""
    unit = result.get("unit", CENT)
    return None if unit == CENT else " × {}({})".format(unit_text(unit), w["unit"])


def _name(names, seat):
    return names[seat] if names else "#{}".format(seat)


def _step(head, pairs, side, names, w):
    """The parts of a step that made the pairs' amounts: ["加倍 甲×2 = 12"] when every pair
    has the same, else the head and then each pair's, ["加倍 乙×2", "乙 12，丙 6"]; with two
    landlord-side seats (five), one part for each: "甲：乙 8，丁 16，戊 8"."""
    first = pairs[0][2]
    if all(amount == first for _a, _b, amount in pairs):
        return [head + " = {}".format(first)]
    parts = [head]
    by_lord = {}
    for a, b, amount in pairs:
        if b in side:
            a, b = b, a
        by_lord.setdefault(a, []).append("{} {}".format(_name(names, b), amount))
    for lord in side:
        listed = w["comma"].join(by_lord[lord])
        parts.append(listed if len(side) == 1 else _name(names, lord) + w["colon"] + listed)
    return parts


def _beans_parts(record, result, names, w):
    """Beans mode: the room factor with its result, the balances that limited a pair, the
    fee (core.beans.settle reported them)."""
    if "fees" not in result:
        return []
    parts = []
    n = record["rules"]["beans"].get("n", 1)
    if n != 1:
        parts.extend(_step(w["room"].format(n), result["gross"], result["side"], names, w))
    for key in ("win_limited", "pay_limited"):
        for seat, total in result[key]:
            parts.append(w[key].format(_name(names, seat), total))
    if any(result["fees"]):
        parts.append("{} {}".format(w["fee"], max(result["fees"])))
    return parts


def ddz_factors(result, lang="zh"):
    """Every factor of a Dou Dizhu hand's multiple M, as the breakdown names them: "2²(抢地主)",
    "4(明牌)", "2³(炸弹)" (the play screen shows them as the hand goes)."""
    w = words(lang)
    return ["{}{}({})".format(factor, _power(count), w[label])
            for label, factor, count in result["terms"]]


def ddz_line(record, result, lang="zh", names=None):
    w = words(lang)
    base = result["base"]
    side = result["side"]
    factors = ddz_factors(result, lang)
    if "penalty" in result:
        # The escape penalty compares M' (no base) with 10, then multiplies by the base.
        multiple = str(result["multiple"])
        if factors:
            multiple = " × ".join(factors) + " = " + multiple
        parts = ["{}: {} → {} {}{} × {} = {} {}".format(
            w["escape"], multiple, w["penalty"], result["penalty"], w["times"], base,
            base * result["penalty"], w["each"])]
        parts.extend(_beans_parts(record, result, names, w))
        unit = _unit(result, w)
        if unit:
            parts.append(unit.lstrip())
        escaper = record["escape"]
        parts.append("{} {}".format(_name(names, escaper),
                                    _signed(result["deltas"][escaper], result)))
        return w["sep"].join(parts)
    parts = [" × ".join([str(base)] + factors) + " = {}".format(base * result["multiple"])]
    doubles = record.get("doubles")
    if doubles and any(d != 1 for d in doubles):
        parts.append(w["double"] + " " + " ".join(
            "{}×{}".format(_name(names, s), d) for s, d in enumerate(doubles) if d != 1))
    if result["capped"]:
        parts.append(w["cap"].format(record["rules"]["cap"]))
    if len(parts) > 1:
        # Doubles or the cap made the stakes: they close the step that made them.
        parts.extend(_step(parts.pop(), result["stakes"], side, names, w))
    if "quarters" in result:
        parts.extend(_step(w["laizi"].format(LAIZI_DIVISOR), result["quarters"], side, names,
                           w))
        if "laizi_limit" in result:
            parts.append(w["limit"].format(result["laizi_limit"]))
    parts.extend(_beans_parts(record, result, names, w))
    unit = _unit(result, w)
    if unit:  # the points priced, after every other step: never in beans mode
        parts.append(unit.lstrip())
    landlord = record["landlord"]
    parts.append("{} {}".format(w["landlord"], _signed(result["deltas"][landlord], result)))
    return w["sep"].join(parts)


def baohuang_line(record, result, lang="zh"):
    w = words(lang)
    kind = result["kind"]
    if kind == "forfeit":
        line = w["forfeit"]
    elif kind == "normal":
        e, g = result["places"]
        line = w["normal"].format(e, g, e + g, 6 - (e + g))
        if result["doubled"]:
            line += " " + w["doubled"]
    elif kind == "open_solo":
        line = w["open_win"] if result["places"][0] == 1 else w["open_lose"]
    else:
        place = result["places"][0]
        line = w["hidden"].format(place) if place in (1, 2) else w["hidden_late"]
        if result["doubled"]:
            line += " " + w["revolt"]
    unit = _unit(result, w)
    if unit:
        line += unit
    if kind != "forfeit":
        line += w["sep"] + "{} {}".format(w["emperor"],
                                          _signed(result["deltas"][record["emperor"]], result))
    return line


def shengji_line(result, lang="zh", names=None):
    w = words(lang)
    template = w["take"] if result["took_over"] else w["keep"]
    line = template.format(result["points"], result["gained"])
    levels = "{} : {}".format(LEVELS[result["levels"][0]], LEVELS[result["levels"][1]])
    line += w["sep"] + levels
    if result["winner"] is not None:
        return line + w["sep"] + w["won"]
    return line + w["sep"] + w["next"].format(_name(names, result["dealer"]))


def breakdown(record, result, lang="zh", names=None):
    game = record.get("game")
    if game == "ddz":
        return ddz_line(record, result, lang, names)
    if game == "baohuang":
        return baohuang_line(record, result, lang)
    if game == "free":  # the points are the changes, shown beside it: only the unit to say
        w = words(lang)
        return w["free"] + (_unit(result, w) or "")
    return shengji_line(result, lang, names)
