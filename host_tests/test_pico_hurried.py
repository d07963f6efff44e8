"""Every press counts on the real port (issue 22): the emulated Pico with a Display Pack, its
GPIO buttons pressed as a hurried table presses them, and the journal it leaves read back
from its flash image.

One table that asks who bombed, four hands: a bomb pressed on the "no such bomb" message is
a bomb; a double tap on the bomb key is two bombs, each asked for; a double tap on OK at the
end of a hand confirms nothing unseen; and the power cut in the middle of the fourth hand
(the emulator stopped, booted again from its flash) brings the board back to that hand with
its bombs, to be finished and recorded.
"""

import shutil

import pytest
from pico_board import BOOT_QUIET_MS, KEY_BUTTONS, deployed_image, press_key

from core.journal import read
from drivers.memfs import MemFS
from tools.ledger.folder import current_records
from tools.pico import HOLD_MS, READ_MS, Pico
from tools.pico.flashfs import FlashFS

pytestmark = pytest.mark.pico

DOUBLE_GAP_MS = 120  # between the two presses of a double tap (tools/sim/script.py)


def double(pico, key):
    """Two quick presses of `key`'s button, as a double tap: the second lands before the
    screen the first opened could be read."""
    button = KEY_BUTTONS[key]
    pico.run(READ_MS)
    for gap in (DOUBLE_GAP_MS, 0):
        pico.button(button, True)
        pico.run(HOLD_MS)
        pico.button(button, False)
        if gap:
            pico.run(gap)
    pico.settle()


def keys(pico, line):
    for key in line.split():
        if key.endswith("^"):
            double(pico, key[:-1])
        else:
            press_key(pico, key)


# The new-table screen: PREV four times to "who bombed" (past start, names and end), OK turns
# it on, NEXT three times to the start row, OK opens the classic table.
OPEN = "PREV PREV PREV PREV OK NEXT NEXT NEXT OK"
# Hand 1, 乙 bids 3: a rocket (乙 played it), a second rocket refused ("no such bomb"), a bomb
# pressed on that message (乙), the landlord wins.
HAND_1 = "OK OK PREV OK PREV NEXT OK OK OK"
# Hand 2, 丙 bids 3: a double tap on the bomb key, two bombs, both 丙's.
HAND_2 = "OK OK NEXT^ OK OK OK OK"
# Hand 3, 甲 bids 3, a bomb (甲's); a double tap on OK: the result, not confirmed; then OK.
HAND_3 = "OK OK NEXT OK OK^ OK"
# Hand 4, 乙 bids 3, two bombs (乙's): then the power goes.
HAND_4 = "OK OK NEXT OK NEXT OK"


def _records(image):
    with FlashFS(image) as fs:
        files = fs.files("/data")
    table, _report = read(MemFS(files), "/data/table")
    return current_records(table), files


def test_a_hurried_table_on_the_pico_loses_no_press(tmp_path):
    image = tmp_path / "pico.img"
    shutil.copyfile(deployed_image(), image)
    with Pico(image) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        keys(pico, " ".join((OPEN, HAND_1, HAND_2, HAND_3, HAND_4)))
    records, files = _records(image)
    assert "/data/hand.json" in files
    assert len(records) == 3
    with Pico(image) as pico:  # power on again: back in hand 4, on its play screen
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        keys(pico, "OK OK")  # the result, confirmed
    records, _files = _records(image)
    wanted = [(1, ["rocket", "bomb"], [1, 1]), (2, ["bomb", "bomb"], [2, 2]),
              (0, ["bomb"], [0]), (1, ["bomb", "bomb"], [1, 1])]
    assert [(r["landlord"], r["bombs"], r["bombers"]) for r in records] == wanted
    assert all(r["bid"] == 3 and r["winner"] == "landlord" for r in records)
