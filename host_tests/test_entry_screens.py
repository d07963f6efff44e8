"""The hand-entry screens' words and numbers: the core's refusals in the UI's language
(ui/messages.py), the play screen's stake from the core's pairs, the five-player partner and
the 保皇 guard screens naming who they are about, English plurals, and an archive that two
presses of OK never delete. The screens run on the real firmware (MicroPython VM, simulated
board, test_amend.run_app); ui/messages.py is also read on CPython, as the host imports it.
"""

import re
from pathlib import Path

import pytest
from device_vm import keys
from test_amend import case, probe, run_app

from core import baohuang, ddz, journal, shengji
from core.errors import RecordError
from core.journal import JournalError, Unreadable
from core.table import Table
from ui.strings import text

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
           "bombs": []}
BAOHUANG = {"game": "baohuang", "players": 5}


def _raised(call, *args):
    try:
        call(*args)
    except (RecordError, JournalError) as exc:
        return exc
    raise AssertionError("nothing raised")


def _voided_twice():
    table = Table("ddz", 3, profile="classic")
    table.record(dict(CLASSIC, winner="landlord"))
    table.void(0)
    return table


# Refusals the device can meet, raised by the code that raises them, and what they must say.
def _refusals():
    voided = _voided_twice()
    return [
        (_raised(ddz.score, dict(CLASSIC, winner="farmers", spring="spring")),
         "春天只算地主胜", "A spring is a landlord win"),
        (_raised(ddz.score, dict(CLASSIC, winner="landlord", spring="anti")),
         "反春只算农民胜", "An anti-spring is a farmers' win"),
        (_raised(baohuang.score, dict(BAOHUANG, emperor=0, guard=1, order=[0, 1], revolt=True)),
         "反贼没有赢：没有造反", "The rebels did not win: no revolt"),
        (_raised(baohuang.score, dict(BAOHUANG, emperor=0, guard=0, solo="open", order=[0],
                                      revolt=True)),
         "明独保没有造反", "An open solo has no revolt"),
        (_raised(baohuang.score, dict(BAOHUANG, emperor=0, guard=0, solo="hidden", order=[0],
                                      open=True)),
         "独保没有明保", "A solo has no open guard"),
        (_raised(ddz.check_deal, "classic", ["rocket", "rocket"]),
         "牌里没有这些炸弹", "The cards cannot hold these bombs"),
        (_raised(ddz.check_deal, "classic", [], 15),
         "未出的炸弹太多", "Too many bombs still held"),
        (_raised(ddz.score, dict(CLASSIC, winner="landlord", doubles=[4, 1, 1])),
         "本桌没有超级加倍", "No super double at this table"),
        (_raised(shengji.score, {"game": "shengji", "players": 4, "dealer": 0, "points": 80},
                 {"levels": [12, 0], "dealer": 0, "winner": 0}),
         "已过A，本局结束", "A team passed A: game over"),
        (_raised(voided.void, 0), "这一手已作废", "That hand is voided"),
        (_raised(voided.amend, 0, dict(CLASSIC, winner="farmers")),
         "这一手已作废", "That hand is voided"),
        (_raised(voided.void, 7), "没有这一手", "No such hand"),
        (journal._failed(OSError(journal.ENOSPC), "the hand"),
         "存储已满，未保存：删除一个存档后重新确认",
         "Flash full, not saved: delete an archive, then try again"),
        (journal._failed(OSError(5), "the hand"), "保存出错，未记录", "Flash error: not saved"),
        (JournalError("this table is closed: it can be read, not changed"),
         "本桌已结束并存档", "This table is closed"),
        (JournalError("a past hand cannot be read: its journal is damaged"),
         "无法读取这一手", "That hand cannot be read"),
        (JournalError("no table is open"), "没有牌桌", "No table is open"),
        (JournalError("settings not saved ([Errno 28])"), "设置未保存", "Settings not saved"),
        (JournalError("no archived table 3"), "没有这个存档", "No such saved table"),
        (Unreadable("/data/table/j0000012.000011"),
         "无法读取/data/table/j0000012.000011，暂停记录",
         "Cannot read /data/table/j0000012.000011: not recording"),
    ]


def test_the_cores_refusals_are_said_in_the_uis_language():
    from ui.messages import describe

    for exc, zh, en in _refusals():
        assert describe(exc, "zh") == zh, str(exc)
        assert describe(exc, "en") == en, str(exc)


