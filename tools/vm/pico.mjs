// An emulated Raspberry Pi Pico with a Pimoroni Pico Display Pack, running an official
// MicroPython rp2 image. tools/pico/ drives it; read tools/pico/__init__.py first.
//
//   node pico.mjs --bootrom FILE [--flash IMAGE] [--firmware UF2] [--panel WxH --glass C,R]
//
// The chip is rp2040js (pinned in package-lock.json), a cycle-counting Cortex-M0+ with the
// RP2040's peripherals. What it lacks for MicroPython and this board is filled in here:
//
// - SPI: rp2040js completes a byte the moment it is written and lets the receive FIFO
//   overrun, so MicroPython's DMA transfers (SPI.write of 32 bytes or more) never finish.
//   Here a byte completes after its bits have been clocked out at the SPI clock the firmware
//   set (clk_peri / prescale), as the PL022 does, so SPI time shows in the cycle count.
// - USB CDC: rp2040js answers every armed OUT transfer at once with an empty packet, some
//   36,000 interrupts a second that make an idle firmware look busy. Here the transfer is held
//   until the host has bytes to send, as a real host does.
// - Flash: rp2040js drops flash writes (its SSI is a stub, IO_QSPI unimplemented). Here an
//   SPI NOR flash (W25Q16JV commands: page program, sector and block erase, status, JEDEC and
//   unique ID) sits behind the SSI and the QSPI chip select the bootrom forces low and high,
//   so littlefs's erases and programs land, counted, and a power cut can fall before any one.
// - The watchdog: its trigger (machine.reset(), or a timeout) resets the chip: a new RP2040
//   over the same flash, as a board keeps it.
// - The Display Pack: an ST7789 on SPI0 (SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight
//   GP20) decoded into the controller's 240x320 RAM, and buttons A B X Y on GP12-15 (pulled
//   up; pressed = low). --panel is the glass's size held landscape (default 240x135, the
//   1.14" pack; 320x240 for the 2.0" / 2.8" one, the same pins) and --glass the native
//   (portrait) column and row of its corner in that RAM (default 52,40; 0,0 for 320x240).
//
// Not modelled (say so wherever a figure comes from here): flash wait states and XIP cache
// misses (code runs from flash as fast as from RAM), erase and program busy time (status
// never reads busy), core 1, clock jitter, the bootrom's own boot (the chip starts at boot2 in
// flash, as after the bootrom found it).
//
// stdin: one JSON command a line (see `commands` below). stdout: frames of a type byte, a
// 4-byte big-endian length and the payload: "R" the JSON reply to a command, "S" bytes the
// board sent on USB serial, "V" the display's picture (--panel's size, 240x135 by default,
// RGB565 high byte first, as the panel shows it held landscape) whenever a "frame" command
// asks, "E" an event (JSON: reset, cut, fault).
import fs from "fs";
import { Simulator, USBCDC, ConsoleLogger, LogLevel, BasePeripheral } from "rp2040js";

// A bad image or flash file is the user's to fix: say what is wrong, not where in here.
process.on("uncaughtException", (e) => {
  process.stderr.write(String(e && e.message || e) + "\n");
  process.exit(2);
});

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};

const FLASH_SIZE = 2 * 1024 * 1024; // W25Q16JV on the Pico
const XIP_BASE = 0x10000000;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157, 0x0ab16f30];
const UF2_FAMILY_RP2040 = 0xe48bff56;

function send(type, payload) {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeUInt32BE(body.length, 1);
  fs.writeSync(1, Buffer.concat([head, body]));
}
const reply = (obj) => send("R", JSON.stringify(obj));
const event = (obj) => send("E", JSON.stringify(obj));

// -- the flash image -------------------------------------------------------------------------

const flashPath = opt("--flash", null);
const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
if (flashPath && fs.existsSync(flashPath)) {
  const saved = fs.readFileSync(flashPath);
  if (saved.length !== FLASH_SIZE) {
    throw new Error(`${flashPath}: a flash image is ${FLASH_SIZE} bytes, this is ${saved.length}`);
  }
  flash.set(saved);
}

