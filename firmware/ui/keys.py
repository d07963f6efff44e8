"""Logical keys: what the screens react to, whatever buttons a board has.

A board's `keymap` (see boards/README.md) gives, for each physical button in the order of its
`buttons` list, the logical key of a short, a long and a double press: a tuple
(short, long, double), with None where that kind of press is not used. A kind that no button
uses costs nothing: with no long and no double on a button its short fires on the press itself;
with no double, on release without waiting for a second press.

Two special events come from the input layer rather than from a keymap: SLEEP when the idle time
runs out (the app puts the display to sleep) and WAKE for the press that wakes it (that press is
swallowed: it never acts on a screen).
"""

from micropython import const

NEXT = const(1)  # move the selection forward / down / increase
PREV = const(2)  # move it back / up / decrease
OK = const(3)  # choose, confirm, go into
BACK = const(4)  # leave, cancel, undo the last step
MENU = const(5)  # the menu of the current screen (history, settings, same as last hand)

WAKE = const(6)  # a press while asleep: wake the display, act on nothing
SLEEP = const(7)  # idle for the configured time: put the display to sleep

NAMES = ("", "next", "prev", "ok", "back", "menu", "wake", "sleep")

# Kinds of press, the positions in a keymap entry.
SHORT = const(0)
LONG = const(1)
DOUBLE = const(2)

KIND_NAMES = ("short", "long", "double")
