"""The screens as a table sees them: whole evenings of every game, in both languages, on every
layout, with what each screen shows read from the painter's ops (host_tests/scenarios.py)
and held to the table's numbers and to the screen's geometry:

- every string lies on the screen, no two strings overlap, nothing but the hints reaches the
  hint rows, the hints fit the width;
- a hint line names OK and the menu wherever the screen has them;
- the table screen shows every player's total (or beans balance) as the core keeps it, the
  play screen the core's multiplier, the result screen the changes the hand then makes to
  the totals;
- in English nothing Chinese is shown but the names.
"""

import re

import pytest
from scenarios import keys, run_evening

from core.money import text as money_text

OK, MENU = 3, 5


def signed(value, scale):
    """An amount as the screens print it: "−" for minus, "+1.50" at a unit of 0.5."""
    return money_text(value, scale, "+", "−")

CLASSIC = (
    [("open", ["ddz", "classic", {}])]
    + keys("o o n o o")  # bid 3, a bomb, the landlord wins
    + keys("o n o p o n o")  # bid 2, a rocket, the farmers win
    + keys("o o m o n o b o o")  # bid 3, the second player doubles, the landlord wins
    + keys("o o m n n n o o n o o")  # bid 3, the first player escapes with one bomb held
    + keys("m n o o b b")  # history, the newest hand
    + keys("m n o n o o o o")  # amend the second newest: it opens on its result, OK keeps it
    + keys("m n n o b")  # the settlement
)
HAPPY = [("open", ["ddz", "happy", {}])] + keys("o n o n o o") + keys("o o o n o")
LAIZI = [("open", ["ddz", "laizi", {}])] + keys("o n o n p o o") + keys("o o n o n o")
TWO = [("open", ["ddz", "two", {}])] + keys("o o n o o") + keys("o n o o n o")
FOUR = [("open", ["ddz", "four", {}])] + keys("o o n p o o") + keys("o o o n o")
FIVE = [("open", ["ddz", "five", {}])] + keys("o n o n o o") + keys("o o n o n o")
BEANS = ([("open", ["ddz", "classic", {"beans": {"n": 100, "fee": 10,
                                                   "balances": [1000, 1000, 1000]}}])]
         + keys("o o n o o") + keys("o o n n o n o"))
BAOHUANG = ([("open", ["baohuang", None, {}])]
            + keys("o n o o o o o o o") + keys("o o o o o o o o"))
SHENGJI = [("open", ["shengji", None, {}])] + keys("o n n o o") + keys("o m o o")

# Rosters larger than the seats (core/roster.py): five in turn, with the seating changed
# from the menu before the third hand (person 0 out, person 2 in); six at 保皇 where the
# emperor sits out next; six at the four-seat game where the biggest loser does.
ROSTER = ([("open", ["ddz", "classic", {}, 5, "turn"])]
          + keys("o o n o o") + keys("o n o p o n o")
          + keys("m o o n n o n n n o")  # seating: 0 out, 2 in, done
          + keys("o o n o o") + keys("m n n n o b"))  # a hand; the settlement
ROSTER_BAOHUANG = ([("open", ["baohuang", None, {}, 6, "leader"])]
                   + keys("o n o o o o o o o") + keys("o o o o o o o o"))
ROSTER_FOUR = ([("open", ["ddz", "four", {}, 6, "loser"])]
               + keys("o o n p o o") + keys("o o o n o") + keys("o o n o o"))
ROSTER_EIGHT = [("open", ["ddz", "classic", {}, 8, "turn"])] + keys("o o n o o") * 3

# Money per point: classic at 0.5 (amounts in hundredths, to the cent), 保皇 at 2.5, and a
# roster of four at 0.5 where the biggest loser sits out.
UNIT = ([("open", ["ddz", "classic", {"unit": 0.5}])] + keys("o o n o o")
        + keys("o n o p o n o") + keys("m n n o b"))
UNIT_BAOHUANG = [("open", ["baohuang", None, {"unit": 2.5}])] + keys("o n o o o o o o o")
UNIT_ROSTER = ([("open", ["ddz", "classic", {"unit": 0.5}, 4, "loser"])]
               + keys("o o n o o") + keys("o n o p o n o"))

