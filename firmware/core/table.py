"""A table session: the game and options a table chose, its players, the hands in order and
the running totals (or, for 升级, the levels and the dealer).

Every hand is kept as its full record, so the journal, the host tools and this class all score
the very same thing. Voiding or amending a past hand never loses it: a voided hand stays with
`void` set (and may count again: unvoid), an amended one keeps its earlier records in
`previous`.

The table itself holds only what the screens need at once: totals, balances, the 升级 state
and the hand count. Past hands live in a store (`entries`): a list in RAM by default, the
journal on the device (core/journal.py), which reads an old hand from flash only when a screen
or a void/amend asks for it. So booting a table costs the same after 10 hands or 10,000.
Every change is handed to the store before the table changes: if the store refuses (flash
full), the table is exactly as it was and the same call can be made again.
"""

from core import ddz
from core.check import get_int, only_keys
from core.errors import JournalError, RecordError
from core.money import CENT, scale_of
from core.profiles import PROFILE_NAMES, PROFILES
from core.score import GAMES, score_hand

try:
    from typing import Any  # for the type checker only: MicroPython has no typing module
except ImportError:
    pass

HOUSE = -1  # payee for beans taken as fees: they left the table
SEATS = {"baohuang": 5, "shengji": 4}  # core/baohuang.py and shengji.py check these counts
MIN_PLAYERS = 2
MAX_PLAYERS = 5
# When an evening may end (docs/rules.md, "The table"): after this many hands, or when a
# player's total reaches this far either way. Bounds as the record's (docs/rules.md, Ranges).
MAX_END_HANDS = 10000
MAX_END_REACH = 1000000000
# Previews of the next hand kept (Table.preview): a bomb, a second bomb and its undo, and
# the result screen's first option, which is the play screen's hand.
_PREVIEWS_KEPT = 3


def deep_copy(value) -> "Any":
    """A copy of plain JSON data (a record, a draft) that shares nothing that can change."""
    # A string or a whole number (most of a record) is taken as it is, without a call: on
    # a Pico a call per value was most of a copy. Loops and type() rather than
    # comprehensions and isinstance(): a comprehension is a function called (a Pico copied
    # a draft in 0.28 ms that way, 0.19 this way).
    kind = type(value)
    if kind is dict:
        copy = {}
        for k in value:
            v = value[k]
            kind = type(v)
            copy[k] = v if kind is str or kind is int else deep_copy(v)
        return copy
    if kind is list:
        copy = []
        for v in value:
            kind = type(v)
            copy.append(v if kind is str or kind is int else deep_copy(v))
        return copy
    return value


def _copy(record) -> dict:
    # Records are plain JSON data: a structural copy keeps the caller's dict from changing
    # what the table stored.
    return deep_copy(record)


def _leader(record):
    """The seat that led a hand, for a rotation rule; None where none did (a 保皇 forfeit
    before the emperor was known)."""
    return record.get("landlord", record.get("emperor"))


class MemoryStore:
    """The hands of a table kept in RAM: each entry is {"record", "void", "previous"}."""

    def __init__(self):
        self.hands = []
        self.voids = 0

    def __len__(self):
        return len(self.hands)

    def __getitem__(self, index):
        return self.hands[index]

    def add(self, index, record):
        self.hands.append({"record": record, "void": False, "previous": []})

    def is_void(self, index):
        return self.hands[index]["void"]

    def void(self, index, was=None):
        self.hands[index]["void"] = True
        self.voids += 1

    def unvoid(self, index, was=None):
        self.hands[index]["void"] = False
        self.voids -= 1

    def amend(self, index, record, was=None):
        entry = self.hands[index]
        entry["previous"].append(entry["record"])
        entry["record"] = record

    def saved(self, table):
        pass


