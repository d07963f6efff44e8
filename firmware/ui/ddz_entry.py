"""Entering a Dou Dizhu hand, in the order it happens at the table: the landlord (chosen on
the table screen), the bid / grabs / partner, the play (bombs as they land), the result.

The two commonest bomb kinds of a profile are one press each on the play screen (NEXT and
PREV); the rest, doubles, show cards, reveal, the table's house factors and escape are in its
menu.

Amending a hand (amend()) opens on its result screen exactly as recorded, the cursor on the
recorded outcome, with the screens of the hand stacked beneath it as they were entered (the
bid / grabs / partner, the play with its bombs, the bombs still held at an escape): OK at once
records the same hand again, BACK walks back through the steps to change one.

"Same as last" (上一手同样, ui/table_screen.py) copies the previous hand's setup, what was
settled before a card was played: landlord, partner, bid, grabs, shown cards, doubles (and in
保皇 the emperor, the guard, open guard, the kind of solo). Never what happened in play:
bombs (and who played them), reveal, winner, spring, escape (保皇: the order, a revolt). It
goes straight to the play screen.

A table opened with "who bombed" (Table.bombers) asks, for each bomb added, who played it:
the record's `bombers`, one seat per bomb. The bomb counts on its press; the question comes
after. Undo takes the last bomb and its player together.
"""

from core.ddz import MAX_HOUSE, check_deal
from core.errors import RecordError
from core.money import text as money_text
from core.profiles import DEALS, PROFILES
from ui import keys
from ui.preview import LeadScreen, Preview, draft_of
from ui.screen import Choice, Notice, Screen, wrap
from ui.strings import text

# A UI choice, not a rule: which kinds get the two one-press keys on the play screen.
QUICK_BOMBS = {"classic": ("bomb", "rocket"), "happy": ("bomb", "rocket"),
               "two": ("bomb", "rocket"), "laizi": ("soft", "hard"), "four": ("bomb", "b5"),
               "five": ("b5", "b6")}
# Their words on the hint line where the kind's name is long ("Soft bomb"): "R:Soft L:Hard"
# fits the 128x64 row that "R:Soft bomb L:Hard bomb" did not.
QUICK_WORDS = {"soft": "quick_soft", "hard": "quick_hard", "b5": "quick_b5", "b6": "quick_b6"}
SHOWN = (1, 2, 3, 4, 5)
# The house factors offered (a table's own ×2, ×3 … for a rule such as 底牌同花); the core
# takes any whole factor up to its bound, these are the ones tables use.
HOUSE = (2, 3, 4, 5)

# Each option sets the winner and the spring, None: no spring (the key is left out).
RESULTS = [("landlord_wins", {"winner": "landlord", "spring": None}),
           ("farmers_win", {"winner": "farmers", "spring": None}),
           ("spring", {"winner": "landlord", "spring": "spring"}),
           ("anti_spring", {"winner": "farmers", "spring": "anti"})]


def start(app, landlord, draft=None):
    """The first screen of a hand with `landlord`; `draft` presets a hand (same as last,
    amend)."""
    profile = app.table.profile
    draft = draft if draft is not None else {}
    draft["landlord"] = landlord
    by_bid, grabbing = PROFILES[profile][1], PROFILES[profile][2]
    if by_bid:
        app.push(BidScreen(app, draft))
    elif grabbing:
        app.push(GrabScreen(app, draft))
    elif profile == "five":
        app.push(PartnerScreen(app, draft))
    else:
        app.push(PlayScreen(app, draft))


def amend(app, record):
    """The screens of a recorded hand as they were entered, its result on top (see above)."""
    draft = draft_of(record, ("winner", "spring", "escape", "held"))
    app.push(LeadScreen(app, draft, "landlord", lambda d: start(app, d["landlord"], d)))
    start(app, draft["landlord"], draft)
    if not isinstance(app.stack[-1], PlayScreen):
        app.push(PlayScreen(app, draft))
    if "escape" in record:
        # A record may leave out held (none was held): kept so, unless the amend adds some.
        held = HeldScreen(app, draft, record["escape"], record.get("held", 0),
                          "held" in record)
        app.push(held)
        app.push(held.preview())
    else:
        app.push(Preview(app, draft, RESULTS))


