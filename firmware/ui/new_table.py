"""Opening a table (game, profile, every option of the rule book, titles, who plays) and the
device's settings (language, sleep). Each row cycles its value with OK; the names row opens
the choice of players (ui/players.py); the last row starts."""

from core.money import CENT, unit_text
from core.profiles import LEVELS, PROFILE_NAMES, PROFILES
from core.roster import MAX_PERSONS, RULES
from core.table import SEATS
from ui import keys
from ui.screen import Choice, Screen, wrap

GAMES = ([("ddz", p) for p in PROFILE_NAMES] + [("baohuang", None), ("shengji", None)]
         + [("free", None)])
OFF_ON = ((False, "off"), (True, "on"))

# What a point is worth (rules.unit, core/money.py), for 斗地主 and 保皇: a JSON number, so
# the decimals are floats here; the core reads them into whole hundredths.
UNITS = (1, 0.1, 0.2, 0.5, 2, 5, 10)
BASES = (1, 2, 5, 10)  # 底分 of the profiles without a bid (欢乐, 五人); laizi: LAIZI_BASES
# On 128x64, amounts to the cent ("+15.00") fill half the panel's width alone: its table
# screen holds them for up to three players, one a row, so more take whole units only.
WHOLE_UNITS = (1, 2, 5, 10)
# field: the values a row cycles through, the first being the default. Labels are numbers,
# or word keys where the value is one.
DDZ_FIELDS = (
    # First where a profile has one (欢乐, 癞子, 五人): what a hand is worth, seen at once on
    # every panel, 128x64 too. Profiles with a bid have none (the bid is the base).
    ("base", BASES),
    ("cap", (None, 8, 16, 32, 64)),
    ("bomb_mode", ("double", "add")),
    ("spring_factor", (2, 1)),
    ("super_double", (False, True)),
    ("beans", (False, True)),
    # After beans, so that every row before it kept its place; gone with beans on (the beans
    # are the stake: core/ddz.py refuses a unit there).
    ("unit", UNITS),
)
BEANS_FIELDS = (("n", (1, 10, 100, 1000)), ("fee", (0, 10, 50, 100)),
                ("balance", (1000, 10000, 100000, 1000000)))
# When the evening ends (core/table.py Table.end), the row after titles: never, after N
# hands, or when someone's total reaches ±T (not in 升级, which has no points).
ENDS = (None, {"hands": 12}, {"hands": 16}, {"hands": 20}, {"hands": 30}, {"reach": 100},
        {"reach": 200}, {"reach": 500}, {"reach": 1000})
# laizi quarters every stake (RULES §3): at base 1 a plain hand is ¼, rounded to 0 for
# everyone. Its bases are four times the others': a stake is then the base's quarter × M,
# whole for every multiplier, and the default base 4 scores a plain hand 1 a farmer, as 欢乐
# does at base 1 (docs/rules.md). The core's default stays 1 (records without rules.base
# score as they always did): the device writes laizi's base into the table's rules.
LAIZI_BASES = (4, 8, 20, 40)
CORE_BASE = 1  # what the core takes for a record without rules.base
MONO_MOST = 6  # persons on a 128x64 roster: see NewTableScreen._most
SIMPLE = {"baohuang": (("unit", UNITS),),
          "shengji": (("start", LEVELS), ("step", (40, 20, 30, 50))),
          # Free scoring: the seats (not a rule: the table's count), whether the points must
          # add up to 0 (rules.zero_sum), what a point is worth.
          "free": (("seats", (4, 3, 2, 5, 6, 7, 8)), ("zero_sum", (True, False)),
                   ("unit", UNITS))}

# Each field's values by its name, for value() (unit, base and seats, the names the games
# share, go by _choices): a screen's every row asks, and opening a table asks five times;
# the tuples joined anew and walked cost a Pico about 0.2 ms each time.
_VALUES = dict(DDZ_FIELDS + BEANS_FIELDS + SIMPLE["baohuang"] + SIMPLE["shengji"]
               + SIMPLE["free"])


