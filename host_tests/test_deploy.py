"""python -m tools.deploy: its checks on their own, then the real command against the virtual
board (tools/virtual_board.py), a pty that answers garbage, and a board that reports an old
.mpy version. Every subprocess has a timeout."""

import json
import os
import select
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tools import deploy
from tools.deploy import DeployError
from tools.mpy_size import IMAGE_NATIVE
from tools.virtual_board import VirtualBoard

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
MPREMOTE = Path(sys.executable).parent / "mpremote"
TIMEOUT_S = 60
needs_mpremote = pytest.mark.skipif(not MPREMOTE.exists(), reason="mpremote not installed")


def run(*args, timeout=TIMEOUT_S, cwd=ROOT):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, cwd=cwd)


def deploy_cmd(tmp, *args):
    """The deploy command line, building in a folder of this test's own."""
    return [PY, "-m", "tools.deploy", "--build", str(tmp / "build"), *args]


# -- checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0x306, 0x306 | (2 << 10), 0x306 | (9 << 10)])
def test_mpy_6_3_and_later_6_x_accepted(value):
    deploy.check_mpy(value)  # arch bits (10 and up) do not matter for bytecode


@pytest.mark.parametrize("value,words", [
    (0x206, "v6.2, too old"), (0x106, "v6.1, too old"), (0x005, "v5.0, too old"),
    (0x307, "newer"), (None, "cannot load .mpy")])
def test_mpy_refusals_say_why(value, words):
    with pytest.raises(DeployError, match=words.replace(".", r"\.")):
        deploy.check_mpy(value)


@pytest.mark.parametrize("version", [(1, 26, 0), (1, 26, 1, ""), (1, 28, 0), (2, 0, 0)])
def test_micropython_1_26_and_later_accepted(version):
    deploy.check_version(version)  # sys.implementation.version, with or without its 4th item


@pytest.mark.parametrize("version,named", [
    ((1, 24, 1), "1.24.1"), ((1, 25, 0, ""), "1.25.0"), ((1, 23, 0), "1.23.0"),
    (None, "of unknown version")])
def test_an_older_micropython_refused_naming_the_version_needed(version, named):
    # The .mpy format cannot tell these from 1.26: every one loads v6.3 (1.23 and later).
    with pytest.raises(DeployError) as refused:
        deploy.check_version(version)
    assert str(refused.value).startswith(
        "the board runs MicroPython {}; the scorekeeper needs 1.26.0 or later".format(named))


def test_the_version_needed_is_stated_once_and_said_the_same_everywhere():
    # ui/launch.py holds it (the board checks it too); deploy reads it from there.
    assert deploy.NEEDED == (1, 26, 0)
    short = "1.26 or later"
    assert short in (ROOT / "firmware" / "main.py").read_text(encoding="utf-8")
    boards = (ROOT / "docs" / "boards.md").read_text(encoding="utf-8")
    assert "MicroPython {}**".format(short) in boards and "1.23 or later" not in boards
    assert "1.23 or later" not in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "1.23 or later" not in deploy.__doc__


def test_board_facts_from_the_board_files():
    assert deploy.mip_packages(deploy.board_path("ssd1306_oled")) == ["ssd1306"]
    assert deploy.mip_packages(deploy.board_path("simulated")) == []
    assert deploy.mip_packages(deploy.board_path("pico_display_pack")) == []
    assert deploy.data_dir(deploy.board_path("simulated")) == "/data"
    with pytest.raises(DeployError, match="simulated_mono"):
        deploy.board_path("nope")


def test_the_native_module_goes_only_to_boards_that_name_their_cpu(tmp_path):
    # The RP2040 boards say mpy_arch = "armv6m": ui/ink.py compiled for it (.mpy v6.3 with
    # the arch in its header: armv6m (4) << 2, sub-version 3). The ESP32 and OLED
    # boards, and the simulated ones, run without it.
    pico = deploy.build(deploy.board_path("pico_display_pack"), tmp_path / "pico")
    ink = [local for local, name in pico if name == "ui/ink.mpy"]
    assert len(ink) == 1 and ink[0].read_bytes()[:3] == b"M\x06" + bytes([4 << 2 | 3])
    for board in ("lilygo_t_display", "ssd1306_oled", "simulated"):
        files = deploy.build(deploy.board_path(board), tmp_path / board)
        assert not [name for _, name in files if name.startswith("ui/ink")], board
    for board in ("pico_display_pack", "pico_display_pack_2", "waveshare_pico_lcd_114"):
        assert deploy.mpy_arch(deploy.board_path(board)) == "armv6m"
    odd = tmp_path / "odd.py"
    odd.write_text('mpy_arch = "x86"\n')
    with pytest.raises(DeployError, match="'x86' is not one of armv6m"):
        deploy.mpy_arch(odd)


