"""Create or refresh what the tests need: the virtual environment (.venv), the MicroPython
stubs (typings/) and the Node MicroPython VM (tools/vm/node_modules).

Run by ./test.sh on every call. It does nothing when the pinned requirement files have not
changed since the last install (a stamp holds their hash), so a warm run costs a second.
"""

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
TYPINGS = ROOT / "typings"
REQUIREMENTS = ROOT / "requirements-dev.txt"
STUBS = ROOT / "requirements-stubs.txt"
NODE_VM = ROOT / "tools" / "vm"  # the official MicroPython WebAssembly port, under Node
STAMP = VENV / ".installed"


def _digest() -> str:
    h = hashlib.sha256()
    for path in (REQUIREMENTS, STUBS, NODE_VM / "package-lock.json"):
        h.update(path.read_bytes())
    return h.hexdigest()


def _pip(*args: str) -> None:
    python = VENV / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", "-q", *args],
                   check=True)


def main() -> int:
    digest = _digest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return 0
    if not (VENV / "bin" / "python").exists():
        print("setting up .venv (first run only) ...", flush=True)
        venv.create(VENV, with_pip=True)
    _pip("install", "-r", str(REQUIREMENTS))
    # The stubs describe MicroPython's modules (machine, framebuf, micropython, its reduced
    # stdlib). They go to their own folder so that the type checker sees them instead of
    # CPython's typeshed; they are never imported at run time.
    _pip("install", "--no-deps", "--upgrade", "--target", str(TYPINGS), "-r", str(STUBS))
    # Exactly the versions in the lock file; nothing is fetched at test time.
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=NODE_VM,
                   check=True)
    STAMP.write_text(digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
