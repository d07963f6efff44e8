"""What the screens say, as a player reads them (issue 22, items 14 and 15; issue 24's close
question): on the real firmware (MicroPython VM), every layout, both languages, read back
from the painter's ops (host_tests/scenarios.py).

- English that reads: pair stakes "P2·P1 6" (not "P2P1 6"), "P4, P5 sit out", the play
  screen's factors never cut ("4(hard …"), "Done" to end the bombs, the saved tables called
  so on the menu and on the hints, who deals next said on the colour layouts (128x64, which
  has no row for it, brackets who sits out among the seats), the close question whole on
  128x64.
- Hints that match the keys: both buttons that move the cursor, what OK does on the new-table
  screen, every key of the 升级 points screen and the way back from a paged settlement.
"""

import pytest
from scenarios import keys, run_evening

BOARDS = ("simulated", "simulated_large", "simulated_mono")
EVERYWHERE = [(b, lang) for b in BOARDS for lang in ("zh", "en")]
COLOUR = [p for p in EVERYWHERE if p[0] != "simulated_mono"]
MONO = [p for p in EVERYWHERE if p[0] == "simulated_mono"]
# The buttons of each layout: (OK and the menu, back, the cursor up, down). simulated_large
# has the small colour board's buttons.
BUTTONS = {"simulated": ("A", "B", "X", "Y"), "simulated_large": ("A", "B", "X", "Y"),
           "simulated_mono": ("M", "R", "L", "R")}


# One evening a layout and language, its parts each on a table of its own:
EVENING = (
    keys("p")  # the new-table screen: its first row, then its start row
    # classic: 乙 bids 3, 甲 doubles; the play screen's stakes differ by pair
    + [("open", ["ddz", "classic", {}])] + keys("o o m o o b")
    # laizi: a hard bomb, a pure laizi bomb and a rocket (the menu's more bombs), a hard
    # bomb again: the factors take two rows of 240 px; then the result screen
    + [("open", ["ddz", "laizi", {}])] + keys("o o p m n n o n o m n n o n n o p o")
    # four players: who deals next, on the table screen
    + [("open", ["ddz", "four", {}])]
    # a hand of four recorded (乙 bids 3 and wins: three transfers), then the settlement and
    # its pages in turn
    + keys("o o o o m n n o n n n")
    # a roster of five on three seats, in turn: 丁 and 戊 sit out the first hand
    + [("open", ["ddz", "classic", {}, 5, "turn"])]
    # the menu (seating, same as last, history, settle, new table) to its saved tables,
    # then the close question (new table)
    + keys("m n n n n n") + keys("p o")
    # 升级: the dealer chosen, the hand's points screen
    + [("open", ["shengji", None, {}])] + keys("o o")
)


def _ids(param):
    return "{}-{}".format(*param)


@pytest.fixture(scope="module", params=EVERYWHERE, ids=_ids)
def evening(request):
    board, lang = request.param
    return board, lang, run_evening(EVENING, board, lang)


def _hint(frame):
    return " ".join(t.s for t in frame.hints)


def _seen(frames, screen):
    found = [f for f in frames if f.screen == screen]
    assert found, screen
    return found


def test_pair_stakes_read_as_pairs(evening):
    board, lang, frames = evening
    # classic's once 甲 doubled: 6 with 甲, 3 with 丙
    play = next(f for f in _seen(frames, "PlayScreen")
                if len({amount for _lord, _farmer, amount in f.data["pairs"]}) > 1)
    expected = ["乙甲 6", "乙丙 3"] if lang == "zh" else ["P2·P1 6", "P2·P3 3"]
    assert all(e in play.joined() for e in expected), play.joined()


