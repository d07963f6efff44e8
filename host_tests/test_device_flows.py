"""The real firmware on the MicroPython VM with the simulated board, driven by keys as a
person at the table would press them: whole evenings of every game, with a void, an amend,
the settlement and a power cycle. The journal the device leaves is then booted on the host,
and must hold exactly what the core scores for its records."""

import pytest
from device_vm import keys, run_device
from test_journal_memfs import hand

from core.journal import Journal
from core.score import score_hand
from drivers.memfs import MemFS

NEW_CLASSIC = keys("p o")  # the new-table screen: PREV wraps to "start", OK opens it


def host_table(files):
    """Boot the device's journal on CPython: the table as the host tools will see it."""
    table, report = Journal(MemFS(files), "/data").boot()
    assert report.clean()
    return table


def recount(table):
    """Totals from scratch: every live hand's record scored again by the core."""
    totals = [0] * table.persons
    for i in range(len(table.entries)):
        entry = table.entries[i]
        if not entry["void"]:
            deltas = score_hand(entry["record"])["deltas"]
            for person, delta in enumerate(table.person_deltas(entry["record"], deltas)):
                totals[person] += delta
    return totals


CLASSIC_EVENING = (
    NEW_CLASSIC
    # hand 1: 乙 (the cursor's default) bids 3, one bomb, landlord wins: 3 × 2 = 6 a pair
    + keys("o o n o o") + [("state", "hand1")]
    # hand 2: 丙 (the next default) bids 2, a rocket, farmers win: 2 × 2 = 4 a pair
    + keys("o n o p o n o") + [("state", "hand2")]
    # hand 3: same as last (丙 bids 2), two bombs, spring: 2 × 2² × 2 = 16 a pair
    + keys("m o n n o n n o") + [("state", "hand3")]
    # void hand 1: menu, history, third row (newest first), OK, void, confirm
    + keys("m n o n n o o n o o") + [("state", "voided")]
    # amend hand 2: history, second row, amend: its result as recorded (farmers win); back
    # to the play screen, undo the rocket (its menu's last row: amending, BACK walks back),
    # back on the result (still on farmers win): the landlord wins instead
    + keys("m n o n o o o b m p o o p o") + [("state", "amended")]
    # the settlement
    + keys("m n n o") + [("shot", "settle")]
)


@pytest.fixture(scope="module")
def classic():
    return run_device(CLASSIC_EVENING)


def test_a_classic_evening_scores_every_step(classic):
    states = classic.states
    assert states["hand1"]["totals"] == [-6, 12, -6]
    assert states["hand2"]["totals"] == [-2, 16, -14]
    assert states["hand3"]["totals"] == [-18, 0, 18]
    assert states["voided"]["totals"] == [-12, -12, 24]
    assert states["amended"]["totals"] == [-18, -18, 36]
    assert states["amended"]["hands"] == 2


def test_the_journal_left_behind_holds_what_the_core_scores(classic):
    table = host_table(classic.files)
    assert table.totals == classic.end["totals"] == recount(table)
    assert [table.entries[i]["void"] for i in range(3)] == [True, False, False]
    assert table.entries[1]["previous"][0]["bombs"] == ["rocket"]


def test_a_power_cycle_boots_into_the_same_table(classic):
    again = run_device([("state", "boot")], files=classic.files)
    assert again.states["boot"]["screen"] == "TableScreen"
    assert again.states["boot"]["totals"] == classic.end["totals"]


def test_a_repaired_journal_is_announced_at_boot_and_the_good_hands_kept(classic):
    files = dict(classic.files)
    segment = max(p for p in files if "/j" in p)
    files[segment] = files[segment] + b"7 deadbeef {\"torn"  # a write cut mid-line
    again = run_device([("state", "boot"), ("shot", "notice"), ("key", "OK"),
                        ("state", "after")], files=files)
    assert again.states["boot"]["screen"] == "Notice"
    assert again.states["after"]["totals"] == classic.end["totals"]
    assert any(p.rsplit("/", 1)[1].startswith("lost.") for p in again.files)


