"""Hypothesis strategies for valid hand records of every game and profile."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.ddz import check_deal
from core.errors import RecordError
from core.profiles import DEALS, PROFILES

PROFILE_NAMES = sorted(PROFILES)


def _possible(profile, drawn):
    """The drawn bombs but those the cards of one deal could not add (a second rocket from
    one deck): generated records are valid ones."""
    kept = []
    for kind in drawn:
        try:
            check_deal(profile, kept + [kind])
        except RecordError:
            continue
        kept.append(kind)
    return kept


@st.composite
def ddz_records(draw, profile=None, beans=None, escape=None, allow_cap=True):
    profile = profile or draw(st.sampled_from(PROFILE_NAMES))
    players, by_bid, grabbing, kinds = PROFILES[profile]
    rules = {}
    if allow_cap and draw(st.booleans()):
        rules["cap"] = draw(st.sampled_from([1, 4, 8, 16, 32, 64, 7]))
    if draw(st.booleans()):
        rules["bomb_mode"] = draw(st.sampled_from(["double", "add"]))
    if draw(st.integers(0, 4)) == 0:
        rules["spring_factor"] = draw(st.integers(1, 4))
    super_double = draw(st.booleans())
    if super_double:
        rules["super_double"] = True
    if draw(st.integers(0, 4)) == 0:
        rules["factors"] = {draw(st.sampled_from(sorted(kinds))): draw(st.integers(1, 8))}
    if not by_bid and draw(st.booleans()):
        rules["base"] = draw(st.integers(1, 50))
    record = {"game": "ddz", "profile": profile, "players": players,
              "landlord": draw(st.integers(0, players - 1))}
    if profile == "five":
        record["partner"] = draw(st.integers(0, players - 1))
        if draw(st.booleans()):
            record["revealed"] = True
    if by_bid:
        record["bid"] = draw(st.integers(1, 3))
    if grabbing:
        record["grabs"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        record["shown"] = draw(st.sampled_from([1, 2, 3, 4, 5]))
    if draw(st.booleans()):
        choices = [1, 2, 4] if super_double else [1, 2]
        record["doubles"] = draw(st.lists(st.sampled_from(choices), min_size=players,
                                          max_size=players))
    record["bombs"] = _possible(profile, draw(st.lists(st.sampled_from(sorted(kinds)),
                                                     max_size=6)))
    if draw(st.integers(0, 3)) == 0:
        record["house"] = draw(st.lists(st.sampled_from([2, 3, 5]), min_size=1, max_size=3))
    if escape is None:
        escape = draw(st.integers(0, 5)) == 0
    if escape:
        record["escape"] = draw(st.integers(0, players - 1))
        held = min(draw(st.integers(0, 4)), DEALS[profile][0] - len(record["bombs"]))
        if held or draw(st.booleans()):  # no `held` is 0 (issue 14)
            record["held"] = held
    else:
        record["winner"] = draw(st.sampled_from(["landlord", "farmers"]))
        if draw(st.booleans()):
            record["spring"] = "spring" if record["winner"] == "landlord" else "anti"
    if beans is None:
        beans = draw(st.integers(0, 3)) == 0
    if beans:
        rules["beans"] = {
            "n": draw(st.sampled_from([1, 10, 1000])),
            "fee": draw(st.sampled_from([0, 0, 5, 50])),
            "balances": draw(st.lists(st.integers(0, 100000), min_size=players,
                                      max_size=players)),
            "win_cap_own_balance": draw(st.booleans()),
        }
    if rules:
        record["rules"] = rules
    return record


@st.composite
def baohuang_records(draw):
    record = {"game": "baohuang", "players": 5}
    if draw(st.booleans()):
        record["rules"] = {"unit": draw(st.integers(1, 10))}
    if draw(st.integers(0, 9)) == 0:
        record["forfeit"] = draw(st.integers(0, 4))
        return record
    order = draw(st.permutations(range(5)))
    order = order[:draw(st.integers(4, 5))]
    emperor = draw(st.integers(0, 4))
    guard = draw(st.integers(0, 4))
    record.update({"emperor": emperor, "guard": guard, "order": list(order)})
    if emperor == guard:
        record["solo"] = draw(st.sampled_from(["open", "hidden"]))
        late = order.index(emperor) >= 2 if emperor in order else True
        if record["solo"] == "hidden" and late and draw(st.booleans()):
            record["revolt"] = True
    else:
        record["open"] = draw(st.booleans())
        e = order.index(emperor) + 1 if emperor in order else 5
        g = order.index(guard) + 1 if guard in order else 5
        if e + g > 6 and draw(st.booleans()):
            record["revolt"] = True
    return record


@st.composite
def shengji_sequences(draw):
    rules = {}
    if draw(st.booleans()):
        rules["step"] = draw(st.sampled_from([20, 30, 40, 50]))
    if draw(st.booleans()):
        rules["start"] = draw(st.sampled_from(["2", "5", "10", "K"]))
    records = []
    dealer = draw(st.integers(0, 3))
    for _ in range(draw(st.integers(1, 12))):
        record = {"game": "shengji", "players": 4, "dealer": dealer,
                  "points": 5 * draw(st.integers(0, 40))}
        if rules:
            record["rules"] = rules
        records.append(record)
        dealer = draw(st.integers(0, 3))  # the record's dealer is authoritative
    return records


def examples(strategy, count):
    """`count` examples of `strategy`, the same on every run: for sending in one batch to a
    VM, where hypothesis cannot drive each example (one VM run per example would be slow)."""
    found = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(example):
        found.append(example)

    collect()
    return found
