"""The table session: hands in order, voiding and amending, beans balances, settlement."""

import pytest

from core.errors import RecordError
from core.table import HOUSE, Table


def classic_hand(landlord=0, bid=1, winner="landlord", **more):
    return dict(landlord=landlord, bid=bid, winner=winner, **more)


def test_records_fill_in_what_the_table_decided():
    table = Table("ddz", 3, profile="classic", rules={"cap": 8})
    index, result = table.record(classic_hand(bid=3, bombs=["bomb"] * 3))
    assert index == 0
    assert result["deltas"] == [48, -24, -24]  # M = 8, capped at 8: 3 × 8 = 24 a pair
    stored = table.entries[0]["record"]
    assert stored["game"] == "ddz" and stored["profile"] == "classic"
    assert stored["players"] == 3 and stored["rules"] == {"cap": 8}


def test_a_refused_hand_changes_nothing():
    table = Table("ddz", 3, profile="classic")
    table.record(classic_hand(bid=2))
    before = (list(table.totals), len(table.entries))
    for bad, key in [(classic_hand(bid=4), "bid"), (dict(classic_hand(), players=4), "players"),
                     (dict(classic_hand(), game="shengji"), "game"),
                     (classic_hand(doubles=[1, 4, 1]), "doubles")]:
        with pytest.raises(RecordError) as refused:
            table.record(bad)
        assert refused.value.key == key
    assert (table.totals, len(table.entries)) == before


def test_void_and_amend_keep_history_and_recompute_totals():
    table = Table("ddz", 3, profile="classic")
    table.record(classic_hand(bid=1))                      # +2 −1 −1
    table.record(classic_hand(landlord=1, bid=3))          # −3 +6 −3
    table.record(classic_hand(landlord=2, bid=2, winner="farmers"))  # +2 +2 −4
    assert table.totals == [1, 7, -8]

    table.void(1)
    assert table.totals == [4, 1, -5]
    assert table.entries[1]["void"] and table.hands_played() == 2
    with pytest.raises(RecordError):
        table.void(1)
    with pytest.raises(RecordError):
        table.amend(1, classic_hand())

    table.amend(0, classic_hand(bid=3))                    # now +6 −3 −3
    assert table.totals == [8, -1, -7]
    assert table.entries[0]["previous"][0]["bid"] == 1
    assert table.hand_result(0)["deltas"] == [6, -3, -3]
    assert sum(table.totals) == 0


def test_amending_keeps_the_rules_the_hand_was_played_under():
    table = Table("ddz", 3, profile="classic", rules={"cap": 2})
    table.record(classic_hand(bid=1, bombs=["bomb", "bomb"]))   # M 4, capped 2: +4
    table.rules = {}                                            # the table drops its cap
    table.amend(0, classic_hand(bid=1, bombs=["bomb", "bomb", "bomb"]))
    assert table.totals == [4, -2, -2]


def test_a_void_undone_counts_the_hand_again_as_it_was():
    table = Table("ddz", 3, profile="classic")
    table.record(classic_hand(bid=1))                      # +2 −1 −1
    table.record(classic_hand(landlord=1, bid=3))          # −3 +6 −3
    table.record(classic_hand(landlord=2, bid=2, winner="farmers"))  # +2 +2 −4
    before = list(table.totals)
    assert table.last_counted() == 2
    table.void(2)
    assert table.last_counted() == 1
    assert table.without(1) == [2, -1, -1]  # what the undo screen shows before it is done
    table.void(1)
    assert table.totals == [2, -1, -1]
    with pytest.raises(RecordError):
        table.unvoid(0)  # counts already
    table.unvoid(2)
    table.unvoid(1)
    assert table.totals == before and table.hands_played() == 3
    assert not any(table.entries[i]["void"] for i in range(3))


def test_shengji_levels_follow_the_hands_and_replay_after_a_void():
    table = Table("shengji", 4, rules={"start": "J"})
    table.record({"dealer": 0, "points": 40})    # dealers {0,2} +1 → Q; partner deals
    assert table.state["dealer"] == 2 and table.template()["dealer"] == 2
    table.record({"dealer": 2, "points": 0})     # +3 from Q: past A, team 0 wins
    assert table.state["winner"] == 0
    with pytest.raises(RecordError):
        table.record({"dealer": 2, "points": 40})
    table.void(0)                                # hand 2 again from J: J +3 = A, no win
    assert table.state["levels"] == [12, 9] and table.state["winner"] is None


def test_beans_balances_carry_into_each_hand():
    rules = {"beans": {"n": 1000, "balances": [5000, 20000, 20000]}}
    table = Table("ddz", 3, profile="happy", rules=rules)
    # Landlord seat 0 wins 2 × 1000 but carried only 5000 in: it takes all it may (no cap hit).
    table.record({"landlord": 0, "winner": "landlord", "grabs": 2})  # 4000 a pair = 8000
    # Win cap: seat 0 holds 5000, so each pair is scaled to 4000 × 5000 // 8000 = 2500.
    assert table.totals == [5000, -2500, -2500]
    assert table.template()["rules"]["beans"]["balances"] == [10000, 17500, 17500]


