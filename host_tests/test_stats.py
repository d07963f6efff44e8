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
                          st.integers(0, 3)), min_size=1, max_size=15))
def test_counts_kept_up_hand_by_hand_equal_counting_again(hands):
    table = Table("ddz", 3, profile="classic")
    kept = Tally("ddz", 3)
    for landlord, bid, won, bombs in hands:
        record = {"landlord": landlord, "bid": bid, "bombs": ["bomb"] * bombs,
                  "winner": "landlord" if won else "farmers"}
        index, result = table.record(record)
        kept.add(index + 1, table.entries[index]["record"], result)
    again = tally(table)
    assert [kept.player(s) for s in range(3)] == [again.player(s) for s in range(3)]
    assert kept.bombs == again.bombs and kept.counted == again.counted == len(hands)


def test_the_statistics_screen_opens_from_the_menu_and_follows_the_hands():
    # statistics is the menu's last item but settings (PREV twice); a hand; then again
    run = run_device(CLASSIC_EVENING[:-1] + [("state", "before")] + keys("b m p p o")
                     + [("state", "stats"), ("shot", "stats")] + keys("b o o o o")
                     + keys("m p p o") + [("state", "again")])
    assert run.states["stats"]["screen"] == run.states["again"]["screen"] == "StatsScreen"
    assert run.states["again"]["hands"] == run.states["before"]["hands"] + 1
    table = host_table(run.files)
    assert summarize(table)["counted"] == table.hands_played()
