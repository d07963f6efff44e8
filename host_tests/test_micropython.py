"""The core on a real MicroPython VM: it must score exactly as CPython does.

Hypothesis generates records of every game; they go through host_tests/batch.py on both
interpreters (one VM run per hundred items); any difference in a number, a refusal or a
breakdown line fails the suite and names the record.
"""

from batch import score_batch, score_on_vm
from hypothesis import HealthCheck, given, settings
from strategies import baohuang_records, ddz_records, shengji_sequences


def _generate(strategy, count):
    found = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(example):
        found.append(example)

    collect()
    return found


def test_generated_hands_score_the_same_on_micropython():
    items = [[r] for r in _generate(ddz_records(), 600)]
    items += [[r] for r in _generate(baohuang_records(), 150)]
    items += _generate(shengji_sequences(), 60)
    on_cpython = score_batch(items)
    on_micropython, _fuel = score_on_vm(items)
    assert len(on_micropython) == len(items)
    for item, mine, theirs in zip(items, on_cpython, on_micropython):
        assert theirs == mine, item
