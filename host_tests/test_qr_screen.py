"""The settlement's QR code as a phone reads it: the device's screen (the MicroPython VM's
framebuffer, as the simulator shows it) decoded by zxing-cpp, on every layout and in both
languages, page by page; the text must say what tools.ledger's summary says of the journal
the evening left: the hands, every player's total, every transfer."""

import json
import re
from pathlib import Path

import pytest
import zxingcpp
from device_vm import keys, run_device
from hypothesis import given
from hypothesis import strategies as st
from test_device_flows import BAOHUANG_EVENING, CLASSIC_EVENING, FREE_EVENING, host_table

from tools import mpvm
from tools.ledger.summary import summarize
from tools.screenshot import image
from ui import qr
from ui.qr_text import LEVEL, QUIET, QUIET_PX, pages, version_for
from ui.strings import text

ROOT = Path(__file__).resolve().parent.parent
BOARDS = {"simulated": "color240x135", "simulated_mono": "mono128x64",
          "simulated_large": "color320x240"}
SETTINGS = {"zh": b'{"lang": "zh"}', "en": b'{"lang": "en"}'}
TURNS = 4  # NEXT presses on the QR screen: more than the pages of any evening here


def qr_steps(evening_to_settle, turns=TURNS):
    """The evening, OK on its settlement (the QR screen), a shot of each page."""
    steps = evening_to_settle + keys("o") + [("state", "qr"), ("shot", "page0")]
    for turn in range(1, turns + 1):
        steps += keys("n") + [("shot", "page{}".format(turn))]
    return steps


def decoded_pages(run, layout, turns=TURNS):
    """The texts of the pages, decoded from the screenshots, in page order."""
    texts = []
    for turn in range(turns + 1):
        found = zxingcpp.read_barcodes(image(run.shots["page{}".format(turn)], layout))
        assert len(found) == 1, "page {}: {} codes decoded".format(turn, len(found))
        texts.append(found[0].text)
    first = texts[0]
    count = int(first.split("\n", 1)[0].split("/")[1]) if re.match(r"1/\d+\n", first) else 1
    assert texts[count % len(texts)] == first  # NEXT wraps round to the first page
    return texts[:count]


def read_settlement(texts, lang, players):
    """(hands played, [(name, total)], [(payer, payee, amount)]) from the pages' text."""
    lines = []
    for page in texts:
        got = page.split("\n")
        if len(texts) > 1:
            assert got[0] == "{}/{}".format(texts.index(page) + 1, len(texts))
            got = got[1:]
        lines.extend(got)
    hands = int(re.findall(r"\d+", lines[0])[-1])  # "斗地主 经典 2手", "… 2 hands"
    totals = []
    for line in lines[1:1 + players]:
        name, total = line.rsplit(" ", 1)
        totals.append((name, int(total)))
    pays = re.escape(text("pays", lang)).replace(r"\{\}", "(.+?)", 2).replace(r"\{\}", r"(\d+)")
    transfers = []
    for line in lines[1 + players:]:
        if line == text("all_square", lang):
            continue
        payer, payee, amount = re.fullmatch(pays, line).groups()
        transfers.append((payer, payee, int(amount)))
    return hands, totals, transfers


def read_compact(texts, lang):
    """(hands played, [(name, total)] or None where the code left them out, [(payer, payee,
    amount)]) from the 128x64 panel's compact text: "经典 2手", "甲-6 乙+12 丙-6", "甲→乙 6"."""
    lines = []
    for page in texts:
        got = page.split("\n")
        lines.extend(got[1:] if len(texts) > 1 else got)
    hands = int(re.findall(r"\d+", lines[0])[-1])
    totals = None
    if "→" not in lines[1] and lines[1] not in (text("all_square", lang),):
        totals = [(m[0], int(m[1])) for m in re.findall(r"(\S+?)([+-]\d+)", lines[1])]
        lines = lines[1:]
    transfers = []
    for line in lines[1:]:
        if line == text("all_square", lang):
            continue
        payer, payee, amount = re.fullmatch(r"(.+?)→(.+) (\d+)", line).groups()
        transfers.append((payer, payee, int(amount)))
    return hands, totals, transfers


def the_ledgers(files, lang):
    summary = summarize(host_table(files))
    totals = [(p["name"], p["total"]) for p in summary["players"]]
    house = text("house", lang)
    transfers = [(t["from"], house if t["to_seat"] is None else t["to"], t["amount"])
                 for t in summary["settlement"]]
    return summary["counted"], totals, transfers


