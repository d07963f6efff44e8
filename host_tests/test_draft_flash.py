"""The hand in progress on flash (ui/draft.py), on littlefs with the Pico's geometry: what
keeping it costs per press, and that a cut at any flash operation while it is written leaves
the confirmed hands whole and the draft old, new or absent (never a hand)."""

from types import SimpleNamespace

import pytest
from test_journal_memfs import hand

from core.journal import Journal
from tools.lfs_image import Flash, LfsFS, new_flash
from ui.draft import Keeper

PICO_BLOCKS = 352  # the Pico's 1408 KB file system (test_journal_flash.py)


def _presses(i):
    """The drafts a hand goes through as its presses change it: the landlord, the bid, each
    bomb; then its record."""
    record = hand(i)
    drafts = [{"landlord": record["landlord"]}]
    drafts.append(dict(drafts[-1], bid=record["bid"], bombs=[]))
    for n in range(len(record["bombs"])):
        drafts.append(dict(drafts[-1], bombs=["bomb"] * (n + 1)))
    return drafts, record


def _evening(hands, keep):
    """(erases, bytes programmed, draft writes) over `hands` classic hands, the draft kept
    at every press that changes it or not at all."""
    flash, fs = new_flash(PICO_BLOCKS)
    table = Journal(fs, "/data").open_table("ddz", 3, profile="classic")
    keeper = Keeper(fs, "/data")
    app = SimpleNamespace(amending=None, table=table, stack=[])
    start = (flash.erases, flash.programmed)
    writes = 0
    for i in range(hands):
        drafts, record = _presses(i)
        for draft in drafts:
            if keep:
                app.stack = [SimpleNamespace(draft=draft)]
                keeper.keep(app)
                writes += 1
        table.record(record)
        if keep:
            app.stack = []
            keeper.keep(app)
    return flash.erases - start[0], flash.programmed - start[1], writes


def test_keeping_the_hand_in_progress_costs_no_erase_per_press():
    hands = 300
    erases, programmed, _ = _evening(hands, False)
    kept_erases, kept_programmed, writes = _evening(hands, True)
    per_write = (kept_erases - erases) / writes
    print("per hand: {:.3f} erases, {:,.0f} bytes programmed without the draft; with it "
          "{:.3f} and {:,.0f}; per draft write {:.3f} erases, {:,.0f} bytes".format(
              erases / hands, programmed / hands, kept_erases / hands,
              kept_programmed / hands, per_write, (kept_programmed - programmed) / writes))
    # A draft write is a commit in its folder's metadata log: a block is erased only when
    # the log is compacted, far less than once a press.
    assert per_write <= 0.2


@pytest.mark.parametrize("kept_hands", [0, 3])
def test_a_cut_while_the_draft_is_written_never_costs_a_hand(kept_hands):
    flash, fs = new_flash(PICO_BLOCKS)
    journal = Journal(fs, "/data")
    table = journal.open_table("ddz", 3, profile="classic")
    for i in range(kept_hands):
        table.record(hand(i))
    keeper = Keeper(fs, "/data")
    app = SimpleNamespace(amending=None, table=table, stack=[])
    flash.log = []
    base = bytearray(flash.buffer)
    drafts, record = _presses(3)
    for draft in drafts:
        app.stack = [SimpleNamespace(draft=draft)]
        keeper.keep(app)
    table.record(record)
    app.stack = []
    keeper.keep(app)
    log = flash.log
    flash.log = None
    seen = set()
    for cut in range(len(log) + 1):
        image = bytearray(base)
        for at, data in log[:cut]:
            image[at:at + len(data)] = data
        copy = Flash(PICO_BLOCKS, buffer=image)
        fs2 = LfsFS(copy, PICO_BLOCKS)
        booted, report = Journal(fs2, "/data").boot()
        assert report.clean() and booted is not None
        hands = len(booted.entries)
        assert hands in (kept_hands, kept_hands + 1)
        taken = Keeper(fs2, "/data").take(booted)
        # The draft read back is one that was written for this hand, or none: never one
        # that does not read, never one once the hand is recorded.
        assert taken is None or taken in drafts, taken
        assert not (taken and hands == kept_hands + 1)
        seen.add((hands, bool(taken)))
    assert (kept_hands, True) in seen and (kept_hands + 1, False) in seen
