"""Names on the device: the new-table screen's choice of players from the names the board
knows (ui/players.py) and a new name made with the buttons (ui/name_entry.py), on the real
firmware on the MicroPython VM, the three simulated layouts, both languages; what the
settings keep (core/names.py); and the press counts the README gives."""

import ast
import json
from pathlib import Path

import pytest
from device_vm import keys, run_device
from scenarios import run_evening
from test_device_flows import host_table

from core.journal import Journal
from core.names import MAX_WIDTH, merged, refusal, width
from drivers.memfs import MemFS
from tools import glyphs

BOARDS = ("simulated", "simulated_large", "simulated_mono")
SETTINGS = "/data/settings.json"
TO_PLAYERS = keys("p p o")  # the new-table screen: PREV past start to the names row, OK
TO_START = keys("b n o")  # back on the names row, NEXT to start, OK
# A new name from the players screen ("+ new name", its first row), key by key, and the
# presses the README gives for it. In Chinese the groups are 老小阿, the surnames (王李张…),
# the given names (伟芳娜…), then the letters; in English the letters come first.
NEW_NAME = {
    # new name; NEXT to 王李张…, OK, 张 is its third; the cursor is then on 伟芳娜…: OK, 伟
    # is its first; the cursor is then on "done"
    ("zh", "张伟"): "o n o n n o o o o",
    # new name; the surnames are after the four letter rows
    ("en", "张伟"): "o n n n n n o n n o o o o",
    # new name; A B C…: OK, A; on h…n: PREV wraps to n; OK OK, the same n again; PREV to
    # a…g, OK OK, a; PREV to "done", OK
    ("en", "Anna"): "o o o n o p o o o p o o p o",
    # the letters are the four rows before the last (by pinyin): PREV five times from the
    # first row; "done" is then NEXT past the rows below a…g
    ("zh", "Anna"): "o p p p p p o o n o p o o o p o o n n n n n o",
}


def settings(run):
    return json.loads(run.files[SETTINGS])


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang, name", sorted(NEW_NAME))
def test_a_new_name_takes_the_presses_the_readme_gives_and_plays(board, lang, name):
    presses = NEW_NAME[lang, name]
    files = {SETTINGS: json.dumps({"lang": lang}).encode()}
    run = run_device(TO_PLAYERS + keys(presses) + [("state", "players")] + TO_START
                     + [("state", "open")], files=files, board=board)
    assert run.states["players"]["screen"] == "PlayersScreen"
    assert run.states["open"]["screen"] == "TableScreen"
    defaults = ["甲", "乙"] if lang == "zh" else ["P1", "P2"]
    assert host_table(run.files).names == [name] + defaults  # the new name takes seat 1
    assert settings(run) == {"lang": lang, "known": [name]}  # kept with the settings
    assert len(presses.split()) == {"张伟": {"zh": 9, "en": 13},
                                    "Anna": {"zh": 23, "en": 14}}[name][lang]


def archive_of(names, files=None):
    """The flash with a closed (archived) classic table of `names` added."""
    fs = MemFS(files)
    journal = Journal(fs, "/data")
    journal.close_table(journal.open_table("ddz", len(names), "classic", names=names))
    return fs.files


def names_rows(frames):
    """The players screen's rows as the last frame of it shows them."""
    shown = [f for f in frames if f.screen == "PlayersScreen"][-1]
    return shown.strings()


@pytest.mark.parametrize("board", BOARDS)
def test_the_players_are_chosen_from_what_the_board_knows_most_recent_first(board):
    # remembered by the device (newest first), an archived table's, the host's --names;
    # each name once, the defaults never offered
    files = archive_of(["张伟", "李娜", "甲"])
    files[SETTINGS] = json.dumps({"lang": "zh", "known": ["阿明", "李娜"],
                                  "names": ["老王", "张伟", "小李"]}).encode()
    frames = run_evening(TO_PLAYERS, board, files=files)
    row = [f for f in frames if f.screen == "NewTableScreen"][-1].strings()[-1]
    # the three most recent, in seat order (on 128x64 as many as the row holds)
    assert "名字: 阿明 李娜 张伟".startswith(row.rstrip("…")) and len(row) > 6, row
    rows = names_rows(frames)
    if board == "simulated_mono":  # two rows: the heading says how many are chosen
        assert rows[:3] == ["玩家 3/3", "+ 新名字", "1 阿明"]
    else:
        assert rows[:7] == ["玩家 3/3", "+ 新名字", "1 阿明", "2 李娜", "3 张伟", "  老王",
                            "  小李"]


