// One MicroPython instance of the virtual board (tools/virtual_board.py drives it; read that
// file first). The official WebAssembly port runs here under Node; the launcher speaks the
// serial REPL protocol on a pseudo-terminal and asks this process to run code.
//
//   node board.mjs --root DIR [--heap BYTES] [--mpy N]
//
// The board's files live in DIR on the host: they are loaded into the port's in-memory file
// system at start and written back (only what changed) after every command, on every os call
// that changes files, and while the guest sleeps (time.sleep*), at most every 200 ms. A soft
// reset is a new process started over the same DIR.
//
// stdin: one JSON object a line, {"op": "exec", "code": "..."} or {"op": "runfile", "path":
// "main.py"} (nothing happens if the file is missing). stdout: frames of one type byte, a
// 4-byte big-endian length and the payload: "R" ready (JSON facts for the banner), "O" bytes
// the guest printed, "D" done (the traceback text if the code raised, else empty).
//
// Port facts handled here (found by trying, MicroPython 1.27.0, the pyscript variant):
// - file errors carry Emscripten's errno numbers (44 for ENOENT): os and open are wrapped
//   and the numbers translated to MicroPython's (its errno module already uses them);
// - os.ilistdir yields 3-tuples: the wrapper adds the size, as littlefs and FAT boards do;
// - input() spins forever on the stub stdin: it raises instead;
// - the port's own root holds /dev, /proc, /tmp and /home: /tmp and /home are removed at
//   start, /dev and /proc are hidden from listings and never written back.
import fs from "fs";
import path from "path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const ROOT = path.resolve(opt("--root", "."));
const HEAP = parseInt(opt("--heap", String(512 * 1024)), 10);
const FAKE_MPY = opt("--mpy", null);
const HIDDEN = new Set(["/dev", "/proc"]);

function frame(type, payload) {
  const body = Buffer.from(payload);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeUInt32BE(body.length, 1);
  fs.writeSync(1, Buffer.concat([head, body]));
}

let pending = [];
function flushOut() {
  if (pending.length) {
    frame("O", Buffer.from(pending));
    pending = [];
  }
}

const mp = await loadMicroPython({
  heapsize: HEAP,
  linebuffer: false,
  stdout: (data) => {
    for (const c of data) pending.push(c);
    if (pending.length >= 512 || data[data.length - 1] === 10) flushOut();
  },
});
const FS = mp.FS;

function rmTree(p) {
  for (const name of FS.readdir(p)) {
    if (name === "." || name === "..") continue;
    const full = p + "/" + name;
    if (FS.isDir(FS.stat(full).mode)) rmTree(full);
    else FS.unlink(full);
  }
  FS.rmdir(p);
}
for (const p of ["/tmp", "/home"]) {
  try { rmTree(p); } catch (e) { /* not there */ }
}

// The board's files: host DIR -> the port's file system, and the snapshot of what was synced.
let snapshot = new Map(); // "/path" -> Buffer (file) or null (folder)
function loadHost(hostDir, boardDir) {
  for (const name of fs.readdirSync(hostDir)) {
    const host = path.join(hostDir, name);
    const board = (boardDir === "/" ? "" : boardDir) + "/" + name;
    if (fs.statSync(host).isDirectory()) {
      try { FS.mkdir(board); } catch (e) { /* exists */ }
      snapshot.set(board, null);
      loadHost(host, board);
    } else {
      const data = fs.readFileSync(host);
      FS.writeFile(board, data);
      snapshot.set(board, data);
    }
  }
}
fs.mkdirSync(ROOT, { recursive: true });
loadHost(ROOT, "/");

function walk(dir, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const full = (dir === "/" ? "" : dir) + "/" + name;
    if (HIDDEN.has(full)) continue;
    const st = FS.stat(full);
    if (FS.isDir(st.mode)) {
      out.set(full, null);
      walk(full, out);
    } else if (FS.isFile(st.mode)) {
      out.set(full, FS.readFile(full));
    }
  }
  return out;
}

function sync() {
  const now = walk("/", new Map());
  for (const [p, old] of snapshot) {
    if (!now.has(p) || (now.get(p) === null) !== (old === null)) {
      fs.rmSync(path.join(ROOT, p), { recursive: true, force: true });
    }
  }
  for (const [p, data] of now) {
    const host = path.join(ROOT, p);
    const old = snapshot.get(p);
    if (data === null) {
      if (old !== null) fs.mkdirSync(host, { recursive: true });
    } else if (!old || Buffer.compare(Buffer.from(old), Buffer.from(data)) !== 0) {
      fs.mkdirSync(path.dirname(host), { recursive: true });
      fs.writeFileSync(host, data);
    }
  }
  snapshot = now;
}

let lastSync = 0;
mp.registerJsModule("_vboard", {
  sync: () => { sync(); lastSync = Date.now(); },
  tick: () => {
    if (Date.now() - lastSync >= 200) { sync(); lastSync = Date.now(); }
  },
});

