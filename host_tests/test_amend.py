"""Amending a hand and "same as last" on the real firmware (MicroPython VM, simulated board).

Amend opens on the hand's result screen exactly as recorded, the hand's entry screens stacked
beneath it: OK at once records the very same hand, BACK walks back through the steps. "Same
as last" copies the previous hand's setup, never its play. The property test records
generated hands of every game and profile, amends each one without changing anything, then
starts a hand "same as last": one VM run per table, many hands in it.

run_app(cases) is shared with test_entry_screens.py: each case opens a table on a fresh
device, records hands straight into it, then presses keys and reads back screens and records.
"""

import json
from pathlib import Path

import pytest
from device_vm import keys, run_device
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import baohuang_records, ddz_records, shengji_sequences
from test_device_flows import host_table

from core.errors import RecordError
from core.journal import Journal
from core.profiles import PROFILES
from core.score import score_hand
from drivers.memfs import MemFS
from tools import mpvm

ROOT = Path(__file__).resolve().parent.parent

# What "same as last" copies (ui/table_screen.py hand_setup): the hand's setup, not its play.
SETUP = ("landlord", "partner", "bid", "grabs", "shown", "doubles", "emperor", "guard", "open",
         "solo")

_GUEST = r"""
import io
import json
import sys
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import App


class Rec:
    # A painter that keeps the strings a screen draws (and draws nothing): what it shows.
    def __init__(self, real):
        self.real = real
        self.strings = []

    def __getattr__(self, name):
        if name in ('line', 'right', 'big'):
            return lambda row, s, *a, **k: self.strings.append(s)
        if name == 'at':
            return lambda x, y, s, *a, **k: self.strings.append(s)
        if name in ('box', 'hints', 'begin', 'end', 'forget'):
            return lambda *a, **k: None
        return getattr(self.real, name)


def probe(app):
    screen = app.stack[-1]
    rec = Rec(app.painter)
    screen.draw(rec)
    out = {'screen': type(screen).__name__, 'strings': rec.strings,
           'stack': [type(s).__name__ for s in app.stack], 'amending': app.amending,
           'cursor': getattr(screen, 'cursor', None),
           'archives': len(app.journal.archives())}
    if hasattr(screen, 'heading'):
        out['heading'] = screen.heading()
    if hasattr(screen, 'option') and hasattr(screen, 'count'):
        out['options'] = [screen.option(i)[0] for i in range(screen.count())]
    if type(screen).__name__ == 'Preview':
        out['record'] = screen.record()
        out['option'] = screen.options[screen.cursor][0]
        out['labels'] = [o[0] for o in screen.options]
    return out


def records(app):
    t = app.table
    if t is None:
        return {'entries': [], 'totals': None}
    out = {'entries': [], 'totals': list(t.totals)}
    for i in range(len(t.entries)):
        e = t.entries[i]
        out['entries'].append({'record': e['record'], 'void': e['void'],
                               'previous': e['previous']})
    if t.state is not None:
        out['levels'] = t.state['levels']
    return out


with open('/input/cases.json') as f:
    cases = json.load(f)
for case in cases:
    out = {}
    try:
        fs = MemFS({'/data/settings.json': json.dumps({'lang': case['lang']}).encode()})
        app = App(board.display, board.layout, fs, '/data', board.button_names, board.keymap)
        game, profile, rules = case['open']
        app.open_table({'game': game, 'profile': profile, 'rules': rules})
        for record in case['records']:
            app.table.record(record)
        app.home()
        app.render()
        for kind, arg in case['steps']:
            if kind == 'key':
                app.press(getattr(keys, arg))
                app.render()
            elif kind == 'probe':
                out[arg] = probe(app)
            elif kind == 'records':
                out[arg] = records(app)
            elif kind == 'exec':
                exec(arg, {'app': app})
                app.render()
            elif kind == 'full':
                fs.capacity = fs.used()
        out['end'] = records(app)
    except Exception as exc:
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        out['crash'] = buf.getvalue()
    print('CASE ' + json.dumps(out))
"""