def test_the_factors_of_the_multiple_are_never_cut(evening):
    # On the play screen and the result screen a factor is whole on its row: "4(hard bomb)",
    # never "4(hard …" or "4(hard" / "bomb)".
    board, lang, frames = evening
    plays = [f for f in _seen(frames, "PlayScreen") if f.data.get("multiple", 0) >= 256]
    assert plays
    for f in plays + _seen(frames, "Preview"):
        for s in f.strings():
            assert "…" not in s and s.count("(") == s.count(")"), s
    if board != "simulated_mono":  # 128x64 names no factor on the play screen
        kinds = (("硬炸", "纯癞子炸", "王炸") if lang == "zh"
                 else ("hard bomb", "pure laizi bomb", "rocket"))
        shown = plays[-1].joined()
        assert all(kind in shown for kind in kinds), shown


def test_the_play_screens_ok_ends_the_bombs_in_words(evening):
    board, lang, frames = evening
    ok = BUTTONS[board][0]
    word = "结束/长菜单" if lang == "zh" else ":Done/hold:Menu"
    for f in _seen(frames, "PlayScreen"):
        assert ok + word in _hint(f), _hint(f)
        assert "Over" not in _hint(f)


def test_the_play_screens_hint_names_both_one_press_bombs(evening):
    # laizi's soft and hard bombs, four players' bomb and 5-card bomb: both keys named, on
    # 128x64 too ("R:Soft bomb L:Hard bomb" did not fit its 16 characters).
    board, lang, frames = evening
    ok, back, up, down = BUTTONS[board]
    colon = "" if lang == "zh" else ":"
    quick = {"zh": (("软炸", "硬炸"), ("炸弹", "五张炸")),
             "en": (("Soft", "Hard"), ("Bomb", "5card"))}[lang]
    plays = _seen(frames, "PlayScreen")
    laizi = [f for f in plays if f.data["names"] and down + colon + quick[0][0] in _hint(f)]
    four = [f for f in plays if len(f.data["names"]) == 4]
    for (first, second), shown in zip(quick, (laizi, four)):
        assert shown
        for f in shown:
            assert down + colon + first in _hint(f) and up + colon + second in _hint(f), _hint(f)


def _table_of(frames, persons):
    """The table screen of the evening's table with `persons` names (four players; the
    roster of five), as it first shows."""
    return next(f for f in frames if f.screen == "TableScreen" and len(f.data["names"]) == persons)


# Who deals next (four players) and who sits out (the roster of five), in words: the colour
# layouts have a row for them under the seats or in the head row.
@pytest.mark.parametrize("evening", COLOUR, indirect=True, ids=_ids)
def test_who_deals_next_and_who_sits_out_are_said_in_words(evening):
    board, lang, frames = evening
    said = ({4: "甲下一手发牌", 5: "丁 戊 休息"} if lang == "zh"
            else {4: "P1 deals next", 5: "P4, P5 sit out"})
    for persons, words in said.items():
        table = _table_of(frames, persons)
        assert words in table.joined(), table.joined()


