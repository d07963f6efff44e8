"""QR Code (ISO/IEC 18004, model 2) encoder for the settlement screen.

A table's settlement (UTF-8 text, Chinese or English, some tens to a few hundred bytes) is
shown as a QR code so that a phone camera or WeChat can take it away. Only what that needs
is here: one byte-mode segment (mode 0100) holding the UTF-8 bytes, the four error
correction levels, versions 1-40, and the standard's mask choice (or a forced mask, which
skips the penalty scoring, the costly part).

Written for MicroPython on the board first. The symbol is drawn into one bytearray, the
GF(256) tables are two bytearrays made on first use, and what would be a loop over every
module in bytecode (the masks, their scoring, the final matrix) is done instead with big
integers holding a bit a module, whose shifts and ANDs the interpreter runs in C. Those
integers are short-lived and some hundreds of bytes each (4 KB at version 40): an encode
makes a lot of garbage (at version 9 some 160 KB with the mask forced, 900 KB with it
scored), little of it alive at once.
On a Pico (RP2040, 125 MHz, MicroPython 1.28) 199 bytes at level L, version 9, take about
0.2 s with the mask forced and 0.5-0.7 s with it scored.

    q = encode("地主 +24", "M")
    for y, x, length in q.rows():   # runs of dark modules: one filled rectangle each
        ...
"""

LEVELS = "LMQH"
# The two bits the format information uses for each level, in LEVELS order.
_LEVEL_BITS = (1, 0, 3, 2)

# ISO/IEC 18004 Table 9, one line per version: for L, M, Q and H the number of error
# correction codewords in each block, then the number of blocks. The group sizes follow:
# the data codewords left over are shared out as evenly as possible, short blocks first.
_BLOCKS = bytes((
    7, 1, 10, 1, 13, 1, 17, 1,  # 1
    10, 1, 16, 1, 22, 1, 28, 1,  # 2
    15, 1, 26, 1, 18, 2, 22, 2,  # 3
    20, 1, 18, 2, 26, 2, 16, 4,  # 4
    26, 1, 24, 2, 18, 4, 22, 4,  # 5
    18, 2, 16, 4, 24, 4, 28, 4,  # 6
    20, 2, 18, 4, 18, 6, 26, 5,  # 7
    24, 2, 22, 4, 22, 6, 26, 6,  # 8
    30, 2, 22, 5, 20, 8, 24, 8,  # 9
    18, 4, 26, 5, 24, 8, 28, 8,  # 10
    20, 4, 30, 5, 28, 8, 24, 11,  # 11
    24, 4, 22, 8, 26, 10, 28, 11,  # 12
    26, 4, 22, 9, 24, 12, 22, 16,  # 13
    30, 4, 24, 9, 20, 16, 24, 16,  # 14
    22, 6, 24, 10, 30, 12, 24, 18,  # 15
    24, 6, 28, 10, 24, 17, 30, 16,  # 16
    28, 6, 28, 11, 28, 16, 28, 19,  # 17
    30, 6, 26, 13, 28, 18, 28, 21,  # 18
    28, 7, 26, 14, 26, 21, 26, 25,  # 19
    28, 8, 26, 16, 30, 20, 28, 25,  # 20
    28, 8, 26, 17, 28, 23, 30, 25,  # 21
    28, 9, 28, 17, 30, 23, 24, 34,  # 22
    30, 9, 28, 18, 30, 25, 30, 30,  # 23
    30, 10, 28, 20, 30, 27, 30, 32,  # 24
    26, 12, 28, 21, 30, 29, 30, 35,  # 25
    28, 12, 28, 23, 28, 34, 30, 37,  # 26
    30, 12, 28, 25, 30, 34, 30, 40,  # 27
    30, 13, 28, 26, 30, 35, 30, 42,  # 28
    30, 14, 28, 28, 30, 38, 30, 45,  # 29
    30, 15, 28, 29, 30, 40, 30, 48,  # 30
    30, 16, 28, 31, 30, 43, 30, 51,  # 31
    30, 17, 28, 33, 30, 45, 30, 54,  # 32
    30, 18, 28, 35, 30, 48, 30, 57,  # 33
    30, 19, 28, 37, 30, 51, 30, 60,  # 34
    30, 19, 28, 38, 30, 53, 30, 63,  # 35
    30, 20, 28, 40, 30, 56, 30, 66,  # 36
    30, 21, 28, 43, 30, 59, 30, 70,  # 37
    30, 22, 28, 45, 30, 62, 30, 74,  # 38
    30, 24, 28, 47, 30, 65, 30, 77,  # 39
    30, 25, 28, 49, 30, 68, 30, 81,  # 40
))

