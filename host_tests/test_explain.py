"""The one-line breakdown shown on the result screen and printed by the ledger."""

from core.explain import breakdown
from core.score import score_hand


def line(record, lang="zh", names=None):
    return breakdown(record, score_hand(record), lang, names)


NAMES = ["甲", "乙", "丙", "丁", "戊"]
EN_NAMES = ["P1", "P2", "P3", "P4", "P5"]
CLASSIC = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3}
LAIZI = {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 0}


def hand(base, **keys):
    record = dict(base, **keys)
    record.setdefault("winner", "landlord")
    return record


def beans(n, balances, fee=0):
    return {"beans": {"n": n, "fee": fee, "balances": balances}}


def test_the_rule_book_example_reads_as_the_rule_book_writes_it():
    record = hand(CLASSIC, bombs=["bomb", "rocket"], spring="spring")
    assert line(record) == "3 × 2(炸弹) × 2(王炸) × 2(春天) = 24；地主 +48"
    assert line(record, "en") == "3 × 2(bomb) × 2(rocket) × 2(spring) = 24; landlord +48"


def test_each_bomb_kind_is_named_with_the_words_the_screens_use():
    record = hand(CLASSIC, bombs=["bomb", "rocket"])
    assert line(record) == "3 × 2(炸弹) × 2(王炸) = 12；地主 +24"
    assert line(record, "en") == "3 × 2(bomb) × 2(rocket) = 12; landlord +24"
    result = score_hand(record)
    assert result["terms"] == [["bomb", 2, 1], ["rocket", 2, 1]] and result["multiple"] == 4
    assert line(hand(CLASSIC, bombs=["bomb", "bomb"])) == "3 × 2²(炸弹) = 12；地主 +24"
    # A kind is one term however often and wherever it was played, in the order first played.
    assert line(hand(CLASSIC, bombs=["rocket", "bomb", "bomb"]), "en") == (
        "3 × 2(rocket) × 2²(bomb) = 24; landlord +48")
    assert line(hand(LAIZI, bombs=["soft", "hard"])).startswith("1 × 2(软炸) × 4(硬炸) = 8；")
    assert line(hand(LAIZI, bombs=["pure"]), "en").startswith("1 × 4(pure laizi bomb) = 4; ")
    four = {"game": "ddz", "profile": "four", "players": 4, "landlord": 0, "bid": 1}
    assert line(hand(four, bombs=["b7", "j4", "b7"])) == (
        "1 × 2²(七张炸) × 2(四王炸) = 8；地主 +24")
    assert line(hand(four, bombs=["b5", "b6", "b8"]), "en") == (
        "1 × 2(5-card bomb) × 2(6-card bomb) × 2(8-card bomb) = 8; landlord +24")
    # five: a bomb and a rocket are ×1 and stay out; three jokers ×2.
    five = {"game": "ddz", "profile": "five", "players": 5, "landlord": 0, "partner": 1}
    assert line(hand(five, bombs=["bomb", "j3", "rocket"])) == "1 × 2(三王炸) = 2；地主 +6"
    # A table's own factor shows under the kind's name.
    assert line(hand(CLASSIC, bombs=["bomb", "rocket"], rules={"factors": {"rocket": 3}})) == (
        "3 × 2(炸弹) × 3(王炸) = 18；地主 +36")


def test_add_mode_keeps_one_bombs_term_and_an_escape_its_held_bombs():
    record = hand(CLASSIC, bombs=["bomb", "rocket", "bomb"], rules={"bomb_mode": "add"})
    assert line(record) == "3 × 4(炸弹) = 12；地主 +24"
    assert line(record, "en") == "3 × 4(bombs) = 12; landlord +24"
    assert score_hand(record)["terms"] == [["bombs", 4, 1]]
    escape = dict(CLASSIC, bombs=["rocket"], escape=0, held=1)
    assert line(escape, "en") == (
        "escape: 2(rocket) × 2(held bombs) = 4 → penalty 20 × 3 = 60 each; #0 −120")


def test_each_pairs_stake_shows_when_doubles_make_them_differ():
    record = hand(CLASSIC, bombs=["bomb"], doubles=[1, 2, 1])
    assert line(record, names=NAMES) == "3 × 2(炸弹) = 6；加倍 乙×2；乙 12，丙 6；地主 +18"
    assert line(record, "en", EN_NAMES) == (
        "3 × 2(bomb) = 6; doubles P2×2; P2 12, P3 6; landlord +18")
    assert line(record) == "3 × 2(炸弹) = 6；加倍 #1×2；#1 12，#2 6；地主 +18"
    assert score_hand(record)["stakes"] == [[0, 1, 12], [0, 2, 6]]
    # Every pair the same: the one stake closes the step.
    assert line(hand(CLASSIC, bombs=["bomb"], doubles=[2, 1, 1]), names=NAMES) == (
        "3 × 2(炸弹) = 6；加倍 甲×2 = 12；地主 +24")
    assert line(hand(CLASSIC, doubles=[2, 2, 2], winner="farmers"), "en", EN_NAMES) == (
        "3 = 3; doubles P1×2 P2×2 P3×2 = 12; landlord −24")


