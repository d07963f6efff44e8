"""Hand-computed beans-mode cases (RULES.md §4, with the team's decisions).

    gross pair amount = §3 stake (after the laizi quarter and cap) x N
    step 1 (win_cap_own_balance, default on): a winner whose pair amounts sum S exceeds its
           balance B gets each pair amount replaced by amount x B // S
    step 2: a loser whose pair amounts (after step 1) sum S > B: amount x B // S
    step 3: fee taken = min(A, balance + delta) from every player

Deltas need not add up to 0 (the fee, and the rounding down).
"""

CASES = [
    {
        "name": "beans: RULES §4 seed example (N 1000, stake 6, fee 50)",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "bombs": ["bomb"], "winner": "landlord",
                   "rules": {"beans": {"n": 1000, "fee": 50,
                                       "balances": [100000, 100000, 100000]}}},
        "deltas": [11950, -6050, -6050],
        "why": "stake = 3 x 2 = 6; x 1000 = 6000 per pair; landlord +12000 - 50 = 11950; "
               "each farmer -6000 - 50 = -6050 (balances ample)",
    },
    {
        "name": "beans: defaults n 1 and fee 0",
        "record": {"game": "ddz", "profile": "happy", "players": 3, "landlord": 1, "grabs": 1,
                   "winner": "landlord", "rules": {"beans": {"balances": [10, 10, 10]}}},
        "deltas": [-2, 4, -2],
        "why": "stake 2 x N 1 = 2 per pair; landlord S = 4 <= 10; farmers 2 <= 10; no fee",
    },
    {
        "name": "beans: winner capped at its own balance (default on)",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "bombs": ["bomb", "bomb"], "winner": "landlord",
                   "rules": {"beans": {"n": 100, "balances": [500, 10000, 10000]}}},
        "deltas": [500, -250, -250],
        "why": "stake = 3 x 4 = 12; x 100 = 1200 per pair; landlord S = 2400 > 500: "
               "1200 x 500 // 2400 = 250 each; farmers pay 250",
    },
    {
        "name": "beans: win cap off",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "bombs": ["bomb", "bomb"], "winner": "landlord",
                   "rules": {"beans": {"n": 100, "balances": [500, 10000, 10000],
                                       "win_cap_own_balance": False}}},
        "deltas": [2400, -1200, -1200],
        "why": "1200 per pair, no win cap; farmers have 10000 each; landlord +2400",
    },
    {
        "name": "beans: win cap scales uneven pairs and rounds each down",
        "record": {"game": "ddz", "profile": "happy", "players": 3, "landlord": 0, "grabs": 3,
                   "bombs": ["rocket"], "doubles": [1, 2, 1], "winner": "landlord",
                   "rules": {"beans": {"n": 100, "balances": [1000, 50000, 50000]}}},
        "deltas": [999, -666, -333],
        "why": "M = 8 x 2 = 16; pair(0,1) = 16x2 = 32 -> 3200; pair(0,2) = 16 -> 1600; "
               "S = 4800 > 1000: 3200x1000//4800 = 666, 1600x1000//4800 = 333; landlord +999",
    },
    {
        "name": "beans: losing landlord capped at its balance",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 2,
                   "bombs": ["rocket"], "winner": "farmers",
                   "rules": {"beans": {"n": 100, "balances": [300, 5000, 5000]}}},
        "deltas": [-300, 150, 150],
        "why": "stake 2 x 2 = 4 -> 400 per pair; farmers' S 400 <= 5000; landlord S = 800 > "
               "300: 400 x 300 // 800 = 150 each",
    },
    {
        "name": "beans: one losing farmer capped at its balance",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 100, "balances": [10000, 100, 5000]}}},
        "deltas": [400, -100, -300],
        "why": "stake 3 -> 300 per pair; landlord S 600 <= 10000; farmer 1: 300 > 100 -> "
               "300 x 100 // 300 = 100; farmer 2 pays 300; landlord +400",
    },
    {
        "name": "beans: win cap first, then a loser cap",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "bombs": ["bomb"], "winner": "landlord",
                   "rules": {"beans": {"n": 100, "balances": [400, 1000, 50]}}},
        "deltas": [250, -200, -50],
        "why": "stake 6 -> 600 per pair; step 1: S 1200 > 400: 600x400//1200 = 200 each; "
               "step 2: farmer 2 200 > 50 -> 200x50//200 = 50; landlord 200 + 50 = 250",
    },
    {
        "name": "beans: both winning farmers capped at their balances",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "bombs": ["bomb"], "winner": "farmers",
                   "rules": {"beans": {"n": 100, "balances": [10000, 100, 250]}}},
        "deltas": [-350, 100, 250],
        "why": "stake 6 -> 600 per pair; step 1: farmer 1 600 > 100 -> 100, farmer 2 600 > "
               "250 -> 250; step 2: landlord S 350 <= 10000",
    },
    {
        "name": "beans: fee never takes a balance below 0",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 100, "fee": 20, "balances": [1000, 50, 1000]}}},
        "deltas": [130, -50, -120],
        "why": "100 per pair; farmer 1 100 > 50 -> 50; before fee [150, -50, -100]; new "
               "balances 1150, 0, 900; fee taken 20, min(20, 0) = 0, 20",
    },
    {
        "name": "beans: fee partly taken",
        "record": {"game": "ddz", "profile": "happy", "players": 3, "landlord": 0,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 10, "fee": 20, "balances": [100, 17, 100]}}},
        "deltas": [0, -17, -30],
        "why": "stake 1 -> 10 per pair; before fee [20, -10, -10]; new balances 120, 7, 90; "
               "fee taken 20, min(20, 7) = 7, 20",
    },
    {
        "name": "beans: landlord with 0 balance wins nothing (win cap)",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 2,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 10, "fee": 5, "balances": [0, 100, 100]}}},
        "deltas": [0, -5, -5],
        "why": "20 per pair; S 40 > 0: 20 x 0 // 40 = 0; before fee all 0; fee min(5, 0) = 0 "
               "for the landlord, 5 for each farmer",
    },
    {
        "name": "beans: losing farmer with 0 balance pays nothing",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 10, "balances": [1000, 0, 1000]}}},
        "deltas": [10, 0, -10],
        "why": "10 per pair; farmer 1: 10 > 0 -> 10 x 0 // 10 = 0; landlord +10",
    },
    {
        "name": "beans: explicit win cap on, two players",
        "record": {"game": "ddz", "profile": "two", "players": 2, "landlord": 1, "bid": 1,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 500, "balances": [200, 200],
                                       "win_cap_own_balance": True}}},
        "deltas": [-200, 200],
        "why": "500 per pair; step 1: 500 > 200 -> 500 x 200 // 500 = 200; farmer 200 <= 200",
    },
    {
        "name": "beans: win cap off but the losing farmer is capped",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 3,
                   "winner": "landlord",
                   "rules": {"beans": {"n": 1000, "balances": [100, 50000, 1000],
                                       "win_cap_own_balance": False}}},
        "deltas": [4000, -3000, -1000],
        "why": "3000 per pair; no win cap; farmer 2: 3000 > 1000 -> 1000; landlord 3000 + "
               "1000",
    },
    {
        "name": "beans: laizi quarter, then N, win cap and loser cap",
        "record": {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 0, "grabs": 2,
                   "bombs": ["hard"], "winner": "landlord",
                   "rules": {"beans": {"n": 1000, "balances": [3000, 100000, 1000]}}},
        "deltas": [2500, -1500, -1000],
        "why": "M = 4 x 4 = 16; stake 16; quarter 4; x 1000 = 4000 per pair; step 1: S 8000 > "
               "3000: 4000x3000//8000 = 1500 each; step 2: farmer 2 1500 > 1000 -> 1000",
    },
    {
        "name": "beans: laizi 5000 cap, then N 2, fee 100",
        "record": {"game": "ddz", "profile": "laizi", "players": 3, "landlord": 1, "grabs": 3,
                   "bombs": ["hard"], "winner": "farmers",
                   "rules": {"base": 1000,
                             "beans": {"n": 2, "fee": 100,
                                       "balances": [1000000, 1000000, 1000000]}}},
        "deltas": [9900, -20100, 9900],
        "why": "stake 1000 x 32 = 32000; quarter 8000; cap 5000; x 2 = 10000 per pair; "
               "landlord -20000, farmers +10000; fee 100 each",
    },
    {
        "name": "beans: four players, landlord's win capped",
        "record": {"game": "ddz", "profile": "four", "players": 4, "landlord": 3, "bid": 2,
                   "bombs": ["bomb"], "winner": "landlord",
                   "rules": {"beans": {"n": 50, "balances": [100, 1000, 1000, 250]}}},
        "deltas": [-83, -83, -83, 249],
        "why": "stake 4 x 50 = 200 per pair; S 600 > 250: 200 x 250 // 600 = 83 each; "
               "farmer 0 83 <= 100; landlord 3 x 83 = 249",
    },
    {
        "name": "beans: five, one losing landlord capped",
        "record": {"game": "ddz", "profile": "five", "players": 5, "landlord": 0, "partner": 1,
                   "winner": "farmers",
                   "rules": {"beans": {"n": 100,
                                       "balances": [150, 1000, 1000, 1000, 1000]}}},
        "deltas": [-150, -300, 150, 150, 150],
        "why": "100 per pair; farmers S 200 <= 1000; landlord 0 S 300 > 150: 100x150//300 = "
               "50 each; landlord 1 pays 100 each; each farmer 50 + 100",
    },
    {
        "name": "beans: landlord escape, a winner capped first",
        "record": {"game": "ddz", "profile": "classic", "players": 3, "landlord": 0, "bid": 1,
                   "escape": 0, "held": 0,
                   "rules": {"beans": {"n": 10, "balances": [300, 1000, 50]}}},
        "deltas": [-250, 200, 50],
        "why": "P = 20; 1 x 20 x 10 = 200 per pair; step 1: farmer 2 200 > 50 -> 50; step 2: "
               "escaper S = 250 <= 300",
    },
    {
        "name": "beans: farmer escape, escaper capped, then fee",
        "record": {"game": "ddz", "profile": "happy", "players": 3, "landlord": 0, "escape": 2,
                   "held": 0,
                   "rules": {"beans": {"n": 100, "fee": 10, "balances": [5000, 5000, 600]}}},
        "deltas": [590, -10, -600],
        "why": "P = 10; 10 x 100 = 1000 to the landlord; step 2: 1000 > 600 -> 600; before "
               "fee [600, 0, -600]; new 5600, 5000, 0; fee 10, 10, 0",
    },
    {
        "name": "beans: farmers win, ample balances, fee 1",
        "record": {"game": "ddz", "profile": "happy", "players": 3, "landlord": 2, "grabs": 1,
                   "winner": "farmers",
                   "rules": {"beans": {"n": 3, "fee": 1, "balances": [50, 50, 50]}}},
        "deltas": [5, 5, -13],
        "why": "stake 2 x 3 = 6 per pair; landlord -12, farmers +6; fee 1 each",
    },
]