// Writing a UF2 is what the bootrom's USB drive does when a maker drops the file on it: the
// blocks' pages are written, everything else (the file system) stays.
function writeUf2(path) {
  const uf2 = fs.readFileSync(path);
  if (uf2.length === 0 || uf2.length % 512) throw new Error(`${path}: not a UF2 file`);
  let blocks = 0;
  for (let off = 0; off < uf2.length; off += 512) {
    const v = new DataView(uf2.buffer, uf2.byteOffset + off, 512);
    if (v.getUint32(0, true) !== UF2_MAGIC[0] || v.getUint32(4, true) !== UF2_MAGIC[1] ||
        v.getUint32(508, true) !== UF2_MAGIC[2]) {
      throw new Error(`${path}: block ${off / 512} is not a UF2 block`);
    }
    const flags = v.getUint32(8, true);
    if (flags & 0x2000 && v.getUint32(28, true) !== UF2_FAMILY_RP2040) {
      throw new Error(`${path}: not an RP2040 image (UF2 family 0x${v.getUint32(28, true).toString(16)})`);
    }
    const addr = v.getUint32(12, true) - XIP_BASE;
    const size = v.getUint32(16, true);
    if (addr < 0 || addr + size > FLASH_SIZE || size > 476) {
      throw new Error(`${path}: block ${off / 512} is outside a 2 MB Pico's flash`);
    }
    flash.set(uf2.subarray(off + 32, off + 32 + size), addr);
    blocks++;
  }
  return blocks;
}
const firmware = opt("--firmware", null);
if (firmware) writeUf2(firmware);

function saveFlash() {
  if (!flashPath) return;
  const tmp = flashPath + ".tmp";
  fs.writeFileSync(tmp, flash);
  fs.renameSync(tmp, flashPath);
}

// -- counters the harness reports ----------------------------------------------------------

const stats = {
  cycles: 0, // cycles the CPU ran (executing or waiting), since power on
  active: 0, // cycles it executed instructions (not asleep in WFI/WFE)
  spiWait: 0, // cycles the display's SPI was shifting bytes out
  spiBytes: 0,
  erases: 0, // 4 KiB sector erases (a 32/64 KiB block counts its sectors)
  programs: 0, // 256-byte page programs
  resets: 0,
};
let lastActivity = 0; // stats.cycles of the last SPI byte or flash operation
let cutAt = -1; // stop just before this flash operation (erases + programs) lands
let cut = false;

// -- the NOR flash behind the SSI ------------------------------------------------------------

class NorFlash {
  constructor() {
    this.bytes = [];
    this.wel = false;
    this.forced = false; // chip select forced low through IO_QSPI (the bootrom's way)
  }
  select(low) {
    if (low) {
      this.bytes = [];
    } else if (this.bytes.length) {
      this.execute();
      this.bytes = [];
    }
  }
  // One byte in, one byte out, as the SSI shifts them; commands that change the array act at
  // chip-select high, as on the chip.
  transfer(byte) {
    const b = this.bytes;
    b.push(byte);
    const cmd = b[0];
    const n = b.length - 1;
    switch (cmd) {
      case 0x05: return 0x00; // status 1: never busy (erase/program time is not modelled)
      case 0x35: return 0x02; // status 2: QE set, as boot2 wants it
      case 0x9f: return [0, 0xef, 0x40, 0x15][Math.min(n, 3)]; // W25Q16JV
      case 0x4b: return n >= 5 && n < 13 ? 0x50 + n : 0; // unique ID: 4 dummy bytes, then 8
      case 0x03: case 0x0b: {
        const dummy = cmd === 0x0b ? 1 : 0;
        if (n < 4 + dummy) return 0;
        const addr = ((b[1] << 16) | (b[2] << 8) | b[3]) + (n - 4 - dummy);
        return flash[addr % FLASH_SIZE];
      }
      default: return 0;
    }
  }
  execute() {
    const b = this.bytes;
    const cmd = b[0];
    const addr = b.length >= 4 ? ((b[1] << 16) | (b[2] << 8) | b[3]) % FLASH_SIZE : 0;
    if (cmd === 0x06) { this.wel = true; return; }
    if (cmd === 0x04) { this.wel = false; return; }
    const erase = { 0x20: 4096, 0x52: 32768, 0xd8: 65536, 0xc7: FLASH_SIZE, 0x60: FLASH_SIZE }[cmd];
    if (cmd !== 0x02 && erase === undefined) return;
    if (!this.wel) return; // the chip ignores writes without WREN
    this.wel = false;
    if (cmd === 0x02) {
      if (!this.operation(1, 0)) return;
      const page = addr & ~0xff;
      for (let i = 4; i < b.length; i++) {
        const at = page | ((addr + i - 4) & 0xff); // a page program wraps within its page
        flash[at] &= b[i];
      }
      return;
    }
    const start = erase === FLASH_SIZE ? 0 : addr & ~(erase - 1);
    if (!this.operation(0, erase / 4096)) return;
    flash.fill(0xff, start, start + erase);
  }
  operation(programs, erases) {
    if (cut) return false;
    if (cutAt >= 0 && stats.erases + stats.programs >= cutAt) {
      cut = true;
      return false;
    }
    stats.programs += programs;
    stats.erases += erases;
    lastActivity = stats.cycles;
    return true;
  }
}
const nor = new NorFlash();

