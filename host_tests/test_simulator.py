"""The simulator (python -m tools.sim): the real firmware on the node MicroPython VM, kept
running, driven by buttons with real timing on the simulator's clock; the board's flash in a
host folder that survives a restart; the terminal renderer; the pygame window (dummy video
driver); the README pictures, which must be the golden screenshots pixel for pixel."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tools.sim import cli, script, terminal
from tools.sim.flash import Flash, FlashError
from tools.sim.screen import screen_image
from tools.sim.vm import Sim

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "docs" / "pictures"  # the golden screens (host_tests/test_screens_golden.py)

# A new classic table (X: PREV to "start", A: OK), then a hand: 乙 (the cursor's default)
# bids 3 (A A), one bomb (Y A), landlord wins (A): 3 × 2 = 6 a pair.
HAND = "X A A A Y A A"


def sim_command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1")  # ./test.sh has set .venv up already
    return subprocess.run([sys.executable, "-m", "tools.sim", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    base = tmp_path_factory.mktemp("sim")
    done = sim_command("--flash", str(base / "flash"), "--keys", HAND,
                       "--shots", str(base / "shots"))
    assert done.returncode == 0, done.stderr
    return base, json.loads(done.stdout)


def test_headless_plays_a_hand_with_button_timing_and_writes_pictures(played):
    base, state = played
    assert state["screen"] == "TableScreen"
    assert state["totals"] == [-6, 12, -6] and state["hands"] == 1
    names = sorted(p.name for p in (base / "shots").iterdir())
    assert names == ["00-start.png", "01-X.png", "02-A.png", "03-A.png", "04-A.png",
                     "05-Y.png", "06-A.png", "07-A.png"]
    with Image.open(base / "shots" / "07-A.png") as img:
        assert img.size == (480, 270)
        assert img.convert("L").getextrema()[1] > 0  # something is drawn


def test_the_flash_folder_survives_a_restart(played):
    base, state = played
    flash = base / "flash"
    on_disk = sorted(str(p.relative_to(flash)) for p in flash.rglob("*") if p.is_file())
    assert on_disk and all(p.startswith("data/") for p in on_disk)
    assert not any(p.endswith(".sim-tmp") for p in on_disk)
    # A second run boots into the same table, and a long press of A opens its menu.
    again = sim_command("--flash", str(flash), "--keys", "shot:boot A~")
    assert again.returncode == 0, again.stderr
    after = json.loads(again.stdout)
    assert after["totals"] == state["totals"] and after["hands"] == 1
    assert after["screen"] == "TableMenu"


def test_a_bad_key_script_is_refused_naming_the_token(tmp_path):
    done = sim_command("--fresh", "--keys", "A Q~")
    assert done.returncode == 2
    assert "Q~" in done.stderr and "A B X Y" in done.stderr


def test_button_timing_long_short_dim_dark_and_logical_keys_on_the_mono_board():
    with Sim("simulated_mono", lang="en") as sim:
        board = sim.board
        assert board["buttons"] == ["L", "M", "R"] and board["layout"] == "mono128x64"
        assert script.gesture(board, "menu") == ("M", "long")
        assert script.gesture(board, "back") == ("R", "long")
        script.play(sim, script.parse("prev ok", board))  # L, M: a classic table opens
        assert sim.state()["screen"] == "TableScreen"
        script.play(sim, script.parse("M~300", board))  # held too briefly: a short, OK
        assert sim.keys[-1] == "ok"
        script.play(sim, script.parse("back M~", board))  # R~ back to the table, M~ menu
        assert sim.keys[-2:] == ["back", "menu"] and sim.state()["screen"] == "TableMenu"
        lit = screen_image(sim).convert("L").getextrema()[1]
        script.play(sim, script.parse("wait:61000", board))  # a minute idle: dim, still on
        assert not sim.asleep and sim.brightness < 100 and sim.keys[-1] == "dim"
        assert 0 < screen_image(sim).convert("L").getextrema()[1] < lit  # shown dimmer
        script.play(sim, script.parse("R", board))  # wakes the display and acts: NEXT
        assert sim.brightness == 100 and sim.keys[-2:] == ["wake", "next"]
        assert sim.state()["screen"] == "TableMenu"
        script.play(sim, script.parse("R~ wait:1800000", board))  # the table, half an hour
        assert sim.asleep and sim.keys[-2:] == ["dim", "dark"]
        assert screen_image(sim).getextrema() == ((0, 0), (0, 0), (0, 0))
        script.play(sim, script.parse("M~", board))  # wakes it, and the menu opens
        assert not sim.asleep and sim.brightness == 100 and sim.keys[-2:] == ["wake", "menu"]
        assert sim.state()["screen"] == "TableMenu"


def test_the_flash_is_written_atomically_and_locked(tmp_path):
    flash = Flash(tmp_path / "f").lock()
    flash.apply({"/data/a": b"1", "/data/t/b": b"2"}, [], ["/data", "/data/t"])
    flash.apply({"/data/a": b"3"}, ["/data/t/b"], ["/data"])
    assert flash.load() == ({"/data/a": b"3"}, ["/data"])
    assert not list((tmp_path / "f").rglob("*.sim-tmp"))
    with pytest.raises(FlashError, match="another simulator"):
        Flash(tmp_path / "f").lock()
    flash.unlock()
    Flash(tmp_path / "f").lock().unlock()
    with pytest.raises(FlashError):
        flash.apply({"/data/../../x": b""}, [], None)


@pytest.mark.parametrize("layout, size, rows", [("color240x135", (240, 135), 68),
                                                ("mono128x64", (128, 64), 32)])
def test_the_terminal_draws_two_pixel_rows_a_line(layout, size, rows):
    img = Image.new("RGB", size, (10, 20, 30))
    img.putpixel((3, 0), (255, 0, 0))
    out = terminal.lines(img)
    assert len(out) == rows
    assert all(line.count(terminal.BLOCK) == size[0] for line in out)
    assert "\x1b[38;2;255;0;0m\x1b[48;2;10;20;30m" in out[0]
    assert terminal.plan(size, 250, 78) == terminal.Plan("blocks", size[0], rows)


def _shown(line):
    """A terminal line as the characters it shows (its colour codes left out)."""
    import re

    return re.sub("\x1b\\[[0-9;]*m", "", line)


@pytest.mark.parametrize("size", [(240, 135), (128, 64), (320, 240)])
def test_the_terminal_view_fits_any_terminal_or_says_it_is_too_small(size):
    img = Image.new("RGB", size, (0, 0, 0))
    legend = ["a b x y tap a button", "A B X Y long press", "arrows prev/next", "q quit"]
    for columns, rows in [(1, 1), (10, 3), (40, 12), (80, 24), (100, 30), (130, 40),
                          (200, 60), (240, 70), (250, 80), (400, 130)]:
        shown = [_shown(line) for line in terminal.frame(img, columns, rows, legend,
                                                         "flash: .sim/simulated")]
        # Nothing wraps or scrolls: every line within the width, no more lines than rows.
        assert 0 < len(shown) <= rows, (columns, rows)
        assert all(terminal.width_of(line) <= columns for line in shown), (columns, rows)
        fits = terminal.plan(size, columns, rows - 3)
        text = " ".join(" ".join(shown).split())
        if columns >= 60 and rows >= 12 and fits is None:
            assert "too small" in text and "Enlarge it" in text, (columns, rows)
            least = terminal.smallest(size)
            assert "{}×".format(least[0]) in text, text
    # 240×70 shows every pixel of the colour screen, in half blocks; 130×40 every pixel
    # too, in braille dots (120×34 of them); 80×24 is too small and says what is needed.
    legend_one = ["q quit"]
    full = terminal.frame(Image.new("RGB", (240, 135)), 240, 70, legend_one, "status")
    assert len(full) == 70 and _shown(full[0]) == terminal.BLOCK * 240
    dots = terminal.frame(Image.new("RGB", (240, 135)), 130, 40, legend_one, "status")
    assert len(dots) == 34 + 2 and "dots: 240×70 draws the pixels solid" in _shown(dots[-1])
    small = " ".join(_shown(line) for line in
                     terminal.frame(Image.new("RGB", (240, 135)), 80, 24, legend_one, ""))
    assert "too small" in small and "120×35" in small and "240×69" in small


def test_a_terminal_too_small_to_show_the_screen_takes_no_keys():
    # 80×24 shows no screen: a typed key would act on a screen nobody sees, so only q acts.
    img = Image.new("RGB", (240, 135))
    legend = ["a legend"]
    assert not terminal.shows_screen(img, 80, 24, legend, "")
    assert terminal.shows_screen(img, 250, 80, legend, "")

    class Live:
        def __init__(self):
            self.pressed = []

        def logical(self, key):
            self.pressed.append(key)

        def gesture(self, button, kind):
            self.pressed.append((button, kind))

    board = {"buttons": ["A", "B", "X", "Y"]}
    live = Live()
    assert terminal._decode("ayA\r\t\x7f", board, live, acting=False)  # pyright: ignore
    assert live.pressed == []
    assert not terminal._decode("aq", board, live, acting=False)  # q still quits
    assert terminal._decode("a\r", board, live)  # pyright: ignore
    assert live.pressed == [("A", "short"), "ok"]


def _pixels(out, size):
    """The picture a terminal shows for braille lines: each dot in its cell's foreground
    colour, the rest in its background (the colour codes as terminal.braille_lines writes
    them)."""
    import re

    width, height = size
    img = Image.new("RGB", size)
    for row, line in enumerate(out):
        fg = bg = (0, 0, 0)
        column = 0
        for code, ch in re.findall("\x1b\\[([0-9;]*)m|(.)", line):
            numbers = [int(n) for n in code.split(";") if n]
            if code:
                for i in range(len(numbers) - 4):
                    if numbers[i + 1] == 2 and numbers[i] in (38, 48):
                        if numbers[i] == 38:
                            fg = tuple(numbers[i + 2:i + 5])
                        else:
                            bg = tuple(numbers[i + 2:i + 5])
                continue
            bits = ord(ch) - terminal.BRAILLE if ch != " " else 0
            for dy in range(4):
                for dx in range(2):
                    x, y = 2 * column + dx, 4 * row + dy
                    if x < width and y < height:
                        on = bits & terminal._DOTS[dy][dx]  # pyright: ignore[reportPrivateUsage]
                        img.putpixel((x, y), fg if on else bg)
            column += 1
    return img


def test_at_120x36_the_terminal_shows_every_pixel_in_braille():
    # The colour screen of 240×135 in a terminal of 120×36: braille, a dot a pixel, two
    # colours a cell. A one-pixel grid of lines in two colours on black comes back whole:
    # every thin line where it was, in its colour.
    img = Image.new("RGB", (240, 135), (0, 0, 0))
    for x in range(5, 240, 10):
        for y in range(135):
            img.putpixel((x, y), (255, 255, 255))
    for y in range(7, 135, 16):
        for x in range(240):
            img.putpixel((x, y), (250, 40, 40))
    legend = terminal.legend_parts({"buttons": ["A", "B", "X", "Y"]})
    out = terminal.frame(img, 120, 36, legend, "flash: .sim/simulated")
    assert len(out) == 36 and terminal.plan(img.size, 120, 34) == terminal.Plan("braille", 120, 34)
    assert all(terminal.width_of(_shown(line)) <= 120 for line in out)
    back = _pixels(out[:34], img.size)
    lines_kept = sum(back.getpixel((x, y)) == img.getpixel((x, y))
                     for x in range(240) for y in range(135)
                     if img.getpixel((x, y)) != (0, 0, 0))
    lit = sum(img.getpixel((x, y)) != (0, 0, 0) for x in range(240) for y in range(135))
    # where a red and a white line cross, a cell holds three colours: the crossings' cells
    # keep the nearer one
    assert lines_kept >= lit - 24 * 9 * 2, (lines_kept, lit)
    assert terminal.plan(img.size, 119, 40) is None  # under half the width: not legible


def test_at_120x36_chinese_and_the_cursor_bar_are_drawn_as_on_the_screen():
    # The real new-table screen in Chinese: in braille every pixel of its characters is in
    # place, and the cursor bar is a solid bar (its cells' background), not two thin lines.
    with Sim("simulated", lang="zh") as sim:
        img = screen_image(sim).convert("RGB")
    out = terminal.braille_lines(img)
    back = _pixels(out, img.size)
    same = sum(back.getpixel((x, y)) == img.getpixel((x, y))
               for x in range(img.width) for y in range(img.height))
    assert same >= img.width * img.height * 0.99, same
    bar = img.getpixel((img.width - 2, 27))  # the cursor's row, right of its text
    assert bar != img.getpixel((img.width - 2, 2))  # not the head row's background
    # Every cell of the bar's middle rows, right of the text, is a blank on the bar's colour.
    for row in (5, 6):
        cells = _shown(out[row])
        assert cells[60:] == " " * 60, cells
        assert "\x1b[48;2;{};{};{}m".format(*bar) in out[row]


def test_the_window_opens_clicks_and_closes(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from tools.sim.window import Window

    with Sim("simulated", lang="en") as sim:
        window = Window(sim)
        assert list(window.buttons) == ["A", "B", "X", "Y"]
        assert window.size[0] > window.screen_size[0] == 720

        def click(name):
            pos = window.buttons[name].center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            for _ in range(6):
                window.step()
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            for _ in range(6):
                window.step()

        click("X")
        click("A")
        assert sim.keys == ["prev", "ok"] and sim.state()["screen"] == "TableScreen"
        shown = pygame.surfarray.array3d(window.surface)
        left, top = window.screen_rect.topleft
        assert shown[left:left + 720, top:top + 405].any()  # the screen is drawn
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        window.run(max_frames=5)
        assert not window.running


def test_the_readme_pictures_are_the_golden_screens(tmp_path):
    written = cli.readme(tmp_path, boards=("simulated_mono",), langs=("en",))
    screens = [p for p in written if not p.name.startswith("window-")]
    assert len(screens) == 10  # the golden evening's shots, the QR code last
    for path in screens:
        with Image.open(path) as made, Image.open(GOLDEN / path.name) as golden:
            assert made.convert("RGB").tobytes() == golden.convert("RGB").tobytes(), path.name


def test_the_terminal_mode_runs_in_a_pseudo_terminal_and_quits_on_q(tmp_path):
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 80, 250, 0, 0))
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("SDL_VIDEODRIVER", None)
    proc = subprocess.Popen([sys.executable, "-m", "tools.sim", "--flash", str(tmp_path)],
                            cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    seen = bytearray()
    deadline = time.monotonic() + 30

    def read_until(marker):
        while marker not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.5)[0]:
                seen.extend(os.read(master, 65536))
        assert marker in seen, bytes(seen[-500:])

    try:
        read_until(terminal.BLOCK.encode())
        os.write(master, b"x\r")  # X: PREV to "start", Enter: OK, a table opens
        read_until(b"last key: ok")
        os.write(master, b"q")
        assert proc.wait(timeout=10) == 0
    finally:
        proc.kill()
        os.close(master)
    assert (tmp_path / "data" / "table").is_dir()  # the new table is on the flash


def test_the_terminal_view_is_drawn_again_when_the_terminal_is_resized(tmp_path):
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios
    import time

    master, slave = pty.openpty()

    def resize(rows, columns):
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 80, 250, 0, 0))
    env = dict(os.environ, SCOREKEEPER_SIM_ENV="1")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "COLUMNS", "LINES"):
        env.pop(name, None)
    proc = subprocess.Popen([sys.executable, "-m", "tools.sim", "--flash", str(tmp_path)],
                            cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    seen = bytearray()
    deadline = time.monotonic() + 30

    def read_until(marker):
        start = len(seen)
        while marker not in seen[start:] and time.monotonic() < deadline:
            if select.select([master], [], [], 0.5)[0]:
                seen.extend(os.read(master, 65536))
        assert marker in seen[start:], bytes(seen[-500:])
        return bytes(seen[start:])

    try:
        read_until(terminal.BLOCK.encode())  # every pixel: half blocks
        resize(40, 130)
        proc.send_signal(signal.SIGWINCH)
        drawn = read_until("dots: 240×70 draws the pixels solid".encode())
        assert "\x1b[2J".encode() in drawn  # cleared: nothing of the larger frame stays
        assert any(chr(terminal.BRAILLE + bits).encode() in drawn for bits in (1, 255))
        resize(24, 80)  # no signal this time: the size is checked as well
        read_until(b"too small")
        resize(80, 250)
        proc.send_signal(signal.SIGWINCH)
        read_until(terminal.BLOCK.encode())
        os.write(master, b"q")
        while proc.poll() is None and time.monotonic() < deadline:  # read what it still draws
            if select.select([master], [], [], 0.2)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
        assert proc.wait(timeout=10) == 0
    finally:
        proc.kill()
        os.close(master)
