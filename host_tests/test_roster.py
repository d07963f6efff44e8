"""A roster larger than the seats (core/roster.py, Table's `roster`): the hand-computed
evenings of host_tests/cases/roster.py on CPython and on MicroPython, per-person totals and
settlements over random evenings, refusals, the journal and the ledger."""

import inspect
import json

import pytest
from cases.roster import EVENINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_journal_memfs import MemFS

from core.errors import RecordError
from core.journal import Journal
from core.roster import RULES
from core.table import Table
from tools import mpvm
from tools.ledger.records import score_records


def play(evening):
    """[(seating, totals)] of each step, and the seating proposed after the last."""
    spec = evening["table"]
    names = ["P{}".format(i + 1) for i in range(spec["persons"])]
    table = Table(spec["game"], spec["players"], spec.get("profile"), names=names,
                  roster=spec["roster"])
    got = []
    for step in evening["steps"]:
        if "seat" in step:
            table.seat(step["seat"])
        index, _result = table.record(step["hand"])
        got.append([table.entries[index]["record"]["seating"], list(table.totals)])
    return {"steps": got, "next": table.seating()}


def _expected(evening):
    return {"steps": [[s["seating"], s["totals"]] for s in evening["steps"]],
            "next": evening["next"]}


@pytest.mark.parametrize("evening", EVENINGS, ids=[e["name"] for e in EVENINGS])
def test_cpython_plays_each_evening_as_computed_by_hand(evening):
    assert evening["why"]
    assert play(evening) == _expected(evening)


def test_every_rule_and_every_size_is_computed_by_hand():
    assert {e["table"]["roster"] for e in EVENINGS} == set(RULES)
    assert {e["table"]["persons"] for e in EVENINGS} >= {4, 5, 6, 7, 8}


# The same play() on the VM: its own source, after the import it needs.
_ON_VM = ("import json\nfrom core.table import Table\n\n" + inspect.getsource(play) + """
with open('/input/evenings.json') as f:
    print(json.dumps([play(e) for e in json.load(f)]))
""")


def test_micropython_plays_every_evening_as_computed_by_hand():
    outcome = mpvm.run(_ON_VM, {"evenings.json": json.dumps(EVENINGS).encode()})
    got = json.loads(outcome.stdout.strip().splitlines()[-1])
    assert got == [_expected(e) for e in EVENINGS]


# -- any evening ---------------------------------------------------------------------------

_HAND = st.tuples(st.integers(0, 2), st.integers(1, 3), st.booleans(), st.integers(0, 2))
_EVENT = st.one_of(st.tuples(st.just("hand"), _HAND),
                   st.tuples(st.just("void"), st.integers(0, 40)),
                   st.tuples(st.just("amend"), st.integers(0, 40), _HAND),
                   st.tuples(st.just("seat"), st.permutations(range(8))))


def _ddz(hand):
    landlord, bid, won, bombs = hand
    return {"landlord": landlord, "bid": bid, "bombs": ["bomb"] * bombs,
            "winner": "landlord" if won else "farmers"}


def _run(persons, rule, events):
    table = Table("ddz", 3, "classic", names=["P{}".format(i + 1) for i in range(persons)],
                  roster=rule)
    for event in events:
        if event[0] == "hand":
            table.record(_ddz(event[1]))
        elif event[0] == "seat":
            table.seat(sorted(p for p in event[1] if p < persons)[:3])
        elif len(table.entries):
            index = event[1] % len(table.entries)
            if not table.entries[index]["void"]:
                if event[0] == "void":
                    table.void(index)
                else:
                    table.amend(index, _ddz(event[2]))
    return table


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 8), st.sampled_from(RULES), st.lists(_EVENT, min_size=1, max_size=25))
def test_each_persons_total_is_the_sum_over_the_hands_it_sat_in(persons, rule, events):
    table = _run(persons, rule, events)
    expected = [0] * persons
    for i in range(len(table.entries)):
        entry = table.entries[i]
        if entry["void"]:
            continue
        deltas = table.hand_result(i)["deltas"]
        for seat, person in enumerate(entry["record"]["seating"]):
            expected[person] += deltas[seat]
    assert table.totals == expected
    assert sum(table.totals) == 0
    seating = table.seating()  # the next hand's: three different persons of the roster
    assert len(set(seating)) == 3 and all(0 <= p < persons for p in seating)
    assert seating == sorted(seating)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 8), st.sampled_from(RULES), st.lists(_EVENT, min_size=1, max_size=25))
def test_the_settlement_pays_each_persons_total_in_at_most_persons_minus_one(
        persons, rule, events):
    table = _run(persons, rule, events)
    transfers = table.settlement()
    assert len(transfers) <= persons - 1
    paid = [0] * persons
    for payer, payee, amount in transfers:
        assert amount > 0
        paid[payer] -= amount
        paid[payee] += amount
    assert paid == table.totals


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 8), st.lists(_HAND, min_size=1, max_size=30))
def test_in_turn_nobody_sits_out_twice_before_all_have_once(persons, hands):
    table = _run(persons, "turn", [("hand", h) for h in hands])
    sat_out = [0] * persons
    for i in range(len(table.entries)):
        seating = table.entries[i]["record"]["seating"]
        for p in range(persons):
            sat_out[p] += p not in seating
        assert max(sat_out) - min(sat_out) <= 1, (i, sat_out)


# -- refusals ------------------------------------------------------------------------------

FIVE = ["甲", "乙", "丙", "丁", "戊"]