_FORMAT_MASK = 0x5412  # 101010000010010: keeps the format bits from ever being all light
_FORMAT_POLY = 0x537  # BCH(15,5) generator x^10+x^8+x^5+x^4+x^2+x+1
_VERSION_POLY = 0x1F25  # BCH(18,6) generator x^12+x^11+x^10+x^9+x^8+x^5+x^2+1

# GF(256) over x^8+x^4+x^3+x^2+1: _exp[i] = alpha^i, doubled in length so that a product
# is _exp[log a + log b] without a modulo; _log the inverse. Made by _tables() when first
# needed, so importing the module costs nothing.
_exp = None
_log = None


def _tables():
    global _exp, _log
    exp = _exp
    log = _log
    if exp is None or log is None:
        exp = bytearray(512)
        log = bytearray(256)
        v = 1
        for i in range(255):
            exp[i] = v
            log[v] = i
            v <<= 1
            if v & 0x100:
                v ^= 0x11D
        for i in range(255, 512):
            exp[i] = exp[i - 255]
        _exp = exp
        _log = log
    return exp, log


def _level(level):
    i = LEVELS.find(level) if isinstance(level, str) and len(level) == 1 else -1
    if i < 0:
        raise ValueError("level must be one of L, M, Q, H, not {!r}".format(level))
    return i


def _raw_codewords(version):
    """All codewords (data and error correction) a version holds: the modules left once
    the function patterns are placed, counted here instead of tabulated, in bytes (the
    3 to 7 remainder bits some versions have are dropped)."""
    n = 4 * version + 17
    used = 192 + 31 + 2 * (n - 16)  # finders with separators, format + dark, timing
    if version > 1:
        k = version // 7 + 2  # alignment centres per axis
        # k*k - 3 patterns (none over a finder), those on the timing lines share 5 modules
        used += 25 * (k * k - 3) - 10 * (k - 2)
    if version >= 7:
        used += 36  # two version information blocks
    return (n * n - used) >> 3


def _data_codewords(version, li):
    k = 8 * (version - 1) + 2 * li
    return _raw_codewords(version) - _BLOCKS[k] * _BLOCKS[k + 1]


def capacity(version, level="M"):
    """How many bytes of data fit in one byte-mode segment at this version and level: a
    screen can pick the largest version that still draws at a readable module size."""
    if not 1 <= version <= 40:
        raise ValueError("version must be 1-40, not {}".format(version))
    # The 4-bit mode and the byte count (8 bits below version 10, 16 from there) leave a
    # half byte, which the terminator fills.
    return _data_codewords(version, _level(level)) - (2 if version < 10 else 3)


def _generator(degree):
    """The Reed-Solomon generator polynomial (x - a^0)(x - a^1)...(x - a^(degree-1)),
    highest power first without its leading 1, as logarithms: the division then needs
    one table look-up a term. (None of these coefficients is 0 for the degrees used.)"""
    exp, log = _tables()
    g = bytearray(degree + 1)
    g[0] = 1
    for i in range(degree):
        a = exp[i]
        la = log[a]
        for j in range(i + 1, 0, -1):
            c = g[j - 1]
            if c:
                g[j] ^= exp[log[c] + la]
    out = bytearray(degree)
    for j in range(degree):
        out[j] = log[g[j + 1]]
    return out


def _products(glog):
    """table[f] = the generator's coefficients times f, the first in the top byte, as one
    integer: what the shift register takes in when f comes out of it. Multiplying by f is
    linear over the bits of f, so 8 rows are worked out and the other 248 are XORs."""
    exp, log = _tables()
    table = [0] * 256
    for b in range(8):
        lf = log[1 << b]
        v = 0
        for g in glog:
            v = (v << 8) | exp[lf + g]
        table[1 << b] = v
    for f in range(3, 256):
        low = f & -f
        if low != f:
            table[f] = table[f ^ low] ^ table[low]
    return table


