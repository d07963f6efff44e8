"""Whole evenings on the real firmware (MicroPython VM, a simulated board), with what every
screen shows read back from the painter's ops after each key: the strings, where they are,
how big, and which of them are the button hints. test_screens_scenarios.py checks them
against the table's numbers and against the screen's geometry.

    run_evening(steps, board, lang) -> [Frame]
    run_evening(steps, board, lang, files={path: bytes})   the flash as given (the settings
                                                            and any tables), lang unused

Steps: ("key", "OK") as in device_vm, and ("open", [game, profile, rules]) to open a new
table at once, or ("open", [game, profile, rules, persons, rotation]) for a roster
(core/roster.py), free scoring's seats after them: App.open_table's options, in order.
The new-table screen is covered by its own tests; an evening here is about the hands.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path

from tools import mpvm

ROOT = Path(__file__).resolve().parent.parent

_SCRIPT = """
import binascii, json
import board
from drivers.memfs import MemFS
from ui import keys, text
from ui.app import App

with open('/input/run.json') as f:
    run = json.load(f)
files = {p: binascii.unhexlify(d) for p, d in run['files'].items()}
fs = MemFS(files or {'/data/settings.json': json.dumps({'lang': run['lang']}).encode()})
app = App(board.display, board.layout, fs, board.data_dir, board.button_names, board.keymap)
p = app.painter

def frame(step):
    screen = app.stack[-1]
    p.begin()
    screen.draw(p)
    first_hint = p._n
    p.hints(app.hint_line(screen))
    ops = p._ops
    n = p._n
    p.end()
    app.display.show()
    shown = []
    for i in range(n):
        y0, y1, x0, x1, s, cs = ops[i]
        if s is not None:
            x1 = x0 + text.width(s, cs & 7)
        shown.append([y0, y1, x0, x1, s, cs >> 3, cs & 7])
    out = {'step': step, 'screen': type(screen).__name__, 'ops': shown,
           'first_hint': first_hint, 'size': [p.width, p.height],
           'actions': [a[0] for a in screen.actions()], 'words': {}}
    for k, w in screen.actions():
        out['words'][str(k)] = text_of(w)
    t = app.table
    if t is not None:
        out['names'] = t.names
        out['seating'] = t.seating() if t.roster else None
        out['scale'] = t.scale
        out['totals'] = t.totals
        out['balances'] = t.balances()
        out['entries'] = len(t.entries)
        if t.state is not None:
            out['levels'] = t.state['levels']
    draft = getattr(screen, 'draft', None)
    try:
        if type(screen).__name__ == 'PlayScreen':
            record, result = app.preview(dict(draft, winner='landlord'))
            out['multiple'] = result['multiple']
            out['pairs'] = result['pairs']
        elif type(screen).__name__ == 'Preview':
            record, result = app.preview(screen.record())
            out['deltas'] = result.get('deltas')
            out['scale'] = result.get('scale', 1)
            out['seating'] = record.get('seating')
    except Exception as exc:
        out['preview_error'] = repr(exc)
    print('FRAME', json.dumps(out))

from ui.strings import text as _text
def text_of(word):
    return _text(word, app.lang)

frame('boot')
for kind, arg in run['steps']:
    if kind == 'key':
        app.press(getattr(keys, arg))
    elif kind == 'open':
        if app.table is not None:
            app.close_table()
        app.open_table(dict(zip(('game', 'profile', 'rules', 'persons', 'roster', 'players'),
                                arg)))
    frame(arg if kind == 'key' else 'open')
"""


@dataclass
class Text:
    y0: int
    y1: int
    x0: int
    x1: int
    s: str
    color: int
    scale: int


@dataclass
class Frame:
    step: object
    screen: str
    texts: list
    boxes: list  # filled rectangles: [y0, y1, x0, x1]
    hints: list  # the hint rows' Texts
    size: tuple
    actions: list
    words: dict
    data: dict = field(default_factory=dict)

    def strings(self):
        return [t.s for t in self.texts]

    def joined(self):
        return " ".join(self.strings())


def run_evening(steps, board="simulated", lang="zh", files=None):
    run = {"steps": steps, "lang": lang,
           "files": {p: d.hex() for p, d in (files or {}).items()}}
    source = (ROOT / "boards" / (board + ".py")).read_bytes()
    outcome = mpvm.run(_SCRIPT, {"board.py": source, "run.json": json.dumps(run).encode()},
                       engine="node")
    frames = []
    for line in outcome.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind != "FRAME":
            continue
        out = json.loads(rest)
        texts, boxes, hints = [], [], []
        for i, (y0, y1, x0, x1, s, color, scale) in enumerate(out.pop("ops")):
            if s is None:
                boxes.append([y0, y1, x0, x1])
            elif i >= out["first_hint"]:
                hints.append(Text(y0, y1, x0, x1, s, color, scale))
            else:
                texts.append(Text(y0, y1, x0, x1, s, color, scale))
        frames.append(Frame(out.pop("step"), out.pop("screen"), texts, boxes, hints,
                            tuple(out.pop("size")), out.pop("actions"), out.pop("words"),
                            out))
    return frames


def keys(text):
    names = {"o": "OK", "n": "NEXT", "p": "PREV", "b": "BACK", "m": "MENU"}
    return [("key", names[k]) for k in text.split()]