def test_with_two_landlords_the_stakes_are_listed_by_landlord():
    five = {"game": "ddz", "profile": "five", "players": 5, "landlord": 0, "partner": 2}
    record = hand(five, bombs=["b5"], doubles=[2, 1, 1, 2, 1])
    assert line(record, names=NAMES) == (
        "1 × 2(五张炸) = 2；加倍 甲×2 丁×2；甲：乙 4，丁 8，戊 4；丙：乙 2，丁 4，戊 2；地主 +16")
    assert line(record, "en", EN_NAMES) == (
        "1 × 2(5-card bomb) = 2; doubles P1×2 P4×2; P1: P2 4, P4 8, P5 4; P3: P2 2, P4 4, "
        "P5 2; landlord +16")


def test_the_cap_shows_with_the_stakes_it_left():
    record = hand(CLASSIC, bid=1, bombs=["bomb"] * 3, doubles=[1, 2, 1], rules={"cap": 12})
    assert line(record, names=NAMES) == (
        "1 × 2³(炸弹) = 8；加倍 乙×2；封顶 12 倍；乙 12，丙 8；地主 +20")
    assert line(hand(CLASSIC, bombs=["bomb"] * 4, rules={"cap": 8}), "en") == (
        "3 × 2⁴(bomb) = 48; cap 8× = 24; landlord +48")


def test_doubles_cap_and_laizi_quarter_are_all_shown():
    record = {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 1, "grabs": 2,
              "doubles": [2, 1, 1], "bombs": ["rocket", "soft"], "winner": "farmers",
              "rules": {"cap": 16}}
    assert line(record, names=NAMES) == (
        "1 × 2²(抢地主) × 4(王炸) × 2(软炸) = 32；加倍 甲×2；封顶 16 倍 = 16；÷4(癞子) = 4；"
        "地主 −8")
    assert line(record, "en", EN_NAMES) == (
        "1 × 2²(grab) × 4(rocket) × 2(soft bomb) = 32; doubles P1×2; cap 16× = 16; "
        "÷4(laizi) = 4; landlord −8")


def test_the_laizi_quarter_is_a_step_with_the_cores_amounts():
    record = hand(LAIZI, bombs=["rocket", "hard"], rules={"base": 3})
    assert line(record) == "3 × 4(王炸) × 4(硬炸) = 48；÷4(癞子) = 12；地主 +24"
    assert line(record, "en") == "3 × 4(rocket) × 4(hard bomb) = 48; ÷4(laizi) = 12; landlord +24"
    # Rounded per pair (6 → 1.5 → 2, 3 → 0.75 → 1), as the core did: the landlord's +3 is
    # the sum of the pairs, not round(9 ÷ 4).
    record = hand(LAIZI, doubles=[1, 2, 1], rules={"base": 3})
    assert line(record, names=NAMES) == (
        "3 = 3；加倍 乙×2；乙 6，丙 3；÷4(癞子)；乙 2，丙 1；地主 +3")
    result = score_hand(record)
    assert result["quarters"] == [[0, 1, 2], [0, 2, 1]] and "laizi_limit" not in result


def test_the_laizi_hand_limit_says_so_when_it_bit():
    record = hand(LAIZI, grabs=3, bombs=["hard"], rules={"base": 1000})
    assert line(record) == (
        "1000 × 2³(抢地主) × 4(硬炸) = 32000；÷4(癞子) = 8000；上限 5000；地主 +10000")
    assert line(record, "en") == (
        "1000 × 2³(grab) × 4(hard bomb) = 32000; ÷4(laizi) = 8000; limit 5000; "
        "landlord +10000")
    assert score_hand(record)["laizi_limit"] == 5000
    one = hand(LAIZI, grabs=2, bombs=["pure", "rocket"], doubles=[1, 4, 1], winner="farmers",
               rules={"base": 100, "super_double": True})
    assert line(one, names=NAMES) == (
        "100 × 2²(抢地主) × 4(纯癞子炸) × 4(王炸) = 6400；加倍 乙×4；乙 25600，丙 6400；"
        "÷4(癞子)；乙 6400，丙 1600；上限 5000；地主 −6600")
    under = hand(LAIZI, grabs=3, bombs=["soft"], rules={"base": 1249})
    assert "上限" not in line(under) and "laizi_limit" not in score_hand(under)