# The classic evening of test_device_flows, up to its settlement (its last step is a shot).
CLASSIC_TO_SETTLE = CLASSIC_EVENING[:-1]


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("lang", sorted(SETTINGS))
def test_the_qr_code_says_what_the_ledger_says(board, lang):
    run = run_device(qr_steps(CLASSIC_TO_SETTLE), board=board,
                     files={"/data/settings.json": SETTINGS[lang]})
    assert run.states["qr"]["screen"] == "QrScreen"
    texts = decoded_pages(run, BOARDS[board])
    ledger = the_ledgers(run.files, lang)
    if board == "simulated_mono":  # the compact text, the totals left out where need be
        hands, totals, transfers = read_compact(texts, lang)
        got = (hands, totals or ledger[1], transfers)
    else:
        got = read_settlement(texts, lang, 3)
    assert got == ledger
    assert got[2], "the evening ends with someone owing"
    # One code on every panel: 128x64's holds 53 bytes (version 3), its text compact.
    assert len(texts) == 1


# A roster of five at classic (as the golden pictures': players 5, two hands), then the
# settlement, the menu's fourth item behind seating, same as last and history.
ROSTER_TO_SETTLE = (keys("p p p p p p o o n n n n n n o") + keys("o o n o o")
                    + keys("o n o p o n o") + keys("m n n n o"))


@pytest.mark.parametrize("board", ["simulated", "simulated_mono"])
def test_a_rotating_roster_reads_person_by_person_as_the_ledger_says(board):
    # five names and totals, four transfers: seven pages of 32 bytes on 128x64
    run = run_device(qr_steps(ROSTER_TO_SETTLE, 8), board=board)
    assert run.states["qr"]["screen"] == "QrScreen"
    texts = decoded_pages(run, BOARDS[board], 8)
    ledger = the_ledgers(run.files, "zh")
    if board == "simulated_mono":  # five transfers and more: pages of the compact text
        hands, totals, transfers = read_compact(texts, "zh")
        assert (hands, totals, transfers) == ledger
    else:
        assert read_settlement(texts, "zh", 5) == ledger
    assert len(ledger[1]) == 5 and ledger[2]


def test_a_baohuang_table_of_five_reads_as_the_ledger_says():
    run = run_device(qr_steps(BAOHUANG_EVENING))  # it ends on the settlement
    assert run.states["qr"]["screen"] == "QrScreen"
    got = read_settlement(decoded_pages(run, BOARDS["simulated"]), "zh", 5)
    assert got == the_ledgers(run.files, "zh")


# Beans from the new-table screen (beans on, fee 10, then start), 乙 bids 3 with a bomb and
# wins; the settlement.
BEANS_TO_SETTLE = (keys("n n n n n o n n o n n n n n n o") + keys("o o n o o")
                   + keys("m n n o"))


@pytest.mark.parametrize("lang", sorted(SETTINGS))
def test_a_beans_table_reads_each_players_own_fee_as_the_ledger_says(lang):
    run = run_device(qr_steps(BEANS_TO_SETTLE), files={"/data/settings.json": SETTINGS[lang]})
    got = read_settlement(decoded_pages(run, BOARDS["simulated"]), lang, 3)
    assert got == the_ledgers(run.files, lang)
    # 甲 and 丙 pay 乙 the hand's 6 each; then each its own fee of 10 to the house
    names = ("甲", "乙", "丙") if lang == "zh" else ("P1", "P2", "P3")
    house = text("house", lang)
    assert got[2] == [(names[0], names[1], 6), (names[2], names[1], 6)] + [
        (name, house, 10) for name in names]


def test_a_free_scoring_table_reads_as_the_ledger_says():
    run = run_device(qr_steps(FREE_EVENING))  # it ends on the settlement
    got = read_settlement(decoded_pages(run, BOARDS["simulated"]), "zh", 4)
    assert got == the_ledgers(run.files, "zh")
    assert got[1] == [("甲", -30), ("乙", 25), ("丙", -15), ("丁", 20)]


def test_back_leaves_the_code_for_the_settlement():
    run = run_device(CLASSIC_TO_SETTLE + keys("o") + [("state", "qr")] + keys("b")
                     + [("state", "back")])
    assert run.states["qr"]["screen"] == "QrScreen"
    assert run.states["back"]["screen"] == "SettleScreen"


@given(st.lists(st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=40),
                min_size=1, max_size=12),
       st.sampled_from([32, 53, 78, 134]))
def test_pages_keep_every_line_in_order_and_fit_their_code(lines, room):
    got = pages(lines, room)
    assert all(len(page.encode()) <= room for page in got)
    if len(got) == 1:
        assert got == ["\n".join(lines)]
        return
    body = []
    for i, page in enumerate(got):
        mark, _, rest = page.partition("\n")
        assert mark == "{}/{}".format(i + 1, len(got))
        body.extend(rest.split("\n"))
    # a line longer than a page is cut into pieces on consecutive pages' lines
    assert "".join(body) == "".join(lines)