// The SSI as the bootrom's flash routines use it: standard SPI frames, TX and RX FIFOs of 16,
// each byte shifted at once (XIP reads go straight to the array, as rp2040js does).
class SSI extends BasePeripheral {
  constructor(rp2040) {
    super(rp2040, "SSI");
    this.regs = new Map();
    this.rx = [];
    this.lastCmdAt = 0;
  }
  readUint32(offset) {
    switch (offset) {
      case 0x20: return 0; // TXFLR: every byte is shifted at once
      case 0x24: return this.rx.length; // RXFLR
      case 0x28: return 0x06 | (this.rx.length ? 0x08 : 0) | (this.rx.length >= 16 ? 0x10 : 0);
      case 0x58: return 0x51535049;
      case 0x5c: return 0x3430312a;
      case 0x60: return this.rx.length ? this.rx.shift() : 0;
    }
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    if (offset !== 0x60) {
      this.regs.set(offset, value);
      if (offset === 0x08 && !value) this.rx = []; // SSIENR off flushes the FIFOs
      return;
    }
    let out;
    if (nor.forced) {
      out = nor.transfer(value & 0xff);
    } else {
      // Chip select driven by the SSI itself (boot2 reading the status registers): a byte
      // that arrives with nothing left to read starts a new command.
      if (!this.rx.length) nor.bytes = [];
      out = nor.transfer(value & 0xff);
      if (nor.bytes.length > 1 && [0x06, 0x01, 0x31].includes(nor.bytes[0])) nor.bytes = [];
    }
    if (this.rx.length < 16) this.rx.push(out);
  }
}

// IO_QSPI: only the chip select's output override matters (GPIO_QSPI_SS_CTRL, OUTOVER bits
// 9:8: 2 drives it low, 3 high, 0 leaves it to the SSI).
class IOQSPI extends BasePeripheral {
  constructor(rp2040) {
    super(rp2040, "IO_QSPI");
    this.regs = new Uint32Array(12);
  }
  readUint32(offset) {
    return offset < 48 ? this.regs[offset >> 2] : 0;
  }
  writeUint32(offset, value) {
    if (offset >= 48) return;
    this.regs[offset >> 2] = value;
    if (offset === 0x0c) {
      const over = (value >> 8) & 3;
      const low = over === 2;
      if (low !== nor.forced) {
        nor.forced = low;
        nor.select(low);
      }
    }
  }
}

// -- the ST7789 on SPI0 ----------------------------------------------------------------------

const PIN = { dc: 16, cs: 17, backlight: 20 };
const BUTTONS = { A: 12, B: 13, X: 14, Y: 15 };
// The glass: its size held landscape, and its corner in native RAM (column, row).
const [PANEL_W, PANEL_H] = opt("--panel", "240x135").split("x").map(Number);
const [GLASS_C, GLASS_R] = opt("--glass", "52,40").split(",").map(Number);
if (!(PANEL_W > 0 && PANEL_H > 0 && GLASS_C + PANEL_H <= 240 && GLASS_R + PANEL_W <= 320)) {
  throw new Error("--panel and --glass must fit the ST7789's 240x320 RAM");
}