# Five-digit totals (12 bombs: 3 × 2¹² a pair): three players and four, their settlements (the
# four's on two pages on 128x64, NEXT turning it).
BIG = ([("open", ["ddz", "classic", {}])] + keys("o o" + " n" * 12 + " o n o")
       + keys("m n n o b"))
BIG_FOUR = ([("open", ["ddz", "four", {}])] + keys("o o" + " n" * 12 + " o o")
            + keys("m n n o n b"))

# The table screen's undo (BACK, then OK), and history's restore of the voided hand: on a
# five-player game, on beans, on 升级 and on a roster.
UNDO = (FIVE + keys("b o m n o o o o") + BEANS + keys("b o") + SHENGJI + keys("b o")
        + ROSTER + keys("b o"))
# Beans with a fee: the settlement, each player's own fee on its last line (its next pages
# where it does not fit, NEXT turning them: on 128x64, with a second row of hints, a line a
# page).
BEANS_SETTLE = BEANS + keys("m n n o n n n n b")

# Free scoring 自由记分 (core/free.py): four players, the cursor's player (乙) +30 at a step of
# 5, OK through the others, who share −30; then a roster of five on four seats, and a table
# whose points need not add up to 0 (a player +7 alone), its settlement saying so (the
# menu's second item: no "same as last" in free scoring).
FREE = ([("open", ["free", None, {}, None, None, 4])] + keys("o m n n n n n n o o o o o")
        + keys("o p p o o o o o") + keys("m n o b"))
FREE_ROSTER = ([("open", ["free", None, {}, 5, "turn", 4])] + keys("o m n n n n o o o o o")
               + keys("b o"))
FREE_OPEN_SUM = ([("open", ["free", None, {"zero_sum": False}, None, None, 3])]
                 + keys("o n n n n n n n o o o o") + keys("m n o b"))

# The archives from the last table's menu (free scoring: its fourth item), the newest (the
# roster of free scoring) read-only: history and a hand's page, statistics, the settlement,
# the delete's question left unanswered; back to the open table.
ARCHIVES = (keys("m n n n o o") + keys("o o b b") + keys("n o b") + keys("n o b")
            + keys("n o b") + keys("b b"))

EVENING = (CLASSIC + HAPPY + LAIZI + TWO + FOUR + FIVE + BEANS + BAOHUANG + SHENGJI + ROSTER
           + ROSTER_BAOHUANG + ROSTER_FOUR + UNIT + BIG + BIG_FOUR + UNDO + BEANS_SETTLE + FREE
           + FREE_ROSTER + FREE_OPEN_SUM + ARCHIVES)
# What the 128x64 panel does not offer: eight on a roster (its four rows hold six), amounts
# to the cent for more than three players (half its width holds no "+15.00").
NOT_ON_MONO = ROSTER_EIGHT + UNIT_BAOHUANG + UNIT_ROSTER

BOARDS = ("simulated", "simulated_mono", "simulated_large")
CJK = re.compile("[\u3400-\u9fff]")


@pytest.fixture(scope="module", params=[(b, lang) for b in BOARDS for lang in ("zh", "en")],
                ids=lambda p: "{}-{}".format(*p))
def evening(request):
    board, lang = request.param
    return lang, run_evening(_evening(board), board, lang)


def _evening(board):
    return EVENING + (NOT_ON_MONO if board != "simulated_mono" else [])


def _overlap(a, b):
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_no_text_leaves_the_screen_or_runs_into_another(evening):
    _lang, frames = evening
    faults = []
    for f in frames:
        width, height = f.size
        hint_top = min(t.y0 for t in f.hints)
        for t in f.texts + f.hints:
            if t.x0 < 0 or t.x1 > width or t.y0 < 0 or t.y1 > height:
                faults.append((f.step, f.screen, "off the screen", t.s))
        for t in f.texts:
            if t.y1 > hint_top:
                faults.append((f.step, f.screen, "over the hints", t.s))
        for i, a in enumerate(f.texts):
            for b in f.texts[i + 1:]:
                if _overlap(a, b):
                    faults.append((f.step, f.screen, "overlap", a.s, b.s))
    assert not faults, faults[:10]