def resume(app, draft):
    """A hand kept through a power cut (ui/draft.py): its first screen as it was left, and
    its play screen with the bombs so far where it had got there. The core checks a draft
    that reached the play screen as it checks any hand; ValueError for one that is not."""
    landlord = draft["landlord"]
    if type(landlord) is not int or not 0 <= landlord < app.table.players:
        raise ValueError("no such landlord")
    playing = "bombs" in draft
    if playing:
        app.preview(dict(draft, winner="landlord"))
    start(app, landlord, draft)
    if playing and not isinstance(app.stack[-1], PlayScreen):
        app.push(PlayScreen(app, draft))


class _Step(Choice):
    """A choice that sets one key of the draft and goes on to the play screen."""

    key = ""

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        values = [v for _label, v in self.options()]
        if draft.get(self.key) in values:  # a preset hand (same as last, amend)
            self.cursor = values.index(draft[self.key])

    def heading(self):
        return self.seat_names()[self.draft["landlord"]] + " " + self.t("landlord")

    def pick(self, value):
        self.draft[self.key] = value
        self.app.push(PlayScreen(self.app, self.draft))


class BidScreen(_Step):
    key = "bid"

    def options(self):
        return [(self.t("bid_n").format(b), b) for b in (3, 2, 1)]


class GrabScreen(_Step):
    key = "grabs"

    def options(self):
        return [(self.t("grab_n" if g == 1 else "grabs_n").format(g), g) for g in (0, 1, 2, 3)]


class PartnerScreen(_Step):
    """Five players: the 明地主 chose, now the 暗地主 (who holds the twin of the face-up
    card), or the landlord itself holding both."""

    key = "partner"

    def heading(self):
        head = self.t("pick_partner").format(self.seat_names()[self.draft["landlord"]])
        if not self.app.painter.fits(head):  # 128 px: what to do matters more than who
            head = head.split("·")[-1].strip()
        return head

    def options(self):
        names = self.seat_names()
        landlord = self.draft["landlord"]
        return [(self.t("alone") if s == landlord else names[s], s)
                for s in range(self.app.table.players)]