def test_a_board_of_another_cpu_than_its_board_file_says_is_refused():
    deploy.check_arch(0x306 | 4 << 10, "armv6m")  # rp2's sys.implementation._mpy
    deploy.check_arch(0x306 | 10 << 10, None)  # an ESP32, no native module asked for
    for value in (0x306 | 10 << 10, 0x306):  # an ESP32's; a port without native code
        with pytest.raises(DeployError, match="another CPU"):
            deploy.check_arch(value, "armv6m")


def test_settings_merge_keeps_what_the_board_had():
    old = {"lang": "zh", "sleep_s": 30, "names": ["a", "b", "c"]}
    assert deploy.merged_settings(old, ["张三", "李四"], None) == {
        "lang": "zh", "sleep_s": 30, "names": ["张三", "李四"]}
    assert deploy.merged_settings(old, [], "en")["sleep_s"] == 30
    assert deploy.merged_settings(old, [], None) is None  # nothing to write
    assert deploy.merged_settings(None, [], "en") == {"lang": "en"}
    with pytest.raises(DeployError):
        deploy.parse_names("张三,,李四")


def test_names_the_board_cannot_show_are_refused_saying_why():
    assert deploy.parse_names("欧阳小明, Alexandr") == ["欧阳小明", "Alexandr"]
    with pytest.raises(DeployError, match="too long: at most 8 letters or 4 Chinese"):
        deploy.parse_names("张三,欧阳小明明")
    with pytest.raises(DeployError, match="too long"):
        deploy.parse_names("Alexandra")
    with pytest.raises(DeployError, match="'张三' is named twice"):
        deploy.parse_names("张三,李四,张三")


def test_ports():
    assert deploy.resolve_port("a0") == "/dev/ttyACM0"
    assert deploy.resolve_port("u1") == "/dev/ttyUSB1"
    assert deploy.resolve_port("/dev/pts/7") == "/dev/pts/7"


def test_names_in_the_font_pass_and_others_are_refused_naming_the_character(tmp_path):
    deploy.check_names(["Ann", "张三", "李四", "王五", "欧阳"])  # GB 2312: no unifont needed
    with pytest.raises(DeployError, match="'龘' in the name '小龘' \\(U\\+9F98\\)"):
        deploy.check_names(["张三", "小龘"])
    with pytest.raises(DeployError, match="missing or damaged"):
        deploy.check_names(["张三"], font=tmp_path / "none.bin")


