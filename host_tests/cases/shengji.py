"""Hand-computed Shengji level sequences (RULES.md §7, with the team's decisions).

Teams: 0 = seats {0, 2}, 1 = seats {1, 3}. Levels 2 3 4 5 6 7 8 9 10 J Q K A.
    p < turnover: dealer team + ceil((turnover - p) / step) (+1 if p == 0 and zero_bonus);
                  next dealer = (dealer + 2) % 4
    p >= turnover: attackers deal next, + (p - turnover) // step;
                   next dealer = (dealer + 1) % 4
Defaults: step 40, turnover 2 x step, zero_bonus true, start "2".
"""

SEQUENCES = [
    {
        "name": "default rules: every row of the §7 table from level 2",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 0, "points": 0},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 35},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 40},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 75},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 80},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 5},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 120},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 160},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 115},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 200},
        ],
        "after": [
            {"levels": ["5", "2"], "dealer": 2},
            {"levels": ["7", "2"], "dealer": 0},
            {"levels": ["8", "2"], "dealer": 2},
            {"levels": ["9", "2"], "dealer": 0},
            {"levels": ["9", "2"], "dealer": 1},
            {"levels": ["9", "4"], "dealer": 3},
            {"levels": ["10", "4"], "dealer": 0},
            {"levels": ["10", "6"], "dealer": 1},
            {"levels": ["10", "6"], "dealer": 2},
            {"levels": ["10", "9"], "dealer": 3},
        ],
        "why": "0: team 0 +3 (2->5), next 2; 35: +2 (7), next 0; 40: +1 (8); 75: +1 (9); "
               "80: team 1 takes the deal, +0, next 1; 5: team 1 +2 (4), next 3; "
               "120: team 0 takes, +1 (10), next 0; 160: team 1 takes, +2 (6), next 1; "
               "115: team 0 takes, +0, next 2; 200: team 1 takes, +3 (9), next 3",
    },
    {
        "name": "default rules: upper edges of the rows and each further 40",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 1, "points": 155},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 195},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 240},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 235},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 70},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 10},
        ],
        "after": [
            {"levels": ["3", "2"], "dealer": 2},
            {"levels": ["3", "4"], "dealer": 3},
            {"levels": ["7", "4"], "dealer": 0},
            {"levels": ["7", "7"], "dealer": 1},
            {"levels": ["7", "8"], "dealer": 3},
            {"levels": ["7", "10"], "dealer": 1},
        ],
        "why": "155: (155-80)//40 = 1, team 0 -> 3, next 2; 195: (115)//40 = 2, team 1 -> 4, "
               "next 3; 240: 160//40 = 4, team 0 3 -> 7, next 0; 235: 155//40 = 3, team 1 "
               "4 -> 7, next 1; 70: ceil(10/40) = 1, team 1 -> 8, next 3; 10: ceil(70/40) = 2, "
               "team 1 -> 10, next 1",
    },
    {
        "name": "start J: reaching A is not the end, going past A is",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 0, "points": 80, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 40, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 20, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 130, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 60, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 100, "rules": {"start": "J"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 45, "rules": {"start": "J"}},
        ],
        "after": [
            {"levels": ["J", "J"], "dealer": 1},
            {"levels": ["J", "Q"], "dealer": 3},
            {"levels": ["J", "A"], "dealer": 1},
            {"levels": ["Q", "A"], "dealer": 2},
            {"levels": ["K", "A"], "dealer": 0},
            {"levels": ["K", "A"], "dealer": 1},
            {"levels": ["K", "A"], "dealer": 3, "winner": 1},
        ],
        "why": "both start at J; 80: team 1 takes, +0; 40: team 1 +1 (Q); 20: +2 -> A "
               "exactly, game goes on; 130: team 0 takes, +1 (Q); 60: team 0 +1 (K); "
               "100: team 1 takes, +0; 45: team 1 +1, past A: team 1 wins",
    },
    {
        "name": "start 10: attackers jump levels, then a 0-point defence past A",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 2, "points": 5, "rules": {"start": "10"}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 200,
             "rules": {"start": "10"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 0, "rules": {"start": "10"}},
        ],
        "after": [
            {"levels": ["Q", "10"], "dealer": 0},
            {"levels": ["Q", "K"], "dealer": 1},
            {"levels": ["Q", "A"], "dealer": 3, "winner": 1},
        ],
        "why": "5: team 0 +2 (10 -> Q), next 0; 200: team 1 takes, +3 (10 -> K), next 1; "
               "0: team 1 +3, K + 3 is past A: team 1 wins, next dealer 3",
    },
    {
        "name": "start K: attackers go past A in one hand",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 2, "points": 200, "rules": {"start": "K"}},
        ],
        "after": [
            {"levels": ["K", "A"], "dealer": 3, "winner": 1},
        ],
        "why": "200: team 1 takes the deal, (200-80)//40 = 3, K + 3 is past A: team 1 wins",
    },
    {
        "name": "zero_bonus false: 0 points is only +2",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 0, "points": 0,
             "rules": {"zero_bonus": False}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 0,
             "rules": {"zero_bonus": False}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 5,
             "rules": {"zero_bonus": False}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 80,
             "rules": {"zero_bonus": False}},
        ],
        "after": [
            {"levels": ["4", "2"], "dealer": 2},
            {"levels": ["6", "2"], "dealer": 0},
            {"levels": ["8", "2"], "dealer": 2},
            {"levels": ["8", "2"], "dealer": 3},
        ],
        "why": "0: ceil(80/40) = 2, no bonus -> 4; 0 again -> 6; 5: ceil(75/40) = 2 -> 8; "
               "80: team 1 takes, +0, next 3",
    },
    {
        "name": "step 20 (turnover 40 by default)",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 0, "points": 5, "rules": {"step": 20}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 20, "rules": {"step": 20}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 40, "rules": {"step": 20}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 100, "rules": {"step": 20}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 0, "rules": {"step": 20}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 35, "rules": {"step": 20}},
        ],
        "after": [
            {"levels": ["4", "2"], "dealer": 2},
            {"levels": ["5", "2"], "dealer": 0},
            {"levels": ["5", "2"], "dealer": 1},
            {"levels": ["8", "2"], "dealer": 2},
            {"levels": ["J", "2"], "dealer": 0},
            {"levels": ["Q", "2"], "dealer": 2},
        ],
        "why": "turnover 40; 5: ceil(35/20) = 2 -> 4; 20: ceil(20/20) = 1 -> 5; 40: team 1 "
               "takes, +0; 100: team 0 takes, (100-40)//20 = 3 -> 8, next 2; 0: ceil(40/20) "
               "+ 1 = 3 -> J; 35: ceil(5/20) = 1 -> Q",
    },
    {
        "name": "turnover 100 with step 40",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 3, "points": 20,
             "rules": {"turnover": 100}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 15,
             "rules": {"turnover": 100}},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 95,
             "rules": {"turnover": 100}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 135,
             "rules": {"turnover": 100}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 140,
             "rules": {"turnover": 100}},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 0,
             "rules": {"turnover": 100}},
        ],
        "after": [
            {"levels": ["2", "4"], "dealer": 1},
            {"levels": ["2", "7"], "dealer": 3},
            {"levels": ["2", "8"], "dealer": 1},
            {"levels": ["2", "8"], "dealer": 2},
            {"levels": ["2", "9"], "dealer": 3},
            {"levels": ["2", "K"], "dealer": 1},
        ],
        "why": "20: ceil(80/40) = 2, team 1 -> 4; 15: ceil(85/40) = 3 -> 7; 95: ceil(5/40) "
               "= 1 -> 8; 135: team 0 takes, (135-100)//40 = 0; 140: team 1 takes, "
               "(140-100)//40 = 1 -> 9; 0: ceil(100/40) = 3, + 1 bonus = 4 -> K",
    },
    {
        "name": "start A: any dealer gain ends the game",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 1, "points": 80, "rules": {"start": "A"}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 120, "rules": {"start": "A"}},
        ],
        "after": [
            {"levels": ["A", "A"], "dealer": 2},
            {"levels": ["A", "A"], "dealer": 3, "winner": 1},
        ],
        "why": "80: team 0 takes the deal, +0, next 2; 120: team 1 takes, +1, past A: "
               "team 1 wins",
    },
    {
        "name": "step 50 (turnover 100 by default)",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 0, "points": 0, "rules": {"step": 50}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 55, "rules": {"step": 50}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 50, "rules": {"step": 50}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 45, "rules": {"step": 50}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 200, "rules": {"step": 50}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 145, "rules": {"step": 50}},
        ],
        "after": [
            {"levels": ["5", "2"], "dealer": 2},
            {"levels": ["6", "2"], "dealer": 0},
            {"levels": ["7", "2"], "dealer": 2},
            {"levels": ["9", "2"], "dealer": 0},
            {"levels": ["9", "4"], "dealer": 1},
            {"levels": ["9", "4"], "dealer": 2},
        ],
        "why": "0: ceil(100/50) + 1 = 3 -> 5; 55: ceil(45/50) = 1 -> 6; 50: ceil(50/50) = 1 "
               "-> 7; 45: ceil(55/50) = 2 -> 9; 200: team 1 takes, 100//50 = 2 -> 4, next 1; "
               "145: team 0 takes, 45//50 = 0, next 2",
    },
    {
        "name": "start 8: team 0 climbs through the face levels and wins",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 3, "points": 0, "rules": {"start": "8"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 160, "rules": {"start": "8"}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 0, "rules": {"start": "8"}},
            {"game": "shengji", "players": 4, "dealer": 0, "points": 30, "rules": {"start": "8"}},
        ],
        "after": [
            {"levels": ["8", "J"], "dealer": 1},
            {"levels": ["10", "J"], "dealer": 2},
            {"levels": ["K", "J"], "dealer": 0},
            {"levels": ["A", "J"], "dealer": 2, "winner": 0},
        ],
        "why": "0: team 1 +3 (8 -> J), next 1; 160: team 0 takes, +2 (8 -> 10), next 2; "
               "0: team 0 +3 (10 -> K), next 0; 30: +2, K + 2 past A: team 0 wins",
    },
    {
        "name": "all options together: step 30, turnover 90, no zero bonus, start 5",
        "records": [
            {"game": "shengji", "players": 4, "dealer": 1, "points": 0,
             "rules": {"step": 30, "turnover": 90, "zero_bonus": False, "start": "5"}},
            {"game": "shengji", "players": 4, "dealer": 3, "points": 60,
             "rules": {"step": 30, "turnover": 90, "zero_bonus": False, "start": "5"}},
            {"game": "shengji", "players": 4, "dealer": 1, "points": 150,
             "rules": {"step": 30, "turnover": 90, "zero_bonus": False, "start": "5"}},
            {"game": "shengji", "players": 4, "dealer": 2, "points": 85,
             "rules": {"step": 30, "turnover": 90, "zero_bonus": False, "start": "5"}},
        ],
        "after": [
            {"levels": ["5", "8"], "dealer": 3},
            {"levels": ["5", "9"], "dealer": 1},
            {"levels": ["7", "9"], "dealer": 2},
            {"levels": ["8", "9"], "dealer": 0},
        ],
        "why": "0: ceil(90/30) = 3, no bonus, team 1 5 -> 8, next 3; 60: ceil(30/30) = 1 "
               "-> 9, next 1; 150: team 0 takes, (150-90)//30 = 2, 5 -> 7, next 2; 85: "
               "ceil(5/30) = 1, team 0 -> 8, next 0",
    },
]
