"""A lean app (a small heap: ui/modules.py) lets the screens' modules go whenever the table
screen is alone again, and imports them again when they are next needed. On the MicroPython
VM: the same evenings as the emulated Pico's small-heap test, lean and not, must show the
same pictures and write the same journal; at rest a lean app holds none of the modules it
lets go, and in a hand it has what the hand needs."""

import pytest
from device_vm import run_device
from test_pico_heap import TABLES

from core.journal import Journal
from drivers.memfs import MemFS
from ui.modules import LEAN_GLYPHS, ON_DEMAND

HANDS = 15  # past one journal snapshot (12 events): old hands are read from their segments


def _table_files(game):
    (name, players, profile, names), record, _ = TABLES[game]
    fs = MemFS()
    table = Journal(fs, "/data").open_table(name, players, profile=profile, names=names)
    for i in range(HANDS):
        table.record(record(i, table))
    return dict(fs.files)


def _probed(steps):
    """The steps with the loaded modules asked for after each key, and a picture of each."""
    out = [("modules", "boot")]
    for n, step in enumerate(steps):
        out.append(step)
        if step[0] == "key":
            out += [("modules", str(n)), ("shot", str(n))]
    return out


@pytest.fixture(scope="module", params=sorted(TABLES))
def evenings(request):
    game = request.param
    files = _table_files(game)
    steps = _probed(TABLES[game][2])
    return game, run_device(steps, files=files), run_device(steps, files=files, lean=True)


def test_a_lean_evening_looks_and_records_the_same(evenings):
    game, full, lean = evenings
    assert lean.shots.keys() == full.shots.keys()
    assert [n for n in full.shots if lean.shots[n] != full.shots[n]] == [], game
    assert lean.files == full.files
    assert lean.end["totals"] == full.end["totals"]


def test_at_rest_a_lean_app_holds_no_screen_it_let_go(evenings):
    game, full, lean = evenings
    at_rest = [n for n, m in lean.modules.items() if m["screen"] == "TableScreen"]
    assert len(at_rest) >= 3, game  # boot, and back from each hand and screen
    for n in at_rest:
        assert set(lean.modules[n]["loaded"]) & set(ON_DEMAND) == set(), (game, n)
    # Not lean, what was loaded stays loaded.
    last = full.modules[max((n for n in full.modules if n != "boot"), key=int)]["loaded"]
    assert {"ui.preview", "core.explain"} <= set(last)


def test_a_lean_app_keeps_fewer_glyphs(evenings):
    game, full, lean = evenings
    assert max(m["glyphs"] for m in lean.modules.values()) == LEAN_GLYPHS, game
    assert max(m["glyphs"] for m in full.modules.values()) > LEAN_GLYPHS, game


def test_in_a_hand_a_lean_app_has_the_entry_screens_again(evenings):
    game, _, lean = evenings
    entry = {"classic": "ui.ddz_entry", "baohuang": "ui.baohuang_entry",
             "shengji": "ui.shengji_entry"}[game]
    assert sum(entry in m["loaded"] for m in lean.modules.values()) >= 2, game