def test_a_refusal_the_table_does_not_name_gets_a_localized_line_naming_the_key():
    from ui.messages import describe

    bid = _raised(ddz.score, dict(CLASSIC, bid=4, winner="landlord"))
    assert describe(bid, "zh") == "无法记录：叫分"
    assert describe(bid, "en") == "Cannot record: Bid"
    doubles = _raised(ddz.score, dict(CLASSIC, winner="landlord", doubles=[1, 1]))
    assert describe(doubles, "zh") == "无法记录：加倍"
    assert describe(RecordError("rules.cap", 0, "must be 1 to 1000000"), "zh") == \
        "无法记录：rules.cap"
    assert describe(JournalError("something new"), "zh") == "记录出错"
    assert describe(JournalError("something new"), "en") == "Journal error"


def test_the_messages_table_matches_what_the_core_and_the_journal_say():
    from ui import messages

    sources = "".join(p.read_text(encoding="utf-8") for p in
                      [ROOT / "firmware" / "core" / n for n in
                       ("ddz.py", "baohuang.py", "shengji.py", "table.py", "check.py",
                        "journal.py")] + [ROOT / "firmware" / "ui" / "app.py"])
    for _key, start, word in messages.RECORD:
        assert start in sources, start
        assert text(word, "zh") != word and text(word, "en") != word
    for start, word in messages.JOURNAL:
        assert start in sources, start
        assert text(word, "zh") != word
    for key, word in messages.WORD.items():
        assert text(word, "zh") != word, key


def test_chinese_messages_hold_no_english():
    from ui.messages import describe

    for exc, _zh, _en in _refusals():
        line = describe(exc, "zh")
        if not isinstance(exc, Unreadable):  # it names the file
            assert not re.search("[a-zA-Z]{2,}", line), line


# -- on the device ------------------------------------------------------------------------

BAD_PREVIEW = ("from ui.preview import Preview\n"
               "app.push(Preview(app, {'landlord': 0, 'bid': 3, 'bombs': []},"
               " [('spring', {'winner': 'farmers', 'spring': 'spring'})]))")
HAND = {"landlord": 0, "bid": 3, "bombs": [], "winner": "landlord"}

CASES = {
    "preview_error": case("ddz", "classic", steps=[("exec", BAD_PREVIEW)] + probe("preview")),
    "preview_error_en": case("ddz", "classic", lang="en",
                             steps=[("exec", BAD_PREVIEW)] + probe("preview")),
    # a full flash: the hand is refused, and the notice says so in the table's language
    "full": case("ddz", "classic", steps=[("full", None)] + keys("o o o o") + probe("notice")),
    "full_en": case("ddz", "classic", lang="en",
                    steps=[("full", None)] + keys("o o o o") + probe("notice")),
    # the play screen, a hand "same as last": doubles 乙 ×2 and 甲 ×2
    "doubles": case("ddz", "classic", records=[dict(HAND, bid=2, doubles=[2, 2, 1])],
                    steps=keys("m o") + probe("play")),
    # laizi: two grabs (×4), quartered
    "laizi": case("ddz", "laizi", records=[{"landlord": 0, "grabs": 2, "bombs": [],
                                            "winner": "landlord"}],
                  steps=keys("m o") + probe("play")),
    # beans: a room of 1000
    "beans": case("ddz", "classic",
                  rules={"beans": {"n": 1000, "balances": [100000, 100000, 100000]}},
                  records=[HAND], steps=keys("m o") + probe("play")),
    "plain": case("ddz", "classic", steps=keys("o o") + probe("play")),
    # five players, 甲 with 丁 as the hidden partner, 甲 doubled: six pairs on two lines
    "five_pairs": case("ddz", "five", records=[{"landlord": 0, "partner": 3, "bombs": [],
                                                "doubles": [2, 1, 1, 1, 1],
                                                "winner": "landlord"}],
                       steps=keys("m o") + probe("play")),
    "five": case("ddz", "five", steps=keys("o") + probe("partner")),
    "five_en": case("ddz", "five", lang="en", steps=keys("o") + probe("partner")),
    "baohuang": case("baohuang", steps=keys("o") + probe("guard") + keys("o") + probe("open")
                     + keys("o") + probe("order") + keys("o") + probe("placed")),
    "baohuang_en": case("baohuang", lang="en",
                        steps=keys("o") + probe("guard") + keys("o") + probe("open")
                        + keys("o") + probe("order")),
    "baohuang_solo": case("baohuang", steps=keys("o n o") + probe("solo")),
    "grabs_en": case("ddz", "happy", lang="en", steps=keys("o") + probe("grabs")),
    "grabs_zh": case("ddz", "happy", steps=keys("o") + probe("grabs")),
    # close the table into the archive, open it (its last row: delete), then try to delete
    # it with OK OK
    "archive": case("ddz", "classic", records=[HAND],
                    steps=keys("m n n n o o m o p p o") + probe("asked") + keys("o")
                    + probe("kept") + keys("o n") + probe("moved") + keys("o")
                    + probe("deleted")),
}