def case(game, profile=None, rules=None, records=(), steps=(), lang="zh"):
    return {"open": [game, profile, rules or {}], "records": list(records),
            "steps": list(steps), "lang": lang}


def run_app(cases):
    """Every case on one VM run: [{probe or records name: what it read, "end": records}]."""
    board = (ROOT / "boards" / "simulated.py").read_bytes()
    outcome = mpvm.run(_GUEST, {"board.py": board, "cases.json": json.dumps(cases).encode()},
                       engine="node")
    found = [json.loads(line[5:]) for line in outcome.stdout.splitlines()
             if line.startswith("CASE ")]
    assert len(found) == len(cases)
    for i, out in enumerate(found):
        assert "crash" not in out, (i, out["crash"])
    return found


def probe(name):
    return [("probe", name)]


def read(name):
    return [("records", name)]


AMEND_DDZ = keys("m n o o o o")  # menu, history (after "same as last"), newest, change, amend
AMEND_SHENGJI = keys("m o o o o")  # 升级 has no "same as last"

FARMERS_WON = {"landlord": 1, "bid": 2, "bombs": ["bomb"], "winner": "farmers"}
NO_BOMBS_FARMERS = {"landlord": 1, "bid": 2, "bombs": [], "winner": "farmers"}
SPRING = {"landlord": 0, "bid": 3, "bombs": [], "winner": "landlord", "spring": "spring"}
ESCAPE = {"landlord": 0, "bid": 3, "bombs": ["bomb"], "escape": 1, "held": 2}
REVOLT = {"emperor": 0, "guard": 1, "order": [2, 3, 4, 0], "open": True, "revolt": True}
BOMBED = {"landlord": 1, "bid": 3, "bombs": ["bomb", "rocket"], "winner": "landlord"}
SOLO = {"emperor": 2, "guard": 2, "solo": "hidden", "order": [0, 1], "revolt": True}
FORFEIT = {"forfeit": 3}

CASES = {
    # OK at once: the same hand again
    "farmers": case("ddz", "classic", records=[FARMERS_WON],
                    steps=read("before") + AMEND_DDZ + probe("opened") + keys("o")),
    # only the bid changes (3 steps back: result, play, bid); the farmers still won
    "bid": case("ddz", "classic", records=[NO_BOMBS_FARMERS],
                steps=AMEND_DDZ + keys("b") + probe("play") + keys("b") + probe("bid")
                + keys("n o o") + probe("result") + keys("o")),
    # a spring taken away: the landlord still won, without the spring
    "unspring": case("ddz", "classic", records=[SPRING],
                     steps=AMEND_DDZ + probe("opened") + keys("p p") + probe("plain")
                     + keys("o")),
    # farmers win after all: no spring, no error
    "spring_to_farmers": case("ddz", "classic", records=[SPRING],
                              steps=AMEND_DDZ + keys("p") + probe("farmers") + keys("o")),
    "escape": case("ddz", "classic", records=[ESCAPE],
                   steps=read("before") + AMEND_DDZ + probe("opened") + keys("b")
                   + probe("held") + keys("o") + probe("again") + keys("o")),
    # back out of the amend: the hand's page, then history; a new hand is a new hand
    "back_out": case("ddz", "classic", records=[NO_BOMBS_FARMERS],
                     steps=AMEND_DDZ + keys("b b b b") + probe("page") + keys("b")
                     + probe("history") + keys("b o o o o")),
    # the landlord changed, straight from the result: BACK past the play screen (its bombs
    # kept) and the bid to who led; 丙 instead of 乙, then OK on each step as recorded
    "landlord": case("ddz", "classic", records=[BOMBED],
                     steps=AMEND_DDZ + keys("b") + probe("play") + keys("b b") + probe("lead")
                     + keys("n o o o") + probe("result") + keys("o")),
    # the bid changed with the bombs kept; a bomb taken back with the play menu's undo
    "bid_bombs": case("ddz", "classic", records=[BOMBED],
                      steps=AMEND_DDZ + keys("b b n o") + probe("play") + keys("m p o")
                      + probe("undone") + keys("o o")),
    # who led, under the first step: the emperor, the dealer
    "emperor": case("baohuang", records=[REVOLT],
                    steps=AMEND_DDZ + keys("b b b b") + probe("lead") + keys("o o o")
                    + probe("again") + keys("o")),
    "dealer": case("shengji", records=[{"dealer": 1, "points": 70}],
                   steps=keys("m o n o o o b b") + probe("lead") + keys("n o o")
                   + probe("result") + keys("o")),
    "revolt": case("baohuang", records=[REVOLT],
                   steps=read("before") + AMEND_DDZ + probe("opened") + keys("o")),
    "solo": case("baohuang", records=[SOLO],
                 steps=read("before") + AMEND_DDZ + probe("opened") + keys("o")),
    "forfeit": case("baohuang", records=[FORFEIT],
                    steps=read("before") + AMEND_DDZ + probe("opened") + keys("o")),
    # an amend of the first of two 升级 hands, OK at once: levels as they were
    "shengji": case("shengji", records=[{"dealer": 1, "points": 70},
                                        {"dealer": 3, "points": 120}],
                    steps=read("before") + keys("m o n o o o") + probe("opened")
                    + keys("o")),
    # same as last after a forfeit: the hand before it is copied
    "same_after_forfeit": case("baohuang", records=[
        {"emperor": 1, "guard": 3, "open": True, "order": [1, 3]}, FORFEIT],
        steps=keys("m o") + probe("order")),
}


