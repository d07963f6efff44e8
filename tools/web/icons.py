"""The web app's icons, drawn from the device's own screen: the 320x240 table screen of the
README's pictures (made by `python -m tools.sim --readme`, checked pixel for pixel by the
golden tests) on a board with its four buttons. Square and full-bleed, so that a phone may cut
it to a circle or a rounded square ("maskable"): everything that matters is inside the middle
80%."""

import io
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent.parent
SCREEN = ROOT / "docs" / "pictures" / "color320x240-zh-table.png"
ICON_SIZES = (192, 512)
_BACKGROUND = (31, 38, 48)
_BOARD = (58, 68, 84)
_BUTTON = (214, 220, 230)


def icon(size: int) -> bytes:
    """The icon as PNG bytes, `size` pixels square. Drawn at 512 and scaled, so that every
    size shows the same picture."""
    big = 512
    img = Image.new("RGB", (big, big), _BACKGROUND)
    draw = ImageDraw.Draw(img)
    # the board, inside the safe middle 80%
    draw.rounded_rectangle((70, 96, 442, 416), radius=36, fill=_BOARD)
    screen = Image.open(SCREEN).convert("RGB")
    # the totals: the three rows under the title line, the device's biggest digits
    rows = screen.crop((0, 48, screen.width, 336))
    width = 332
    rows = rows.resize((width, rows.height * width // rows.width), Image.Resampling.LANCZOS)
    img.paste(rows, ((big - width) // 2, 116))
    for i in range(4):
        x = 130 + i * 84
        draw.ellipse((x - 17, 346, x + 17, 380), fill=_BUTTON)
    if size != big:
        img = img.resize((size, size), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
