"""The same journal code on MicroPython: a journal written on one interpreter boots on the
other with the same totals, and both write the very same bytes for the same table."""

import json
from pathlib import Path

from test_journal_memfs import MemFS

from core.journal import Journal
from tools import mpvm

HELPERS = Path(__file__).with_name("test_journal_memfs.py").read_text(encoding="utf-8")
HELPERS = HELPERS.split("# --- CPython only")[0]

# Runs on both interpreters: an evening with a void, an amend and a non-ASCII name.
EVENING = """
def evening(fs, hands):
    journal = Journal(fs, "d")
    table = journal.open_table("ddz", 3, profile="classic", names=["张三", "Li", "O'Neil"],
                               rules={"beans": {"n": 10, "fee": 1,
                                                "balances": [5000, 5000, 5000]}})
    for i in range(hands):
        table.record(hand(i))
    table.void(1)
    table.amend(3, hand(50))
    return table
"""

BOOT = """
def summary(fs):
    table, report = Journal(fs, "d").boot()
    return {"totals": table.totals, "events": report.events, "clean": report.clean(),
            "first": table.entries[0]["record"], "third": table.entries[3]["previous"],
            "played": table.hands_played()}
"""


def _vm(body, data=None):
    script = "import json, binascii\nfrom core.journal import Journal\n" + HELPERS + \
        EVENING + BOOT + body
    return json.loads(mpvm.run(script, data).stdout)


def _python(fs):
    namespace = {"Journal": Journal, "MemFS": MemFS}
    exec(HELPERS + EVENING + BOOT, namespace)
    return namespace


def test_a_journal_written_on_cpython_boots_on_micropython():
    python = _python(None)
    fs = MemFS()
    python["evening"](fs, 30)
    files = {path: data.hex() for path, data in fs.files.items()}
    on_vm = _vm("fs = MemFS({p: binascii.unhexlify(h) for p, h in json.load("
                "open('/input/files.json')).items()})\nprint(json.dumps(summary(fs)))",
                {"files.json": json.dumps(files).encode()})
    assert on_vm == python["summary"](fs)
    assert on_vm["clean"] and on_vm["events"] == 33


def test_a_journal_written_on_micropython_boots_on_cpython_and_has_the_same_bytes():
    on_vm = _vm("fs = MemFS()\nevening(fs, 30)\n"
                "print(json.dumps({p: binascii.hexlify(d).decode() for p, d in "
                "fs.files.items()}))")
    vm_fs = MemFS({path: bytes.fromhex(h) for path, h in on_vm.items()})
    python = _python(None)
    fs = MemFS()
    table = python["evening"](fs, 30)
    assert vm_fs.files == fs.files
    assert python["summary"](vm_fs)["totals"] == table.totals
