"""Random presses on the real firmware in the MicroPython VM (see test_device_fuzz.py).

The guest presses keys from its own generator (the same sequence for a seed on any
machine), draws after every press as the device does, and every CHECK_EVERY presses checks
what must always hold: the totals are the sum of the live hands' scores, recounted from the
journal, and every points hand is zero-sum. Any exception is a failure."""

from tools import mpvm

CHECK_EVERY = 25

_SCRIPT = """
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import App
from core.score import score_hand

SEED, PRESSES, CHECK_EVERY = {seed}, {presses}, {check_every}
# OK and NEXT weigh more: they move a hand forward, so hands get recorded, not just browsed.
KEYS = (keys.OK, keys.OK, keys.OK, keys.NEXT, keys.NEXT, keys.PREV, keys.BACK, keys.MENU)
fs = MemFS()
app = App(board.display, board.layout, fs, board.data_dir, board.button_names, board.keymap)
app.render()

def check():
    t = app.table
    if t is None:
        return 0
    totals = [0] * t.persons  # with a roster, each seat's delta is its person's
    for i in range(len(t.entries)):
        e = t.entries[i]
        if e['void']:
            continue
        r = e['record']
        deltas = score_hand(r)['deltas'] if r['game'] != 'shengji' else [0] * t.players
        beans = 'beans' in r.get('rules', {{}})
        assert beans or sum(deltas) == 0, ('not zero-sum', r)
        seating = r.get('seating') or range(t.players)
        for s in range(t.players):
            totals[seating[s]] += deltas[s]
    assert totals == t.totals, ('totals', totals, t.totals)
    return t.hands_played()

x = SEED
hands = 0
tables = 0
for i in range(PRESSES):
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    before = app.table
    app.press(KEYS[(x >> 16) % len(KEYS)])
    app.render()
    if app.table is not before:
        tables += 1
    if i % CHECK_EVERY == 0:
        hands = max(hands, check())
check()
print('FUZZ', PRESSES, hands, tables)
"""


def fuzz(seed, presses, board="simulated"):
    """(hands seen at most on one table, tables opened, fuel) after `presses` random keys."""
    from pathlib import Path

    board_source = (Path(__file__).resolve().parent.parent / "boards" / (board + ".py"))
    outcome = mpvm.run(_SCRIPT.format(seed=seed, presses=presses, check_every=CHECK_EVERY),
                       {"board.py": board_source.read_bytes()}, engine="node")
    line = [x for x in outcome.stdout.splitlines() if x.startswith("FUZZ")][-1]
    _tag, _presses, hands, tables = line.split()
    return int(hands), int(tables), outcome.fuel_used
