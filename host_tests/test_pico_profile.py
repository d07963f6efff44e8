"""`python -m tools.pico.profile`: a press's and a boot's cycles by C function of the
scorekeeper's image on the emulated Pico. What the lead reads in it must be there and whole:
MicroPython's own functions by name, and every cycle counted once."""

import re

import pytest
from pico_board import scorekeeper_image

from tools.pico import profile

pytestmark = pytest.mark.pico

LINE = re.compile(r"^  +([\d,]+) +[\d.]+%  (\S+)$")


def _profiles(out: str) -> list[tuple[str, int, dict[str, int]]]:
    """(title, counted, cycles by function) of each profile printed."""
    found = []
    for line in out.splitlines():
        head = re.match(r"^(\S.*) \(counted ([\d,]+)\)$", line)
        if head:
            found.append((head.group(1), int(head.group(2).replace(",", "")), {}))
        elif LINE.match(line):
            cycles, name = LINE.match(line).groups()  # pyright: ignore[reportOptionalMemberAccess]
            found[-1][2][name] = int(cycles.replace(",", ""))
    return found


def test_a_press_names_micropython_functions_and_adds_up(capsys):
    scorekeeper_image()  # or skip, saying why
    assert profile.main(["--top", "100000", "NEXT"]) == 0
    [(title, counted, funcs)] = _profiles(capsys.readouterr().out)
    press = int(re.match(r"NEXT ([\d,]+) cycles$", title).group(1).replace(",", ""))  # pyright: ignore[reportOptionalMemberAccess]
    assert "mp_execute_bytecode" in funcs
    assert any(name.startswith("gc_") for name in funcs)
    assert "[?]" not in funcs  # every address is in the image, its heap or the bootrom
    # Every function is listed, so the counts add up to what was counted, which holds the
    # press and the polls of its window and of the reading time before it.
    assert sum(funcs.values()) == counted
    assert 0 < press < counted


def test_boot_is_profiled_to_the_backlight(capsys):
    scorekeeper_image()
    assert profile.main(["--boot", "10", "--top", "100000"]) == 0
    [(title, counted, funcs)] = _profiles(capsys.readouterr().out)
    executed = re.search(r"10 hands on the flash: [\d,]+ cycles to the backlight \(\d+ ms\), "
                         r"([\d,]+) executed$", title)
    assert executed, title
    # Every cycle the CPU executed from power on is in the profile, once.
    assert counted == sum(funcs.values()) == int(executed.group(1).replace(",", ""))
    assert "mp_execute_bytecode" in funcs
    assert any(name.startswith("gc_") for name in funcs)
