"""Damaged journal folders through `ledger verify` and `ledger score` (issue 11).

Each game's journal is written by `restore`, exactly as a device writes it, then damaged: a
bit flipped at a sample of offsets (every offset with --soak), files truncated, deleted,
renamed, foreign files added, odd things where a segment should be. Whatever the damage,
verify says so and exits 1, and score prints only hands the original records score to, in
order: a prefix of them (less the hands the device's boot passed over as unreadable, where
it went on past damaged lines that held hands, each named on stderr), never an invented or
changed hand, and exit 3 with what was set aside on stderr (or exit 2 when no hand at all
can be recovered).
"""

import json
import os
import re
import subprocess
import sys

import pytest
from test_journal_memfs import hand

from core.shengji import public
from core.table import Table
from tools.ledger import export as exporting
from tools.ledger.__main__ import main
from tools.ledger.folder import LOCK, HostFS
from tools.ledger.records import persons_seated, score_records, table_for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANDS = 30  # three segments and two snapshots (one every 12 events)


def _shengji(count):
    # The dealer of each hand is the one the previous hand passed the deal to.
    table, records = Table("shengji", 4), []
    for i in range(count):
        dealer = 0 if not records else public(table.hand_result(i - 1))["dealer"]
        records.append({"game": "shengji", "players": 4, "dealer": dealer,
                        "points": (75, 85, 40)[i % 3]})
        table.record(records[-1])
    return records


def _beans(count):
    first = {"n": 1000, "fee": 50, "balances": [20000, 20000, 20000]}
    return [{"game": "ddz", "profile": "happy", "players": 3, "landlord": i % 3,
             "winner": ("landlord", "farmers")[i % 2],
             "rules": {"beans": first if i == 0 else {"n": 1000, "fee": 50}}}
            for i in range(count)]


GAMES = {
    "ddz": lambda n: [dict(hand(i), game="ddz", profile="classic", players=3)
                      for i in range(n)],
    "beans": _beans,
    "baohuang": lambda n: [{"game": "baohuang", "players": 5, "emperor": i % 5,
                            "guard": (i + 1 + i // 5 % 4) % 5, "order": [0, 1, 2, 3, 4]}
                           if i % 7 else {"game": "baohuang", "players": 5, "forfeit": i % 5}
                           for i in range(n)],
    "shengji": _shengji,
}


# stderr's line for hands boot passed over (core/journal.py, Report.gap_lines)
PASSED_OVER = re.compile(r"boot: j[0-9.]+: hands? ([0-9]+)(?: to ([0-9]+))? cannot be read")


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _expected(records, shape=None):
    """score's stdout for these records, as `score FILE` prints it; with none, a journal's
    (of table `shape`): its zero totals."""
    lines = score_records(list(enumerate(records, 1)), empty=shape)
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


class Journal:
    """A game's restored journal, damaged and put back case by case."""

    def __init__(self, root, game):
        self.records = GAMES[game](HANDS)
        source = root / (game + ".jsonl")
        source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n"
                                  for r in self.records), encoding="utf-8")
        assert main(["restore", str(source), str(root / game)]) == 0
        self.folder = root / game / "table"
        self.files = {p.name: p.read_bytes() for p in self.folder.iterdir()}
        self.shape = table_for(self.records[0], persons_seated(list(enumerate(self.records))))
        self.prefixes = {_expected(self.records[:k], self.shape): k for k in range(HANDS + 1)}

    def put_back(self):
        for path in self.folder.iterdir():
            if path.name not in self.files:
                if path.is_dir() and not path.is_symlink():
                    path.rmdir()
                else:
                    path.unlink()
        for name, data in self.files.items():
            path = self.folder / name
            if path.is_symlink() or (path.exists() and not path.is_file()):
                path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)

    def check(self, capsys, what, seen=True):
        """verify and score of the damaged folder; returns the hands score recovered. Not
        `seen`: the folder may look like a sound journal that is simply shorter."""
        code, out, _err = _run(capsys, "verify", self.folder)
        sound = code == 0 and not seen
        assert sound or (code == 1 and "damaged: " in out), (what, out)
        code, out, err = _run(capsys, "score", self.folder)
        if sound:
            assert code == 0 and err == "" and out in self.prefixes, (what, err)
            return self.prefixes[out]
        if code == 2:  # nothing recoverable: a message, nothing printed
            assert out == "" and "no table could be recovered" in err, (what, err)
            return 0
        assert code == 3 and "damaged journal: " in err, (what, code, err)
        # Only a prefix of the original hands, scored exactly as the records score...
        if out in self.prefixes:
            return self.prefixes[out]
        # ...less the hands named as passed over, the others scored as their records.
        left_out = set()
        for first, last in PASSED_OVER.findall(err):
            left_out.update(range(int(first) - 1, int(last or first)))
        assert left_out, (what, out, err)
        kept = [r for i, r in enumerate(self.records) if i not in left_out]
        printed = {_expected(kept[:k], self.shape): k for k in range(len(kept) + 1)}
        assert out in printed, (what, out, err)
        return printed[out] + len(left_out)


