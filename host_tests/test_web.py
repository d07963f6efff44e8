"""The scorekeeper in a browser (tools/web): the site `python -m tools.web` builds, served on
127.0.0.1 and played in Debian's headless Chromium with the keyboard and the touch screen as a
person plays it. What the page shows and keeps must be what the simulator (tools/sim, the
same firmware on the same WebAssembly port under Node) shows and keeps for the same presses:
the totals, every pixel of the screen, and the journal, read back by `tools.ledger score`.

One site and one browser serve every test here; each test gets a fresh browser context (its
own storage, as a new visitor). Without Chromium or Playwright these tests skip, except on CI
(CI=true), where that fails the run: see tools/web/serve.py for what to install.
"""

import base64
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tools.sim import script
from tools.sim.flash import Flash
from tools.sim.screen import screen_image
from tools.sim.vm import Sim
from tools.web import serve
from tools.web.build import build

ROOT = Path(__file__).resolve().parent.parent

# An evening of classic as the golden pictures play it (乙 bids 3, one bomb, the landlord
# wins; 丙 bids 2, a rocket, the farmers win), in logical keys so that it runs on every board.
CLASSIC = "prev ok ok ok next ok ok ok next ok prev ok next ok"
# Five persons on classic's three seats (the golden pictures' roster): players 5 on the
# new-table screen, on past the rotation row to start, then the same two hands.
ROSTER = ("prev prev prev prev prev prev ok ok next next next next next next ok "
          "ok ok next ok ok ok next ok prev ok next ok")
# The page's keyboard, as the simulator's window: arrows, Enter, Backspace, Tab.
KEYBOARD = {"prev": "ArrowLeft", "next": "ArrowRight", "ok": "Enter", "back": "Backspace",
            "menu": "Tab"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("web") / "site"
    build(out)
    return out


@pytest.fixture(scope="module")
def url(site):
    with serve.serve(site) as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    missing = serve.why_no_browser()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail("CI: the browser tests cannot run: " + missing)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = serve.launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 900, "height": 800})
    yield context
    context.close()


def open_page(context, url, board="simulated", lang="zh", page=None):
    page = page or context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("{}?board={}&lang={}".format(url, board, lang))
    page.evaluate("window.scorekeeper.ready.then(() => true)")
    assert not errors
    return page


def canvas(page):
    data = page.evaluate("document.getElementById('screen').toDataURL('image/png')")
    png = base64.b64decode(data.split(",", 1)[1])
    return Image.open(io.BytesIO(png)).convert("RGB")


def play(page, keys):
    """Press `keys` on the page's keyboard; the screen after each press (the start first)."""
    shots = [canvas(page)]
    for key in keys.split():
        page.keyboard.press(KEYBOARD[key])
        shots.append(canvas(page))
    return shots


def simulate(board, lang, keys, flash=None):
    """(state, the screen at the start and after each press) of the simulator for `keys`."""
    with Sim(board, lang=lang, on_flash=flash.apply if flash else None) as sim:
        shots = []
        script.play(sim, script.parse(keys, sim.board),
                    lambda _name: shots.append(screen_image(sim)))
        return sim.state(), shots


def same_pixels(got, expected):
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a.size == b.size, "screen {}".format(i)
        assert a.tobytes() == b.tobytes(), "screen {} differs from the simulator's".format(i)