class PlayScreen(Screen):
    """The hand in play: the multiplier in big digits, bombs one press each, BACK undoes."""

    hint_rows = 2  # the two one-press bomb keys, undo, OK and the menu

    def __init__(self, app, draft):
        super().__init__(app)
        self.draft = draft
        bombs = draft.setdefault("bombs", [])
        # A table that asks who played each bomb keeps `bombers` in step with `bombs`; a hand
        # amended from a record that has bombs but no bombers stays without them.
        if app.table.bombers and not bombs:
            draft.setdefault("bombers", [])
        self.quick = QUICK_BOMBS[app.table.profile]
        # What a press made, kept for the next while its inputs are the same: (key, what
        # was made) each, see _words() and _factors(); the hints' actions as the amend was
        # when they were made.
        self._said = self._staked = self._lines = self._actions = None

    def actions(self):
        # Amending, BACK walks back to the steps before (the bid…) with the bombs kept, and
        # the menu's undo takes a bomb back; entering a hand, BACK is the undo.
        amending = self.app.amending is not None
        made = self._actions
        if made is None or made[0] != amending:
            first, second = (QUICK_WORDS.get(kind, kind) for kind in self.quick)
            made = self._actions = (amending, (
                (keys.NEXT, first), (keys.PREV, second), (keys.OK, "hand_over"),
                (keys.BACK, "back" if amending else "undo"), (keys.MENU, "menu")))
        return made[1]

    def press(self, key):
        if key == keys.NEXT:
            add_bomb(self, self.quick[0])
        elif key == keys.PREV:
            add_bomb(self, self.quick[1])
        elif key == keys.OK:
            self.app.push(Preview(self.app, self.draft, RESULTS))
        elif key == keys.BACK:
            if self.draft["bombs"] and self.app.amending is None:
                undo_bomb(self.draft)
            else:
                self.app.pop()
        elif key == keys.MENU:
            self.app.push(PlayMenu(self.app, self.draft))

    def draw(self, p):
        record, result = self.app.preview(dict(self.draft, winner="landlord"))
        head, bid, top, stake, each = self._words(p, record, result)
        if p.mono:
            # 128x64, two rows above the two of hints: the landlord and the multiplier, then
            # the stake (the bid before it where there is room).
            p.line(0, head, color=p.accent)
            p.right(0, stake, color=p.accent)
            line = bid + each[0]
            p.line(1, p.clip(line if p.fits(line) else each[0]))
            return
        p.line(0, top, 0, p.accent)
        big = p.big_scale
        last = p.rows - self.hint_rows  # the first row of the hints
        factors = self._factors(record, result)
        if 1 + big + len(each) + len(factors) > last and big > 2:
            big = 2  # a smaller multiple, so that a second row of factors shows whole
        p.big(1, stake, big)
        row = 1 + big
        for line in each[:last - row]:
            p.line(row, p.clip(line))
            row += 1
        if row < last:  # what makes the multiple, where the stakes leave room
            for i, part in enumerate(factors[:last - row]):
                more = i == last - row - 1 and len(factors) > last - row
                p.line(row + i, p.clip(part + " …" if more else part))

    def _words(self, p, record, result):
        """(the landlord's name and role, the bid or "", the two as the colour screens' top
        line, the multiple, the stakes' lines), each made again only when what it says
        changed: a bomb changes the stakes, not who is the landlord."""
        lang = self.app.lang
        name = self.seat_names()[self.draft["landlord"]]
        key = (lang, name, record.get("bid"))
        said = self._said
        if said is None or said[0] != key:
            bid = self.t("bid_n").format(record["bid"]) + " " if "bid" in record else ""
            head = name + " " + self.t("landlord")
            said = self._said = (key, head, bid, p.clip(head + " " + bid))
        key = (lang, result["multiple"], result["pairs"])
        staked = self._staked
        if staked is None or staked[0] != key:
            staked = self._staked = (key, "×{}".format(result["multiple"]),
                                     _stakes(self, p, result["pairs"]))
        return said[1], said[2], said[3], staked[1], staked[2]

    def _factors(self, record, result):
        """Every factor in the multiple, as the result screen names them (bombs, grabs,
        shown cards, reveal, house factors), and the cap when it holds; "no bomb" when
        there is none: as lines that fit the width."""
        lang = self.app.lang
        # The core's terms as they are (a preview's result is never changed): no string
        # made of them to compare.
        key = (lang, result["terms"], result["capped"])
        if self._lines is not None and self._lines[0] == key:
            return self._lines[1]  # a press that changed no factor: nothing made again
        from core.explain import ddz_factors, words

        parts = ddz_factors(result, lang)
        if result["capped"]:
            parts.append(words(lang)["cap"].format(record["rules"]["cap"]))
        # wrap() keeps a factor whole: "4(hard bomb)" is not cut across rows
        lines = wrap(self.app.painter, " × ".join(parts)) if parts else [self.t("no_bomb")]
        self._lines = (key, lines)
        return lines


def undo_bomb(draft):
    """Take back the last bomb, and who played it where the hand records that."""
    draft["bombs"].pop()
    if "bombers" in draft:
        draft["bombers"].pop()


def _stakes(screen, p, pairs):
    """What each pair settles if the landlord wins, as the core worked it out (doubles, cap,
    laizi's ¼, the beans room and balances), as lines that fit: ["每家 16"] when every pair
    is the same, else per pair of a landlord-side seat and a farmer, ["甲乙 16 甲丙 8"]
    ("P2·P1 16 P2·P3 8": Latin names run together would read as one)."""
    first = pairs[0][2]
    table = screen.app.table
    # A loop, not all() over a generator: every bomb asks again, and the generator and its
    # unpacking cost a Pico ~0.1 ms of the press.
    same = True
    for pair in pairs:
        if pair[2] != first:
            same = False
            break
    if same:
        return ["{} {}".format(screen.t("stake"), money_text(first, table.scale))]
    names = screen.seat_names()
    lines = []
    line = ""
    for lord, farmer, amount in pairs:
        pair = screen.t("pair").format(names[lord], names[farmer],
                                       money_text(amount, table.scale))
        if line and not p.fits(line + " " + pair):
            lines.append(line)
            line = pair
        else:
            line = line + " " + pair if line else pair
    lines.append(line)
    return lines