class NewTableScreen(Choice):
    def __init__(self, app):
        super().__init__(app)
        self.game = 0
        self.chosen = {}  # field → index of its value
        self.titles = False
        self.end = 0  # index into ends()
        self.persons = 0  # how many more than the seats play in turn (a roster)
        self.rotation = 0  # index into roster.RULES
        self.bombers = False  # 斗地主: ask who played each bomb (core/table.py)
        self.picked = None  # the names chosen, in seat order (first asked: the last table's)
        self._rows = None  # rows(), until the next pick

    def heading(self):
        return self.t("new_table")

    def actions(self):
        # OK turns an option to its next value ("A切换"), and on the last row starts the table.
        ok = "ok" if self.rows()[self.cursor] == "open" else "cycle"
        return ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, ok), (keys.MENU, "saved"))

    def press(self, key):
        if key == keys.MENU:
            from ui.archives import ArchivesScreen

            self.app.push(ArchivesScreen(self.app))
        else:
            super().press(key)

    def _game(self):
        return GAMES[self.game]

    def _seats(self):
        game, profile = self._game()
        if game == "free":
            return self._choices("seats")[self.chosen.get("seats", 0)]
        return PROFILES[profile][0] if profile else SEATS[game]

    def fields(self):
        game, profile = self._game()
        if profile is None:
            return [(f[0], self._choices(f[0])) if f[0] in ("unit", "seats") else f
                    for f in SIMPLE[game]]
        beans = self.value("beans")
        fields = [f for f in DDZ_FIELDS + (BEANS_FIELDS if beans else ())
                  if not (f[0] == "base" and PROFILES[profile][1] or f[0] == "unit" and beans)]
        return [(f[0], self._choices(f[0])) if f[0] in ("unit", "base") else f
                for f in fields]

    def _choices(self, field):
        """The values of the rows whose choices depend on the game or the panel: unit, base
        and free scoring's seats (up to the six names the 128x64 panel shows)."""
        if field == "unit":
            return self._units()
        if field == "seats":
            seats = SIMPLE["free"][0][1]
            return [n for n in seats if n <= MONO_MOST] if self.app.painter.mono else seats
        return LAIZI_BASES if self._game()[1] == "laizi" else BASES

    def _units(self):
        if self.app.painter.mono and self._seats() > 3:
            return WHOLE_UNITS
        return UNITS

    def value(self, field):
        if field in ("unit", "base", "seats"):
            return self._choices(field)[self.chosen.get(field, 0)]
        values = _VALUES.get(field)
        return None if values is None else values[self.chosen.get(field, 0)]

    def _label(self, value):
        if value is None:
            return self.t("none")
        if value is True or value is False:
            return self.t("on" if value else "off")
        if isinstance(value, str) and value in ("double", "add"):
            return self.t("mode_" + value)
        if isinstance(value, float):  # a unit: as the core reads it, not the float's repr
            return unit_text(int(value * CENT + 0.5))
        return str(value)

    def ends(self):
        if self._game()[0] == "shengji":
            return [e for e in ENDS if e is None or "hands" in e]
        return ENDS

    def _end_label(self, end):
        if end is None:
            return self.t("none")
        if "hands" in end:
            return self.t("hands_n").format(end["hands"])
        return "±{}".format(end["reach"])

    def _rosters(self):
        """Whether this game and these options may play with a roster: not 升级 (its teams
        stay), not beans (each seat's own); on 128x64 not at a unit with decimals (see
        WHOLE_UNITS)."""
        if self._game()[0] == "shengji" or self.value("beans"):
            return False
        return not (self.app.painter.mono and self.value("unit") not in WHOLE_UNITS)

    def _most(self):
        """The largest roster this panel shows: on 128x64 six names and totals fill the
        rows the hints leave (two columns of three), on the others all MAX_PERSONS."""
        return MONO_MOST if self.app.painter.mono else MAX_PERSONS

    def rows(self):
        """The rows in order: "game", each field's name, "persons" and "rotation" (a roster,
        where it may be), "titles", "bombers" (斗地主: who played each bomb), "end",
        "open" (the last, which starts the table: not "start", 升级's start-level field).
        Kept until a pick changes them: a frame asks for them once a row."""
        if self._rows is None:
            self._rows = self._list_rows()
        return self._rows

    def _list_rows(self):
        rows = ["game"] + [f[0] for f in self.fields()]
        if self._rosters():
            rows.append("persons")
            if self.persons:
                rows.append("rotation")
        rows.append("titles")
        if self._game()[0] == "ddz":
            rows.append("bombers")
        return rows + ["end", "names", "open"]

    def count(self):
        return len(self.rows())

    def option(self, i):
        row = self.rows()[i]
        if row == "game":
            game, profile = self._game()
            if profile and self.app.painter.mono:  # 128 px: the profile says enough
                return self.t(profile), row
            return self.t(game) + (" " + self.t(profile) if profile else ""), row
        if row == "persons":
            return self.t("opt_persons") + ": " + str(self._seats() + self.persons), row
        if row == "rotation":
            return self.t("opt_rotation") + ": " + self.t("rotate_" + RULES[self.rotation]), row
        if row == "titles":
            return self.t("titles") + ": " + self._label(self.titles), row
        if row == "bombers":
            return self.t("opt_bombers") + ": " + self._label(self.bombers), row
        if row == "end":
            return self.t("opt_end") + ": " + self._end_label(self.ends()[self.end]), row
        if row == "names":
            return self.t("names") + ": " + " ".join(self.names()), row
        if row == "open":
            return "▶ " + self.t("start"), row
        return self.t("opt_" + row) + ": " + self._label(self.value(row)), row

    def pick(self, value):
        self._rows = None
        if value == "game":
            self.game = (self.game + 1) % len(GAMES)
            self.chosen = {}
            self.end = 0
            self.persons = 0
            self.bombers = False
        elif value == "persons":
            self.persons = (self.persons + 1) % (self._most() - self._seats() + 1)
        elif value == "rotation":
            self.rotation = (self.rotation + 1) % len(RULES)
        elif value == "titles":
            self.titles = not self.titles
        elif value == "bombers":
            self.bombers = not self.bombers
        elif value == "end":
            self.end = (self.end + 1) % len(self.ends())
        elif value == "names":
            from ui.players import PlayersScreen

            self.app.push(PlayersScreen(self.app, self._picked(), self._count))
        elif value == "open":
            names = self.names()
            self.app.open_table(self.table_options(), names)
            # None chosen: every name is a default one, which the settings never keep (and
            # looking through them cost a Pico 1 ms of opening the table).
            if self._picked():
                from ui.players import remember

                remember(self.app, names)
        else:
            for name, values in self.fields():
                if name == value:
                    self.chosen[name] = (self.chosen.get(name, 0) + 1) % len(values)
            if value == "seats":  # a roster's count is on top of the seats: from none again
                self.persons = 0

    def _count(self):
        """How many play: the seats, and those who sit out in turn."""
        return self._seats() + (self.persons if self._rosters() else 0)

    def _picked(self):
        if self.picked is None:
            from ui.players import known_names

            self.picked = known_names(self.app)[:self._count()]
        return self.picked

    def names(self):
        """Who plays, in seat order: those chosen, then default names for the rest."""
        from ui.players import fill

        return fill(self._picked(), self._count(), self.app.lang)

    def table_options(self):
        """What is chosen, as App.open_table reads it: game, profile, rules, titles, end,
        bombers, and with a roster persons and roster; players for free scoring's seats.
        rules hold only what differs from the core's defaults, so records stay short (laizi's
        base is always there: see LAIZI_BASES)."""
        game, profile = self._game()
        rules = {}
        for name, values in self.fields():
            value = values[self.chosen.get(name, 0)]
            default = CORE_BASE if name == "base" else values[0]
            if name in ("beans", "n", "fee", "balance", "seats") or value == default:
                continue
            rules[name] = value
        if self.value("beans") and profile is not None:
            players = PROFILES[profile][0]
            rules["beans"] = {"n": self.value("n"), "fee": self.value("fee"),
                              "balances": [self.value("balance")] * players}
        options = {"game": game, "profile": profile, "rules": rules, "titles": self.titles,
                   "end": self.ends()[self.end], "bombers": self.bombers and game == "ddz"}
        if self.persons and self._rosters():
            options["persons"] = self._seats() + self.persons
            options["roster"] = RULES[self.rotation]
        if game == "free":
            options["players"] = self._seats()
        return options


