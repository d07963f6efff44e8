"""The settlement's text for its QR code (ui/qr_screen.py), and how much of it one code on
each panel holds: plain lines in the UI's language, cut into pages where they do not fit.
Kept apart from the screen so that the host checks the same words and pages (no buttons
here)."""

from core.money import CENT, text, unit_text

MODULE_PX = {"mono128x64": 2, "color240x135": 3, "color320x240": 3}
QUIET = 2  # light modules around the code: the standard asks 4, phones and zxing read 2
# 128x64: one light module, so that a version 3 code (29 modules, 58 px with its margin 62)
# fits the 64 rows where one of version 2 did: 53 bytes where 32 were, a table's settlement
# in one code (its compact text, settlement_lines). Beyond the margin is the panel's dark
# glass, whose edge a reader takes as the code's surroundings.
QUIET_PX = {"mono128x64": 1}
LEVEL = "L"
_MARK = 6  # bytes a page's "k/n\n" takes, up to 99 pages


def signed(total, scale=1):
    """A total as plain text for the phone: ASCII signs, which any app copies as numbers
    (two decimals at a table of hundredths, "+1.50")."""
    return text(total, scale, "+", "-")


def settlement_lines(table, t, fees=None, compact=False):
    """The settlement as lines of text, in the words of `t` (a key -> word function); `fees`
    as Table.settlement takes them. Compact, for the 128x64 panel's small code: the profile
    alone for the game, the totals on one line, each transfer "乙→甲 6"."""
    if compact or table.profile is None:
        game = t(table.profile or table.game)
    else:
        game = t(table.game) + " " + t(table.profile)
    names = table.names
    lines = [game + " " + t("hands_n").format(table.hands_played())]
    if table.unit != CENT:
        lines.append(t("unit_is").format(unit_text(table.unit)))
    scale = table.scale
    totals = [names[seat] + (signed(total, scale) if compact else " " + signed(total, scale))
              for seat, total in enumerate(table.totals)]
    lines.extend([" ".join(totals)] if compact else totals)
    transfers = table.settlement(fees)
    pays = "{}→{} {}" if compact else t("pays")
    for payer, payee, amount in transfers:
        lines.append(pays.format(names[payer], t("house") if payee < 0 else names[payee],
                                 text(amount, scale)))
    if not transfers:
        lines.append(t("all_square" if table.zero_sum else "no_settle"))
    return lines


def fitted(table, t, fees, room, compact):
    """The pages of the settlement's text for codes of `room` bytes: compact, it leaves
    the totals out where that makes one code of two or more (who pays whom is what the
    phone needs; the totals are on the device's screens)."""
    lines = settlement_lines(table, t, fees, compact)
    got = pages(lines, room)
    if compact and len(got) > 1:
        first = 2 if table.unit != CENT else 1  # the totals' line
        shorter = pages(lines[:first] + lines[first + 1:], room)
        if len(shorter) == 1:
            return shorter
    return got


def _pieces(line, room):
    """`line` cut at characters into pieces of at most `room` UTF-8 bytes (a line longer
    than a page: a long name on the 128x64 panel)."""
    pieces = []
    while len(line.encode()) > room:
        cut = room
        while len(line[:cut].encode()) > room:
            cut -= 1
        pieces.append(line[:cut])
        line = line[cut:]
    pieces.append(line)
    return pieces


def pages(lines, room):
    """The lines as the texts of as few codes of at most `room` bytes as they fit in, whole
    lines to a page; with more than one page, each starts with its number, "2/3"."""
    if len("\n".join(lines).encode()) <= room:
        return ["\n".join(lines)]
    mark = _MARK
    while True:
        packed = _packed(lines, room - mark)
        count = len(packed)
        # "k/n\n" grows with the count (very long names: 100 pages and more): pack again
        # with room for it, or a page would overflow its code.
        if 2 * len(str(count)) + 2 <= mark:
            return ["{}/{}\n".format(i + 1, count) + "\n".join(page)
                    for i, page in enumerate(packed)]
        mark = 2 * len(str(count)) + 2


def _packed(lines, room):
    packed = []
    page = []
    size = 0
    for line in lines:
        for piece in _pieces(line, room):
            n = len(piece.encode()) + 1  # and its newline
            if page and size + n > room:
                packed.append(page)
                page = []
                size = 0
            page.append(piece)
            size += n
    packed.append(page)
    return packed


def version_for(side, module, quiet=QUIET):
    """The largest QR version whose code and quiet zone (`quiet` modules) fit `side` px at
    `module` px a module (a version v code is 17 + 4v modules a side)."""
    return min(40, (side // module - 2 * quiet - 17) // 4)
