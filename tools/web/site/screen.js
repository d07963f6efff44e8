// The board's framebuffer on a canvas at its real pixels, drawn as tools/screenshot.py draws
// it (the same colour table and OLED ink, from site.json), so that the canvas holds the
// simulator's screenshot pixel for pixel. The CSS scales it up without smoothing.

function rgba(r, g, b) {
  return (255 << 24 | b << 16 | g << 8 | r) >>> 0; // ImageData's bytes, little-endian
}

export class Screen {
  constructor(canvas, layout, size, site) {
    this.canvas = canvas;
    this.mono = layout.startsWith("mono");
    [canvas.width, canvas.height] = size;
    this.ctx = canvas.getContext("2d");
    this.image = this.ctx.createImageData(size[0], size[1]);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.ink = rgba(...site.ink);
    this.black = rgba(0, 0, 0);
    if (!this.mono) {
      // RGB565, high byte first: the driver's colour table shown as the 8-bit colour it came
      // from, any other pixel expanded
      this.colours = new Uint32Array(65536);
      for (let v = 0; v < 65536; v++) {
        this.colours[v] = rgba((v >> 11) << 3, (v >> 5 & 0x3f) << 2, (v & 0x1f) << 3);
      }
      for (const [r, g, b] of site.palette) {
        this.colours[(r & 0xf8) << 8 | (g & 0xfc) << 3 | b >> 3] = rgba(r, g, b);
      }
    }
  }

  // One answer of the guest: a new framebuffer (bytes), or the display slept, woke or dimmed.
  show(answer) {
    if (answer.fb !== undefined) this.fb = answer.fb;
    if (answer.fb === undefined && answer.asleep === this.asleep
        && answer.brightness === this.brightness) return;
    this.asleep = answer.asleep;
    this.brightness = answer.brightness;
    this.draw();
  }

  draw() {
    const { pixels, fb } = this;
    const width = this.canvas.width;
    if (this.asleep || !fb) {
      pixels.fill(this.black);
    } else if (this.mono) {
      // MONO_VLSB: a byte is 8 pixels down a column, the top one in bit 0
      for (let i = 0; i < pixels.length; i++) {
        const x = i % width;
        const y = (i - x) / width;
        pixels[i] = fb[(y >> 3) * width + x] >> (y & 7) & 1 ? this.ink : this.black;
      }
    } else {
      for (let i = 0; i < pixels.length; i++) {
        pixels[i] = this.colours[fb[2 * i] << 8 | fb[2 * i + 1]];
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
    // dim: a low duty looks brighter than its share, as tools/sim/screen.py shows it
    const shown = 0.3 + 0.7 * (this.brightness ?? 100) / 100;
    this.canvas.style.filter = shown < 1 ? "brightness(" + shown + ")" : "";
  }
}
