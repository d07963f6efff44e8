"""Hostile files of hand records for `tools.ledger score` (docs/rules.md, "Ranges" and
"Reading a file of records"): wrong types, numbers out of range, deep nesting, duplicate keys
and odd encodings, driven through the ledger's own main() in-process.

Whatever the bytes, the outcome is one of two: exit 0 with one JSON object a line on stdout
and nothing on stderr, or exit 2 with nothing on stdout and one printable line on stderr that
names the file. Never a traceback, never a hang. `--soak` runs the same with many more
examples.
"""

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import baohuang_records, ddz_records, shengji_sequences

from core.profiles import PROFILE_NAMES, PROFILES
from tools.ledger.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
EVENING = ROOT / "examples" / "evening.jsonl"
BOM = b"\xef\xbb\xbf"

QUICK = settings(max_examples=150, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOAK = settings(max_examples=5000, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    # Hypothesis runs many examples in one test call, so a function-scoped tmp_path (which
    # it refuses) would be shared by them anyway: one folder, the file rewritten each time.
    return tmp_path_factory.mktemp("hostile")


def score(data: bytes, folder: Path):
    """Run `tools.ledger score` on a file holding `data`: (exit status, stdout, stderr, the
    file's path)."""
    path = folder / "records.jsonl"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["score", str(path)])
    return code, out.getvalue(), err.getvalue(), path


def printable(text):
    return all(ch.isprintable() or ch == " " for ch in text)


def check_outcome(data, folder):
    """The contract, for any bytes: returns (status, stdout lines, the message or None)."""
    code, out, err, path = score(data, folder)
    if code == 0:
        assert err == ""
        lines = [json.loads(line) for line in out.split("\n")[:-1]]
        assert lines and out.endswith("\n")
        return code, lines, None
    assert code == 2, (code, err)
    assert out == ""
    assert err.startswith("error: {}".format(path)) and err.endswith("\n"), err
    message = err[:-1]
    assert "\n" not in message and printable(message), repr(message)
    message.encode("utf-8")  # no lone surrogate got through
    return code, None, message


# -- values of every JSON type, and records with one value replaced --------------------------

# Each bound of docs/rules.md "Ranges" and one past it, and numbers far beyond any.
EDGES = [-1, 0, 1, 2, 3, 4, 5, 9, 13, 14, 27, 28, 29, 100, 101, 1000, 1005, 2000, 2005,
         10000, 10001, 10 ** 6, 10 ** 6 + 1, 10 ** 12, 10 ** 12 + 1, 10 ** 30, 10 ** 400]
KINDS = sorted({kind for profile in PROFILES.values() for kind in profile[3]})
SCALARS = (st.none() | st.booleans()
           | st.integers(-10, 30) | st.integers() | st.sampled_from(EDGES)
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12)
           | st.sampled_from(["ddz", "classic", "five", "laizi", "rocket", "j4", "pure",
                             "landlord", "farmers", "spring", "anti", "open", "hidden", "A",
                             "\ud800", "\u2028", "\x1b[2J", "\ufeff"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
# Bomb lists, for the limits of the cards (docs/rules.md "What the cards allow").
BOMBS = st.lists(st.sampled_from(KINDS), max_size=30)


@st.composite
def evenings(draw):
    """Valid records of one table: one game, and in Dou Dizhu one profile."""
    game = draw(st.sampled_from(["ddz", "ddz", "baohuang", "shengji"]))
    if game == "shengji":
        return draw(shengji_sequences())
    one = ddz_records(profile=draw(st.sampled_from(sorted(PROFILES)))) if game == "ddz" \
        else baohuang_records()
    return draw(st.lists(one, min_size=1, max_size=4))


def _places(record):
    """Every (container, key) of a record, nested ones too."""
    found = []
    stack = [record]
    while stack:
        obj = stack.pop()
        keys = obj if isinstance(obj, dict) else range(len(obj))
        for key in keys:
            found.append((obj, key))
            if isinstance(obj[key], (dict, list)):
                stack.append(obj[key])
    return found


def _mangle(draw, record):
    """One change to a record: a value replaced, a key or item removed, or one added."""
    if record.get("profile") in PROFILE_NAMES and draw(st.integers(0, 3)) == 0:
        kinds = sorted(PROFILES[record["profile"]][3])
        record["bombs"] = draw(st.lists(st.sampled_from(kinds), max_size=30))
        return
    # A wrong game ends every check at once: mostly, leave it.
    places = [p for p in _places(record) if p[1] != "game" or draw(st.integers(0, 9)) == 0]
    if not places:
        return
    obj, key = draw(st.sampled_from(places))
    action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add"]))
    if action == "replace":
        obj[key] = draw(BOMBS if key == "bombs" else VALUES)
    elif action == "delete":
        del obj[key]
    elif isinstance(obj, dict):
        obj[draw(st.text(max_size=8) | st.sampled_from(["bid", "held", "rules", "beans"]))] = \
            draw(VALUES)
    else:
        obj.append(draw(VALUES))


@st.composite
def mangled_evenings(draw):
    """An evening's records with one to three changes, anywhere in it."""
    records = draw(evenings())
    for _ in range(draw(st.integers(1, 3))):
        _mangle(draw, draw(st.sampled_from(records)))
    return records


def _line(record, ascii_only):
    return json.dumps(record, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def _wrong_types_and_ranges(folder, records, ascii_only):
    check_outcome(b"\n".join(_line(r, ascii_only) for r in records) + b"\n", folder)


test_records_with_wrong_types_and_ranges_never_crash = QUICK(
    given(mangled_evenings(), st.booleans())(_wrong_types_and_ranges))
test_soak_wrong_types_and_ranges = pytest.mark.soak(SOAK(
    given(mangled_evenings(), st.booleans())(_wrong_types_and_ranges)))


@given(st.lists(VALUES, min_size=1, max_size=3))
@QUICK
def test_any_json_value_on_a_line_never_crashes(folder, values):
    check_outcome(b"\n".join(_line(v, True) for v in values), folder)


# -- bytes: encodings, line ends, nesting, duplicate keys, huge numbers ----------------------

VALID = ('{"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1, '
         '"winner": "landlord"}')
NOISE = st.sampled_from([b"\xef\xbb\xbf", b"\r", b"\r\n", b"\x00", b"\x1b", b"\x85",
                         b"\xe2\x80\xa8", b"\xe2\x80\xa9", b"\xed\xa0\x80", b"\xff", b"\xc3",
                         b'"\\ud800"', b'"\\udfff"', b'"\\u0000"', b"NaN", b"-Infinity",
                         b"[" * 1200, b"]", b"{", b"}", b'"', b"\\", b",", b":", b" ", b"\t",
                         b"9" * 120, b"1e400", b"-0", b'"game": "ddz", ', b'"bid": 2, '])


@st.composite
def hostile_bytes(draw):
    """A valid record's bytes with noise spliced in at random places."""
    data = bytearray(draw(st.sampled_from([VALID.encode(), EVENING.read_bytes()])))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        data[at:at] = draw(NOISE | st.binary(max_size=6))
    return bytes(data)


def _any_bytes(folder, data):
    check_outcome(data, folder)


test_any_bytes_never_crash = QUICK(given(hostile_bytes())(_any_bytes))
test_soak_any_bytes = pytest.mark.soak(SOAK(given(hostile_bytes())(_any_bytes)))


# -- valid records read the same however the file is written ---------------------------------


@given(st.lists(ddz_records(profile="classic"), min_size=1, max_size=5) | shengji_sequences(),
       st.booleans(), st.booleans(), st.booleans())
@QUICK
def test_a_bom_crlf_or_raw_unicode_changes_nothing(folder, records, bom, crlf, ascii_only):
    plain = b"".join(_line(r, True) + b"\n" for r in records)
    written = b"".join(_line(r, ascii_only) + (b"\r\n" if crlf else b"\n") for r in records)
    assert score(plain, folder)[:3] == score((BOM if bom else b"") + written, folder)[:3]


def test_the_evening_with_a_bom_scores_as_without(folder):
    # Our own CSV export writes a byte-order mark; an editor may add one to a JSONL file.
    assert score(BOM + EVENING.read_bytes(), folder)[:3] == score(EVENING.read_bytes(), folder)[:3]
    assert score(EVENING.read_bytes(), folder)[0] == 0


# -- each fault of issue 11, by name ---------------------------------------------------------

CLASSIC = json.loads(VALID)


def _refused(data, folder):
    code, _lines, message = check_outcome(data, folder)
    assert code == 2, data[:80]
    return message


def _with(**changes):
    """The valid record with keys changed; a key set to Ellipsis is left out."""
    record = dict(CLASSIC, **changes)
    return json.dumps({k: v for k, v in record.items() if v is not ...}).encode()


def _adding(text):
    """The valid record's bytes with `text` (raw JSON) added as its last keys."""
    return VALID.encode()[:-1] + b", " + text + b"}"


FAULTS = [
    (b"", "", "no hand records"),
    (b"\n \r\n\t\n", "", "no hand records"),
    (BOM, "", "no hand records"),
    (_with(escape=1, held=20000, winner=...), ":1:", "held: 20000 (must be 0 to 100)"),
    (_with(escape=1, held=10 ** 90, winner=...), ":1:", "held: 1000000"),
    (_with(rules={"factors": {"bomb": 10 ** 20}}), ":1:", "rules.factors.bomb: 1000"),
    (_with(rules={"cap": 10 ** 9}), ":1:", "rules.cap: 1000000000 (must be 1 to 1000000)"),
    (_adding(b'"game": "ddz"'), ":1:", "game: \"ddz\" (the key is given twice)"),
    (_adding(b'"rules": {"cap": 8, "cap": 0}'), ":1:", "cap: 0 (the key is given twice)"),
    (_with(winner=None), ":1:", "winner: null"),
    (_with(profile=["classic"]), ":1:", 'profile: ["classic"]'),
    (_with(profile={"classic": 1}), ":1:", 'profile: {"classic":1}'),
    (_adding(b'"bombs": ' + b"[" * 900 + b"]" * 900), ":1:", "nested more than 8 deep"),
    (_adding(b'"bombs": ' + b"[" * 4000 + b"]" * 4000), ":1:", "nested more than 8 deep"),
    (_adding(b'"bombs": ' + b"[" * 20 + b"]" * 20), ":1:", "nested more than 8 deep"),
    (_adding(b'"held": 1' + b"0" * 400), ":1:", "held: 1000"),
    (_adding(b'"held": 1' + b"0" * 5000), ":1:", "a number of 5001 digits"),
    (_adding(b'"bid": NaN'), ":1:", "NaN is not JSON"),
    (_adding(b'"bid": -Infinity'), ":1:", "-Infinity is not JSON"),
    (_with(winner="\ud800"), ":1:", 'winner: "\\ud800"'),
    (_with(winner="\u2028\x1b[2J\n"), ":1:", 'winner: "\\u2028\\u001b[2J\\u000a"'),
    (_adding(b'"\\u001b[31m": 1'), ":1:", "\\u001b[31m: 1 (unknown key)"),
    (_adding(b'"bid\\u200b": 1'), ":1:", "bid\\u200b: 1 (unknown key)"),
    (_adding(b'"\x1b[31m": 1'), ":1:", "not JSON (Invalid control character"),
    (_adding(b'"x": "\xed\xa0\x80"'), ":1:", "not UTF-8 (byte 106 of the line)"),
    (VALID.encode() + b"\n" + VALID.encode() + b" " * 10000, ":2:",
     "a line longer than 10000 bytes"),
    (_with(winner="land\u2028lord").replace(b"\\u2028", "\u2028".encode()), ":1:",
     'winner: "land\\u2028lord"'),
    (VALID.encode() + b"\n" + _with(bombs=["rocket", "rocket"]), ":2:",
     "more than one deal holds: 4 jokers of 2"),
]


@pytest.mark.parametrize("data, where, says", FAULTS, ids=[f[2] for f in FAULTS])
def test_each_fault_is_refused_naming_line_and_key(folder, data, where, says):
    message = _refused(data, folder)
    assert message.startswith("error: {}{}".format(folder / "records.jsonl", where + " "
                                                   if where else ": ")), message
    assert says in message, message


def test_a_line_separator_inside_a_string_does_not_end_the_line(folder):
    # str.splitlines() would cut this record in two at U+2028 and call line 2 broken JSON.
    line = VALID.replace('"landlord"}', '"landlord", "x\u2028": 1}').encode()
    assert ":1: x\\u2028: 1 (unknown key)" in _refused(line + b"\n" + VALID.encode(), folder)


def test_a_long_value_is_cut_in_the_message(folder):
    message = _refused(_with(winner="x" * 5000), folder)
    assert len(message) < 300 and 'winner: "' + "x" * 99 + "... (" in message


def test_an_endless_line_is_refused_unread(folder):
    # Only one line's bound is read at a time: a file that is one huge line (or /dev/zero)
    # is refused without being held in memory.
    message = _refused(b"[" + b"0," * 2_000_000, folder)
    assert ":1: a line longer than 10000 bytes" in message


# -- every bound itself is accepted, on both interpreters ------------------------------------

DDZ = {"game": "ddz", "landlord": 0, "winner": "landlord"}
AT_THE_BOUNDS = [
    dict(DDZ, profile="classic", players=3, bid=3, bombs=["bomb"] * 13 + ["rocket"]),
    dict(DDZ, profile="classic", players=3, bid=1, escape=1, held=14, winner=...),
    dict(DDZ, profile="classic", players=3, bid=1, bombs=["rocket", "bomb"], escape=2,
         held=12, winner=...),
    dict(DDZ, profile="happy", players=3, spring="spring", rules={
        "base": 10000, "cap": 1000000, "spring_factor": 100, "factors": {"rocket": 100}},
        bombs=["rocket"]),
    dict(DDZ, profile="happy", players=3, rules={"beans": {
        "n": 1000000, "fee": 1000000, "balances": [10 ** 12] * 3}}),
    dict(DDZ, profile="two", players=2, bid=1, bombs=["bomb"] * 8 + ["rocket"]),
    dict(DDZ, profile="two", players=2, bid=1, bombs=["bomb"] * 9),
    dict(DDZ, profile="two", players=2, bid=1, escape=1, held=9, winner=...),
    dict(DDZ, profile="laizi", players=3, bombs=["hard"] * 12 + ["pure", "rocket"]),
    dict(DDZ, profile="laizi", players=3, bombs=["soft"] * 4 + ["hard"] * 9 + ["rocket"]),
    dict(DDZ, profile="four", players=4, bid=2, bombs=["b8"] * 13 + ["j4"]),
    dict(DDZ, profile="four", players=4, bid=2, bombs=["bomb"] * 26 + ["j4"]),
    dict(DDZ, profile="five", players=5, partner=1, bombs=["bomb"] * 26 + ["rocket"] * 2),
    dict(DDZ, profile="five", players=5, partner=1, bombs=["b5"] * 13 + ["j3"]),
    dict(DDZ, profile="five", players=5, partner=1, escape=3, held=28, winner=...),
    # Every bound at its top at once: a hand worth about 10^65, computed at once.
    dict(DDZ, profile="five", players=5, partner=1, shown=5, doubles=[4] * 5, revealed=True,
         bombs=["bomb"] * 26 + ["rocket"] * 2, spring="spring", rules={
             "base": 10000, "spring_factor": 100, "super_double": True,
             "factors": {"bomb": 100, "rocket": 100},
             "beans": {"n": 1000000, "fee": 1000000, "balances": [10 ** 12] * 5}}),
    {"game": "baohuang", "players": 5, "emperor": 0, "guard": 1, "order": [0, 1],
     "rules": {"unit": 10000}},
    {"game": "shengji", "players": 4, "dealer": 0, "points": 2000,
     "rules": {"step": 1000, "turnover": 2000}},
]
AT_THE_BOUNDS = [{k: v for k, v in r.items() if v is not ...} for r in AT_THE_BOUNDS]


def test_every_bound_itself_is_accepted_on_cpython_and_micropython(folder):
    from batch import score_batch, score_on_vm

    items = [[record] for record in AT_THE_BOUNDS]
    answers = score_batch(items)
    assert not [a for a in answers if "error" in a[0]], answers
    assert score_on_vm(items)[0] == answers
    for record in AT_THE_BOUNDS:
        assert check_outcome(json.dumps(record).encode(), folder)[0] == 0, record
