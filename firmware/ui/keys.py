"""Logical keys: what the screens react to, whatever buttons a board has.

A board's `keymap` (see boards/README.md) gives, for each physical button in the order of its
`buttons` list, the logical key of a short, a long and a double press: a tuple
(short, long, double), with None where that kind of press is not used. A kind that no button
uses costs nothing: with no long and no double on a button its short fires on the press itself;
with no double, on release without waiting for a second press.

Three special events come from the input layer rather than from a keymap, for the display:
DIM when the idle time (sleep_s) runs out (the app dims the panel), DARK after the long idle
(dark_s), armed only while the table screen is at rest (the app turns the panel off), and WAKE
for a press on a dim or dark display (the app brings full brightness back). Sleep never eats a
press: WAKE comes first and the press's own key follows as if the display had been lit.
"""

from micropython import const

NEXT = const(1)  # move the selection forward / down / increase
PREV = const(2)  # move it back / up / decrease
OK = const(3)  # choose, confirm, go into
BACK = const(4)  # leave, cancel, undo the last step
MENU = const(5)  # the menu of the current screen (history, settings, same as last hand)

WAKE = const(6)  # a press on a dim or dark display: full brightness (the press still acts)
DIM = const(7)  # idle for sleep_s: dim the display (backlight PWM / OLED contrast)
DARK = const(8)  # idle for dark_s on the table screen at rest: the display off

NAMES = ("", "next", "prev", "ok", "back", "menu", "wake", "dim", "dark")

# Kinds of press, the positions in a keymap entry.
SHORT = const(0)
LONG = const(1)
DOUBLE = const(2)

KIND_NAMES = ("short", "long", "double")