def test_players_are_taken_off_and_put_on_a_full_table_says_so():
    files = {SETTINGS: json.dumps({"lang": "en", "known": ["Anna", "Bob", "Cy", "Dee"]})
             .encode()}
    # Dee (the fifth row) on a full table: the message; Bob off, then Dee on in seat 3
    steps = TO_PLAYERS + keys("n n n n o") + [("key", "OK")] + keys("p p o n n o") + TO_START
    frames = run_evening(steps, "simulated", files=files)
    said = [f for f in frames if f.screen == "Notice"]
    assert said and "3 chosen: take one off first" in said[0].joined()
    assert names_rows(frames)[:6] == ["Players 3/3", "+ New name", "1 Anna", "  Bob", "2 Cy",
                                      "3 Dee"]
    assert frames[-1].screen == "TableScreen" and frames[-1].data["names"] == ["Anna", "Cy",
                                                                                "Dee"]


def test_a_damaged_settings_file_loses_no_tables_names():
    files = archive_of(["张伟", "Anna", "李娜"])
    files[SETTINGS] = b'{"lang": "zh", "kno'  # cut short: the defaults serve, Chinese
    run = run_device(keys("p o") + [("state", "open")], files=files)
    assert host_table(run.files).names == ["张伟", "Anna", "李娜"]
    assert settings(run)["known"] == ["张伟", "Anna", "李娜"]  # written whole again
    assert len(Journal(MemFS(run.files), "/data").archives()) == 1


def test_bad_names_in_the_settings_are_left_out():
    files = {SETTINGS: json.dumps({"known": "张伟", "names": [
        "", 7, " 张伟", "欧阳小明明", "a,b", "李娜", "李娜", "Bo"]}).encode()}
    run = run_device(keys("p o"), files=files)
    assert host_table(run.files).names == ["李娜", "Bo", "甲"]


@pytest.mark.parametrize("board", BOARDS)
def test_a_name_too_long_is_refused_with_a_message(board):
    # A, then a eight times (the group stays open at the letter last taken): the ninth
    # letter is one too many
    steps = TO_PLAYERS + keys("o") + keys("o o") * 9
    frames = run_evening(steps, board, lang="en")
    said = [f for f in frames if f.screen == "Notice"]
    assert said and said[0].joined().startswith("Too long: at most 8 letters or 4 Chinese")
    heads = [f.strings()[0] for f in frames if f.screen == "NameEntry"]
    assert heads[-1] == ("Aaaaaaaa_" if board == "simulated_mono" else "New name: Aaaaaaaa_")


@pytest.mark.parametrize("board", BOARDS)
def test_back_takes_the_last_character_off_then_leaves(board):
    steps = TO_PLAYERS + keys("o n o n n o") + keys("b") + keys("b")
    frames = run_evening(steps, board)
    heads = [f.strings()[0] for f in frames if f.screen == "NameEntry"]
    assert heads[-2:] == ["张_" if board == "simulated_mono" else "新名字: 张_", "新名字: _"]
    assert frames[-1].screen == "PlayersScreen"


def offered():
    """ui/name_entry.py's characters, read from its source (its import of ui.keys needs
    MicroPython)."""
    source = (Path(__file__).resolve().parent.parent / "firmware" / "ui" / "name_entry.py")
    found = {}
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            found[node.targets[0].id] = node.value.value  # pyright: ignore[reportAttributeAccessIssue]
    return found["PREFIXES"], found["SURNAMES"], found["GIVEN"], found["LATIN"]


@pytest.mark.parametrize("board", BOARDS)
def test_any_common_character_is_found_by_its_pinyin_initial(board):
    # new name; PREV to the last row (by pinyin); the initials from A: NEXT 13 times to O
    # (A…H J…O); its first group, 欧 its second character; the cursor is then on the
    # pinyin row: NEXT wraps to "done"
    steps = TO_PLAYERS + keys("o p o") + keys("n " * 13) + keys("o o n o n o")
    frames = run_evening(steps, board)
    heads = [f.strings()[0] for f in frames if f.screen == "NameEntry"]
    assert heads[-1] in ("新名字: 欧_", "欧_")
    assert names_rows(frames)[:3] == ["玩家 1/3", "+ 新名字", "1 欧"]


