"""Build firmware/ui/glyphs.bin: the UI's font file, GB 2312 and more from GNU Unifont.

    python -m tools.glyphs                      # the one rebuild command
    python -m tools.glyphs --names 张三,李四     # also the characters of these names
    python -m tools.glyphs --hex PATH           # another unifont.hex (default: Debian's)

The file holds: printable ASCII, every character of GB 2312 (its 6,763 hanzi and 682 symbols:
the 2-byte codes 0xA1A1..0xF7FE that Python's 'gb2312' codec decodes), every non-ASCII
character in a string literal of any firmware .py (docstrings left out: they are never shown),
and the characters of names outside GB 2312: those given with --names plus those in names.txt
at the repository root (one name per line, optional; commit it with the rebuilt file). Any
common Chinese name is therefore on the board without a rebuild: the file is committed, so
deploying needs no unifont; only this rebuild does.

Source: the Debian package `unifont` (`apt-get install unifont`), whose plain-text
/usr/share/unifont/unifont.hex has one glyph a line, `XXXX:` + 32 hex digits (8×16, half
width) or 64 hex digits (16×16, full width); each row is MSB first, which is exactly
framebuf.MONO_HLSB, so the bitmaps are copied as they are. GNU Unifont is dual-licensed
GPL-2.0-or-later with the GNU font embedding exception, or SIL OFL 1.1: embedding its glyphs
in this device's firmware, as here, is what both allow.

Layout of the file, made for MicroPython's seek + readinto (all numbers big-endian):
    0      4      magic b"UFG1"
    4      2      N, the number of characters
    6      1      height, 16; then 1 byte: SLOT, 34
    8      514    BUCKETS: 257 2-byte entries, BUCKETS[h] the first entry whose code point is
                  at least h << 8 (ui/text.py keeps these 522 bytes in RAM)
    522    N      LOWS: the low byte of each code point, sorted; printable ASCII is entries
                  0..94, so it is indexed directly
    522+N  34 N   GLYPHS, a SLOT of 34 bytes each: its shape (bit 7 set for a full-width
                  glyph: 16 px, 2 bytes a row, else 8 px, 1 byte; bits 0..3 its first row with
                  ink), the number of bytes of its rows, then its rows from the first with ink
                  to the last (MONO_HLSB), zero-padded to 32 bytes; a blank glyph (space) has
                  no rows
    522+35N 2+2K  WIDTHS: K, then the K code points (sorted) whose glyph is not as wide as
                  the rule says: 8 px below U+1100, 16 from it (a missing character's box
                  follows the rule). GB 2312's half-width symbols (… − ▼ ─ and such) are
                  the ~160 of them. The width of a string is then known from its code points
                  alone, with no glyph read: ui/ink.py's machine code measures it so
A lookup reads the bucket's LOWS in one read (at most 256 bytes, searched in RAM), then the
glyph's slot in one more, straight into ui/text.py's cache. The blank rows above and below the
ink are left out of what is blitted: fewer pixels for framebuf's blit to walk on every draw.
(Packed end to end behind an offset index the file would be ~1 KB smaller, for one more read
per glyph: seek + readinto is most of a lookup's cost.)

Only the Basic Multilingual Plane is covered (unifont.hex is plane 0): a character outside it
is reported and left out, and the UI draws the missing-glyph box for it.
"""

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
OUTPUT = FIRMWARE / "ui" / "glyphs.bin"
NAMES_FILE = ROOT / "names.txt"
DEFAULT_HEX = Path("/usr/share/unifont/unifont.hex")

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
HEIGHT = 16
WIDE = 0x80  # shape: a full-width glyph
MAGIC = b"UFG1"
HEAD = 8  # magic, count, height, 0
LOWS = HEAD + 514  # where LOWS starts: after the header and BUCKETS
SLOT = 34  # bytes a glyph: shape, length, 32 bytes of rows
WIDE_FROM = 0x1100  # the width rule: a character is full width from here up (ui/text.py)


def _docstring_nodes(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings or bare string statements."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))
    return skip


def literal_chars(source: str) -> set[str]:
    """Non-ASCII characters in the string literals of one Python source (not docstrings)."""
    tree = ast.parse(source)
    skip = _docstring_nodes(tree)
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip):
            found.update(ch for ch in node.value if ord(ch) > 0x7E)
    return found


def firmware_sources(firmware: Path = FIRMWARE) -> list[Path]:
    return sorted(p for p in firmware.rglob("*.py") if "__pycache__" not in p.parts)


def firmware_chars(firmware: Path = FIRMWARE) -> set[str]:
    """Every non-ASCII character the firmware's string literals use."""
    found = set()
    for path in firmware_sources(firmware):
        found |= literal_chars(path.read_text(encoding="utf-8"))
    return found


