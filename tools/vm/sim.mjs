// A MicroPython that stays up: the official WebAssembly port, driven one line at a time
// (tools/sim/vm.py drives it; tools/vm/run.mjs is the one-shot sibling).
//
// stdin, one line each:
//   first line  JSON {"files": {"path/in/vm": "<base64>"}, "script": "...", "heap": bytes,
//               "entry": "handle"}: the files are written under /input (first on sys.path),
//               the script runs once and defines the function named by "entry";
//   every other line is passed to that function as a str, and what it returns (a str, one
//               line) is written to stdout followed by "\n".
// The script's own output (print, tracebacks) goes to stderr, so that stdout carries only
// answers. A Python exception escaping the entry function is answered as
// {"error": "<traceback>"}; the process goes on. It ends when stdin closes.
import { createInterface } from "node:readline";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { writeInputFiles } from "./files.mjs";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let handle = null;

function answer(text) {
  process.stdout.write(text + "\n");
}

async function start(job) {
  const mp = await loadMicroPython({
    heapsize: job.heap,
    stdout: (data) => process.stderr.write(data),
    linebuffer: false,
  });
  writeInputFiles(mp, job.files);
  mp.runPython("import sys\nsys.path.insert(0, '/input')\n" + job.script);
  return mp.globals.get(job.entry || "handle");
}

for await (const line of lines) {
  if (handle === null) {
    try {
      handle = await start(JSON.parse(line));
    } catch (err) {
      answer(JSON.stringify({ error: String(err.message || err) }));
      process.exit(1);
    }
    continue;
  }
  try {
    answer(handle(line));
  } catch (err) {
    answer(JSON.stringify({ error: String(err.message || err) }));
  }
}
