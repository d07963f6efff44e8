"""A roster larger than the seats 轮换 (docs/rules.md, "A roster that rotates"): four to
eight persons at a table whose game seats fewer; each hand seats the game's count of them and
the others sit out.

A hand record says who sat where under `seating`: the roster position of the person in each
seat, in seat order. The scoring never looks at it (a hand scores by seats); the table adds
each seat's delta to the total of the person in it. After a hand, the table's rotation rule
proposes who sits out next:

- "turn" (default): in turn. The group that sat out moves on round the roster by its own size,
  so with 5 persons on 3 seats {3, 4} sit out, then {0, 1}, then {2, 3}: nobody sits out
  twice before everyone has once.
- "leader": the hand's leader (斗地主 the landlord, 保皇 the emperor) sits out.
- "loser": whoever lost the most in the hand sits out (the first seat of a tie).

Where the rule names fewer persons than must sit out (a leader rule with 6 persons on 3
seats, or a forfeit that names no emperor), the others come from the in-turn group. The
persons playing take the seats in roster order, as they sit round the table.
"""

from core.check import is_int
from core.errors import RecordError

MAX_PERSONS = 8
RULES = ("turn", "leader", "loser")


def check_seating(seating, players, persons=MAX_PERSONS):
    """Refuse a `seating` that is not one roster position per seat, each person once."""
    if not isinstance(seating, list) or len(seating) != players:
        raise RecordError("seating", seating, "must list {} roster positions, one a seat"
                          .format(players))
    for person in seating:
        if not is_int(person) or not 0 <= person < MAX_PERSONS:
            raise RecordError("seating", seating, "{} is not a roster position 0 to {}"
                              .format(_shown(person), MAX_PERSONS - 1))
        if person >= persons:
            raise RecordError("seating", seating, "{} is past this table's roster, 0 to {}"
                              .format(person, persons - 1))
    if len(set(seating)) != players:
        raise RecordError("seating", seating, "a person is seated twice")
    return seating


def _shown(value):
    # a position as the record wrote it: JSON's true, not Python's True
    return "true" if value is True else "false" if value is False else value


def first(players):
    """The first hand: the first persons of the roster play."""
    return list(range(players))


def proposal(rule, persons, seating, leader, deltas):
    """The seating proposed after a hand played with `seating` (its leader's seat or None,
    its deltas by seat)."""
    out = persons - len(seating)
    rested = [p for p in range(persons) if p not in seating]
    chosen = []
    if rule == "leader" and leader is not None and out:
        # (a roster as large as the seats: nobody sits out, the leader plays on)
        chosen.append(seating[leader])
    elif rule == "loser":
        # Seats from the biggest loss down, a tie to the earlier seat (MicroPython's sort is
        # not stable: the seat is part of the key).
        by_loss = sorted(range(len(seating)), key=lambda seat: (deltas[seat], seat))
        chosen = [seating[seat] for seat in by_loss[:out]]
    for person in rested:
        turn = (person + out) % persons
        if len(chosen) < out and turn not in chosen:
            chosen.append(turn)
    for person in range(persons):  # only when the turn group met the chosen ones
        if len(chosen) < out and person not in chosen:
            chosen.append(person)
    return [p for p in range(persons) if p not in chosen]
