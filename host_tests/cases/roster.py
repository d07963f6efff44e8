"""Hand-computed evenings with a roster larger than the seats (docs/rules.md, "A roster that
rotates"; core/roster.py).

Persons are roster positions 0, 1, 2 ... A hand is played by the seating the table proposes
(or the one `seat` chooses first); each seat's delta goes to the person in it.
    turn:   the group that sat out moves on round the roster by its own size
    leader: the hand's landlord (emperor) sits out, the rest from the turn group
    loser:  the biggest losses sit out, a tie to the earlier seat
Each step lists the hand (its record without `seating`), the seating it was played with and
the persons' totals after it; `next` is the seating proposed after the last step.
Classic scoring: bid × factors, the landlord against each farmer; 保皇 as cases/baohuang.py.
"""


def _ddz(landlord, bid, winner, bombs=0):
    return {"landlord": landlord, "bid": bid, "winner": winner, "bombs": ["bomb"] * bombs}


EVENINGS = [
    {
        "name": "four in turn",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 4,
                  "roster": "turn"},
        "steps": [
            {"hand": _ddz(0, 3, "landlord"), "seating": [0, 1, 2],
             "totals": [6, -3, -3, 0]},
            {"hand": _ddz(2, 2, "farmers"), "seating": [1, 2, 3],
             "totals": [6, -1, -1, -4]},
            {"hand": _ddz(1, 1, "landlord", bombs=1), "seating": [0, 2, 3],
             "totals": [4, -1, 3, -6]},
        ],
        "next": [0, 1, 3],
        "why": "first [0,1,2], 3 out. 1: p0 lands bid 3 wins: +6/-3/-3. Out {3} -> {0}: "
               "[1,2,3]. 2: seat 2 = p3 lands bid 2, farmers win: p1 +2, p2 +2, p3 -4. "
               "Out {0} -> {1}: [0,2,3]. 3: seat 1 = p2, bid 1 x bomb 2 = 2, wins: p2 +4, "
               "p0 -2, p3 -2. Out {1} -> {2}: next [0,1,3]",
    },
    {
        "name": "five, the leader sits out",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 5,
                  "roster": "leader"},
        "steps": [
            {"hand": _ddz(1, 3, "landlord"), "seating": [0, 1, 2],
             "totals": [-3, 6, -3, 0, 0]},
            {"hand": _ddz(0, 2, "farmers"), "seating": [2, 3, 4],
             "totals": [-3, 6, -7, 2, 2]},
        ],
        "next": [0, 1, 4],
        "why": "1: seat 1 = p1 lands bid 3 wins: p1 +6, p0 -3, p2 -3. Two sit out: the "
               "landlord p1, then the turn group {3,4} + 2 = {0,1}: p0 (p1 already): out "
               "{1,0}, [2,3,4]. 2: seat 0 = p2 lands bid 2, farmers win: p2 -4, p3 +2, "
               "p4 +2. Out: p2, then {0,1} + 2 = {2,3}: p3: out {2,3}, next [0,1,4]",
    },
    {
        "name": "four, the biggest loser sits out",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 4,
                  "roster": "loser"},
        "steps": [
            {"hand": _ddz(0, 3, "farmers"), "seating": [0, 1, 2],
             "totals": [-6, 3, 3, 0]},
            {"hand": _ddz(2, 1, "landlord"), "seating": [1, 2, 3],
             "totals": [-6, 2, 2, 2]},
        ],
        "next": [0, 2, 3],
        "why": "1: p0 lands bid 3, farmers win: p0 -6, p1 +3, p2 +3; the loser p0 sits "
               "out: [1,2,3]. 2: seat 2 = p3 lands bid 1 wins: p3 +2, p1 -1, p2 -1; seats 0 "
               "and 1 tie at -1, the earlier (seat 0 = p1) sits out: next [0,2,3]",
    },
    {
        "name": "eight in turn, five sit out",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 8,
                  "roster": "turn"},
        "steps": [
            {"hand": _ddz(0, 1, "landlord"), "seating": [0, 1, 2],
             "totals": [2, -1, -1, 0, 0, 0, 0, 0]},
            {"hand": _ddz(0, 1, "landlord"), "seating": [5, 6, 7],
             "totals": [2, -1, -1, 0, 0, 2, -1, -1]},
            {"hand": _ddz(0, 1, "landlord"), "seating": [2, 3, 4],
             "totals": [2, -1, 1, -1, -1, 2, -1, -1]},
        ],
        "next": [0, 1, 7],
        "why": "out {3..7} + 5 = {0..4}: [5,6,7]; out {0..4} + 5 = {5,6,7,0,1}: [2,3,4]; "
               "out {0,1,5,6,7} + 5 = {5,6,2,3,4}: [0,1,7]. Each hand seat 0 lands bid 1 and "
               "wins: +2 / -1 / -1 to the persons seated",
    },
    {
        "name": "保皇 of six, the emperor sits out",
        "table": {"game": "baohuang", "players": 5, "persons": 6, "roster": "leader"},
        "steps": [
            {"hand": {"emperor": 0, "guard": 1, "order": [0, 1, 2, 3, 4]},
             "seating": [0, 1, 2, 3, 4], "totals": [6, 3, -3, -3, -3, 0]},
            {"hand": {"emperor": 4, "guard": 0, "order": [2, 3, 1, 0, 4]},
             "seating": [1, 2, 3, 4, 5], "totals": [6, 0, 0, 0, 0, -6]},
        ],
        "next": [0, 1, 2, 3, 4],
        "why": "1: e1 g2: guard 3, emperor 6, rebels -3; the emperor p0 sits out: [1..5]. "
               "2: seat 4 = p5 emperor places 5th, seat 0 = p1 guard 4th: guard = 6 - 9 = "
               "-3, emperor -6, the rebels (seats 1-3 = p2-p4) +3 each; the emperor p5 "
               "sits out: next [0..4]",
    },
    {
        "name": "a seating chosen instead of the proposal",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 4,
                  "roster": "turn"},
        "steps": [
            {"hand": _ddz(0, 3, "landlord"), "seating": [0, 1, 2],
             "totals": [6, -3, -3, 0]},
            {"seat": [0, 2, 3], "hand": _ddz(1, 2, "landlord"), "seating": [0, 2, 3],
             "totals": [4, -3, 1, -2]},
        ],
        "next": [0, 1, 3],
        "why": "1 as before, [1,2,3] proposed; the table seats [0,2,3] instead. 2: seat 1 = "
               "p2 lands bid 2 wins: p2 +4, p0 -2, p3 -2. The group that sat out, {1}, "
               "moves on by 1: {2}: next [0,1,3]",
    },
    {
        "name": "six, the three biggest losers sit out",
        "table": {"game": "ddz", "players": 3, "profile": "classic", "persons": 6,
                  "roster": "loser"},
        "steps": [
            {"hand": _ddz(0, 2, "landlord"), "seating": [0, 1, 2],
             "totals": [4, -2, -2, 0, 0, 0]},
            {"hand": _ddz(2, 1, "farmers"), "seating": [3, 4, 5],
             "totals": [4, -2, -2, 1, 1, -2]},
        ],
        "next": [0, 1, 2],
        "why": "three sit out of six: all three who played, from the biggest loss down. 1: "
               "p0 lands bid 2 wins: +4 / -2 / -2; out {1,2,0}: [3,4,5]. 2: seat 2 = p5 "
               "lands bid 1, farmers win: p5 -2, p3 +1, p4 +1; out {5,3,4}: next [0,1,2]",
    },
    {
        "name": "保皇 of seven in turn",
        "table": {"game": "baohuang", "players": 5, "persons": 7, "roster": "turn"},
        "steps": [
            {"hand": {"emperor": 0, "guard": 1, "order": [0, 1, 2, 3, 4]},
             "seating": [0, 1, 2, 3, 4], "totals": [6, 3, -3, -3, -3, 0, 0]},
        ],
        "next": [2, 3, 4, 5, 6],
        "why": "e1 g2: guard 3, emperor 6, rebels -3. Out {5,6} + 2 = {0,1}: [2..6]",
    },
]