@pytest.fixture(scope="module")
def ran():
    names = sorted(CASES)
    return dict(zip(names, run_app([CASES[n] for n in names])))


def _said(shot):
    return "".join(shot["strings"]).replace(" ", "")


def test_the_preview_says_a_refusal_in_the_uis_language(ran):
    assert ran["preview_error"]["preview"]["strings"][1:] == ["春天只算地主胜"]
    assert " ".join(ran["preview_error_en"]["preview"]["strings"][1:]) == \
        "A spring is a landlord win"


def test_a_refused_hand_is_announced_in_the_uis_language(ran):
    notice = ran["full"]["notice"]
    assert notice["screen"] == "Notice"
    assert _said(notice) == "存储已满，未保存：删除一个存档后重新确认"
    assert _said(ran["full_en"]["notice"]) == \
        "Flash full, not saved: delete an archive, then try again".replace(" ", "")
    assert ran["full"]["end"]["entries"] == []


def test_the_play_screen_shows_each_pairs_stake_as_the_core_settles_it(ran):
    assert "甲乙 8 甲丙 4" in ran["doubles"]["play"]["strings"]
    assert "每家 1" in ran["laizi"]["play"]["strings"]
    assert "每家 3000" in ran["beans"]["play"]["strings"]
    assert "每家 3" in ran["plain"]["play"]["strings"]
    five = ran["five_pairs"]["play"]["strings"]
    assert five[2:4] == ["甲乙 2 甲丙 2 甲戊 2 丁乙 1", "丁丙 1 丁戊 1"], five


def test_the_five_player_partner_screen_asks_for_the_hidden_partner(ran):
    assert ran["five"]["partner"]["screen"] == "PartnerScreen"
    assert ran["five"]["partner"]["heading"] == "乙 地主·选暗地主"
    assert ran["five_en"]["partner"]["heading"] == "P2 landlord · pick the partner"


def test_the_baohuang_screens_name_the_emperor_and_the_guard(ran):
    out = ran["baohuang"]
    assert out["guard"]["heading"] == "乙 皇帝·选侍卫"
    assert out["open"]["screen"] == "OpenScreen"
    assert out["open"]["heading"] == "甲 侍卫"  # not 明保: that is one of its options
    assert out["open"]["options"] == ["暗保", "明保"]
    assert out["order"]["heading"] == "乙 皇帝·名次"
    assert out["placed"]["heading"] == "乙 皇帝·名次 甲"
    en = ran["baohuang_en"]
    assert en["guard"]["heading"] == "P2 emperor · pick the guard"
    assert en["open"]["heading"] == "P1 Guard"
    assert en["open"]["options"] == ["Hidden guard", "Open guard"]
    assert en["order"]["heading"] == "P2 emperor, out"
    assert ran["baohuang_solo"]["solo"]["heading"] == "乙 独保"


def test_one_grab_is_singular_in_english(ran):
    assert ran["grabs_en"]["grabs"]["options"] == ["0 grabs", "1 grab", "2 grabs", "3 grabs"]
    assert ran["grabs_zh"]["grabs"]["options"] == ["抢0次", "抢1次", "抢2次", "抢3次"]


def test_two_presses_of_ok_never_delete_an_archive(ran):
    out = ran["archive"]
    asked = out["asked"]
    assert asked["screen"] == "Confirm" and asked["archives"] == 1
    assert asked["options"] == ["保留", "删除"] and asked["cursor"] == 0
    assert out["kept"]["screen"] == "ArchiveScreen" and out["kept"]["archives"] == 1
    assert out["moved"]["cursor"] == 1
    assert out["deleted"]["screen"] == "ArchivesScreen" and out["deleted"]["archives"] == 0
