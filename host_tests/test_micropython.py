"""The core on a real MicroPython VM: it must score exactly as CPython does.

Hypothesis generates records of every game; they go through host_tests/batch.py on both
interpreters (one VM run per hundred items); any difference in a number, a refusal or a
breakdown line fails the suite and names the record.
"""

from batch import score_batch, score_on_vm
from strategies import baohuang_records, ddz_records, examples, shengji_sequences


def test_generated_hands_score_the_same_on_micropython():
    items = [[r] for r in examples(ddz_records(), 600)]
    items += [[r] for r in examples(baohuang_records(), 150)]
    items += examples(shengji_sequences(), 60)
    on_cpython = score_batch(items)
    on_micropython, _fuel = score_on_vm(items)
    assert len(on_micropython) == len(items)
    for item, mine, theirs in zip(items, on_cpython, on_micropython):
        assert theirs == mine, item
