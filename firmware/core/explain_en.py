"""core.explain's words in English: loaded when a breakdown in English is asked for (the
other language's, core/explain_zh.py, only when one in it is). The same keys in both."""

WORDS = {
    "grab": "grab", "shown": "shown", "bombs": "bombs", "held": "held bombs",
    "bomb": "bomb", "rocket": "rocket", "soft": "soft bomb", "hard": "hard bomb",
    "pure": "pure laizi bomb", "b5": "5-card bomb", "b6": "6-card bomb",
    "b7": "7-card bomb", "b8": "8-card bomb", "j3": "3-joker bomb", "j4": "4-joker bomb",
    "house": "house rule", "spring": "spring", "anti": "anti-spring", "reveal": "reveal",
    "landlord": "landlord",
    "sep": "; ", "colon": ": ", "comma": ", ",
    "cap": "cap {}×", "laizi": "÷{}(laizi)", "limit": "limit {}", "double": "doubles",
    "room": "× {}(room)", "fee": "fee", "escape": "escape", "penalty": "penalty",
    "win_limited": "{} capped at own balance, {}",
    "pay_limited": "{} paid only the balance, {}",
    "each": "each", "times": "",
    "normal": "emperor {}, guard {}: guard 6−{} = {}", "emperor": "emperor",
    "doubled": "×2(open/revolt)", "unit": "unit",
    "open_win": "open solo, emperor out first", "open_lose": "open solo, emperor not first",
    "hidden": "hidden solo, emperor place {}",
    "hidden_late": "hidden solo, emperor 3rd or later",
    "revolt": "×2(revolt)", "forfeit": "forfeit −40, others +10 each",
    "keep": "{} points → dealers up {}", "take": "{} points → attackers take the deal, up {}",
    "next": "next dealer {}", "won": "past A, wins",
    "free": "free scoring",
}
