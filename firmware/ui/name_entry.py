"""A new player's name, made on the device with NEXT, PREV, OK and BACK (three buttons do).

The list holds groups of characters, a row each; OK on a group opens it, a character a row,
and OK there adds that character. What a table's names mostly are comes first and the
cursor goes where the next character most likely is:
- 老 小 阿, the prefixes of a name said at the table (老张, 小李, 阿明);
- the hundred most common surnames, most common first (王 李 张 …), then the cursor moves
  to the given names;
- common characters of given names (伟 芳 娜 …), then the cursor moves to "done";
- Latin letters for English names, a capital first and small letters after it (Anna);
- the last row, any of GB 2312's 3,755 common characters by the initial of its pinyin
  (ui/hanzi.py): the initial, then a group of its characters, then the character.
In English the letters come first. A group is as many characters as a row shows (ten, seven
on 128x64). Every character here is in GB 2312, so in the board's font (host_tests check).
BACK goes up a level, or takes the last character off, or leaves when there is none. A name
is at most core.names.MAX_WIDTH cells: a character past that is refused with a message.
"""

from core.names import MAX_WIDTH, width
from ui import keys
from ui.screen import Choice, Notice

PREFIXES = "老小阿"
SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡"
            "余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷"
            "侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
GIVEN = ("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚英华玉兰萍红玲鹏辉斌宇浩凯健俊帆旭宁欣"
         "佳晨阳雪梅琳婷颖鑫波飞峰亮成文")
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = 7  # Latin letters a group: "a b c d e f g" fits 128 px
DONE = "done"
PINYIN = "pinyin"


def groups(chars, size, kind):
    """`chars` cut into rows of `size`: [(kind, characters)]."""
    return [(kind, chars[i:i + size]) for i in range(0, len(chars), size)]


class NameEntry(Choice):
    """Builds a name; `done(name)` is called with it when OK is pressed on "done"."""

    def __init__(self, app, done):
        super().__init__(app)
        self.done = done
        self.name = ""
        self.path = []  # the levels open below the groups: PINYIN, ("initial", i), a group
        self.marks = {}  # level -> where its cursor was when last left: reopened there
        self.size = size = min(10, (app.painter.width - 4) // 16)
        chinese = ([("prefix", PREFIXES)] + groups(SURNAMES, size, "surname")
                   + groups(GIVEN, size, "given"))
        latin = groups(LATIN, LETTERS, "latin")
        self.groups = latin + chinese if app.lang == "en" else chinese + latin

    def heading(self):
        # 128 px hold "新名字: " or the name: there, once it has a character, the name alone
        lead = "" if self.name and self.app.painter.mono else self.t("new_name") + ": "
        return lead + self.name + "_"

    def actions(self):
        word = "delete" if self.name or self.path else "back"
        return ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "ok"), (keys.BACK, word))

    def _latin(self, chars):
        # a capital starts a name; after a Latin letter the small ones follow (Anna)
        return chars.lower() if any("A" <= c <= "z" for c in self.name) else chars

    def _chars(self):
        """The characters of the group open, or None where the rows are groups."""
        level = self.path[-1] if self.path else None
        if level is None or level == PINYIN or level[0] == "initial":
            return None
        return self._latin(level[1]) if level[0] == "latin" else level[1]

    def options(self):
        chars = self._chars()
        if chars is not None:
            return [(" " + c, c) for c in chars]
        if self.path:
            from ui.hanzi import BY_INITIAL, INITIALS

            level = self.path[-1]
            if level == PINYIN:
                return [(letter + " " + BY_INITIAL[i][:self.size], ("initial", i))
                        for i, letter in enumerate(INITIALS)]
            return [(group[1], group)
                    for group in groups(BY_INITIAL[level[1]], self.size, "pinyin")]
        rows: list = [("▶ " + self.t("done"), DONE)] if self.name else []
        for group in self.groups:
            kind, chars = group
            label = " ".join(self._latin(chars)) if kind == "latin" else chars
            rows.append((label, group))
        rows.append((self.t("by_pinyin"), PINYIN))
        return rows

    def _row(self, value):
        """The row of `value` among the options now (0 if gone)."""
        for i, (_label, v) in enumerate(self.options()):
            if v == value:
                return i
        return 0

    def press(self, key):
        if key == keys.BACK:
            if self.path:
                level = self.path.pop()
                self.marks[level] = self.cursor
                self.cursor = self._row(level)
            elif self.name:
                self.name = self.name[:-1]
                self.cursor = min(self.cursor, self.count() - 1)
            else:
                self.app.pop()
        else:
            super().press(key)

    def pick(self, value):
        if value == DONE:
            self.app.pop()
            self.done(self.name)
        elif self._chars() is None:
            if self.path:
                self.marks[self.path[-1]] = self.cursor
            self.path.append(value)
            self.cursor = self.marks.get(value, 0)
        else:
            self._add(value)

    def _add(self, char):
        group = self.path[-1]
        self.marks[group] = self.cursor
        top = self.path[0]
        self.path = []
        if width(self.name + char) > MAX_WIDTH:
            self.cursor = self._row(top)
            self.app.push(Notice(self.app, [self.t("name_long")], passing=True))
            return
        self.name += char
        kind = group[0]
        after = top  # a letter, a character by pinyin: the next one is likely there too
        if kind == "prefix":
            after = self._first("surname")
        elif kind == "surname":
            after = DONE if self.name[0] in PREFIXES else self._first("given")
        elif kind == "given":
            after = DONE
        self.cursor = self._row(after)

    def _first(self, kind):
        for group in self.groups:
            if group[0] == kind:
                return group
        return DONE