BAOHUANG_EVENING = (
    keys("o o o o o o p o")  # cycle the game row to 保皇, then start
    # emperor 乙 (cursor), guard 甲, hidden guard; 甲 out first, 乙 second: guard 3
    + keys("o o o o o o") + [("state", "normal")]
    # emperor 丙, plays alone (its own row), hidden solo; 甲 and 乙 out before it;
    # the rebels' revolt succeeded: −12 × 2
    + keys("o n n o n o o o n o") + [("state", "solo")]
    # void hand 1: history, second row, change, void, confirm
    + keys("m n o n o o n o o") + [("state", "voided")]
    # amend hand 2 to an open solo that 丙 won: history, first row, change, amend: its
    # result as recorded; back to the order, take back 甲 and 乙 (amending, with the menu's
    # key), back to the solo screen: open solo, 丙 out first
    + keys("m n o o o o b m m b p o n n o o") + [("state", "amended")]
    + keys("m n n o") + [("state", "settle")])


def test_a_baohuang_evening_with_a_void_an_amend_and_the_settlement():
    run = run_device(BAOHUANG_EVENING)
    assert run.states["normal"]["totals"] == [3, 6, -3, -3, -3]
    assert run.states["solo"]["totals"] == [9, 12, -27, 3, 3]
    assert run.states["voided"]["totals"] == [6, 6, -24, 6, 6]
    assert run.states["amended"]["totals"] == [-6, -6, 24, -6, -6]
    assert run.states["settle"]["screen"] == "SettleScreen"
    table = host_table(run.files)
    assert table.totals == [-6, -6, 24, -6, -6] == recount(table)
    assert table.entries[1]["previous"][0]["solo"] == "hidden"


SHENGJI_EVENING = (
    keys("o o o o o o o p o")  # cycle the game row to 升级, then start
    # first dealer 乙 (chosen on the table screen); attackers take 70: dealers +1
    + keys("o p p o o") + [("state", "keep")]
    # dealer 丁 (乙's partner); attackers take 120 (80 + 40): they take the deal, +1
    + keys("o m o o") + [("state", "take")]
    # dealer 甲; attackers take 0 (80 + 6 × 40 wraps to 0): dealers +3
    + keys("o m m m m m m o o") + [("state", "zero")]
    # void hand 2: history (first item: no "same as last" in 升级), second row
    + keys("m o n o o n o o") + [("state", "voided")]
    # amend hand 1 to 80 points: history, third row, change, amend: its result as
    # recorded; back to the points, 70 + 5 + 5
    + keys("m o n n o o o b n n o o") + [("state", "amended")]
    + keys("m n o") + [("state", "settle")])


def test_a_shengji_evening_with_a_void_an_amend_and_the_settlement():
    run = run_device(SHENGJI_EVENING)
    assert run.states["keep"]["levels"] == [0, 1] and run.states["keep"]["dealer"] == 3
    assert run.states["take"]["levels"] == [1, 1] and run.states["take"]["dealer"] == 0
    assert run.states["zero"]["levels"] == [4, 1] and run.states["zero"]["dealer"] == 2
    # without hand 2, hand 3 (dealer 甲, 0 points) still gives team {0,2} three levels
    assert run.states["voided"]["levels"] == [3, 1]
    # hand 1 at 80 points: the attackers take the deal with no level; hand 3 as before
    assert run.states["amended"]["levels"] == [3, 0]
    assert run.states["amended"]["dealer"] == 2
    assert run.states["settle"]["screen"] == "SettleScreen"
    table = host_table(run.files)
    assert table.state["levels"] == [3, 0] and table.state["dealer"] == 2


UNDO_EVENING = (
    NEW_CLASSIC
    + keys("o o n o o")  # hand 1: 乙 bids 3, one bomb, wins: 甲 −6 乙 +12 丙 −6
    + keys("o n o p o n o") + [("state", "hand2")]  # hand 2: 丙 bids 2, a rocket, farmers win
    # BACK on the table screen: the undo screen for hand 2; OK voids it
    + keys("b") + [("state", "asked")] + keys("o") + [("state", "undone")]
    # history, hand 2 (newest first, voided): OK asks to restore it, OK does
    + keys("m n o o o") + [("state", "restore")] + keys("o") + [("state", "restored")]
    # undo twice: hand 2, then hand 1; with none left BACK says so
    + keys("b o b o") + [("state", "none_left")] + keys("b") + [("state", "nothing")])