@pytest.fixture(scope="module")
def journals(tmp_path_factory):
    root = tmp_path_factory.mktemp("journals")
    return {game: Journal(root, game) for game in GAMES}


@pytest.fixture(params=sorted(GAMES))
def journal(request, journals):
    j = journals[request.param]
    yield j
    j.put_back()


def test_a_sound_journal_is_clean_and_scores_as_its_records(journal, capsys):
    code, out, _err = _run(capsys, "verify", journal.folder)
    assert code == 0 and "damaged" not in out
    assert _run(capsys, "score", journal.folder) == (0, _expected(journal.records), "")


def _flips(journal, offsets):
    for name, data in sorted(journal.files.items()):
        for at in offsets(len(data)):
            damaged = bytearray(data)
            damaged[at] ^= 1 << (at % 8)
            yield name, at, bytes(damaged)


def _flip_table(journal, capsys, offsets):
    for name, at, damaged in _flips(journal, offsets):
        (journal.folder / name).write_bytes(damaged)
        kept = journal.check(capsys, (name, at))
        if not name.startswith("j"):
            # A snapshot is derived from the segments: damage there loses no hand.
            assert kept == HANDS, (name, at)
        (journal.folder / name).write_bytes(journal.files[name])


def test_a_flipped_bit_is_reported_and_no_hand_is_invented(journal, capsys):
    # A sample: the first and last bytes and every 97th (a prime, so line positions vary).
    _flip_table(journal, capsys, lambda size: sorted({0, size - 1, *range(5, size, 97)}))


@pytest.mark.soak
def test_a_flipped_bit_anywhere(journal, capsys):
    _flip_table(journal, capsys, range)