class CloseTable(Screen):
    """Ending the open table (it is archived, readable from the host) to start a new one."""

    def actions(self):
        return ((keys.OK, "ok"), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.OK:
            self.app.close_table()
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        p.line(0, self.t("new_table"), color=p.accent)
        for row, piece in enumerate(wrap(p, self.t("close_table"))):  # 128 px: two rows
            p.line(1 + row, piece)


SLEEP_CHOICES = (60, 120, 300, 30, 0)  # "sleep_s": idle seconds before the display dims


class SettingsScreen(Choice):
    title = "settings"
    # "dark_s": idle seconds on the table screen before the display goes dark (0: never)
    DARK_CHOICES = (1800, 3600, 600, 0)

    def _seconds(self, value):
        """The setting's value now, its default if unset (the app's: ui/app.py)."""
        app = self.app
        return (app.sleep_ms() if value == "sleep_s" else app.dark_ms()) // 1000

    def _after(self, seconds):
        if not seconds:
            return self.t("off")
        if seconds % 60:
            return self.t("seconds").format(seconds)
        return self.t("minutes").format(seconds // 60)

    def options(self):
        dim = self._seconds("sleep_s")
        return [(self.t("language") + ": " + self.t("lang_name"), "lang"),
                (self.t("dim") + ": " + (self.t("seconds").format(dim) if dim
                                         else self.t("off")), "sleep_s"),
                (self.t("sleep") + ": " + self._after(self._seconds("dark_s")), "dark_s")]

    def pick(self, value):
        settings = self.app.settings
        if value == "lang":
            settings["lang"] = "en" if self.app.lang == "zh" else "zh"
        else:
            choices = SLEEP_CHOICES if value == "sleep_s" else self.DARK_CHOICES
            now = self._seconds(value)
            step = choices.index(now) + 1 if now in choices else 0
            settings[value] = choices[step % len(choices)]
        self.app.save_settings()
