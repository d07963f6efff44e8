"""The UI's words in Chinese and English: `text(key, lang)`.

Chinese is the default language. Every Chinese character written here is put into the glyph
subset by `python -m tools.glyphs` (rerun it after adding words; a test fails until then).
Keys are short English ids; the game and profile keys are the core's names (core.profiles).
Values with {} are formatted by the screens: text("hand_no", lang).format(3).
"""

ZH = 0
EN = 1
LANGS = ("zh", "en")

# key: (中文, English). One flat dict of short tuples: a few KB of heap, looked up per draw.
_WORDS = {
    # games and Dou Dizhu profiles
    "ddz": ("斗地主", "Dou Dizhu"),
    "classic": ("经典", "Classic"),
    "happy": ("欢乐", "Happy"),
    "laizi": ("癞子", "Laizi"),
    "two": ("二人", "2 players"),
    "four": ("四人", "4 players"),
    "five": ("五人", "5 players"),
    "baohuang": ("保皇", "Bao Huang"),
    "shengji": ("升级", "Shengji"),
    # Dou Dizhu hand entry
    "landlord": ("地主", "Landlord"),
    "farmers": ("农民", "Farmers"),
    "bid": ("叫分", "Bid"),
    "grab": ("抢地主", "Grab"),
    "show": ("明牌", "Show cards"),
    "double": ("加倍", "Double"),
    "super_double": ("超级加倍", "Super double"),
    "bomb": ("炸弹", "Bomb"),
    "rocket": ("王炸", "Rocket"),
    "soft": ("软炸", "Soft bomb"),
    "hard": ("硬炸", "Hard bomb"),
    "pure": ("纯癞子炸", "Pure laizi bomb"),
    "b5": ("五张炸", "5-card bomb"),
    "b6": ("六张炸", "6-card bomb"),
    "b7": ("七张炸", "7-card bomb"),
    "b8": ("八张炸", "8-card bomb"),
    "j3": ("三王炸", "3-joker bomb"),
    "j4": ("四王炸", "4-joker bomb"),
    "spring": ("春天", "Spring"),
    "anti_spring": ("反春", "Anti-spring"),
    "escape": ("逃跑", "Escape"),
    "base": ("底分", "Base"),
    "winner": ("赢家", "Winner"),
    "result": ("结果", "Result"),
    "preview": ("预览", "Preview"),
    "no_bomb": ("无炸弹", "No bombs"),
    # Bao Huang
    "emperor": ("皇帝", "Emperor"),
    "guard": ("侍卫", "Guard"),
    "solo": ("独保", "Solo"),
    "open": ("明保", "Open guard"),
    "revolt": ("造反", "Revolt"),
    "order": ("名次", "Finishing order"),
    # Shengji
    "dealer": ("庄家", "Dealer"),
    "attackers": ("抓分方", "Attackers"),
    "points": ("得分", "Points"),
    # actions and soft-key labels
    "ok": ("确认", "OK"),
    "back": ("返回", "Back"),
    "undo": ("撤销", "Undo"),
    "void": ("作废", "Void"),
    "amend": ("更正", "Amend"),
    "next": ("下一个", "Next"),
    "prev": ("上一个", "Prev"),
    "on": ("开", "On"),
    "off": ("关", "Off"),
    "same_as_last": ("上一手同样", "Same as last"),
    # screens and menus
    "table": ("牌桌", "Table"),
    "new_table": ("新牌桌", "New table"),
    "history": ("历史", "History"),
    "settle": ("结算", "Settle"),
    "settings": ("设置", "Settings"),
    "language": ("语言", "Language"),
    "players": ("玩家", "Players"),
    "names": ("名字", "Names"),
    "game": ("游戏", "Game"),
    "profile": ("玩法", "Profile"),
    "titles": ("称号", "Titles"),
    "sleep": ("休眠", "Sleep"),
    "lang_name": ("中文", "English"),
    # hand entry and results
    "landlord_wins": ("地主胜", "Landlord wins"),
    "farmers_win": ("农民胜", "Farmers win"),
    "bid_n": ("叫{}分", "Bid {}"),
    "grabs_n": ("抢{}次", "{} grabs"),
    "alone": ("一人对四", "Alone, 1 vs 4"),
    "hand_over": ("结束", "Over"),
    "new_hand": ("新一手", "Deal"),
    "stake": ("每家", "Stake"),
    "more_bombs": ("更多炸弹", "More bombs"),
    "reveal": ("亮明身份", "Reveal"),
    "held_bombs": ("未出的炸弹", "Bombs still held"),
    "no_such_bomb": ("牌里没有这个炸弹了", "The cards hold no more of it"),
    "more": ("+1", "+1"),
    "fewer": ("−1", "−1"),
    "hidden_guard": ("暗保", "Hidden guard"),
    "open_solo": ("明独保", "Open solo"),
    "hidden_solo": ("暗独保", "Hidden solo"),
    "out": ("出完", "Out"),
    "forfeit": ("强退", "Forfeit"),
    "plus5": ("+5", "+5"),
    "minus5": ("−5", "−5"),
    "plus40": ("+40", "+40"),
    "done": ("完成", "Done"),
    "change": ("更改", "Edit"),
    "choose": ("请选择", "choose"),
    "game_over": ("已过A，本局结束", "A team passed A: game over"),
    "all_square": ("两清", "All square"),
    "house": ("台费", "the house"),
    "menu": ("菜单", "Menu"),
    "none": ("无", "None"),
    "start": ("开始", "Start"),
    "up": ("▲", "▲"),
    "down": ("▼", "▼"),
    "close_table": ("本桌结束并存档", "Close and archive this table"),
    "archives": ("存档", "Archives"),
    "archive_n": ("存档 {}", "Archive {}"),
    "no_archives": ("没有存档", "No archives"),
    "delete": ("删除", "Delete"),
    "delete_archive": ("删除存档 {}？", "Delete archive {}?"),
    # new table options
    "opt_cap": ("封顶", "Cap"),
    "opt_bomb_mode": ("炸弹计法", "Bombs"),
    "mode_double": ("翻倍", "double"),
    "mode_add": ("加法", "add"),
    "opt_spring_factor": ("春天倍数", "Spring factor"),
    "opt_super_double": ("超级加倍", "Super double"),
    "opt_base": ("底分", "Base"),
    "opt_beans": ("欢乐豆", "Beans"),
    "opt_n": ("房间倍数", "Room ×"),
    "opt_fee": ("台费", "Fee"),
    "opt_balance": ("初始豆", "Start beans"),
    "opt_unit": ("单位", "Unit"),
    "opt_start": ("起始级", "Start level"),
    "opt_step": ("每级分数", "Points a level"),
    # lines with a number or a name in them
    "hand_no": ("第{}手", "Hand {}"),
    "deals_next": ("{}下一手发牌", "{} deals next"),
    "pays": ("{} 付 {} {}", "{} pays {} {}"),
    "seconds": ("{}秒", "{} s"),
    "voided": ("已作废", "voided"),
    "void_hand": ("作废第{}手？", "Void hand {}?"),
    "repaired": ("记录已修复，保留{}手", "Journal repaired: {} hands kept"),
    "unreadable": ("无法读取{}，暂停记录", "Cannot read {}: not recording"),
    # -- hand entry, amend and the core's messages
    "keep": ("保留", "Keep"),
    "grab_n": ("抢{}次", "{} grab"),
    "pick_partner": ("{} 地主·选暗地主", "{} landlord · pick the partner"),
    "pick_guard": ("{} 皇帝·选侍卫", "{} emperor · pick the guard"),
    "emperor_order": ("{} 皇帝·名次", "{} emperor, out"),
    "err_spring": ("春天只算地主胜", "A spring is a landlord win"),
    "err_anti": ("反春只算农民胜", "An anti-spring is a farmers' win"),
    "err_revolt": ("反贼没有赢：没有造反", "The rebels did not win: no revolt"),
    "err_open_revolt": ("明独保没有造反", "An open solo has no revolt"),
    "err_solo_open": ("独保没有明保", "A solo has no open guard"),
    "err_bombs": ("牌里没有这些炸弹", "The cards cannot hold these bombs"),
    "err_held": ("未出的炸弹太多", "Too many bombs still held"),
    "err_super_double": ("本桌没有超级加倍", "No super double at this table"),
    "err_voided": ("这一手已作废", "That hand is voided"),
    "err_no_hand": ("没有这一手", "No such hand"),
    "err_full": ("存储已满，未保存：删除一个存档后重新确认",
                 "Flash full, not saved: delete an archive, then try again"),
    "err_flash": ("保存出错，未记录", "Flash error: not saved"),
    "err_closed": ("本桌已结束并存档", "This table is closed"),
    "err_damaged": ("无法读取这一手", "That hand cannot be read"),
    "err_settings": ("设置未保存", "Settings not saved"),
    "err_no_table": ("没有牌桌", "No table is open"),
    "err_no_archive": ("没有这个存档", "No such archive"),
    "err_record": ("无法记录：{}", "Cannot record: {}"),
    "err_journal": ("记录出错", "Journal error"),
    # -- sleep and dimming
    "dim": ("暗", "Dim"),
    "minutes": ("{}分", "{} min"),
    # -- layout and screens
    "next_page": ("更多", "More"),
    "quit": ("强退", "Quit"),  # forfeit, where the hint line is short of room
    "saved": ("存档", "Saved"),  # the archives, where the hint line is short of room
    "no_last_hand": ("还没有上一手", "No hand yet to repeat"),
}

# Default player names by seat, up to five players.
_DEFAULT_NAMES = (("甲", "乙", "丙", "丁", "戊"), ("P1", "P2", "P3", "P4", "P5"))


def lang_index(lang):
    """0 for "zh" (and anything unknown: Chinese is the default), 1 for "en"."""
    return EN if lang == "en" else ZH


def text(key, lang="zh"):
    """The word for `key` in `lang` ("zh" or "en"); an unknown key shows as itself."""
    pair = _WORDS.get(key)
    if pair is None:
        return key
    return pair[lang_index(lang)]


def default_names(count, lang="zh"):
    """Default names for `count` seats: 甲乙丙… in Chinese, P1… in English."""
    return list(_DEFAULT_NAMES[lang_index(lang)][:count])


def keys():
    """All keys, for tests and for the screens' own checks."""
    return list(_WORDS)
