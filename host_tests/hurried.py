"""A hurried table on the simulator: the real firmware on the MicroPython VM, its buttons
pressed with a person's timing (tools/sim/script.py: a tap, a double tap, a long press, a
pause), the board's flash kept as it changes, and what it holds booted on the host.

    played = play(board, lang, keys)    # keys: a --keys script, with {ok} {next} {prev}
                                        # {back} {menu} for the board's own buttons and
                                        # {ok^} {next^} {prev^} for their double taps
    played.state                        # the simulator's state at the end (screen, totals)
    played.table                        # the journal the flash holds, booted on the host
    played.files                        # the flash: path -> bytes
"""

from dataclasses import dataclass

from core.journal import Journal
from drivers.memfs import MemFS
from tools.sim import script
from tools.sim.vm import Sim

BOARDS = ("simulated", "simulated_large", "simulated_mono")
LANGS = ("zh", "en")
# A new table of each game from the new-table screen: OK cycles the game row (classic, happy,
# laizi, two, four, five, 保皇, 升级), PREV wraps to the start row, OK opens it.
GAME_ROW = {"classic": 0, "happy": 1, "laizi": 2, "two": 3, "four": 4, "five": 5,
            "baohuang": 6, "shengji": 7}


def opening(game):
    return " ".join(["ok"] * GAME_ROW[game] + ["prev", "ok"])


@dataclass
class Played:
    state: dict
    files: dict

    @property
    def table(self):
        table, report = Journal(MemFS(dict(self.files)), "/data").boot()
        assert report.clean()
        return table

    def records(self):
        table = self.table
        return [table.entries[i]["record"] for i in range(len(table.entries))]


def physical(board: dict, keys: str) -> str:
    """`keys` with {ok}, {next^} … written as this board's buttons."""
    words = {}
    for key in script.LOGICAL:
        button, kind = script.gesture(board, key)
        words[key] = button + ("~" if kind == "long" else "")
        words[key + "^"] = button + "^"
    return keys.format_map(words)


def play(board: str, lang: str, keys: str, files: dict | None = None) -> Played:
    """Run the script on a fresh simulated board (or one whose flash is `files`)."""
    flash = dict(files or {})

    def kept(changed, removed, _dirs):
        flash.update(changed)
        for path in removed:
            flash.pop(path, None)

    dirs = sorted({p.rsplit("/", 1)[0] for p in flash} | {"/data"}) if flash else None
    with Sim(board, flash, dirs, lang=lang, on_flash=kept) as sim:
        script.play(sim, script.parse(physical(sim.board, keys), sim.board))
        state = sim.state()
    return Played(state, flash)
