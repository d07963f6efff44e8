"""Every press counts (issue 22): at a table pressing fast, on every layout and in both
languages, on the simulator with a person's timing (host_tests/hurried.py).

- A message never swallows a press: a bomb pressed while "no such bomb" is shown is a bomb,
  and the message also goes by itself.
- Who bombed: two bombs pressed in one breath are two bombs, each asked for after.
- A double tap on OK at the end of a hand does not confirm a result nobody saw.
- A power cut mid-hand: the board comes back to the hand being entered; a draft that does
  not read is said to be lost, and never costs a confirmed hand.
"""

import json

import pytest
from hurried import BOARDS, LANGS, opening, play

EVERYWHERE = [(b, lang) for b in BOARDS for lang in LANGS]


def _rows_to_bombers():
    # The classic new-table screen from its first row: PREV to "start", the names, "end",
    # then "who bombed"; OK turns it on; NEXT three times back to "start", OK opens the table.
    return "{prev} {prev} {prev} {prev} {ok} {next} {next} {next} {ok}"


@pytest.mark.parametrize(("board", "lang"), EVERYWHERE)
def test_a_bomb_pressed_on_a_message_is_a_bomb(board, lang):
    # 乙 bids 3; a double tap on the rocket key: one rocket, then "no such bomb" (one deck
    # holds one rocket); two bombs pressed at once, the first also taking the message away.
    # 3 × 2 × 2 × 2 = 24 a pair, not 6.
    played = play(board, lang, opening("classic")
                  + " {ok} {ok} {prev^} {next} {next} {ok} {ok}")
    assert played.state["totals"] == [-24, 48, -24]
    assert played.records()[0]["bombs"] == ["rocket", "bomb", "bomb"]


@pytest.mark.parametrize("lang", LANGS)
def test_two_players_a_refused_rocket_eats_no_bomb(lang):
    played = play("simulated_mono", lang, opening("two")
                  + " {ok} {ok} {prev^} {next} {ok} {ok}")
    assert played.records()[0]["bombs"] == ["rocket", "bomb"]
    assert played.state["totals"] == [-12, 12]


def test_a_passing_message_goes_by_itself():
    # The refused rocket's message, left alone for 3.5 s: gone, and the play screen's
    # keys act at once.
    played = play("simulated", "zh", opening("classic")
                  + " {ok} {ok} {prev^} wait:3500 {next} {ok} {ok}")
    assert played.records()[0]["bombs"] == ["rocket", "bomb"]


@pytest.mark.parametrize(("board", "lang"), EVERYWHERE)
def test_two_quick_bombs_are_two_bombs_each_asked_for_after(board, lang):
    # 乙 bids 3; a double tap on the bomb key: two bombs. The first's question: the cursor on
    # the landlord 乙, moved to 丙; the second's starts on 丙 (who played the one before).
    played = play(board, lang, _rows_to_bombers()
                  + " {ok} {ok} {next^} wait:600 {next} {ok} {ok} {ok} {ok}")
    record = played.records()[0]
    assert record["bombs"] == ["bomb", "bomb"] and record["bombers"] == [2, 2]
    assert played.state["totals"] == [-12, 24, -12]


@pytest.mark.parametrize("board", BOARDS)
def test_a_press_on_the_who_bombed_list_once_read_moves_its_cursor(board):
    # At a person's pace the list's keys are the list's: one bomb, played by 丙.
    played = play(board, "zh", _rows_to_bombers()
                  + " {ok} {ok} {next} {next} {ok} {ok} {ok}")
    record = played.records()[0]
    assert record["bombs"] == ["bomb"] and record["bombers"] == [2]


@pytest.mark.parametrize(("board", "lang"), EVERYWHERE)
def test_a_double_tap_on_ok_does_not_confirm_an_unseen_result(board, lang):
    # 乙 bids 3, one bomb; a double tap on OK: the result screen, and no more.
    hand = opening("classic") + " {ok} {ok} {next} {ok^}"
    played = play(board, lang, hand)
    assert played.state["screen"] == "Preview" and played.state["hands"] == 0
    # Read, then confirmed: one hand, and the table screen (not a new hand begun).
    played = play(board, lang, hand + " {ok}")
    assert played.state["screen"] == "TableScreen"
    assert played.state["totals"] == [-6, 12, -6]


def test_a_double_tap_does_not_confirm_a_void_unseen():
    # A hand; the menu, history, the hand, its actions, void: a double tap opens the
    # question and answers nothing.
    played = play("simulated", "zh", opening("classic") + " {ok} {ok} {ok} {ok}"
                  + " {menu} {next} {ok} {ok} {ok} {next} {ok^}")
    assert played.state["screen"] == "Confirm" and played.state["hands"] == 1


@pytest.mark.parametrize(("board", "lang"), EVERYWHERE)
def test_a_power_cut_mid_hand_comes_back_to_the_hand(board, lang):
    # 乙 bids 3, two bombs, then the power goes: the board comes back on the play screen
    # with both bombs (nothing recorded), and the hand goes on from there: ×4, 12 a pair.
    played = play(board, lang, opening("classic") + " {ok} {ok} {next} {next} reset")
    assert played.state["screen"] == "PlayScreen" and played.state["hands"] == 0
    assert "/data/hand.json" in played.files
    assert len(played.table.entries) == 0  # the host's journal: the draft is no hand
    played = play(board, lang, "{ok} {ok}", played.files)
    assert played.state["totals"] == [-12, 24, -12]
    assert played.records()[0]["bombs"] == ["bomb", "bomb"]
    # Confirmed: no hand in progress after the next power cut (the draft left on flash is
    # the recorded hand's, which boot passes by).
    played = play(board, lang, "", played.files)
    assert played.state["screen"] == "TableScreen" and played.state["hands"] == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_power_cut_keeps_who_bombed_and_the_bid(lang):
    played = play("simulated", lang, _rows_to_bombers()
                  + " {ok} {next} {ok} {next} {next} {ok} reset")
    assert played.state["screen"] == "PlayScreen"
    played = play("simulated", lang, "{ok} {ok}", played.files)
    record = played.records()[0]
    # 乙 bid 2, one bomb, played by 丙: 2 × 2 = 4 a pair.
    assert record["bid"] == 2 and record["bombs"] == ["bomb"] and record["bombers"] == [2]
    assert played.state["totals"] == [-4, 8, -4]