def test_past_99_pages_every_page_still_fits_its_code():
    # Eight very long names on the 128x64 panel's 32-byte codes: over a hundred pages.
    lines = ["P{} ".format(i) + "名" * 400 + " +1" for i in range(8)]
    got = pages(lines, 32)
    assert len(got) > 99 and all(len(page.encode()) <= 32 for page in got)
    assert got[-1].startswith("{0}/{0}\n".format(len(got)))


def test_the_largest_version_that_fits_each_panel():
    # (side px, module px) -> version: 17 + 4v modules and a quiet zone each side
    for height, module, quiet, version in ((135, 3, QUIET, 6), (240, 3, QUIET, 14),
                                           (64, 2, QUIET_PX["mono128x64"], 3)):
        assert version_for(height, module, quiet) == version
        size = 17 + 4 * version
        assert (size + 2 * quiet) * module <= height < (size + 4 + 2 * quiet) * module
    assert [qr.capacity(v, LEVEL) for v in (3, 6, 14)] == [53, 134, 458]


def test_a_table_of_three_or_four_settles_in_one_code_on_128x64():
    # four players, 乙 bids 3 with a bomb and wins (four, the new-table screen's fifth game):
    # three transfers, the totals left out to fit
    four = keys("o o o o p o") + keys("o o n o o") + keys("m n n o")
    for lang in sorted(SETTINGS):
        run = run_device(qr_steps(four, 2), board="simulated_mono",
                         files={"/data/settings.json": SETTINGS[lang]})
        texts = decoded_pages(run, BOARDS["simulated_mono"], 2)
        assert len(texts) == 1
        hands, _totals, transfers = read_compact(texts, lang)
        ledger = the_ledgers(run.files, lang)
        assert (hands, transfers) == (ledger[0], ledger[2]) and len(transfers) == 3


@pytest.mark.pico
@pytest.mark.parametrize("way", ["deployed", "image"])
def test_the_emulated_pico_shows_the_same_code_and_a_phone_reads_it(tmp_path, way):
    # The rp2 firmware on the emulated Pico (the official one with the scorekeeper deployed,
    # or the scorekeeper's image), the ST7789 driver sending its strips: the QR screen pixel
    # for pixel the VM's, and zxing reads the text from it.
    from pico_board import boot_either, expect_deployed_shortfall, play

    steps = CLASSIC_TO_SETTLE + keys("o") + [("shot", "qr")]
    with boot_either(tmp_path, way) as pico:
        said = []
        pico.on_serial = said.append
        shots = play(pico, steps)
    expect_deployed_shortfall(way, b"".join(said).decode("utf-8", "replace"))
    vm = run_device(steps)
    assert shots["qr"] == vm.shots["qr"]
    found = zxingcpp.read_barcodes(image(shots["qr"], BOARDS["simulated"]))
    assert [f.text for f in found] == decoded_pages(run_device(qr_steps(CLASSIC_TO_SETTLE)),
                                                    BOARDS["simulated"])


# On the MicroPython VM: an app that keeps every module (not lean), its first try at the code
# refused for memory, as a deployed Pico's heap in pieces refused it late in an evening.
_REFUSED = """
import json
import board
from drivers.memfs import MemFS
from ui import keys
from ui.app import App
from ui.qr_screen import QrScreen
from ui.settle_screen import SettleScreen

refusals = [int(n) for n in open('/input/refusals').read().split()]
made = QrScreen.code
rooms = []

def code(screen):
    if refusals[0]:
        refusals[0] -= 1
        raise MemoryError
    return made(screen)

QrScreen.code = code
app = App(board.display, board.layout, MemFS(), "/data", board.button_names, board.keymap)
given_back = app.make_room

def make_room():
    rooms.append(1)
    given_back()

app.make_room = make_room
app.open_table({"game": "ddz", "profile": "classic", "rules": {}})
app.table.record({"game": "ddz", "players": 3, "landlord": 0, "bid": 3, "bombs": [],
                  "winner": "landlord"})
app.push(SettleScreen(app))
app.render()
app.press(keys.OK)
app.render()
top = app.stack[-1]
print(json.dumps([type(top).__name__, getattr(top, "lines", None), len(rooms)]))
"""


@pytest.mark.parametrize("refusals", [1, 2])
def test_a_heap_in_pieces_is_given_back_before_the_code_is_said_not_to_fit(refusals):
    out = mpvm.run(_REFUSED, {"board.py": (ROOT / "boards" / "simulated.py").read_bytes(),
                              "refusals": str(refusals).encode()}, engine="node")
    screen, lines, rooms = json.loads(out.stdout.strip().splitlines()[-1])
    assert rooms == 1  # the room made once, then the code tried once more
    if refusals == 1:
        assert screen == "QrScreen"
    else:
        assert screen == "Notice" and lines == [text("qr", "zh"), text("err_memory", "zh")]