@pytest.fixture(scope="module")
def ran():
    names = sorted(CASES)
    return dict(zip(names, run_app([CASES[n] for n in names])))


def _unchanged(out):
    before = out["before"]
    end = out["end"]
    assert end["totals"] == before["totals"]
    assert end.get("levels") == before.get("levels")
    for was, now in zip(before["entries"], end["entries"]):
        assert now["record"] == was["record"]
        assert not now["void"]
    assert end["entries"][0]["previous"] == [before["entries"][0]["record"]]


def test_amend_opens_on_the_result_as_recorded_and_ok_records_the_same_hand(ran):
    out = ran["farmers"]
    opened = out["opened"]
    assert opened["screen"] == "Preview"
    assert opened["option"] == "farmers_win"
    assert opened["stack"] == ["TableScreen", "HistoryScreen", "HandScreen", "LeadScreen",
                               "BidScreen", "PlayScreen", "Preview"]
    _unchanged(out)


def test_changing_only_the_bid_keeps_the_winner(ran):
    out = ran["bid"]
    assert out["play"]["screen"] == "PlayScreen"
    assert out["bid"]["screen"] == "BidScreen" and out["bid"]["cursor"] == 1  # bid 2
    assert out["result"]["option"] == "farmers_win"
    record = out["end"]["entries"][0]["record"]
    assert record["bid"] == 1 and record["winner"] == "farmers"
    assert out["end"]["totals"] == [1, -2, 1]


def test_a_spring_can_be_taken_away(ran):
    out = ran["unspring"]
    assert out["opened"]["option"] == "spring"
    assert out["plain"]["option"] == "landlord_wins"
    record = out["end"]["entries"][0]["record"]
    assert "spring" not in record and record["winner"] == "landlord"
    assert out["end"]["totals"] == [6, -3, -3]


def test_a_spring_amended_to_a_farmers_win_shows_the_result_not_an_error(ran):
    out = ran["spring_to_farmers"]
    farmers = out["farmers"]
    assert farmers["option"] == "farmers_win"
    assert "spring" not in farmers["record"]
    assert not [s for s in farmers["strings"] if "spring" in s or "landlord" in s]
    assert "甲−6 乙+3 丙+3" in farmers["strings"]
    record = out["end"]["entries"][0]["record"]
    assert "spring" not in record and record["winner"] == "farmers"


def test_an_escape_amended_stays_an_escape(ran):
    out = ran["escape"]
    opened = out["opened"]
    assert opened["labels"] == ["escape"]
    assert opened["stack"][-3:] == ["PlayScreen", "HeldScreen", "Preview"]
    assert out["held"]["screen"] == "HeldScreen" and "2" in out["held"]["strings"]
    assert out["again"]["record"]["escape"] == 1 and out["again"]["record"]["held"] == 2
    _unchanged(out)


