"""The committed glyph subset (firmware/ui/glyphs.py): complete, well-formed, true to Unifont.

These tests read the committed module and need no unifont installed (CI has none); only the
comparison with the font itself is skipped where /usr/share/unifont/unifont.hex is absent.
When a test here fails after new words were added to the firmware: `python -m tools.glyphs`.
"""

import pytest

from tools import glyphs as builder
from ui import glyphs, strings


def _codes():
    return [(glyphs.CODES[2 * i] << 8) | glyphs.CODES[2 * i + 1] for i in range(glyphs.COUNT)]


def _offsets():
    return [(glyphs.OFFSETS[2 * i] << 8) | glyphs.OFFSETS[2 * i + 1]
            for i in range(glyphs.COUNT + 1)]


def committed_bitmaps():
    """{code point: 16-row bitmap} as the committed module holds them."""
    return builder.unpack(glyphs)


def test_every_character_in_firmware_string_literals_is_in_the_subset():
    held = {chr(cp) for cp in _codes()}
    missing = sorted(builder.firmware_chars() - held)
    assert not missing, "not in ui/glyphs.py, run `python -m tools.glyphs`: " + "".join(missing)


def test_printable_ascii_is_held_first_so_it_is_indexed_directly():
    assert _codes()[:95] == list(range(0x20, 0x7F))


def test_the_module_is_well_formed():
    codes = _codes()
    assert len(glyphs.CODES) == 2 * glyphs.COUNT
    assert codes == sorted(set(codes)), "index not strictly sorted"
    assert all(cp <= 0xFFFF for cp in codes)
    offsets = _offsets()
    assert len(glyphs.OFFSETS) == 2 * (glyphs.COUNT + 1)
    assert len(glyphs.SHAPES) == glyphs.COUNT
    assert offsets[0] == 0
    for i in range(glyphs.COUNT):
        per_row = 2 if glyphs.SHAPES[i] & builder.WIDE else 1
        rows, rest = divmod(offsets[i + 1] - offsets[i], per_row)
        assert rest == 0 and (glyphs.SHAPES[i] & 0x0F) + rows <= 16, i
        assert glyphs.SHAPES[i] & 0x70 == 0, i
    assert offsets[-1] == len(glyphs.BITMAPS)
    assert glyphs.HEIGHT == 16
    assert glyphs.BUCKETS == builder.buckets(codes)
    assert glyphs.COUNT >= 95


def test_cjk_is_full_width_and_ascii_half_width():
    for i, cp in enumerate(_codes()):
        wide = bool(glyphs.SHAPES[i] & builder.WIDE)
        if cp < 0x7F:
            assert not wide, chr(cp)
        if 0x4E00 <= cp <= 0x9FFF or 0xFF01 <= cp <= 0xFF5E:
            assert wide, chr(cp)


def test_only_blank_rows_are_left_out():
    # Every stored first and last row has ink: the trim keeps all of a glyph's ink.
    offsets = _offsets()
    for i, cp in enumerate(_codes()):
        per_row = 2 if glyphs.SHAPES[i] & builder.WIDE else 1
        rows = glyphs.BITMAPS[offsets[i]:offsets[i + 1]]
        if rows:
            assert any(rows[:per_row]) and any(rows[-per_row:]), chr(cp)
        else:
            assert cp == 0x20 or not any(committed_bitmaps()[cp]), chr(cp)


@pytest.mark.skipif(not builder.DEFAULT_HEX.exists(), reason="unifont not installed")
def test_every_committed_glyph_is_unifonts():
    held = committed_bitmaps()
    font = builder.read_hex(builder.DEFAULT_HEX, set(held))
    assert held == font


@pytest.mark.skipif(not builder.DEFAULT_HEX.exists(), reason="unifont not installed")
def test_a_rebuild_holds_exactly_the_wanted_characters(tmp_path):
    text, built, missing = builder.build(builder.DEFAULT_HEX, ["张三", "李四"])
    assert {"张", "三", "李", "四"} <= {chr(cp) for cp in built}
    assert {chr(cp) for cp in built} == builder.wanted_chars(["张三", "李四"]) - set(missing)
    assert not missing
    namespace: dict = {}
    exec(compile(text, "glyphs.py", "exec"), namespace)
    assert namespace["COUNT"] == len(built)
    assert builder.unpack(namespace) == built


