"""Flash wear and a full flash, on littlefs with rp2's geometry (see test_journal_lfs.py)."""

import pytest
from test_journal_memfs import hand

from core.journal import Journal, StorageFull
from core.table import Table
from tools.lfs_image import Flash, LfsFS, new_flash

BEANS = {"beans": {"n": 100, "fee": 5, "balances": [100000, 100000, 100000]}}
PICO_BLOCKS = 352  # the Pico's 1408 KB file system


def _erases_per_hand(rules, hands):
    flash, fs = new_flash(PICO_BLOCKS)
    table = Journal(fs, "/data").open_table("ddz", 3, profile="classic", rules=rules)
    start = flash.erases
    for i in range(hands):
        table.record(hand(i))
    return (flash.erases - start) / hands


def test_a_recorded_hand_costs_at_most_1_1_erases():
    with_beans = _erases_per_hand(BEANS, 600)
    points = _erases_per_hand(None, 600)
    print("erases per hand: {:.3f} with beans records, {:.3f} without".format(with_beans,
                                                                            points))
    assert with_beans <= 1.1 and points <= 1.1


def _boot(flash, blocks):
    # Boot a copy, as the device would after a reset: the test's flash stays as it was.
    copy = Flash(blocks, buffer=bytearray(flash.buffer))
    return Journal(LfsFS(copy, blocks), "/data").boot()


def _fill(fs):
    """Take every free block with one filler file, grown chunk by chunk until littlefs has
    no room for even a small one; returns its name."""
    name = "/filler"
    size = 16 * 4096
    while size >= 64:
        try:
            with fs.open(name, "ab") as f:
                f.write(b"\0" * size)
        except OSError:
            size //= 2
    return [name]


@pytest.mark.parametrize("before", [0, 5, 11, 12, 23])
def test_a_full_flash_refuses_the_hand_keeps_everything_and_the_retry_succeeds(before):
    blocks = 40
    flash, fs = new_flash(blocks)
    journal = Journal(fs, "/data")
    table = journal.open_table("ddz", 3, profile="classic", rules=BEANS)
    mirror = Table("ddz", 3, profile="classic", rules=BEANS)
    for i in range(before):
        table.record(hand(i))
        mirror.record(hand(i))
    fillers = _fill(fs)
    refused = 0
    for i in range(before, before + 30):
        try:
            table.record(hand(i))
        except StorageFull as exc:
            assert "flash full" in str(exc) and "Delete an archived table" in str(exc)
            refused += 1
        else:
            mirror.record(hand(i))
        # Refused or not, the table and the flash agree with the hands saved so far.
        assert table.totals == mirror.totals and len(table.entries) == len(mirror.entries)
        booted, report = _boot(flash, blocks)
        assert report.clean() and booted.totals == mirror.totals
        if refused:
            break
    assert refused, "the flash never filled"
    for name in fillers:
        fs.remove(name)
    index, _ = table.record(hand(99))
    mirror.record(hand(99))
    assert index == len(mirror.entries) - 1 and table.totals == mirror.totals
    booted, report = _boot(flash, blocks)
    assert report.clean() and booted.totals == mirror.totals
    assert booted.entries[index]["record"] == mirror.entries[index]["record"]


def test_a_full_flash_says_it_cannot_hold_another_table_until_an_archive_goes():
    blocks = 24
    flash, fs = new_flash(blocks)
    journal = Journal(fs, "/data")
    table = journal.open_table("ddz", 3, profile="classic")
    for i in range(20):
        table.record(hand(i))
    archived = journal.close_table(table)
    fillers = _fill(fs)
    with pytest.raises(StorageFull, match="cannot hold another table"):
        journal.open_table("ddz", 3, profile="classic")
    assert journal.boot()[0] is None
    old, report = journal.read_archive(archived)
    assert report.clean() and len(old.entries) == 20
    for name in fillers[:1]:
        fs.remove(name)
    journal.delete_archive(archived)
    assert journal.archives() == []
    assert journal.open_table("ddz", 3, profile="classic").totals == [0, 0, 0]