def test_the_pinyin_table_is_what_tools_hanzi_writes():
    from tools import hanzi

    assert hanzi.OUTPUT.read_text(encoding="utf-8") == hanzi.source()
    table = {}
    exec(hanzi.source(), table)  # noqa: S102 (the module's own text)
    initials, by_initial = table["INITIALS"], table["BY_INITIAL"]
    assert len(initials) == len(by_initial) == 23 and sum(map(len, by_initial)) == 3755
    for letter, sample in (("W", "伟"), ("Z", "张"), ("A", "阿"), ("O", "欧"), ("Y", "阳")):
        assert sample in by_initial[initials.index(letter)]
    assert set("".join(by_initial)) <= glyphs.held()


def test_every_character_offered_is_in_gb2312_and_the_font():
    PREFIXES, SURNAMES, GIVEN, LATIN = offered()  # noqa: N806 (the module's own names)
    held = glyphs.held()
    every = PREFIXES + SURNAMES + GIVEN + LATIN + LATIN.lower()
    assert len(SURNAMES) == len(set(SURNAMES)) == 100
    assert len(GIVEN) == len(set(GIVEN))
    for ch in PREFIXES + SURNAMES + GIVEN:
        ch.encode("gb2312")
    assert set(every) <= held


def test_a_good_name_fits_beside_a_total():
    assert width("Anna") == 4 and width("张伟") == 4 and MAX_WIDTH == 8
    for good in ("张伟", "欧阳小明", "Alexandr", "老张", "Mary Ann"):
        assert refusal(good) is None
    for bad in ("", " ", " Ann", "Alexandra", "欧阳小明明", "a,b", 'a"b', "a\nb", 7, None):
        assert refusal(bad)
    assert merged(["Bo", "", "Ann"], "not a list", ["Ann", "Cy"], None) == ["Bo", "Ann", "Cy"]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_names_chosen_are_the_tables_in_history_statistics_and_settlement(board, lang):
    names = ["张伟", "李娜", "王芳"] if lang == "zh" else ["Anna", "Bob", "Cy"]
    files = {SETTINGS: json.dumps({"lang": lang, "known": names}).encode()}
    # start (the names row offers the three); 乙 bids 3, a bomb, wins; history, its hand;
    # statistics (PREV twice in the menu); the settlement
    steps = (keys("p o") + keys("o o n o o") + keys("m n o o") + keys("b b m p p o")
             + keys("b") + keys("m n n o"))
    frames = run_evening(steps, board, files=files)
    assert frames[-1].screen == "SettleScreen" and frames[-1].data["names"] == names
    for screen in ("TableScreen", "HandScreen", "StatsScreen", "SettleScreen"):
        shown = [f for f in frames if f.screen == screen][-1].joined()
        # statistics: a player a page on the smaller panels, the first player's first
        assert names[0 if screen == "StatsScreen" else 1] in shown, (screen, shown)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang, name", [("zh", "张伟"), ("en", "Anna")])
def test_a_name_made_on_the_device_is_in_the_settlements_qr_code(board, lang, name):
    from test_qr_screen import BOARDS as LAYOUTS
    from test_qr_screen import decoded_pages, qr_steps

    files = {SETTINGS: json.dumps({"lang": lang}).encode()}
    # the new name, start; 乙 bids 3, a bomb, wins; the settlement and its code
    steps = (TO_PLAYERS + keys(NEW_NAME[lang, name]) + TO_START + keys("o o n o o")
             + keys("m n n o"))
    run = run_device(qr_steps(steps), files=files, board=board)
    texts = decoded_pages(run, LAYOUTS[board])
    assert name in "".join(texts), texts


def test_a_new_name_for_a_full_table_is_listed_and_the_message_says_why_it_is_not_chosen():
    files = {SETTINGS: json.dumps({"lang": "en", "known": ["Anna", "Bob", "Cy"]}).encode()}
    # a new name, "A", done; OK takes the message away
    frames = run_evening(TO_PLAYERS + keys("o o o p o o"), "simulated", files=files)
    assert frames[-2].screen == "Notice"
    assert "3 chosen: take one off first" in frames[-2].joined()
    assert names_rows(frames)[:4] == ["Players 3/3", "+ New name", "  A", "1 Anna"]
