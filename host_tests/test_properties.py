"""Properties every scored hand must have, over generated records of every game."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import baohuang_records, ddz_records

from core.score import score_hand
from core.settle import settle
from core.table import Table


def _without_cap(record):
    record = dict(record, rules=dict(record.get("rules", {})))
    record["rules"].pop("cap", None)
    return record


@given(ddz_records(beans=False))
def test_every_points_hand_is_zero_sum(record):
    assert sum(score_hand(record)["deltas"]) == 0


@given(baohuang_records())
def test_every_baohuang_hand_is_zero_sum(record):
    assert sum(score_hand(record)["deltas"]) == 0


@given(ddz_records(beans=False, escape=False), st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
def test_a_cap_never_raises_a_stake(record, cap):
    uncapped = score_hand(_without_cap(record))
    capped_record = _without_cap(record)
    capped_record["rules"]["cap"] = cap
    capped = score_hand(capped_record)
    for (w1, l1, free), (w2, l2, limited) in zip(uncapped["pairs"], capped["pairs"]):
        assert (w1, l1) == (w2, l2)
        assert limited <= free
        assert limited <= capped["base"] * cap


@given(ddz_records(beans=False, escape=False), st.data())
def test_a_farmers_stake_depends_only_on_its_own_and_the_landlords_double(record, data):
    result = score_hand(record)
    players = record["players"]
    side = result["side"]
    farmers = [s for s in range(players) if s not in side]
    doubles = record.get("doubles", [1] * players)
    allowed = [1, 2, 4] if record.get("rules", {}).get("super_double") else [1, 2]
    farmer = data.draw(st.sampled_from(farmers))
    changed = list(doubles)
    for other in farmers:
        if other != farmer:
            changed[other] = data.draw(st.sampled_from(allowed))
    again = score_hand(dict(record, doubles=changed))
    assert again["deltas"][farmer] == result["deltas"][farmer]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ddz_records(profile="classic", beans=False), min_size=2, max_size=8),
       st.data())
def test_void_and_rerecord_equals_amend(records, data):
    index = data.draw(st.integers(0, len(records) - 1))
    corrected = data.draw(ddz_records(profile="classic", beans=False))
    # An amended hand keeps the rules it was first scored with unless the correction says
    # otherwise, while a new hand takes the table's: state the rules, as the device does.
    corrected.setdefault("rules", {})
    by_void = Table("ddz", 3, profile="classic")
    by_amend = Table("ddz", 3, profile="classic")
    for record in records:
        by_void.record(record)
        by_amend.record(record)
    by_void.void(index)
    by_void.record(corrected)
    by_amend.amend(index, corrected)
    assert by_void.totals == by_amend.totals
    assert by_amend.entries[index]["previous"] == [by_void.entries[index]["record"]]
    assert sum(by_amend.totals) == 0


def _fewest_transfers(totals):
    # Independent check by brute force: the most zero-sum groups over all set partitions.
    members = [i for i, t in enumerate(totals) if t]

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for size in range(len(rest) + 1):
            for combo in itertools.combinations(rest, size):
                remaining = [x for x in rest if x not in combo]
                for tail in partitions(remaining):
                    yield [[first, *combo], *tail]

    best = 0
    for parts in partitions(members):
        if all(sum(totals[m] for m in part) == 0 for part in parts):
            best = max(best, len(parts))
    return len(members) - best


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=5))
def test_settlement_reproduces_totals_in_the_fewest_transfers(values):
    totals = values + [-sum(values)]
    transfers = settle(totals)
    owed = [0] * len(totals)
    for payer, payee, amount in transfers:
        assert amount > 0 and payer != payee
        owed[payer] -= amount
        owed[payee] += amount
    assert owed == totals
    assert len(transfers) <= len(totals) - 1
    assert len(transfers) == _fewest_transfers(totals)