def test_truncated_deleted_renamed_and_foreign_files(journal, capsys):
    segments = sorted(n for n in journal.files if n.startswith("j"))
    for name, data in sorted(journal.files.items()):
        # A last segment empty or gone is what a power cut right after a snapshot leaves:
        # nothing tells it from damage, and what is printed is still a prefix.
        last = name == segments[-1]
        # snap.old is not needed either: a first snapshot that failed until late leaves none.
        optional = last or name == "snap.old"
        for size in (0, len(data) // 2, len(data) - 1):
            (journal.folder / name).write_bytes(data[:size])
            journal.check(capsys, (name, size), seen=size or not last)
        (journal.folder / name).unlink()
        kept = journal.check(capsys, (name, "deleted"), seen=not optional)
        if name == segments[0]:
            assert kept == 0  # the table opens there
        elif not name.startswith("j"):
            assert kept == HANDS
        journal.put_back()
    last = journal.folder / segments[-1]
    for new in ("renamed", "j0000099.000099"):
        last.rename(journal.folder / new)
        code, out, _err = _run(capsys, "verify", journal.folder)
        # Boot and the segments agree on fewer hands here: the renamed file is what tells.
        assert code == 1 and "damaged: " + new in out
        # A segment's name out of its place: the device's boot still reads it by its first
        # event, and score prints what the device shows. Another name is no segment's.
        kept = journal.check(capsys, new)
        assert kept == HANDS if new.startswith("j") else kept < HANDS
        journal.put_back()
    (journal.folder / "notes.txt").write_text("hello")
    assert journal.check(capsys, "foreign") == HANDS
    code, _out, err = _run(capsys, "score", journal.folder)
    assert "notes.txt: not a journal file" in err


def test_a_snapshot_from_another_table_is_reported(journals, capsys):
    ddz, other = journals["ddz"], journals["beans"]
    try:
        (ddz.folder / "snap").write_bytes(other.files["snap"])
        code, out, _err = _run(capsys, "verify", ddz.folder)
        assert code == 1 and "snap: disagrees with the segments (table" in out
        # The segments are the record: every hand is still there, as recorded.
        assert ddz.check(capsys, "foreign snap") == HANDS
    finally:
        ddz.put_back()


def test_odd_things_where_a_segment_should_be(journals, capsys):
    ddz = journals["ddz"]
    last = sorted(n for n in ddz.files if n.startswith("j"))[-1]
    path = ddz.folder / last
    odd = {"a directory": lambda: path.mkdir(),
           "a symlink loop": lambda: path.symlink_to(path),
           "a dangling symlink": lambda: path.symlink_to(ddz.folder / "nowhere")}
    try:
        for what, make in odd.items():
            path.unlink()
            make()
            code, out, _err = _run(capsys, "verify", ddz.folder)
            assert code == 1 and "damaged: {}: cannot be read".format(last) in out, what
            assert ddz.check(capsys, what) == 23, what  # the hands before that segment
            ddz.put_back()
        # A FIFO would block a plain open: run in a child, with a deadline.
        path.unlink()
        os.mkfifo(path)
        for command in ("verify", "score"):
            done = subprocess.run([sys.executable, "-m", "tools.ledger", command,
                                   str(ddz.folder)], cwd=ROOT, capture_output=True,
                                  text=True, timeout=60)
            assert done.returncode == (1 if command == "verify" else 3), done.stderr
            assert "not a regular file" in done.stdout + done.stderr
            assert "Traceback" not in done.stderr
    finally:
        ddz.put_back()


def test_an_unreadable_file_or_folder_is_reported(journals, capsys, monkeypatch):
    # Permissions do not stop root (CI runs as root): the refusal is injected instead.
    ddz = journals["ddz"]
    real_open, real_listdir = os.open, os.listdir
    denied = {str(ddz.folder / "j0000012.000011")}

    def deny_open(path, *args, **kw):
        if str(path) in denied:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kw)

    def deny_listdir(path="."):
        if str(path) in denied:
            raise PermissionError(13, "Permission denied", str(path))
        return real_listdir(path)

    monkeypatch.setattr(os, "open", deny_open)
    monkeypatch.setattr(os, "listdir", deny_listdir)
    code, out, _err = _run(capsys, "verify", ddz.folder)
    assert code == 1 and "j0000012.000011: cannot be read (Permission denied)" in out
    assert ddz.check(capsys, "unreadable segment") == 11
    denied.add(str(ddz.folder))
    for command in ("verify", "score", "summary"):
        code, out, err = _run(capsys, command, ddz.folder)
        assert (code, out) == (2, "") and "cannot read the folder: Permission denied" in err


def _records_file(tmp_path, count=HANDS):
    source = tmp_path / "records.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in GAMES["ddz"](count)),
                      encoding="utf-8")
    return source


