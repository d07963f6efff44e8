"""One language's words in RAM: ui/strings.py loads ui/words_zh.py or ui/words_en.py for
the language asked for and lets the other go; core/explain.py loads core/explain_zh.py or
core/explain_en.py at the first breakdown in that language."""

import sys

from core import explain, explain_en, explain_zh
from ui import strings, words_en, words_zh


def test_both_languages_have_the_same_words():
    assert list(words_zh.WORDS) == list(words_en.WORDS)
    assert len(words_zh.NAMES) == len(words_en.NAMES) == 8
    assert list(explain_zh.WORDS) == list(explain_en.WORDS)
    for zh, en in ((words_zh.WORDS, words_en.WORDS), (explain_zh.WORDS, explain_en.WORDS)):
        for key in zh:
            assert zh[key].count("{}") == en[key].count("{}"), key


def test_only_the_language_asked_for_is_loaded():
    strings.text("ok", "en")
    assert strings.text("ok", "zh") == "确认"
    assert "ui.words_zh" in sys.modules and "ui.words_en" not in sys.modules
    assert strings.text("ok", "en") == words_en.WORDS["ok"]
    assert "ui.words_en" in sys.modules and "ui.words_zh" not in sys.modules
    assert strings.default_names(2, "en") == ["P1", "P2"]
    assert strings.default_names(2, "zh") == ["甲", "乙"]
    assert "ui.words_zh" in sys.modules and "ui.words_en" not in sys.modules
    assert strings.text("ok", "fr") == "确认"  # anything unknown is Chinese
    assert "ui.words_en" not in sys.modules
    assert strings.keys() == list(words_zh.WORDS)


def test_explain_loads_a_language_at_its_first_breakdown():
    assert explain.words("en")["bomb"] == "bomb"
    assert explain.words("zh")["bomb"] == "炸弹"
    assert explain.words("de") is explain.words("zh")
    assert sorted(explain._WORDS) == ["en", "zh"]


def test_the_glyph_subset_sees_the_chinese_words():
    from tools import glyphs

    chars = glyphs.firmware_chars()
    for word in list(words_zh.WORDS.values()) + list(explain_zh.WORDS.values()):
        assert set(c for c in word if ord(c) > 0x7F) <= chars, word