def ledger_score(path):
    done = subprocess.run([sys.executable, "-m", "tools.ledger", "score", str(path)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


# -- the page plays as the simulator ---------------------------------------------------------


@pytest.mark.parametrize("board, lang", [("simulated", "zh"), ("simulated_mono", "en"),
                                         ("simulated_large", "en")])
def test_a_classic_evening_shows_and_totals_as_in_the_simulator(context, url, board, lang):
    page = open_page(context, url, board, lang)
    shots = play(page, CLASSIC)
    expected_state, expected_shots = simulate(board, lang, CLASSIC)
    state = page.evaluate("window.scorekeeper.state()")
    assert state == expected_state
    assert state["totals"] == [-2, 16, -14] and state["hands"] == 2  # the golden evening
    same_pixels(shots, expected_shots)


def test_a_roster_evening_keeps_the_journal_the_simulator_keeps(context, url, tmp_path):
    page = open_page(context, url, "simulated", "zh")
    shots = play(page, ROSTER)
    flash = Flash(tmp_path / "sim")
    expected_state, expected_shots = simulate("simulated", "zh", ROSTER, flash)
    state = page.evaluate("window.scorekeeper.state()")
    assert state == expected_state
    assert len(state["totals"]) == 5 and state["hands"] == 2
    same_pixels(shots, expected_shots)
    # Export: the JSON Lines file tools.ledger reads, scoring as the simulator's journal.
    with page.expect_download() as download:
        page.click("#export")
    exported = tmp_path / "evening.jsonl"
    download.value.save_as(exported)
    lines = ledger_score(exported)
    assert lines == ledger_score(tmp_path / "sim")
    assert lines[-1]["person_totals"] == state["totals"]


def test_a_reload_keeps_the_table(context, url):
    page = open_page(context, url, "simulated", "en")
    before = play(page, CLASSIC)[-1]
    state = page.evaluate("window.scorekeeper.state()")
    page = open_page(context, url, "simulated", "en", page=page)  # goto again: a reload
    assert page.evaluate("window.scorekeeper.state()") == state
    same_pixels([canvas(page)], [before])
    # the other board has a flash of its own: no table there
    other = open_page(context, url, "simulated_mono", "en")
    assert "totals" not in other.evaluate("window.scorekeeper.state()")
    # a second page on the same board would write over the first one's journal: refused
    second = context.new_page()
    second.goto(url + "?board=simulated")
    second.wait_for_selector("#status.error")
    assert "another tab" in second.text_content("#status")
    assert page.evaluate("window.scorekeeper.state()") == state


def test_an_exported_table_imports_on_a_new_browser(browser, url, tmp_path):
    first = browser.new_context()
    page = open_page(first, url, "simulated", "zh")
    play(page, CLASSIC)
    state = page.evaluate("window.scorekeeper.state()")
    with page.expect_download() as download:
        page.click("#export")
    exported = tmp_path / "classic.jsonl"
    download.value.save_as(exported)
    first.close()
    assert ledger_score(exported)[-1]["totals"] == state["totals"]

    second = browser.new_context()
    try:
        page = open_page(second, url, "simulated", "zh")
        refused = tmp_path / "not-records.jsonl"
        refused.write_text("not a hand record\n")
        page.set_input_files("#import", str(refused))
        page.wait_for_selector("#status.error")
        assert "totals" not in page.evaluate("window.scorekeeper.state()")  # nothing written
        page.set_input_files("#import", str(exported))
        page.wait_for_function("!document.getElementById('status').classList.contains('error')")
        imported = page.evaluate("window.scorekeeper.state()")
        assert imported["totals"] == state["totals"] and imported["hands"] == 2
        assert imported["screen"] == "TableScreen"
        assert page.evaluate("window.scorekeeper.exportRecords()") == exported.read_text()
        page.reload()  # on the flash, as a board's own table
        page.evaluate("window.scorekeeper.ready.then(() => true)")
        assert page.evaluate("window.scorekeeper.state()")["totals"] == state["totals"]
        # Importing over an open table archives it first: nothing is lost.
        page.set_input_files("#import", str(exported))
        page.wait_for_function("document.getElementById('status').textContent"
                               ".includes('classic.jsonl')")
        kept = json.loads(page.evaluate(
            "localStorage.getItem('scorekeeper.flash.simulated')"))["files"]
        assert any(p.startswith("/data/archive/0001/") for p in kept)
        assert page.evaluate("window.scorekeeper.state()")["hands"] == 2
    finally:
        second.close()


def test_a_key_held_is_a_button_held_and_a_right_click_a_long_press(context, url):
    page = open_page(context, url, "simulated", "en")
    _state, expected = simulate("simulated", "en", "A~ back A~")
    assert expected[1].tobytes() != expected[0].tobytes()  # the new table's menu: archives
    page.keyboard.down("a")  # A held past the long press
    page.wait_for_timeout(900)
    page.keyboard.up("a")
    page.wait_for_function("document.querySelector('#buttons .down') === null")
    shots = [canvas(page)]
    page.keyboard.press("Backspace")
    shots.append(canvas(page))
    page.click('#buttons button[data-button="A"]', button="right")
    shots.append(canvas(page))
    same_pixels(shots, expected[1:])


# -- a phone ---------------------------------------------------------------------------------


@pytest.mark.parametrize("board", ["simulated", "simulated_large", "simulated_mono"])
def test_a_phone_shows_the_whole_board_and_its_buttons(browser, url, board):
    phone = browser.new_context(**PHONE)
    try:
        page = open_page(phone, url, board, "zh")
        width, height = PHONE["viewport"]["width"], PHONE["viewport"]["height"]
        boxes = [page.locator("#screen").bounding_box()]
        buttons = page.locator("#buttons button")
        assert buttons.count() == (3 if board == "simulated_mono" else 4)
        boxes += [buttons.nth(i).bounding_box() for i in range(buttons.count())]
        for box in boxes:
            assert box is not None
            assert box["x"] >= 0 and box["y"] >= 0
            assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        screen = boxes[0]
        assert screen["width"] >= 240  # no smaller than a phone's view of the real panel
        for box in boxes[1:]:
            assert box["width"] >= 44 and box["height"] >= 44  # a finger's target
        # A tap on the button that gives NEXT does what NEXT does in the simulator.
        facts = page.evaluate("window.scorekeeper.ready.then(({board}) => board.facts)")
        button, _kind = script.gesture(facts, "next")
        start = canvas(page)
        page.tap('#buttons button[data-button="{}"]'.format(button))
        page.wait_for_function("document.querySelector('#buttons .down') === null")
        _state, expected = simulate(board, "zh", "next")
        assert expected[0].tobytes() != expected[1].tobytes()  # the cursor moved
        same_pixels([start, canvas(page)], expected)
    finally:
        phone.close()


# -- offline and installable ----------------------------------------------------------------


def test_once_loaded_the_page_works_offline(context, url):
    page = open_page(context, url, "simulated", "zh")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    play(page, "prev ok ok ok next ok ok")
    state = page.evaluate("window.scorekeeper.state()")
    context.set_offline(True)
    page = open_page(context, url, "simulated", "zh", page=page)
    assert page.evaluate("window.scorekeeper.state()") == state


def test_the_site_installs_on_a_phone_and_fits_its_budget(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    purposes = set()
    for entry in manifest["icons"]:
        with Image.open(site / entry["src"]) as img:
            assert "{}x{}".format(*img.size) == entry["sizes"]
        purposes.add(entry["purpose"])
    assert {"any", "maskable"} <= purposes
    facts = json.loads((site / "site.json").read_text(encoding="utf-8"))
    assert all((site / path).is_file() for path in facts["cache"] if path != "./")
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size <= 2_000_000  # the whole first load


def test_the_build_replaces_its_own_site_and_nothing_else(site, tmp_path, capsys):
    from tools.web.__main__ import main

    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "mine.txt").write_text("keep me")
    assert main(["--out", str(foreign)]) == 1
    assert (foreign / "mine.txt").read_text() == "keep me"
    assert "holds no earlier build" in capsys.readouterr().err
    (site / "stale.txt").write_text("from an older build")
    built = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert main(["--out", str(site)]) == 0
    assert sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file()) == [
        p for p in built if p.name != "stale.txt"]


def test_the_browser_figures_stay_in_benchmarks_when_tools_bench_writes_it():
    from tools.web.bench import HEADING, browser_section

    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    kept = browser_section(text)
    assert kept.startswith(HEADING + "\n") and text.endswith(kept)
    assert "| a press, 240×135" in kept and "| the whole site |" in kept
    assert browser_section("# Benchmarks\n\nno browser here\n") == ""