def _remainder(buf, start, length, table, degree):
    """The error correction codewords of buf[start:start+length], as one integer (the
    first in the top byte): the block times x^degree divided by the generator, worked as a
    shift register `degree` bytes long held in an integer, a byte at a time."""
    top = 8 * (degree - 1)
    low = (1 << top) - 1
    r = 0
    for i in range(start, start + length):
        r = ((r & low) << 8) ^ table[(r >> top) ^ buf[i]]
    return r


def _codewords(data, version, li):
    """The final sequence of codewords: the segment, terminator and pad bytes, cut into
    blocks, each block's error correction appended, all interleaved as the symbol wants."""
    total = _raw_codewords(version)
    k = 8 * (version - 1) + 2 * li
    ec = _BLOCKS[k]
    nb = _BLOCKS[k + 1]
    dc = total - ec * nb
    buf = bytearray(dc)
    n = len(data)
    # Mode 0100 and the count take 12 or 20 bits, so every data byte straddles two
    # codewords by a nibble; the trailing nibble is the 4-bit terminator.
    if version < 10:
        buf[0] = 0x40 | n >> 4
        j = 1
    else:
        buf[0] = 0x40 | n >> 12
        buf[1] = (n >> 4) & 0xFF
        j = 2
    carry = n & 15
    for b in data:
        buf[j] = (carry << 4) | (b >> 4)
        carry = b & 15
        j += 1
    buf[j] = carry << 4
    j += 1
    pad = 0xEC
    while j < dc:
        buf[j] = pad
        pad ^= 0xEC ^ 0x11  # 0xEC, 0x11, 0xEC, ...
        j += 1

    out = bytearray(total)
    short = nb - dc % nb  # blocks with one data codeword fewer; they come first
    slen = dc // nb
    table = _products(_generator(ec))
    start = 0
    for b in range(nb):
        # Codeword i of every block, block by block: data first, then error correction.
        for i in range(slen):
            out[i * nb + b] = buf[start + i]
        blen = slen
        if b >= short:
            out[slen * nb + b - short] = buf[start + slen]
            blen += 1
        rem = _remainder(buf, start, blen, table, ec).to_bytes(ec, "big")
        for i in range(ec):
            out[dc + i * nb + b] = rem[i]
        start += blen
    return out


def _alignment(version):
    """Alignment pattern centres on one axis: 6, then evenly spaced (an even step) back
    from the far edge; version 32 alone has a step the rule does not give."""
    if version == 1:
        return ()
    k = version // 7 + 2
    last = 4 * version + 10
    if version == 32:
        step = 26
    else:
        step = (last - 6 + k - 2) // (k - 1)
        step += step & 1
    return [6] + [last - step * j for j in range(k - 2, -1, -1)]


def _bch(value, poly, bits):
    """value followed by its BCH check bits: the remainder of value * x^bits by poly,
    whose degree is `bits` (value has at most 6 bits)."""
    r = value << bits
    for i in range(bits + 5, bits - 1, -1):
        if r >> i & 1:
            r ^= poly << (i - bits)
    return value << bits | r


def _format_bits(li, mask):
    return _bch(_LEVEL_BITS[li] << 3 | mask, _FORMAT_POLY, 10) ^ _FORMAT_MASK


