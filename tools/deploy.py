"""Put the scorekeeper on a MicroPython board.

    python -m tools.deploy --board NAME [--port PORT] [--names 张三,李四,王五] [--lang zh|en]
                           [--dry-run] [--build DIR]

1. builds build/NAME/: every firmware module compiled with mpy-cross 1.29 (.mpy v6.3; main.py
   stays source, as boards run main.py only), the board file as board.py (source, so pins can
   be edited on the board), and the committed font file ui/glyphs.bin as it is (every GB 2312
   character: no unifont needed here); a native module (tools/mpy_size.py's NATIVE: ui/ink.py)
   only for a board file that names its CPU as mpy_arch, compiled for it (mpy-cross -march),
   and checked against the board's MicroPython; --names with a character the font lacks is
   refused;
2. connects with mpremote (PORT: a device path, mpremote's a0/u0/c0 shorthands, or "auto": the
   first USB serial port), checks that a MicroPython answers, that it is the version the
   firmware needs (sys.implementation.version at least ui/launch.py's NEEDED, 1.26.0: the
   app's text needs framebuf.blit from a buffer tuple, which 1.24 and 1.25 lack; the .mpy
   format alone cannot tell, v6.3 is 1.23 and later) and that it loads .mpy v6.3, and
   refuses clearly otherwise, naming the version it needs;
3. installs from micropython-lib with `mpremote mip install` what the board needs and lacks
   (the SSD1306 board: ssd1306);
4. copies the files that differ (sha256 on the board), removes stale files from the board's
   core/, ui/ and drivers/, merges --names and --lang into DATA/settings.json (written aside
   and renamed over; everything else under DATA, the journal above all, is left alone);
5. soft-resets the board into the scorekeeper and watches it start for a few seconds.

--dry-run does step 1 and says what would be copied, without a board. Exit status: 0 done,
2 refused (bad arguments, no port, not MicroPython, too old, mip failed, a crash on boot).
"""

import argparse
import ast
import hashlib
import json
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tools.glyphs as glyphs
from tools.mpy_size import (
    ARCHS,
    FONT,
    IMAGE_NATIVE,
    NATIVE,
    CompileError,
    compile_file,
    data_files,
    firmware_files,
)

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
BUILD = ROOT / "build"
MPREMOTE = Path(sys.executable).parent / "mpremote"

MPY_VERSION = 6  # what mpy-cross 1.29 writes: .mpy v6.3
MPY_SUB_VERSION = 3
LAUNCH = FIRMWARE / "ui" / "launch.py"
FOLDERS = ("core", "ui", "drivers")  # the board's folders that deploy owns
# Modules the firmware imports that micropython-lib provides: module -> mip package.
MIP_PACKAGES = {"ssd1306": "ssd1306"}
LANGS = ("zh", "en")
SETTINGS = "settings.json"
CONNECT_TIMEOUT_S = 5
MIP_TIMEOUT_S = 180
BOOT_WATCH_S = 3


class DeployError(Exception):
    """Refused: the message says why and what to do."""


# -- pure logic (no board) -------------------------------------------------------------------


def needed_version(launch=LAUNCH):
    """The oldest MicroPython the firmware runs on: NEEDED in ui/launch.py, which the board
    checks too (and says so on its screen)."""
    for node in ast.parse(launch.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "NEEDED"):
            return tuple(ast.literal_eval(node.value))
    raise DeployError("{}: no NEEDED = (major, minor, micro)".format(launch))


NEEDED = needed_version()


def dotted(version):
    return ".".join(str(n) for n in version)


def check_version(version):
    """Refuse a MicroPython older than NEEDED (sys.implementation.version, as the board
    reported it; None where it reported none)."""
    if version is None or tuple(version[:3]) < NEEDED:
        raise DeployError(
            "the board runs MicroPython {}; the scorekeeper needs {} or later: flash a "
            "newer MicroPython (see docs/boards.md), then deploy again".format(
                "of unknown version" if version is None else dotted(version[:3]),
                dotted(NEEDED)))


# sys.implementation._build of the scorekeeper's own Pico image (ports/rp2/boards).
IMAGE_BUILD = "SCOREKEEPER_PICO"


