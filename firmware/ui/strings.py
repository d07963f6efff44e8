"""The UI's words in Chinese and English: `text(key, lang)`.

Chinese is the default language. The words are in ui/words_zh.py and ui/words_en.py, one
module a language, and only the language asked for last is loaded: a board keeps one
language's words in RAM (the settings' one), and a change of language in the settings loads
the other's at its first word and lets the first's go. (Their interned keys stay: MicroPython
never frees those.) The host tools that write both languages load them in turn.
Keys are short English ids; the game and profile keys are the core's names (core.profiles).
Values with {} are formatted by the screens: text("hand_no", lang).format(3).
"""

import sys

LANGS = ("zh", "en")

_lang = None  # the language whose words are loaded
_words = {}
_names = ()


def _load(lang):
    """Load `lang`'s words (after letting the other language's go) and return them."""
    global _lang, _words, _names
    _words = {}
    _names = ()
    if _lang is not None:
        # Both references a module has: sys.modules and its package's attribute.
        sys.modules.pop("ui.words_" + _lang, None)
        try:
            import ui

            delattr(ui, "words_" + _lang)
        except AttributeError:
            pass
    _lang = None
    if lang == "en":
        from ui import words_en as words
    else:
        from ui import words_zh as words
    _lang, _words, _names = lang, words.WORDS, words.NAMES
    return _words


def lang_index(lang):
    """0 for "zh" (and anything unknown: Chinese is the default), 1 for "en"."""
    return 1 if lang == "en" else 0


def text(key, lang="zh"):
    """The word for `key` in `lang` ("zh" or "en"); an unknown key shows as itself."""
    words = _words
    if lang != _lang:
        lang = "en" if lang == "en" else "zh"
        if lang != _lang:
            words = _load(lang)
    return words.get(key, key)


def default_names(count, lang="zh"):
    """Default names for `count` seats: 甲乙丙… in Chinese, P1… in English."""
    lang = "en" if lang == "en" else "zh"
    if lang != _lang:
        _load(lang)
    return list(_names[:count])


def keys():
    """All keys (the same in both languages), for tests and for the screens' own checks."""
    return list(_words if _lang is not None else _load("zh"))