@pytest.mark.parametrize("board", ["simulated", "simulated_mono"])
def test_the_last_hand_is_undone_in_two_presses_and_restored_from_history(board):
    run = run_device(UNDO_EVENING, board=board)
    states = run.states
    assert states["hand2"]["totals"] == [-2, 16, -14]
    assert states["asked"]["screen"] == "UndoScreen"
    assert states["undone"]["screen"] == "TableScreen"
    assert states["undone"]["totals"] == [-6, 12, -6]  # as after hand 1
    assert states["restore"]["screen"] == "Confirm"
    assert states["restored"]["totals"] == [-2, 16, -14]
    assert states["none_left"]["totals"] == [0, 0, 0]
    assert states["nothing"]["screen"] == "Notice"
    table = host_table(run.files)
    assert table.totals == [0, 0, 0] == recount(table)
    assert [table.entries[i]["void"] for i in range(2)] == [True, True]
    again = run_device(keys("m n o o o o") + [("state", "boot")], files=run.files,
                       board=board)
    assert again.states["boot"]["totals"] == [4, 4, -8]  # hand 2 alone counts again


def test_the_mono_board_runs_the_same_evening():
    run = run_device(CLASSIC_EVENING, board="simulated_mono")
    assert run.end["totals"] == [-18, -18, 36]


def test_a_full_flash_keeps_the_hand_on_its_preview_until_there_is_room():
    opened = run_device(NEW_CLASSIC)
    used = sum(len(d) for d in opened.files.values())
    full = run_device(keys("o o n o o") + [("state", "refused")], files=opened.files,
                      capacity=used)
    assert full.states["refused"]["screen"] == "Notice"
    assert full.states["refused"]["hands"] == 0
    # With room, the same presses record it (B then OK on the table screen would undo it).
    retried = run_device(keys("o o n o o"), files=opened.files)
    assert retried.end["hands"] == 1 and retried.end["totals"] == [-6, 12, -6]


def test_closing_a_table_archives_it_and_deleting_the_archive_frees_the_flash():
    run = run_device(
        NEW_CLASSIC + keys("o o n o o")
        # menu, "new table" (4th), confirm closing: the table goes to the archive
        + keys("m n n n o o") + [("state", "closed")]
        # MENU on the new-table screen: the archives; the newest opens, its last row
        # deletes: OK twice keeps it (the question starts on "keep"); again, down to
        # "delete", OK
        + keys("m") + [("state", "archives")] + keys("o p p o o") + [("state", "kept")]
        + keys("o n o") + [("state", "deleted")])
    assert run.states["closed"]["screen"] == "NewTableScreen"
    assert run.states["closed"]["archives"] == 1
    assert run.states["archives"]["screen"] == "ArchivesScreen"
    assert run.states["kept"]["screen"] == "ArchiveScreen"
    assert run.states["kept"]["archives"] == 1
    assert run.states["deleted"]["archives"] == 0
    assert not [p for p in run.files if p.startswith("/data/archive/")]


def test_a_second_rocket_from_one_deck_is_refused_and_the_hand_goes_on():
    # 乙 bids 3; 王炸 (PREV) twice: one deck has one rocket, so the second press says so
    run = run_device(NEW_CLASSIC + keys("o o p") + [("state", "one")] + keys("p")
                     + [("state", "refused"), ("shot", "refused")] + keys("o")
                     + [("state", "back")] + keys("o o") + [("state", "end")])
    assert run.states["refused"]["screen"] == "Notice"
    assert run.states["back"]["screen"] == "PlayScreen"
    # 3 × 2(one rocket) = 6 a pair: the landlord 乙 +12
    assert run.states["end"]["totals"] == [-6, 12, -6]
    table = host_table(run.files)
    assert table.entries[0]["record"]["bombs"] == ["rocket"]