class ST7789 {
  constructor() {
    this.ram = new Uint16Array(240 * 320);
    this.reset();
  }
  reset() {
    this.cmd = -1;
    this.params = [];
    this.madctl = 0;
    this.inverted = false;
    this.on = false;
    this.asleep = true;
    this.colmod = 0x66;
    this.col = [0, 239];
    this.row = [0, 319];
    this.x = 0;
    this.y = 0;
    this.half = -1; // the high byte of a pixel, while its low byte is awaited
  }
  byte(value, data) {
    if (!data) {
      this.cmd = value;
      this.params = [];
      this.half = -1;
      switch (value) {
        case 0x01: this.reset(); break;
        case 0x10: this.asleep = true; break;
        case 0x11: this.asleep = false; break;
        case 0x20: this.inverted = false; break;
        case 0x21: this.inverted = true; break;
        case 0x28: this.on = false; break;
        case 0x29: this.on = true; break;
        case 0x2c: this.x = this.col[0]; this.y = this.row[0]; break;
      }
      return;
    }
    if (this.cmd === 0x2c) {
      if (this.half < 0) { this.half = value; return; }
      this.pixel((this.half << 8) | value);
      this.half = -1;
      return;
    }
    this.params.push(value);
    const p = this.params;
    if (this.cmd === 0x2a && p.length === 4) this.col = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]];
    if (this.cmd === 0x2b && p.length === 4) this.row = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]];
    if (this.cmd === 0x36) this.madctl = value;
    if (this.cmd === 0x3a) this.colmod = value;
  }
  // Address counters are in the host's frame (after MV); memory in the native 240x320 one.
  pixel(rgb) {
    const m = this.madctl;
    let c = this.x, r = this.y;
    if (m & 0x20) [c, r] = [r, c];
    if (m & 0x40) c = 239 - c;
    if (m & 0x80) r = 319 - r;
    if (c >= 0 && c < 240 && r >= 0 && r < 320) this.ram[r * 240 + c] = rgb;
    if (++this.x > this.col[1]) {
      this.x = this.col[0];
      if (++this.y > this.row[1]) this.y = this.row[0];
    }
  }
  // The glass is PANEL_H native columns from GLASS_C and PANEL_W rows from GLASS_R (the
  // 1.14" pack's: columns 52..186, rows 40..279; the 2.0" pack's: all of RAM). Held
  // landscape with the buttons A B on the left (Pimoroni's orientation, MADCTL MX|MV), pixel
  // (x, y) of the picture is native (GLASS_C + PANEL_H - 1 - y, GLASS_R + x).
  picture() {
    const out = Buffer.alloc(PANEL_W * PANEL_H * 2);
    const right = GLASS_C + PANEL_H - 1;
    let k = 0;
    for (let y = 0; y < PANEL_H; y++) {
      for (let x = 0; x < PANEL_W; x++) {
        const v = this.ram[(GLASS_R + x) * 240 + (right - y)];
        out[k++] = v >> 8;
        out[k++] = v & 0xff;
      }
    }
    return out;
  }
}
const panel = new ST7789();

// -- the chip --------------------------------------------------------------------------------

const bootrom = (() => {
  const raw = fs.readFileSync(opt("--bootrom"));
  if (raw.length !== 16384) throw new Error("the RP2040 bootrom is 16,384 bytes");
  return new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + 16384));
})();

let sim, mcu, cdc;
let pendingRead = -1; // the size of an OUT transfer the firmware armed while we had nothing
const serialIn = [];
const buttonsDown = new Set();

function powerOn() {
  sim = new Simulator();
  mcu = sim.rp2040;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash); // rp2040js keeps its own array for XIP reads: ours is copied in ...
  // ... and kept in step: XIP reads go to the array rp2040js owns, so it must be ours.
  Object.defineProperty(mcu, "flash", { value: flash });
  mcu.flashView = new DataView(flash.buffer);
  mcu.flash16 = new Uint16Array(flash.buffer);
  installPeripherals();
  panel.reset();
  nor.forced = false;
  nor.bytes = [];
  pendingRead = -1;
  for (const [name, gpio] of Object.entries(BUTTONS)) {
    mcu.gpio[gpio].setInputValue(!buttonsDown.has(name));
  }
  mcu.core.PC = XIP_BASE; // boot2, as the bootrom would jump to it
}

