"""core.explain's words in Chinese: loaded when a breakdown in Chinese is asked for (the
other language's, core/explain_en.py, only when one in it is). The same keys in both."""

WORDS = {
    "grab": "抢地主", "shown": "明牌", "bombs": "炸弹", "held": "未出炸弹",
    "bomb": "炸弹", "rocket": "王炸", "soft": "软炸", "hard": "硬炸", "pure": "纯癞子炸",
    "b5": "五张炸", "b6": "六张炸", "b7": "七张炸", "b8": "八张炸", "j3": "三王炸",
    "j4": "四王炸",
    "house": "房规", "spring": "春天", "anti": "反春", "reveal": "亮明", "landlord": "地主",
    "sep": "；", "colon": "：", "comma": "，",
    "cap": "封顶 {} 倍", "laizi": "÷{}(癞子)", "limit": "上限 {}", "double": "加倍",
    "room": "× {}(房间)", "fee": "台费", "escape": "逃跑", "penalty": "罚",
    "win_limited": "{} 余额封顶，得 {}", "pay_limited": "{} 余额不足，付 {}",
    "each": "每家", "times": " 倍",
    "normal": "皇帝第{}，侍卫第{}：侍卫 6−{} = {}", "emperor": "皇帝",
    "doubled": "×2(明保/造反)", "unit": "单位",
    "open_win": "明独保，皇帝头客", "open_lose": "明独保，皇帝未得头客",
    "hidden": "暗独保，皇帝第{}", "hidden_late": "暗独保，皇帝第3名以后",
    "revolt": "×2(造反)", "forfeit": "强退 −40，其余各 +10",
    "keep": "抓分 {} → 庄家方升 {} 级", "take": "抓分 {} → 抓分方上台，升 {} 级",
    "next": "下庄 {}", "won": "过A，胜",
    "free": "自由记分",
}
