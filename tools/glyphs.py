"""Build firmware/ui/glyphs.py: the subset of GNU Unifont that the UI needs.

    python -m tools.glyphs                      # the one rebuild command
    python -m tools.glyphs --names 张三,李四     # also the characters of these names
    python -m tools.glyphs --hex PATH           # another unifont.hex (default: Debian's)

The subset holds exactly: printable ASCII, every non-ASCII character in a string literal of any
firmware .py (docstrings left out: they are never shown), and the characters of the configured
player names: those given with --names plus those in names.txt at the repository root (one name
per line, optional; commit it when a table's names should survive the next rebuild).

Source: the Debian package `unifont` (`apt-get install unifont`), whose plain-text
/usr/share/unifont/unifont.hex has one glyph a line, `XXXX:` + 32 hex digits (8×16, half
width) or 64 hex digits (16×16, full width); each row is MSB first, which is exactly
framebuf.MONO_HLSB, so the bitmaps are copied as they are.

Layout of the generated module, chosen for MicroPython: bytes objects and no dict (a dict of
hundreds of entries costs heap; bytes constants stay in flash when the module is frozen).
    CODES    sorted code points, 2 bytes each big-endian; printable ASCII first (entries 0..94)
    BUCKETS  257 big-endian 2-byte entries: BUCKETS[h] is the first entry whose code point is
             at least h << 8, so the characters with high byte h are entries
             BUCKETS[h]..BUCKETS[h+1]; a lookup then searches a few entries, not all (a plain
             binary search over 300 entries cost ~28,000 VM fuel, this ~13,000)
    SHAPES   N bytes: bit 7 set for a full-width glyph (16 px, 2 bytes a row; else 8 px, 1
             byte), bits 0..3 the first row with ink
    OFFSETS  N+1 big-endian 2-byte byte offsets into BITMAPS: glyph i spans
             OFFSETS[i]..OFFSETS[i+1]
    BITMAPS  the glyphs' rows from the first with ink to the last, MONO_HLSB; a blank glyph
             (space) has none
The blank rows above and below the ink are left out (about an eighth of the bitmaps, a quarter
of a digit's): less flash, and fewer pixels for framebuf's blit to walk on every draw.
Lookup (ui/text.py): ASCII is indexed directly, anything else searched within its bucket.

Only the Basic Multilingual Plane is covered (unifont.hex is plane 0): a character outside it
is reported and left out, and the UI draws the missing-glyph box for it.
"""

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
OUTPUT = FIRMWARE / "ui" / "glyphs.py"
NAMES_FILE = ROOT / "names.txt"
DEFAULT_HEX = Path("/usr/share/unifont/unifont.hex")

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
HEIGHT = 16
WIDE = 0x80  # SHAPES: a full-width glyph


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
    out = firmware / "ui" / "glyphs.py"
    return sorted(p for p in firmware.rglob("*.py")
                  if "__pycache__" not in p.parts and p != out)


def firmware_chars(firmware: Path = FIRMWARE) -> set[str]:
    """Every non-ASCII character the firmware's string literals use."""
    found = set()
    for path in firmware_sources(firmware):
        found |= literal_chars(path.read_text(encoding="utf-8"))
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


def pack(glyphs: dict[int, bytes]) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    """(CODES, BUCKETS, SHAPES, OFFSETS, BITMAPS) for the sorted glyphs."""
    codes = sorted(glyphs)
    shapes = bytearray()
    offsets = [0]
    bitmaps = bytearray()
    for cp in codes:
        top, rows = trim(glyphs[cp])
        shapes.append((WIDE if len(glyphs[cp]) == 2 * HEIGHT else 0) | top)
        bitmaps += rows
        offsets.append(len(bitmaps))
    if offsets[-1] > 0xFFFF:
        raise ValueError("subset too large for 2-byte offsets")
    return (b"".join(cp.to_bytes(2, "big") for cp in codes), buckets(codes), bytes(shapes),
            b"".join(o.to_bytes(2, "big") for o in offsets), bytes(bitmaps))


