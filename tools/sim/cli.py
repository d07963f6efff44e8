"""python -m tools.sim: the scorekeeper's real firmware on a simulated board.

    python3 -m tools.sim                          a window (pygame), or the terminal
    python3 -m tools.sim --board simulated_mono   the 128x64 mono board, buttons L M R
    python3 -m tools.sim --board simulated_large  the 320x240 colour board, buttons A B X Y
    python3 -m tools.sim --terminal               the terminal even where there is a display
    python3 -m tools.sim --keys "X A A A Y A A" --shots out/
                                                  headless: press, take pictures, print the
                                                  table's state as JSON, exit
    python3 -m tools.sim --readme                 the README's pictures, into docs/pictures/
    python3 -m tools.sim --pico                   the same on an emulated Raspberry Pi Pico
                                                  with a Display Pack, running the
                                                  scorekeeper's own image (tools.firmware)
                                                  as a maker flashes it (tools/sim/pico.py)
    python3 -m tools.sim --pico --firmware 1.28.0 stock MicroPython instead, the scorekeeper
                                                  deployed as .mpy files (--stock-pico)
    python3 -m tools.sim --pico --board pico_display_pack_2
                                                  the same with a Display Pack 2.0 / 2.8

The board's flash is the folder `.sim/<board>/` (--flash DIR for another, --fresh for a
throwaway one): a table survives a restart of the simulator as it survives a power cycle.
With --pico it holds the emulated Pico's flash image, .sim/pico/flash.img
(.sim/pico_display_pack_2/flash.img with the 2.0 pack).
The key syntax of --keys is in tools/sim/script.py.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from tools.firmware.build import BuildError
from tools.pico import PACKS, PicoError
from tools.pico.deployed import BOARD as PICO_BOARD
from tools.pico.deployed import DeployFailed
from tools.pico.images import ImageError
from tools.sim import pico_flash, script
from tools.sim.flash import Flash, FlashError, default_dir
from tools.sim.pico import PicoSim
from tools.sim.screen import save
from tools.sim.vm import Sim, SimError, simulated_boards

ROOT = Path(__file__).resolve().parent.parent.parent
README_PICTURES = ROOT / "docs" / "pictures"
LAYOUTS = {"simulated": "color240x135", "simulated_mono": "mono128x64",
           "simulated_large": "color320x240"}
# The board files --pico runs: one per Display Pack the emulated Pico has.
PICO_BOARDS = sorted({p.board for p in PACKS.values()})

# The README's pictures: a classic evening from the new table to the settlement and its QR
# code, in logical keys so that the same script runs on both boards (the golden screenshots'
# evening: 乙 bids 3, one bomb, the landlord wins; 丙 bids 2, a rocket, the farmers win; the
# undo screen's question, left unanswered).
README_KEYS = ("shot:new_table prev ok ok shot:bid ok next shot:play ok shot:result ok "
               "ok next ok prev ok next ok shot:table back shot:undo back menu next ok "
               "shot:history ok shot:hand "
               "back back menu next next ok shot:settle ok shot:qr")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.sim",
        description="Run the scorekeeper's firmware on a simulated board (MicroPython VM), "
                    "or with --pico on an emulated Raspberry Pi Pico.",
        epilog="Key script tokens: button names (A, A~ long, A^ double), ok next prev back "
               "menu, wait:MS, shot:NAME, shot, reset. See tools/sim/script.py.")
    parser.add_argument("--board", choices=simulated_boards() + PICO_BOARDS,
                        help="simulated (the default): colour 240x135, buttons A B X Y (Pico "
                             "Display Pack); simulated_mono: mono 128x64, buttons L M R "
                             "(SSD1306); simulated_large: colour 320x240, buttons A B X Y "
                             "(Pico Display Pack 2.0). With --pico: pico_display_pack (the "
                             "default) or pico_display_pack_2")
    parser.add_argument("--pico", action="store_true",
                        help="run on an emulated Raspberry Pi Pico with a Pico Display Pack: "
                             "the scorekeeper's own image for the board, built once and then "
                             "reused (--board pico_display_pack_2: the 2.0 / 2.8 pack)")
    parser.add_argument("--firmware", metavar="VERSION|FILE",
                        help="with --pico: a stock MicroPython instead of the scorekeeper's "
                             "image, a pinned version (1.28.0) or a UF2 file, the scorekeeper "
                             "deployed onto it as .mpy files (tools.deploy --stock-pico)")
    parser.add_argument("--flash", type=Path, metavar="DIR",
                        help="the board's flash on the host (default .sim/BOARD/, with --pico "
                             ".sim/pico/, or .sim/pico_display_pack_2/ for that board)")
    parser.add_argument("--fresh", action="store_true",
                        help="start from an empty flash (with --pico: a new Pico) that is "
                             "thrown away at the end")
    parser.add_argument("--lang", choices=("zh", "en"),
                        help="set the language in the board's settings before it boots")
    parser.add_argument("--keys", metavar="SCRIPT",
                        help="headless: press these keys, then print the state and exit")
    parser.add_argument("--shots", type=Path, metavar="DIR",
                        help="with --keys: write PNG screenshots here; in the window, where "
                             "F12 saves one (default .sim/shots/)")
    parser.add_argument("--scale", type=int, default=2,
                        help="pixel size of the screenshots (default 2)")
    parser.add_argument("--terminal", action="store_true",
                        help="draw in the terminal even if there is a display")
    parser.add_argument("--readme", nargs="?", const=README_PICTURES, type=Path, metavar="DIR",
                        help="write the README's pictures (default docs/pictures/) and exit")
    return parser


def _has_display() -> bool:
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER"))


def _open(board: str, flash: Flash, lang: str | None) -> Sim:
    files, dirs = flash.load()
    return Sim(board, files, dirs, lang=lang, on_flash=flash.apply)


def _open_pico(args: argparse.Namespace, flash: Flash) -> tuple[PicoSim, str]:
    """The emulated Pico on the folder's flash image, and where it is, for the status line."""
    if shutil.which("node") is None:
        raise PicoError("node not found: the emulated Pico runs under Node.js (18 or newer)")
    ready = pico_flash.prepare(flash.folder, args.firmware, args.lang,
                               say=lambda line: print(line, file=sys.stderr, flush=True),
                               board=args.board)
    sim = PicoSim(ready.image, live=args.keys is None, board=args.board)
    return sim, "flash: {} · {} on an emulated Pico".format(_shown(ready.image),
                                                             ready.running)


