"""Framebuffers of the firmware's layouts as images (Pillow): for golden screenshots, the
README's pictures and the simulator's window.

    color240x135  GS4_HMSB: two pixels a byte, the left one in the high nibble, each an index
                  into the ST7789 driver's colour table
    mono128x64    MONO_VLSB: a byte is 8 pixels down a column, the top one in bit 0
"""

import ast
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
COLOR = "color240x135"
MONO = "mono128x64"
SIZES = {COLOR: (240, 135), MONO: (128, 64)}
_MONO_INK = (235, 240, 255)  # a white OLED's white, near enough


def palette():
    """The driver's colour table, read from its source (the driver itself only imports on
    MicroPython)."""
    source = (ROOT / "firmware" / "drivers" / "st7789.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        target = getattr(node, "targets", [None])[0]
        if isinstance(node, ast.Assign) and getattr(target, "id", "") == "DEFAULT_PALETTE":
            return [tuple(c) for c in ast.literal_eval(node.value)]
    raise LookupError("DEFAULT_PALETTE not found in drivers/st7789.py")


def image(buffer: bytes, layout: str) -> Image.Image:
    width, height = SIZES[layout]
    if layout == COLOR:
        pixels = bytearray()
        for byte in buffer:
            pixels.append(byte >> 4)
            pixels.append(byte & 0x0F)
        img = Image.frombytes("P", (width, height), bytes(pixels))
        flat = [v for colour in palette() for v in colour]
        img.putpalette(flat + [0] * (768 - len(flat)))
        return img.convert("RGB")
    img = Image.new("RGB", (width, height))
    put = img.putpixel
    for page in range(height // 8):
        for x in range(width):
            byte = buffer[page * width + x]
            for bit in range(8):
                if byte >> bit & 1:
                    put((x, page * 8 + bit), _MONO_INK)
    return img


def save(buffer: bytes, layout: str, path: Path, scale: int = 2) -> None:
    img = image(buffer, layout)
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
    img.save(path)
