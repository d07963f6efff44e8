"""core/frame.py writes its JSON into a bytearray (no str per piece, see there): the bytes must
be those of the plain recursive encoder it replaced, escapes and non-ASCII included, since
journal bytes are a compatibility contract (the VM tests check MicroPython against CPython)."""

import binascii
import json

import pytest

from core.frame import encode, frame, unframe


def _reference_string(text):
    out = ['"']
    for ch in text:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch < " ":
            out.append("\\u{:04x}".format(ord(ch)))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _reference(value):
    if isinstance(value, dict):
        return "{" + ",".join(_reference_string(k) + ":" + _reference(value[k])
                              for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_reference(v) for v in value) + "]"
    if isinstance(value, str):
        return _reference_string(value)
    return json.dumps(value)


VALUES = [
    {},
    [],
    "",
    {"hand": 3, "record": {"game": "ddz", "bombs": ["bomb", "rocket"], "winner": "farmers",
                           "players": 3, "rules": {}, "landlord": 0, "bid": 2}},
    {"open": {"names": ["甲", "乙", "丙"], "titles": False, "profile": None, "rules": {
        "beans": {"n": 10, "balances": [1000, -5, 0]}}}},
    {"names": ['say "hi"', "back\\slash", "tab\there", "nl\n", "\x00\x1f", "ok ✓ →"]},
    {"close": True, "k": [True, False, None, -12, 0, 10 ** 12]},
    ("t", ["nested", ["deep", {"z": 1, "a": 2}]]),
]


@pytest.mark.parametrize("value", VALUES)
def test_encode_writes_the_bytes_of_the_reference_encoder(value):
    assert bytes(encode(value)) == _reference(value).encode()


@pytest.mark.parametrize("seq", [0, 7, 12345])
def test_frame_is_seq_crc_json_and_reads_back(seq):
    event = VALUES[3]
    body = _reference(event).encode()
    head = str(seq).encode()
    crc = "{:08x}".format(binascii.crc32(head + b" " + body)).encode()
    line = frame(seq, event)
    assert bytes(line) == head + b" " + crc + b" " + body + b"\n"
    assert unframe(bytes(line[:-1])) == (seq, event)


def test_the_keys_written_whole_are_those_the_reference_writes():
    from core.frame import _KEYS

    for key, written in _KEYS.items():
        assert written == (_reference_string(key) + ":").encode()
        assert bytes(encode({key: 1, "zz\n": [True, {}]})) == _reference(
            {key: 1, "zz\n": [True, {}]}).encode()
