// Shared by run.mjs and sim.mjs: put the job's files into MicroPython's file system.

// files: {"path/in/vm": "<base64>"}, written under /input (made, with its folders).
export function writeInputFiles(mp, files) {
  for (const [path, b64] of Object.entries(files)) {
    const full = "/input/" + path;
    let dir = "";
    for (const part of full.split("/").slice(1, -1)) {
      dir += "/" + part;
      try { mp.FS.mkdir(dir); } catch (e) { /* already there */ }
    }
    mp.FS.writeFile(full, Buffer.from(b64, "base64"));
  }
}
