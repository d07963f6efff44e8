"""One journal line: `seq crc json\\n`, the same bytes on CPython and MicroPython.

`seq` counts the events of a table from 0, `crc` is binascii.crc32 of "seq json" in eight hex
digits, and `json` is the event with its keys sorted and no spaces. The text is written here
rather than by json.dumps because the two Pythons' json.dumps differ (key order, spaces,
escaped non-ASCII): the journal a host tool writes must be byte for byte the device's.
Reading uses json.loads, which both have.
"""

import binascii
import json


def encode(value):
    """Canonical JSON text of plain data (dict, list, str, int, bool, None), as UTF-8 bytes."""
    out = bytearray()
    _put(out, value)
    return out


# Written into a bytearray, not joined as str: on MicroPython every new str is looked up among
# the interned strings (~5,000-8,000 fuel on the VM), a new bytes object is not. A hand's event
# went from ~2.9 M fuel to ~0.3 M. Told apart by their type first, the commonest first: on a
# Pico each isinstance() costs some 5 us, and up to three of them (and a tuple made) for
# every value were a tenth of a table's opening line (2.5 ms, then 2.3); a subclass (none in
# an event) goes the long way, by isinstance, to the same text. Every step counts there (some
# 10 us each on a Pico): a comma follows every item and the last one becomes the bracket, and
# the commonest keys are written whole from _KEYS (the opening line 1.9 ms, now 1.2).
def _put(out, value):
    kind = type(value)
    if kind is str:
        _put_string(out, value)
    elif kind is int:
        out.extend(b"%d" % value)
    elif kind is bool:
        out.extend(b"true" if value else b"false")
    elif value is None:
        out.extend(b"null")
    elif kind is dict or kind is not list and isinstance(value, dict):
        if not value:
            out.extend(b"{}")
            return
        out.append(0x7B)  # {
        for k in sorted(value):
            known = _KEYS.get(k)
            if known is None:
                _put_string(out, k)
                out.append(0x3A)  # :
            else:
                out.extend(known)
            _put(out, value[k])
            out.append(0x2C)  # ,
        out[-1] = 0x7D  # } in the last comma's place
    elif kind is list or isinstance(value, (list, tuple)):
        if not value:
            out.extend(b"[]")
            return
        out.append(0x5B)  # [
        for v in value:
            _put(out, v)
            out.append(0x2C)
        out[-1] = 0x5D  # ]
    elif isinstance(value, str):
        _put_string(out, value)
    else:
        # whole numbers of a subclass and the rest read the same from both json modules.
        out.extend(json.dumps(value).encode())


# The keys of a table's opening, of a hand's event and record and of a snapshot, as encode()
# writes them (quotes and colon): each would cost a Pico some 100 us otherwise (encoded,
# looked through for escapes, copied in three steps). Any other key goes the long way to the
# same bytes (host_tests/test_frame_encode.py checks each). A literal, so that on the image
# the bytes stay in flash: only the table is made in RAM.
_KEYS = {
    "open": b'"open":', "game": b'"game":', "names": b'"names":', "players": b'"players":',
    "profile": b'"profile":', "rules": b'"rules":', "titles": b'"titles":', "end": b'"end":',
    "roster": b'"roster":', "bombers": b'"bombers":', "hand": b'"hand":',
    "record": b'"record":', "void": b'"void":', "unvoid": b'"unvoid":', "amend": b'"amend":',
    "was": b'"was":', "landlord": b'"landlord":', "bid": b'"bid":', "grabs": b'"grabs":',
    "bombs": b'"bombs":', "winner": b'"winner":', "table": b'"table":', "hands": b'"hands":',
    "totals": b'"totals":', "state": b'"state":', "voided": b'"voided":',
    "amends": b'"amends":', "last": b'"last":',
}


def _put_string(out, text):
    data = text.encode()
    # Most strings (keys, names, kinds) need no escape: checked in C on the bytes.
    if data and (0x22 in data or 0x5C in data or min(data) < 0x20):
        out.extend(_string(text).encode())
        return
    out.append(0x22)
    out.extend(data)
    out.append(0x22)


def _string(text):
    out = ['"']
    for ch in text:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch < " ":
            out.append("\\u{:04x}".format(ord(ch)))
        else:
            out.append(ch)  # non-ASCII stays UTF-8: readable, and half the bytes of \\uXXXX
    out.append('"')
    return "".join(out)


def frame(seq, event):
    line = bytearray(b"%d " % seq)
    body = encode(event)
    crc = binascii.crc32(body, binascii.crc32(line))
    line.extend(b"%08x " % crc)
    line.extend(body)
    line.append(0x0A)
    return line


def unframe(line):
    """(seq, event) of one line without its newline, or None if it is damaged."""
    parts = line.split(b" ", 2)
    if len(parts) != 3 or len(parts[1]) != 8 or not parts[0].isdigit():
        return None
    head, crc, body = parts
    # The checksum as frame() writes it, byte for byte: int(crc, 16) would take "A" for "a",
    # and a flipped bit that changes a letter's case would go unseen.
    if crc != b"%08x" % binascii.crc32(head + b" " + body):
        return None
    try:
        event = json.loads(body)
    except (ValueError, RuntimeError):  # RuntimeError: nested past the parser's stack
        return None
    if not isinstance(event, dict):
        return None
    # Counted in C first: a line with few brackets cannot nest deeply, and most have few.
    if body.count(b"[") + body.count(b"{") > MAX_DEPTH and _deeper(event, MAX_DEPTH):
        return None
    return int(head), event


# Objects and lists inside one another: a snapshot needs 7 (its last hand's earlier record's
# rules' beans' balances). A line nested far deeper, checksum and all, is made by hand: the
# code that copies and checks a record recurses, and would run out of stack at every boot.
MAX_DEPTH = 16


def _deeper(value, levels):
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, list):
        return False
    if not levels:
        return True
    for item in value:
        if _deeper(item, levels - 1):
            return True
    return False


def split(data, seq):
    """The longest run of good lines at the start of `data`, numbered from `seq` on:
    ([(seq, event)], number of bytes they fill). A line without its newline is torn."""
    events = []
    pos = 0
    while True:
        end = data.find(b"\n", pos)
        if end < 0:
            return events, pos
        got = unframe(data[pos:end])
        if got is None or got[0] != seq:
            return events, pos
        events.append(got)
        seq += 1
        pos = end + 1


def first(data, needle, wanted):
    """The first good line of `data` that holds the bytes `needle` and whose (seq, event)
    `wanted` accepts, or None. Only the lines holding `needle` are parsed: a look back at an
    old hand reads one event of its segment, where parsing the dozen around it would scatter
    them over a small heap. A damaged line hides only itself; the part after the last newline
    is torn. (Replay still stops at a damaged line: split.)"""
    pos = 0
    while True:
        end = data.find(b"\n", pos)
        if end < 0:
            return None
        if data.find(needle, pos, end) >= 0:
            got = unframe(data[pos:end])
            if got is not None and wanted(got):
                return got
        pos = end + 1