def test_a_power_cut_in_baohuang_and_shengji_comes_back_to_the_hand():
    # 保皇: emperor 乙, guard 丁 hidden, 乙 out first; cut; 丁 second decides the hand.
    played = play("simulated", "zh", opening("baohuang")
                  + " {ok} {next} {next} {next} {ok} {ok} {next} {ok} reset")
    assert played.state["screen"] == "OrderScreen"
    played = play("simulated", "zh", "{next} {next} {ok} {ok}", played.files)
    record = played.records()[0]
    assert record["emperor"] == 1 and record["guard"] == 3 and record["order"][:2] == [1, 3]
    # 升级: 乙 deals, the attackers' points down to 45; cut; the points screen at 45.
    played = play("simulated", "zh", opening("shengji")
                  + " {ok}" + " {prev}" * 7 + " reset")
    assert played.state["screen"] == "PointsScreen"
    played = play("simulated", "zh", "{ok} {ok}", played.files)
    assert played.records()[0]["points"] == 45


OWNER = ["ddz", "classic", 3, 1, 1]  # the table and its next hand after one hand recorded
KEPT = [
    (b"{not json", True),
    (json.dumps({"draft": {"landlord": 1}}).encode(), True),  # whose?
    (json.dumps({"owner": OWNER, "draft": {"landlord": 7, "bombs": []}}).encode(), True),
    (json.dumps({"owner": OWNER, "draft": {"landlord": 1, "bid": 3, "bombs": ["zz"]}})
     .encode(), True),
    (json.dumps({"owner": OWNER, "draft": {"landlord": 1, "bid": 9, "bombs": []}})
     .encode(), True),
    # Written for the hand before (the power went between its record and the draft's
    # removal): nothing was lost, nothing is said.
    (json.dumps({"owner": ["ddz", "classic", 3, 0, 0], "draft": {"landlord": 1}}).encode(),
     False),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("kept", "said"), KEPT)
def test_a_draft_that_does_not_read_is_said_lost_and_costs_no_hand(lang, kept, said):
    played = play("simulated", lang, opening("classic") + " {ok} {ok} {next} {ok} {ok}")
    assert played.state["hands"] == 1
    files = dict(played.files, **{"/data/hand.json": kept})
    played = play("simulated", lang, "", files)
    assert played.state["screen"] == ("Notice" if said else "TableScreen")
    assert played.state["hands"] == 1 and played.state["totals"] == [-6, 12, -6]
    assert "/data/hand.json" not in played.files
    # The message read, the next hand is entered and recorded as ever.
    played = play("simulated", lang, ("{ok} " if said else "") + "{ok} {ok} {ok} {ok}",
                  played.files)
    assert played.state["hands"] == 2


def test_a_hand_backed_out_of_is_not_brought_back():
    # 乙 bids 3, a bomb; BACK takes the bomb, then the bid screen, then the table: no hand
    # is being entered, and none comes back after a power cut.
    played = play("simulated_mono", "zh", opening("classic")
                  + " {ok} {ok} {next} {back} {back} {back} reset")
    assert played.state["screen"] == "TableScreen" and played.state["hands"] == 0


@pytest.mark.parametrize("board", BOARDS)
def test_the_guard_list_starts_on_the_first_player_who_is_not_the_emperor(board):
    # 保皇, emperor 甲 (PREV from 乙 on the table screen): OK on the guard list at once picks
    # 乙, not 独保; then hidden, and 甲 乙 out first and second decide the hand.
    played = play(board, "zh", opening("baohuang") + " {prev} {ok} {ok} {ok} {ok} {ok} {ok}")
    record = played.records()[0]
    assert record["emperor"] == 0 and record["guard"] == 1 and "solo" not in record


def test_a_second_player_reaching_the_end_is_said_too():
    # A classic table that ends at ±100 (the end row, PREV three times, cycled to ±100,
    # NEXT past the names to start). Hand 1:
    # 乙 bids 3, four bombs, wins: 乙 +96. Hand 2: 丙 the same, the farmers win: 乙 +144,
    # 丙 −144: the end is said. Played on; hand 3: 甲 five bombs and loses: −192, past −100
    # too: said again.
    opening = "{prev} {prev} {prev} {ok} {ok} {ok} {ok} {ok} {next} {next} {ok}"
    hand_2 = " {ok} {ok} {next} {next} {next} {next} {ok} {next} {ok}"
    played = play("simulated", "zh", opening + " {ok} {ok} {next} {next} {next} {next} {ok} {ok}"
                  + hand_2)
    assert played.state["screen"] == "EveningOver" and played.state["totals"] == [0, 144, -144]
    played = play("simulated", "zh", opening
                  + " {ok} {ok} {next} {next} {next} {next} {ok} {ok}" + hand_2 + " {back}"
                  + " {ok} {ok} {next} {next} {next} {next} {next} {ok} {next} {ok}")
    assert played.state["screen"] == "EveningOver"
    assert played.state["totals"] == [-192, 240, -48]
