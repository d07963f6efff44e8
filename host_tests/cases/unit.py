"""Hand-computed cases for rules.unit, money per point (docs/rules.md), in 斗地主 and 保皇.

The unit multiplies every delta after everything else (cap, laizi's quarter, an escape's
penalty). A whole unit keeps whole amounts; a unit with decimals makes the result count in
hundredths, "scale": 100, so 1.50 is written 150. Each `why` works the points out first, then
prices them.
"""

CLASSIC = {"game": "ddz", "profile": "classic", "players": 3}

CASES = [
    {
        "name": "unit 0.5: classic bid 3, a bomb and a spring",
        "record": dict(CLASSIC, landlord=0, bid=3, bombs=["bomb"], spring="spring",
                       winner="landlord", rules={"unit": 0.5}),
        "deltas": [1200, -600, -600], "scale": 100,
        "why": "M = 2(bomb) x 2(spring) = 4; stake 3 x 4 = 12; landlord +24, farmers -12 "
               "each; x 0.5 = +12.00 / -6.00, in hundredths 1200 / -600",
    },
    {
        "name": "unit 0.5: the same hand lost by the landlord, no spring",
        "record": dict(CLASSIC, landlord=2, bid=3, bombs=["bomb"], winner="farmers",
                       rules={"unit": 0.5}),
        "deltas": [300, 300, -600], "scale": 100,
        "why": "M = 2; stake 3 x 2 = 6; landlord -12, farmers +6 each; x 0.5 = -6.00 / +3.00",
    },
    {
        "name": "unit 2 with a cap: three bombs capped at 4",
        "record": dict(CLASSIC, landlord=0, bid=2, bombs=["bomb", "bomb", "bomb"],
                       winner="landlord", rules={"unit": 2, "cap": 4}),
        "deltas": [32, -16, -16],
        "why": "M = 2^3 = 8, capped to 4 per pair; stake 2 x 4 = 8; landlord +16, farmers -8; "
               "the cap is on points, then x 2: +32 / -16",
    },
    {
        "name": "unit 2 with a cap that only one pair reaches (a double)",
        "record": dict(CLASSIC, landlord=1, bid=2, bombs=["bomb"], doubles=[2, 1, 1],
                       winner="farmers", rules={"unit": 2, "cap": 3}),
        "deltas": [12, -20, 8],
        "why": "M = 2; pair 1-0: 2 x 2(seat 0 doubled) = 4, capped 3, stake 2 x 3 = 6; pair "
               "1-2: 2, stake 4; farmers win: seat 0 +6, seat 2 +4, landlord -10; x 2 = "
               "+12 / +8 / -20",
    },
    {
        "name": "unit 0.05 on a farmer's escape",
        "record": dict(CLASSIC, landlord=0, bid=3, bombs=["bomb"], escape=1, held=0,
                       rules={"unit": 0.05}),
        "deltas": [150, -150, 0], "scale": 100,
        "why": "M' = 2 < 10: a farmer pays 10 x base 3 = 30 to the landlord; the other "
               "farmer nothing; x 0.05 = +1.50 / -1.50",
    },
    {
        "name": "unit 0.05 on a landlord's escape with M' 16",
        "record": dict(CLASSIC, landlord=0, bid=2, bombs=["bomb"] * 3, escape=0, held=1,
                       rules={"unit": 0.05}),
        "deltas": [-1280, 640, 640], "scale": 100,
        "why": "M' = 2^3 (played) x 2 (held) = 16 >= 10: the landlord pays 4 x 16 = 64 x base "
               "2 = 128 to each farmer, -256 in all; x 0.05 = -12.80 / +6.40 each",
    },
    {
        "name": "unit 0.1 in laizi: after the quarter",
        "record": {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 0,
                   "bombs": ["rocket"], "winner": "landlord", "rules": {"base": 3, "unit": 0.1}},
        "deltas": [60, -30, -30], "scale": 100,
        "why": "M = 4(rocket); stake 3 x 4 = 12; / 4 = 3 a pair; landlord +6, farmers -3; "
               "x 0.1 = +0.60 / -0.30",
    },
    {
        "name": "unit 0.2 in five: two landlords against three farmers",
        "record": {"game": "ddz", "profile": "five", "players": 5, "landlord": 0,
                   "partner": 1, "winner": "landlord", "rules": {"unit": 0.2}},
        "deltas": [60, 60, -40, -40, -40], "scale": 100,
        "why": "M = 1, base 1: each landlord +1 from each of three farmers = +3, each farmer "
               "-1 to each of two = -2; x 0.2 = +0.60 / -0.40",
    },
    {
        "name": "unit 10 in four: a whole unit stays whole",
        "record": {"game": "ddz", "profile": "four", "players": 4, "landlord": 0, "bid": 2,
                   "bombs": ["j4"], "winner": "landlord", "rules": {"unit": 10}},
        "deltas": [120, -40, -40, -40],
        "why": "M = 2(j4); stake 2 x 2 = 4; landlord +12, farmers -4; x 10 = +120 / -40",
    },
    {
        "name": "unit 3.0 written as a decimal is the whole unit 3",
        "record": dict(CLASSIC, landlord=0, bid=1, winner="landlord", rules={"unit": 3.0}),
        "deltas": [6, -3, -3],
        "why": "stake 1; landlord +2, farmers -1; x 3 = +6 / -3 (no decimals: whole points)",
    },
    {
        "name": "unit 0.01, the smallest",
        "record": dict(CLASSIC, landlord=1, bid=1, winner="landlord", rules={"unit": 0.01}),
        "deltas": [-1, 2, -1], "scale": 100,
        "why": "stake 1; landlord +2, farmers -1; x 0.01 = +0.02 / -0.01",
    },
    {
        "name": "unit 0.29, which no float holds exactly",
        "record": dict(CLASSIC, landlord=0, bid=3, winner="landlord", rules={"unit": 0.29}),
        "deltas": [174, -87, -87], "scale": 100,
        "why": "stake 3; landlord +6, farmers -3; x 0.29 = +1.74 / -0.87",
    },
    # ------------------------------------------------------------------------ 保皇
    {
        "name": "保皇 unit 0.5: emperor 1st, guard 2nd",
        "record": {"game": "baohuang", "players": 5, "emperor": 0, "guard": 1,
                   "order": [0, 1], "rules": {"unit": 0.5}},
        "deltas": [300, 150, -150, -150, -150], "scale": 100,
        "why": "guard 6 - (1 + 2) = 3, emperor 6, rebels -3; x 0.5 = +3.00 / +1.50 / -1.50",
    },
    {
        "name": "保皇 unit 2.5: open guard, emperor 1st, guard 3rd",
        "record": {"game": "baohuang", "players": 5, "emperor": 0, "guard": 2,
                   "order": [0, 1, 2], "open": True, "rules": {"unit": 2.5}},
        "deltas": [2000, -1000, 1000, -1000, -1000], "scale": 100,
        "why": "guard 6 - (1 + 3) = 2, x 2(open) = 4; emperor 8; rebels -4; x 2.5 = "
               "+20.00 / +10.00 / -10.00",
    },
    {
        "name": "保皇 unit 0.5: a forfeit",
        "record": {"game": "baohuang", "players": 5, "forfeit": 3, "rules": {"unit": 0.5}},
        "deltas": [500, 500, 500, -2000, 500], "scale": 100,
        "why": "the quitter -40, the others +10 each; x 0.5 = -20.00 / +5.00",
    },
    {
        "name": "保皇 unit 2.5: 暗独保 emperor 1st",
        "record": {"game": "baohuang", "players": 5, "emperor": 4, "guard": 4,
                   "solo": "hidden", "order": [4], "rules": {"unit": 2.5}},
        "deltas": [-750, -750, -750, -750, 3000], "scale": 100,
        "why": "hidden solo, place 1: emperor +12, others -3; x 2.5 = +30.00 / -7.50",
    },
]