def test_a_hand_previewed_again_after_the_table_changed_shows_what_it_scores_now():
    # The table keeps the next hand's previews (the play and result screens draw the same
    # hand): a hand recorded or voided since, or a draft changed in place, is scored anew.
    rules = {"beans": {"n": 1000, "balances": [5000, 20000, 20000]}}
    table = Table("ddz", 3, profile="happy", rules=rules)
    draft = {"landlord": 0, "winner": "landlord", "grabs": 2}
    _, first = table.preview(draft)
    assert first["deltas"] == [5000, -2500, -2500]  # seat 0 carried 5000 in: its cap
    table.record(draft)
    _, second = table.preview(draft)
    assert second["deltas"] == [8000, -4000, -4000]  # 10000 carried now: no cap
    table.void(0)
    assert table.preview(draft)[1]["deltas"] == first["deltas"]
    draft["winner"] = "farmers"
    record, result = table.preview(draft)
    # 8000 lost, but seat 0 holds 5000 again: it pays what it has
    assert record["winner"] == "farmers" and result["deltas"] == [-5000, 2500, 2500]
    table.record(draft)
    assert table.entries[1]["record"]["winner"] == "farmers"
    assert table.totals == [-5000, 2500, 2500]


def test_settlement_pays_in_fewest_transfers_and_fees_go_to_the_house():
    table = Table("ddz", 3, profile="classic")
    table.record(classic_hand(bid=3))
    assert sorted(table.settlement()) == [(1, 0, 3), (2, 0, 3)]

    beans = Table("ddz", 3, profile="happy",
                  rules={"beans": {"fee": 10, "balances": [100, 100, 100]}})
    beans.record({"landlord": 0, "winner": "landlord"})  # +2 −1 −1, then 10 each in fees
    assert beans.totals == [-8, -11, -11]
    owed = {}
    for payer, payee, amount in beans.settlement():
        owed[payer] = owed.get(payer, 0) - amount
        owed[payee] = owed.get(payee, 0) + amount
    assert owed == {0: -8, 1: -11, 2: -11, HOUSE: 30}
    # each player's own fee, not one player paying the table's 30
    assert beans.settlement() == [(1, 0, 1), (2, 0, 1), (0, HOUSE, 10), (1, HOUSE, 10),
                                  (2, HOUSE, 10)]
    # a voided hand's fees are given back with it
    beans.record({"landlord": 1, "winner": "farmers"})  # −2 +1 +1 less the fees: 90 − 1
    beans.void(0)
    assert beans.settlement() == [(1, 0, 1), (1, 2, 1), (0, HOUSE, 10), (1, HOUSE, 10),
                                  (2, HOUSE, 10)]


def test_titles_by_total_or_balance_when_the_table_wants_them():
    assert Table("ddz", 3, profile="classic").titles() is None
    table = Table("ddz", 3, profile="happy", titles=True,
                  rules={"beans": {"balances": [99, 1000, 100000000]}})
    assert table.titles() == ["包身工", "猎人", "帝王"]
    assert table.titles("en") == ["Bonded labourer", "Hunter", "Emperor"]


@pytest.mark.parametrize("kwargs, key", [
    (dict(game="mahjong", players=4), "game"),
    (dict(game="ddz", players=3, profile="fast"), "profile"),
    (dict(game="ddz", players=4, profile="classic"), "players"),
    (dict(game="ddz", players=3, profile="classic", rules={"cap": 0}), "rules.cap"),
    (dict(game="ddz", players=3, profile="classic", rules={"speed": 1}), "rules.speed"),
    (dict(game="baohuang", players=5, rules={"unit": -1}), "rules.unit"),
    (dict(game="shengji", players=4, rules={"start": "1"}), "rules.start"),
    (dict(game="ddz", players=3, profile="classic", names=["a", "b"]), "names"),
])
def test_a_bad_table_option_is_refused_naming_it(kwargs, key):
    with pytest.raises(RecordError) as refused:
        Table(**kwargs)
    assert refused.value.key == key


def test_a_void_that_leaves_a_balance_below_zero_carries_zero_into_the_next_hand():
    rules = {"beans": {"n": 10, "balances": [10, 10, 10], "win_cap_own_balance": False}}
    table = Table("ddz", 3, profile="happy", rules=rules)
    table.record({"landlord": 0, "winner": "landlord"})   # +20 −10 −10: 30 0 0
    table.record({"landlord": 0, "winner": "farmers"})    # −20 +10 +10: 10 10 10
    table.void(0)                                         # seat 0 owes what it had won
    assert table.balances() == [-10, 20, 20]
    assert table.template()["rules"]["beans"]["balances"] == [0, 20, 20]
    _, result = table.record({"landlord": 1, "winner": "landlord"})
    assert result["deltas"] == [0, 10, -10]               # seat 0 has nothing to pay


def test_the_tables_seat_counts_are_the_games_own():
    # core/table.py keeps them as numbers so that a table does not import every game's rules.
    from core import baohuang, shengji
    from core.table import SEATS

    assert SEATS == {"baohuang": baohuang.PLAYERS, "shengji": shengji.PLAYERS}


