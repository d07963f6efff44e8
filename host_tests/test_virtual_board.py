"""The virtual board (tools/virtual_board.py + tools/vm/board.mjs): unmodified mpremote talks to
the MicroPython WebAssembly port on a pseudo-terminal as to a serial board. Every call has a
timeout; a board is killed at the end of its test module."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools.virtual_board import VirtualBoard

ROOT = Path(__file__).resolve().parent.parent
MPREMOTE = Path(sys.executable).parent / "mpremote"
TIMEOUT_S = 30

pytestmark = pytest.mark.skipif(not MPREMOTE.exists(), reason="mpremote not installed")


def mpremote(port, *args, timeout=TIMEOUT_S, cwd=None):
    return subprocess.run([str(MPREMOTE), "connect", port, *args], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    folder = tmp_path_factory.mktemp("vboard")
    with VirtualBoard(folder / "flash", log=folder / "console.log") as vb:
        yield vb


def test_exec_prints_with_crlf(board):
    done = mpremote(board.port, "exec", "print(1+1)")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2\n"
    # The raw bytes: boards send \r\n, and so does the virtual board.
    done = mpremote(board.port, "eval", "repr(chr(10))")
    assert done.stdout.strip() == "'\\n'"


def test_fs_cp_ls_cat_rm(board, tmp_path):
    local = tmp_path / "hello.py"
    local.write_text("print('hello from a file')\n")
    done = mpremote(board.port, "fs", "cp", str(local), ":hello.py", "+", "fs", "ls", "+",
                    "fs", "cat", "hello.py", "+", "run", str(local))
    assert done.returncode == 0, done.stderr
    assert "27 hello.py" in done.stdout  # ilistdir gives sizes, as littlefs does
    assert done.stdout.count("hello from a file") == 2, done.stdout
    assert (board.folder / "hello.py").read_text() == local.read_text()  # synced to the host
    back = tmp_path / "back.py"
    done = mpremote(board.port, "fs", "cp", ":hello.py", str(back))
    assert done.returncode == 0 and back.read_text() == local.read_text()


def test_file_errors_carry_micropython_errno(board):
    done = mpremote(board.port, "fs", "rm", "no_such_file")
    assert done.returncode == 1
    assert "No such file or directory" in done.stderr  # errno 2, not Emscripten's 44
    done = mpremote(board.port, "exec", "import errno\ntry:\n open('/nope')\nexcept OSError as e:"
                                        "\n print(e.errno == errno.ENOENT)\n"
                                        "import os\nos.mkdir('/d1')\ntry:\n os.mkdir('/d1')\n"
                                        "except OSError as e:\n print(e.errno == errno.EEXIST)")
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_input_refuses_instead_of_spinning(board):
    done = mpremote(board.port, "exec", "input()")
    assert done.returncode == 1 and "EOPNOTSUPP" in done.stdout + done.stderr


def test_a_hang_is_interrupted_by_a_restart(board):
    done = mpremote(board.port, "exec", "--no-follow", "while True: pass")
    assert done.returncode == 0
    start = time.monotonic()
    done = mpremote(board.port, "exec", "print('alive')")
    assert done.stdout.strip() == "alive", done.stderr
    assert time.monotonic() - start < 10


def test_soft_reset_keeps_files_and_drops_globals(board):
    done = mpremote(board.port, "exec", "x = 5\nopen('kept.txt', 'w').write('yes')", "+",
                    "soft-reset", "+", "exec", "print('x' in globals(), open('kept.txt').read())")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "yes"]


def test_friendly_repl(board):
    import serial

    with serial.Serial(board.port, timeout=0.2) as s:
        s.write(b"\r\x03\x02")
        deadline = time.monotonic() + 10
        seen = b""
        while b">>> " not in seen and time.monotonic() < deadline:
            seen += s.read(200)
        assert b"MicroPython v1.27.0" in seen
        s.write(b"6*7\rfor i in (1, 2):\r  print(i)\r\r")
        seen = b""
        while seen.count(b">>> ") < 2 and time.monotonic() < deadline:
            seen += s.read(200)
        assert b"42\r\n" in seen and b"1\r\n2\r\n" in seen


def test_refused_raw_paste_falls_back_to_raw_repl(tmp_path):
    with VirtualBoard(tmp_path / "flash", raw_paste=False) as vb:
        done = mpremote(vb.port, "exec", "print('x' * 3000)")
        assert done.returncode == 0 and done.stdout.strip() == "x" * 3000


def _free_text(help_text):
    """The description and epilog paragraphs of an argparse --help: the blocks between the
    usage and the first section, and those after the last section."""
    blocks = [b for b in help_text.split("\n\n") if b.strip()]
    sections = [i for i, b in enumerate(blocks)
                if b.split("\n", 1)[0].endswith(":") and not b.startswith(" ")]
    if not sections:
        return blocks[1:]
    last = sections[-1]
    while last + 1 < len(blocks) and blocks[last + 1].startswith(" "):
        last += 1  # a section's entries may be split by a blank line
    return blocks[1:sections[0]] + blocks[last + 1:]


@pytest.mark.parametrize("module", ["tools.virtual_board", "tools.ledger", "tools.sim",
                                    "tools.deploy", "tools.pico"])
def test_help_says_whole_sentences(module):
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1")  # tools.sim: .venv is set up already
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True,
                          text=True, timeout=TIMEOUT_S, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    paragraphs = _free_text(done.stdout)
    assert paragraphs, done.stdout
    for paragraph in paragraphs:
        # Each ends as a sentence does, not cut mid-way ("... unmodified `mpremote` (and").
        assert paragraph.rstrip()[-1] in ".:)", paragraph
        assert paragraph.count("(") == paragraph.count(")"), paragraph
        assert paragraph.count("`") % 2 == 0, paragraph
    if module == "tools.virtual_board":
        text = " ".join(done.stdout.split())
        assert "can be tested without hardware" in text and "/dev/pts/N" in text
