"""Key scripts, what `--keys` takes: presses with a person's timing, on the simulator's clock.

Tokens, separated by spaces (case does not matter):

    A B X Y / L M R   a short press of the button printed with that name: held 120 ms, then
                      400 ms with no button down (longer than the 300 ms double window, so a
                      button with a double press has fired its short before the next token)
    A~                a long press: held long_ms + 200 ms (800 ms), then 400 ms
    A~1500            held 1500 ms
    A^  (or A²)       a double press: two 100 ms presses 120 ms apart, then 400 ms
    ok next prev back menu
                      a logical key: whichever press the board's keymap gives it (menu is A~ on
                      the colour board and M~ on the mono one), so one script runs on every board
    wait:MS           MS milliseconds with no button down (wait:61000 lets the display dim)
    shot:NAME         with --shots DIR: DIR/NAME.png of the screen as it is now
    shot              the same, numbered
    reset             a power cycle: the board boots again from its flash

With --shots and no shot token in the script, a picture is taken at the start and after every
press, named by its place and token: 00-start.png, 01-X.png, 02-A.png, 03-A-long.png, ...
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

LOGICAL = ("ok", "next", "prev", "back", "menu")
KINDS = ("short", "long", "double")
TAP_MS = 120
GAP_MS = 400
LONG_EXTRA_MS = 200
DOUBLE_TAP_MS = 100
DOUBLE_GAP_MS = 120
_PRESS = re.compile(r"^([^\s~^²:]+)(~(\d+)?|\^|²)?$")


class ScriptError(ValueError):
    pass


@dataclass
class Press:
    button: str  # the board's name for it
    kind: str  # short, long, double
    hold_ms: int
    label: str  # for file names: "A", "A-long", "ok"


@dataclass
class Wait:
    ms: int


@dataclass
class Shot:
    name: str | None


@dataclass
class Reset:
    pass


Step = Press | Wait | Shot | Reset


def gesture(board: dict, key: str) -> tuple[str, str]:
    """(button, kind) that gives logical `key` on this board, chosen as the firmware's hint
    line chooses: a short press first, then a long, then a double."""
    for kind in range(3):
        for name, entry in zip(board["buttons"], board["keymap"]):
            if entry[kind] == key:
                return name, KINDS[kind]
    raise ScriptError("no button gives {} on {}".format(key, board["name"]))


def hold_ms(board: dict, kind: str) -> int:
    return board["long_ms"] + LONG_EXTRA_MS if kind == "long" else TAP_MS


def parse(text: str, board: dict) -> list[Step]:
    names = {b.lower(): b for b in board["buttons"]}
    steps: list[Step] = []
    for token in text.split():
        low = token.lower()
        if low in LOGICAL:
            button, kind = gesture(board, low)
            steps.append(Press(button, kind, hold_ms(board, kind), low))
            continue
        if low == "shot":
            steps.append(Shot(None))
            continue
        if low.startswith("shot:"):
            name = token[5:]
            if not re.fullmatch(r"[\w.-]+", name):
                raise ScriptError("{}: a shot's name is letters, digits, - _ .".format(token))
            steps.append(Shot(name))
            continue
        if low == "reset":
            steps.append(Reset())
            continue
        if low.startswith("wait:"):
            if not low[5:].isdigit():
                raise ScriptError("{}: wait:MS takes a number of milliseconds".format(token))
            steps.append(Wait(int(low[5:])))
            continue
        match = _PRESS.match(low)
        if not match or match.group(1) not in names:
            raise ScriptError("{}: not a button of {} ({}), nor one of {}, wait:MS, shot:NAME, "
                              "reset".format(token, board["name"], " ".join(board["buttons"]),
                                             " ".join(LOGICAL)))
        button = names[match.group(1)]
        suffix = match.group(2) or ""
        if suffix.startswith("~"):
            held = int(match.group(3)) if match.group(3) else hold_ms(board, "long")
            kind = "long" if held >= board["long_ms"] else "short"
            steps.append(Press(button, kind, held, button + "-long"))
        elif suffix:
            steps.append(Press(button, "double", DOUBLE_TAP_MS, button + "-double"))
        else:
            steps.append(Press(button, "short", TAP_MS, button))
    return steps


def perform(sim, press: Press) -> None:
    """Press with the timing of a person, on the board's clock."""
    if press.kind == "double":
        sim.press(press.button)
        sim.tick(DOUBLE_TAP_MS)
        sim.release(press.button)
        sim.tick(DOUBLE_GAP_MS)
    sim.press(press.button)
    sim.tick(press.hold_ms)
    sim.release(press.button)
    sim.tick(GAP_MS)


def play(sim, steps: list[Step], shot: Callable[[str], None] | None = None) -> None:
    """Run the steps on `sim` (a tools.sim.vm.Sim). `shot(name)` is called where a picture is
    wanted: at the shot tokens, or, if there are none, at the start and after every press."""
    auto = not any(isinstance(s, Shot) for s in steps)
    if shot and auto:
        shot("00-start")
    numbered = 0
    for step in steps:
        if isinstance(step, Press):
            perform(sim, step)
            numbered += 1
            if shot and auto:
                shot("{:02d}-{}".format(numbered, step.label))
        elif isinstance(step, Wait):
            sim.tick(step.ms)
        elif isinstance(step, Reset):
            sim.reset()
            sim.tick(GAP_MS)
        elif shot:
            if step.name is None:
                numbered += 1
            shot(step.name or "{:02d}-shot".format(numbered))
