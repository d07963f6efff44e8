"""Players' names as the board keeps them: what makes a name good, and the list of names it
knows (most recent first) from the settings, the archived tables and the host's --names.

A name is what the table screen, the history and the QR code print beside a total: it must
fit beside a number on the 128x64 panel, so it takes at most MAX_WIDTH half-width cells (a
Latin letter or digit is one, a Chinese character two: "Alexandr" or 欧阳小明). The core's
Table only asks that a name be non-empty (tables written by the host tools keep any name);
these rules are for the names a board offers and adds.
"""

MAX_WIDTH = 8
WIDE_FROM = 0x1100  # from here up a character is drawn full width (ui/text.py does the same)
KNOWN_MOST = 24  # names the settings remember: a screen's list a few presses long


def width(name):
    """Half-width cells `name` takes on the panel."""
    return sum(2 if ord(c) >= WIDE_FROM else 1 for c in name)


def refusal(name):
    """Why `name` cannot be a player's name (English, for the host tools), or None."""
    if not isinstance(name, str) or not name.strip():
        return "a name must have a character"
    if name != name.strip():
        return "a name must not start or end with a space"
    if width(name) > MAX_WIDTH:
        return "{!r} is too long: at most 8 letters or 4 Chinese characters".format(name)
    if any(ord(c) < 0x20 or c in ",\"\\" for c in name):
        return "{!r} holds a character a name cannot: a comma, a quote or a control".format(
            name)
    return None


def merged(*lists):
    """The good names of the lists, one list after the other, each name once (where it
    first comes). A list is whatever a settings file holds: anything else gives none."""
    found = []
    for names in lists:
        for name in names if isinstance(names, list) else ():
            if refusal(name) is None and name not in found:
                found.append(name)
    return found
