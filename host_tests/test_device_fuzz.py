"""Random presses on the real firmware (MicroPython VM, simulated boards): 10,000 presses in
all. It must never crash, its totals must always be the sum of the hands it recorded
(recounted from its journal), and every points hand must add up to zero."""

import pytest
from fuzz_vm import fuzz

SEEDS = [(1, "simulated"), (2, "simulated"), (3, "simulated"), (4, "simulated_mono")]
PRESSES = 2500


@pytest.mark.parametrize("seed, board", SEEDS)
def test_random_presses_never_break_the_scorekeeper(seed, board):
    most_hands, tables, _fuel = fuzz(seed, PRESSES, board)
    # The walk must reach deep into the app, not wander the menus: it records real hands.
    assert most_hands >= 20 and tables >= 1
