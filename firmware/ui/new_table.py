"""Opening a table (game, profile, every option of the rule book, titles) and the device's
settings (language, sleep). Each row cycles its value with OK; the last row starts."""

from core.money import CENT, unit_text
from core.profiles import LEVELS, PROFILE_NAMES, PROFILES
from ui import keys
from ui.screen import Choice, Screen

GAMES = [("ddz", p) for p in PROFILE_NAMES] + [("baohuang", None), ("shengji", None)]
OFF_ON = ((False, "off"), (True, "on"))

# What a point is worth (rules.unit, core/money.py), for 斗地主 and 保皇: a JSON number, so
# the decimals are floats here; the core reads them into whole hundredths.
UNITS = (1, 0.1, 0.2, 0.5, 2, 5, 10)
# field: the values a row cycles through, the first being the default. Labels are numbers,
# or word keys where the value is one.
DDZ_FIELDS = (
    ("cap", (None, 8, 16, 32, 64)),
    ("bomb_mode", ("double", "add")),
    ("spring_factor", (2, 1)),
    ("super_double", (False, True)),
    ("base", (1, 2, 5, 10)),
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
SIMPLE = {"baohuang": (("unit", UNITS),),
          "shengji": (("start", LEVELS), ("step", (40, 20, 30, 50)))}


class NewTableScreen(Choice):
    def __init__(self, app):
        super().__init__(app)
        self.game = 0
        self.chosen = {}  # field → index of its value
        self.titles = False
        self.end = 0  # index into ends()

    def heading(self):
        return self.t("new_table")

    def actions(self):
        return ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "ok"), (keys.MENU, "saved"))

    def press(self, key):
        if key == keys.MENU:
            from ui.archives import ArchivesScreen

            self.app.push(ArchivesScreen(self.app))
        else:
            super().press(key)

    def _game(self):
        return GAMES[self.game]

    def fields(self):
        game, profile = self._game()
        if profile is None:
            return SIMPLE[game]
        beans = self.value("beans")
        fields = [f for f in DDZ_FIELDS if not (f[0] == "base" and PROFILES[profile][1]
                                                  or f[0] == "unit" and beans)]
        if beans:
            fields.extend(BEANS_FIELDS)
        return fields

    def value(self, field):
        for name, values in DDZ_FIELDS + BEANS_FIELDS + SIMPLE["baohuang"] + SIMPLE["shengji"]:
            if name == field:
                return values[self.chosen.get(field, 0)]
        return None

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

    def count(self):
        return len(self.fields()) + 4  # game, the fields, titles, the end, start

    def option(self, i):
        fields = self.fields()
        if i == 0:
            game, profile = self._game()
            if profile and self.app.painter.mono:  # 128 px: the profile says enough
                return self.t(profile), "game"
            return self.t(game) + (" " + self.t(profile) if profile else ""), "game"
        if i <= len(fields):
            name = fields[i - 1][0]
            return self.t("opt_" + name) + ": " + self._label(self.value(name)), name
        if i == len(fields) + 1:
            return self.t("titles") + ": " + self._label(self.titles), "titles"
        if i == len(fields) + 2:
            return self.t("opt_end") + ": " + self._end_label(self.ends()[self.end]), "end"
        return "▶ " + self.t("start"), "start"

    def pick(self, value):
        if value == "game":
            self.game = (self.game + 1) % len(GAMES)
            self.chosen = {}
            self.end = 0
        elif value == "titles":
            self.titles = not self.titles
        elif value == "end":
            self.end = (self.end + 1) % len(self.ends())
        elif value == "start":
            self.app.open_table(*self.table_args())
        else:
            for name, values in self.fields():
                if name == value:
                    self.chosen[name] = (self.chosen.get(name, 0) + 1) % len(values)

    def table_args(self):
        """(game, profile, rules, titles, end) for what is chosen; rules hold only what
        differs from the defaults, so records stay short."""
        game, profile = self._game()
        rules = {}
        for name, values in self.fields():
            value = values[self.chosen.get(name, 0)]
            if name in ("beans", "n", "fee", "balance") or value == values[0]:
                continue
            rules[name] = value
        if self.value("beans") and profile is not None:
            players = PROFILES[profile][0]
            rules["beans"] = {"n": self.value("n"), "fee": self.value("fee"),
                              "balances": [self.value("balance")] * players}
        return game, profile, rules, self.titles, self.ends()[self.end]


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
        p.line(1, self.t("close_table"))


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