def test_house_factors_come_from_the_play_menu_and_count_in_the_hand():
    # the play menu: double, show, more bombs, house rule, escape. 乙 bids 3; house ×2, then
    # house ×3 (NEXT from ×2); the result, landlord wins: M = 2 × 3 = 6, 3 × 6 = 18 a pair
    house = keys("m n n n o o")
    run = run_device(NEW_CLASSIC + keys("o o") + house + [("state", "once")]
                     + keys("m n n n o n o") + [("state", "twice"), ("shot", "play")]
                     + keys("o o") + [("state", "hand1")]
                     # 丙 bids 3; house ×2, then None takes it away; one bomb: 3 × 2 = 6
                     + keys("o o") + house + keys("m n n n o p o n o o")
                     + [("state", "hand2")])
    assert run.states["once"]["screen"] == run.states["twice"]["screen"] == "PlayScreen"
    assert run.states["hand1"]["totals"] == [-18, 36, -18]
    assert run.states["hand2"]["totals"] == [-24, 30, -6]
    table = host_table(run.files)
    assert table.entries[0]["record"]["house"] == [2, 3]
    assert "house" not in table.entries[1]["record"]
    assert table.totals == recount(table)


def test_the_new_table_screen_gives_the_evening_an_end():
    # classic's rows: game, cap, bomb mode, spring, 超级加倍, beans, titles, the end, the
    # names, start: PREV three times from the game row is the end; OK makes it 12 hands;
    # NEXT past the names to start, OK
    run = run_device(keys("p p p o n n o") + [("state", "open")])
    assert run.states["open"]["screen"] == "TableScreen"
    assert host_table(run.files).end == {"hands": 12}


def test_the_hand_that_ends_the_evening_says_so_and_offers_the_settlement():
    fs = MemFS({})
    table = Journal(fs, "/data").open_table("ddz", 3, "classic", names=["甲", "乙", "丙"],
                                            end={"hands": 12})
    for i in range(11):
        table.record(hand(i))
    run = run_device(keys("o o o o") + [("state", "over"), ("shot", "over")] + keys("o")
                     + [("state", "settle")] + keys("b o o o o") + [("state", "after")],
                     files=fs.files)
    assert run.states["over"]["screen"] == "EveningOver"
    assert run.states["over"]["hands"] == 12
    assert run.states["settle"]["screen"] == "SettleScreen"
    # the table stays open and plays on; the end is not said again after the next hand
    assert run.states["after"]["screen"] == "TableScreen"
    assert run.states["after"]["hands"] == 13


# classic's rows from the bottom: start, names, end, who bombed, titles, players: PREV six
# times; OK twice makes five players, the rotation row then comes next: OK makes it "the
# leader sits out"; NEXT past titles, who bombed, the end and the names to start, OK
ROSTER_OPENING = keys("p p p p p p o o n o n n n n n o") + [("state", "open")]
# 乙 (the cursor: the seat after the dealer's) lands bid 3, a bomb, wins: 3 x 2 = 6 a
# farmer; then the landlord 乙 and, from the turn group {3,4} + 2 = {0,1}, 甲 sit out
ROSTER_HAND1 = keys("o o n o o") + [("state", "hand1")]
# on [丙, 丁, 戊] the cursor is 戊 (the seat after the new dealer): bid 3, wins: +6;
# then 戊 and, from {0,1} + 2 = {2,3}, 丙 sit out: [甲, 乙, 丁]
ROSTER_HAND2 = keys("o o o o") + [("state", "hand2")]
# the menu's first item on a roster's table: 甲 out, Done with two seated says so;
# 丙 in, Done: [乙, 丙, 丁]
ROSTER_SEATING = (keys("m o o n n n n n o") + [("state", "too_few")]
                  + keys("o p p p o n n n o") + [("state", "seated")])
