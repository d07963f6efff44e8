"""Boot cost against table length, counted in MicroPython VM fuel (instructions), not seconds.

    python -m tools.bench_boot [HANDS ...]     (default: 10 1000 10000)

For each size, CPython writes a journal of that many hands with the firmware's own code (as
`restore` does), then the VM boots it from the files under /input. Two runs per size: one
that only imports the journal and the core, one that also boots; the difference is the boot
itself. Boot reads the snapshot and the segment after it, never the older ones, so the
figures must not grow with the number of hands (the acceptance: the 10,000-hand boot within
10% of the 10-hand boot). What does vary is the tail: 0 to SNAPSHOT_EVERY - 1 events
replayed after the snapshot, depending on where the last snapshot fell.
"""

import os
import sys
import tempfile
from pathlib import Path

import tools  # noqa: F401  (puts the firmware's core on the import path)
from core.journal import Journal
from tools import mpvm
from tools.ledger.folder import HostFS

SIZES = (10, 1000, 10000)

# The VM reads the journal straight from /input, read-only: a clean boot writes nothing.
_VM_FS = """
import os
from core.journal import Journal


class InputFS:
    def open(self, path, mode="rb"):
        return open("/input/" + path, mode)

    def listdir(self, path):
        return os.listdir("/input/" + path)
"""
_BOOT = """
table, report = Journal(InputFS(), "data").boot()
print(report.hands, report.replayed, table.totals)
"""


def hand(i):
    """The i-th hand of the benchmark table: classic Dou Dizhu, varied."""
    return {"landlord": i % 3, "bid": 1 + i % 3, "winner": ("landlord", "farmers")[i % 2],
            "bombs": ["bomb"] * (i % 3), "doubles": [1, 1 + i % 2, 1]}


def build(hands, folder):
    """Write a journal of `hands` hands under folder/data; returns the table's totals."""
    table = Journal(HostFS(), os.path.join(folder, "data")).open_table(
        "ddz", 3, profile="classic", names=["A", "B", "C"])
    for i in range(hands):
        table.record(hand(i))
    return table.totals


def _files(folder):
    root = Path(folder)
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def measure(hands):
    """(fuel to boot, events replayed, totals as the VM booted them) for a table of `hands`."""
    with tempfile.TemporaryDirectory() as folder:
        totals = build(hands, folder)
        files = _files(folder)
    base = mpvm.run(_VM_FS, files).fuel_used
    outcome = mpvm.run(_VM_FS + _BOOT, files)
    count, replayed, booted = outcome.stdout.split(" ", 2)
    if int(count) != hands or booted.strip() != str(totals):
        raise AssertionError("the VM booted {} with {}, expected {} hands with {}".format(
            count, booted.strip(), hands, totals))
    return outcome.fuel_used - base, int(replayed), base


def main(argv=None):
    sizes = [int(a) for a in (argv if argv is not None else sys.argv[1:])] or list(SIZES)
    results = {}
    for hands in sizes:
        fuel, replayed, imports = measure(hands)
        results[hands] = fuel
        print("{:>6} hands: boot {:>11,} fuel ({} events replayed); imports {:,}".format(
            hands, fuel, replayed, imports))
    first = results[sizes[0]]
    for hands in sizes[1:]:
        print("{} hands / {} hands: {:.3f}".format(hands, sizes[0], results[hands] / first))
    return results


if __name__ == "__main__":
    main()
