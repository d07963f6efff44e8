"""`python -m tools.ledger pull`: copying a board's journal with mpremote. No board in CI: a
fake `mpremote` on PATH copies a host folder standing for the board's file system (or fails
as mpremote does), and a command runner can be injected."""

import os
import shutil
import stat
import sys
import time
from pathlib import Path

import pytest
from test_ledger_tables import TOTALS, evening_folder

from tools.ledger.__main__ import main
from tools.ledger.pull import explain_failure, pull
from tools.ledger.push import push
from tools.ledger.records import LedgerError

FAKE = """#!{python}
# A stand-in for mpremote: `connect PORT resume fs cp -r :/data DEST` then
# `connect PORT resume reset`, with the board's file system
# in $FAKE_BOARD; $FAKE_MODE picks a failure.
import os, shutil, sys, time
args = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(" ".join(args) + "\\n")
mode = os.environ.get("FAKE_MODE", "")
if mode == "hang":
    time.sleep(60)
if mode == "none":
    sys.exit("mpremote: no device found")
if mode == "busy":
    sys.exit("mpremote: failed to access /dev/ttyACM0 (it may be in use by another program)")
if mode == "silent":
    sys.exit("mpremote: could not enter raw repl")
if args[2:] == ["resume", "reset"]:
    sys.exit(0)
assert args[:2] == ["connect"] + args[1:2] and args[2:7] == ["resume", "fs", "cp", "-r", ":/data"]
source = os.path.join(os.environ["FAKE_BOARD"], "data")
if not os.path.exists(source):
    sys.exit("mpremote: cp: /data: No such file or directory.")
# As mpremote 1.29's `cp -r`: into an existing folder, /data lands in DEST/data; into a new
# one, a source without a subfolder is taken for a file, and a folder is not read as one.
dest = args[7]
if os.path.isdir(dest):
    dest = os.path.join(dest, "data")
elif not any(entry.is_dir() for entry in os.scandir(source)):
    sys.exit("mpremote: cp: -r not specified; omitting directory")
shutil.copytree(source, dest)
"""


