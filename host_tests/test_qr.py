"""ui/qr.py, the QR Code encoder of the settlement screen: what it draws must scan.

Every symbol checked here is drawn to a picture (4 light modules of quiet zone, a few pixels
a module) and read back by an independent decoder, zxing-cpp: the bytes it reads must be
the bytes encoded. The structure the standard fixes (finders, timing, dark module, format
and version information, alignment centres, codeword counts) is checked against figures
written out here from ISO/IEC 18004, not against the encoder's own code. Last, the same
encoder runs on the MicroPython VM and must put out the very modules CPython does, so what
zxing read is what a board shows.
"""

import binascii
import itertools
import re

import pytest
import zxingcpp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from tools import mpvm
from ui import qr

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Settlement-like text: ASCII, common Chinese characters, the punctuation a settlement uses.
TEXT = st.text(
    alphabet=st.one_of(st.characters(min_codepoint=0x20, max_codepoint=0x7E),
                       st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5),
                       st.sampled_from("\n，。：；×²＋－")),
    min_size=1, max_size=100)

SETTLEMENT = ("第3局结算 2026-12-01\n地主 李四 +24\n农民 王五 -12\n农民 欧阳 -12\n"
              "累计：李四 +136，王五 -40，欧阳 -96。斗地主 3 × 2² = 12；春天×2。\n")

# ISO/IEC 18004 Table 1: all codewords of each version (index 0 = version 1).
TOTAL_CODEWORDS = [
    26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901,
    991, 1085, 1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611,
    2761, 2876, 3034, 3196, 3362, 3532, 3706]

# ISO/IEC 18004 Annex E: the row/column coordinates of alignment pattern centres.
ALIGNMENT = {
    2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38],
    8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50], 11: [6, 30, 54], 12: [6, 32, 58],
    13: [6, 34, 62], 14: [6, 26, 46, 66], 15: [6, 26, 48, 70], 16: [6, 26, 50, 74],
    17: [6, 30, 54, 78], 18: [6, 30, 56, 82], 19: [6, 30, 58, 86], 20: [6, 34, 62, 90],
    21: [6, 28, 50, 72, 94], 22: [6, 26, 50, 74, 98], 23: [6, 30, 54, 78, 102],
    24: [6, 28, 54, 80, 106], 25: [6, 32, 58, 84, 110], 26: [6, 30, 58, 86, 114],
    27: [6, 34, 62, 90, 118], 28: [6, 26, 50, 74, 98, 122], 29: [6, 30, 54, 78, 102, 126],
    30: [6, 26, 52, 78, 104, 130], 31: [6, 30, 56, 82, 108, 134],
    32: [6, 34, 60, 86, 112, 138], 33: [6, 30, 58, 86, 114, 142],
    34: [6, 34, 62, 90, 118, 146], 35: [6, 30, 54, 78, 102, 126, 150],
    36: [6, 24, 50, 76, 102, 128, 154], 37: [6, 28, 54, 80, 106, 132, 158],
    38: [6, 32, 58, 84, 110, 136, 162], 39: [6, 26, 54, 82, 110, 138, 166],
    40: [6, 30, 58, 86, 114, 142, 170]}

# Byte-mode capacities from ISO/IEC 18004 Table 7, a few versions: (version, L, M, Q, H).
CAPACITY = [(1, 17, 14, 11, 7), (2, 32, 26, 20, 14), (5, 106, 84, 60, 44),
            (7, 154, 122, 86, 64), (10, 271, 213, 151, 119), (20, 858, 666, 482, 382),
            (40, 2953, 2331, 1663, 1273)]


def picture(q, scale=3):
    """The symbol as a greyscale picture, black on white, with a 4-module quiet zone."""
    side = q.size + 8
    pixels = bytearray(b"\xff" * (side * side))
    for y, x, length in q.rows():
        start = (y + 4) * side + x + 4
        pixels[start:start + length] = bytes(length)
    image = Image.frombytes("L", (side, side), bytes(pixels))
    return image.resize((side * scale, side * scale), Image.Resampling.NEAREST)