# the cursor on 乙 (seat 0 of the new seating: the seat after the dealer, seat 2): bid 3,
# wins
ROSTER_HAND3 = keys("o o o o") + [("state", "hand3")]
ROSTER_EVENING = ROSTER_OPENING + ROSTER_HAND1 + ROSTER_HAND2 + ROSTER_SEATING + ROSTER_HAND3


def test_a_rotating_roster_from_the_new_table_screen_to_a_changed_seating():
    run = run_device(ROSTER_EVENING)
    assert run.states["open"]["seating"] == [0, 1, 2]
    assert run.states["hand1"]["totals"] == [-6, 12, -6, 0, 0]
    assert run.states["hand1"]["seating"] == [2, 3, 4]
    assert run.states["hand2"]["totals"] == [-6, 12, -9, -3, 6]
    assert run.states["hand2"]["seating"] == [0, 1, 3]
    assert run.states["too_few"]["screen"] == "Notice"
    assert run.states["seated"]["screen"] == "TableScreen"
    assert run.states["seated"]["seating"] == [1, 2, 3]
    assert run.states["hand3"]["totals"] == [-6, 18, -12, -6, 6]
    table = host_table(run.files)
    assert table.roster == "leader" and len(table.names) == 5
    assert [table.entries[i]["record"]["seating"] for i in range(3)] == [
        [0, 1, 2], [2, 3, 4], [1, 2, 3]]
    assert table.totals == [-6, 18, -12, -6, 6]


def test_an_unreadable_segment_is_announced_kept_and_blocks_recording_until_it_reads():
    # 14 hands: a snapshot after event 11, the newest segment holds the last three hands.
    fs = MemFS()
    table = Journal(fs, "/data").open_table("ddz", 3, profile="classic",
                                            names=["甲", "乙", "丙"])
    for i in range(14):
        table.record(hand(i))
    tail = "/data/table/j0000012.000011"
    assert tail in fs.files
    run = run_device([("state", "boot"), ("key", "OK")] + keys("o o n o o")
                     + [("state", "refused"), ("key", "OK"), ("readable", tail),
                        ("key", "OK"), ("state", "retried"), ("key", "OK")]
                     + keys("o o n o o"), files=fs.files, unreadable=[tail])
    # Boot says so, shows the 11 hands it could read, and refuses the next one.
    assert run.states["boot"]["screen"] == "Notice" and run.states["boot"]["hands"] == 11
    assert run.states["refused"]["screen"] == "Notice"
    assert run.states["refused"]["hands"] == 11
    # Once the segment reads, confirming again shows all 14, and the next hand is the 15th.
    assert run.states["retried"]["hands"] == 14
    assert run.end["screen"] == "TableScreen" and run.end["hands"] == 15
    again = host_table(run.files)
    assert len(again.entries) == 15 and again.totals == recount(again)


# The new-table screen of classic: game, cap, bomb mode, spring, 超级加倍, beans, titles, who
# bombed, the end, the names, start. PREV four times from the game row is who bombed: OK
# turns it on, NEXT three times to start, OK.
NEW_CLASSIC_BOMBERS = keys("p p p p o n n n o")


@pytest.fixture(scope="module")
def bombers():
    return run_device(
        NEW_CLASSIC_BOMBERS + [("state", "open")]
        # 乙 (the cursor) bids 3; a bomb (NEXT) asks who played it, the cursor on the
        # landlord: BACK there counts nothing
        + keys("o o n") + [("state", "picker"), ("shot", "picker")] + keys("b")
        + [("state", "cancelled")]
        # the bomb again, 丙's (one down from the landlord); a rocket (PREV), the cursor on
        # 丙 who bombed last: 甲 is one down (wrapping); a bomb from the menu's more bombs
        # (menu, third row, OK, the first kind), 甲's again: OK at once, back on the play
        # screen
        + keys("n n o p n o") + keys("m n n o o") + [("state", "more")] + keys("o")
        + [("state", "three")]
        # undo the third bomb (and who played it); the hand is over, the landlord wins:
        # 3 × 2 × 2 = 12 a pair
        + keys("b o o") + [("state", "hand1")]
        # amend it: history, the newest hand, change, amend; back to the play screen, undo
        # both with its menu's undo (amending, BACK walks back), one bomb, the cursor on the
        # landlord 乙: OK; landlord wins: 3 × 2 = 6 a pair
        + keys("m n o o o o b m p o m p o n o o o") + [("state", "amended")]
        # same as last hand: straight to the play screen, no bombs copied; landlord wins
        + keys("m o") + [("state", "same")] + keys("o o") + [("state", "hand2")])


