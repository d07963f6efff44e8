"""The one-line breakdown of a scored hand, for the result screen and the ledger, in Chinese
and English. It only formats a result the scorers produced; it computes no score.

Example (classic, bid 3, bomb and rocket, spring):  3 × 2²(炸弹) × 2(春天) = 24；地主 +48
"""

from core.profiles import LEVELS

WORDS = {
    "zh": {
        "grab": "抢地主", "shown": "明牌", "bombs": "炸弹", "held": "未出炸弹",
        "spring": "春天", "anti": "反春", "reveal": "亮明", "landlord": "地主",
        "sep": "；", "cap": "封顶", "laizi": "¼(癞子)", "double": "加倍",
        "room": "房间", "fee": "台费", "escape": "逃跑", "penalty": "罚",
        "each": "每家", "times": " 倍",
        "normal": "皇帝第{}，侍卫第{}：侍卫 6−{} = {}", "emperor": "皇帝",
        "doubled": "×2(明保/造反)", "unit": "单位",
        "open_win": "明独保，皇帝头客", "open_lose": "明独保，皇帝未得头客",
        "hidden": "暗独保，皇帝第{}", "hidden_late": "暗独保，皇帝第3名以后",
        "revolt": "×2(造反)", "forfeit": "强退 −40，其余各 +10",
        "keep": "抓分 {} → 庄家方升 {} 级", "take": "抓分 {} → 抓分方上台，升 {} 级",
        "next": "下庄 {}", "won": "过A，胜",
    },
    "en": {
        "grab": "grab", "shown": "shown", "bombs": "bombs", "held": "held bombs",
        "spring": "spring", "anti": "anti-spring", "reveal": "reveal", "landlord": "landlord",
        "sep": "; ", "cap": "cap", "laizi": "¼(laizi)", "double": "doubles",
        "room": "room", "fee": "fee", "escape": "escape", "penalty": "penalty",
        "each": "each", "times": "",
        "normal": "emperor {}, guard {}: guard 6−{} = {}", "emperor": "emperor",
        "doubled": "×2(open/revolt)", "unit": "unit",
        "open_win": "open solo, emperor out first", "open_lose": "open solo, emperor not first",
        "hidden": "hidden solo, emperor place {}",
        "hidden_late": "hidden solo, emperor 3rd or later",
        "revolt": "×2(revolt)", "forfeit": "forfeit −40, others +10 each",
        "keep": "{} points → dealers up {}", "take": "{} points → attackers take the deal, up {}",
        "next": "next dealer {}", "won": "past A, wins",
    },
}

_SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def _power(count):
    if count == 1:
        return ""
    return "".join(_SUPERSCRIPT[int(d)] for d in str(count))


def _signed(value):
    return "+{}".format(value) if value > 0 else ("−{}".format(-value) if value < 0 else "0")


def _name(names, seat):
    return names[seat] if names else "#{}".format(seat)


def ddz_line(record, result, lang="zh", names=None):
    w = WORDS[lang]
    sep = w["sep"]
    base = result["base"]
    factors = ["{}{}({})".format(factor, _power(count), w[label])
               for label, factor, count in result["terms"]]
    if "penalty" in result:
        # The escape penalty compares M' (no base) with 10, then multiplies by the base.
        multiple = str(result["multiple"])
        if factors:
            multiple = " × ".join(factors) + " = " + multiple
        line = "{}: {} → {} {}{} × {} = {} {}".format(
            w["escape"], multiple, w["penalty"], result["penalty"], w["times"], base,
            base * result["penalty"], w["each"])
        escaper = record["escape"]
        return line + sep + "{} {}".format(_name(names, escaper),
                                           _signed(result["deltas"][escaper]))
    line = " × ".join([str(base)] + factors) + " = {}".format(base * result["multiple"])
    doubles = record.get("doubles")
    if doubles and any(d != 1 for d in doubles):
        line += sep + w["double"] + " " + " ".join(
            "{}×{}".format(_name(names, s), d) for s, d in enumerate(doubles) if d != 1)
    rules = record.get("rules", {})
    if result["capped"]:
        line += sep + "{} {}".format(w["cap"], rules["cap"])
    if record.get("profile") == "laizi":
        line += " × " + w["laizi"]
    if "fees" in result:
        line += " × {}({})".format(rules["beans"].get("n", 1), w["room"])
        if any(result["fees"]):
            line += sep + "{} {}".format(w["fee"], max(result["fees"]))
    landlord = record["landlord"]
    line += sep + "{} {}".format(w["landlord"], _signed(result["deltas"][landlord]))
    return line


def baohuang_line(record, result, lang="zh"):
    w = WORDS[lang]
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
    if result["unit"] != 1:
        line += " × {}({})".format(result["unit"], w["unit"])
    if kind != "forfeit":
        line += w["sep"] + "{} {}".format(w["emperor"],
                                          _signed(result["deltas"][record["emperor"]]))
    return line


def shengji_line(result, lang="zh", names=None):
    w = WORDS[lang]
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
    return shengji_line(result, lang, names)
