"""Power cuts on the board's file system: littlefs 2.11 (littlefs-python) with rp2's geometry.

The flash logs every program and erase while a scenario runs: a table opened, hands recorded
past several snapshots, a void, an amend, the table closed and archived, a second table
opened. Then the flash is rebuilt as it stood after each logged operation in turn (a power
cut right there), mounted and booted. At every cut: every change whose call had returned is
there, nothing is half-written (boot finds no damage: littlefs commits a file at close, so a
cut loses whole events only), and the totals are those of the recovered events.

`pytest --soak` runs a longer scenario. The number of cut points tried is printed.
"""

import pytest
from test_journal_memfs import hand

from core.journal import Journal
from core.table import Table
from tools.lfs_image import Flash, LfsFS, new_flash

BLOCKS = 96  # 384 KB: enough for the scenario, small enough to copy at every cut
RULES = {"beans": {"n": 100, "fee": 5, "balances": [50000, 50000, 50000]}}
NAMES = (["A", "B", "C"], ["X", "Y", "Z"])


class Scenario:
    """Runs the same steps on the journal and on a plain in-RAM table; logs, after each
    step returns, how many flash operations it took to get there."""

    def __init__(self, fs, flash):
        self.journal = Journal(fs, "/data")
        self.flash = flash
        self.acks = []  # (flash operations so far, table number, events saved)
        self.expected = ([], [])  # per table: totals after each number of events

    def _ack(self, number, table, mirror):
        self.expected[number].append(list(mirror.totals))
        self.acks.append((len(self.flash.log), number, len(self.expected[number])))

    def run(self, hands, second):
        for number, count in ((0, hands), (1, second)):
            table = self.journal.open_table("ddz", 3, profile="classic", rules=RULES,
                                            names=NAMES[number])
            mirror = Table("ddz", 3, profile="classic", rules=RULES, names=NAMES[number])
            self._ack(number, table, mirror)
            for i in range(count):
                for t in (table, mirror):
                    t.record(hand(i))
                self._ack(number, table, mirror)
                if i == 7:
                    for t in (table, mirror):
                        t.void(2)
                    self._ack(number, table, mirror)
                if i == 20:
                    for t in (table, mirror):
                        t.amend(4, hand(99))
                    self._ack(number, table, mirror)
            if number == 0:
                self.journal.close_table(table)
                self._ack(number, table, mirror)


def _events(journal, table, report, number):
    """Events recovered for table `number`: from the open table or from the archive."""
    if table is not None and table.names == NAMES[number]:
        return report.events, table
    if number == 0 and "0001" in journal.archives():
        archived, archived_report = journal.read_archive("0001")
        assert archived_report.clean()
        return archived_report.events, archived
    return 0, None


def _check_cut(image, done, scenario, blocks):
    fs = LfsFS(Flash(blocks, buffer=image), blocks)
    journal = Journal(fs, "/data")
    table, report = journal.boot()
    assert report.clean(), report.lines()
    for number in (0, 1):
        acked = max([n for ops, t, n in scenario.acks if t == number and ops <= done] or [0])
        events, found = _events(journal, table, report, number)
        assert events >= acked, (number, events, acked)
        if found is not None:
            assert found.totals == scenario.expected[number][events - 1]
            if len(found.entries) > 1:
                assert found.entries[0]["record"]["landlord"] == hand(0)["landlord"]


def _run(hands, second, blocks=BLOCKS):
    flash, fs = new_flash(blocks)
    base = bytes(flash.buffer)
    flash.log = []
    scenario = Scenario(fs, flash)
    scenario.run(hands, second)
    image = bytearray(base)
    tried = 0
    for done, (offset, data) in enumerate(flash.log, 1):
        image[offset:offset + len(data)] = data
        _check_cut(bytearray(image), done, scenario, blocks)
        tried += 1
    return tried


def test_every_saved_change_survives_a_power_cut_at_every_flash_operation():
    tried = _run(hands=200, second=12)
    print("power cuts tried:", tried)
    assert tried > 800


@pytest.mark.soak
def test_soak_power_cuts_over_a_long_evening():
    tried = _run(hands=1500, second=100, blocks=256)
    print("power cuts tried (soak):", tried)