def test_beans_show_the_room_factor_with_its_result_and_the_fee():
    record = hand(CLASSIC, bombs=["bomb"], rules=beans(1000, [100000] * 3, fee=50))
    assert line(record) == "3 × 2(炸弹) = 6；× 1000(房间) = 6000；台费 50；地主 +11950"
    assert line(record, "en") == "3 × 2(bomb) = 6; × 1000(room) = 6000; fee 50; landlord +11950"
    result = score_hand(record)
    assert result["gross"] == [[0, 1, 6000], [0, 2, 6000]]
    assert result["win_limited"] == [] and result["pay_limited"] == []
    # A room of 1 changes nothing and is not shown.
    assert line(hand(CLASSIC, rules=beans(1, [10] * 3))) == "3 = 3；地主 +6"


def test_beans_say_when_a_balance_limited_a_pair():
    short = hand(CLASSIC, bombs=["bomb"], rules=beans(100, [100000, 300, 100000]))
    assert line(short, names=NAMES) == (
        "3 × 2(炸弹) = 6；× 100(房间) = 600；乙 余额不足，付 300；地主 +900")
    assert line(short, "en", EN_NAMES) == (
        "3 × 2(bomb) = 6; × 100(room) = 600; P2 paid only the balance, 300; landlord +900")
    assert score_hand(short)["pay_limited"] == [[1, 300]]
    rich = hand(CLASSIC, bombs=["bomb", "bomb"], rules=beans(100, [500, 10000, 10000]))
    assert line(rich, names=NAMES) == (
        "3 × 2²(炸弹) = 12；× 100(房间) = 1200；甲 余额封顶，得 500；地主 +500")
    assert line(rich, "en", EN_NAMES) == (
        "3 × 2²(bomb) = 12; × 100(room) = 1200; P1 capped at own balance, 500; landlord +500")
    result = score_hand(rich)
    assert result["win_limited"] == [[0, 500]] and result["pay_limited"] == []
    # Uneven pairs, scaled together and each rounded down: the winner takes 666 + 333.
    uneven = hand(CLASSIC, profile="happy", grabs=3, bombs=["rocket"], doubles=[1, 2, 1],
                  rules=beans(100, [1000, 50000, 50000]))
    del uneven["bid"]
    assert line(uneven, names=NAMES) == (
        "1 × 2³(抢地主) × 2(王炸) = 16；加倍 乙×2；乙 32，丙 16；× 100(房间)；乙 3200，丙 1600；"
        "甲 余额封顶，得 999；地主 +999")
    # A losing landlord short of both stakes; the fee after.
    lord = hand(CLASSIC, bombs=["bomb"], winner="farmers",
                rules=beans(100, [900, 5000, 5000], fee=10))
    assert line(lord) == (
        "3 × 2(炸弹) = 6；× 100(房间) = 600；#0 余额不足，付 900；台费 10；地主 −900")
    assert score_hand(lord)["pay_limited"] == [[0, 900]]


def test_an_escape_in_beans_shows_the_room_and_the_balance_too():
    record = dict(CLASSIC, bid=2, bombs=["bomb"], escape=1, held=2,
                  rules=beans(100, [100000, 1000, 100000], fee=10))
    assert line(record, names=NAMES) == (
        "逃跑: 2(炸弹) × 2²(未出炸弹) = 8 → 罚 10 倍 × 2 = 20 每家；× 100(房间) = 2000；"
        "乙 余额不足，付 1000；台费 10；乙 −1000")


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


def _width(part):
    # Unifont on the device: CJK and full-width punctuation 16 px, the rest 8 px.
    return sum(16 if ord(c) >= 0x2E80 else 8 for c in part)


def test_every_step_after_the_multiplier_fits_one_line_of_a_240_px_screen():
    records = [
        hand(CLASSIC, bombs=["bomb"], doubles=[1, 2, 1]),
        hand(CLASSIC, bid=1, bombs=["bomb"] * 3, doubles=[1, 2, 1], rules={"cap": 12}),
        hand(LAIZI, grabs=2, bombs=["pure", "rocket"], doubles=[1, 4, 1], winner="farmers",
             rules={"base": 100, "super_double": True}),
        hand(LAIZI, grabs=3, bombs=["hard"], rules={"base": 1000}),
        hand(CLASSIC, bombs=["bomb"], rules=beans(100, [100000, 300, 100000], fee=50)),
        hand(CLASSIC, bombs=["bomb", "bomb"], doubles=[1, 2, 1],
             rules=beans(100, [500, 10000, 10000])),
        hand({"game": "ddz", "profile": "five", "players": 5, "landlord": 0, "partner": 2},
             bombs=["b5"], doubles=[2, 1, 1, 2, 1]),
    ]
    for record in records:
        for lang, names in (("zh", NAMES), ("en", EN_NAMES), ("zh", None), ("en", None)):
            # As the screens cut it (ui/preview.py, ui/history.py).
            parts = line(record, lang, names).replace("; ", "；").split("；")
            assert len(parts) >= 2
            for part in parts[1:]:
                assert _width(part) <= 240, (lang, part)
            if lang == "en":
                assert not any(_width(c) == 16 for c in "".join(parts)), parts