def test_restore_on_a_full_disk_leaves_nothing_behind(tmp_path, capsys, monkeypatch):
    source = _records_file(tmp_path)
    real_open = HostFS.open
    writes = []

    class Full:
        """A file whose writes fail, as a full disk's do, after the first 20."""

        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            writes.append(len(data))
            if len(writes) > 20:
                raise OSError(28, "No space left on device")
            return self.f.write(data)

    def full_open(self, path, mode="rb"):
        f = real_open(self, path, mode)
        return f if mode == "rb" else Full(f)

    monkeypatch.setattr(HostFS, "open", full_open)
    code, out, err = _run(capsys, "restore", source, tmp_path / "device")
    assert (code, out) == (2, "") and "No space left on device" in err
    assert "nothing was written" in err and not (tmp_path / "device").exists()
    # Into a folder that was already there: it is left as it was, empty.
    (tmp_path / "device").mkdir()
    writes.clear()
    code, _out, err = _run(capsys, "restore", source, tmp_path / "device")
    assert code == 2 and list((tmp_path / "device").iterdir()) == []


def test_two_restores_into_one_folder_one_wins(tmp_path, capsys):
    source = _records_file(tmp_path)
    device = tmp_path / "device"
    device.mkdir()
    (device / LOCK).write_text("")  # another restore is under way
    code, _out, err = _run(capsys, "restore", source, device)
    assert code == 2 and "another restore is writing here" in err
    assert [p.name for p in device.iterdir()] == [LOCK]
    (device / LOCK).unlink()
    # A real race: whichever loses is refused, and the winner's table is whole.
    runs = [subprocess.Popen([sys.executable, "-m", "tools.ledger", "restore", str(source),
                              str(device)], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = sorted((p.wait(60), p.stderr.read()) for p in runs)
    for p in runs:
        p.stdout.close()
        p.stderr.close()
    assert [code for code, _ in results] == [0, 2]
    assert "another restore" in results[1][1] or "a table is open" in results[1][1]
    assert [p.name for p in device.iterdir()] == ["table"]
    assert _run(capsys, "score", device) == (0, _expected(GAMES["ddz"](HANDS)), "")


def test_export_out_on_a_full_disk_leaves_no_file(journals, tmp_path, capsys, monkeypatch):
    out_file = tmp_path / "tonight.csv"
    out_file.write_text("last week's export")
    real = exporting.write_csv

    def write_then_fail(table, f):
        real(table, f)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(exporting, "write_csv", write_then_fail)
    code, out, err = _run(capsys, "export", journals["ddz"].folder, "--csv", "--out", out_file)
    assert (code, out) == (2, "") and "cannot write: No space left on device" in err
    # The earlier file is untouched and no temporary file is left beside it.
    assert [p.name for p in tmp_path.iterdir()] == ["tonight.csv"]
    assert out_file.read_text() == "last week's export"


def test_export_and_summary_of_a_damaged_journal_give_what_was_recovered(journals, capsys):
    ddz = journals["ddz"]
    try:
        (ddz.folder / "j0000000.000000").unlink()  # before the snapshot: boot never reads it
        for argv in (("export", "--json"), ("summary",)):
            code, out, err = _run(capsys, argv[0], ddz.folder, *argv[1:])
            assert (code, out) == (2, "") and "no table could be recovered" in err
        ddz.put_back()
        data = bytearray(ddz.files["j0000012.000011"])
        data[data.index(b"\n") + 5] ^= 1  # the second line: hand 13
        (ddz.folder / "j0000012.000011").write_bytes(bytes(data))
        # Boot goes on past it (the next line is hand 14): every other hand is exported.
        code, out, err = _run(capsys, "export", ddz.folder, "--json")
        assert code == 3 and [json.loads(line) for line in out.splitlines()] == \
            ddz.records[:12] + ddz.records[13:]
        assert "j0000012.000011: line 2 is damaged or torn" in err
        assert "j0000012.000011: hand 13 cannot be read" in err
        code, out, err = _run(capsys, "summary", ddz.folder, "--json")
        assert code == 3 and json.loads(out)["hands"] == 29 and "damaged journal" in err
    finally:
        ddz.put_back()
