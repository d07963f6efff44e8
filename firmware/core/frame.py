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
    """Canonical JSON text of plain data (dict, list, str, int, bool, None)."""
    if isinstance(value, dict):
        return "{" + ",".join(_string(k) + ":" + encode(value[k]) for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(encode(v) for v in value) + "]"
    if isinstance(value, str):
        return _string(value)
    # Whole numbers, true, false and null read the same from both json modules.
    return json.dumps(value)


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
    head = str(seq).encode()
    body = encode(event).encode()
    crc = "{:08x}".format(binascii.crc32(head + b" " + body)).encode()
    return head + b" " + crc + b" " + body + b"\n"


def unframe(line):
    """(seq, event) of one line without its newline, or None if it is damaged."""
    parts = line.split(b" ", 2)
    if len(parts) != 3 or len(parts[1]) != 8 or not parts[0].isdigit():
        return None
    head, crc, body = parts
    try:
        if int(crc, 16) != binascii.crc32(head + b" " + body):
            return None
        event = json.loads(body)
    except ValueError:
        return None
    if not isinstance(event, dict):
        return None
    return int(head), event


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