def check_not_an_image(build):
    """Refuse a board that runs the scorekeeper's own image: its scorekeeper is frozen in and
    binds the frozen packages first (ports/rp2/modules/main.py), so copied .mpy files would
    never run; copying them anyway would only leave two versions on one board."""
    if build.split("-")[0] == IMAGE_BUILD:
        board = build.partition("-")[2].lower() or "NAME"
        raise DeployError(
            "the board runs the scorekeeper's own image ({}): the scorekeeper is frozen into "
            "it, so deployed files would not run. Update it by flashing a newer image "
            "(python -m tools.firmware --board {}; the tables stay). To change only its pins, "
            "copy a board file as /board.py (mpremote cp boards/{}.py :board.py)".format(
                build, board, board))


# sys.implementation._machine of the boards that have the scorekeeper's own image.
IMAGE_CHIP = "RP2040"


def check_not_for_the_image(machine, anyway=False):
    """Refuse a stock RP2040 board unless told to go on (`anyway`): it has an image of its
    own, and copied as .mpy files the scorekeeper's bytecode takes its heap (240 KB): on the
    emulated Pico 保皇, 升级 and four- or five-player 斗地主 run out of memory at their first
    hand, a long three-player evening late in it (docs/boards.md). Refused before anything
    is copied."""
    if IMAGE_CHIP in machine and not anyway:
        raise DeployError(
            "this board ({}) has the scorekeeper's own image, and copied as .mpy files the "
            "scorekeeper does not fit its memory (保皇, 升级 and four- or five-player 斗地主 "
            "stop at their first hand). "
            "Flash the image instead: python -m tools.firmware --board NAME builds it "
            "(docs/boards.md). Tables on the board: python -m tools.ledger pull DIR first, "
            "push DIR after. To copy the files all the same (three-player 斗地主 only): "
            "--stock-pico".format(
                machine))


def check_mpy(value):
    """Refuse a board that cannot load .mpy v6.3 (sys.implementation._mpy: low byte the
    version, bits 8-9 the sub-version; None where the port loads no .mpy at all)."""
    if value is None:
        raise DeployError("this MicroPython cannot load .mpy files (sys.implementation has no "
                          "_mpy): flash a standard MicroPython {} or later".format(
                              dotted(NEEDED)))
    version, sub = value & 0xFF, (value >> 8) & 3
    if version < MPY_VERSION or (version == MPY_VERSION and sub < MPY_SUB_VERSION):
        raise DeployError(
            "the board's MicroPython loads .mpy v{}.{}, too old for this bytecode (v{}.{}): "
            "update its firmware to MicroPython {} or later (see docs/boards.md)".format(
                version, sub, MPY_VERSION, MPY_SUB_VERSION, dotted(NEEDED)))
    if version > MPY_VERSION:
        raise DeployError(
            "the board's MicroPython loads .mpy v{}.{}, newer than the v{}.{} that mpy-cross "
            "1.29 writes: pin a matching mpy-cross in requirements-dev.txt".format(
                version, sub, MPY_VERSION, MPY_SUB_VERSION))


# sys.implementation._mpy bits 10 and up: the CPU of the port's native code (py/persistentcode.h,
# MP_NATIVE_ARCH_*), for mpy-cross -march's names.
NATIVE_ARCH = {"armv6m": 4}


def check_arch(value, arch):
    """Refuse a board whose MicroPython runs native code of another CPU than its board
    file's mpy_arch (a native .mpy of the wrong CPU would not import)."""
    if arch is not None and (value or 0) >> 10 != NATIVE_ARCH[arch]:
        raise DeployError(
            "the board file says mpy_arch = {!r}, but this MicroPython runs native code of "
            "another CPU (sys.implementation._mpy {}): is it the right board file?".format(
                arch, value))


def board_path(name):
    path = BOARDS / (name + ".py")
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in BOARDS.glob("*.py")))
        raise DeployError("no board file boards/{}.py; boards: {}".format(name, known))
    return path


def _imports(source):
    """(module, names imported from it) for every import in `source`, nested ones too (the
    app imports some screens where they are first needed)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module, tuple(alias.name for alias in node.names)


def _local(module, names):
    """The firmware files an import reaches: the module itself, or a package's submodules."""
    base = FIRMWARE / module.replace(".", "/")
    candidates = [base.with_suffix(".py"), base / "__init__.py"]
    candidates += [base / (name + ".py") for name in names]
    return [path for path in candidates if path.is_file()]