def gb2312_chars() -> set[str]:
    """Every character of GB 2312: what its 2-byte codes 0xA1A1..0xF7FE decode to."""
    found = set()
    for high in range(0xA1, 0xF8):
        for low in range(0xA1, 0xFF):
            try:
                found.add(bytes((high, low)).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # an unassigned code
    return found


def name_chars(names: list[str], names_file: Path = NAMES_FILE) -> set[str]:
    found = set()
    if names_file.exists():
        names = names + names_file.read_text(encoding="utf-8").splitlines()
    for name in names:
        found.update(ch for ch in name.strip() if ord(ch) > 0x7E)
    return found


def read_hex(path: Path, wanted: set[int]) -> dict[int, bytes]:
    """The bitmaps of the wanted code points from a unifont .hex file."""
    glyphs = {}
    with path.open(encoding="ascii") as f:
        for line in f:
            code, _, bits = line.strip().partition(":")
            cp = int(code, 16)
            if cp in wanted:
                if len(bits) not in (32, 64):
                    raise ValueError("{:04X}: unexpected glyph size {}".format(cp, len(bits)))
                glyphs[cp] = bytes.fromhex(bits)
    return glyphs


def buckets(codes: list[int]) -> bytes:
    """BUCKETS for sorted code points: entry h = first index with code point >= h << 8."""
    out = []
    i = 0
    for h in range(257):
        while i < len(codes) and codes[i] < h << 8:
            i += 1
        out.append(i.to_bytes(2, "big"))
    return b"".join(out)


def trim(bitmap: bytes) -> tuple[int, bytes]:
    """(first row with ink, the rows from it to the last with ink) of a 16-row bitmap; a blank
    one is (0, b"")."""
    per_row = len(bitmap) // HEIGHT
    inked = [r for r in range(HEIGHT) if any(bitmap[r * per_row:(r + 1) * per_row])]
    if not inked:
        return 0, b""
    return inked[0], bitmap[inked[0] * per_row:(inked[-1] + 1) * per_row]


def pack(glyphs: dict[int, bytes]) -> bytes:
    """The font file (layout above) of the glyphs."""
    codes = sorted(glyphs)
    if codes[:95] != list(range(0x20, 0x7F)):
        raise ValueError("printable ASCII must be entries 0..94")
    if codes[-1] > 0xFFFF:
        raise ValueError("only the Basic Multilingual Plane fits")
    slots = bytearray()
    for cp in codes:
        top, rows = trim(glyphs[cp])
        slots.append((WIDE if len(glyphs[cp]) == 2 * HEIGHT else 0) | top)
        slots.append(len(rows))
        slots += rows + bytes(SLOT - 2 - len(rows))
    return (MAGIC + len(codes).to_bytes(2, "big") + bytes((HEIGHT, SLOT)) + buckets(codes)
            + bytes(cp & 0xFF for cp in codes) + bytes(slots) + widths(glyphs))


def widths(glyphs: dict[int, bytes]) -> bytes:
    """WIDTHS: the code points whose glyph breaks the width rule, counted, then sorted."""
    odd = [cp for cp in sorted(glyphs)
           if (len(glyphs[cp]) == 2 * HEIGHT) != (cp >= WIDE_FROM)]
    return len(odd).to_bytes(2, "big") + b"".join(cp.to_bytes(2, "big") for cp in odd)


def unpack(data: bytes) -> dict[int, bytes]:
    """{code point: its 16-row bitmap} of a font file: the inverse of pack(), for the tests
    and deploy. Raises ValueError if it is not one."""
    if data[:4] != MAGIC or data[6] != HEIGHT or data[7] != SLOT:
        raise ValueError("not a font file of tools.glyphs")
    n = int.from_bytes(data[4:6], "big")
    bucket_index = data[HEAD:LOWS]
    first = LOWS + n
    end = first + SLOT * n
    odd = int.from_bytes(data[end:end + 2], "big")  # WIDTHS' count (0 if cut short)
    if len(data) != end + 2 + 2 * odd:
        raise ValueError("a font file of the wrong length")
    out = {}
    for h in range(256):
        for i in range(int.from_bytes(bucket_index[2 * h:2 * h + 2], "big"),
                       int.from_bytes(bucket_index[2 * h + 2:2 * h + 4], "big")):
            slot = data[first + SLOT * i:first + SLOT * (i + 1)]
            per_row = 2 if slot[0] & WIDE else 1
            top = (slot[0] & 0x0F) * per_row
            rows = slot[2:2 + slot[1]]
            out[(h << 8) | data[LOWS + i]] = (
                bytes(top) + rows + bytes(HEIGHT * per_row - top - len(rows)))
    return out


def held(path: Path = OUTPUT) -> set[str]:
    """The characters a font file holds (none if it is missing or not one)."""
    try:
        return {chr(cp) for cp in unpack(path.read_bytes())}
    except (OSError, ValueError, IndexError):
        return set()


def wanted_chars(names: list[str]) -> set[str]:
    return set(ASCII) | gb2312_chars() | firmware_chars() | name_chars(names)


def build(hex_path: Path, names: list[str]) -> tuple[bytes, dict[int, bytes], list[str]]:
    """(font file, glyphs, characters not found or outside the BMP)."""
    wanted = wanted_chars(names)
    outside = sorted(ch for ch in wanted if ord(ch) > 0xFFFF)
    glyphs = read_hex(hex_path, {ord(ch) for ch in wanted if ord(ch) <= 0xFFFF})
    missing = sorted(set(wanted) - {chr(cp) for cp in glyphs})
    return pack(glyphs), glyphs, sorted(set(missing) | set(outside))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--names", default="", help="comma-separated player names")
    parser.add_argument("--hex", type=Path, default=DEFAULT_HEX, help="unifont .hex file")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    if not args.hex.exists():
        print("{} not found: apt-get install unifont".format(args.hex), file=sys.stderr)
        return 1
    names = [n for n in args.names.split(",") if n.strip()]
    data, glyphs, missing = build(args.hex, names)
    args.output.write_bytes(data)
    size = sum(len(trim(g)[1]) for g in glyphs.values())
    print("{}: {} characters ({} non-ASCII), {:,} bytes ({:,} of them inked rows)".format(
        args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output,
        len(glyphs), sum(1 for cp in glyphs if cp > 0x7E), len(data), size))
    if missing:
        print("not in the font (drawn as a box): " + " ".join(
            "U+{:04X}".format(ord(ch)) for ch in missing), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
