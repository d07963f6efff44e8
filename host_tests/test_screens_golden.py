"""Golden screenshots: the main screens on the colour 240x135, the colour 320x240 and the mono
128x64 layouts, in Chinese and in English, drawn by the real firmware on the MicroPython VM. A
change to any pixel fails here; look at the new pictures, and if they are right, regenerate
them:

    UPDATE_GOLDEN=1 ./test.sh -k golden

The pictures are docs/pictures/, which the README shows.
"""

import io
import json
import os
from pathlib import Path

import pytest
from device_vm import keys, run_device
from PIL import Image

from tools.screenshot import image

# The README shows these very files: one set of pictures, checked here and made again (from
# real button presses, pixel for pixel the same) by `python3 -m tools.sim --readme`.
GOLDEN = Path(__file__).resolve().parent.parent / "docs" / "pictures"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
SCALE = 2  # the pictures are for people too: twice the size, pixels kept sharp

# One evening of classic, the screens shot along the way: a new table; 乙 bids 3, one bomb,
# landlord wins; 丙 bids 2, a rocket, farmers win; then the table, its undo question (left
# unanswered), history, a past hand, the settlement and its QR code.
CLASSIC = ([("shot", "new_table")] + keys("p o o") + [("shot", "bid")]
           + keys("o n") + [("shot", "play")] + keys("o") + [("shot", "result")] + keys("o")
           + keys("o n o p o n o") + [("shot", "table")] + keys("b") + [("shot", "undo")]
           + keys("b")
           + keys("m n o") + [("shot", "history")] + keys("o") + [("shot", "hand")]
           + keys("b b m n n o") + [("shot", "settle")] + keys("o") + [("shot", "qr")])

# A roster of five at classic: players 5 on the new-table screen (PREV six times, OK twice),
# NEXT past the rotation row, titles, who bombed, the end and the names to start; two hands
# (as above); the table screen, 甲 and 乙 to sit out next; the menu's seating.
ROSTER = (keys("p p p p p p o o n n n n n n o") + keys("o o n o o") + keys("o n o p o n o")
          + [("shot", "roster_table")] + keys("m o") + [("shot", "seating")])

# Free scoring: the game row round to 自由记分, start; 乙 +30 at a step of 10 (the menu twice):
# the points screen, what the others will share in its head.
FREE = keys("o o o o o o o o p o") + keys("o m m n n n") + [("shot", "free_points")]

# An archived table, opened read-only: two hands of classic (as above), the table closed
# (menu, new table, OK), the new-table screen's menu (the archives), the newest.
ARCHIVE = (keys("p o") + keys("o o n o o") + keys("o n o p o n o") + keys("m n n n o o")
           + keys("m o") + [("shot", "archive")])

# Names: the board knows four (settings "known"), the three most recent play; the names row
# (PREV past start, OK): the players; a new name, as far as 张 (the cursor then on the given
# names) or, in English, A (the letters' row then small).
NAMES = keys("p p o") + [("shot", "players")]
NEW_NAME = {"zh": keys("o n o n n o"), "en": keys("o o o")}
KNOWN = ["李娜", "王芳", "Anna", "老张"]

BOARDS = {"simulated": "color240x135", "simulated_mono": "mono128x64",
          "simulated_large": "color320x240"}
SETTINGS = {"zh": b'{"lang": "zh"}', "en": b'{"lang": "en"}'}


def _png(buffer, layout):
    img = image(buffer, layout)
    return img.resize((img.width * SCALE, img.height * SCALE), Image.NEAREST)


@pytest.fixture(scope="module", params=[(b, lang) for b in BOARDS for lang in SETTINGS],
                ids=lambda p: "{}-{}".format(*p))
def shots(request):
    board, lang = request.param
    files = {"/data/settings.json": SETTINGS[lang]}
    run = run_device(CLASSIC, files=files, board=board)
    roster = run_device(ROSTER, files=files, board=board)
    free = run_device(FREE, files=files, board=board)
    archive = run_device(ARCHIVE, files=files, board=board)
    known = {"/data/settings.json": json.dumps({"lang": lang, "known": KNOWN}).encode()}
    names = run_device(NAMES + NEW_NAME[lang] + [("shot", "name_entry")], files=known,
                       board=board)
    return board, lang, {**run.shots, **roster.shots, **free.shots, **archive.shots,
                         **names.shots}


def test_main_screens_match_their_golden_pictures(shots):
    board, lang, taken = shots
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, buffer in taken.items():
        path = GOLDEN / "{}-{}-{}.png".format(BOARDS[board], lang, name)
        picture = _png(buffer, BOARDS[board])
        if UPDATE or not path.exists():
            picture.save(path)
            continue
        with Image.open(path) as golden:
            if golden.convert("RGB").tobytes() != picture.tobytes():
                changed.append(path.name)
                picture.save(io.BytesIO(), "PNG")
    assert not changed, "screens changed: {} (UPDATE_GOLDEN=1 to accept)".format(changed)
