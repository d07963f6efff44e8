"""The table's statistics (core.stats): the device's screen counts what `tools.ledger summary`
says, on the MicroPython VM as on CPython, and the counts the app keeps up hand by hand are
those of counting every hand again."""

import json

from device_vm import keys, run_device
from hypothesis import given, settings
from hypothesis import strategies as st
from test_device_flows import CLASSIC_EVENING, host_table
from test_journal_vm import _python, _vm

from core.stats import Tally, tally
from core.table import Table
from tools.ledger.summary import summarize

PLAYER_KEYS = ("hands", "led", "led_won", "led_rate", "led_win_rate", "biggest_gain",
               "biggest_loss")

ON_VM = """
from core.stats import tally
table, _ = Journal(fs, "d").boot()
counts = tally(table)
print(json.dumps({"players": [counts.player(s) for s in range(table.players)],
                  "bombs": counts.bombs, "counted": counts.counted}))
"""


def test_the_counts_on_micropython_are_the_ledgers():
    python = _python(None)
    fs = python["MemFS"]()
    python["evening"](fs, 30)  # a void and an amend among them
    files = {path: data.hex() for path, data in fs.files.items()}
    got = _vm("fs = MemFS({p: binascii.unhexlify(h) for p, h in json.load("
              "open('/input/files.json')).items()})\n" + ON_VM,
              {"files.json": json.dumps(files).encode()})
    table, _ = python["Journal"](fs, "d").boot()
    summary = summarize(table)
    assert got["counted"] == summary["counted"] == 29
    assert got["bombs"] == summary["bombs"]["kinds"]
    assert got["players"] == [{k: p[k] for k in PLAYER_KEYS} for p in summary["players"]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(1, 3), st.booleans(),
                          st.integers(0, 3),
                          st.none() | st.lists(st.integers(0, 2), max_size=3)),
                min_size=1, max_size=15))
def test_counts_kept_up_hand_by_hand_equal_counting_again(hands):
    # Some hands say who played their bombs (bombers: the bombs are then one per seat
    # listed), the rest do not.
    table = Table("ddz", 3, profile="classic")
    kept = Tally("ddz", 3)
    bombed = None
    for landlord, bid, won, bombs, bombers in hands:
        record = {"landlord": landlord, "bid": bid, "bombs": ["bomb"] * bombs,
                  "winner": "landlord" if won else "farmers"}
        if bombers is not None:
            record["bombs"] = ["bomb"] * len(bombers)
            record["bombers"] = bombers
            bombed = bombed or [0, 0, 0]
            for seat in bombers:
                bombed[seat] += 1
        index, result = table.record(record)
        kept.add(index + 1, table.entries[index]["record"], result)
    again = tally(table)
    assert [kept.player(s) for s in range(3)] == [again.player(s) for s in range(3)]
    assert kept.bombs == again.bombs and kept.counted == again.counted == len(hands)
    assert kept.bombed == again.bombed == bombed  # None when no hand said who bombed


def test_each_players_bombs_on_micropython_are_the_ledgers():
    # A table that asks who bombed, on CPython; booted and counted again on the VM.
    from core.journal import Journal
    from drivers.memfs import MemFS

    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic", bombers=True)
    for i in range(12):
        bombs = ["bomb"] * (i % 3)
        table.record({"landlord": i % 3, "bid": 1, "bombs": bombs,
                      "bombers": [(i + k) % 3 for k in range(len(bombs))],
                      "winner": "landlord" if i % 2 else "farmers"})
    table.void(4)
    files = {path: data.hex() for path, data in fs.files.items()}
    got = _vm("fs = MemFS({p: binascii.unhexlify(h) for p, h in json.load("
              "open('/input/files.json')).items()})\n" + ON_VM.replace(
                  '"counted": counts.counted', '"counted": counts.counted, '
                  '"bombed": counts.bombed'),
              {"files.json": json.dumps(files).encode()})
    summary = summarize(Journal(fs, "d").boot()[0])
    # one bomb in hands 2, 5, 8, 11 (seat 1; hand 5 voided), two in 3, 6, 9, 12 (seats 2, 0)
    assert got["bombed"] == [p["bombs_played"] for p in summary["players"]] == [4, 3, 4]
    assert sum(got["bombed"]) == summary["bombs"]["count"] == summary["bombs"]["by_players"]


def test_the_statistics_screen_opens_from_the_menu_and_follows_the_hands():
    # statistics is the menu's last item but settings (PREV twice); a hand; then again
    run = run_device(CLASSIC_EVENING[:-1] + [("state", "before")] + keys("b m p p o")
                     + [("state", "stats"), ("shot", "stats")] + keys("b o o o o")
                     + keys("m p p o") + [("state", "again")])
    assert run.states["stats"]["screen"] == run.states["again"]["screen"] == "StatsScreen"
    assert run.states["again"]["hands"] == run.states["before"]["hands"] + 1
    table = host_table(run.files)
    assert summarize(table)["counted"] == table.hands_played()


ON_VM_SCREEN = """
import json
from core.stats import tally
from core.table import Table
from ui.stats_screen import StatsScreen


class Painter:
    width = 240


class App:
    def __init__(self, table, lang):
        self.table = table
        self.lang = lang
        self.painter = Painter()

    def tally(self):
        return tally(self.table)


names = ["甲", "乙", "丙"]
plain = Table("ddz", 3, profile="classic", names=names)
plain.record({"landlord": 0, "bid": 1, "bombs": ["bomb", "rocket"], "winner": "landlord"})
told = Table("ddz", 3, profile="classic", names=names, bombers=True)
told.record({"landlord": 0, "bid": 1, "bombs": ["bomb", "rocket"], "bombers": [2, 2],
             "winner": "landlord"})
print(json.dumps([StatsScreen(App(t, lang)).blocks()
                  for t, lang in ((plain, "zh"), (told, "zh"), (told, "en"))]))
"""


def test_the_statistics_screen_shows_each_players_bombs_only_where_the_hands_say():
    from tools import mpvm

    before, blocks, english = json.loads(mpvm.run(ON_VM_SCREEN).stdout)
    # each player's block: its name, then its figures, its bombs among them only where the
    # hands say who played them; otherwise as it was
    assert [name for name, _items in blocks] == ["甲", "乙", "丙", ""]
    assert [[i for i in items if i.startswith("炸弹 ")] for _n, items in blocks[:3]] == [
        ["炸弹 0"], ["炸弹 0"], ["炸弹 2"]]
    assert [[i for i in items if not i.startswith("炸弹 ")] for _n, items in blocks[:3]] == [
        items for _n, items in before[:3]]
    assert not [i for _n, items in before[:3] for i in items if "炸弹" in i]
    assert "bombs 2" in english[2][1]
