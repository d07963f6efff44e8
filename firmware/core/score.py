"""One entry point for every game: check a hand record and score it (RULES §8)."""

from core import ddz
from core.check import forbid, get_choice
from core.errors import RecordError

GAMES = ("ddz", "baohuang", "shengji", "free")


def game_of(record):
    if not isinstance(record, dict):
        raise RecordError("record", record, "must be a JSON object")
    return get_choice(record, "game", GAMES)


def score_hand(record, state=None, read=None):
    """Score one record. Dou Dizhu and 保皇 need no state; 升级 takes the state after the
    previous hand (None for the first) and returns the new one. read: for Dou Dizhu, what
    ddz.read_rules gives for the record's rules, profile and players, where the caller has
    it already (see ddz.score)."""
    game = game_of(record)
    if game == "ddz":
        return _seated(record, ddz.score(record, read))
    # The other games' rules are imported when first needed: a Dou Dizhu evening never loads
    # them into RAM (and Dou Dizhu, loaded at boot, never makes a press wait for an import).
    if game == "baohuang":
        from core import baohuang

        return _seated(record, baohuang.score(record))
    if game == "free":
        from core import free

        return _seated(record, free.score(record))
    forbid(record, ("seating",), "升级's four seats keep their teams all game")
    from core import shengji

    return shengji.score(record, state if state is not None else shengji.new_state(record))


def _seated(record, result):
    """A record's `seating` (a roster's, core/roster.py) must seat a person in every seat;
    it never changes the score."""
    if "seating" in record:
        from core.roster import check_seating

        check_seating(record["seating"], len(result["deltas"]))
    return result
