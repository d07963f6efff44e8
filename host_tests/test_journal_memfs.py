"""Helpers for the journal's tests on both interpreters: the firmware's in-memory file system
(drivers/memfs.py) and a varied test hand.

The part above the marker line runs on the MicroPython VM too (test_journal_vm.py sends it):
the VM has no writable file system, so a journal written there lives in a MemFS and is
printed as hex. Errors are OSError with the errno the board's VFS gives.
"""

from drivers.memfs import MemFS  # noqa: F401  (the tests import it from here)


def hand(i):
    """A varied, valid classic Dou Dizhu record: the i-th hand of a test table."""
    record = {"landlord": i % 3, "bid": 1 + i % 3, "winner": ("landlord", "farmers")[i % 2],
              "bombs": ["bomb"] * (i % 4), "doubles": [1 + (i % 2), 1, 1 + (i // 3) % 2]}
    if i % 5 == 0:
        record["spring"] = "spring" if i % 2 == 0 else "anti"
    return record


# --- CPython only below this line ------------------------------------------------------


def test_memfs_renames_folders_and_refuses_to_grow_past_its_capacity():
    fs = MemFS()
    fs.mkdir("r")
    fs.mkdir("r/a")
    with fs.open("r/a/x", "ab") as f:
        f.write(b"12")
    fs.rename("r/a", "r/b")
    assert fs.listdir("r") == ["b"] and fs.open("r/b/x").read() == b"12"
    fs.capacity = fs.used() + 1
    try:
        with fs.open("r/b/x", "ab") as f:
            f.write(b"345")
    except OSError as exc:
        assert exc.args[0] == 28
    assert fs.open("r/b/x").read() == b"12"
