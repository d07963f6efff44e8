// The simulated board in the page: the firmware on the official MicroPython WebAssembly port,
// driven by the simulator's own guest (tools/sim/guest.py, see its docstring for the
// commands and answers) exactly as tools/sim/vm.py drives it under Node, and
// tools/web/page.py for export and import.
//
// The board's clock is the page's: it follows the wall clock while a button is held by hand
// (a long press is a long hold), and a whole press asked at once (a key of the keyboard that
// names a logical key, a right click) runs on the board's clock at once, timed as the
// simulator's key scripts time it (tools/sim/script.py's perform): the screen answers
// without waiting a person's hold, and the same presses give the same screens as
// `python -m tools.sim --keys`.
import { loadMicroPython } from "./mp/micropython.mjs";

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ": " + response.status + " " + response.statusText);
  return new Uint8Array(await response.arrayBuffer());
}

function writeFile(FS, path, data) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    try { FS.mkdir(dir); } catch (e) { /* already there */ }
  }
  FS.writeFile(path, data);
}

// flash: {files: {"/data/...": hex}, dirs: [...]} as the guest's sim.json takes it.
export async function startBoard(site, boardFile, flash, lang, log) {
  const firmware = site.firmware.map((path) => fetched("fw/" + path));
  const extra = ["boards/" + boardFile + ".py", "vm/sim_probe.py", "vm/guest.py", "vm/page.py"]
    .map(fetched);
  const mp = await loadMicroPython({ heapsize: site.heap, stdout: log, stderr: log });
  const files = await Promise.all(firmware);
  const [boardPy, probe, guest, page] = await Promise.all(extra);
  site.firmware.forEach((path, i) => writeFile(mp.FS, "/input/" + path, files[i]));
  writeFile(mp.FS, "/input/board.py", boardPy);
  writeFile(mp.FS, "/input/sim_probe.py", probe);
  writeFile(mp.FS, "/input/sim.json", new TextEncoder().encode(JSON.stringify(
    { files: flash.files, dirs: flash.dirs, lang: lang || null })));
  const text = new TextDecoder();
  mp.runPython("import sys\nsys.path.insert(0, '/input')\n" + text.decode(guest));
  mp.runPython(text.decode(page));
  return new Board(mp, site);
}

export class Board {
  constructor(mp, site) {
    this.timing = site.timing;
    this._FS = mp.FS;
    this._handle = mp.globals.get("handle");
    this._export = mp.globals.get("web_export");
    this._import = mp.globals.get("web_import");
    this.now = 0; // the board's clock, ms
    this._offset = 0; // board clock - performance.now()
    this.listeners = [];
    this.facts = null;
  }

  // One command to the guest; every answer goes to the listeners (screen, flash), its
  // framebuffer as bytes, read from the file tools/web/page.py writes it to.
  command(line) {
    const answer = JSON.parse(this._handle(line));
    if (answer.error) throw new Error(answer.error);
    if (answer.fb !== undefined) answer.fb = this._FS.readFile("/fb");
    if (answer.now !== undefined) this.now = answer.now;
    for (const listen of this.listeners) listen(answer);
    return answer;
  }

  boot() {
    const answer = this.command("boot");
    this.facts = answer.board;
    this._follow();
    return answer;
  }

  reset() {
    this.command("reset");
    this._follow();
  }

  clock() {
    return performance.now() + this._offset;
  }

  // The wall clock goes on from the board's: after a press run at once, it is ahead.
  _follow() {
    if (this.now > this.clock()) this._offset = this.now - performance.now();
  }

  advance() {
    const ms = Math.floor(this.clock()) - this.now;
    if (ms > 0) this.command("tick " + ms);
  }

  // A button held by hand: down now, up when let go.
  press(button) {
    this.advance();
    this.command("press " + button);
  }

  release(button) {
    this.advance();
    this.command("release " + button);
  }

  // A whole press of `button` (short, long or double), on the board's clock at once.
  gesture(button, kind) {
    const t = this.timing;
    this.advance();
    if (kind === "double") {
      this.command("press " + button);
      this.command("tick " + t.double_tap_ms);
      this.command("release " + button);
      this.command("tick " + t.double_gap_ms);
    }
    const hold = kind === "long" ? this.facts.long_ms + t.long_extra_ms
      : kind === "double" ? t.double_tap_ms : t.tap_ms;
    this.command("press " + button);
    this.command("tick " + hold);
    this.command("release " + button);
    this.command("tick " + t.gap_ms);
    this._follow();
  }

  // The press that gives logical key `key` (ok next prev back menu) on this board, chosen as
  // the firmware's hint line and tools/sim/script.py's gesture() choose: a short press first,
  // then a long, then a double.
  logical(key) {
    const kinds = ["short", "long", "double"];
    for (let kind = 0; kind < 3; kind++) {
      for (let i = 0; i < this.facts.buttons.length; i++) {
        if (this.facts.keymap[i][kind] === key) {
          this.gesture(this.facts.buttons[i], kinds[kind]);
          return true;
        }
      }
    }
    return false;
  }

  state() {
    return this.command("state").state;
  }

  exportRecords() {
    return this._export();
  }

  // "" when the table was written (the board is reset onto it), else what was refused.
  importRecords(text) {
    const refused = this._import(text);
    if (!refused) this.reset();
    return refused;
  }
}
