"""The errors the core raises: RecordError for a bad hand record or a bad table action, and
JournalError where the store of the hands (core/journal.py) cannot do what was asked."""

# The value of a key that is absent, so that a message can tell it from a JSON null.
MISSING = object()

# A message quotes at most this many characters of a key, a value or a reason: it stays one
# short line however big the record's value is.
SHOWN = 100


def _unsafe(ch):
    # Characters that must not reach a terminal or a screen raw: controls (a newline would
    # split the one-line message), line and paragraph separators, bidi overrides and
    # isolates, lone surrogates (which cannot even be encoded as UTF-8), the byte-order mark.
    c = ord(ch)
    return (c < 0x20 or 0x7F <= c <= 0x9F or 0x2028 <= c <= 0x202E or 0x2066 <= c <= 0x2069
            or 0xD800 <= c <= 0xDFFF or c == 0xFEFF)


def escape(text, unsafe=_unsafe):
    """`text` with each character that `unsafe` picks written as \\uXXXX (\\UXXXXXXXX
    above U+FFFF). The host passes a stricter test than the default; MicroPython has no
    str.isprintable()."""
    out = []
    for ch in text:
        if unsafe(ch):
            code = ord(ch)
            ch = ("\\u{:04x}" if code < 0x10000 else "\\U{:08x}").format(code)
        out.append(ch)
    return "".join(out)


class RecordError(ValueError):
    """A record breaks a rule. `key` names the field at fault (dotted for nested rules keys,
    e.g. "rules.cap"), `value` is what it held (MISSING if absent), `reason` says what was
    expected."""

    def __init__(self, key, value, reason):
        super().__init__(key, value, reason)
        self.key = key
        self.value = value
        self.reason = reason

    def __str__(self):
        # Key, value and reason can all come from the record itself (an unknown key's name,
        # a string value): each is escaped and cut.
        return "{}: {} ({})".format(_clip(self.key), _clip(_show(self.value)),
                                    _clip(self.reason))


def _clip(text):
    return escape(text if len(text) <= SHOWN else text[:SHOWN] + "...")


def _show(value):
    if value is MISSING:
        return "missing"
    if value is None:
        return "null"
    if isinstance(value, str):
        return '"' + value + '"'
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (list, dict)):
        # As JSON, the form the record was written in ([true], {"hands":12}), not Python's.
        from core.frame import encode

        try:
            return bytes(encode(value)).decode()
        except (TypeError, ValueError):
            pass
    return repr(value)


class JournalError(Exception):
    """The journal cannot do what was asked; the message says why, for the screen. Here
    rather than in core/journal.py so that the table can catch a hand its store cannot read
    without importing the journal."""
