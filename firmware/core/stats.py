"""What each player did over the hands that count: hands played, how often it led the hand
and how often its side won then, its biggest gain and loss, and the table's bombs by kind.
The device's statistics screen and `tools.ledger summary` both count with this.

Who leads a hand: 斗地主 the landlord (and in five the 暗地主 too, the landlord's side);
保皇 the emperor; 升级 the dealer; free scoring the winner, whoever scored most (above 0).
The led side won: 斗地主 the landlord's side won or a farmer escaped; 保皇 the emperor scored
above 0; 升级 the dealers kept the deal; free scoring always. The bombs of
a hand are counted for the table, by kind (bombs still held at an escape are not played);
a record that says who played each (`bombers`) counts them for those players as well.

Counts are by person: with a roster (core/roster.py) a hand's seats are mapped to the persons
in them through its `seating`, and each person's hands are those it sat in; without one the
persons are the seats.
"""

# Who leads a hand, by game: the name of the role (also a word key of the UI).
ROLE = {"ddz": "landlord", "baohuang": "emperor", "shengji": "dealer", "free": "winner"}


def leaders(game, record):
    """Seats that led the hand."""
    if game == "ddz":
        landlord = record["landlord"]
        return sorted({landlord, record.get("partner", landlord)})
    if game == "baohuang":
        return [record["emperor"]] if "emperor" in record else []  # a forfeit may name none
    if game == "free":
        from core.free import leaders as winners

        return winners(record["points"])
    return [record["dealer"]]


def led_side_won(game, record, result, seat):
    if game == "ddz":
        if "escape" in record:
            return record["escape"] not in leaders(game, record)
        return record["winner"] == "landlord"
    if game in ("baohuang", "free"):
        return result["deltas"][seat] > 0
    return not result["took_over"]


def rate(part, whole):
    return round(part / whole, 4) if whole else None


class Tally:
    """Counts over hands added one at a time (add()), so that the device can read its hands
    from flash one by one and keep none of them."""

    def __init__(self, game, persons):
        self.game = game
        self.counted = 0
        self.played = [0] * persons  # hands each person sat in
        self.led = [0] * persons
        self.led_won = [0] * persons
        # {"hand", "delta"} per person, None until it gains (loses): the first such hand on a
        # tie
        self.best: "list" = [None] * persons
        self.worst: "list" = [None] * persons
        self.bombs = {}  # kind -> played
        # bombs played per person, None until a hand says who played its bombs (`bombers`)
        self.bombed: "list | None" = None
        self.fees = [0] * persons  # beans: the fees each person paid (the settlement's)

    def add(self, number, record, result):
        """Hand `number` (from 1, as the device shows it), which counts."""
        game = self.game
        self.counted += 1
        seating = record.get("seating") or range(len(self.played))
        for person in seating:
            self.played[person] += 1
        for seat in leaders(game, record):
            self.led[seating[seat]] += 1
            self.led_won[seating[seat]] += led_side_won(game, record, result, seat)
        if game == "shengji":
            return
        for seat, fee in enumerate(result.get("fees", ())):
            self.fees[seating[seat]] += fee
        for seat, delta in enumerate(result["deltas"]):
            person = seating[seat]
            best = self.best[person]
            if delta > 0 and (best is None or delta > best["delta"]):
                self.best[person] = {"hand": number, "delta": delta}
            worst = self.worst[person]
            if delta < 0 and (worst is None or delta < worst["delta"]):
                self.worst[person] = {"hand": number, "delta": delta}
        for kind in record.get("bombs", ()):
            self.bombs[kind] = self.bombs.get(kind, 0) + 1
        if "bombers" in record:
            if self.bombed is None:
                self.bombed = [0] * len(self.led)
            for seat in record["bombers"]:
                self.bombed[seating[seat]] += 1

    def player(self, person):
        """{"hands" (that it sat in), "led", "led_won", "led_rate", "led_win_rate"} and, in the
        point games, "biggest_gain" and "biggest_loss" (None when there was none)."""
        led, won, hands = self.led[person], self.led_won[person], self.played[person]
        out = {"hands": hands, "led": led, "led_won": won,
               "led_rate": rate(led, hands), "led_win_rate": rate(won, led)}
        if self.game != "shengji":
            out["biggest_gain"] = self.best[person]
            out["biggest_loss"] = self.worst[person]
        return out


def tally(table, alive=None):
    """A Tally of the table's hands that count (voided ones left out, amended ones as
    corrected), read one by one. `alive` is called every 32 hands: a long table takes
    seconds on a board, whose watchdog must be fed meanwhile."""
    counts = Tally(table.game, table.persons)
    for i in range(len(table.entries)):
        if alive is not None and not i & 31:
            alive()
        entry = table.entries[i]
        if not entry["void"]:
            counts.add(i + 1, entry["record"], table.hand_result(i))
    return counts