def test_an_amend_changes_the_landlord_and_keeps_the_bid_and_the_bombs(ran):
    out = ran["landlord"]
    assert out["play"]["screen"] == "PlayScreen"
    assert out["lead"]["screen"] == "LeadScreen" and out["lead"]["cursor"] == 1
    assert out["result"]["option"] == "landlord_wins"
    record = out["end"]["entries"][0]["record"]
    assert record["landlord"] == 2 and record["bid"] == 3
    assert record["bombs"] == ["bomb", "rocket"]
    assert out["end"]["totals"] == [-12, -12, 24]  # 3 × 2 × 2 a pair


def test_an_amend_changes_the_bid_without_undoing_the_bombs(ran):
    out = ran["bid_bombs"]
    assert out["play"]["screen"] == "PlayScreen"
    assert out["undone"]["screen"] == "PlayScreen"
    record = out["end"]["entries"][0]["record"]
    assert record["bid"] == 2 and record["bombs"] == ["bomb"]
    assert out["end"]["totals"] == [-4, 8, -4]  # 2 × 2 a pair


def test_an_amend_reaches_the_emperor_and_the_dealer(ran):
    emperor = ran["emperor"]
    assert emperor["lead"]["screen"] == "LeadScreen" and emperor["lead"]["cursor"] == 0
    assert emperor["again"]["screen"] == "Preview"
    assert emperor["end"]["entries"][0]["record"]["emperor"] == 0
    dealer = ran["dealer"]
    assert dealer["lead"]["screen"] == "LeadScreen" and dealer["lead"]["cursor"] == 1
    assert dealer["end"]["entries"][0]["record"]["dealer"] == 2


def test_backing_out_of_an_amend_ends_it(ran):
    out = ran["back_out"]
    assert out["page"]["screen"] == "HandScreen"
    assert out["history"]["screen"] == "HistoryScreen" and out["history"]["amending"] is None
    entries = out["end"]["entries"]
    assert len(entries) == 2  # the hand after is a new one, not a correction
    assert entries[0]["record"]["winner"] == "farmers" and entries[0]["previous"] == []


def test_baohuang_amends_open_on_the_result_as_recorded(ran):
    revolt = ran["revolt"]["opened"]
    assert revolt["option"] == "revolt"
    assert revolt["stack"][3:] == ["LeadScreen", "GuardScreen", "OpenScreen", "OrderScreen",
                                   "Preview"]
    solo = ran["solo"]["opened"]
    assert solo["option"] == "revolt"
    assert solo["stack"][3:] == ["LeadScreen", "GuardScreen", "SoloScreen", "OrderScreen",
                                 "Preview"]
    forfeit = ran["forfeit"]["opened"]
    assert forfeit["stack"][3:] == ["ForfeitScreen", "Preview"]
    for name in ("revolt", "solo", "forfeit"):
        _unchanged(ran[name])


def test_a_shengji_amend_opens_on_the_result_and_keeps_the_levels(ran):
    out = ran["shengji"]
    assert out["opened"]["screen"] == "Preview"
    assert out["opened"]["stack"][3:] == ["LeadScreen", "PointsScreen", "Preview"]
    assert out["opened"]["record"] == {"dealer": 1, "points": 70}
    before, end = out["before"], out["end"]
    assert end["levels"] == before["levels"]
    assert [e["record"] for e in end["entries"]] == [e["record"] for e in before["entries"]]
    assert end["entries"][0]["previous"] == [before["entries"][0]["record"]]


def test_same_as_last_passes_over_a_forfeit(ran):
    order = ran["same_after_forfeit"]["order"]
    assert order["screen"] == "OrderScreen"
    assert order["heading"].startswith("乙 皇帝")


# -- the property: amend and OK changes nothing; same as last copies the setup ----------------