def add_bomb(screen, kind, pops=0):
    """Count a bomb as it lands, unless the cards of one deal cannot hold it (a second 王炸
    from one deck): then say so in passing, and the hand stays as it was. Counted, the
    `pops` screens above the play screen go; where the hand records who played each bomb,
    that is asked next (BomberScreen), the bomb already counted."""
    app = screen.app
    if not _count(app, screen.draft, kind):
        return
    for _ in range(pops):
        app.pop()
    if "bombers" in screen.draft:
        app.push(BomberScreen(app, screen.draft, len(screen.draft["bombs"]) - 1))


def _count(app, draft, kind):
    """Add the bomb `kind` to the hand (and, where it records who bombed, the likeliest
    player for now: who played the bomb before, else the landlord); False, with a passing
    message, when one deal cannot hold it."""
    try:
        check_deal(app.table.profile, draft["bombs"] + [kind])
    except RecordError:
        app.push(Notice(app, [text(kind, app.lang), text("no_such_bomb", app.lang)], True))
        return False
    draft["bombs"].append(kind)
    if "bombers" in draft:
        seats = draft["bombers"]
        seats.append(seats[-1] if seats else draft["landlord"])
    return True


class BomberScreen(Choice):
    """Who played bomb number `index` (already counted): OK says it is the seat under the
    cursor, BACK takes the bomb back (pressed by mistake). The cursor starts on who played
    the one before (bombs often come in a run from one hand), else on the landlord, so the
    usual answer is one press.

    Every bomb press is a bomb: a bomb key pressed before the list could be read (a second
    bomb in the same breath) counts that bomb too, and its question waits under this one."""

    def __init__(self, app, draft, index):
        self.draft = draft
        self.index = index
        super().__init__(app)
        self.cursor = draft["bombers"][index]

    def heading(self):
        return self.t("bomber_of").format(self.t(self.draft["bombs"][self.index]))

    def options(self):
        return [(name, s) for s, name in enumerate(self.seat_names())]

    def hurried(self, key) -> bool:
        if key not in (keys.NEXT, keys.PREV):
            return False
        app, draft = self.app, self.draft
        if _count(app, draft, QUICK_BOMBS[app.table.profile][key != keys.NEXT]):
            app.stack.insert(len(app.stack) - 1,
                             BomberScreen(app, draft, len(draft["bombs"]) - 1))
        return True

    def pick(self, value):
        seats = self.draft["bombers"]
        seats[self.index] = value
        for screen in self.app.stack:  # a question waiting starts on who played this one
            if isinstance(screen, BomberScreen) and screen.index > self.index:
                seats[screen.index] = screen.cursor = value
        self.app.pop()

    def press(self, key):
        if key != keys.BACK:
            super().press(key)
            return
        index = self.index
        del self.draft["bombs"][index]
        del self.draft["bombers"][index]
        for screen in self.app.stack:  # the questions waiting for later bombs move up
            if isinstance(screen, BomberScreen) and screen.index > index:
                screen.index -= 1
        self.app.pop()


class PlayMenu(Choice):
    title = "menu"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)

    def options(self):
        items = [(self.t("double"), "double"), (self.t("show"), "show"),
                 (self.t("more_bombs"), "bombs")]
        if self.app.table.profile == "five":
            items.append((self.t("reveal") + (" ✓" if self.draft.get("revealed") else ""),
                          "reveal"))
        house = "".join(" ×{}".format(f) for f in self.draft.get("house", ()))
        items.append((self.t("house_rule") + house, "house"))
        items.append((self.t("escape"), "escape"))
        if self.app.amending is not None and self.draft["bombs"]:
            items.append((self.t("undo") + " " + self.t(self.draft["bombs"][-1]), "undo"))
        return items

    def pick(self, value):
        app, draft = self.app, self.draft
        if value == "undo":  # amending: the play screen's BACK walks back instead
            undo_bomb(draft)
            app.pop()
        elif value == "reveal":
            if draft.get("revealed"):
                del draft["revealed"]
            else:
                draft["revealed"] = True
            app.pop()
        else:
            screen = {"double": DoublesScreen, "show": ShownScreen, "bombs": MoreBombs,
                      "house": HouseScreen, "escape": EscapeScreen}[value]
            app.replace(screen(app, draft))


