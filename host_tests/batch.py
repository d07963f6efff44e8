"""Score many record sequences in one go, the same way on CPython and on the MicroPython VM.

This file runs on both: the tests import it on CPython, and send its source to the VM (see
score_on_vm). Each item is a list of records played in order; the answer per item is a list
of hand outcomes, or stops at the first refused record with {"error": key}.
"""

import json

from core.ddz import check_cards
from core.errors import RecordError
from core.explain import breakdown
from core.score import score_hand
from core.shengji import public


def score_batch(items):
    answers = []
    for records in items:
        state = None
        outcomes = []
        for record in records:
            try:
                result = score_hand(record, state)
                if record["game"] == "ddz":
                    check_cards(record)  # as for a hand entered, not one replayed
            except RecordError as exc:
                outcomes.append({"error": exc.key})
                break
            if record["game"] == "shengji":
                state = result
                outcome = public(result)
            else:
                outcome = {"deltas": result["deltas"]}
                if result.get("scale", 1) != 1:  # hundredths: a unit with decimals
                    outcome["scale"] = result["scale"]
                if "multiple" in result:
                    outcome["multiple"] = result["multiple"]
            outcome["zh"] = breakdown(record, result, "zh")
            outcome["en"] = breakdown(record, result, "en")
            outcomes.append(outcome)
        answers.append(outcomes)
    return answers


def score_on_vm(items, chunk=100):
    """Run score_batch on the MicroPython VM, `chunk` items per VM run (its heap is about
    1 MB); returns the answers and the fuel burned."""
    from pathlib import Path

    from tools import mpvm

    source = Path(__file__).read_text(encoding="utf-8").split("def score_on_vm")[0]
    script = source + (
        "\nwith open('/input/batch.json') as f:\n"
        "    print(json.dumps(score_batch(json.load(f))))\n"
    )
    answers = []
    fuel = 0
    for start in range(0, len(items), chunk):
        part = json.dumps(items[start:start + chunk]).encode()
        outcome = mpvm.run(script, {"batch.json": part})
        answers.extend(json.loads(outcome.stdout))
        fuel += outcome.fuel_used
    return answers, fuel
