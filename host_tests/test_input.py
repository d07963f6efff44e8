"""ui.input on the MicroPython VM: short, long and double presses, debounce, idle dim and dark,
the waking press (it acts), several buttons at once, tick wrap-around.

A scenario is a button count, a keymap, Input's settings and a timeline of raw button changes
(ms, button, down). The guest polls every `step` ms (50 as on a board) from a tick value just
below the 2**30 wrap of MicroPython's ticks, applying the changes due, and reports each event
with its time. Many scenarios go to one VM run. Hypothesis generates press sequences; a model
here says what each must produce.
"""

import json

from hypothesis import strategies as st
from strategies import examples

from tools import mpvm

NEXT, PREV, OK, BACK, MENU, WAKE, DIM, DARK = 1, 2, 3, 4, 5, 6, 7, 8
N = None

GUEST = r"""
import json
from ui.input import Input

# MicroPython's ticks_ms() wraps at 2**30 on every port; start 777 ms before the wrap. (Kept
# below 2**30 so that no tick value is a boxed int: this VM's heap is never collected safely.)
START = (1 << 30) - 777

class Btn:
    def __init__(self):
        self.down = False
    def pressed(self):
        return self.down

def run(sc):
    step = sc.get('step', 50)
    n = len(sc['keymap'])
    btns = [Btn() for _ in range(n)]
    inp = Input(btns, sc['keymap'], START, **sc.get('opts', {}))
    changes = sc['changes']
    k = 0
    out = []
    t = 0
    end = sc['end']
    while t <= end:
        while k < len(changes) and changes[k][0] <= t:
            btns[changes[k][1]].down = bool(changes[k][2])
            k += 1
        now = START + t if t < 777 else t - 777
        key = inp.poll(now)
        while key:
            out.append([t, key])
            key = inp.poll(now)
        t += step
    return out

with open('/input/scenarios.json') as f:
    scenarios = json.load(f)
print(json.dumps([run(sc) for sc in scenarios]))
"""


def run_all(scenarios, chunk=150):
    """Events per scenario, `chunk` scenarios per VM run (its heap is about 1 MB)."""
    results = []
    for i in range(0, len(scenarios), chunk):
        data = {"scenarios.json": json.dumps(scenarios[i:i + chunk]).encode()}
        out = mpvm.run(GUEST, data)
        results += json.loads(out.stdout.strip().splitlines()[-1])
    return results


def press(button, at, held):
    return [[at, button, 1], [at + held, button, 0]]


def scenario(keymap, changes, end, **opts):
    return {"keymap": keymap, "changes": sorted(changes), "end": end, "opts": opts}


SHORT_LONG = [[NEXT, PREV, N]]
SHORT_LONG_DOUBLE = [[NEXT, PREV, MENU]]
SHORT_ONLY = [[OK, N, N]]


def test_press_kinds_and_timing():
    cases = {
        # short fires on release when the button has a long
        "short": (scenario(SHORT_LONG, press(0, 100, 150), 1000), [[250, NEXT]]),
        # long fires while still held, at long_ms, and its release fires nothing
        "long": (scenario(SHORT_LONG, press(0, 100, 1500), 2000), [[700, PREV]]),
        # with no long and no double, the short fires on the press itself
        "instant": (scenario(SHORT_ONLY, press(0, 100, 1000), 1500), [[100, OK]]),
        # a double fires once; the short of a button with a double waits for the window
        "double": (scenario(SHORT_LONG_DOUBLE, press(0, 100, 100) + press(0, 300, 100), 1500),
                   [[300, MENU]]),
        "short_waits": (scenario(SHORT_LONG_DOUBLE, press(0, 100, 100), 1500), [[500, NEXT]]),
        "two_shorts": (scenario(SHORT_LONG_DOUBLE, press(0, 100, 100) + press(0, 600, 100),
                                1500), [[500, NEXT], [1000, NEXT]]),
        # a long on the second press of a double is swallowed with it
        "double_held": (scenario(SHORT_LONG_DOUBLE, press(0, 100, 100) + press(0, 300, 2000),
                                 3000), [[300, MENU]]),
        # two buttons in the same poll: both events, one per poll call, in button order
        "chord": (scenario([[OK, N, N], [BACK, N, N]], press(0, 100, 100) + press(1, 100, 100),
                           500), [[100, OK], [100, BACK]]),
    }
    results = run_all([case for case, _ in cases.values()])
    for (name, (_, expected)), got in zip(cases.items(), results):
        assert got == expected, name


def test_bounces_make_one_press():
    # Contacts chatter for 15 ms on press and on release; polled every 5 ms.
    chatter_in = [[100, 0, 1], [103, 0, 0], [106, 0, 1], [109, 0, 0], [112, 0, 1]]
    chatter_out = [[300, 0, 0], [303, 0, 1], [306, 0, 0], [309, 0, 1], [312, 0, 0]]
    sc_short = scenario(SHORT_LONG, chatter_in + chatter_out, 1000)
    sc_short["step"] = 5
    sc_instant = scenario(SHORT_ONLY, chatter_in + chatter_out, 1000)
    sc_instant["step"] = 5
    short, instant = run_all([sc_short, sc_instant])
    assert [key for _, key in short] == [NEXT]
    assert [key for _, key in instant] == [OK]


