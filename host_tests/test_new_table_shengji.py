"""升级's new-table screen (issue 22): the start level 起始级 is a row of its own that cycles
its value, and the last row starts the table (both rows were once keyed "start", so the level's
row was drawn as a second "▶ 开始" and opened the table)."""

import pytest
from hurried import BOARDS, LANGS, play

from core.profiles import LEVELS


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_start_level_can_be_chosen(board, lang):
    # The game row to 升级 (seven OKs), NEXT to the start level, OK twice: 2 → 3 → 4; PREV to
    # the game row and round to the start row; OK opens the table at level 4 for both teams.
    played = play(board, lang, " ".join(["{ok}"] * 7) + " {next} {ok} {ok} {prev} {prev} {ok}")
    assert played.state["screen"] == "TableScreen"
    assert [LEVELS[i] for i in played.state["levels"]] == ["4", "4"]
