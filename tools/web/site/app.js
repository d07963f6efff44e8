// The page: the board's screen and buttons, the keyboard as in the simulator's window
// (tools/sim/window.py), the board's flash kept in this browser, export and import.
//
// ?board=simulated_mono&lang=en choose the board and set the device's language (the
// selects do the same). The flash of each board is kept in localStorage under its own key,
// written after every change the firmware makes, so a reload, a closed tab or a phone that
// drops the page boots the table as a board boots after a power cut.
import { startBoard } from "./board.js";
import { Screen } from "./screen.js";

const LOGICAL = { ArrowUp: "prev", ArrowLeft: "prev", ArrowDown: "next", ArrowRight: "next",
  Enter: "ok", " ": "ok", Backspace: "back", Escape: "back", Tab: "menu" };
const LAST_BOARD = "scorekeeper.board";
const $ = (id) => document.getElementById(id);
const status = $("status");

function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle("error", error);
}

// -- the flash, kept in this browser ------------------------------------------------------

class KeptFlash {
  constructor(board) {
    this.key = "scorekeeper.flash." + board;
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(this.key)); } catch (e) { /* none */ }
    this.files = (kept && kept.files) || {};
    this.dirs = (kept && kept.dirs) || [];
    this.fresh = kept === null;
  }

  // What the guest says changed: files (hex), removed, and all folders when they changed.
  apply(answer) {
    if (!answer.files && !answer.removed && !answer.dirs) return;
    Object.assign(this.files, answer.files || {});
    for (const path of answer.removed || []) delete this.files[path];
    if (answer.dirs) this.dirs = answer.dirs;
    try {
      localStorage.setItem(this.key, JSON.stringify({ files: this.files, dirs: this.dirs }));
    } catch (e) {
      say("无法保存 Cannot keep the table in this browser: " + e.message, true);
    }
  }

  lang() {
    const settings = this.files["/data/settings.json"];
    if (!settings) return null;
    try {
      const text = new TextDecoder().decode(new Uint8Array(
        settings.match(/../g).map((h) => parseInt(h, 16))));
      return JSON.parse(text).lang || null;
    } catch (e) {
      return null;
    }
  }
}

// -- the page -----------------------------------------------------------------------------

function fitScreen(canvas, size) {
  // As large as fits the window beside the buttons; crisp: a whole number of the device's
  // pixels to each of the panel's where that costs little of the size.
  const room = Math.min(window.innerWidth - 44, 760 - 44);
  const tall = window.innerHeight - 260;
  const fits = Math.min(room / size[0], Math.max(tall, size[1]) / size[1]);
  const dpr = window.devicePixelRatio || 1;
  const whole = Math.floor(fits * dpr) / dpr;
  const scale = whole >= 0.8 * fits ? whole : fits;
  canvas.style.width = size[0] * scale + "px";
  canvas.style.height = size[1] * scale + "px";
}

function makeButtons(board) {
  const holder = $("buttons");
  holder.textContent = "";
  const buttons = {};
  const held = new Map(); // button -> when it went down, on the board's clock
  const down = (name) => {
    if (held.has(name)) return;
    board.press(name);
    held.set(name, board.now);
    buttons[name].classList.add("down");
  };
  const up = (name) => {
    if (!held.has(name)) return;
    // a tap shorter than the board's poll would go unseen: it is held as a person's tap is
    const left = held.get(name) + board.timing.tap_ms - board.clock();
    held.delete(name);
    const release = () => { board.release(name); buttons[name].classList.remove("down"); };
    if (left > 0) setTimeout(release, left); else release();
  };
  board.facts.buttons.forEach((name, i) => {
    const [short, long] = board.facts.keymap[i];
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.button = name;
    button.innerHTML = name + "<small></small>";
    button.querySelector("small").textContent = (short || "")
      + (long ? " · hold " + long : "");
    button.title = "short: " + (short || "-") + (long ? ", hold: " + long : "");
    button.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      button.setPointerCapture(e.pointerId);
      down(name);
    });
    for (const end of ["pointerup", "pointercancel"]) {
      button.addEventListener(end, () => up(name));
    }
    button.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      if (!held.has(name)) board.gesture(name, "long"); // a right click: a long press
    });
    holder.appendChild(button);
    buttons[name] = button;
  });
  return { down, up, names: board.facts.buttons };
}