# Values in the unmasked matrix: 0/1 a light/dark data module, 2/3 a light/dark function
# module (never masked).
def _base(version, codewords):
    n = 4 * version + 17
    m = bytearray(n * n)
    for k in range(n):  # timing lines; finders and alignment overwrite their ends
        b = 3 - (k & 1)
        m[6 * n + k] = b
        m[k * n + 6] = b
    for fx, fy in ((0, 0), (n - 7, 0), (0, n - 7)):
        # 7x7 finder in its light separator: rings at Chebyshev distance 2 and 4 light.
        for dy in range(-1, 8):
            y = fy + dy
            if 0 <= y < n:
                for dx in range(-1, 8):
                    x = fx + dx
                    if 0 <= x < n:
                        d = max(abs(dx - 3), abs(dy - 3))
                        m[y * n + x] = 2 if d == 2 or d == 4 else 3
    pos = _alignment(version)
    far = n - 7
    for cy in pos:
        for cx in pos:
            if (cx == 6 and (cy == 6 or cy == far)) or (cx == far and cy == 6):
                continue  # would sit on a finder
            for dy in range(-2, 3):
                i = (cy + dy) * n + cx - 2
                for dx in range(-2, 3):
                    m[i] = 2 if max(abs(dx), abs(dy)) == 1 else 3
                    i += 1
    # Format information areas, kept light for now (written per mask), and the dark module.
    for k in range(9):
        if k != 6:
            m[8 * n + k] = 2
            m[k * n + 8] = 2
    for k in range(8):
        m[8 * n + n - 1 - k] = 2
        m[(n - 1 - k) * n + 8] = 2
    m[(n - 8) * n + 8] = 3
    if version >= 7:
        bits = _bch(version, _VERSION_POLY, 12)
        for i in range(18):
            b = 2 | (bits >> i & 1)
            a = n - 11 + i % 3
            c = i // 3
            m[c * n + a] = b  # top right, 6 rows of 3
            m[a * n + c] = b  # bottom left, its transpose
    # Data: two-module-wide columns from the right, up then down, skipping column 6;
    # codeword bits most significant first. Remainder bits stay 0 (light before masking).
    total = len(codewords)
    ci = 0
    bit = 0x80
    cur = codewords[0]
    x = n - 1
    up = True
    while x >= 1:
        if x == 6:
            x = 5
        if up:
            i = (n - 1) * n + x
            step = -n
        else:
            i = x
            step = n
        for _ in range(n):  # the right module of the pair, then the left one (unrolled)
            if m[i] == 0:
                if cur & bit:
                    m[i] = 1
                bit >>= 1
                if not bit:
                    bit = 0x80
                    ci += 1
                    cur = codewords[ci] if ci < total else 0
            if m[i - 1] == 0:
                if cur & bit:
                    m[i - 1] = 1
                bit >>= 1
                if not bit:
                    bit = 0x80
                    ci += 1
                    cur = codewords[ci] if ci < total else 0
            i += step
        up = not up
        x -= 2
    return m


# The 8 masks (ISO/IEC 18004 Table 10: with i the row and j the column, mask 0 inverts a
# data module where (i + j) mod 2 = 0, 1 where i mod 2 = 0, 2 where j mod 3 = 0, 3 where
# (i + j) mod 3 = 0, 4 where (i div 2 + j div 3) mod 2 = 0, 5 where (ij) mod 2 + (ij) mod 3
# = 0, 6 where that sum mod 2 = 0, 7 where ((i + j) mod 2 + (ij) mod 3) mod 2 = 0), worked
# out in advance: for each mask the rows of its period, each a 12-bit pattern (bit j set:
# column j inverted), as every mask repeats after 12 columns. host_tests/test_qr.py checks
# the table against the conditions.
_ROWS = (
    (0x555, 0xAAA),
    (0xFFF, 0x000),
    (0x249,),
    (0x249, 0x924, 0x492),
    (0x1C7, 0x1C7, 0xE38, 0xE38),
    (0xFFF, 0x041, 0x249, 0x555, 0x249, 0x041),
    (0xFFF, 0x1C7, 0x6DB, 0x555, 0xB6D, 0xC71),
    (0x555, 0xE38, 0xC71, 0xAAA, 0x1C7, 0x38E),
)


# Masks and their scoring. Module by module in bytecode, the four penalty rules cost some
# 0.2 s a mask on a Pico at version 9; here the symbol is instead a plane, one big integer
# with a bit a module, and each rule is a few dozen shifts and ANDs over the whole plane,
# which the interpreter does in C. Module (x, y) is bit (y + 4) * s + x, s = n + 4 rounded up
# to a whole byte: every row has at least 4 bits of nothing after it and there are 4 rows of
# nothing above and below the symbol, so a run never wraps from one row into the next and
# the outside reads as light (the quiet zone); rows start on a byte, which keeps the loops
# between the bytearray matrix and the planes simple. The planes are temporary integers of
# about n*n/8 bytes each.


