"""Money per point (rules.unit, core/money.py): read exactly, priced after everything, kept
in hundredths where it has decimals, shown with two decimals, settled to the cent. The
hand-computed cases are in cases/unit.py (test_cases.py runs them on both interpreters)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import baohuang_records, ddz_records

from core import money
from core.errors import RecordError
from core.score import score_hand
from core.table import Table
from tools import mpvm
from ui.qr_text import settlement_lines
from ui.strings import text

ROOT = Path(__file__).resolve().parent.parent

# Whole units (1 to 10000) and decimals of at most two places (0.01 to 10000), as JSON gives
# them: an int, or the float nearest the decimal.
UNITS = st.one_of(st.integers(1, 10000),
                  st.integers(1, 1000000).filter(lambda c: c % 100).map(lambda c: c / 100))


def _priced(record, unit):
    record = dict(record, rules=dict(record.get("rules", {}), unit=unit))
    return record


def _cents(unit):
    return unit * 100 if isinstance(unit, int) else round(unit * 100)


@settings(max_examples=300)
@given(st.one_of(ddz_records(beans=False), baohuang_records()), UNITS)
def test_a_unit_prices_every_delta_exactly_and_keeps_the_hand_zero_sum(record, unit):
    record = dict(record, rules={k: v for k, v in record.get("rules", {}).items()
                                 if k != "unit"})
    points = score_hand(record)["deltas"]
    result = score_hand(_priced(record, unit))
    cents = _cents(unit)
    scale = 1 if cents % 100 == 0 else 100
    assert result["scale"] == scale and result["unit"] == cents
    worth = cents // 100 if scale == 1 else cents
    assert result["deltas"] == [d * worth for d in points]
    assert all(isinstance(d, int) for d in result["deltas"])
    assert sum(result["deltas"]) == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(ddz_records(profile="classic", beans=False), min_size=1, max_size=8), UNITS)
def test_the_settlement_pays_the_totals_to_the_cent(records, unit):
    table = Table("ddz", 3, "classic", {"unit": unit})
    for record in records:
        rules = {k: v for k, v in record.get("rules", {}).items() if k != "unit"}
        table.record(dict(record, rules=dict(rules, unit=unit)), replay=True)
    owed = list(table.totals)
    for payer, payee, amount in table.settlement():
        assert amount > 0 and isinstance(amount, int)
        owed[payer] += amount
        owed[payee] -= amount
    assert owed == [0, 0, 0]
    # and the totals are the points at 1 a point, priced
    plain = Table("ddz", 3, "classic")
    for record in records:
        rules = {k: v for k, v in record.get("rules", {}).items() if k != "unit"}
        plain.record(dict(record, rules=rules), replay=True)
    cents = _cents(unit)
    worth = cents // 100 if table.scale == 1 else cents
    assert table.totals == [t * worth for t in plain.totals]


def test_reading_a_unit():
    read = money.cents
    assert read({}) == 100
    assert [read({"unit": u}) for u in (1, 3, 10000, 0.5, 0.05, 0.29, 2.5, 9999.99, 3.0)] \
        == [100, 300, 1000000, 50, 5, 29, 250, 999999, 300]
    for bad in (0, -1, 0.005, 0.015, 2.345, 10001, 10000.01, "1", True, False, None, [1],
                float("nan"), float("inf"), -0.5):
        with pytest.raises(RecordError) as refused:
            read({"unit": bad})
        assert refused.value.key == "rules.unit"
        assert str(refused.value).startswith("rules.unit: ")


def test_amounts_are_written_with_two_decimals_at_a_table_of_hundredths():
    assert money.text(12) == "12" and money.text(-3) == "-3" and money.text(0) == "0"
    assert money.text(150, 100) == "1.50" and money.text(-25, 100) == "-0.25"
    assert money.text(1200, 100, "+", "−") == "+12.00" and money.text(0, 100) == "0.00"
    assert money.text(-5, 100, "+", "−") == "−0.05"
    assert [money.unit_text(c) for c in (100, 50, 5, 250, 10, 1000000, 29)] \
        == ["1", "0.5", "0.05", "2.5", "0.1", "10000", "0.29"]


def test_the_table_keeps_its_scale_and_refuses_a_finer_record():
    assert Table("ddz", 3, "classic").scale == 1
    assert Table("ddz", 3, "classic", {"unit": 5}).scale == 1
    assert Table("baohuang", 5, rules={"unit": 0.5}).scale == 100
    assert Table("shengji", 4).scale == 1
    whole = Table("ddz", 3, "classic", {"unit": 2})
    hand = {"landlord": 0, "bid": 1, "winner": "landlord"}
    whole.record(hand)
    assert whole.totals == [4, -2, -2]
    with pytest.raises(RecordError) as refused:
        whole.record(dict(hand, rules={"unit": 0.5}))
    assert refused.value.key == "rules.unit" and refused.value.value == 0.5
    assert whole.totals == [4, -2, -2] and len(whole.entries) == 1
    # a table of hundredths takes a hand at a whole unit, exactly
    cents = Table("ddz", 3, "classic", {"unit": 0.5})
    cents.record(hand)
    cents.record(dict(hand, rules={"unit": 3}))
    assert cents.totals == [100 + 600, -50 - 300, -50 - 300]
    cents.void(1)
    assert cents.totals == [100, -50, -50]
    # a host tool may ask for hundredths whatever the first unit; a board never does
    mixed = Table("ddz", 3, "classic", scale=100)
    assert mixed.scale == 100 and mixed.header()["scale"] == 100
    assert Table(**mixed.header()).scale == 100
    assert "scale" not in cents.header()
    with pytest.raises(RecordError):
        Table("ddz", 3, "classic", {"unit": 0.5}, scale=1)


def test_the_end_titles_and_qr_text_read_points_of_the_unit():
    table = Table("ddz", 3, "classic", {"unit": 0.5}, names=["甲", "乙", "丙"], titles=True,
                  end={"reach": 100})
    hand = {"landlord": 0, "bid": 3, "bombs": ["bomb"], "winner": "landlord"}
    # 3 × 2 = 6 a pair: 甲 +12 points a hand, +6.00. T = 100 is 100.00 (10000 hundredths),
    # not 100 hundredths: 16 hands make 96.00, the 17th 102.00
    for _ in range(16):
        table.record(hand)
    assert table.totals[0] == 9600 and table.ended() is None
    table.record(hand)
    assert table.ended() == ["reach", 0, 10200]
    assert table.titles("zh") == ["短工", "包身工", "包身工"]  # 102.00; -51.00
    lines = settlement_lines(table, lambda key: text(key, "zh"))
    assert lines[1] == "1分=0.5元"
    assert lines[2] == "甲 +102.00" and lines[3] == "乙 -51.00"
    assert lines[-1] == "丙 付 甲 51.00"
    plain = Table("ddz", 3, "classic", names=["甲", "乙", "丙"])
    assert settlement_lines(plain, lambda key: text(key, "zh"))[1:] == ["甲 0", "乙 0", "丙 0",
                                                                       "两清"]


def test_shengji_refuses_a_unit_plainly():
    with pytest.raises(RecordError) as refused:
        Table("shengji", 4, rules={"unit": 1})
    assert refused.value.key == "rules.unit" and "levels" in refused.value.reason
    with pytest.raises(RecordError) as refused:
        score_hand({"game": "shengji", "players": 4, "dealer": 0, "points": 40,
                    "rules": {"unit": 2}})
    assert refused.value.key == "rules.unit" and "no stakes" in refused.value.reason


def test_micropython_reads_and_writes_the_device_units_unchanged():
    # The new-table screen's units go into the journal's JSON on MicroPython and back: the
    # numbers must come back equal, and read to the same hundredths.
    out = mpvm.run(
        "import json\n"
        "from core import money\n"
        "from ui.new_table import UNITS\n"
        "back = [json.loads(json.dumps({'unit': u}))['unit'] for u in UNITS]\n"
        "print(json.dumps([back == list(UNITS), json.dumps(list(UNITS)),\n"
        "    [money.cents({'unit': u}) for u in back],\n"
        "    [money.cents({'unit': u}) for u in (0.29, 9999.99, 2.5)],\n"
        "    [money.text(a, 100, '+', '-') for a in (150, -25, 0, 1200)]]))\n")
    same, written, cents, more, shown = json.loads(out.stdout)
    assert same, written
    assert json.loads(written) == [1, 0.1, 0.2, 0.5, 2, 5, 10]
    assert cents == [100, 10, 20, 50, 200, 500, 1000]
    assert more == [29, 999999, 250]
    assert shown == ["+1.50", "-0.25", "0.00", "+12.00"]


def _ledger(*args):
    done = subprocess.run([sys.executable, "-m", "tools.ledger", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_ledger_prints_exact_decimals_for_a_unit_with_decimals(tmp_path):
    classic = {"game": "ddz", "profile": "classic", "players": 3}
    records = [
        # 3 × 2(bomb) = 6 a pair, landlord +12 points; × 0.5 = +6.00 / -3.00
        dict(classic, landlord=0, bid=3, bombs=["bomb"], winner="landlord",
             rules={"unit": 0.5}),
        # a whole unit in the same file (said: a record without rules takes the table's):
        # 1 a pair, the farmers win; × 1 = -2 / +1
        dict(classic, landlord=1, bid=1, winner="farmers", rules={"unit": 1}),
        # × 0.05: landlord +2 points = +0.10, farmers -0.05
        dict(classic, landlord=2, bid=1, winner="landlord", rules={"unit": 0.05}),
    ]
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    lines = _ledger("score", str(path)).splitlines()
    assert lines[0].startswith('{"deltas": [6, -3, -3], "multiplier": 2')
    assert lines[1].startswith('{"deltas": [1, -2, 1], "multiplier": 1')
    assert lines[2].startswith('{"deltas": [-0.05, -0.05, 0.1], "multiplier": 1')
    assert lines[3] == '{"totals": [6.95, -5.05, -1.9]}'
    assert "× 0.5(单位)；地主 +6.00" in json.loads(lines[0])["breakdown"]
    summary = json.loads(_ledger("summary", str(path), "--json"))
    assert [p["total"] for p in summary["players"]] == [6.95, -5.05, -1.9]
    assert [s["amount"] for s in summary["settlement"]] == [5.05, 1.9]
    assert summary["players"][0]["biggest_gain"] == {"hand": 1, "delta": 6}
    shown = _ledger("summary", str(path))
    assert "+6.95" in shown and "P2 → P1: 5.05" in shown and "P3 → P1: 1.90" in shown
    csv = _ledger("export", str(path), "--csv").splitlines()
    assert csv[1].startswith("1,ok,6.00,-3.00,-3.00,")
    assert csv[3].split(",")[6:9] == ["6.95", "-5.05", "-1.90"]


def test_a_whole_unit_file_prints_whole_numbers(tmp_path):
    path = tmp_path / "hands.jsonl"
    record = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 2,
              "winner": "landlord", "rules": {"unit": 3}}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    lines = _ledger("score", str(path)).splitlines()
    # 2 a pair, +4 points × 3 = +12
    assert lines[0].startswith('{"deltas": [12, -6, -6], "multiplier": 1')
    assert lines[0].endswith('"breakdown_en": "2 = 2; × 3(unit); landlord +12"}')
    assert lines[1] == '{"totals": [12, -6, -6]}'