@pytest.mark.parametrize("args, key", [
    ({"game": "shengji", "players": 4, "names": FIVE, "roster": "turn"}, "roster"),
    ({"game": "ddz", "players": 3, "profile": "classic", "names": FIVE, "roster": "often"},
     "roster"),
    ({"game": "ddz", "players": 3, "profile": "classic", "names": FIVE[:2], "roster": "turn"},
     "names"),
    ({"game": "ddz", "players": 3, "profile": "classic", "names": FIVE * 2, "roster": "turn"},
     "names"),
    ({"game": "ddz", "players": 3, "profile": "classic", "names": FIVE, "roster": "turn",
      "rules": {"beans": {"n": 1, "fee": 0, "balances": [100, 100, 100]}}}, "roster"),
    ({"game": "ddz", "players": 3, "profile": "classic", "names": FIVE}, "names"),
])
def test_a_roster_that_cannot_be_is_refused_naming_the_key(args, key):
    with pytest.raises(RecordError) as caught:
        Table(**args)
    assert caught.value.key == key


@pytest.mark.parametrize("seating, why", [
    ([0, 1], "must list 3"), ([0, 1, 1], "seated twice"),
    ([0, 1, 5], "5 is past this table's roster, 0 to 4"), ([0, 1, 8], "8 is not"),
    ([0, 1, True], "true is not"), ("012", "must list 3"), ([0, 1, -1], "-1 is not"),
])
def test_a_bad_seating_is_refused_and_changes_nothing(seating, why):
    table = Table("ddz", 3, "classic", names=FIVE, roster="turn")
    table.record(_ddz((0, 3, True, 0)))
    before = list(table.totals)
    with pytest.raises(RecordError) as caught:
        table.record(dict(_ddz((0, 3, True, 0)), seating=seating))
    assert caught.value.key == "seating" and why in str(caught.value)
    with pytest.raises(RecordError):
        table.seat(seating)
    assert table.totals == before and len(table.entries) == 1


def test_a_seating_at_a_table_without_a_roster_or_in_shengji_is_refused():
    with pytest.raises(RecordError) as caught:
        Table("ddz", 3, "classic").record(dict(_ddz((0, 3, True, 0)), seating=[0, 1, 2]))
    assert caught.value.key == "seating"
    with pytest.raises(RecordError) as caught:
        Table("shengji", 4).record({"dealer": 0, "points": 40, "seating": [0, 1, 2, 3]})
    assert caught.value.key == "seating"


def test_an_amend_keeps_who_sat_where():
    table = Table("ddz", 3, "classic", names=FIVE, roster="turn")
    table.record(_ddz((0, 3, True, 0)))
    table.record(_ddz((0, 3, True, 0)))
    table.amend(0, _ddz((1, 1, False, 0)))
    assert table.entries[0]["record"]["seating"] == [0, 1, 2]
    # hand 1: seat 1 = 乙 lands bid 1 and loses: 乙 -2, 甲 +1, 丙 +1; hand 2 on [2,3,4]:
    # seat 0 = 丙 lands bid 3 and wins: 丙 +6, 丁 -3, 戊 -3
    assert table.totals == [1, -2, 7, -3, -3]


# -- the journal and the ledger ------------------------------------------------------------

def test_a_roster_table_boots_from_its_journal_with_its_seating_and_totals():
    fs = MemFS()
    journal = Journal(fs, "/data")
    table = journal.open_table("ddz", 3, "classic", {}, FIVE, roster="loser")
    # enough hands for snapshots (every 12 events): boot starts from the newest one
    for i in range(45):
        table.record(_ddz((i % 3, 1 + i % 3, i % 4 != 1, i % 2)))
    table.void(1)
    table.amend(40, _ddz((1, 3, False, 0)))
    again, report = Journal(fs, "/data").boot()
    assert report.source == "snapshot"
    assert again.roster == "loser" and again.names == FIVE
    assert again.totals == table.totals and again.seating() == table.seating()
    assert again.header() == table.header()


def test_a_table_without_a_roster_writes_the_header_it_always_did():
    header = Table("ddz", 3, "classic").header()
    assert "roster" not in header and len(header["names"]) == 3


def test_the_ledger_scores_a_roster_file_by_seat_and_by_person():
    table = Table("ddz", 3, "classic", names=FIVE, roster="turn")
    for hand in ((0, 3, True, 0), (2, 2, False, 0), (1, 1, True, 1)):
        table.record(_ddz(hand))
    records = [(i + 1, table.entries[i]["record"]) for i in range(len(table.entries))]
    lines = score_records(records)
    last = lines[-1]
    assert last["person_totals"] == table.totals
    assert last["totals"] == [sum(line["deltas"][s] for line in lines[:-1]) for s in range(3)]
    # in turn: [0,1,2], then {3,4} + 2 = {0,1} out: [2,3,4], then {2,3} out: [0,1,4]
    assert [r["seating"] for _n, r in records] == [[0, 1, 2], [2, 3, 4], [0, 1, 4]]


def test_statistics_count_by_person_with_who_bombed_mapped_through_the_seating():
    from core.stats import tally

    table = Table("ddz", 3, "classic", names=FIVE, roster="turn", bombers=True)
    # hand 1 on [甲, 乙, 丙]: 丙 (seat 2) bombs; hand 2 on [丙, 丁, 戊]: 丁 (seat 1) bombs
    # twice, 丙 (seat 0) lands
    table.record(dict(_ddz((0, 3, True, 1)), bombers=[2]))
    table.record(dict(_ddz((0, 1, False, 2)), bombers=[1, 1]))
    counts = tally(table)
    assert counts.bombed == [0, 0, 1, 2, 0]
    assert [counts.player(p)["hands"] for p in range(5)] == [1, 1, 2, 1, 1]
    assert [counts.player(p)["led"] for p in range(5)] == [1, 0, 1, 0, 0]
