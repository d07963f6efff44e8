"""`python -m tools.ledger score FILE`: its output is a contract other people's scripts read."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CLASSIC = {"game": "ddz", "profile": "classic", "players": 3}


def ledger(*args):
    done = subprocess.run([sys.executable, "-m", "tools.ledger", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8")
    return done.returncode, done.stdout, done.stderr


def write_jsonl(path, records):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")
    return path


def lines(stdout):
    return [json.loads(line) for line in stdout.splitlines()]


def test_scores_each_hand_then_the_totals(tmp_path):
    records = [
        dict(CLASSIC, landlord=0, bid=3, bombs=["bomb", "rocket"], winner="landlord"),
        dict(CLASSIC, landlord=1, bid=2, winner="farmers", spring="anti"),
    ]
    code, out, err = ledger("score", write_jsonl(tmp_path / "t.jsonl", records))
    assert code == 0, err
    got = lines(out)
    assert [g["deltas"] for g in got[:2]] == [[24, -12, -12], [4, -8, 4]]
    assert got[0]["multiplier"] == 4
    assert got[0]["breakdown"] == "3 × 2(炸弹) × 2(王炸) = 12；地主 +24"
    assert got[2] == {"totals": [28, -20, -8]}


def test_shengji_prints_levels_and_next_dealer_without_totals(tmp_path):
    records = [{"game": "shengji", "players": 4, "dealer": 0, "points": 0},
               {"game": "shengji", "players": 4, "dealer": 2, "points": 120}]
    code, out, _ = ledger("score", write_jsonl(tmp_path / "s.jsonl", records))
    assert code == 0
    got = lines(out)
    assert [(g["levels"], g["dealer"]) for g in got] == [(["5", "2"], 2), (["5", "3"], 3)]


def test_blank_lines_are_skipped_and_beans_balances_carry_over(tmp_path):
    beans = {"n": 1000, "fee": 50, "balances": [20000, 20000, 20000]}
    first = dict(CLASSIC, profile="happy", landlord=0, winner="landlord",
                 rules={"beans": beans})
    second = dict(CLASSIC, profile="happy", landlord=0, winner="landlord",
                  rules={"beans": {"n": 1000, "fee": 50}})
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps(first) + "\n\n" + json.dumps(second) + "\n")
    code, out, err = ledger("score", path)
    assert code == 0, err
    got = lines(out)
    assert got[0]["deltas"] == [1950, -1050, -1050]
    assert got[0]["balances"] == [21950, 18950, 18950]
    assert got[1]["balances"] == [23900, 17900, 17900]


def test_a_bad_record_names_line_key_and_value_and_prints_nothing_scored(tmp_path):
    records = [dict(CLASSIC, landlord=0, bid=3, winner="landlord"),
               dict(CLASSIC, landlord=0, bid=4, winner="landlord")]
    code, out, err = ledger("score", write_jsonl(tmp_path / "bad.jsonl", records))
    assert code == 2
    assert out == ""
    assert "bad.jsonl:2" in err and "bid" in err and "4" in err


def test_an_unknown_key_is_an_error(tmp_path):
    code, out, err = ledger("score", write_jsonl(
        tmp_path / "k.jsonl", [dict(CLASSIC, landlord=0, bid=1, winner="landlord", note=1)]))
    assert (code, out) == (2, "")
    assert "note" in err and "unknown key" in err


def test_broken_json_mixed_games_and_missing_files_are_refused(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": "ddz",\n')
    code, out, err = ledger("score", broken)
    assert (code, out) == (2, "") and "broken.jsonl:1" in err and "not JSON" in err

    mixed = write_jsonl(tmp_path / "mixed.jsonl", [
        dict(CLASSIC, landlord=0, bid=1, winner="landlord"),
        {"game": "shengji", "players": 4, "dealer": 0, "points": 40}])
    code, out, err = ledger("score", mixed)
    assert (code, out) == (2, "") and "mixed.jsonl:2" in err and "game" in err

    code, out, err = ledger("score", tmp_path / "nowhere.jsonl")
    assert (code, out) == (2, "") and "cannot read" in err
