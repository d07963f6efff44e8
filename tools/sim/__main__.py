"""`python3 -m tools.sim`: one command on a fresh clone. It first makes sure .venv and the
Node MicroPython VM are set up (tools.setup_env: quick when they are), then runs the simulator
with .venv's Python. Options: `python3 -m tools.sim --help`; the code is in tools/sim/cli.py.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
VENV = ROOT / ".venv"
_READY = "SCOREKEEPER_SIM_ENV"  # set once the environment is checked, for the re-run


def _in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def main() -> int:
    if not os.environ.get(_READY):
        from tools import setup_env

        # What setting up prints goes to stderr: stdout is the headless mode's answer.
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(2, 1)
        try:
            setup_env.main()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        if not _in_venv():
            python = VENV / "bin" / "python"
            path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
            env = dict(os.environ, PYTHONPATH=path, **{_READY: "1"})
            os.execve(str(python), [str(python), "-m", "tools.sim", *sys.argv[1:]], env)
    from tools.sim.cli import main as run

    return run()


if __name__ == "__main__":
    sys.exit(main())