# 128x64 has no row to spare: the seats and the hints fill its 64 rows. Those who sit out
# are bracketed among the seats; who deals next is not written (the cursor starts on the
# seat after the dealer's), and nothing of either is squeezed in or cut.
@pytest.mark.parametrize("evening", MONO, indirect=True, ids=_ids)
def test_128x64_brackets_who_sits_out_and_writes_no_dealer(evening):
    board, lang, frames = evening
    four, roster = _table_of(frames, 4), _table_of(frames, 5)
    names = ["甲", "乙", "丙", "丁", "戊"] if lang == "zh" else ["P1", "P2", "P3", "P4", "P5"]
    assert four.strings() == [s for name in names[:4] for s in (name, "0")], four.strings()
    width = four.size[0]
    assert four.boxes == [[0, 16, width // 2, width]]  # the cursor on 乙 / P2's cell
    shown = names[:3] + ["(" + name + ")" for name in names[3:]]
    assert roster.strings() == [s for name in shown for s in (name, "0")], roster.strings()


def test_the_saved_tables_are_named_alike_on_the_menu_and_the_hints(evening):
    board, lang, frames = evening
    saved = "存档" if lang == "zh" else "Saved"
    first = frames[0]
    assert first.screen == "NewTableScreen"
    assert ("/长" if lang == "zh" else "/hold:") + saved in _hint(first), _hint(first)
    menu = " ".join(f.joined() for f in _seen(frames, "TableMenu"))
    assert ("存档" if lang == "zh" else "Saved tables") in menu, menu


def test_the_close_question_is_whole_on_every_layout(evening):
    board, lang, frames = evening
    close = _seen(frames, "CloseTable")[-1]
    width = close.size[0]
    assert all(0 <= t.x0 and t.x1 <= width for t in close.texts)
    said = "".join(close.strings()[1:]).replace(" ", "")
    assert said == ("本桌结束并存档" if lang == "zh" else "Closeandsavethistable"), said


def test_the_table_hint_names_both_cursor_keys_and_undo(evening):
    board, lang, frames = evening
    ok, back, up, down = BUTTONS[board]
    hint = _hint([f for f in frames if f.screen == "TableScreen"][0])
    assert up + "▲" + down + "▼" in hint, hint
    if board == "simulated_mono":
        undo = "R长撤销" if lang == "zh" else "R hold:Undo"
    else:
        undo = "B撤销" if lang == "zh" else "B:Undo"
    assert undo in hint, hint


def test_the_new_table_hint_says_what_ok_does_on_the_row(evening):
    board, lang, frames = evening
    ok = BUTTONS[board][0]
    option, start = frames[0], frames[1]  # the game's row, then (PREV) the start row
    assert start.screen == "NewTableScreen"
    assert ok + ("切换" if lang == "zh" else ":Set") in _hint(option), _hint(option)
    assert ok + ("确认" if lang == "zh" else ":OK") in _hint(start), _hint(start)


def test_the_points_hint_names_every_key_of_the_points_screen(evening):
    board, lang, frames = evening
    ok, back, up, down = BUTTONS[board]
    points = _seen(frames, "PointsScreen")[-1]
    hint = _hint(points)
    colon = "" if lang == "zh" else ":"
    for part in (down + colon + "+5", up + colon + "−5", "+40"):
        assert part in hint, hint
    if board == "simulated_mono":
        assert ("R长返回" if lang == "zh" else "R hold:Back") in hint, hint
    else:
        assert back + ("返回" if lang == "zh" else ":Back") in hint, hint
    assert "80" in points.strings(), points.strings()  # the points themselves still shown


def test_a_paged_settlement_names_the_way_back_and_shows_every_transfer(evening):
    board, lang, frames = evening
    settles = _seen(frames, "SettleScreen")
    for f in settles:
        hint = _hint(f)
        if board == "simulated_mono":
            assert ("R长返回" if lang == "zh" else "R hold:Back") in hint, hint
        else:
            assert "B" + ("返回" if lang == "zh" else ":Back") in hint, hint
    # 乙 won 9 from the three others: three transfers, each on some page.
    shown = " ".join(f.joined() for f in settles)
    pays = "{} 付 乙 3" if lang == "zh" else "{} pays P2 3"
    names = ("甲", "丙", "丁") if lang == "zh" else ("P1", "P3", "P4")
    for name in names:
        assert pays.format(name) in shown, shown


@pytest.mark.parametrize("lang", ("zh", "en"))
def test_five_players_both_bomb_keys_are_named_on_128x64(lang):
    # "R:5-card L:6-card" was 17 characters: the 16 of a 128x64 row dropped L's.
    frames = run_evening([("open", ["ddz", "five", {}])] + keys("o n n n o"), "simulated_mono",
                         lang)
    play = _seen(frames, "PlayScreen")[-1]
    expected = ("R五张炸", "L六张炸") if lang == "zh" else ("R:5card", "L:6card")
    assert all(word in _hint(play) for word in expected), _hint(play)