function installPeripherals() {
  // rp2040js looks peripherals up by (address >>> 14) << 2.
  const at = (base) => (base >>> 14) << 2;
  mcu.peripherals[at(0x18000000)] = new SSI(mcu);
  mcu.peripherals[at(0x40018000)] = new IOQSPI(mcu);

  const spi = mcu.spi[0];
  const done = sim.clock.createAlarm(() => {
    spiShifting = false;
    spi.completeTransmit(0);
  });
  spi.onTransmit = (value) => {
    const dc = mcu.gpio[PIN.dc].outputValue;
    const cs = mcu.gpio[PIN.cs].outputValue;
    if (!cs) panel.byte(value & 0xff, dc);
    stats.spiBytes++;
    lastActivity = stats.cycles;
    const hz = spi.clockFrequency || 1e6;
    spiShifting = true;
    done.schedule((spi.dataBits * 1e9) / hz);
  };

  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (data) => send("S", Buffer.from(data));
  const usb = mcu.usbCtrl;
  const handOut = usb.onEndpointRead;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return handOut(endpoint, size);
    if (!serialIn.length) {
      pendingRead = size;
      return;
    }
    deliver(size);
  };

  mcu.watchdog = mcu.peripherals[at(0x40058000)];
  mcu.watchdog.onWatchdogTrigger = () => {
    resetRequested = true;
    mcu.core.waiting = false;
  };
}

function deliver(size) {
  const chunk = new Uint8Array(serialIn.splice(0, Math.min(size, serialIn.length)));
  pendingRead = -1;
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, chunk);
}

function serialWrite(bytes) {
  for (const b of bytes) serialIn.push(b);
  if (pendingRead >= 0 && serialIn.length) deliver(pendingRead);
}

let spiShifting = false;
let resetRequested = false;

function reset(cause) {
  stats.resets++;
  resetRequested = false;
  powerOn(); // the counters go on: they are the board's, not the chip's
  event({ event: "reset", cause, cycles: Math.round(stats.cycles) });
}

// Run until the emulated clock has advanced `nanos`, or a stop condition holds. The chip's
// clock is clk_sys as the firmware set it (125 MHz after MicroPython's boot).
function run(nanos, stop) {
  const clock = sim.clock;
  const end = clock.nanos + nanos;
  const core = mcu.core;
  let checked = 0;
  while (clock.nanos < end && !cut) {
    const cycleNanos = 1e9 / mcu.clkSys;
    if (core.waiting) {
      // Asleep: nothing happens until the next alarm; with none, until input arrives from
      // the harness, which comes between commands, so the rest of this run is sleep.
      let step = clock.nanosToNextAlarm;
      if (step <= 0 || !isFinite(step) || step > end - clock.nanos) step = end - clock.nanos;
      const cycles = step / cycleNanos;
      stats.cycles += cycles;
      if (spiShifting) stats.spiWait += cycles;
      clock.tick(step);
    } else {
      const pc = profile ? core.PC : 0;
      const cycles = core.executeInstruction();
      if (profile) profile.set(pc, (profile.get(pc) || 0) + cycles);
      stats.cycles += cycles;
      stats.active += cycles;
      if (spiShifting) stats.spiWait += cycles;
      clock.tick(cycles * cycleNanos);
    }
    if (resetRequested) reset("watchdog");
    if (++checked >= 4096) {
      checked = 0;
      if (stop && stop()) return;
    }
  }
}

// The backlight, 0 (off) to 1 (full): GP20 as a plain output is its level; as PWM (the
// firmware's machine.PWM: FUNCSEL 4, slice 2 channel A, RP2040 datasheet's GPIO-to-PWM table)
// the duty CC / (TOP + 1) read from the slice's registers, not the pin, which toggles at the
// PWM's rate.
function backlightLevel() {
  const gpio = mcu.gpio[PIN.backlight];
  const slice = mcu.pwm.channels[(PIN.backlight >> 1) & 7];
  if (gpio.functionSelect !== 4 || !(slice.csr & 1)) return gpio.outputValue ? 1 : 0;
  const b = PIN.backlight & 1;
  const duty = Math.min(1, (b ? slice.cc >>> 16 : slice.cc & 0xffff) / (slice.top + 1));
  return slice.csr & (b ? 8 : 4) ? 1 - duty : duty; // B_INV, A_INV
}

