"""The one-line breakdown shown on the result screen and printed by the ledger."""

from core.explain import breakdown
from core.score import score_hand


def line(record, lang="zh", names=None):
    return breakdown(record, score_hand(record), lang, names)


def test_the_rule_book_example_reads_as_the_rule_book_writes_it():
    record = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
              "bombs": ["bomb", "rocket"], "spring": "spring", "winner": "landlord"}
    assert line(record) == "3 × 2²(炸弹) × 2(春天) = 24；地主 +48"
    assert line(record, "en") == "3 × 2²(bombs) × 2(spring) = 24; landlord +48"


def test_doubles_cap_and_laizi_quarter_are_all_shown():
    record = {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 1, "grabs": 2,
              "doubles": [2, 1, 1], "bombs": ["rocket", "soft"], "winner": "farmers",
              "rules": {"cap": 16}}
    assert line(record, names=["甲", "乙", "丙"]) == (
        "1 × 2²(抢地主) × 4(炸弹) × 2(炸弹) = 32；加倍 甲×2；封顶 16 × ¼(癞子)；地主 −8")


def test_an_escape_shows_the_multiple_the_penalty_and_who_paid():
    record = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 2,
              "bombs": ["bomb"], "escape": 1, "held": 2}
    assert line(record, names=["甲", "乙", "丙"]) == (
        "逃跑: 2(炸弹) × 2²(未出炸弹) = 8 → 罚 10 倍 × 2 = 20 每家；乙 −20")


def test_baohuang_and_shengji_lines():
    normal = {"game": "baohuang", "players": 5, "emperor": 0, "guard": 3,
              "order": [0, 3, 1, 2], "open": True}
    assert line(normal) == "皇帝第1，侍卫第2：侍卫 6−3 = 3 ×2(明保/造反)；皇帝 +12"
    solo = {"game": "baohuang", "players": 5, "emperor": 2, "guard": 2, "solo": "open",
            "order": [2]}
    assert line(solo, "en") == "open solo, emperor out first; emperor +24"
    hand = {"game": "shengji", "players": 4, "dealer": 0, "points": 125}
    assert line(hand, names=["甲", "乙", "丙", "丁"]) == (
        "抓分 125 → 抓分方上台，升 1 级；2 : 3；下庄 乙")