def test_the_literal_scan_skips_docstrings_and_ascii():
    source = '"""模块"""\ndef f():\n    """函数"""\n    return "斗" + f"地{1}主" + "abc"\n'
    assert builder.literal_chars(source) == {"斗", "地", "主"}


def test_names_come_from_the_option_and_the_names_file(tmp_path):
    names_file = tmp_path / "names.txt"
    assert builder.name_chars(["张三", "Bob"], names_file) == {"张", "三"}
    names_file.write_text("王五\n\n赵六\n", encoding="utf-8")
    assert builder.name_chars([], names_file) == {"王", "五", "赵", "六"}


def test_pack_round_trips():
    a = bytes(3) + bytes(range(1, 11)) + bytes(3)  # ink in rows 3..12
    wide = bytes(range(32))  # ink from row 0 (its second byte) to row 15
    font = {0x41: a, 0x6597: wide, 0x20: bytes(16)}
    codes, bucket_index, shapes, offsets, bitmaps = builder.pack(font)
    assert codes == b"\x00\x20\x00\x41\x65\x97"
    assert shapes == bytes([0, 3, 0x80])
    assert offsets == b"\x00\x00\x00\x00\x00\x0a\x00\x2a"
    assert bitmaps == bytes(range(1, 11)) + wide
    names = {"COUNT": 3, "CODES": codes, "SHAPES": shapes, "OFFSETS": offsets,
             "BITMAPS": bitmaps}
    assert builder.unpack(names) == font
    assert bucket_index[0:2] == b"\x00\x00" and bucket_index[2:4] == b"\x00\x02"
    assert bucket_index[2 * 0x65:2 * 0x65 + 4] == b"\x00\x02\x00\x03"


# ui/strings.py: the words screens use.

def test_every_word_has_both_languages():
    for key in strings.keys():
        zh, en = strings.text(key, "zh"), strings.text(key, "en")
        assert zh and en, key
        assert zh.count("{}") == en.count("{}"), key
        # English may use the symbols the screens draw (−, ×, ▲), but no Chinese.
        assert not any(0x2E80 <= ord(c) <= 0x9FFF or 0xFF00 <= ord(c) <= 0xFFEF
                       for c in en), key


def test_words_the_screens_need_are_there():
    need = {"ddz": "斗地主", "classic": "经典", "happy": "欢乐", "laizi": "癞子", "two": "二人",
            "four": "四人", "five": "五人", "baohuang": "保皇", "shengji": "升级",
            "landlord": "地主", "farmers": "农民", "bid": "叫分", "grab": "抢地主",
            "show": "明牌", "double": "加倍", "super_double": "超级加倍", "bomb": "炸弹",
            "rocket": "王炸", "spring": "春天", "anti_spring": "反春", "escape": "逃跑",
            "ok": "确认", "back": "返回", "undo": "撤销", "void": "作废", "amend": "更正",
            "settle": "结算", "history": "历史", "settings": "设置", "language": "语言",
            "players": "玩家", "new_table": "新牌桌", "same_as_last": "上一手同样"}
    for key, zh in need.items():
        assert strings.text(key, "zh") == zh
    assert strings.text("bomb", "en") == "Bomb"


def test_profile_and_bomb_kind_names_match_the_core():
    from core.profiles import PROFILE_NAMES, PROFILES

    for name in PROFILE_NAMES:
        assert name in strings.keys(), name
        for kind in PROFILES[name][3]:
            assert kind in strings.keys(), kind


def test_lookup_defaults_and_fallbacks():
    assert strings.text("ok") == "确认"
    assert strings.text("ok", "fr") == "确认"
    assert strings.text("no such key", "en") == "no such key"
    assert strings.text("hand_no", "en").format(3) == "Hand 3"
    assert strings.default_names(3) == ["甲", "乙", "丙"]
    assert strings.default_names(5, "en") == ["P1", "P2", "P3", "P4", "P5"]