def test_every_hint_line_names_ok_and_the_menu(evening):
    _lang, frames = evening
    missing = []
    for f in frames:
        line = " ".join(t.s for t in f.hints)
        for key in (OK, MENU):
            if key in f.actions and f.words[str(key)] not in line:
                missing.append((f.screen, f.words[str(key)], line))
    assert not missing, sorted(set(missing))


def test_the_table_screen_shows_every_total_the_core_keeps(evening):
    _lang, frames = evening
    checked = 0
    for f in frames:
        if f.screen != "TableScreen" or "levels" in f.data:
            continue
        shown = f.strings()
        amounts = f.data["balances"] or f.data["totals"]
        for seat, name in enumerate(f.data["names"]):
            value = amounts[seat]
            shows = str(value) if f.data["balances"] else signed(value, f.data["scale"])
            if shows not in shown and f.size == (128, 64):
                # Too wide for its cell: 10,000 and more shortened, whole and signed.
                shows = next(s for s in shown if s in _shortened(value, _lang))
            assert shows in shown, (f.step, name, value, shown)
            # Who sits out the next hand is bracketed where grey is white (128x64).
            assert name in shown or "(" + name + ")" in shown
        checked += 1
    assert checked >= 15


def _shortened(value, lang):
    """The forms docs/screens.md gives a total of 10,000 or more on the 128x64 table screen:
    "−1.6万" / "−2万", "−16.4k" / "−16k", rounded half up."""
    unit, size = ("万", 10000) if lang == "zh" else ("k", 1000)
    sign = "−" if value < 0 else "+"
    tenths = (abs(value) + size // 20) // (size // 10)
    return [sign + "{}.{}".format(tenths // 10, tenths % 10) + unit,
            sign + str((abs(value) + size // 2) // size) + unit]


def test_the_settlement_shows_every_transfer_whole(evening):
    _lang, frames = evening
    checked = 0
    for f in frames:
        if f.screen != "SettleScreen":
            continue
        lines = [t.s for t in f.texts]
        for t in f.texts:  # every amount on it is whole on the screen
            assert t.x1 <= f.size[0], (f.step, t.s)
        checked += len(lines)
    assert checked


def test_the_play_screen_shows_the_cores_multiplier(evening):
    _lang, frames = evening
    plays = [f for f in frames if f.screen == "PlayScreen"]
    assert plays
    for f in plays:
        assert "×{}".format(f.data["multiple"]) in f.strings(), (f.step, f.strings())


def test_the_result_screen_shows_what_the_hand_then_does_to_the_totals(evening):
    _lang, frames = evening
    checked = 0
    for before, after in zip(frames, frames[1:]):
        if before.screen != "Preview" or after.step != "OK" or after.screen != "TableScreen":
            continue
        if "levels" in after.data or before.data.get("deltas") is None:
            continue
        if after.data["entries"] != before.data["entries"] + 1:
            continue  # an amend: the totals change by the difference
        moved = [a - b for a, b in zip(after.data["totals"], before.data["totals"])]
        # By seat: with a roster each seat's change is its person's, the others' are 0.
        seating = before.data["seating"] or list(range(len(moved)))
        assert [moved[p] for p in seating] == before.data["deltas"]
        assert not any(moved[p] for p in range(len(moved)) if p not in seating)
        joined = before.joined().replace(" ", "")
        for person in seating:
            name = before.data["names"][person]
            change = name + signed(moved[person], before.data["scale"])
            if change not in joined and MENU in before.actions:
                continue  # on the next page (five digits on 128x64): whole there
            assert change in joined, (name, moved, before.strings())
        checked += 1
    assert checked >= 15


def test_the_undo_screen_names_the_hand_and_the_totals_it_leaves(evening):
    lang, frames = evening
    checked = 0
    for asked, done in zip(frames, frames[1:]):
        if asked.screen != "UndoScreen" or done.screen != "TableScreen" or done.step != "OK":
            continue
        head = ("撤销第{}手" if lang == "zh" else "Undo hand {}").format(asked.data["entries"])
        shown = asked.joined().replace(" ", "")
        assert head.replace(" ", "") in shown, shown
        if "levels" in done.data:
            continue
        amounts = done.data["balances"] or done.data["totals"]
        for name, value in zip(done.data["names"], amounts):
            shows = str(value) if done.data["balances"] else signed(value, done.data["scale"])
            if done.size != (128, 64):  # there the totals may go on to the next page
                assert name + shows in shown, (name, value, asked.strings())
        checked += 1
    assert checked >= 3


def test_the_beans_settlement_shows_each_players_own_fee(evening):
    lang, frames = evening
    settles = [f for f in frames if f.screen == "SettleScreen" and f.data.get("balances")]
    assert settles
    # BEANS: fee 10 a hand, two hands, but 丙 had only 11 left for them (a fee never takes
    # a balance below 0): one line names each player's own, and they add up to what left
    # the table; nobody pays the house the whole table's fees.
    house = "台费" if lang == "zh" else "Fees:"
    names = settles[-1].data["names"]
    fees = house + "".join(n + str(a) for n, a in zip(names, (20, 20, 11)))
    assert sum(settles[-1].data["totals"]) == -(20 + 20 + 11)
    # the last table's settlement, its pages in turn until the first comes again (128x64
    # wraps the line onto the next)
    last = settles[-5:]  # BEANS_SETTLE: the settlement opened, then NEXT four times
    pages = [last[0].strings()]
    for f in last[1:]:
        if f.strings() == pages[0]:
            break
        pages.append(f.strings())
    shown = "".join(s for page in pages for s in page[1:]).replace(" ", "")
    assert shown.endswith(fees) and shown.count(house) == 1, shown


def test_free_scoring_shows_what_the_others_share_and_a_settlement_only_at_zero_sum(evening):
    lang, frames = evening
    entering = [f for f in frames if f.screen == "PointsScreen"]
    # the first free hand: 乙 at +30, what the three others will share said in the head
    rest = ("其余{}" if lang == "zh" else "Rest {}").format(signed(-30, 1))
    assert any(rest in f.strings() for f in entering), [f.strings() for f in entering]
    settles = [f for f in frames if f.screen == "SettleScreen" and f.data["names"]
               and "entries" in f.data and sum(f.data["totals"]) and not f.data["balances"]]
    nothing = "不计零和：不结算" if lang == "zh" else "Not zero-sum: no transfers"
    assert settles and all(nothing.replace(" ", "") in f.joined().replace(" ", "")
                           for f in settles), (
        [f.strings() for f in settles])


def test_an_archive_reads_its_own_table_and_leaving_it_gives_the_open_one_back(evening):
    _lang, frames = evening
    start = max(i for i, f in enumerate(frames) if f.screen == "ArchivesScreen")
    before = [f for f in frames[:start] if f.screen == "TableScreen"][-1]
    seen = [f for f in frames[:start] if f.screen == "ArchiveScreen"]
    assert seen and seen[-1].data["names"] != before.data["names"]  # five on the roster
    assert seen[-1].data["totals"] != before.data["totals"]
    after = next(f for f in frames[start:] if f.screen == "TableScreen")
    assert (after.data["names"], after.data["totals"]) == (before.data["names"],
                                                          before.data["totals"])
    screens = {f.screen for f in frames[start - 12:]}
    assert {"HistoryScreen", "HandScreen", "StatsScreen", "SettleScreen", "Confirm"} <= screens


@pytest.fixture(scope="module", params=BOARDS)
def english_evening(request):
    return run_evening(_evening(request.param), request.param, "en")


def test_english_screens_show_no_chinese_but_names(english_evening):
    frames = english_evening
    leaks = set()
    for f in frames:
        for t in f.texts + f.hints:
            if CJK.search(t.s):
                leaks.add((f.screen, t.s))
    assert not leaks, sorted(leaks)


def test_a_rosters_history_names_who_played_each_hand():
    # five in turn, as ROSTER: hand 1 on 甲乙丙 (乙 lands bid 3, a bomb, wins: 12), hand 2
    # on 丙丁戊 (戊, the seat after the dealer, lands bid 2, a rocket, the farmers win: 2 × 2
    # = 4 a farmer); the menu's history is its
    # third item behind seating and same as last
    frames = run_evening(ROSTER[:1 + 5 + 7] + keys("m n n o"), "simulated", "zh")
    shown = frames[-1].strings()
    assert frames[-1].screen == "HistoryScreen"
    assert "2. 丙+4 丁+4 戊−8" in shown and "1. 甲−6 乙+12 丙−6" in shown, shown


@pytest.mark.parametrize("board", ["simulated", "simulated_large"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_play_screen_names_every_factor_of_its_multiple(board, lang):
    # Shown cards ×4 and no bomb: ×4 is named, not "no bomb"; then a cap of 8 with a bomb
    # (4 × 2 = 8, as far as the cap lets it): the cap is named too.
    steps = ([("open", ["ddz", "classic", {"cap": 8}])] + keys("o o m n o n n n o")
             + keys("n n"))
    plays = [f for f in run_evening(steps, board, lang) if f.screen == "PlayScreen"]
    shown = {"zh": "4(明牌)", "en": "4(shown)"}[lang]
    no_bomb = {"zh": "无炸弹", "en": "No bomb"}[lang]
    assert shown in plays[1].joined() and no_bomb not in plays[1].joined()
    assert plays[-1].data["multiple"] == 16
    cap = {"zh": "封顶 8 倍", "en": "cap 8×"}[lang]
    assert cap in plays[-1].joined().replace("…", ""), plays[-1].strings()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_history_marks_an_amended_hand_and_shows_it_as_first_recorded(board, lang):
    # 乙 bids 3, a bomb, the landlord wins (乙 +12); amended to the farmers winning; then
    # history, the hand's page, NEXT (as first recorded), NEXT (as amended again).
    steps = ([("open", ["ddz", "classic", {}])] + keys("o o n o o")
             + keys("m n o o o o n o") + keys("m n o o n n"))
    frames = run_evening(steps, board, lang)
    history = [f for f in frames if f.screen == "HistoryScreen"][-1]
    mark = {"zh": "已更正", "en": "amended"}[lang]
    row = history.joined()
    assert ("1." + mark in row) or ("1.*" in row and board == "simulated_mono"), row
    pages = [f for f in frames if f.screen == "HandScreen"][-3:]
    second = {"zh": "乙", "en": "P2"}[lang]
    assert mark in pages[0].joined() and second + "−12" in pages[0].joined()
    first = {"zh": "原记录", "en": "as first"}[lang]
    assert first in pages[1].joined() and second + "+12" in pages[1].joined()
    assert mark in pages[2].joined()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_statistics_keep_each_players_figures_together(board, lang):
    # Two hands of five-digit stakes, then the statistics, NEXT through its pages.
    steps = (BIG[:-len(keys("m n n o b"))] + keys("o o o n o")
             + keys("m n n n n n o n n n n n n n n"))
    frames = [f for f in run_evening(steps, board, lang) if f.screen == "StatsScreen"]
    names = ("甲", "乙", "丙") if lang == "zh" else ("P1", "P2", "P3")
    worst = {"zh": "最低", "en": "worst"}[lang]
    seen = set()
    for f in frames:
        lines = [t.s for t in f.texts][1:]  # under the title
        # A page begins with a player's name (or the bombs by kind, after the players).
        assert lines and (lines[0].startswith(names) or "×" in lines[0]
                          or lines[0].startswith(("炸弹", "bomb"))), lines
        for line in lines:
            if worst in line:  # a figure is never cut from its number
                assert re.search(worst + r" [−+]?\d+$", line) or \
                    re.search(worst + r" [−+]?\d+ ", line), line
        seen.add(tuple(lines))
    assert len(seen) == len({f.texts[0].s for f in frames})  # NEXT turns the pages


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_shengji_team_past_a_is_named_the_winner(board, lang):
    # From K: 乙 deals, the attackers take 0 points (80 + 6 × 40 wraps to 0): the dealers go
    # up three, past A. The table and the settlement say who won, not "all square".
    steps = ([("open", ["shengji", None, {"start": "K"}])] + keys("o m m m m m m o o")
             + keys("m n o"))
    frames = run_evening(steps, board, lang)
    won = {"zh": "乙·丁 胜", "en": "P2·P4 won"}[lang]
    table = [f for f in frames if f.screen == "TableScreen"][-1]
    settle = [f for f in frames if f.screen == "SettleScreen"][-1]
    assert won in table.strings() and won in settle.strings()
    assert not [s for s in settle.strings() if s in ("两清", "All square")]
