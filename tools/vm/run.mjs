// Runs one MicroPython script on the official WebAssembly port (tools/mpvm.py drives it).
// Input on stdin, JSON: {"files": {"path/in/vm": "<base64>"}, "script": "...",
// "heap": bytes}. The files are written under /input (on sys.path); the script's output goes
// to stdout as it is printed. A Python exception is printed as a traceback after the marker
// the caller looks for; this process then still exits 0, so only a broken VM exits non-zero.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { writeInputFiles } from "./files.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const mp = await loadMicroPython({
  heapsize: job.heap,
  stdout: (data) => process.stdout.write(data),
  linebuffer: false,
});
writeInputFiles(mp, job.files);
try {
  mp.runPython(job.script);
} catch (err) {
  process.stdout.write("\n" + job.failed + "\n" + String(err.message || err) + "\n");
}