def read(q):
    found = zxingcpp.read_barcodes(picture(q), formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "zxing found {} QR codes".format(len(found))
    return found[0]


def grid(q):
    return [[q.dark(x, y) for x in range(q.size)] for y in range(q.size)]


# --- decoding -----------------------------------------------------------------------------


@pytest.mark.parametrize("level", "LMQH")
@FEW
@given(text=TEXT)
def test_text_decodes_to_itself_at_every_level(level, text):
    q = qr.encode(text, level)
    found = read(q)
    assert found.bytes == text.encode("utf-8")
    assert found.text == text
    assert q.level == level


def test_a_settlement_decodes():
    q = qr.encode(SETTLEMENT)
    assert read(q).text == SETTLEMENT


@pytest.mark.parametrize("level", "LMQH")
def test_every_version_full_to_capacity_decodes(level):
    # Each version's block structure at this level, filled to the last byte it holds; the
    # masks taken in turn so that every one is read in many versions.
    for version in range(1, 41):
        data = bytes((version * 37 + i * 101) & 0xFF for i in range(qr.capacity(version, level)))
        q = qr.encode(data, level, version, version, mask=version % 8)
        assert (q.version, q.mask, q.size) == (version, version % 8, 4 * version + 17)
        assert read(q).bytes == data, (version, level)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_forced_version_and_mask_decode(data):
    version = data.draw(st.sampled_from([1, 2, 6, 7, 8, 9, 10, 14, 21, 27, 32, 33, 39, 40])
                        | st.integers(1, 40), label="version")
    level = data.draw(st.sampled_from("LMQH"), label="level")
    mask = data.draw(st.integers(0, 7), label="mask")
    payload = data.draw(st.binary(min_size=1, max_size=qr.capacity(version, level)),
                        label="payload")
    q = qr.encode(payload, level, min_version=version, max_version=version, mask=mask)
    assert (q.version, q.mask) == (version, mask)
    assert read(q).bytes == payload


def test_no_data_is_a_version_1_symbol():
    # zxing will not report an empty symbol, so this one is checked by its codewords only.
    q = qr.encode(b"", "L")
    assert (q.version, q.size) == (1, 21)
    assert qr._codewords(b"", 1, 0)[:19] == bytes([0x40, 0x00]) + bytes([0xEC, 0x11] * 9)[:17]


@pytest.mark.parametrize("version", [7, 40])
@pytest.mark.parametrize("mask", range(8))
def test_each_mask_decodes_with_version_information(version, mask):
    text = (SETTLEMENT * 20)[:qr.capacity(version, "Q") // 3]
    q = qr.encode(text, "Q", version, version, mask=mask)
    assert read(q).text == text


# --- choosing the version -----------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(length=st.integers(0, 2953), level=st.sampled_from("LMQH"),
       floor=st.integers(1, 40))
def test_the_smallest_version_that_holds_the_data_is_chosen(length, level, floor):
    top = [v for v in range(1, 41) if length <= qr.capacity(v, level)]
    if not top or top[-1] < floor:
        with pytest.raises(ValueError, match="does not fit"):
            qr.encode(bytes(length), level, min_version=floor, mask=0)
        return
    want = max(floor, top[0])
    assert qr.capacity(want, level) >= length
    assert want == floor or qr.capacity(want - 1, level) < length
    assert qr.encode(bytes(length), level, min_version=floor, mask=0).version == want


def test_capacity_is_the_standards():
    for version, *per_level in CAPACITY:
        assert [qr.capacity(version, level) for level in "LMQH"] == per_level, version


def test_capacity_grows_with_version_and_shrinks_with_level():
    for version in range(1, 41):
        row = [qr.capacity(version, level) for level in "LMQH"]
        assert row == sorted(row, reverse=True) and row[-1] > 0
        if version > 1:
            assert all(qr.capacity(version - 1, lv) < c for lv, c in zip("LMQH", row))


@pytest.mark.parametrize("level", "LMQH")
def test_too_much_data_says_how_much_fits(level):
    biggest = qr.capacity(40, level)
    with pytest.raises(ValueError, match=r"^{} bytes does not fit.* {} bytes$".format(
            biggest + 1, biggest)):
        qr.encode(b"x" * (biggest + 1), level)
    small = qr.capacity(5, level)
    with pytest.raises(ValueError, match=r"^{} bytes does not fit.*1-5.* {} bytes$".format(
            small + 1, small)):
        qr.encode("x" * (small + 1), level, max_version=5)
    # A str counts its UTF-8 bytes: 3 a Chinese character.
    chars = small // 3 + 1
    with pytest.raises(ValueError, match="^{} bytes does not fit".format(3 * chars)):
        qr.encode("李" * chars, level, max_version=5)


@pytest.mark.parametrize("kwargs", [{"level": "X"}, {"level": "m"}, {"level": ""},
                                    {"mask": 8}, {"mask": -1}, {"min_version": 0},
                                    {"max_version": 41}, {"min_version": 5, "max_version": 4}])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        qr.encode("x", **kwargs)


# --- structure, from the standard ---------------------------------------------------------


def bch_remainder(value, poly, degree):
    r = value << degree
    while r.bit_length() > degree:
        r ^= poly << (r.bit_length() - poly.bit_length())
    return r


FORMAT = {}  # the 15 format bits of each (level, mask), computed here from the standard
for _li, _level in enumerate("MLHQ"):  # level bits 00 M, 01 L, 10 H, 11 Q
    for _mask in range(8):
        _data = _li << 3 | _mask
        FORMAT[(_data << 10 | bch_remainder(_data, 0x537, 10)) ^ 0x5412] = (_level, _mask)


def format_copies(g):
    """The two copies of the format information, most significant bit first, read at the
    positions of ISO/IEC 18004 Figure 25."""
    n = len(g)
    first = [g[8][x] for x in (0, 1, 2, 3, 4, 5, 7, 8)] + [g[y][8] for y in (7, 5, 4, 3, 2, 1, 0)]
    second = [g[y][8] for y in range(n - 1, n - 8, -1)] + [g[8][x] for x in range(n - 8, n)]
    return [int("".join("1" if b else "0" for b in bits), 2) for bits in (first, second)]


def finder_ok(g, left, top):
    for dy in range(-1, 8):
        for dx in range(-1, 8):
            y, x = top + dy, left + dx
            if 0 <= x < len(g) and 0 <= y < len(g):
                ring = max(abs(dx - 3), abs(dy - 3))
                if g[y][x] != (ring in (0, 1, 3)):
                    return False
    return True


STRUCTURE_CASES = [("L", 1, None), ("M", 2, 3), ("Q", 6, None), ("H", 7, 5),
                   ("M", 13, None), ("L", 22, 1), ("H", 32, None), ("Q", 40, 6)]


@pytest.mark.parametrize("level,version,mask", STRUCTURE_CASES)
def test_the_fixed_patterns_are_where_the_standard_puts_them(level, version, mask):
    q = qr.encode(SETTLEMENT[:qr.capacity(version, level) // 3], level, version, version, mask)
    g = grid(q)
    n = q.size
    assert n == 4 * version + 17 and len(q.modules) == n * n
    assert finder_ok(g, 0, 0) and finder_ok(g, n - 7, 0) and finder_ok(g, 0, n - 7)
    assert all(g[6][k] == (k % 2 == 0) for k in range(8, n - 8))
    assert all(g[k][6] == (k % 2 == 0) for k in range(8, n - 8))
    assert g[4 * version + 9][8]  # the dark module
    centres = ALIGNMENT.get(version, [])
    for cy, cx in itertools.product(centres, centres):
        if (cx, cy) in ((6, 6), (6, n - 7), (n - 7, 6)):
            continue
        for dy, dx in itertools.product(range(-2, 3), range(-2, 3)):
            assert g[cy + dy][cx + dx] == (max(abs(dx), abs(dy)) != 1), (cx, cy)
    first, second = format_copies(g)
    assert first == second
    assert FORMAT[first] == (level, q.mask)
    if mask is not None:
        assert q.mask == mask
    if version >= 7:
        # 6 version bits then 12 BCH(18,6) bits; bit i at (n-11 + i%3, i//3) and transposed.
        want = version << 12 | bch_remainder(version, 0x1F25, 12)
        top_right = sum(g[i // 3][n - 11 + i % 3] << i for i in range(18))
        bottom_left = sum(g[n - 11 + i % 3][i // 3] << i for i in range(18))
        assert top_right == bottom_left == want


def test_version_information_known_values():
    # ISO/IEC 18004 Table D.1, first and last rows.
    assert 7 << 12 | bch_remainder(7, 0x1F25, 12) == 0x07C94
    assert 40 << 12 | bch_remainder(40, 0x1F25, 12) == 0x28C69
    assert qr._bch(7, qr._VERSION_POLY, 12) == 0x07C94
    assert qr._bch(40, qr._VERSION_POLY, 12) == 0x28C69


def test_format_information_known_value():
    # The standard's example: level M, mask 101 -> 100000011001110.
    assert qr._format_bits(qr.LEVELS.index("M"), 5) == 0b100000011001110
    assert len(FORMAT) == 32


def test_codeword_counts_and_alignment_centres_are_the_standards():
    for version in range(1, 41):
        assert qr._raw_codewords(version) == TOTAL_CODEWORDS[version - 1]
        assert list(qr._alignment(version)) == ALIGNMENT.get(version, [])


def test_reed_solomon_matches_the_standards_worked_example():
    # ISO/IEC 18004 Annex I: "01234567" as 1-M, its 16 data codewords and their 10 EC ones.
    data = bytes([0x10, 0x20, 0x0C, 0x56, 0x61, 0x80] + [0xEC, 0x11] * 5)
    rem = qr._remainder(data, 0, 16, qr._products(qr._generator(10)), 10).to_bytes(10, "big")
    assert rem == bytes([0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])


def gf_mul(a, b):
    """GF(256) product, shift and add, reduced by x^8+x^4+x^3+x^2+1: no tables."""
    p = 0
    while b:
        if b & 1:
            p ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11D
        b >>= 1
    return p


def rs_check(data, degree):
    """The EC codewords of data: long division by prod (x - 2^i), i < degree."""
    gen = [1]
    root = 1
    for _ in range(degree):
        gen = [a ^ gf_mul(b, root) for a, b in zip(gen + [0], [0] + gen)]
        root = gf_mul(root, 2)
    work = list(data) + [0] * degree
    for i in range(len(data)):
        f = work[i]
        if f:
            for j, g in enumerate(gen):
                work[i + j] ^= gf_mul(g, f)
    return bytes(work[len(data):])


def test_data_codewords_are_mode_count_bytes_terminator_pad():
    # 1-L is one block of 19 data codewords: 0100, count 00000010, "hi", 0000, then EC 11...
    words = qr._codewords(b"hi", 1, qr.LEVELS.index("L"))
    assert words[:19] == bytes([0x40, 0x26, 0x86, 0x90]) + bytes([0xEC, 0x11] * 8)[:15]
    assert words[19:] == rs_check(words[:19], 7)


@pytest.mark.parametrize("version,level,groups,ec", [
    # ISO/IEC 18004 Table 9: (number of blocks, data codewords each) per group.
    (5, "Q", [(2, 15), (2, 16)], 18), (10, "H", [(6, 15), (2, 16)], 28),
    (15, "L", [(5, 87), (1, 88)], 22), (21, "M", [(17, 42)], 26),
    (40, "H", [(20, 15), (61, 16)], 30)])
def test_blocks_are_split_and_interleaved_as_the_standard_says(version, level, groups, ec):
    text = (SETTLEMENT * 40).encode("utf-8")[:qr.capacity(version, level) - 1]
    words = qr._codewords(text, version, qr.LEVELS.index(level))
    sizes = [size for count, size in groups for _ in range(count)]
    blocks = [bytearray() for _ in sizes]
    it = iter(words)
    for i in range(max(sizes)):  # data: codeword i of each block that has one
        for block, size in zip(blocks, sizes):
            if i < size:
                block.append(next(it))
    checks = [bytearray() for _ in sizes]
    for _ in range(ec):
        for check in checks:
            check.append(next(it))
    assert next(it, None) is None
    stream = b"".join(blocks)
    # From version 10 the count takes 16 bits; the bytes follow a nibble off.
    head = 20 if version >= 10 else 12
    bits = "".join(format(b, "08b") for b in stream)
    assert bits[:4] == "0100" and int(bits[4:head], 2) == len(text)
    body = bits[head:head + 8 * len(text)]
    assert bytes(int(body[i:i + 8], 2) for i in range(0, len(body), 8)) == text
    assert bits[head + 8 * len(text):head + 8 * len(text) + 4] == "0000"
    assert stream[-1:] in (b"\xec", b"\x11") or len(stream) * 8 == head + 8 * len(text) + 4
    for block, check in zip(blocks, checks):
        assert bytes(check) == rs_check(block, ec)


# --- the mask penalty, worked out independently --------------------------------------------


def penalty(g):
    """N1..N4 of ISO/IEC 18004 8.8.2, the plain way (outside the symbol counts as light)."""
    n = len(g)
    lines = ["".join("1" if b else "0" for b in row) for row in g]
    lines += ["".join("1" if g[y][x] else "0" for y in range(n)) for x in range(n)]
    score = 0
    for line in lines:
        for _, run in itertools.groupby(line):
            length = len(list(run))
            if length >= 5:
                score += 3 + length - 5
        padded = "0000" + line + "0000"
        # each exact 1011101 (no dark module against either end) with 0000 on a side
        for m in re.finditer("(?<!1)(?=1011101(?!1))", padded):
            i = m.start()
            if padded[i - 4:i] == "0000" or padded[i + 7:i + 11] == "0000":
                score += 40
    for y in range(n - 1):
        for x in range(n - 1):
            if g[y][x] == g[y][x + 1] == g[y + 1][x] == g[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, g))
    score += 10 * (abs(dark * 100 - 50 * n * n) // (5 * n * n))
    return score


@pytest.mark.parametrize("text,level", [("hello", "M"), (SETTLEMENT, "L"),
                                        (SETTLEMENT * 2, "H"), ("A" * 60, "Q")])
def test_the_chosen_mask_has_the_lowest_penalty(text, level):
    chosen = qr.encode(text, level)
    scores = []
    for mask in range(8):
        forced = qr.encode(text, level, mask=mask)
        assert forced.version == chosen.version
        if mask == chosen.mask:
            assert forced.modules == chosen.modules
        scores.append(penalty(grid(forced)))
    assert scores[chosen.mask] == min(scores), scores
    assert chosen.mask == scores.index(min(scores))  # ties: the first mask


def test_the_mask_row_table_is_the_standards_conditions():
    # ISO/IEC 18004 Table 10, with i the row and j the column.
    conditions = [lambda i, j: (i + j) % 2 == 0, lambda i, j: i % 2 == 0,
                  lambda i, j: j % 3 == 0, lambda i, j: (i + j) % 3 == 0,
                  lambda i, j: (i // 2 + j // 3) % 2 == 0,
                  lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
                  lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
                  lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0]
    for mask, inverts in enumerate(conditions):
        rows = qr._ROWS[mask]
        for i in range(24):
            for j in range(24):
                assert bool(rows[i % len(rows)] >> (j % 12) & 1) == inverts(i, j), (mask, i, j)


@settings(max_examples=15, deadline=None)
@given(text=st.text(alphabet="01 地主\n", min_size=1, max_size=40),
       level=st.sampled_from("LMQH"))
def test_the_chosen_mask_is_the_lowest_for_any_text(text, level):
    # A small alphabet makes long runs and finder-like patterns likelier than random text.
    chosen = qr.encode(text, level)
    scores = [penalty(grid(qr.encode(text, level, mask=mask))) for mask in range(8)]
    assert chosen.mask == scores.index(min(scores)), scores


# --- drawing access -----------------------------------------------------------------------


@FEW
@given(text=TEXT, level=st.sampled_from("LMQH"))
def test_rows_are_the_dark_runs(text, level):
    q = qr.encode(text, level, mask=1)
    n = q.size
    runs = list(q.rows())
    drawn = {(x, y) for y, x0, length in runs for x in range(x0, x0 + length)}
    assert drawn == {(x, y) for y in range(n) for x in range(n) if q.dark(x, y)}
    for (y, x, length), (y2, x2, _) in zip(runs, runs[1:]):
        assert length > 0 and (y2 > y or x2 > x + length)  # maximal runs, in order
    assert not any(q.dark(x, y) for x, y in [(-1, 0), (0, -1), (n, 0), (0, n), (-4, -4)])
    assert set(q.modules) <= {0, 1}


# --- the same encoder on MicroPython ------------------------------------------------------


# The node engine (MicroPython's own WebAssembly port) for most: scoring the masks makes many
# short-lived integers, some 900 KB of them at version 9, and on the WASI engine (a 1 MB
# heap) a collection inside a call breaks the guest (tools/mpvm.py); there only small runs.
VM_CASES = [(SETTLEMENT, "M", None), (SETTLEMENT[:60], "H", None), ("hello", "H", 3),
            ("斗地主" * 10, "L", None), (SETTLEMENT * 3, "L", 6), (SETTLEMENT * 2, "Q", None)]
WASI_CASES = [("地主 +24", "M", None), (SETTLEMENT, "M", 5)]


def _vm_modules(cases, engine):
    lines = ["import binascii", "from ui import qr"]
    for text, level, mask in cases:
        lines.append("q = qr.encode({!r}, {!r}, mask={!r})".format(text, level, mask))
        lines.append("print(q.version, q.mask, binascii.hexlify(q.modules).decode())")
        lines.append("q = None")
    return mpvm.run("\n".join(lines), engine=engine).stdout.split("\n")


@pytest.mark.parametrize("engine,cases", [("node", VM_CASES), ("wasi", WASI_CASES)])
def test_micropython_puts_out_the_same_modules(engine, cases):
    for (text, level, mask), line in zip(cases, _vm_modules(cases, engine)):
        version, chosen, hexed = line.split()
        mine = qr.encode(text, level, mask=mask)
        assert (int(version), int(chosen)) == (mine.version, mine.mask), text[:20]
        assert binascii.unhexlify(hexed) == bytes(mine.modules), text[:20]
        assert read(mine).text == text


def test_fuel_of_a_settlement():
    # Measured on MicroPython 1.27 (WASI): 199 bytes at level L (version 9) with its mask
    # forced, about 34 million fuel (the first encode: the GF(256) tables are made in it;
    # with the mask scored it is about 63 million, but that run leaves some 900 KB of
    # garbage, too near this VM's heap to test); the 10 bytes of version 1 with all 8 masks
    # scored, about 18 million (a mask's scoring is some 150 integer operations whatever
    # the size). The bounds leave some room.
    text = (SETTLEMENT * 2).encode("utf-8")[:199].decode("utf-8", "ignore")
    script = mpvm.FUEL_METER + (
        "from ui import qr\nt = {!r}\na = fuel()\nq = qr.encode(t, 'L', mask=2)\n"
        "b = fuel()\nq = None\nr = qr.encode('地主 +24', 'M')\nc = fuel()\n"
        "print(q is None and r.version, b - a, c - b)").format(text)
    version, forced, scored = (int(v) for v in mpvm.run(script).stdout.split())
    assert qr.encode(text, "L").version == 9 and version == 1
    assert forced < 38_000_000 and scored < 25_000_000, (forced, scored)
