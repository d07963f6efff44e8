"""The committed font file (firmware/ui/glyphs.bin): complete, well-formed, true to Unifont.

These tests read the committed file and need no unifont installed (CI has none); only the
comparisons with the font itself are skipped where /usr/share/unifont/unifont.hex is absent.
When a test here fails after new words were added to the firmware: `python -m tools.glyphs`.
"""

import pytest

from tools import glyphs as builder
from ui import strings

DATA = builder.OUTPUT.read_bytes()
COUNT = int.from_bytes(DATA[4:6], "big")
LOWS = builder.LOWS
SLOTS = LOWS + COUNT
HELD = builder.unpack(DATA)


def _codes():
    return sorted(HELD)


def _slots():
    """[(shape, its rows)] of every entry, in file order."""
    out = []
    for i in range(COUNT):
        slot = DATA[SLOTS + builder.SLOT * i:SLOTS + builder.SLOT * (i + 1)]
        assert slot[1] <= 32 and not any(slot[2 + slot[1]:]), i  # zero-padded
        out.append((slot[0], slot[2:2 + slot[1]]))
    return out


def test_every_gb2312_character_is_in_the_font():
    gb = builder.gb2312_chars()
    assert len(gb) == 7445  # 6,763 hanzi and 682 symbols
    assert sum(1 for ch in gb if 0x4E00 <= ord(ch) <= 0x9FFF) == 6763
    held = {chr(cp) for cp in HELD}
    missing = sorted(gb - held)
    assert not missing, "not in ui/glyphs.bin: " + "".join(missing)
    assert {"张", "李", "王", "赵", "钱", "孙", "欧", "阳"} <= held


def test_every_character_in_firmware_string_literals_is_in_the_font():
    held = {chr(cp) for cp in HELD}
    missing = sorted(builder.firmware_chars() - held)
    assert not missing, "not in ui/glyphs.bin, run `python -m tools.glyphs`: " + "".join(missing)


def test_printable_ascii_is_held_first_so_it_is_indexed_directly():
    assert _codes()[:95] == list(range(0x20, 0x7F))
    assert DATA[LOWS:LOWS + 95] == bytes(range(0x20, 0x7F))


def test_the_file_is_well_formed():
    assert DATA[:4] == builder.MAGIC and DATA[6] == 16 and DATA[7] == builder.SLOT == 34
    codes = _codes()
    assert len(codes) == COUNT >= 95 + 7445
    assert all(cp <= 0xFFFF for cp in codes)
    assert DATA[builder.HEAD:LOWS] == builder.buckets(codes)
    assert DATA[LOWS:SLOTS] == bytes(cp & 0xFF for cp in codes)
    assert DATA[SLOTS + builder.SLOT * COUNT:] == builder.widths(builder.unpack(DATA))
    for i, (shape, rows) in enumerate(_slots()):
        per_row = 2 if shape & builder.WIDE else 1
        n, rest = divmod(len(rows), per_row)
        assert rest == 0 and (shape & 0x0F) + n <= 16, i
        assert shape & 0x70 == 0, i


def test_cjk_is_full_width_and_ascii_half_width():
    for (shape, _rows), cp in zip(_slots(), _codes()):
        wide = bool(shape & builder.WIDE)
        if cp < 0x7F:
            assert not wide, chr(cp)
        if 0x4E00 <= cp <= 0x9FFF or 0xFF01 <= cp <= 0xFF5E:
            assert wide, chr(cp)


def test_widths_name_every_glyph_whose_width_breaks_the_rule():
    # The machine code's measure (ui/ink.py) knows a character's width from this list alone.
    end = SLOTS + builder.SLOT * COUNT
    odd = int.from_bytes(DATA[end:end + 2], "big")
    listed = [int.from_bytes(DATA[end + 2 + 2 * k:end + 4 + 2 * k], "big") for k in range(odd)]
    assert listed == sorted(listed)
    for (shape, _rows), cp in zip(_slots(), _codes()):
        wide = bool(shape & builder.WIDE)
        assert (cp in listed) == (wide != (cp >= builder.WIDE_FROM)), hex(cp)
    assert {"…", "−", "▼", "─"} <= {chr(cp) for cp in listed}


def test_only_blank_rows_are_left_out():
    # Every stored first and last row has ink: the trim keeps all of a glyph's ink.
    for (shape, rows), cp in zip(_slots(), _codes()):
        per_row = 2 if shape & builder.WIDE else 1
        if rows:
            assert any(rows[:per_row]) and any(rows[-per_row:]), chr(cp)
        else:
            assert not any(HELD[cp]), chr(cp)


@pytest.mark.skipif(not builder.DEFAULT_HEX.exists(), reason="unifont not installed")
def test_every_glyph_in_the_file_is_unifonts():
    font = builder.read_hex(builder.DEFAULT_HEX, set(HELD))
    assert HELD == font


@pytest.mark.skipif(not builder.DEFAULT_HEX.exists(), reason="unifont not installed")
def test_the_committed_file_is_what_tools_glyphs_builds():
    data, _built, missing = builder.build(builder.DEFAULT_HEX, [])
    assert not missing
    assert data == DATA, "ui/glyphs.bin is stale: run `python -m tools.glyphs`"


@pytest.mark.skipif(not builder.DEFAULT_HEX.exists(), reason="unifont not installed")
def test_a_rebuild_with_names_adds_their_characters_outside_gb2312(tmp_path):
    data, built, missing = builder.build(builder.DEFAULT_HEX, ["张三", "龘"])
    assert {"张", "三", "龘"} <= {chr(cp) for cp in built}
    assert {chr(cp) for cp in built} == builder.wanted_chars(["张三", "龘"]) - set(missing)
    assert not missing
    assert builder.unpack(data) == built
    out = tmp_path / "glyphs.bin"
    assert builder.main(["--names", "龘", "--output", str(out)]) == 0
    assert "龘" in builder.held(out) and "龘" not in builder.held(builder.OUTPUT)


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
    font = {cp: bytes(16) for cp in range(0x20, 0x7F)}
    font.update({0x41: a, 0x6597: wide})
    data = builder.pack(font)
    n = 96
    assert data[:8] == b"UFG1\x00\x60\x10\x22"
    slots = builder.LOWS + n
    assert data[builder.LOWS + 95] == 0x97
    assert len(data) == slots + 34 * n + 2
    assert data[slots:slots + 34] == bytes(34)  # the space: no rows
    assert data[slots + 34 * 0x21:slots + 34 * 0x22] == b"\x03\x0a" + a[3:13] + bytes(22)
    assert data[slots + 34 * 95:slots + 34 * 96] == b"\x80\x20" + wide
    assert data[slots + 34 * 96:] == b"\x00\x00"  # WIDTHS: every glyph as the rule says
    # A half-width "…" from U+1100 up and a full-width glyph below it break the rule.
    odd = {0x41: bytes(16), 0x3B1: bytes(32), 0x2026: bytes(16), 0x6597: wide}
    assert builder.widths(odd) == b"\x00\x02\x03\xb1\x20\x26"
    assert builder.unpack(data) == font
    bucket_index = data[builder.HEAD:builder.LOWS]
    assert bucket_index[0:2] == b"\x00\x00" and bucket_index[2:4] == b"\x00\x5f"
    assert bucket_index[2 * 0x65:2 * 0x65 + 4] == b"\x00\x5f\x00\x60"
    with pytest.raises(ValueError):
        builder.pack({0x41: a})  # no ASCII first
    with pytest.raises(ValueError):
        builder.unpack(b"nope" + data[4:])
    with pytest.raises(ValueError):
        builder.unpack(data[:-1])


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
