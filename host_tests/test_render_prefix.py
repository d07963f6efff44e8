"""Retained rendering when a text keeps its place and ink and only its end changes ("倍数 4"
-> "倍数 8", "×2" -> "×4"): ui/paint.py then redraws and sends only what follows the part both
texts begin with. On the MicroPython VM, frames of such edits (with lines, bars, right-aligned
and big text around them, some reordered) must come out exactly as a full redraw draws them,
and every changed pixel must lie in a box that end() returns.
"""

import json
import random

import pytest
from test_render_retained import _RANDOM

from tools import mpvm

_HEADS = ["倍数 ", "炸弹×1", "甲+", "×", "地主 ", "", "ab"]
_TAILS = ["4", "8", "12", " 王炸×1", "", "龘", "x", "²", "−2 乙+2"]


def _text(rng):
    return rng.choice(_HEADS) + rng.choice(_TAILS)


def _op(rng, rows, colors):
    kind = rng.choice(["line", "line", "right", "big"])
    row = rng.randrange(rows - (2 if kind == "big" else 0))
    return [kind, row, _text(rng), rng.choice([0, 4, 37]), rng.choice(colors + [None]),
            rng.random() < 0.2]


def _frames(layout, seed, count=40):
    rng = random.Random(seed)
    rows = 8 if layout == "color240x135" else 4
    colors = [1, 2, 14] if layout == "color240x135" else [1]
    frame = [_op(rng, rows, colors) for _ in range(rng.randint(3, 8))]
    frames = [frame]
    for _ in range(count):
        frame = [list(op) for op in frame]
        for _ in range(rng.randint(1, 3)):
            op = frame[rng.randrange(len(frame))]
            choice = rng.random()
            if choice < 0.7:  # the same head, another tail: what a key press mostly does
                head = next((h for h in _HEADS if h and op[2].startswith(h)), "")
                op[2] = head + rng.choice(_TAILS)
            elif choice < 0.85 and len(frame) > 1:
                i, j = rng.randrange(len(frame)), rng.randrange(len(frame))
                frame[i], frame[j] = frame[j], frame[i]
            else:
                frame.insert(rng.randrange(len(frame) + 1), _op(rng, rows, colors))
        frames.append(frame)
    return frames


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_frames_whose_text_ends_change_redraw_exactly(seed):
    frames = {layout: _frames(layout, seed) for layout in ("color240x135", "mono128x64")}
    script = "FRAMES = {!r}\n".format(frames) + _RANDOM
    out = json.loads(mpvm.run(script, engine="node").stdout.strip().splitlines()[-1])
    assert all(out), [i for i, ok in enumerate(out) if not ok][:10]
