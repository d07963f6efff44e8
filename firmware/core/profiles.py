"""Dou Dizhu profiles: seat count, how the base is set, and the bomb kinds with their factors
(RULES §1 and the §2 bomb table); the 升级 levels. Data only, loaded for every game."""

# name: (players, bid decides the base, grabs allowed, {bomb kind: default factor})
PROFILES = {
    "classic": (3, True, False, {"bomb": 2, "rocket": 2}),
    "happy": (3, False, True, {"bomb": 2, "rocket": 2}),
    "laizi": (3, False, True, {"rocket": 4, "soft": 2, "hard": 4, "pure": 4}),
    "two": (2, True, False, {"bomb": 2, "rocket": 2}),
    # The four-player seed gives no factors: each kind doubles, and a table may change any.
    "four": (4, True, False, {"bomb": 2, "b5": 2, "b6": 2, "b7": 2, "b8": 2, "j4": 2}),
    "five": (5, False, False, {"bomb": 1, "rocket": 1, "b5": 2, "b6": 2, "b7": 2, "b8": 2,
                               "j3": 2, "j4": 2}),
}

PROFILE_NAMES = ("classic", "happy", "laizi", "two", "four", "five")

# What the cards of one deal allow (docs/rules.md, "What the cards allow", has the
# arithmetic): the most bombs a deal can hold, played and still held together, then the pools
# of cards the bombs played draw on, as (size, {bomb kind: how many it takes}, what they are).
_JOKERS_ONE_DECK = (2, {"rocket": 2}, "jokers")
_ONE_DECK = (14, (_JOKERS_ONE_DECK, (13, {"bomb": 1}, "sets of four")))
# Two decks hold two sets of four of each of 13 ranks: a four-card bomb takes one set, a
# bigger one (5 to 8 cards of a rank) cuts into both.
_TWO_DECKS = (26, {"bomb": 1, "b5": 2, "b6": 2, "b7": 2, "b8": 2}, "sets of four")
DEALS = {
    "classic": _ONE_DECK,
    "happy": _ONE_DECK,
    # Three hands of 17 are dealt and one stays out: the 17 + 17 + 3 = 37 cards played make
    # nine bombs at most, which no longer needs a pool of ranks.
    "two": (9, (_JOKERS_ONE_DECK,)),
    # One wild rank: 4 wildcards and 48 other cards; a pure bomb takes the four wildcards, a
    # soft one at least one.
    "laizi": (14, (_JOKERS_ONE_DECK, (4, {"pure": 4, "soft": 1}, "wildcards"),
                   (48, {"hard": 4, "soft": 1}, "other cards"),
                   (13, {"pure": 1, "hard": 1, "soft": 1}, "sets of four"))),
    "four": (27, ((4, {"j4": 4}, "jokers"), _TWO_DECKS)),
    "five": (28, ((4, {"rocket": 2, "j3": 3, "j4": 4}, "jokers"), _TWO_DECKS)),
}

# 升级 levels, from the lowest: a team's level is kept as an index into this (core/shengji.py).
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

# laizi: every stake is quartered, and a player's gain or loss is at most this per hand.
LAIZI_DIVISOR = 4
LAIZI_HAND_LIMIT = 10000

# Escape penalties (RULES §5): (threshold, flat multiple below it, factor at or above it).
ESCAPE_LANDLORD = (10, 20, 4)
ESCAPE_FARMER = (10, 10, 2)