function state() {
  return {
    ...stats,
    cycles: Math.round(stats.cycles),
    spiWait: Math.round(stats.spiWait),
    nanos: sim.clock.nanos,
    clkSys: mcu.clkSys,
    clkPeri: mcu.clkPeri,
    spiHz: mcu.spi[0].clockFrequency,
    cut,
    display: {
      backlight: backlightLevel(),
      on: panel.on,
      asleep: panel.asleep,
      inverted: panel.inverted,
      madctl: panel.madctl,
      colmod: panel.colmod,
      size: [PANEL_W, PANEL_H],
    },
  };
}

// -- commands --------------------------------------------------------------------------------

// "settle": run until the board has been quiet (no SPI byte, no flash operation, the CPU
// mostly asleep) for quiet_ms of emulated time, or max_ms passed.
function settle(quietMs, maxMs) {
  const quietCycles = (quietMs / 1000) * mcu.clkSys;
  const startNanos = sim.clock.nanos;
  let windowStart = stats.cycles;
  let windowActive = stats.active;
  const slice = 1e6; // 1 ms
  while (sim.clock.nanos - startNanos < maxMs * 1e6 && !cut) {
    run(slice);
    const idle = stats.cycles - lastActivity >= quietCycles;
    const window = stats.cycles - windowStart;
    if (window >= quietCycles) {
      const busy = (stats.active - windowActive) / window;
      if (idle && busy < 0.2) return true;
      windowStart = stats.cycles;
      windowActive = stats.active;
    }
  }
  return false;
}

const commands = {
  state: () => state(),
  run: (c) => { run(c.ms * 1e6); return state(); },
  settle: (c) => ({ settled: settle(c.quiet_ms ?? 40, c.max_ms ?? 10000), ...state() }),
  // A button: down (pressed, the pin low) or up.
  button: (c) => {
    const gpio = BUTTONS[c.name];
    if (gpio === undefined) throw new Error(`no button ${c.name}`);
    if (c.down) buttonsDown.add(c.name); else buttonsDown.delete(c.name);
    mcu.gpio[gpio].setInputValue(!c.down);
    return state();
  },
  serial: (c) => { serialWrite(Buffer.from(c.data, "base64")); return {}; },
  frame: () => { send("V", panel.picture()); return state(); },
  cut_at: (c) => { cutAt = c.n; return {}; },
  save: () => { saveFlash(); return {}; },
  uf2: (c) => ({ blocks: writeUf2(c.path) }),
  reset: () => { reset("power"); return state(); },
  // Free-running, paced to the wall clock, for people and serial tools: the loop below.
  realtime: (c) => { realtime = !!c.on; return {}; },
  // on: start counting cycles per instruction address; off: stop and return them.
  profile: (c) => {
    if (c.on) { profile = new Map(); return {}; }
    const pcs = profile ? [...profile] : [];
    profile = null;
    return { pcs };
  },
  quit: () => { saveFlash(); process.exit(0); },
};

let realtime = false;
// tools/pico/profile.py: cycles executed at each instruction address while on (a Map; slows
// the chip's emulation, not its cycles).
let profile = null;
const queue = [];
let lineBuf = "";
process.stdin.on("data", (chunk) => {
  lineBuf += chunk.toString();
  let nl;
  while ((nl = lineBuf.indexOf("\n")) >= 0) {
    const line = lineBuf.slice(0, nl).trim();
    lineBuf = lineBuf.slice(nl + 1);
    if (line) queue.push(JSON.parse(line));
  }
});
process.stdin.on("end", () => { saveFlash(); process.exit(0); });

powerOn();

let wallStart = Date.now();
let nanosStart = 0;
function loop() {
  while (queue.length) {
    const c = queue.shift();
    try {
      const out = commands[c.op](c);
      reply({ ok: true, ...out });
    } catch (e) {
      reply({ ok: false, error: String(e && e.message || e) });
    }
    if (cut) event({ event: "cut", at: cutAt });
    if (c.op === "realtime") { wallStart = Date.now(); nanosStart = sim.clock.nanos; }
  }
  if (realtime && !cut) {
    // Stay at most a few ms ahead of the wall clock: a person's buttons and serial tools'
    // time-outs live there.
    const due = nanosStart + (Date.now() - wallStart) * 1e6;
    const ahead = sim.clock.nanos - due;
    if (ahead < 5e6) run(Math.min(10e6, 5e6 - ahead));
    setImmediate(loop);
  } else {
    setTimeout(loop, realtime ? 1 : 2);
  }
}
loop();
