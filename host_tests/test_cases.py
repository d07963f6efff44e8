"""The hand-computed case tables (host_tests/cases/), on CPython and on MicroPython.

Each case carries its arithmetic in `why`; the expected numbers were worked out by hand from
the rule book, independently of the code. One VM run scores every table again on MicroPython,
and a case passes only if both interpreters give the expected numbers.
"""

import pytest
from batch import score_batch, score_on_vm
from cases import baohuang, beans, ddz, free, invalid, shengji, unit

POINT_CASES = ddz.CASES + beans.CASES + baohuang.CASES + unit.CASES + free.CASES


def _items():
    items = [[case["record"]] for case in POINT_CASES]
    items += [seq["records"] for seq in shengji.SEQUENCES]
    items += [[case["record"]] for case in invalid.INVALID]
    return items


def _expected():
    # A unit with decimals counts in hundredths, and the outcome says so (cases/unit.py).
    expected = [[dict({"deltas": case["deltas"]}, **({"scale": case["scale"]}
                                                      if "scale" in case else {}))]
                for case in POINT_CASES]
    expected += [seq["after"] for seq in shengji.SEQUENCES]
    expected += [[{"error": case["key"]}] for case in invalid.INVALID]
    return expected


def _numbers(outcomes):
    # The breakdown lines are compared between interpreters elsewhere; here, the numbers.
    return [{k: v for k, v in o.items() if k not in ("zh", "en", "multiple")}
            for o in outcomes]


def _ids():
    return ([c["name"] for c in POINT_CASES] + [s["name"] for s in shengji.SEQUENCES]
            + ["refused: " + c["name"] for c in invalid.INVALID])


def test_the_tables_are_big_enough():
    assert len(POINT_CASES) + len(shengji.SEQUENCES) >= 100
    assert all(case["why"] for case in POINT_CASES + shengji.SEQUENCES)


@pytest.mark.parametrize("index", range(len(_ids())), ids=_ids())
def test_cpython_scores_each_case_as_computed_by_hand(index):
    item, expected = _items()[index], _expected()[index]
    assert _numbers(score_batch([item])[0]) == expected


def test_micropython_scores_every_case_as_computed_by_hand():
    items, expected = _items(), _expected()
    answers, _fuel = score_on_vm(items)
    wrong = [(name, _numbers(got), want)
             for name, got, want in zip(_ids(), answers, expected, strict=True)
             if _numbers(got) != want]
    assert not wrong, wrong[:5]
