"""Small hand-made tables for the ledger's export, plot and summary tests (imported by
the other test_ledger_* files), each number worked out by hand beside it."""

import json

from core.journal import Journal
from tools.ledger.folder import HostFS

NAMES = ["张三", "李四", "王五"]

# 经典, base = the bid. Each line: the record, then its deltas [张三, 李四, 王五].
EVENING = [
    # bid 3, bomb ×2, rocket ×2: M 4, stake 12, landlord 张三 +24
    {"landlord": 0, "bid": 3, "bombs": ["bomb", "rocket"], "winner": "landlord"},  # 24 -12 -12
    # bid 2, anti-spring ×2: M 2, stake 4, landlord 李四 loses 8
    {"landlord": 1, "bid": 2, "winner": "farmers", "spring": "anti"},  # 4 -8 4
    # voided below: would be -1 -1 +2
    {"landlord": 2, "bid": 1, "winner": "landlord"},
    # amended below to AMENDED; as first recorded: -2 +1 +1
    {"landlord": 0, "bid": 1, "winner": "farmers"},
    # 李四 (a farmer) escapes: M' 1 < 10, penalty 10 × bid 2 = 20 to landlord 王五 only
    {"landlord": 2, "bid": 2, "escape": 1, "held": 0},  # 0 -20 20
]
# bid 2, one bomb: M 2, stake 4, farmers win: -8 4 4
AMENDED = {"landlord": 0, "bid": 2, "bombs": ["bomb"], "winner": "farmers"}
# Hands that count: 1, 2, 4 (amended), 5. Running totals after each hand:
RUNNING = [[24, -12, -12], [28, -20, -8], [28, -20, -8], [20, -16, -4], [20, -36, 16]]
TOTALS = [20, -36, 16]


def evening_folder(root):
    """A device's data folder holding EVENING with hand 3 voided and hand 4 amended."""
    table = Journal(HostFS(), str(root)).open_table("ddz", 3, profile="classic", names=NAMES)
    for record in EVENING:
        table.record(record)
    table.void(2)
    table.amend(3, AMENDED)
    assert table.totals == TOTALS
    return root


def write_jsonl(path, records):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")
    return path


def test_the_hand_made_evening_scores_as_worked_out(tmp_path):
    from tools.ledger.records import read_jsonl, score_records

    records = [dict(r, game="ddz", profile="classic", players=3) for r in EVENING]
    records[2:4] = [dict(AMENDED, game="ddz", profile="classic", players=3)]  # 3 void, 4 fixed
    lines = score_records(read_jsonl(write_jsonl(tmp_path / "e.jsonl", records)))
    assert [line["deltas"] for line in lines[:-1]] == [
        [24, -12, -12], [4, -8, 4], [-8, 4, 4], [0, -20, 20]]
    assert lines[-1] == {"totals": TOTALS}
