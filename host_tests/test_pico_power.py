"""Power cuts on the real port: the emulated Pico stopped just before one of its flash
operations (an erase or a page program, counted from power on), then booted again from that
flash, as a board whose battery was pulled right there. Both ways onto a board: deployed onto
stock MicroPython, and the scorekeeper's own image with its own file system's place.

The evening: a classic table opened, hands recorded past the journal's first snapshot
(SNAPSHOT_EVERY = 12 events), the table closed into the archive. Played once uncut, it tells
which flash operations each press made; the cuts fall in the middle of each kind (opening the
table, a hand's line, the snapshot, the archive), before every one of them with --soak. At
every cut:

- every hand whose confirmation reached the screen (its press had finished) is in the
  journal, and nothing else but possibly the hand in flight: the records are exactly the
  intended ones, in order;
- boot finds nothing half-written it cannot set aside, and the panel shows what the
  MicroPython VM shows for the same files (the same totals, the same notice if any).
"""

import shutil

import pytest
from device_vm import keys, run_device
from pico_board import (
    BOOT_QUIET_MS,
    WAYS,
    boot_image,
    deployed_image,
    expect_deployed_shortfall,
    press_key,
)
from test_device_flows import NEW_CLASSIC

from core.journal import read
from drivers.memfs import MemFS
from tools.ledger.folder import current_records
from tools.pico import Pico
from tools.pico.flashfs import FlashFS

pytestmark = pytest.mark.pico

HANDS = 12  # the table's opening and 11 hands make the first snapshot's 12 events
HAND = keys("o o n o o")  # the cursor's seat bids 3, one bomb, the landlord wins
CLOSE = keys("m n n n o o")  # menu, new table, confirm closing: into the archive
STEPS = NEW_CLASSIC + HAND * HANDS + CLOSE
PRESSES_PER_HAND = len(HAND)


def _records(files):
    """The records of the open table and of the archive, as the host tools read them."""
    tables = {}
    for folder in ("/data/table", "/data/archive/0001"):
        if any(p.startswith(folder + "/") for p in files):
            table, _report = read(MemFS(files), folder)
            tables[folder] = current_records(table) if table is not None else []
    return tables


def _play(pico, steps, stop_on_cut=False):
    """Press the steps; after each press, the flash operations made so far."""
    marks = []
    for _kind, key in steps:
        state = press_key(pico, key)
        if stop_on_cut and state["cut"]:
            break
        marks.append(state["erases"] + state["programs"])
    return marks


@pytest.fixture(scope="module", params=WAYS)
def evening(request, tmp_path_factory):
    """The uncut evening: its start image, the marks, the journal it left."""
    folder = tmp_path_factory.mktemp("uncut")
    start = folder / "start.img"
    if request.param == "image":  # an erased Pico, the image dropped on it
        boot_image(folder, name="start.img").close()
    else:
        shutil.copyfile(deployed_image(), start)
    with Pico(start) as pico:  # boot once, so that cuts start from a booted board
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        base = pico.state()
    played = folder / "played.img"
    shutil.copyfile(start, played)
    with Pico(played) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        booted = pico.state()
        marks = _play(pico, STEPS)
    with FlashFS(played) as fs:
        files = fs.files("/data")
    first = booted["erases"] + booted["programs"]
    assert base["erases"] + base["programs"] == first  # a boot writes the same each time
    return start, first, marks, files


def _phases(first, marks):
    """Flash operations by what caused them: (kind, first operation, end) per press that
    wrote; hand i's confirmation is its 5th press."""
    phases = []
    before = first
    for i, mark in enumerate(marks):
        if mark > before:
            if i < len(NEW_CLASSIC):
                kind = "open"
            elif i >= len(NEW_CLASSIC) + HANDS * PRESSES_PER_HAND:
                kind = "archive"
            else:
                kind = "hand" if mark - before <= 2 else "snapshot"
            phases.append((kind, before, mark))
        before = mark
    return phases


def _cuts(first, marks, soak):
    phases = _phases(first, marks)
    if soak:
        return list(range(first, marks[-1]))  # operations first .. marks[-1] - 1
    picked = set()
    for kind in ("open", "hand", "snapshot", "archive"):
        runs = [p for p in phases if p[0] == kind]
        assert runs, "the evening made no {} writes".format(kind)
        _, start, end = runs[len(runs) // 2]
        picked.add((start + end) // 2)  # each cut replays the evening: one a kind
    return sorted(picked)


def _confirmed(first, marks, cut):
    """How many hands had their confirmation on the screen before operation `cut`."""
    done = 0
    for h in range(HANDS):
        press = len(NEW_CLASSIC) + (h + 1) * PRESSES_PER_HAND - 1
        if marks[press] <= cut:
            done = h + 1
    return done


def test_power_cuts_at_every_kind_of_flash_operation(evening, tmp_path, request):
    start, first, marks, files = evening
    intended = _records(files)["/data/archive/0001"]
    assert len(intended) == HANDS
    soak = request.config.getoption("--soak")
    way = request.node.callspec.params["evening"]
    tried = 0
    for cut in _cuts(first, marks, soak):
        image = tmp_path / "cut.img"
        shutil.copyfile(start, image)
        with Pico(image) as pico:
            pico.settle(quiet_ms=BOOT_QUIET_MS)
            pico.cut_at(cut)
            _play(pico, STEPS, stop_on_cut=True)
            assert pico.state()["cut"], "the evening ended before operation {}".format(cut)
        with FlashFS(image) as fs:
            left = fs.files("/data")
        vm = run_device([("shot", "boot")], files=left)
        with Pico(image) as pico:
            said = []
            pico.on_serial = said.append
            booted = pico.settle(quiet_ms=BOOT_QUIET_MS)
            assert booted["settled"]
            if pico.frame() != vm.shots["boot"]:  # the deployed way's known shortfall?
                expect_deployed_shortfall(way, b"".join(said).decode("utf-8", "replace"))
            assert pico.frame() == vm.shots["boot"], "cut {}: the screen differs".format(cut)
        with FlashFS(image) as fs:
            after = _records(fs.files("/data"))
        kept = after.get("/data/archive/0001", after.get("/data/table", []))
        confirmed = _confirmed(first, marks, cut)
        assert kept == intended[:len(kept)], "cut {}: a record changed".format(cut)
        assert confirmed <= len(kept) <= confirmed + 1, \
            "cut {}: {} hands kept, {} confirmed".format(cut, len(kept), confirmed)
        tried += 1
    print("power cuts on the emulated Pico: {} cut points".format(tried))