@pytest.fixture
def board(tmp_path, monkeypatch):
    """A fake mpremote first on PATH; returns the board's root folder (empty)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "mpremote"
    fake.write_text(FAKE.format(python=sys.executable))
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    root = tmp_path / "board"
    root.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("FAKE_BOARD", str(root))
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    monkeypatch.delenv("FAKE_MODE", raising=False)
    return root


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _left_over(folder):
    return [n for n in os.listdir(folder) if n.startswith(".pull-")]


def test_pull_copies_the_journal_and_it_scores_as_on_the_board(board, tmp_path, capsys):
    evening_folder(board / "data")
    code, out, err = _run(capsys, "pull", "--port", "/dev/ttyACM0", tmp_path / "tonight")
    assert code == 0, err
    assert "pulled the board's /data into" in out
    assert "open table: recovered: 8 events, 5 hands (1 voided), totals [20, -36, 16]" in out
    calls = (tmp_path / "calls.log").read_text().splitlines()
    assert calls == ["connect /dev/ttyACM0 resume fs cp -r :/data {}".format(
        calls[0].split()[-1]), "connect /dev/ttyACM0 resume reset"]
    assert sorted(os.listdir(tmp_path / "tonight" / "table")) == sorted(
        os.listdir(board / "data" / "table"))
    assert _left_over(tmp_path) == []
    code, out, _err = _run(capsys, "summary", tmp_path / "tonight", "--json")
    assert code == 0 and '"total": {}'.format(TOTALS[1]) in out


@pytest.mark.parametrize("held", [[], ["settings.json"]])
def test_a_board_with_no_hands_yet_pulls_fine(board, tmp_path, capsys, held):
    # A fresh board: /data is there (deploy makes it), empty or with the settings only, no
    # table/ under it. mpremote's `cp -r` into a new folder refuses such a /data.
    (board / "data").mkdir()
    for name in held:
        (board / "data" / name).write_text('{"lang": "en"}')
    code, out, err = _run(capsys, "pull", "--port", "/dev/ttyACM0", tmp_path / "tonight")
    assert code == 0 and err == "", err
    assert "no hands on the board yet" in out and "nothing to score" in out
    assert ("its /data is empty" if not held else "copied: settings.json") in out
    assert sorted(os.listdir(tmp_path / "tonight")) == held
    assert _left_over(tmp_path) == []
    assert (tmp_path / "calls.log").read_text().splitlines()[-1].endswith("resume reset")


def test_without_a_port_mpremote_picks_the_board(board, tmp_path, capsys):
    evening_folder(board / "data")
    (tmp_path / "empty").mkdir()  # an empty folder is fine
    assert _run(capsys, "pull", tmp_path / "empty")[0] == 0
    assert (tmp_path / "calls.log").read_text().startswith("connect auto resume fs cp")


@pytest.mark.parametrize("mode, message", [
    ("none", "no board found on any USB serial port: plug it in"),
    ("busy", "cannot open /dev/ttyACM0: no such port, or another program holds it"),
    ("silent", "/dev/ttyACM0 does not answer as a MicroPython board"),
    ("", "the board has no /data folder"),
])
def test_failures_say_what_to_do_and_leave_nothing(board, tmp_path, capsys, monkeypatch,
                                                   mode, message):
    monkeypatch.setenv("FAKE_MODE", mode)
    port = [] if mode == "none" else ["--port", "/dev/ttyACM0"]
    code, out, err = _run(capsys, "pull", *port, tmp_path / "tonight")
    assert code == 2 and out == "" and message in err, err
    assert not (tmp_path / "tonight").exists() and _left_over(tmp_path) == []


def test_a_board_that_stops_answering_times_out(board, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_MODE", "hang")
    start = time.monotonic()
    code, out, err = _run(capsys, "pull", "--timeout", "1", tmp_path / "tonight")
    assert time.monotonic() - start < 20
    assert code == 2 and out == "" and "did not finish within 1.0 s" in err
    assert not (tmp_path / "tonight").exists() and _left_over(tmp_path) == []


def test_a_folder_with_something_in_it_is_refused_before_connecting(board, tmp_path,
                                                                    capsys):
    evening_folder(board / "data")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    code, _out, err = _run(capsys, "pull", tmp_path / "full")
    assert code == 2 and "is not empty" in err
    assert not (tmp_path / "calls.log").exists()


def test_an_injected_runner_sees_the_command_and_a_missing_mpremote_is_explained(
        tmp_path, monkeypatch):
    seen = []

    def run(argv, timeout):
        seen.append((argv, timeout))
        if argv[-1] != "reset":
            # An existing folder: mpremote copies /data into it.
            assert os.path.isdir(argv[-1])
            os.makedirs(os.path.join(argv[-1], "data", "table"))
        return 0, "", ""

    pull(str(tmp_path / "d"), "/dev/pts/7", 30, run=run, command=["mpremote"])
    assert seen[0][0][:-1] == ["mpremote", "connect", "/dev/pts/7", "resume", "fs", "cp",
                               "-r", ":/data"]
    assert seen[1][0] == ["mpremote", "connect", "/dev/pts/7", "resume", "reset"]
    assert seen[0][1] == 30 and os.path.isdir(tmp_path / "d" / "table")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "nothing" / "python"))
    monkeypatch.setattr("tools.ledger.pull.VENV_BIN", str(tmp_path / "nothing"))
    with pytest.raises(LedgerError, match="mpremote is not installed"):
        pull(str(tmp_path / "e"))


def test_an_unknown_failure_shows_mpremotes_last_line():
    assert explain_failure(None, 1, "", "Traceback\nmpremote: something new\n") == (
        "mpremote failed (1): mpremote: something new")


@pytest.mark.skipif(not (Path(sys.executable).parent / "mpremote").exists()
                    or shutil.which("node") is None, reason="mpremote or node not installed")
def test_the_real_mpremote_on_the_virtual_board_pulls_an_empty_board_and_a_full_one(
        tmp_path, capsys, monkeypatch):
    from tools.virtual_board import VirtualBoard

    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep
                       + os.environ["PATH"])  # this mpremote, not a fake one
    fresh = tmp_path / "fresh"
    (fresh / "data").mkdir(parents=True)
    (fresh / "data" / "settings.json").write_text('{"lang": "en"}')
    with VirtualBoard(fresh) as vb:
        code, out, err = _run(capsys, "pull", "--port", vb.port, "--timeout", "60",
                              tmp_path / "none")
    assert code == 0, err
    assert "no hands on the board yet" in out
    assert os.listdir(tmp_path / "none") == ["settings.json"]
    played = tmp_path / "played"
    played.mkdir()
    evening_folder(played / "data")
    with VirtualBoard(played) as vb:
        code, out, err = _run(capsys, "pull", "--port", vb.port, "--timeout", "60",
                              tmp_path / "tonight")
    assert code == 0, err
    assert "open table: recovered: 8 events, 5 hands (1 voided), totals [20, -36, 16]" in out
    assert _left_over(tmp_path) == []


@pytest.mark.pico
def test_a_freshly_deployed_pico_pulls_fine_and_its_image_says_no_hands_yet(tmp_path,
                                                                             capsys):
    from pico_board import boot, over_serial

    pico = boot(tmp_path)  # the scorekeeper deployed, booted, no table opened
    try:
        done = over_serial(pico, "tools.ledger", "pull", str(tmp_path / "pulled"))
    finally:
        pico.close()
    assert done.returncode == 0, done.stdout
    assert "no hands on the board yet" in done.stdout and "cp: -r" not in done.stdout
    assert os.path.isdir(tmp_path / "pulled")
    code, out, err = _run(capsys, "summary", tmp_path / "pico.img")
    assert code == 2 and out == "" and "no table yet" in err


# -- push: a pulled folder back onto a board (another flash layout, docs/boards.md) ----------


def _pushing(answers):
    """A runner answering each mpremote call by its last argument's kind; the calls, and
    what the copy step found in the folder it copies."""
    calls, copied = [], {}

    def run(argv, timeout):
        calls.append(argv)
        if "cp" in argv:  # fs cp -r FOLDER :
            source = Path(argv[-2])
            copied.update({p.relative_to(source).as_posix(): p.read_bytes()
                           for p in source.rglob("*") if p.is_file()})
            copied["name"] = source.name
        script = argv[-1]
        for marker, answer in answers.items():
            if marker in script:
                return 0, answer, ""
        return 0, "", ""
    return run, calls, copied


def test_push_copies_beside_the_data_folder_then_renames_it_into_place(tmp_path):
    folder = evening_folder(tmp_path / "pulled")
    run, calls, copied = _pushing({"'NONE')": "NONE\n", "print('DONE')": "DONE\n"})
    push(str(folder), "/dev/pts/7", 30, run=run, command=["mpremote"])
    steps = [c[4] if c[4] != "fs" else "cp" for c in calls]
    assert steps == ["exec", "exec", "cp", "exec", "reset"]
    assert calls[2][-1] == ":" and copied.pop("name") == "data.push"
    assert copied == {p.relative_to(folder).as_posix(): p.read_bytes()
                      for p in folder.rglob("*") if p.is_file()}
    assert "os.rename('/data.push', '/data')" in calls[3][-1]


def test_push_refuses_a_board_with_tables_and_a_damaged_folder_before_copying(tmp_path):
    folder = evening_folder(tmp_path / "pulled")
    run, calls, _ = _pushing({"'NONE')": "TABLES\n"})
    with pytest.raises(LedgerError, match="holds tables already: pull them first"):
        push(str(folder), "p", 30, run=run, command=["mpremote"])
    assert len(calls) == 1  # asked, nothing copied
    segment = next((folder / "table").glob("j*"))
    segment.write_bytes(segment.read_bytes().replace(b"landlord", b"landlorb", 1))
    run, calls, _ = _pushing({})
    with pytest.raises(LedgerError, match="damaged"):
        push(str(folder), "p", 30, run=run, command=["mpremote"])
    assert calls == []
    with pytest.raises(LedgerError, match="no table in it"):
        push(str(tmp_path), "p", 30, run=run, command=["mpremote"])
