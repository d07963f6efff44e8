"""Whole evenings on the emulated Pico, both ways onto a board: the scorekeeper deployed with
tools.deploy onto a freshly flashed official MicroPython image, and the scorekeeper's own
image flashed onto an erased Pico with nothing deployed. Played by pressing the Display
Pack's GPIO buttons, the journal pulled with `tools.ledger pull` and scored on the host.

Every picture the panel received along the way (decoded from SPI0) must be the picture the
MicroPython VM's simulated panel holds at the same step, pixel for pixel, and the golden
screens of the README must come out of the real port unchanged.
"""

import io
import json
import subprocess
import sys
from types import SimpleNamespace

import pytest
from device_vm import run_device
from pico_board import (
    BOOT_QUIET_MS,
    WAYS,
    boot_either,
    boot_image,
    expect_deployed_shortfall,
    over_serial,
    play,
    shots_everywhere,
)
from PIL import Image
from test_device_flows import (
    BAOHUANG_EVENING,
    CLASSIC_EVENING,
    ROSTER_EVENING,
    SHENGJI_EVENING,
    host_table,
    recount,
)
from test_screens_golden import CLASSIC as GOLDEN_CLASSIC
from test_screens_golden import GOLDEN, SCALE

from tools.ledger.folder import load
from tools.pico import Pico
from tools.pico.flashfs import FlashFS
from tools.screenshot import COLOR, image

pytestmark = pytest.mark.pico

EVENINGS = {"classic": CLASSIC_EVENING, "baohuang": BAOHUANG_EVENING,
            "shengji": SHENGJI_EVENING, "roster": ROSTER_EVENING}



def _differing(pico_shots, vm_shots):
    return [name for name in vm_shots if pico_shots.get(name) != vm_shots[name]]


@pytest.fixture(scope="module", params=[(name, way) for name in sorted(EVENINGS)
                                        for way in WAYS], ids="-".join)
def evening(request, tmp_path_factory):
    """One evening played on the Pico (deployed, or its own image) and on the VM; the Pico's
    journal pulled."""
    name, way = request.param
    steps = shots_everywhere(EVENINGS[name])
    folder = tmp_path_factory.mktemp(name)
    pico = boot_either(folder, way)
    try:
        pico_shots = play(pico, steps)
        said = pico.take_serial().decode("utf-8", "replace")  # a traceback, if any
        # The panel as the evening left it: the pull that follows resets the board.
        state = pico.state()
        pulled = folder / "pulled"
        done = over_serial(pico, "tools.ledger", "pull", str(pulled))
    finally:
        pico.close()
    return SimpleNamespace(name=name, way=way, shots=pico_shots, vm=run_device(steps),
                           pulled=pulled, done=done, state=state, folder=folder, said=said)


def _shortfall(evening, pulling=False):
    """The deployed way's known shortfall, where the board met it (while playing, or in the
    pull when the test reads what was pulled)."""
    said = evening.said
    if pulling and evening.done.returncode:
        said += evening.done.stdout
    expect_deployed_shortfall(evening.way, said)


def test_every_screen_of_the_evening_is_what_the_vm_shows(evening):
    _shortfall(evening)
    assert set(evening.shots) == set(evening.vm.shots)
    assert not _differing(evening.shots, evening.vm.shots), (
        "{}: the Pico's panel differs".format(evening.name))


def test_the_pulled_journal_scores_as_the_core_says(evening):
    _shortfall(evening, pulling=True)
    done = evening.done
    assert done.returncode == 0, done.stdout
    table, report = load(str(evening.pulled))
    assert report.clean()
    host = host_table(evening.vm.files)
    if evening.name == "shengji":
        assert table.state == host.state
    else:
        assert table.totals == host.totals == recount(table)
    scored = subprocess.run([sys.executable, "-m", "tools.ledger", "score", str(evening.pulled)],
                            capture_output=True, text=True, check=True)
    totals = json.loads(scored.stdout.splitlines()[-1])
    if evening.name != "shengji":  # a roster's by person; "totals" stays by seat
        assert totals.get("person_totals", totals["totals"]) == host.totals


def test_the_flash_image_holds_the_same_journal_the_pull_got(evening):
    _shortfall(evening, pulling=True)
    with FlashFS(evening.folder / "pico.img") as fs:
        on_flash = fs.files("/data/table")
    pulled_files = {"/data/table/" + p.name: p.read_bytes()
                    for p in (evening.pulled / "table").iterdir()}
    assert on_flash == pulled_files


def test_the_evening_ran_with_the_panel_as_the_board_file_sets_it(evening):
    _shortfall(evening)
    display = evening.state["display"]
    assert display["on"] and display["backlight"] and not display["asleep"]
    assert display["inverted"]  # the Display Pack's IPS panel needs INVON
    assert display["colmod"] == 0x55 and display["madctl"] == 0x60
    assert evening.state["resets"] == 0


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_golden_screens_come_out_of_the_real_port(lang, tmp_path):
    """On the scorekeeper's image, as a Pico runs it: deployed as .mpy files, the QR code
    finds no room on a stock Pico's heap (docs/boards.md, Memory), and says so; the
    deployed way's screens are held to the VM's by the evenings above all the same."""
    boot_image(tmp_path).close()  # a new board: the image makes its file system
    flash = tmp_path / "pico.img"
    with FlashFS(flash) as fs:
        fs.write("/data/settings.json", json.dumps({"lang": lang}).encode())
    with Pico(flash) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        shots = play(pico, GOLDEN_CLASSIC)
    changed = []
    for name, buffer in shots.items():
        picture = image(buffer, COLOR)
        picture = picture.resize((picture.width * SCALE, picture.height * SCALE),
                                 Image.NEAREST)
        with Image.open(GOLDEN / "color240x135-{}-{}.png".format(lang, name)) as golden:
            if golden.convert("RGB").tobytes() != picture.tobytes():
                changed.append(name)
                picture.save(io.BytesIO(), "PNG")
    assert not changed, "the Pico's screens differ from the golden ones: {}".format(changed)