def test_a_table_asking_who_bombed_is_opened_from_the_new_table_screen(bombers):
    assert bombers.states["open"]["screen"] == "TableScreen"
    assert host_table(bombers.files).header()["bombers"] is True


def test_each_bomb_asks_who_played_it_and_back_there_counts_none(bombers):
    states = bombers.states
    assert states["picker"]["screen"] == states["more"]["screen"] == "BomberScreen"
    assert states["cancelled"]["screen"] == states["three"]["screen"] == "PlayScreen"
    assert states["hand1"]["totals"] == [-12, 24, -12]
    assert states["amended"]["totals"] == [-6, 12, -6]
    assert states["same"]["screen"] == "PlayScreen"
    assert states["hand2"]["totals"] == [-9, 18, -9]
    table = host_table(bombers.files)
    assert table.totals == recount(table)
    first = table.entries[0]
    assert (first["previous"][0]["bombs"], first["previous"][0]["bombers"]) == (
        ["bomb", "rocket"], [2, 0])
    assert (first["record"]["bombs"], first["record"]["bombers"]) == (["bomb"], [1])
    second = table.entries[1]["record"]
    assert (second["bombs"], second["bombers"]) == ([], [])


def test_without_the_setting_a_bomb_is_one_press_and_the_record_has_no_bombers():
    run = run_device(NEW_CLASSIC + keys("o o n") + [("state", "bomb")] + keys("p o o"))
    assert run.states["bomb"]["screen"] == "PlayScreen"
    table = host_table(run.files)
    assert "bombers" not in table.header()
    record = table.entries[0]["record"]
    assert record["bombs"] == ["bomb", "rocket"] and "bombers" not in record


def test_on_the_mono_board_a_bomb_by_the_landlord_is_one_press_more():
    # 乙 bids 3; a bomb, the cursor already on 乙: OK; the landlord wins: 3 × 2 = 6 a pair
    run = run_device(NEW_CLASSIC_BOMBERS + keys("o o n o o o") + [("state", "hand1")],
                     board="simulated_mono")
    assert run.states["hand1"]["totals"] == [-6, 12, -6]
    record = host_table(run.files).entries[0]["record"]
    assert (record["bombs"], record["bombers"]) == (["bomb"], [1])


# classic's rows: game, cap, bomb mode, spring, 超级加倍, beans, unit, then (not at a unit
# with decimals on 128x64) players, then titles, who bombed, the end, start. Six NEXTs to the
# unit row, OK three times: 1 → 0.1 → 0.2 → 0.5; six PREVs back to the game row, one more
# to start (it wraps), OK: the same on every panel.
NEW_HALF_UNIT = keys("n n n n n n o o o p p p p p p p o")
# 乙 bids 3, one bomb, the landlord wins: 3 × 2 = 6 a pair, 乙 +12 points × 0.5 = +6.00
# and each farmer −3.00; then the menu's settlement (same as last, history, settle)
HALF_UNIT_HAND = keys("o o n o o")
SETTLE = keys("m n n o")


def test_a_table_opened_at_half_a_unit_a_point_counts_in_hundredths():
    run = run_device(NEW_HALF_UNIT + [("state", "open")] + HALF_UNIT_HAND
                     + [("state", "hand1")])
    assert run.states["open"]["screen"] == "TableScreen"
    assert run.states["hand1"]["totals"] == [-300, 600, -300]  # hundredths
    table = host_table(run.files)
    # The unit went through the journal's JSON on MicroPython and came back the same number.
    assert table.rules == {"unit": 0.5}
    assert table.entries[0]["record"]["rules"] == {"unit": 0.5}
    assert table.scale == 100 and table.totals == [-300, 600, -300] == recount(table)
    assert table.settlement() == [(0, 1, 300), (2, 1, 300)]