def test_a_press_on_a_dim_display_wakes_it_and_still_acts():
    # Sleep never eats a press: WAKE first, then the press's own key, whatever its kind.
    keymap = [[NEXT, PREV, N], [OK, N, N], [NEXT, N, MENU]]
    sc = scenario(
        keymap,
        press(0, 100, 100)  # a normal short at 200
        + press(1, 2500, 100)  # dim by then: WAKE, and OK fires on the press as always
        + press(0, 2800, 100)  # lit: NEXT alone
        + press(0, 5000, 1500)  # dim again: WAKE, then the long press's PREV at 600 ms
        + press(2, 8000, 100),  # dim again: WAKE, then the short after the double window
        9500, sleep_after_ms=1000)
    (got,) = run_all([sc])
    assert got == [[200, NEXT], [1200, DIM], [2500, WAKE], [2500, OK], [2900, NEXT],
                   [3900, DIM], [5000, WAKE], [5600, PREV], [7500, DIM], [8000, WAKE],
                   [8400, NEXT], [9100, DIM]]


def test_dark_after_the_long_idle_and_the_waking_press_acts():
    keymap = [[NEXT, PREV, N], [OK, N, N]]
    cases = [
        # dim at 1 s, dark at 3 s; the press on the dark display wakes it and acts
        (scenario(keymap, press(0, 100, 100) + press(1, 4000, 100), 8000,
                  sleep_after_ms=1000, dark_after_ms=3000),
         [[200, NEXT], [1200, DIM], [3200, DARK], [4000, WAKE], [4000, OK], [5100, DIM],
          [7100, DARK]]),
        # no dimming: dark only
        (scenario(keymap, press(0, 100, 100), 2000, dark_after_ms=1000),
         [[200, NEXT], [1200, DARK]]),
        # dark sooner than dim: dark, and no dim after it
        (scenario(keymap, press(0, 100, 100), 8000, sleep_after_ms=5000, dark_after_ms=1000),
         [[200, NEXT], [1200, DARK]]),
        # neither while a button is held: idle counts from its release
        (scenario(keymap, press(0, 100, 3000), 6000, sleep_after_ms=1000,
                  dark_after_ms=2000),
         [[700, PREV], [4100, DIM], [5100, DARK]]),
    ]
    results = run_all([sc for sc, _ in cases])
    for (_, expected), got in zip(cases, results):
        assert got == expected


# -- properties -----------------------------------------------------------------------------

LONG_MS, DOUBLE_MS, STEP = 600, 300, 50


@st.composite
def press_sequences(draw):
    """Presses of one button on the 50 ms poll grid: (held, gap after) in ms."""
    count = draw(st.integers(1, 8))
    held = st.integers(1, 30).map(lambda k: k * STEP)
    gap = st.integers(1, 20).map(lambda k: k * STEP)
    return [(draw(held), draw(gap)) for _ in range(count)]


def model(presses, with_double):
    """What a button mapped (NEXT, PREV, MENU or None) must produce for these presses."""
    out = []
    t = 100
    pending = False
    last_release = 0
    for held, gap in presses:
        start, end = t, t + held
        if pending and start - last_release < DOUBLE_MS:
            out.append(MENU)
            pending = False
        else:
            if pending:
                out.append(NEXT)
                pending = False
            if held > LONG_MS:
                out.append(PREV)
            elif with_double:
                pending, last_release = True, end
            else:
                out.append(NEXT)
        t = end + gap
    if pending:
        out.append(NEXT)
    return out


def timeline(presses):
    changes, t = [], 100
    for held, gap in presses:
        changes += press(0, t, held)
        t += held + gap
    return changes, t + 1000




def test_generated_press_sequences_match_the_model():
    sequences = examples(press_sequences(), 200)
    scenarios, expected = [], []
    for presses in sequences:
        changes, end = timeline(presses)
        scenarios.append(scenario(SHORT_LONG, changes, end))
        expected.append(model(presses, with_double=False))
        scenarios.append(scenario(SHORT_LONG_DOUBLE, changes, end))
        expected.append(model(presses, with_double=True))
    results = run_all(scenarios)
    for presses, want, got in zip(sequences * 2, expected, results):
        keys = [key for _, key in got]
        assert keys == want, presses


def test_generated_presses_without_double_give_one_event_each_never_short_for_long():
    sequences = examples(press_sequences(), 150)
    scenarios = [scenario(SHORT_LONG, *timeline(p)) for p in sequences]
    for presses, got in zip(sequences, run_all(scenarios)):
        keys = [key for _, key in got]
        assert len(keys) == len(presses)  # every press exactly one event
        for (held, _), key in zip(presses, keys):
            assert key == (PREV if held > LONG_MS else NEXT)  # a long is never a short