function keyboard(board, buttons) {
  const letters = Object.fromEntries(buttons.names.map((n) => [n.toLowerCase(), n]));
  const byCode = new Map(); // the key's code -> the button it holds
  const ours = (e) => !e.ctrlKey && !e.metaKey && !e.altKey
    && !(e.target instanceof HTMLSelectElement) && !(e.target instanceof HTMLInputElement);
  document.addEventListener("keydown", (e) => {
    if (!ours(e)) return;
    const letter = letters[e.key.toLowerCase()];
    if (letter) {
      e.preventDefault();
      if (!e.repeat && !byCode.has(e.code)) {
        byCode.set(e.code, letter);
        buttons.down(letter);
      }
    } else if (LOGICAL[e.key]) {
      e.preventDefault();
      if (!e.repeat || e.key.startsWith("Arrow")) board.logical(LOGICAL[e.key]);
    }
  });
  document.addEventListener("keyup", (e) => {
    const letter = byCode.get(e.code);
    if (letter) {
      byCode.delete(e.code);
      buttons.up(letter);
    }
  });
}

function chooser(site, boardFile, lang) {
  const boards = $("board");
  for (const b of site.boards) {
    const option = new Option(b.label, b.file, false, b.file === boardFile);
    boards.add(option);
  }
  const go = (changes) => {
    const url = new URL(location.href);
    for (const [k, v] of Object.entries(changes)) url.searchParams.set(k, v);
    location.assign(url);
  };
  boards.addEventListener("change", () => {
    localStorage.setItem(LAST_BOARD, boards.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang"); // the other board keeps its own language
    url.searchParams.set("board", boards.value);
    location.assign(url);
  });
  $("lang").value = lang;
  $("lang").addEventListener("change", () => go({ lang: $("lang").value }));
}

function exporter(board, boardFile) {
  $("export").disabled = false;
  $("export").addEventListener("click", () => {
    const text = board.exportRecords();
    if (!text) {
      say("没有可导出的牌局 No table to export", true);
      return;
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/jsonl" }));
    const day = new Date().toISOString().slice(0, 10);
    link.download = "scorekeeper-" + boardFile + "-" + day + ".jsonl";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    say("已导出 Exported: " + text.trimEnd().split("\n").length + " hands");
  });
  const input = $("import");
  input.disabled = false;
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    const refused = board.importRecords(await file.text());
    input.value = "";
    say(refused ? "未导入 Not imported: " + refused : "已导入 Imported " + file.name, !!refused);
  });
}

// One page at a time on a board's flash, as one simulator at a time on its folder: two
// would overwrite each other's journal. Held while the page lives.
function holdFlash(boardFile) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request("scorekeeper.flash." + boardFile, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock === null ? undefined : new Promise(() => {});
    });
  });
}

async function main() {
  const site = await (await fetch("site.json")).json();
  const params = new URLSearchParams(location.search);
  const known = site.boards.map((b) => b.file);
  let boardFile = params.get("board") || localStorage.getItem(LAST_BOARD) || known[0];
  if (!known.includes(boardFile)) boardFile = known[0];
  localStorage.setItem(LAST_BOARD, boardFile);
  const facts = site.boards.find((b) => b.file === boardFile);
  if (!await holdFlash(boardFile)) {
    throw new Error("this board is open in another tab or window 此板已在另一页面打开");
  }
  const flash = new KeptFlash(boardFile);
  let lang = params.get("lang");
  if (lang !== "zh" && lang !== "en") {
    lang = flash.fresh ? (navigator.language.startsWith("zh") ? "zh" : "en") : null;
  }
  chooser(site, boardFile, lang || flash.lang() || "zh");
  const canvas = $("screen");
  const screen = new Screen(canvas, facts.layout, facts.size, site);
  fitScreen(canvas, facts.size);
  window.addEventListener("resize", () => fitScreen(canvas, facts.size));
  const log = (line) => console.log("[board] " + line);
  const board = await startBoard(site, boardFile, flash, lang, log);
  board.listeners.push((answer) => screen.show(answer), (answer) => {
    flash.apply(answer);
    // the language chosen in the device's own settings shows in the page's too
    if (answer.files && answer.files["/data/settings.json"]) $("lang").value = flash.lang();
  });
  board.boot();
  if (params.has("lang")) {
    // set once: a reload keeps what the device's settings say from now on
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    history.replaceState(null, "", url);
  }
  const buttons = makeButtons(board);
  keyboard(board, buttons);
  exporter(board, boardFile);
  setInterval(() => board.advance(), 50);
  say(board.facts.name + " · MicroPython " + (site.micropython || "WebAssembly"));
  return { board, screen, site };
}

// What the tests and the bench ask of the page: ready resolves once the first frame is drawn.
window.scorekeeper = {
  ready: main().catch((err) => {
    say("启动失败 Could not start: " + err.message, true);
    throw err;
  }),
};
window.scorekeeper.ready.then(({ board }) => {
  Object.assign(window.scorekeeper, {
    state: () => board.state(),
    logical: (key) => board.logical(key),
    exportRecords: () => board.exportRecords(),
    importRecords: (text) => board.importRecords(text),
  });
});

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("offline: " + err));
}