def firmware_for(board):
    """(firmware files the board runs, micropython-lib packages it needs): everything the
    imports reach from main.py and the board file (boards/ssd1306_oled.py -> drivers.oled ->
    ssd1306), with the packages' __init__.py. What nothing imports (the simulator's drivers
    on a real board) is not copied, nor a native module where the board file names no
    mpy_arch (the firmware does without it)."""
    files, todo, needed = set(), [FIRMWARE / "main.py", board], set()
    while todo:
        path = todo.pop()
        for module, names in _imports(path.read_text(encoding="utf-8")):
            local = _local(module, names)
            if not local and module.split(".")[0] in MIP_PACKAGES:
                needed.add(MIP_PACKAGES[module.split(".")[0]])
            for found in local:
                package = found.parent / "__init__.py"
                for extra in (found, package):
                    if extra.is_file() and extra not in files:
                        files.add(extra)
                        todo.append(extra)
    if mpy_arch(board) is None:
        files.difference_update(NATIVE)
    files.difference_update(IMAGE_NATIVE)  # the image's own: never copied (tools/mpy_size.py)
    return files, sorted(needed)


def mip_packages(board):
    """micropython-lib packages the board file needs, following its imports."""
    return firmware_for(board)[1]


def _board_string(board, name):
    """The string constant `name` = "..." of a board file, or None where it sets none."""
    for node in ast.parse(board.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    return None


def data_dir(board):
    """The board file's data_dir (a constant in every board file), default /data."""
    value = _board_string(board, "data_dir")
    return "/data" if value is None else value.rstrip("/") or "/"


def mpy_arch(board):
    """The board file's mpy_arch: the CPU its native modules are compiled for (mpy-cross
    -march, one of ARCHS), or None: no native module goes onto that board."""
    arch = _board_string(board, "mpy_arch")
    if arch is not None and arch not in ARCHS:
        raise DeployError("{}: mpy_arch {!r} is not one of {}".format(
            board.name, arch, ", ".join(ARCHS)))
    return arch


def parse_names(text):
    """The names of --names, each one a name the board can show (core/names.py: at most 8
    letters or 4 Chinese characters, the table screen's room beside a total), each once."""
    from core.names import refusal

    names = [n.strip() for n in text.split(",")] if text else []
    if any(not n for n in names):
        raise DeployError("--names: an empty name in {!r}".format(text))
    for name in names:
        why = refusal(name)
        if why:
            raise DeployError("--names: " + why)
        if names.count(name) > 1:
            raise DeployError("--names: {!r} is named twice".format(name))
    return names


def merged_settings(existing, names, lang):
    """The board's settings with --names and --lang put in; None if nothing changes."""
    settings = dict(existing) if isinstance(existing, dict) else {}
    if names:
        settings["names"] = names
    if lang:
        settings["lang"] = lang
    return None if settings == existing else settings


def check_names(names, font=FONT):
    """Refuse a name with a character the font file lacks (it would show as a box): the font
    is every GB 2312 character plus the firmware's own and names.txt's (tools/glyphs.py)."""
    have = glyphs.held(font)
    if not have:
        raise DeployError("{} is missing or damaged: rebuild it with `python -m tools.glyphs` "
                          "(needs `apt-get install unifont`)".format(font))
    for name in names:
        for ch in name:
            if ch not in have:
                raise DeployError(
                    "--names: {!r} in the name {!r} (U+{:04X}) is not in the board's font "
                    "(GB 2312 and the firmware's own characters): add the name to names.txt, "
                    "run `python -m tools.glyphs` (needs unifont) and deploy again, or spell "
                    "the name without it".format(ch, name, ord(ch)))


def build(board, out):
    """Compile into OUT; [(local file, path on the board)]: the .mpy modules, the font file,
    then main.py and board.py last."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    jobs = []
    needed = firmware_for(board)[0]
    arch = mpy_arch(board)  # what the native modules among them are compiled for
    for source in firmware_files() + list(NATIVE):
        relative = source.relative_to(FIRMWARE)
        if relative == Path("main.py") or source not in needed:
            continue
        jobs.append((source, arch if source in NATIVE else None,
                     relative.with_suffix(".mpy").as_posix()))
    try:
        with ThreadPoolExecutor() as pool:  # one mpy-cross process a file: run a few at once
            targets = list(pool.map(lambda job: compile_file(job[0], out, arch=job[1]), jobs))
    except CompileError as exc:
        raise DeployError("mpy-cross failed: {}".format(exc)) from None
    files = [(target, job[2]) for target, job in zip(targets, jobs)]
    if FIRMWARE / "ui" / "text.py" in needed:  # the text module reads the font file
        for source in data_files():
            name = source.relative_to(FIRMWARE).as_posix()
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, out / name)
            files.append((out / name, name))
    for source, name in ((FIRMWARE / "main.py", "main.py"), (board, "board.py")):
        shutil.copyfile(source, out / name)
        files.append((out / name, name))
    return files


PACKAGE_JSON = ROOT / "package.json"
GITHUB = "github:OWNER/REPO"  # placeholder: this repository's GitHub owner/name once published


def package_json():
    """package.json for `mpremote mip install --target / github:OWNER/REPO`: the firmware as
    source (deploy's .mpy files are smaller and load faster), main.py included, and the
    native modules: a Pico compiles their inline assembler itself, another port fails to and
    the firmware does without them."""
    urls = [[p.relative_to(FIRMWARE).as_posix(),
             "{}/firmware/{}".format(GITHUB, p.relative_to(FIRMWARE).as_posix())]
            for p in sorted(firmware_files() + list(NATIVE) + data_files())]
    return {
        "_comment": "OWNER/REPO is a placeholder: replace it with the GitHub repository. Install "
                    "with `mpremote mip install --target / github:OWNER/REPO`, then copy a "
                    "board file as /board.py. Regenerate: python -m tools.deploy "
                    "--package-json",
        "urls": urls,
        "deps": [],
        "version": "0.1.0",
    }


def package_json_text():
    return json.dumps(package_json(), indent=2, ensure_ascii=False) + "\n"


# -- the board -------------------------------------------------------------------------------

_PROBE = """
import sys
try:
    import hashlib
except ImportError:
    hashlib = None
import os
def _hash(p, out):
    if hashlib is None:
        out[p] = None
        return
    h = hashlib.sha256()
    with open(p, 'rb') as f:
        while True:
            b = f.read(512)
            if not b:
                break
            h.update(b)
    out[p] = h.digest()
def _files(d, out):
    try:
        entries = list(os.ilistdir(d))
    except OSError:
        return
    for e in entries:
        p = (d + '/' if d != '/' else '/') + e[0]
        if e[1] & 0x4000:
            _files(p, out)
        else:
            _hash(p, out)
_out = {}
for _d in FOLDERS:
    _files('/' + _d, _out)
_root = [e for e in os.ilistdir('/') if not e[1] & 0x4000]
for _n in ('main.py', 'board.py', 'main.mpy'):
    if any(e[0] == _n for e in _root):
        _hash('/' + _n, _out)
_lib = []
for _d in ('/lib', '/'):
    try:
        _lib += [e[0] for e in os.ilistdir(_d)]
    except OSError:
        pass
try:
    with open(DATA + '/settings.json') as f:
        _settings = f.read()
except OSError:
    _settings = None
print(repr({'mpy': getattr(sys.implementation, '_mpy', None), 'version': sys.version,
            'release': tuple(sys.implementation.version[:3]),
            'machine': getattr(sys.implementation, '_machine', sys.platform),
            'build': getattr(sys.implementation, '_build', ''),
            'files': _out, 'lib': _lib, 'settings': _settings,
            'hashes': hashlib is not None}))
"""


def resolve_port(port):
    """A device path from PORT: "auto" (mpremote's rule: the first USB serial port), mpremote's
    shorthands a0/u0/c0, or a path as given."""
    if port == "auto":
        from serial.tools import list_ports

        for p in sorted(list_ports.comports()):
            if p.vid is not None and p.pid is not None:
                return p.device
        raise DeployError("no USB serial board found: plug one in, or give --port")
    short = {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}
    if len(port) >= 2 and port[0] in short and port[1:].isdigit():
        return short[port[0]] + port[1:]
    return port


class Board:
    """One mpremote connection (its SerialTransport, unmodified) with timeouts."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        self.error = TransportError
        if not Path(port).exists() and not port.startswith("COM"):
            raise DeployError("no such port: {} (is the board plugged in? `mpremote connect "
                              "list` shows the ports)".format(port))
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=CONNECT_TIMEOUT_S)
        except TransportError as exc:
            raise DeployError("cannot open {}: {} (in use by another program?)".format(
                port, exc)) from None
        try:
            # No soft reset: on a board running the scorekeeper, the Ctrl-C that stops it
            # leaves a timer feeding the watchdog (ui/app.py), and a soft reset would stop
            # that timer and let the watchdog reset the board mid-copy.
            self.t.enter_raw_repl(soft_reset=False, timeout_overall=CONNECT_TIMEOUT_S)
        except (TransportError, OSError) as exc:
            self.t.close()
            raise DeployError(
                "{} is not a MicroPython board: no raw REPL answer within {} s ({}). Is it "
                "flashed with MicroPython (docs/boards.md)? Is a program holding its "
                "REPL?".format(port, CONNECT_TIMEOUT_S, exc)) from None

    def exec(self, code):
        try:
            return self.t.exec(code)
        except self.error as exc:
            raise DeployError("the board failed: {}".format(exc)) from None

    def probe(self, data):
        code = _PROBE.replace("FOLDERS", repr(FOLDERS)).replace("DATA", repr(data))
        out = self.exec(code).decode("utf-8", "replace").strip()
        try:
            facts = ast.literal_eval(out.splitlines()[-1])
        except (ValueError, SyntaxError, IndexError):
            raise DeployError("{} answered, but not as MicroPython does: {!r}".format(
                self.port, out[:200])) from None
        return facts

    def close(self):
        try:
            self.t.exit_raw_repl()
        finally:
            self.t.close()


def _dirs_of(path):
    parts = path.split("/")[:-1]
    return ["/".join(parts[:i + 1]) for i in range(len(parts))]


def copy(board, files, remote):
    """Write the files whose sha256 differs; remove stale files from FOLDERS.
    (copied, bytes, unchanged, removed)."""
    wanted = {"/" + name: local for local, name in files}
    removed = 0
    for path in sorted(remote["files"]):
        top = path.split("/")[1]
        if path not in wanted and (top in FOLDERS or path == "/main.mpy"):
            board.exec("import os\nos.remove({!r})".format(path))
            removed += 1
    made = {"/" + p.split("/")[1] for p in remote["files"] if p.count("/") > 1}
    copied = size = unchanged = 0
    for local, name in files:
        data = local.read_bytes()
        known = remote["files"].get("/" + name)
        if known is not None and known == hashlib.sha256(data).digest():
            unchanged += 1
            continue
        for d in _dirs_of(name):
            if "/" + d not in made:
                board.exec("import os\ntry:\n os.mkdir({!r})\nexcept OSError:\n pass".format(
                    "/" + d))
                made.add("/" + d)
        try:
            board.t.fs_writefile("/" + name, data, chunk_size=1024)
        except (board.error, OSError) as exc:
            raise DeployError("writing {} failed: {}".format(name, exc)) from None
        copied += 1
        size += len(data)
    return copied, size, unchanged, removed


def write_settings(board, data, settings):
    """DATA/settings.json, written aside and renamed over, as the app does."""
    text = json.dumps(settings, ensure_ascii=False)
    path = data + "/" + SETTINGS
    board.exec("import os\ntry:\n os.mkdir({d!r})\nexcept OSError:\n pass\n"
               "with open({t!r}, 'wb') as f:\n f.write({b!r})\n"
               "try:\n os.remove({p!r})\nexcept OSError:\n pass\n"
               "os.rename({t!r}, {p!r})".format(d=data, t=path + ".tmp",
                                                b=text.encode("utf-8"), p=path))


def ensure_folder(board, data):
    board.exec("import os\ntry:\n os.mkdir({!r})\nexcept OSError:\n pass".format(data))


def mip_install(port, package):
    cmd = [str(MPREMOTE), "connect", port, "mip", "install", package]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=MIP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise DeployError("`mpremote mip install {}` timed out after {} s".format(
            package, MIP_TIMEOUT_S)) from None
    if done.returncode:
        raise DeployError(
            "`mpremote mip install {}` failed: {}\nmip downloads micropython-lib from the "
            "internet on this computer: check its connection, or install {} by hand, then "
            "deploy again".format(package, (done.stdout + done.stderr).strip()[-600:],
                                  package))


def reset_and_watch(board):
    """Soft-reset in the friendly REPL (so main.py runs, as at power on) and watch the start.
    Returns what the board printed; raises if it crashed."""
    t = board.t
    t.exit_raw_repl()
    t.read_until(1, b">>> ", timeout=2)
    t.serial.write(b"\x04")
    seen = b""
    end = time.monotonic() + BOOT_WATCH_S
    while time.monotonic() < end:
        n = t.serial.inWaiting()
        seen += t.serial.read(n) if n else b""
        if not n:
            time.sleep(0.05)
    t.close()
    text = seen.decode("utf-8", "replace")
    if "Traceback" in text:
        raise DeployError("copied, but the scorekeeper crashed on boot:\n" + text.strip())
    return text


# -- the command -----------------------------------------------------------------------------


def deploy(args, say=print):
    start = time.monotonic()
    board_file = board_path(args.board)
    names = parse_names(args.names)
    if args.lang and args.lang not in LANGS:
        raise DeployError("--lang must be zh or en, not {!r}".format(args.lang))
    if names:
        check_names(names)
    out = Path(args.build) if args.build else BUILD / args.board
    files = build(board_file, out)
    total = sum(local.stat().st_size for local, _ in files)
    needs = mip_packages(board_file)
    data = data_dir(board_file)
    say("built {} files, {:,} bytes, in {}".format(
        len(files), total, out.relative_to(ROOT) if out.is_relative_to(ROOT) else out))
    if args.dry_run:
        for local, name in files:
            say("  {:<28} {:>7,} bytes".format(name, local.stat().st_size))
        say("would install with mip: {}".format(", ".join(needs) or "nothing"))
        settings = merged_settings({}, names, args.lang)
        say("would merge into {}/{}: {}".format(data, SETTINGS, json.dumps(
            settings or {}, ensure_ascii=False)))
        return 0
    port = resolve_port(args.port)
    board = Board(port)
    try:
        remote = board.probe(data)
        check_version(remote.get("release"))
        check_not_an_image(remote.get("build", ""))
        check_not_for_the_image(remote["machine"], args.stock_pico)
        check_mpy(remote["mpy"])
        check_arch(remote["mpy"], mpy_arch(board_file))
        say("{}: {} ({})".format(port, remote["version"], remote["machine"]))
        missing = [p for p in needs if p + ".mpy" not in remote["lib"]
                   and p + ".py" not in remote["lib"]]
    except BaseException:
        board.t.close()
        raise
    if missing:
        board.close()
        for package in missing:
            say("mip install {} ...".format(package))
            mip_install(port, package)
        board = Board(port)
    try:
        copied, size, unchanged, removed = copy(board, files, remote)
        say("copied {} files ({:,} bytes), {} unchanged, {} stale removed".format(
            copied, size, unchanged, removed))
        existing = None
        if remote["settings"] is not None:
            try:
                existing = json.loads(remote["settings"])
            except ValueError:
                say("warning: the board's {} was unreadable: replaced".format(SETTINGS))
        settings = merged_settings(existing, names, args.lang)
        if settings is not None:
            write_settings(board, data, settings)
            say("{}/{}: {}".format(data, SETTINGS, json.dumps(settings, ensure_ascii=False)))
        else:
            ensure_folder(board, data)
    except BaseException:
        board.t.close()
        raise
    reset_and_watch(board)
    say("done in {:.1f} s: the board is running the scorekeeper".format(
        time.monotonic() - start))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.deploy",
                                     description=__doc__.split("\n", 1)[0])
    parser.add_argument("--board", help="a file in boards/, without .py")
    parser.add_argument("--port", default="auto", help="serial port (default: auto)")
    parser.add_argument("--names", default="", help="players' names, comma-separated")
    parser.add_argument("--lang", help="zh or en")
    parser.add_argument("--dry-run", action="store_true", help="build and list, no board")
    parser.add_argument("--stock-pico", action="store_true",
                        help="copy onto a stock RP2040 board all the same (it has an image "
                             "of its own: see docs/boards.md)")
    parser.add_argument("--build", help="build folder (default: build/BOARD)")
    parser.add_argument("--package-json", action="store_true",
                        help="rewrite package.json (for mip) from the firmware's files")
    args = parser.parse_args(argv)
    if args.package_json:
        PACKAGE_JSON.write_text(package_json_text(), encoding="utf-8")
        print("wrote {}".format(PACKAGE_JSON.relative_to(ROOT)))
        return 0
    if not args.board:
        parser.error("--board is required")
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
        sys.stderr.reconfigure(encoding="utf-8")
    try:
        return deploy(args)
    except DeployError as exc:
        print("deploy: {}".format(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