def unpack(module) -> dict[int, bytes]:
    """{code point: its 16-row bitmap} of a generated module (the module, or a dict of its
    names): the inverse of pack(), for the tests."""
    names = module if isinstance(module, dict) else vars(module)
    codes, shapes, offsets = names["CODES"], names["SHAPES"], names["OFFSETS"]
    out = {}
    for i in range(names["COUNT"]):
        per_row = 2 if shapes[i] & WIDE else 1
        top = (shapes[i] & 0x0F) * per_row
        rows = names["BITMAPS"][(offsets[2 * i] << 8) | offsets[2 * i + 1]:
                                (offsets[2 * i + 2] << 8) | offsets[2 * i + 3]]
        out[(codes[2 * i] << 8) | codes[2 * i + 1]] = (
            bytes(top) + rows + bytes(HEIGHT * per_row - top - len(rows)))
    return out


def _bytes_literal(name: str, data: bytes, per_line: int = 20) -> str:
    """`NAME = (b"..." b"...")` wrapped under 99 columns, as plain \\x escapes."""
    lines = []
    for i in range(0, len(data), per_line):
        chunk = data[i:i + per_line]
        lines.append('    b"' + "".join("\\x{:02x}".format(b) for b in chunk) + '"')
    if not lines:
        return '{} = b""\n'.format(name)
    return "{} = (\n{}\n)\n".format(name, "\n".join(lines))


def render_module(glyphs: dict[int, bytes], source_name: str) -> str:
    codes, bucket_index, shapes, offsets, bitmaps = pack(glyphs)
    chars = "".join(chr(cp) for cp in sorted(glyphs) if cp > 0x7E)
    head = (
        '"""Glyph subset of GNU Unifont ({source}) for the UI: generated by\n'
        "`python -m tools.glyphs`; do not edit. {n} characters, {b} bytes of bitmaps.\n"
        "Layout and lookup: see tools/glyphs.py and ui/text.py. Unifont is GPLv2+ with the\n"
        'font embedding exception, or OFL 1.1.\n\n'
        "Non-ASCII characters held:\n{chars}\n"
        '"""\n\n'
        "HEIGHT = {h}\n"
        "COUNT = {n}\n\n"
    ).format(source=source_name, n=len(glyphs), b=len(bitmaps), h=HEIGHT,
             chars="\n".join(chars[i:i + 40] for i in range(0, len(chars), 40)))
    return (head + _bytes_literal("CODES", codes) + "\n"
            + _bytes_literal("BUCKETS", bucket_index) + "\n" + _bytes_literal("SHAPES", shapes)
            + "\n" + _bytes_literal("OFFSETS", offsets) + "\n"
            + _bytes_literal("BITMAPS", bitmaps))


def wanted_chars(names: list[str]) -> set[str]:
    return set(ASCII) | firmware_chars() | name_chars(names)


def build(hex_path: Path, names: list[str]) -> tuple[str, dict[int, bytes], list[str]]:
    """(module text, glyphs, characters not found or outside the BMP)."""
    wanted = wanted_chars(names)
    outside = sorted(ch for ch in wanted if ord(ch) > 0xFFFF)
    glyphs = read_hex(hex_path, {ord(ch) for ch in wanted if ord(ch) <= 0xFFFF})
    missing = sorted(set(wanted) - {chr(cp) for cp in glyphs})
    source = hex_path.name
    debian = Path("/usr/share/doc/unifont/changelog.Debian.gz")
    if debian.exists():
        import gzip

        first = gzip.decompress(debian.read_bytes()).decode().split("\n", 1)[0]
        source = "{}, Debian unifont {}".format(source, first.split("(")[1].split(")")[0])
    return render_module(glyphs, source), glyphs, sorted(set(missing) | set(outside))


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
    text, glyphs, missing = build(args.hex, names)
    args.output.write_text(text, encoding="utf-8")
    size = sum(len(trim(g)[1]) for g in glyphs.values())
    print("{}: {} characters ({} non-ASCII), {} bytes of bitmaps, {} bytes of index".format(
        args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output,
        len(glyphs), sum(1 for cp in glyphs if cp > 0x7E), size, 5 * len(glyphs) + 2 + 514))
    if missing:
        print("not in the font (drawn as a box): " + " ".join(
            "U+{:04X}".format(ord(ch)) for ch in missing), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
