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

# 升级 levels, from the lowest: a team's level is kept as an index into this (core/shengji.py).
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

# laizi: every stake is quartered, and a player's gain or loss is at most this per hand.
LAIZI_DIVISOR = 4
LAIZI_HAND_LIMIT = 10000

# Escape penalties (RULES §5): (threshold, flat multiple below it, factor at or above it).
ESCAPE_LANDLORD = (10, 20, 4)
ESCAPE_FARMER = (10, 10, 2)