class _Planes:
    """The unmasked symbol as planes, and what every mask's scoring shares."""

    def __init__(self, m, n):
        s = (n + 11) & ~7
        self.n = n
        self.s = s
        nb = ((n + 8) * s) >> 3
        self.nb = nb
        dark = bytearray(nb)
        fixed = bytearray(nb)
        i = 0
        for y in range(n):
            k = ((y + 4) * s) >> 3  # rows start on a byte
            b = 1
            for _ in range(n):
                v = m[i]
                if v:
                    if v & 1:
                        dark[k] |= b
                    if v & 2:
                        fixed[k] |= b
                i += 1
                b <<= 1
                if b == 256:
                    b = 1
                    k += 1
        self.dark = int.from_bytes(dark, "little")  # function modules and unmasked data
        self.inside = ((1 << n) - 1) * self.rows(1)
        self.data = self.inside ^ int.from_bytes(fixed, "little")
        self.m1 = int.from_bytes(b"\x55" * nb, "little")
        self.m2 = int.from_bytes(b"\x33" * nb, "little")
        self.m4 = int.from_bytes(b"\x0f" * nb, "little")
        self._fmt = bytearray(nb)  # the format bits of one mask, cleared after each use
        self._places = places = []  # bit of each format bit's two modules, bit 0 first
        for k in range(15):
            for x, y in _format_at(k, n):
                places.append((y + 4) * s + x)

    def rows(self, period):
        """Bit 0 of the rows 0, period, 2 * period, ... of the symbol. Made again each time
        it is wanted: at version 40 each plane kept is 4 KB that the scoring may need."""
        n = self.n
        s = self.s
        count = (n + period - 1) // period
        step = period * s
        sel = 1
        have = 1
        while have < count:
            sel |= sel << (have * step)
            have += have
        return (sel & ((1 << ((count - 1) * step + 1)) - 1)) << (4 * s)

    def masked(self, mask, fmt):
        """The dark plane with `mask` applied and the format bits `fmt` written."""
        n = self.n
        s = self.s
        row = _ROWS[mask]
        period = len(row)
        sel = self.rows(period)
        plane = 0
        for i in range(period):
            pat = row[i]
            w = 12
            while w < n:
                pat |= pat << w
                w += w
            pat &= (1 << n) - 1
            plane |= (pat * sel) << (i * s)
        f = self._fmt
        places = self._places
        for k in range(15):
            if fmt >> k & 1:
                p = places[2 * k]
                f[p >> 3] |= 1 << (p & 7)
                p = places[2 * k + 1]
                f[p >> 3] |= 1 << (p & 7)
        bits = int.from_bytes(f, "little")
        for p in places:
            f[p >> 3] = 0
        return (self.dark ^ (plane & self.data)) | bits

    def nibbles(self, x):
        """Bits set in x as 4-bit counts (each at most 4): up to 3 such add without carry."""
        m1 = self.m1
        m2 = self.m2
        x -= (x >> 1) & m1
        return (x & m2) + ((x >> 2) & m2)

    def total(self, x):
        """The sum of the 4-bit counts in x (each at most 15)."""
        x = (x + (x >> 4)) & self.m4
        return sum(x.to_bytes(self.nb, "little"))

    def penalty(self, d):
        """N1 + N2 + N3 + N4 of ISO/IEC 18004 8.8.2 for the dark plane d. Each direction is
        counted and let go before the next, to keep few planes alive at once."""
        light = self.inside ^ d
        clear = ((1 << (self.nb * 8)) - 1) ^ d  # light or outside
        c = self.nibbles
        total = self.total
        s = self.s
        cells = self.n * self.n
        dark = total(c(d))
        score = abs(dark * 20 - cells * 10) // cells * 10  # N4
        for u in (1, s):
            windows, finder, squares = _lines(d, light, clear, u, s)
            # N1: a run of k >= 5 scores k - 2 = 3 * (k - 4 windows of 5) - 2 * (k - 5
            # windows of 5 that continue one starting a module before).
            counts = c(windows)
            if squares is not None:  # N2: 3 a 2x2 square of one colour
                counts += c(squares)
                squares = None
            score += 3 * total(counts)
            score -= 2 * total(c(windows & (windows << u)))
            windows = counts = None
            score += 40 * total(c(finder))  # N3
            finder = None
        return score

    def modules(self, d, w):
        """The dark plane d written over the bytearray w (n * n, row by row, 1 = dark)."""
        n = self.n
        s = self.s
        bits = d.to_bytes(self.nb, "little")
        i = 0
        for y in range(n):
            k = ((y + 4) * s) >> 3  # rows start on a byte
            c = 0
            for x in range(n):
                if not x & 7:
                    c = bits[k]
                    k += 1
                w[i] = c & 1
                c >>= 1
                i += 1
        return w


