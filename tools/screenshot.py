"""What the simulated displays hold, as images (Pillow): for golden screenshots, the README's
pictures and the simulator's window.

    color240x135  the panel's RAM: RGB565, 2 bytes a pixel, high byte first; a colour of the
    color320x240  driver's table is shown as the table's 8-bit colour it came from
    mono128x64    MONO_VLSB: a byte is 8 pixels down a column, the top one in bit 0
"""

import ast
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
COLOR = "color240x135"
LARGE = "color320x240"
MONO = "mono128x64"
SIZES = {COLOR: (240, 135), LARGE: (320, 240), MONO: (128, 64)}
_MONO_INK = (235, 240, 255)  # a white OLED's white, near enough


def palette():
    """The drivers' colour table, read from its source (the module itself only imports on
    MicroPython)."""
    source = (ROOT / "firmware" / "drivers" / "strip.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        target = getattr(node, "targets", [None])[0]
        if isinstance(node, ast.Assign) and getattr(target, "id", "") == "DEFAULT_PALETTE":
            return [tuple(c) for c in ast.literal_eval(node.value)]
    raise LookupError("DEFAULT_PALETTE not found in drivers/strip.py")


def image(buffer: bytes, layout: str) -> Image.Image:
    width, height = SIZES[layout]
    if layout != MONO:
        table = {_rgb565(*c).to_bytes(2, "big"): bytes(c) for c in palette()}
        pixels = b"".join(table.get(buffer[i:i + 2]) or _expand(buffer[i:i + 2])
                          for i in range(0, 2 * width * height, 2))
        return Image.frombytes("RGB", (width, height), pixels)
    img = Image.new("RGB", (width, height))
    put = img.putpixel
    for page in range(height // 8):
        for x in range(width):
            byte = buffer[page * width + x]
            for bit in range(8):
                if byte >> bit & 1:
                    put((x, page * 8 + bit), _MONO_INK)
    return img


def _rgb565(r: int, g: int, b: int) -> int:
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


def _expand(pixel: bytes) -> bytes:
    """8-bit r, g, b of an RGB565 pixel that is not a colour of the table."""
    v = pixel[0] << 8 | pixel[1]
    return bytes(((v >> 11) << 3, (v >> 5 & 0x3F) << 2, (v & 0x1F) << 3))


def save(buffer: bytes, layout: str, path: Path, scale: int = 2) -> None:
    img = image(buffer, layout)
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
    img.save(path)