def test_deploy_refuses_a_name_outside_the_font_with_status_2(tmp_path):
    done = run(*deploy_cmd(tmp_path, "--board", "simulated", "--dry-run",
                           "--names", "张三,李龘"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "'龘'" in done.stderr and "not in the board's font" in done.stderr
    assert not (tmp_path / "build").exists()  # refused before building anything


def test_the_font_file_is_built_and_listed(tmp_path):
    done = run(*deploy_cmd(tmp_path, "--board", "pico_display_pack", "--dry-run",
                           "--names", "张三,李四,王五"), timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ui/glyphs.bin" in done.stdout
    built = tmp_path / "build" / "ui" / "glyphs.bin"
    assert built.read_bytes() == (ROOT / "firmware" / "ui" / "glyphs.bin").read_bytes()
    assert not (tmp_path / "build" / "ui" / "glyphs.mpy").exists()


def test_package_json_lists_the_firmware():
    data = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert data == deploy.package_json(), "run: python -m tools.deploy --package-json"
    assert ["main.py", "github:OWNER/REPO/firmware/main.py"] in data["urls"]


def test_dry_run_builds_without_a_board(tmp_path):
    done = run(*deploy_cmd(tmp_path, "--board", "ssd1306_oled", "--dry-run"))
    assert done.returncode == 0, done.stderr
    assert "ui/app.mpy" in done.stdout and "board.py" in done.stdout
    assert "would install with mip: ssd1306" in done.stdout
    build = tmp_path / "build"
    assert (build / "main.py").read_bytes() == (ROOT / "firmware" / "main.py").read_bytes()
    assert (build / "ui" / "app.mpy").read_bytes()[:2] == b"M\x06"


# -- refusals ----------------------------------------------------------------------------------


@needs_mpremote
def test_missing_port_refused(tmp_path):
    done = run(*deploy_cmd(tmp_path, "--board", "simulated", "--port", "/dev/ttyNOPE9"))
    assert done.returncode == 2
    assert "no such port: /dev/ttyNOPE9" in done.stderr


@needs_mpremote
def test_a_port_that_is_not_micropython_refused(tmp_path):
    master, slave = os.openpty()
    stop = threading.Event()

    def babble():  # answers everything with noise, as a GPS module or a modem might
        while not stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    os.read(master, 1024)
                    os.write(master, b"$GPGGA,noise*47\r\n")
                except OSError:
                    return

    thread = threading.Thread(target=babble, daemon=True)
    thread.start()
    try:
        done = run(*deploy_cmd(tmp_path, "--board", "simulated", "--port", os.ttyname(slave)),
                   timeout=30)
    finally:
        stop.set()
        thread.join(timeout=5)
        os.close(master)
        os.close(slave)
    assert done.returncode == 2
    assert "is not a MicroPython board" in done.stderr


@needs_mpremote
def test_an_old_micropython_refused(tmp_path):
    with VirtualBoard(tmp_path / "flash", mpy="0x206") as vb:
        done = run(*deploy_cmd(tmp_path, "--board", "simulated", "--port", vb.port))
    assert done.returncode == 2
    assert "loads .mpy v6.2, too old" in done.stderr
    assert not (tmp_path / "flash" / "ui").exists()  # nothing copied


# -- the real thing ----------------------------------------------------------------------------

HAND = {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
        "bombs": ["bomb"], "winner": "landlord"}

# Boots the app as main.py does, with the simulated board, and records one hand on the table.
PLAY = """
import board
from drivers.osfs import OsFS
from ui.app import Device
d = Device(board, OsFS(board.remount), 0)
app = d.app
print('names', app.table.names, 'lang', app.lang, 'shows', board.display.shows)
app.commit({hand})
app.render()
print('totals', app.table.totals)
"""


@needs_mpremote
def test_deploy_to_the_virtual_board_keeps_the_journal(tmp_path):
    flash = tmp_path / "flash"
    # The board already holds an evening: its journal must come through deploy untouched.
    done = run(PY, "-m", "tools.ledger", "restore", "examples/evening.jsonl",
               str(flash / "data"))
    assert done.returncode == 0, done.stderr
    journal = {p.relative_to(flash): p.read_bytes() for p in (flash / "data").rglob("*")
               if p.is_file()}
    names = ["张三", "李四", "王五"]  # in the committed font: no unifont needed
    log = tmp_path / "console.log"
    with VirtualBoard(flash, log=log) as vb:
        done = run(*deploy_cmd(tmp_path, "--board", "simulated", "--port", vb.port,
                               "--names", ",".join(names), "--lang", "en"), timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "the board is running the scorekeeper" in done.stdout
        # The modules, the font file, main.py and board.py.
        count = len(deploy.firmware_for(deploy.BOARDS / "simulated.py")[0]) + 3
        assert "copied {} files".format(count) in done.stdout, done.stdout
        for name in ("main.py", "board.py", "ui/app.mpy", "core/score.mpy",
                     "drivers/simulated.mpy", "ui/glyphs.bin"):
            assert (flash / name).is_file(), name
        assert (flash / "board.py").read_bytes() == (ROOT / "boards/simulated.py").read_bytes()
        assert json.loads((flash / "data/settings.json").read_text(encoding="utf-8")) == {
            "names": names, "lang": "en"}
        for path, data in journal.items():
            assert (flash / path).read_bytes() == data, path
        assert "MPY: soft reboot" in log.read_text(errors="replace")
        assert "Traceback" not in log.read_text(errors="replace")

        # The scorekeeper runs there: boot the app and record a hand through mpremote.
        script = tmp_path / "play.py"
        script.write_text(PLAY.format(hand=HAND))
        done = run(str(MPREMOTE), "connect", vb.port, "run", str(script))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "lang en" in done.stdout and "totals" in done.stdout

        # Pull the journal back as the README says, and score it on the host.
        done = run(str(MPREMOTE), "connect", vb.port, "fs", "cp", "-r", ":data", "pulled",
                   cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    scored = run(PY, "-m", "tools.ledger", "score", str(tmp_path / "pulled"))
    assert scored.returncode == 0, scored.stderr
    lines = [json.loads(line) for line in scored.stdout.splitlines()]
    records = tmp_path / "expected.jsonl"
    records.write_text((ROOT / "examples/evening.jsonl").read_text(encoding="utf-8")
                       + json.dumps(HAND) + "\n", encoding="utf-8")
    expected = run(PY, "-m", "tools.ledger", "score", str(records))
    assert lines == [json.loads(line) for line in expected.stdout.splitlines()]


def test_a_real_board_gets_only_the_firmware_it_runs():
    files, mip = deploy.firmware_for(deploy.BOARDS / "pico_display_pack.py")
    names = {str(p.relative_to(deploy.FIRMWARE)) for p in files}
    assert {"drivers/st7789.py", "drivers/strip.py", "drivers/osfs.py"} <= names
    # Every rule and screen, those imported only when first needed (保皇, 升级) included; not
    # the image's own machine code.
    for folder in ("core", "ui"):
        for path in (deploy.FIRMWARE / folder).glob("*.py"):
            if path not in IMAGE_NATIVE:
                assert "{}/{}".format(folder, path.name) in names
    assert "ui/lines.py" not in names
    assert not names & {"drivers/simulated.py", "drivers/memfs.py", "drivers/oled.py"}
    assert mip == []
    # The 2.0" / 2.8" pack runs the same driver: the same files, nothing to install.
    assert deploy.firmware_for(deploy.BOARDS / "pico_display_pack_2.py") == (files, mip)
    assert deploy.firmware_for(deploy.BOARDS / "ssd1306_oled.py")[1] == ["ssd1306"]