NAMES = {3: ["甲", "乙", "丙"], 2: ["甲", "乙"], 4: ["甲", "乙", "丙", "丁"],
         5: ["甲", "乙", "丙", "丁", "戊"]}
GAMES = sorted(PROFILES) + ["baohuang", "shengji"]


@st.composite
def tables(draw, game):
    """(game, profile, rules, records): hands of one table, under the table's rules."""
    if game == "shengji":
        records = draw(shengji_sequences())[:6]
        rules = records[0].get("rules", {})
        return "shengji", None, rules, [{k: v for k, v in r.items() if k != "rules"}
                                        for r in records]
    if game == "baohuang":
        records = draw(st.lists(baohuang_records(), min_size=1, max_size=5))
        rules = records[0].get("rules", {})
        return "baohuang", None, rules, [{k: v for k, v in r.items() if k != "rules"}
                                         for r in records]
    first = draw(ddz_records(profile=game))
    rules = first.get("rules", {})
    records = [first] + draw(st.lists(ddz_records(profile=game, beans=False), max_size=4))
    out = []
    for record in records:
        record = {k: v for k, v in record.items() if k != "rules"}
        if not rules.get("super_double") and "doubles" in record:
            record["doubles"] = [min(d, 2) for d in record["doubles"]]
        out.append(record)
    return "ddz", game, rules, out


def _recorded(game, profile, rules, records):
    """The table's journal with the hands recorded on the host (the ones it takes: a 升级
    game ends when a team passes A)."""
    fs = MemFS()
    players = PROFILES[profile][0] if profile else {"baohuang": 5, "shengji": 4}[game]
    table = Journal(fs, "/data").open_table(game, players, profile=profile, rules=rules,
                                            names=NAMES[players])
    for record in records:
        try:
            table.record(record)
        except RecordError:
            break
    return fs.files, table


def _same_as_last_keys(game, table):
    """The fewest presses from the table screen to record a hand "same as last", and the
    record it copies; None where there is none to copy (保皇 forfeits only)."""
    last = None
    for i in reversed(range(len(table.entries))):
        if "forfeit" not in table.entries[i]["record"]:
            last = table.entries[i]["record"]
            break
    if last is None:
        return None, None
    if game != "baohuang":
        return keys("m o o o"), last  # menu, same as last, play screen OK, result OK
    setup = {k: v for k, v in last.items() if k in SETUP}
    for placed in range(1, 6):  # each OK takes the first seat not yet out
        try:
            score_hand(dict(setup, game="baohuang", players=5, order=list(range(placed))))
        except RecordError:
            continue
        return keys("m o" + " o" * placed + " o"), last
    raise AssertionError(setup)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=5, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(data=st.data())
def test_amend_then_ok_records_the_same_hand_and_same_as_last_copies_the_setup(game, data):
    game, profile, rules, records = data.draw(tables(game))
    files, table = _recorded(game, profile, rules, records)
    hands = len(table.entries)
    before = [table.entries[i]["record"] for i in range(hands)]
    totals = list(table.totals)
    levels = table.state["levels"] if table.state else None
    history = "m o" if game == "shengji" else "m n o"
    steps = []
    for row in range(hands):  # newest first: row r is hand hands - 1 - r
        steps += keys(history + " n" * row + " o o o o") + [("state", "amended{}".format(row))]
    same, last = (None, None) if game == "shengji" else _same_as_last_keys(game, table)
    if same:
        steps += same + [("state", "same")]
    run = run_device(steps, files=files)
    for row in range(hands):
        state = run.states["amended{}".format(row)]
        assert state["screen"] == "TableScreen"
        assert state["totals"] == totals
        assert state.get("levels") == levels
    after = host_table(run.files)
    for i in range(hands):
        entry = after.entries[i]
        assert entry["record"] == before[i]  # every field
        assert entry["previous"] == [before[i]]
        assert not entry["void"]
    if same:
        assert len(after.entries) == hands + 1, run.states["same"]
        new = after.entries[hands]["record"]
        assert {k: v for k, v in new.items() if k in SETUP} == \
            {k: v for k, v in last.items() if k in SETUP}