class DoublesScreen(Choice):
    """Each player's double: OK steps the chosen player through 1, 2 (and 4 if allowed)."""

    title = "double"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        if "doubles" not in draft:
            draft["doubles"] = [1] * app.table.players
        super_double = app.table.rules.get("super_double")
        self.steps = (1, 2, 4) if super_double else (1, 2)

    def options(self):
        doubles = self.draft["doubles"]
        return [("{} ×{}".format(name, doubles[s]), s)
                for s, name in enumerate(self.seat_names())]

    def actions(self):
        return ((keys.NEXT, "down"), (keys.OK, "double"), (keys.BACK, "done"))

    def pick(self, value):
        doubles = self.draft["doubles"]
        doubles[value] = self.steps[(self.steps.index(doubles[value]) + 1) % len(self.steps)]

    def press(self, key):
        if key == keys.BACK:
            if self.draft["doubles"] == [1] * self.app.table.players:
                del self.draft["doubles"]  # nobody doubled: keep the record as it was
            self.app.pop()
        else:
            super().press(key)


class ShownScreen(Choice):
    title = "show"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = SHOWN.index(draft.get("shown", 1))

    def options(self):
        return [(self.t("none") if f == 1 else "×{}".format(f), f) for f in SHOWN]

    def pick(self, value):
        if value == 1:
            self.draft.pop("shown", None)
        else:
            self.draft["shown"] = value
        self.app.pop()


class HouseScreen(Choice):
    """A house factor for this hand: each pick adds one (×2 twice is ×4), None takes them all
    away. The cursor starts on ×2, the commonest."""

    title = "house_rule"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)
        self.cursor = 1

    def options(self):
        return [(self.t("none"), 0)] + [("×{}".format(f), f) for f in HOUSE]

    def pick(self, value):
        house = self.draft.get("house", [])
        if not value:
            self.draft.pop("house", None)
        elif len(house) >= MAX_HOUSE:
            self.app.replace(Notice(self.app, [self.t("house_rule"), self.t("err_house")],
                                    True))
            return
        else:
            self.draft["house"] = house + [value]
        self.app.pop()


class MoreBombs(Choice):
    title = "more_bombs"

    def __init__(self, app, draft):
        self.draft = draft
        self.kinds = sorted(PROFILES[app.table.profile][3])
        super().__init__(app)

    def options(self):
        return [(self.t(kind), kind) for kind in self.kinds]

    def pick(self, value):
        add_bomb(self, value, 1)


class EscapeScreen(Choice):
    """Who left the table; then how many bombs were still held; then the preview."""

    title = "escape"

    def __init__(self, app, draft):
        self.draft = draft
        super().__init__(app)

    def options(self):
        return [(name, s) for s, name in enumerate(self.seat_names())]

    def pick(self, value):
        self.app.replace(HeldScreen(self.app, self.draft, value))


class HeldScreen(Screen):
    """Bombs still in hands at the escape: NEXT adds one, PREV takes one away."""

    def __init__(self, app, draft, seat, held=0, write_zero=True):
        super().__init__(app)
        self.draft = draft
        self.seat = seat
        self.held = held
        self.write_zero = write_zero  # held 0 written out (the device always writes it)

    def actions(self):
        return ((keys.NEXT, "more"), (keys.PREV, "fewer"), (keys.OK, "ok"),
                (keys.BACK, "back"))

    def press(self, key):
        # No more held than the deal could still hold besides the bombs played.
        most = DEALS[self.app.table.profile][0] - len(self.draft["bombs"])
        if key == keys.NEXT and self.held < most:
            self.held += 1
        elif key == keys.PREV and self.held:
            self.held -= 1
        elif key == keys.OK:
            self.app.push(self.preview())
        elif key == keys.BACK:
            self.app.pop()

    def preview(self):
        record = {k: v for k, v in self.draft.items() if k not in ("winner", "spring")}
        record["escape"] = self.seat
        if self.held or self.write_zero:
            record["held"] = self.held
        return Preview(self.app, record, [("escape", {})])

    def draw(self, p):
        p.line(0, self.t("escape") + " " + self.seat_names()[self.seat], color=p.accent)
        p.line(1, self.t("held_bombs"))
        p.big(2, str(self.held), 1 if p.mono else 2)
