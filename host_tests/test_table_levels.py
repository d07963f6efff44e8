"""升级 levels of past hands (core.shengji.replay): starting from what a table keeps (the
state before every STEP-th hand and before the hand last asked for) or from its state worked
back over the last hands gives exactly what a replay from the first hand gives, over random
evenings of records, voids, amends, looks back and amend previews, on CPython, on the
journal and after a boot, and on the MicroPython VM; and bounds what a look back reads.
"""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from levels_check import check, run
from strategies import examples
from test_journal_memfs import MemFS

from core import shengji
from core.journal import Journal
from core.table import MemoryStore, Table
from tools import mpvm

STEPS = [1, 2, 3, 5, shengji.STEP]  # small steps put many marks in a short evening
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def table_rules(draw):
    rules = {}
    if draw(st.booleans()):
        rules["step"] = draw(st.sampled_from([20, 30, 40, 50]))
    if draw(st.booleans()):
        rules["start"] = draw(st.sampled_from(["2", "5", "10", "K"]))
    if draw(st.integers(0, 3)) == 0:
        rules["turnover"] = draw(st.sampled_from([40, 80, 100]))
    if draw(st.integers(0, 3)) == 0:
        rules["zero_bonus"] = False
    return rules


@st.composite
def hands(draw, rules, calm=False):
    """A record for a table with `rules`. Mostly points that change no level, so that an
    evening lasts; calm: only those. Else sometimes a hand of its own rules at the bounds
    of shengji.pack (401 levels gained, 2,000 points)."""
    step = rules.get("step", 40)
    turnover = rules.get("turnover", 2 * step)
    record = {"dealer": draw(st.integers(0, 3))}
    kind = 0 if calm else draw(st.integers(0, 9))
    if kind < 6:
        record["points"] = 5 * draw(st.integers(turnover // 5, (turnover + step) // 5 - 1))
    elif kind < 9:
        record["points"] = 5 * draw(st.integers(0, 40))
    else:
        record["rules"] = draw(st.sampled_from([{"step": 5, "turnover": 2000},
                                                {"step": 5, "turnover": 5},
                                                {"step": 1000, "zero_bonus": False}]))
        record["points"] = draw(st.sampled_from([0, 5, 1995, 2000]))
    return record


@st.composite
def evenings(draw, most=70):
    """(STEP, the table's rules, the steps of levels_check.run)."""
    rules = draw(table_rules())
    steps = [["record", draw(hands(rules, calm=True))] for _ in range(draw(st.integers(0, most)))]
    at = st.integers(0, 1000)
    step = st.one_of(
        st.tuples(st.just("record"), hands(rules)),
        st.tuples(st.just("void"), at),
        st.tuples(st.just("amend"), at, hands(rules)),
        st.tuples(st.just("look"), at),
        st.tuples(st.just("preview"), at, hands(rules)),
        st.tuples(st.just("check")))
    steps += [list(draw(step)) for _ in range(draw(st.integers(0, 40)))]
    return draw(st.sampled_from(STEPS)), rules, steps


def _with_step(step, play):
    saved = shengji.STEP
    shengji.STEP = step
    try:
        return play()
    finally:
        shengji.STEP = saved


@SETTINGS
@given(evenings())
def test_every_past_hand_preview_and_change_is_the_full_replays(evening):
    step, rules, steps = evening
    assert _with_step(step, lambda: run(Table("shengji", 4, rules=rules), steps)) == []


@settings(SETTINGS, max_examples=30)
@given(evenings(most=40))
def test_on_the_journal_and_after_a_boot_too(evening):
    # Boot replays the voids and amends after the snapshot (replay=True) from the states
    # that the boot itself works out: marks from the first hand, or worked back.
    step, rules, steps = evening

    def play():
        fs = MemFS()
        table = Journal(fs, "d").open_table("shengji", 4, rules=rules)
        bad = run(table, steps)
        booted, report = Journal(MemFS(fs.files), "d").boot()
        assert report.clean()
        check(booted, bad, ["boot"])
        return bad

    assert _with_step(step, play) == []


def test_on_micropython_too():
    source = Path(__file__).with_name("levels_check.py").read_text(encoding="utf-8")
    script = "import json\nfrom core.table import Table\n" + source + """
with open('/input/evenings.json') as f:
    evenings = json.load(f)
out = []
for step, rules, steps in evenings:
    shengji.STEP = step
    out.append(run(Table("shengji", 4, rules=rules), steps))
print(json.dumps(out))
"""
    found = [(STEPS[i % len(STEPS)], rules, steps)  # every STEP
             for i, (_, rules, steps) in enumerate(examples(evenings(), 60))]
    outcome = mpvm.run(script, {"evenings.json": json.dumps(found).encode()}, engine="node")
    assert json.loads(outcome.stdout) == [[]] * len(found)


class CountingStore(MemoryStore):
    """A MemoryStore that counts the hands read from it."""

    def __init__(self):
        super().__init__()
        self.reads = 0
        self.oldest = None  # the oldest hand read

    def __getitem__(self, index):
        self.reads += 1
        self.oldest = index if self.oldest is None else min(self.oldest, index)
        return super().__getitem__(index)


def _next(table):
    # 80 points: the attackers take the deal and go up no level, so the game never ends
    state = table.state
    assert state is not None
    return {"dealer": state["dealer"] or 0, "points": 80}


def _evening(hands):
    """A table of `hands` hands and its store."""
    store = CountingStore()
    table = Table("shengji", 4, store=store)
    for _ in range(hands):
        table.record(_next(table))
    return table, store


def test_a_new_hand_reads_no_past_hand():
    table, store = _evening(100)
    assert store.reads == 0


def test_history_from_newest_to_oldest_reads_fewer_than_step_hands_a_hand():
    hands, step = 1000, shengji.STEP
    table, store = _evening(hands)
    reads = []
    for i in range(hands - 1, -1, -1):
        before = store.reads
        table.hand_result(i)
        reads.append(store.reads - before)
    # The newest STEP - 1 hands are worked back from the table's state (the hand, the ones
    # after it and the one before it); the next one replays from the first hand, keeping
    # the marks it passes; each older one reads its own hand and those since the mark
    # before it. 17,403 reads in all, where a replay from the first hand each time read
    # 500,500.
    assert reads[:step - 1] == list(range(3, step + 2))
    assert reads[step - 1] == hands - step + 1
    assert len(table.kept[0]) == (hands - step) // step
    assert max(reads[step:]) <= step
    assert sum(reads) == 17403


def test_a_look_at_a_change_of_or_a_void_of_a_recent_hand_reads_no_older_hand():
    # What the device does most: open the newest hand, preview and amend it; void one.
    hands = 1000
    table, store = _evening(hands)
    newest = hands - 1
    table.hand_result(newest)
    table.preview({"dealer": 1, "points": 40}, newest)
    table.amend(newest, {"dealer": 1, "points": 40})
    table.void(hands - 20)
    table.record(_next(table))
    table.amend(hands - 10, {"dealer": 0, "points": 120})
    assert store.oldest is not None and store.oldest >= hands - 21
    assert store.reads < 100


def test_walking_forwards_reads_one_hand_and_a_change_replays_from_it_once():
    hands = 1000
    table, store = _evening(hands)
    table.hand_result(0)
    store.reads = 0
    for i in range(1, hands):
        table.hand_result(i)
    assert store.reads == 2 * (hands - 1)  # its own, and the one before it
    store.reads = 0
    table.void(500)
    table.amend(700, {"dealer": 1, "points": 85})
    # The void reads hand 500, then 480..999 but 500 (from the mark at 480: the hand last
    # asked for, 999, is past it). The amend reads hand 700 once (the hand and its rules
    # from one read), 672..699 to score it (from the mark at 672, kept by the void), then
    # 701..999 (from 700, the hand its score asked for).
    assert store.reads == 1 + 519 + 1 + 28 + 299
    store.reads = 0
    table.hand_result(hands - 1)
    assert store.reads <= shengji.STEP + 1


def test_a_packed_state_is_a_small_int_on_the_board_and_unpacks_equal():
    # MicroPython's small ints go to 2**30 - 1 on a 32-bit board: a mark takes no heap.
    hand = {"game": "shengji", "players": 4, "dealer": 3, "points": 0,
            "rules": {"step": 5, "turnover": 2000}}
    state = shengji.score(hand, {"levels": [12, 11], "dealer": None, "winner": None})
    assert state["gained"] == 401 and state["winner"] == 1
    most = shengji.score(dict(hand, points=2000, rules={"step": 5, "turnover": 5}), state | {
        "winner": None})
    assert most["points"] == 2000 and most["gained"] == 399
    for each in (state, most):
        packed = shengji.pack(each)
        assert isinstance(packed, int) and 0 <= packed < 2**30
        assert shengji.unpack(packed, {}) == each
    assert shengji.pack(shengji.new_state({})) is None