def _refused(args: argparse.Namespace) -> str | None:
    """Options that do not go together, said as the user would fix them."""
    if args.pico and args.board and args.board not in PICO_BOARDS:
        return ("--pico runs a Display Pack's board file ({}): leave out --board for the "
                "Pico Display Pack".format(", ".join(PICO_BOARDS)))
    if not args.pico and args.board in PICO_BOARDS:
        return ("boards/{}.py is a real Pico's board file: give --pico too, or a simulated "
                "board".format(args.board))
    if args.pico and args.readme is not None:
        return "--readme makes the pictures on the MicroPython VM: leave out --pico"
    if args.firmware and not args.pico:
        return "--firmware is the emulated Pico's MicroPython: give --pico too"
    return None


def headless(sim: "Sim | PicoSim", keys: str, shots: Path | None, scale: int) -> dict:
    steps = script.parse(keys, sim.board)
    written = []

    def shot(name: str) -> None:
        assert shots is not None
        path = shots / (name + ".png")
        save(sim, path, scale)
        written.append(str(path))

    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    script.play(sim, steps, shot if shots is not None else None)
    state = sim.state()
    if written:
        state["shots"] = written
    return state


def readme(folder: Path, scale: int = 2, boards: tuple[str, ...] = tuple(LAYOUTS),
           langs: tuple[str, ...] = ("zh", "en")) -> list[Path]:
    """The README's pictures, each board in each language from an empty flash: the screens
    along README_KEYS as LAYOUT-LANG-NAME.png (the same names and pixels as the golden
    screenshots), and the whole simulator window at the table as window-LAYOUT-LANG.png."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        from tools.sim.window import picture as window_picture
    except ImportError:  # no pygame: the screens only
        window_picture = None
    written = []
    for board in boards:
        layout = LAYOUTS[board]
        for lang in langs:
            with tempfile.TemporaryDirectory(prefix="sim-readme-") as scratch:
                flash = Flash(Path(scratch))
                with _open(board, flash, lang) as sim:
                    steps = script.parse(README_KEYS, sim.board)

                    def shot(name: str, sim: Sim = sim, layout: str = layout,
                             lang: str = lang) -> None:
                        path = folder / "{}-{}-{}.png".format(layout, lang, name)
                        save(sim, path, scale)
                        written.append(path)
                        if name == "table" and window_picture is not None:
                            path = folder / "window-{}-{}.png".format(layout, lang)
                            window_picture(sim, path)
                            written.append(path)

                    script.play(sim, steps, shot)
    return written


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    refused = _refused(args)
    if refused:
        print("tools.sim: {}".format(refused), file=sys.stderr)
        return 2
    args.board = args.board or (PICO_BOARD if args.pico else "simulated")
    try:
        if args.readme is not None:
            for path in readme(args.readme, args.scale):
                print(path)
            return 0
        with tempfile.TemporaryDirectory(prefix="sim-flash-") as scratch:
            # .sim/pico/ for the 1.14" pack (as before there were two), else the board's name
            board = "pico" if args.pico and args.board == PICO_BOARD else args.board
            folder = Path(scratch) if args.fresh else (args.flash or default_dir(board))
            flash = Flash(folder).lock()
            try:
                return _run(args, flash)
            finally:
                flash.unlock()
    except (SimError, FlashError) as exc:
        print("tools.sim: {}".format(exc), file=sys.stderr)
        return 1
    except (ImageError, PicoError, DeployFailed, BuildError) as exc:  # --pico: to fix
        print("tools.sim: --pico: {}".format(exc), file=sys.stderr)
        return 2
    except script.ScriptError as exc:
        print("tools.sim: --keys: {}".format(exc), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, flash: Flash) -> int:
    if args.pico:
        sim, where = _open_pico(args, flash)
    else:
        sim, where = _open(args.board, flash, args.lang), "flash: {}".format(
            _shown(flash.folder))
    with sim:
        if args.keys is not None:
            print(json.dumps(headless(sim, args.keys, args.shots, args.scale),
                             ensure_ascii=False))
            return 0
        if not args.terminal and _has_display():
            window = _window(sim, args.shots)
            if window is not None:
                window.status = where
                window.run()
                return 0
        if not sys.stdin.isatty():
            print("tools.sim: no display and no terminal: give --keys for a headless run",
                  file=sys.stderr)
            return 2
        from tools.sim import terminal

        try:
            terminal.run(sim, where)
        except KeyboardInterrupt:
            pass
        return 0


def _window(sim: Sim, shots: Path | None):
    """The pygame window, or None (with the reason on stderr) to use the terminal."""
    try:
        from tools.sim.window import Window, pygame
    except ImportError as exc:
        print("tools.sim: no window ({}); using the terminal".format(exc), file=sys.stderr)
        return None
    try:
        return Window(sim, shots=shots)
    except pygame.error as exc:
        print("tools.sim: no window ({}); using the terminal".format(exc), file=sys.stderr)
        return None


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
