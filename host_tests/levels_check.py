"""The 升级 levels of past hands as core.shengji.replay keeps them for a Table (the marks
every STEP hands and the hand last asked for), checked against a full replay from the first
hand after every step of an evening of records, voids, amends, looks back and previews.

This file runs on both interpreters: test_table_levels.py imports it on CPython and sends its
source to the MicroPython VM. Results are compared as the journal would write them
(core.frame.encode): the same bytes, so True is not 1 and a key is not missing.

An evening is a list of steps, pure data so that it can go to the VM as JSON; a hand index k
is taken modulo the hand count at that step:
    ["record", r]  ["void", k]  ["amend", k, r]  ["look", k]  ["preview", k, r]  ["check"]
"""

from core import shengji
from core.errors import RecordError
from core.frame import encode
from core.score import score_hand


def replay(table, change=None):
    """The state before each hand and after the last, every hand replayed from the first,
    with hand change[0] taken as record change[1] (None: voided)."""
    state = shengji.new_state({"rules": table.rules})
    states = [state]
    for i in range(len(table.entries)):
        entry = table.entries[i]
        record = None if entry["void"] else entry["record"]
        if change is not None and change[0] == i:
            record = change[1]
        if record is not None:
            state = score_hand(record, state)
        states.append(state)
    return states


def outcome(call, *args):
    """What call(*args) returns, or {"refused": key} for a RecordError, as bytes."""
    try:
        return encode(call(*args))
    except RecordError as exc:
        return encode({"refused": exc.key})


def _check_kept(table, states, bad, where):
    # Every state the table keeps is the full replay's at its place.
    rules = {"rules": table.rules}
    for j, packed in enumerate(table.kept[0]):
        if encode(shengji.unpack(packed, rules)) != encode(states[(j + 1) * shengji.STEP]):
            bad.append(where + ["mark", j])
    if table.kept[1] is not None:
        hand, packed = table.kept[1]
        if encode(shengji.unpack(packed, rules)) != encode(states[hand]):
            bad.append(where + ["asked", hand])
    if encode(table.state) != encode(states[-1]):
        bad.append(where + ["state"])


def _previewed(record, state):
    return record, score_hand(record, state)


def _stored(table):
    entries = [table.entries[i] for i in range(len(table.entries))]
    return encode([table.state, entries])


def check(table, bad, where):
    states = replay(table)
    hands = len(table.entries)
    # Newest to oldest, as history is read, then oldest to newest.
    for i in list(range(hands - 1, -1, -1)) + list(range(hands)):
        record = table.entries[i]["record"]
        if outcome(table.hand_result, i) != outcome(score_hand, record, states[i]):
            bad.append(where + ["hand", i])
    _check_kept(table, states, bad, where)


def _change(table, kind, index, record, bad, where):
    """Void or amend hand `index`: the table must do it exactly when the full replay of the
    changed table can be made, and then hold that replay's state; else change nothing."""
    states = replay(table)
    voided = table.entries[index]["void"]
    if kind == "void":
        new = None
    else:
        new = table._correction(index, record)
    try:
        expected = replay(table, (index, new))
    except RecordError:
        expected = None
    refused = voided or expected is None  # voided: "already voided", "cannot be amended"
    before = _stored(table)
    if kind == "void":
        got = outcome(table.void, index)
        want = encode(None)
    else:
        got = outcome(table.amend, index, record)
        want = outcome(score_hand, new, states[index])
    if refused:
        # The hands and the state stay; the states kept may have grown (an amend scores
        # the new record first, which looks back at the hand), all still the replay's.
        if not got.startswith(b'{"refused"') or _stored(table) != before:
            bad.append(where + ["refusal"])
        _check_kept(table, states, bad, where)
        return
    if got != want:
        bad.append(where + ["result"])
    _check_kept(table, expected or states, bad, where)


def run(table, steps):
    """Play `steps` on `table`; returns what differed from the full replay, [] if nothing."""
    bad = []
    for number, step in enumerate(steps):
        kind = step[0]
        where = [number, kind]
        hands = len(table.entries)
        if kind == "record":
            outcome(table.record, step[1])
            _check_kept(table, replay(table), bad, where)
        elif kind == "check":
            check(table, bad, where)
        elif hands == 0:
            continue
        elif kind == "look":
            index = step[1] % hands
            states = replay(table)
            want = outcome(score_hand, table.entries[index]["record"], states[index])
            if outcome(table.hand_result, index) != want:
                bad.append(where + ["hand", index])
        elif kind == "preview":
            index = step[1] % hands
            states = replay(table)
            new = table._correction(index, step[2])
            want = outcome(_previewed, new, states[index])
            if outcome(table.preview, step[2], index) != want:
                bad.append(where + ["preview", index])
        else:
            _change(table, kind, step[1] % hands, step[2] if kind == "amend" else None, bad,
                    where)
    check(table, bad, [len(steps), "end"])
    return bad