// Emscripten errno -> MicroPython errno (Linux numbering, py/mperrno.h).
const ERRNO = {1: 7, 2: 13, 3: 98, 5: 97, 6: 11, 7: 114, 8: 9, 10: 16, 11: 125, 12: 10,
  13: 103, 14: 111, 15: 104, 18: 33, 20: 17, 21: 14, 22: 27, 23: 113, 26: 115, 27: 4, 28: 22,
  29: 5, 30: 106, 31: 21, 32: 40, 33: 24, 34: 31, 37: 36, 41: 23, 42: 105, 43: 19, 44: 2,
  45: 8, 48: 12, 51: 28, 52: 38, 53: 107, 54: 20, 55: 39, 59: 25, 60: 6, 63: 1, 64: 32,
  68: 34, 69: 30, 70: 29, 71: 3, 73: 110, 74: 26, 75: 18, 105: 15, 138: 95};

const PRELUDE = `
def _vb_install():
    import builtins
    import os as real_os
    import sys
    import time as real_time

    import _vboard

    table = ${JSON.stringify(ERRNO).replace(/"/g, "")}

    def translated(exc):
        if exc.args and isinstance(exc.args[0], int):
            return OSError(table.get(exc.args[0], exc.args[0]))
        return exc

    changes = ("mkdir", "rmdir", "remove", "rename", "unlink")

    def at_root(p):
        return p in ("/", "") and real_os.getcwd() == "/" or p == "/"

    class OS:
        def __getattr__(self, name):
            value = getattr(real_os, name)
            if not callable(value) or isinstance(value, type):
                return value

            def call(*a, **k):
                try:
                    out = value(*a, **k)
                except OSError as exc:
                    raise translated(exc)
                if name in changes:
                    _vboard.sync()
                return out
            return call

        def ilistdir(self, p=""):
            try:
                entries = list(real_os.ilistdir(p) if p else real_os.ilistdir())
            except OSError as exc:
                raise translated(exc)
            root = at_root(p)
            for entry in entries:
                if root and entry[0] in ("dev", "proc"):
                    continue
                size = 0
                if entry[1] == 0x8000:
                    base = p if p else real_os.getcwd()
                    size = real_os.stat(base.rstrip("/") + "/" + entry[0])[6]
                yield (entry[0], entry[1], entry[2], size)

        def listdir(self, p=""):
            return [e[0] for e in self.ilistdir(p)]

    real_open = builtins.open

    def open(*a, **k):
        try:
            f = real_open(*a, **k)
        except OSError as exc:
            raise translated(exc)
        if real_os.stat(a[0] if a else k["file"])[0] & 0x4000:
            f.close()  # Emscripten opens a folder and fails on read; boards refuse the open
            raise OSError(21)  # EISDIR
        return f

    def no_input(*a):
        raise OSError(95)  # EOPNOTSUPP: the port's stdin is a stub, input() would spin

    class Time:
        def __getattr__(self, name):
            return getattr(real_time, name)

        def sleep(self, s):
            _vboard.tick()
            real_time.sleep(s)

        def sleep_ms(self, ms):
            _vboard.tick()
            real_time.sleep_ms(ms)

        def sleep_us(self, us):
            _vboard.tick()
            real_time.sleep_us(us)

    builtins.open = open
    builtins.input = no_input
    sys.modules["os"] = OS()
    sys.modules["time"] = Time()
    fake = ${FAKE_MPY === null ? "None" : parseInt(FAKE_MPY, 0)}
    if fake is not None:
        real = sys.implementation

        class Implementation:
            name = real.name
            version = real.version
            _machine = real._machine
            _mpy = fake

        class Sys:
            implementation = Implementation()

            def __getattr__(self, name):
                return getattr(sys, name)

        sys.modules["sys"] = Sys()


_vb_install()
del _vb_install
`;

function run(code) {
  let error = "";
  try {
    mp.runPython(code);
  } catch (err) {
    error = String(err.message || err);
    if (!error.endsWith("\n")) error += "\n";
  }
  flushOut();
  try { sync(); } catch (err) { error += "virtual board: sync failed: " + err.message + "\n"; }
  lastSync = Date.now();
  return error;
}

const prelude = run(PRELUDE);
if (prelude) {
  process.stderr.write("virtual board: prelude failed\n" + prelude);
  process.exit(3);
}
const facts = {};
run("import sys\n_vb=sys.version\n");
facts.version = mp.globals.get("_vb");
run("del _vb\n");
frame("R", JSON.stringify(facts));

let buffered = "";
process.stdin.on("data", (chunk) => {
  buffered += chunk.toString("utf8");
  let nl;
  while ((nl = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    if (!line.trim()) continue;
    const job = JSON.parse(line);
    let error = "";
    if (job.op === "exec") {
      error = run(job.code);
    } else if (job.op === "runfile") {
      let code = null;
      try { code = FS.readFile("/" + job.path, { encoding: "utf8" }); } catch (e) { /* none */ }
      if (code !== null) error = run(code);
    }
    frame("D", error);
  }
});
process.stdin.on("end", () => process.exit(0));