class Table:
    def __init__(self, game, players, profile=None, rules=None, names=None, titles=False,
                 end=None, roster=None, bombers=False, store=None, scale=None):
        if game not in GAMES:
            raise RecordError("game", game, "must be one of " + ", ".join(GAMES))
        if game == "ddz":
            # A tuple, not the dict: a profile that is a list or an object is refused, where
            # looking it up in a dict would raise TypeError (unhashable).
            if profile not in PROFILE_NAMES:
                raise RecordError("profile", profile,
                                  "must be one of " + ", ".join(PROFILE_NAMES))
            seats = PROFILES[profile][0]
        else:
            if profile is not None:
                raise RecordError("profile", profile, game + " has no profiles")
            seats = SEATS.get(game)
        if seats is None:  # free scoring: as many as play (core/free.py)
            from core.free import MAX_PLAYERS as most
            from core.free import MIN_PLAYERS as seats
        else:
            most = seats
        get_int({"players": players}, "players", seats, most)
        rules = _copy(rules or {})
        if not isinstance(rules, dict):
            raise RecordError("rules", rules, "must be an object")
        self.game = game
        self.profile = profile
        self.players = players
        self.rules = rules
        self.roster = self._check_roster(roster, names)
        # Who has a total: the seats, or with a roster every person on it (names is then a
        # list: _check_roster saw to it).
        self.persons = players if self.roster is None or names is None else len(names)
        self.names = self._check_names(names)
        self.show_titles = bool(titles)
        self.end = self._check_end(end)
        # The device asks who played each bomb (the record's `bombers`): 斗地主 only.
        if bombers is not True and bombers is not False:
            raise RecordError("bombers", bombers, "must be true or false")
        if bombers and game != "ddz":
            raise RecordError("bombers", bombers, "only Dou Dizhu records who played a bomb")
        self.bombers = bombers
        self.entries = MemoryStore() if store is None else store
        self.totals = [0] * self.persons
        self._seating = None  # with a roster: the next hand's, once proposed or chosen
        self._previews = []  # [(record as given, (completed record, result))]: preview()
        self._next = None  # the next hand's template, once made: _template()
        self._read = None  # ddz.read_rules' reading of its rules: _rules_read()
        self.start_balances = None
        self.state = None  # 升级: levels and dealer after the last hand
        self.kept = ([], None)  # 升级: states to replay past hands from (shengji.replay)
        # self.scale: amounts (totals, each hand's deltas) are whole points × unit, or
        # hundredths where the unit has decimals (core/money.py): 1 or 100, from the table's
        # own unit. A host tool reading a file that mixes units may ask for 100 whatever the
        # first record's unit.
        self.unit = CENT  # rules.unit in hundredths (升级 has none: 1)
        # Whether the hands add up to 0 (free scoring may not: then there is no settlement).
        self.zero_sum = True
        self._check_rules()
        if scale is not None:
            if scale not in (1, CENT) or scale < self.scale:
                raise RecordError("scale", scale, "must be 1 or 100, and 100 for a unit "
                                  "with decimals")
            self.scale = scale
        self._forced = scale is not None and scale != self._own_scale

    def header(self):
        """What the table was opened with: Table(**header()) makes the same empty table."""
        header = {"game": self.game, "players": self.players, "profile": self.profile,
                  "rules": _copy(self.rules), "names": list(self.names),
                  "titles": self.show_titles}
        # Only when set: a table without them opens exactly as it always did.
        if self.end is not None:
            header["end"] = dict(self.end)
        if self.roster is not None:
            header["roster"] = self.roster
        if self.bombers:  # likewise
            header["bombers"] = True
        if self._forced:  # never on the device: its scale follows from its rules
            header["scale"] = self.scale
        return header

    # -- set-up ------------------------------------------------------------------------

    def _check_names(self, names):
        if names is None:
            return ["P{}".format(i + 1) for i in range(self.players)]
        if (not isinstance(names, list) or len(names) != self.persons
                or not all(isinstance(n, str) and n.strip() for n in names)):
            raise RecordError("names", names, "must list {} names".format(self.persons))
        return list(names)

    def _check_roster(self, rule, names):
        """None (the seats are the players), or the rotation rule of a roster whose persons
        `names` lists: more than the seats, at most roster.MAX_PERSONS."""
        if rule is None:
            return None
        from core import roster

        if rule not in roster.RULES:
            raise RecordError("roster", rule, "must be one of " + ", ".join(roster.RULES))
        if self.game == "shengji":
            raise RecordError("roster", rule, "升级's four seats keep their teams all game")
        if "beans" in self.rules:
            raise RecordError("roster", rule, "beans belong to seats: no roster with beans")
        # As many persons as seats is a roster too: who sat where still tells who won what.
        if not isinstance(names, list) or not self.players <= len(names) <= roster.MAX_PERSONS:
            raise RecordError("names", names, "a roster names {} to {} persons".format(
                self.players, roster.MAX_PERSONS))
        return rule

    def _check_end(self, end):
        """None (the evening goes on until the table closes it), {"hands": N} or
        {"reach": T}; 升级 ends by its levels, so only after N hands."""
        if end is None:
            return None
        allowed = ("hands",) if self.game == "shengji" else ("hands", "reach")
        if not isinstance(end, dict) or len(end) != 1:
            raise RecordError("end", end, "must be one of " + ", ".join(
                '{"%s": N}' % k for k in allowed))
        only_keys(end, allowed, "end.")
        if "hands" in end:
            get_int(end, "hands", 1, MAX_END_HANDS, prefix="end.")
        else:
            get_int(end, "reach", 1, MAX_END_REACH, prefix="end.")
        return dict(end)

    def ended(self):
        """Why the evening is over by the table's own end, or None: ["hands", N] once N
        hands count, ["reach", seat, total] once a total is T or more either way (the
        furthest, the first seat on a tie)."""
        end = self.end
        if end is None:
            return None
        if "hands" in end:
            n = end["hands"]
            return ["hands", n] if self.hands_played() >= n else None
        far = 0
        for seat in range(self.persons):
            if abs(self.totals[seat]) > abs(self.totals[far]):
                far = seat
        # T is in points of the unit: 100 is 100 yuan at 1 yuan a point, 10000 hundredths.
        if abs(self.totals[far]) >= end["reach"] * self.scale:
            return ["reach", far, self.totals[far]]
        return None

    def _check_rules(self):
        rules = self.rules
        # The other games' rules are imported when a table of theirs needs them (core/score.py).
        if self.game == "ddz":
            only_keys(rules, ddz.RULE_KEYS, "rules.")
            options = ddz.read_rules(rules, self.profile, self.players)
            bean_options = options[6]
            if bean_options is not None and bean_options[2] is not None:
                self.start_balances = list(bean_options[2])
            self.unit = options[7]
        elif self.game == "baohuang":
            from core import baohuang

            self.unit = baohuang.read_rules(rules)
        elif self.game == "free":
            from core import free

            self.zero_sum, self.unit = free.read_rules(rules)
        else:
            from core import shengji

            self.state = shengji.new_state({"rules": rules})
        self.scale = self._own_scale = scale_of(self.unit)

    def template(self):
        """The part of the next record that the table decides: game, profile, seats, rules
        (with the beans balances the players carry into the hand). The caller's own copy."""
        return _copy(self._template())

    def _template(self):
        """template(), made once until the table changes (_apply, seat): the table's, never
        to be changed. A record completed from it shares its values (_complete)."""
        made = self._next
        if made is None:
            made = self._next = self._make_template()
        return made

    def _make_template(self):
        record = {"game": self.game, "players": self.players}
        if self.profile is not None:
            record["profile"] = self.profile
        rules = _copy(self.rules)
        if self.start_balances is not None:
            rules["beans"]["balances"] = self._carried()
        if rules:
            record["rules"] = rules
        state = self.state
        if state is not None and state["dealer"] is not None:
            record["dealer"] = state["dealer"]
        if self.roster is not None:
            record["seating"] = self.seating()
        return record

    # -- recording ---------------------------------------------------------------------

    def _complete(self, record, given=False, owned=False):
        """Fill what the table decides into `record` and refuse one for another table.
        given: the record was written down (a file's, the journal's) and is whole as it is
        (RULES §8): without `rules` it is scored with the defaults, without `seating` its
        persons are the seats, whatever the table or other records say. owned: nobody
        else holds `record` (an event just read from the journal), so it is completed in
        place: a copy costs a replayed hand ~1 ms of a Pico's boot."""
        if not isinstance(record, dict):
            raise RecordError("record", record, "must be a JSON object")
        if not owned:
            record = _copy(record)
        rules = record.get("rules")
        if self.roster is not None and isinstance(rules, dict) and "beans" in rules:
            if "seating" in record:
                raise RecordError("seating", record["seating"],
                                  "beans belong to seats: a beans hand has no seating")
            raise RecordError("rules.beans", rules["beans"],
                              "beans belong to seats: no beans at a table with a roster")
        if given:
            if "rules" not in record and self.rules:
                record["rules"] = {}
            if "seating" not in record and self.roster is not None:
                record["seating"] = list(range(self.players))
        # The template's values go in as they are: nothing changes a completed record (a
        # preview's is looked at, a recorded one is kept as it was recorded).
        for key, value in self._template().items():
            if key == "dealer":
                continue
            if key not in record:
                record[key] = value
            elif key not in ("rules", "profile", "seating") and record[key] != value:
                # A record may name another profile of the same seat count (a table that
                # switches from 叫分 to 抢地主 mid-evening); its own rules then apply. Its
                # seating is who really sat where, whatever the table proposed.
                raise RecordError(key, record[key], "this table has {}".format(value))
        if "seating" in record:
            if self.roster is None:
                raise RecordError("seating", record["seating"], "this table has no roster")
            from core.roster import check_seating

            check_seating(record["seating"], self.players, self.persons)
        beans = record.get("rules", {}).get("beans") if isinstance(record.get("rules"), dict) \
            else None
        if isinstance(beans, dict) and "balances" not in beans and self.start_balances:
            beans["balances"] = self._carried()
        return record

    def _priced(self, record, result):
        """`result` with its amounts in the table's scale. A hand at a whole unit on a table
        of hundredths (a file that mixes units) is brought to hundredths, which is exact; a
        hand in hundredths cannot be kept on a table of whole points."""
        got = result.get("scale", 1)
        if got == self.scale:
            return result
        if got > self.scale:
            raise RecordError("rules.unit", record["rules"]["unit"],
                              "this table counts whole points: its unit is a whole number")
        times = self.scale // got
        result["deltas"] = [d * times for d in result["deltas"]]
        if "pairs" in result:
            result["pairs"] = [[a, b, amount * times] for a, b, amount in result["pairs"]]
        result["scale"] = self.scale
        return result

    def _score(self, record, index):
        if self.game != "shengji":
            return self._priced(record, score_hand(record, None, self._rules_read(record)))
        if index == len(self.entries):
            state = self.state
        else:
            # Levels follow every earlier hand: a look back replays them from the store.
            from core import shengji

            state, self.kept = shengji.replay(self, index, score_hand)
        return score_hand(record, state)

    def _rules_read(self, record):
        """Dou Dizhu: ddz.read_rules' reading of the next hand's rules, for a record that
        has them as the template put them in (the very object, or none where the table has
        the default rules) with the table's profile and players; read once per template (a
        Pico's preview spent ~0.5 ms reading them again). Else None: the scorer reads the
        record's own."""
        template = self._next
        if (template is None or self.game != "ddz" or record.get("profile") != self.profile
                or record.get("players") != self.players):
            return None
        rules = template.get("rules")
        if record.get("rules") is not rules:
            return None
        read = self._read
        if read is None:
            read = self._read = ddz.read_rules(rules or {}, self.profile, self.players)
        return read

    def preview(self, record, index=None):
        """What `record` would score as the next hand (or as hand `index`, amended), without
        keeping it: (the completed record, the result). The screens show this before OK.
        Both are the table's: read them, never change them.

        The next hand's last few previews are kept until the table changes (_apply, seat):
        the play screen and the result screen draw the same hand, and an undo comes back
        to a hand seen a press before (a Pico's press saves ~3 ms of checks and scoring)."""
        if index is not None:
            record = self._correction(index, record)
            return record, self._score(record, index)
        previewed = self._previewed(record)
        if previewed is not None:
            return previewed
        kept = self._previews
        seen = _copy(record)  # as it is now: the caller's draft goes on changing
        # Completed on a copy of the top level only: _complete adds keys there (and fills a
        # beans hand's own rules, which a later look then no longer matches: a miss).
        completed = self._complete(dict(seen) if isinstance(seen, dict) else seen, owned=True)
        previewed = (completed, self._score(completed, len(self.entries)))
        if len(kept) >= _PREVIEWS_KEPT:
            kept.pop(0)
        kept.append((seen, previewed))
        return previewed

    def _previewed(self, record):
        """(completed record, result) of `record` as the next hand, if it was previewed
        since the table last changed; else None."""
        for seen, previewed in self._previews:
            if seen == record:
                return previewed
        return None

    def _correction(self, index, record, entry=None):
        """`record` completed as a correction of hand `index` (whose `entry` may be given):
        unless it says otherwise, it keeps the rules (and beans balances) the hand was
        played under."""
        record = _copy(record)
        old = (entry or self._entry(index))["record"]
        for key in ("rules", "seating"):  # the same players as well as the same rules
            if key not in record and key in old:
                record[key] = _copy(old[key])
        return self._complete(record)

    def record(self, record, replay=False, given=False, owned=False):
        """Score a new hand and add it; returns (hand index, result). Nothing changes if the
        record is refused, or if the store cannot save it (the call can then be repeated).
        replay: the hand comes from the journal (see ddz.check_cards); given: from a file
        (see _complete; a replayed hand is given too); owned: see _complete."""
        index = len(self.entries)
        # The hand confirmed from its result screen was previewed as it is: completed and
        # scored already (preview() completes it as this would).
        previewed = None if given or replay or owned else self._previewed(record)
        if previewed is None:
            record = self._complete(record, given or replay, owned)
            result = self._score(record, index)
        else:
            record, result = previewed
        if self.game == "ddz" and not replay:
            ddz.check_cards(record)
        self.entries.add(index, record)
        if self.game == "shengji":
            self._apply((result, None, None))
        else:
            self._apply((None, self.person_deltas(record, result["deltas"]), None))
        return index, result

    def person_deltas(self, record, deltas, sign=1):
        """A hand's deltas by seat as changes of the persons' totals: with a roster, each
        seat's goes to the person in it and those sitting out change by 0."""
        if self.roster is None:
            return [sign * delta for delta in deltas]
        change = [0] * self.persons
        for seat, person in enumerate(record["seating"]):
            change[person] = sign * deltas[seat]
        return change

    def _effect(self, index, old, new=None, result=None):
        """What putting record `new` (scored `result`; None: voiding) in place of hand
        `index`'s `old` one (None: a voided one) does: (升级 state after it, change of each
        total, 升级 states kept). Worked out before the store is told, so that a refusal
        leaves everything as it was."""
        if self.game == "shengji":
            from core import shengji

            state, kept = shengji.replay(self, len(self.entries), score_hand, index, new)
            return state, None, kept
        change = [0] * self.persons
        if old is not None:  # None: a voided hand counted again (unvoid)
            change = self.person_deltas(old, self._priced(old, score_hand(old))["deltas"], -1)
        if new is not None and result is not None:
            change = [c + d for c, d in zip(change, self.person_deltas(new, result["deltas"]))]
        return None, change, None

    def _apply(self, effect):
        state, change, kept = effect
        if kept is not None:
            self.kept = kept
        if change is None:
            self.state = state
        else:
            for person, delta in enumerate(change):
                self.totals[person] += delta
        self._seating = None  # the next hand's seating follows the hands as they are now
        if self._previews:  # scored before this change: another hand now (a replay at
            self._previews = []  # boot makes no list per event)
        self._next = self._read = None  # and the template with them
        self.entries.saved(self)

    def _entry(self, index, was=None):
        """Hand `index`'s entry; with `was` (a replayed void, unvoid or amend: the record it
        concerns), that record, without reading the hand from the store."""
        if not isinstance(index, int) or not 0 <= index < len(self.entries):
            raise RecordError("hand", index, "no such hand")
        if was is None:
            return self.entries[index]
        if not isinstance(was, dict):
            raise RecordError("was", was, "must be a hand record")
        return {"record": was, "void": self.entries.is_void(index), "previous": []}

    def void(self, index, was=None):
        entry = self._entry(index, was)
        if entry["void"]:
            raise RecordError("hand", index + 1, "already voided")
        effect = self._effect(index, entry["record"])
        self.entries.void(index, entry["record"])
        self._apply(effect)

    def unvoid(self, index, was=None):
        """Count a voided hand again, as it was recorded: a void is undone, never lost."""
        entry = self._entry(index, was)
        if not entry["void"]:
            raise RecordError("hand", index + 1, "is not voided")
        record = entry["record"]
        effect = self._effect(index, None, record, self._score(record, index))
        self.entries.unvoid(index, record)
        self._apply(effect)

    def amend(self, index, record, replay=False, was=None):
        """Replace hand `index` with a corrected record; the old one is kept in `previous`.
        Beans: the hand keeps the balances its players carried into it."""
        entry = self._entry(index, was)
        if entry["void"]:
            raise RecordError("hand", index + 1, "a voided hand cannot be amended")
        record = self._correction(index, record, entry)
        result = self._score(record, index)
        if self.game == "ddz" and not replay:
            ddz.check_cards(record)
        effect = self._effect(index, entry["record"], record, result)
        self.entries.amend(index, record, entry["record"])
        self._apply(effect)
        return result

    # -- what the screens show -----------------------------------------------------------

    def without(self, index):
        """What the table screen would show with hand `index` voided, before it is: the
        totals (beans: the balances), or 升级's state."""
        state, change, _kept = self._effect(index, self._entry(index)["record"])
        if change is None:
            return state
        totals = [t + c for t, c in zip(self.totals, change)]
        held = self._held(totals)
        return totals if held is None else held

    def last_counted(self):
        """The index of the newest hand that counts (not voided), or None."""
        for index in range(len(self.entries) - 1, -1, -1):
            if not self.entries[index]["void"]:
                return index
        return None

    def hand_result(self, index):
        return self._score(self._entry(index)["record"], index)

    def seating(self):
        """With a roster, the next hand's seating: the one chosen (seat()), else what the
        rotation rule proposes after the last hand that counts (core/roster.py)."""
        if self._seating is None:
            from core import roster

            seating = roster.first(self.players)
            try:
                for i in range(len(self.entries) - 1, -1, -1):
                    entry = self.entries[i]
                    if not entry["void"]:
                        record = entry["record"]
                        seating = roster.proposal(self.roster, self.persons,
                                                  record["seating"], _leader(record),
                                                  self.hand_result(i)["deltas"])
                        break
            except JournalError:
                # The last hand that counts cannot be read (a damaged journal): the first
                # persons are proposed, and the table chooses (seat()). Raising here would
                # stop every boot at the table screen.
                seating = roster.first(self.players)
            self._seating = seating
        return list(self._seating)

    def seat(self, seating):
        """Choose the next hand's seating instead of the proposed one."""
        from core.roster import check_seating

        self._seating = list(check_seating(seating, self.players, self.persons))
        self._previews = []  # they had the seating proposed before
        self._next = self._read = None

    def seat_names(self, record=None):
        """The names by seat of `record`'s hand (by default the next hand)."""
        if self.roster is None:
            return self.names
        seating = record.get("seating") if record else None
        return [self.names[p] for p in seating or self.seating()]

    def hands_played(self):
        return len(self.entries) - self.entries.voids

    def _carried(self):
        # A void or an amend can leave a player below zero: it owes beans it had won before.
        # It carries nothing into the next hand (beans balances are never negative); the debt
        # stays in its total and in the settlement.
        return [max(0, b) for b in self.balances() or []]

    def balances(self):
        """Beans mode: what each player holds now."""
        return self._held(self.totals)

    def _held(self, totals):
        """Beans mode: what each player holds with these totals; None in points mode."""
        start = self.start_balances
        return None if start is None else [b + t for b, t in zip(start, totals)]

    def titles(self, lang="zh"):
        if not self.show_titles:
            return None
        from core.titles import title  # only a table that shows titles loads them

        amounts = self.balances() or self.totals
        return [title(a, lang, self.scale) for a in amounts]

    def settlement(self, fees=None):
        """Who pays whom at the end of the table: (payer, payee, amount), in the fewest
        transfers. Beans: then each player's fees to the house (payee HOUSE), what it paid
        itself, never one player paying the whole table's; `fees` are those of core.stats'
        Tally, the hands are read for them when not given. 升级 has no money to settle, nor
        has a free-scoring table whose hands need not add up to 0 (rules.zero_sum false)."""
        if self.game == "shengji" or not self.zero_sum:
            return []
        from core.settle import settle  # at the settlement only

        totals = list(self.totals)
        if not sum(totals):
            return settle(totals)
        if fees is None:
            from core.stats import tally

            fees = tally(self).fees
        # What the players owe each other: their totals with their own fees given back.
        transfers = settle([t + f for t, f in zip(totals, fees)])
        return transfers + [(person, HOUSE, fee) for person, fee in enumerate(fees) if fee]