def _format_at(k, n):
    """Both (x, y) places of format bit k (0 = least significant): one copy around the
    top-left finder (column 8 from the top, then row 8 leftwards, skipping the timing
    lines), the other split between row 8 by the top-right finder (bits 0-7) and column 8
    by the bottom-left one (bits 8-14)."""
    if k < 6:
        a = (8, k)
    elif k < 8:
        a = (8, k + 1)
    elif k == 8:
        a = (7, 8)
    else:
        a = (14 - k, 8)
    return a, ((n - 1 - k, 8) if k < 8 else (8, n - 15 + k))


def _lines(d, light, clear, u, s):
    """Along one direction (u = 1: rows, u = s: columns), the planes of where a window of
    5 modules of one colour starts and of exact 1:1:3:1:1 patterns with 4 light modules on
    a side; along rows also that of 2x2 squares of one colour (else None). Planes no longer
    needed are let go at once: at version 40 each is 4 KB."""
    d2 = d & (d >> u)
    l2 = light & (light >> u)
    d3 = d2 & (d >> 2 * u)
    windows = (d3 & (d2 >> 3 * u)) | (l2 & (l2 >> 2 * u) & (light >> 4 * u))
    squares = ((d2 & (d2 >> s)) | (l2 & (l2 >> s))) if u == 1 else None
    d2 = l2 = None
    # dark light dark dark dark light dark, no dark module against either end
    core = d & (light >> u) & (d3 >> 2 * u) & (light >> 5 * u) & (d >> 6 * u)
    d3 = None
    four = clear & (clear >> u)
    four &= four >> 2 * u
    finder = core & (((four << 4 * u) & (clear >> 7 * u)) | ((four >> 7 * u) & (clear << u)))
    return windows, finder, squares


class QR:
    """An encoded symbol: `size` modules a side; `modules`, a bytearray of size * size,
    row by row, 1 = dark. The quiet zone is not in it: leave 4 light modules around the
    symbol when drawing it."""

    def __init__(self, version, level, mask, modules):
        self.version = version
        self.level = level
        self.mask = mask
        self.size = 4 * version + 17
        self.modules = modules

    def dark(self, x, y):
        """Whether module (x, y) is dark; outside the symbol is the light quiet zone."""
        n = self.size
        return 0 <= x < n and 0 <= y < n and self.modules[y * n + x] == 1

    def rows(self):
        """(y, x, length) for every horizontal run of dark modules, top to bottom: a
        display fills one rectangle per run instead of one per module."""
        n = self.size
        w = self.modules
        i = 0
        for y in range(n):
            end = i + n
            while i < end:
                if w[i]:
                    s = i
                    i += 1
                    while i < end and w[i]:
                        i += 1
                    yield (y, s - (end - n), i - s)
                else:
                    i += 1


def encode(data, level="M", min_version=1, max_version=40, mask=None):
    """Encode `data` (bytes, or a str taken as UTF-8) in the smallest version from
    min_version to max_version that holds it at `level`. `mask` forces one of the 8 masks
    and skips the penalty scoring (the slow part on a board); None scores all 8 and keeps
    the lowest. Raises ValueError if the data does not fit."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    li = _level(level)
    if not 1 <= min_version <= max_version <= 40:
        raise ValueError("versions must satisfy 1 <= min <= max <= 40, not {}-{}".format(
            min_version, max_version))
    if mask is not None and not 0 <= mask <= 7:
        raise ValueError("mask must be 0-7 or None, not {}".format(mask))
    n = len(data)
    version = 0
    for v in range(min_version, max_version + 1):
        if n <= capacity(v, level):
            version = v
            break
    if not version:
        raise ValueError("{} bytes does not fit a QR code of version {}-{} at level {}: it"
                         " holds at most {} bytes".format(
                             n, min_version, max_version, level,
                             capacity(max_version, level)))
    m = _base(version, _codewords(data, version, li))
    planes = _Planes(m, 4 * version + 17)
    # From here the planes hold the symbol: m's bytes are reused for the result, which at
    # version 40 saves finding another 31 KB in one piece in a heap the scoring has churned.
    if mask is None:
        best = -1
        chosen = 0
        for k in range(8):
            d = planes.masked(k, _format_bits(li, k))
            score = planes.penalty(d)
            if best < 0 or score < best:
                best = score
                mask = k
                chosen = d
            d = None
    else:
        chosen = planes.masked(mask, _format_bits(li, mask))
    return QR(version, LEVELS[li], mask, planes.modules(chosen, m))