@pytest.mark.parametrize("board", ["simulated", "simulated_mono"])
def test_the_screens_show_the_money_with_two_decimals(board):
    from scenarios import run_evening

    frames = run_evening(NEW_HALF_UNIT + HALF_UNIT_HAND + SETTLE, board)
    rows = [f for f in frames if f.screen == "NewTableScreen"]
    assert any("单位: 0.5" in f.strings() for f in rows), rows[-1].strings()
    result = [f for f in frames if f.screen == "Preview"][-1].joined()
    assert "+6.00" in result and "−3.00" in result, result
    if board == "simulated":  # on 128x64 the breakdown is on the result's next page
        assert "× 0.5(单位)" in result, result
    table = [f for f in frames if f.screen == "TableScreen"][-1].strings()
    assert "+6.00" in table and "−3.00" in table, table
    settle = frames[-1]
    assert settle.screen == "SettleScreen"
    assert "1分=0.5元" in settle.strings(), settle.strings()
    assert any("3.00" in s for s in settle.strings()), settle.strings()


def test_the_unit_row_is_gone_with_beans_and_a_unit_never_reaches_a_beans_table():
    # the unit row at 0.5 (six NEXTs, three OKs), then beans on (one PREV, OK): the rows
    # after beans are now its own (room, fee, balance), then titles, who bombed, the end, the
    # names and start (eight NEXTs: no roster with beans); the table opens without a unit
    run = run_device(keys("n n n n n n o o o p o n n n n n n n n o") + [("state", "open")])
    assert run.states["open"]["screen"] == "TableScreen"
    rules = host_table(run.files).rules
    assert "unit" not in rules and "beans" in rules


def test_the_mono_panel_offers_cents_only_where_its_table_screen_shows_them():
    # 保皇 (the game row's seventh value), its unit row once: 0.1 on a colour panel, 2 on
    # 128x64, whose table screen has no room for "+15.00" beside five names; then past the
    # names to start
    pick = keys("o o o o o o n o n n n n n o") + [("state", "open")]
    assert host_table(run_device(pick).files).rules == {"unit": 0.1}
    assert host_table(run_device(pick, board="simulated_mono").files).rules == {"unit": 2}
    # classic at 0.5 on 128x64: no players row (a roster would be more than three), so
    # NEXT after the unit row is titles, then who bombed, the end, the names and start
    half = keys("n n n n n n o o o n n n n n o") + [("state", "open")]
    table = host_table(run_device(half, board="simulated_mono").files)
    assert table.rules == {"unit": 0.5} and table.roster is None


# The game row to 癞子 (two OKs), PREV to start, OK; 乙 lands, no grab, no bomb, wins.
LAIZI_PLAIN = keys("o o p o") + keys("o o o o")