def test_an_evening_ends_after_its_hands_voided_ones_not_counted():
    table = Table("ddz", 3, profile="classic", end={"hands": 3})
    assert table.ended() is None
    table.record(classic_hand())
    table.record(classic_hand())
    table.void(1)
    table.record(classic_hand())
    assert table.ended() is None  # three hands recorded, one voided: two count
    table.record(classic_hand())
    assert table.ended() == ["hands", 3]
    assert table.header()["end"] == {"hands": 3}


def test_an_evening_ends_when_a_total_reaches_its_mark_either_way():
    table = Table("ddz", 3, profile="classic", end={"reach": 10})
    table.record(classic_hand(bid=3, bombs=["bomb"]))  # 3 × 2 = 6: +12 −6 −6
    assert table.ended() == ["reach", 0, 12]
    table.void(0)
    assert table.ended() is None
    table.record(classic_hand(landlord=1, bid=3, winner="farmers", bombs=["bomb"]))
    assert table.ended() == ["reach", 1, -12]  # a loss reaches it too: the furthest total


def test_a_table_without_an_end_opens_as_it_always_did():
    header = Table("baohuang", 5).header()
    assert "end" not in header and Table(**header).ended() is None


@pytest.mark.parametrize("game, profile, end, key", [
    ("ddz", "classic", {"hands": 0}, "end.hands"),
    ("ddz", "classic", {"hands": True}, "end.hands"),
    ("ddz", "classic", {"reach": 10 ** 12}, "end.reach"),
    ("ddz", "classic", {"hands": 3, "reach": 10}, "end"),
    ("ddz", "classic", {"when": 3}, "end.when"),
    ("ddz", "classic", 12, "end"),
    ("shengji", None, {"reach": 100}, "end.reach"),  # 升级 has levels, not points
])
def test_a_bad_end_is_refused_naming_it(game, profile, end, key):
    with pytest.raises(RecordError) as refused:
        Table(game, {"ddz": 3, "shengji": 4}[game], profile=profile, end=end)
    assert refused.value.key == key


def test_a_table_asking_who_bombed_says_so_in_its_header_and_opens_again_from_it():
    table = Table("ddz", 3, profile="classic", bombers=True)
    header = table.header()
    assert header["bombers"] is True
    again = Table(**header)
    assert again.bombers is True and again.header() == header


def test_a_table_not_asking_who_bombed_has_the_header_it_always_had():
    # The very keys (and so the very journal bytes) of a table opened before the option.
    for table in (Table("ddz", 3, profile="classic"), Table("ddz", 3, "classic", bombers=False),
                  Table("shengji", 4)):
        header = table.header()
        assert sorted(header) == ["game", "names", "players", "profile", "rules", "titles"]
        assert Table(**header).bombers is False


def test_the_journal_opens_a_table_without_the_option_with_the_same_bytes_as_before():
    from core.journal import Journal
    from drivers.memfs import MemFS

    fs = MemFS()
    Journal(fs, "/d").open_table("ddz", 3, profile="classic", names=["甲", "乙", "丙"])
    assert list(fs.files) == ["/d/table/j0000000.000000"]
    line = fs.files["/d/table/j0000000.000000"].split(b"\n")[0].split(b" ", 2)[2]
    assert line == ('{"open":{"game":"ddz","names":["甲","乙","丙"],"players":3,'
                    '"profile":"classic","rules":{},"titles":false}}').encode()
    fs = MemFS()
    table = Journal(fs, "/d").open_table("ddz", 3, profile="classic", bombers=True)
    booted, report = Journal(fs, "/d").boot()
    assert report.clean() and booted.bombers is True
    assert booted.header() == table.header()


@pytest.mark.parametrize("game, profile, bombers, why", [
    ("baohuang", None, True, "only Dou Dizhu"),
    ("shengji", None, True, "only Dou Dizhu"),
    ("ddz", "classic", 1, "true or false"),
    ("ddz", "classic", "yes", "true or false"),
])
def test_asking_who_bombed_is_refused_but_in_dou_dizhu(game, profile, bombers, why):
    with pytest.raises(RecordError) as refused:
        Table(game, {"ddz": 3, "baohuang": 5, "shengji": 4}[game], profile=profile,
              bombers=bombers)
    assert refused.value.key == "bombers" and why in str(refused.value)


def test_who_played_each_bomb_is_checked_and_never_changes_the_score():
    table = Table("ddz", 3, profile="classic", bombers=True)
    _, plain = table.preview(classic_hand(bid=3, bombs=["bomb", "rocket"]))
    _, told = table.preview(classic_hand(bid=3, bombs=["bomb", "rocket"], bombers=[2, 2]))
    assert plain["deltas"] == told["deltas"] == [24, -12, -12]
    before = list(table.totals)
    with pytest.raises(RecordError) as refused:
        table.record(classic_hand(bombs=["bomb"], bombers=[0, 1]))
    assert refused.value.key == "bombers" and table.totals == before
