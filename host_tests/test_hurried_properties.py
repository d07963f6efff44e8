"""Hurried hands, at random (issue 22): the real firmware's device loop on the MicroPython VM,
its buttons pressed with random timing (taps, double taps, long presses, presses in the same
breath as the one before, pauses long enough for a message to go by itself), over whole hands
of every game. Each key the app acts on is logged with the screen it landed on, and held to
what a person meant by it:

- every bomb key that lands on the play screen (on it, on a message over it, or on the
  who-bombed list before that could be read) is one bomb more in the hand, unless the deal
  cannot hold it and a message says so; no other key adds or takes a bomb, except the play
  screen's undo, the who-bombed list's BACK and a pick in the menu's more bombs;
- no hand is confirmed but by an OK on its result screen, once that was on the screen for
  GLANCE_MS;
- the firmware never fails, and the journal it leaves boots on the host with every hand.
"""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.journal import Journal
from drivers.memfs import MemFS
from tools import mpvm

ROOT = Path(__file__).resolve().parent.parent
BOARD = (ROOT / "boards" / "simulated.py").read_bytes()
GLANCE_MS = 400  # ui/app.py
NEXT, PREV, OK, BACK = 1, 2, 3, 4  # ui/keys.py

# (game, profile, bombers) of each table played: every game, and who bombed on classic.
TABLES = [("ddz", "classic", True), ("ddz", "happy", False), ("ddz", "laizi", False),
          ("ddz", "two", False), ("ddz", "four", True), ("ddz", "five", False),
          ("baohuang", None, False), ("shengji", None, False)]

_GUEST = """
import json, binascii
import board
from drivers.memfs import MemFS
from time import ticks_diff
from ui.app import Device
from ui.draft import in_progress

with open('/input/plan.json') as f:
    plan = json.load(f)
A, B, X, Y = board.buttons
BUTTONS = (A, B, X, Y)
now = 0

def run(ms):
    global now
    for _ in range(ms // 50):
        now += 50
        device.step(now)

def bombs(draft):
    return len(draft['bombs']) if draft is not None and 'bombs' in draft else None

for game, profile, bombers, gestures in plan:
    fs = MemFS()
    device = Device(board, fs, now)
    app = device.app
    app.open_table({'game': game, 'profile': profile, 'bombers': bombers})
    app.render()
    log = []
    depth = [0]
    press = app.press

    def hands_now():
        # The open table's hands: an archive being read (App.view_archive) is not the
        # table, and opening one records nothing.
        table = app._put_aside[0] if app.viewing is not None else app.table
        return len(table.entries) if table else 0

    def logged(key, hurried=False):
        if depth[0]:
            press(key, hurried)
            return
        depth[0] += 1
        stack = app.stack
        top = type(stack[-1]).__name__
        below = type(stack[-2]).__name__ if len(stack) > 1 else None
        draft = in_progress(app)
        before = bombs(draft)
        hands = hands_now()
        age = ticks_diff(now, device._shown)
        try:
            press(key, hurried)
        finally:
            depth[0] -= 1
        after_draft = in_progress(app)
        log.append([key, hurried, age, top, below, before,
                    bombs(after_draft) if after_draft is draft else None,
                    type(app.stack[-1]).__name__, hands, hands_now()])

    app.press = logged
    for button, kind, gap in gestures:
        run(gap)
        b = BUTTONS[button]
        if kind == 1:  # a double tap
            b.press(); run(100); b.release(); run(100)
        b.press(); run(800 if kind == 2 else 100); b.release()
    run(1000)
    files = {p: binascii.hexlify(d).decode() for p, d in fs.files.items()}
    print('PLAYED', json.dumps({'log': log, 'files': files}))
"""

# A gesture: (button A B X Y, 0 tap / 1 double tap / 2 long, ms before it). 50 ms after the
# last is a press in the same breath; 3,500 lets a message go by itself.
GESTURE = st.tuples(st.sampled_from([0, 0, 0, 1, 2, 2, 3, 3, 3]),
                    st.sampled_from([0, 0, 0, 0, 1, 1, 2]),
                    st.sampled_from([50, 50, 150, 300, 500, 500, 900, 3500]))
PLAN = st.lists(st.lists(GESTURE, min_size=30, max_size=60), min_size=len(TABLES),
                max_size=len(TABLES))


def _bomb_landed(entry):
    key, hurried, _age, top, below = entry[:5]
    if key not in (NEXT, PREV):
        return False
    return (top == "PlayScreen" or (top == "Notice" and below == "PlayScreen")
            or (top == "BomberScreen" and hurried))


def _check(log):
    for entry in log:
        key, hurried, age, top, _below, before, after, top_after, hands, hands_after = entry
        if hands_after > hands:
            assert top == "Preview" and key == OK and not hurried and age >= GLANCE_MS, entry
        if before is None or after is None:
            continue  # not within one hand being entered
        if _bomb_landed(entry):
            refused = top_after == "Notice" and after == before
            assert after == before + 1 or refused, entry
        elif (key == BACK and top in ("PlayScreen", "BomberScreen")) or (
                key == OK and top == "MoreBombs"):
            assert after in (before - 1, before, before + 1), entry
        else:
            assert after == before, entry


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.data_too_large])
@given(PLAN)
def test_hurried_hands_lose_no_bomb_and_confirm_nothing_unseen(plan):
    data = json.dumps([[g, p, b, gestures] for (g, p, b), gestures in zip(TABLES, plan,
                                                                           strict=True)])
    out = mpvm.run(_GUEST, {"board.py": BOARD, "plan.json": data.encode()},
                   engine="node").stdout
    played = [json.loads(line.split(" ", 1)[1]) for line in out.splitlines()
              if line.startswith("PLAYED ")]
    assert len(played) == len(TABLES)
    for run in played:
        _check(run["log"])
        files = {p: bytes.fromhex(d) for p, d in run["files"].items()}
        table, report = Journal(MemFS(files), "/data").boot()
        assert report.clean()