@pytest.mark.parametrize("board", ["simulated", "simulated_mono", "simulated_large"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_plain_laizi_hand_counts_at_the_default_base(board, lang):
    from scenarios import run_evening

    frames = run_evening([("key", k) for _, k in LAIZI_PLAIN], board, lang)
    rows = [s for f in frames if f.screen == "NewTableScreen" for s in f.strings()]
    assert ("底分: 4" if lang == "zh" else "Base: 4") in rows, rows
    # base 4 × M 1 × ¼ = 1 a farmer: the landlord 乙 +2
    assert frames[-1].screen == "TableScreen" and frames[-1].data["totals"] == [-1, 2, -1]


def test_laizis_base_is_written_into_the_tables_rules():
    run = run_device(LAIZI_PLAIN)
    table = host_table(run.files)
    assert table.rules == {"base": 4}
    assert table.entries[0]["record"]["rules"] == {"base": 4}
    assert table.totals == [-1, 2, -1] == recount(table)


# Free scoring from the new-table screen: the game row round to 自由记分 (eight OKs), PREV to
# start, OK (four seats, zero-sum); 乙 (the cursor) +30 at a step of 10 (the menu twice), OK
# through 丙 丁 甲, who share −30, OK; then from 丁 (one NEXT past the cursor's 丙) +20 and
# 甲 −20 at the same step, 乙 and 丙 left at 0 with nothing to share; then amend hand 2
# (history, its page, change, amend: its result as recorded; back to the points, from 甲
# three rows on to 丁, +10: 乙 and 丙 share the −10), and the settlement.
FREE_EVENING = (
    keys("o o o o o o o o p o") + [("state", "open")]
    + keys("o m m n n n o o o o") + [("state", "preview")] + keys("o") + [("state", "hand1")]
    + keys("n o n n o p p o o o o") + [("state", "hand2")]
    + keys("m o o o o b o o o n o o") + [("state", "amended")]
    + keys("m n o") + [("state", "settle")])


def test_a_free_scoring_evening_from_the_new_table_screen_to_the_settlement():
    run = run_device(FREE_EVENING)
    states = run.states
    assert states["open"]["screen"] == "TableScreen"
    assert states["preview"]["screen"] == "Preview"
    assert states["hand1"]["totals"] == [-10, 30, -10, -10]
    assert states["hand2"]["totals"] == [-30, 30, -10, 10]
    # hand 2 as amended: 甲 −20, 乙 −5, 丙 −5, 丁 +30
    assert states["amended"]["totals"] == [-30, 25, -15, 20]
    assert states["settle"]["screen"] == "SettleScreen"
    table = host_table(run.files)
    assert table.game == "free" and table.players == 4 and table.rules == {}
    assert table.entries[0]["record"]["points"] == [-10, 30, -10, -10]
    assert table.entries[1]["previous"][0]["points"] == [-20, 0, 0, 20]
    assert table.totals == recount(table)


# A table open (hand 1 of CLASSIC_EVENING), an archived one behind it (hands 1 and 2): the
# menu's archives (fifth item), the newest opens read-only: its totals in the first row;
# history, the newest hand's page (OK changes nothing there); statistics; the settlement and
# its QR code; then BACK to the open table, as it was.
ARCHIVE_VIEW = (
    NEW_CLASSIC + keys("o o n o o") + keys("o n o p o n o") + keys("m n n n o o")
    + keys("p o") + keys("o o n o o") + [("state", "open")]
    + keys("m n n n n o") + [("state", "list")] + keys("o") + [("state", "view")]
    + keys("o o") + [("state", "hand")] + keys("o") + [("state", "still")] + keys("b b")
    + keys("n o") + [("state", "stats")] + keys("b")
    + keys("n o") + [("state", "settle")] + keys("o") + [("state", "qr")] + keys("b b")
    + keys("b") + [("state", "list_again")] + keys("b") + [("state", "back")])


def test_an_archived_table_opens_read_only_and_gives_the_open_one_back():
    run = run_device(ARCHIVE_VIEW)
    states = run.states
    assert states["open"]["totals"] == [-6, 12, -6] and states["open"]["hands"] == 1
    assert states["list"]["screen"] == "ArchivesScreen"
    view = states["view"]
    assert view["screen"] == "ArchiveScreen"
    assert view["totals"] == [-2, 16, -14] and view["hands"] == 2  # the archived table's
    assert states["hand"]["screen"] == "HandScreen"
    assert states["still"]["screen"] == "HandScreen"  # no void, no amend
    assert states["stats"]["screen"] == "StatsScreen"
    assert states["settle"]["screen"] == "SettleScreen"
    assert states["qr"]["screen"] == "QrScreen"
    assert states["list_again"]["screen"] == "ArchivesScreen"
    back = states["back"]
    assert back["screen"] == "TableScreen"
    assert back["totals"] == [-6, 12, -6] and back["hands"] == 1
    table = host_table(run.files)
    assert table.totals == [-6, 12, -6]
    archived, _report = Journal(MemFS(run.files), "/data").read_archive("0001")
    assert archived.totals == [-2, 16, -14] and len(archived.entries) == 2
