"""The core's and the journal's refusals as one short line in the UI's language.

The core says what is wrong in English, for the host tools and the logs (core/errors.py);
the screen says it in the table's words. Imported only when an error is to be shown: an
evening with none never loads it.
"""

from ui.strings import text

# RecordError: (key, start of its reason, word key). The first that fits is taken; an empty
# start fits every reason. These are the refusals a table can meet on the device.
RECORD = (
    ("spring", "a spring", "err_spring"),
    ("spring", "an anti", "err_anti"),
    ("revolt", "the rebels", "err_revolt"),
    ("revolt", "a declared", "err_open_revolt"),
    ("open", "an emperor", "err_solo_open"),
    ("bombs", "", "err_bombs"),
    ("held", "", "err_held"),
    ("house", "", "err_house"),
    ("doubles", "超级", "err_super_double"),
    ("game", "the game is over", "game_over"),
    ("hand", "already", "err_voided"),
    ("hand", "a voided", "err_voided"),
    ("hand", "no such", "err_no_hand"),
)

# JournalError: (start of its message, word key).
JOURNAL = (
    ("flash full", "err_full"),
    ("flash error", "err_flash"),
    ("settings not saved", "err_settings"),
    ("this table is closed", "err_closed"),
    ("a past hand cannot", "err_damaged"),
    ("no table", "err_no_table"),
    ("no archived table", "err_no_archive"),
)

# A record's key → the UI's word for it, where the two differ (the rest are the same).
WORD = {"doubles": "double", "grabs": "grab", "shown": "show", "bombs": "bomb",
        "held": "held_bombs"}


def describe(exc, lang="zh"):
    """One line for a RecordError (by its key and reason) or a JournalError (by its
    message), in `lang`; one the table does not name gets a generic line."""
    key = getattr(exc, "key", None)
    if key is not None:
        reason = str(getattr(exc, "reason", ""))
        for k, start, word in RECORD:
            if k == key and reason.startswith(start):
                return text(word, lang)
        return text("err_record", lang).format(text(WORD.get(key, key), lang))
    message = str(exc.args[0]) if exc.args else ""
    if type(exc).__name__ == "Unreadable":
        return text("unreadable", lang).format(message)
    for start, word in JOURNAL:
        if message.startswith(start):
            return text(word, lang)
    return text("err_journal", lang)
