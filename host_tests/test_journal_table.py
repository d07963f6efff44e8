"""A table kept by the journal behaves exactly as one kept in RAM, before and after a
reboot: the same totals, 升级 levels, hands, voids and amendments, with old hands read back
from flash on demand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import ddz_records, shengji_sequences
from test_journal_memfs import MemFS

from core.errors import RecordError
from core.journal import Journal, JournalError
from core.table import Table

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
BEANS = {"beans": {"n": 10, "fee": 2, "balances": [3000, 3000, 3000]}}


def _same(a, b):
    assert a.totals == b.totals and a.state == b.state and a.balances() == b.balances()
    assert len(a.entries) == len(b.entries) and a.hands_played() == b.hands_played()
    for i in range(len(a.entries)):
        assert a.entries[i] == b.entries[i]
        assert _result(a, i) == _result(b, i)


def _result(table, i):
    # A voided 升级 hand after a changed earlier hand ended the game no longer scores: both
    # tables must say so alike.
    try:
        return table.hand_result(i)
    except RecordError as exc:
        return str(exc)


def _play(tables, records, data):
    """Record `records` on every table, with voids, voids undone and amends drawn at random
    in between;
    a change refused by one table must be refused by all."""
    for record in records:
        action = data.draw(st.sampled_from(["record", "record", "void", "unvoid", "amend"]))
        count = len(tables[0].entries)
        index = data.draw(st.integers(0, count - 1)) if count else None
        outcomes = []
        for table in tables:
            try:
                if action == "record" or index is None:
                    table.record(record)
                elif action == "void":
                    table.void(index)
                elif action == "unvoid":
                    table.unvoid(index)
                else:
                    table.amend(index, record)
                outcomes.append(None)
            except RecordError as exc:
                outcomes.append(str(exc))
        assert outcomes.count(outcomes[0]) == len(outcomes)


@SETTINGS
@given(st.lists(ddz_records(profile="classic", beans=False), min_size=1, max_size=40),
       st.data())
def test_a_dou_dizhu_beans_table_on_the_journal_is_the_table_in_ram(records, data):
    fs = MemFS()
    on_flash = Journal(fs, "d").open_table("ddz", 3, profile="classic", rules=BEANS)
    in_ram = Table("ddz", 3, profile="classic", rules=BEANS)
    _play([on_flash, in_ram], records, data)
    _same(on_flash, in_ram)
    booted, report = Journal(MemFS(fs.files), "d").boot()
    assert report.clean()
    _same(booted, in_ram)


@SETTINGS
@given(st.lists(shengji_sequences(), min_size=1, max_size=3), st.data())
def test_a_shengji_table_on_the_journal_is_the_table_in_ram(sequences, data):
    records = [r for sequence in sequences for r in sequence]
    rules = records[0].get("rules")
    records = [dict(r, rules=rules) if rules else {k: v for k, v in r.items() if k != "rules"}
               for r in records]
    fs = MemFS()
    on_flash = Journal(fs, "d").open_table("shengji", 4, rules=rules)
    in_ram = Table("shengji", 4, rules=rules)
    _play([on_flash, in_ram], records, data)
    _same(on_flash, in_ram)
    booted, report = Journal(MemFS(fs.files), "d").boot()
    assert report.clean()
    _same(booted, in_ram)


def test_a_closed_table_is_archived_read_only_and_deleted_on_request():
    fs = MemFS()
    journal = Journal(fs, "d")
    table = journal.open_table("ddz", 3, profile="classic")
    table.record({"landlord": 0, "bid": 3, "winner": "landlord"})
    assert journal.close_table(table) == "0001"
    assert journal.boot()[0] is None and journal.archives() == ["0001"]
    archived, report = journal.read_archive("0001")
    assert report.closed and archived.totals == [6, -3, -3]
    with pytest.raises(JournalError, match="closed"):
        archived.record({"landlord": 0, "bid": 3, "winner": "landlord"})
    assert journal.open_table("ddz", 3, profile="classic").totals == [0, 0, 0]
    journal.delete_archive("0001")
    assert journal.archives() == []


def test_a_second_table_is_refused_while_one_is_open_and_the_open_one_is_kept():
    fs = MemFS()
    journal = Journal(fs, "d")  # no journal folder yet: the first table makes it
    table = journal.open_table("ddz", 3, profile="classic")
    table.record({"landlord": 0, "bid": 3, "winner": "landlord"})
    with pytest.raises(JournalError, match="a table is open"):
        journal.open_table("ddz", 3, profile="happy")
    booted = journal.boot()[0]
    assert booted is not None and booted.profile == "classic" and booted.totals == [6, -3, -3]


def test_a_new_boards_first_table_opens_whether_or_not_its_folder_was_made_since_boot():
    for made_since in (False, True):
        fs = MemFS()
        journal = Journal(fs, "d")
        assert journal.boot()[0] is None  # no folder "d" yet
        if made_since:
            fs.mkdir("d")  # as saving the settings, kept there too, does
        journal.open_table("ddz", 3, profile="classic").record(
            {"landlord": 0, "bid": 3, "winner": "landlord"})
        assert journal.boot()[0].totals == [6, -3, -3]


def test_a_hand_an_earlier_firmware_confirmed_is_kept_though_the_cards_forbid_it():
    # Firmware before the deal checks let 王炸 be pressed twice in one classic hand. Such a
    # hand is refused when entered now, but one already in a journal boots as it was.
    two_rockets = {"landlord": 0, "bid": 3, "bombs": ["rocket", "rocket"], "winner": "landlord"}
    fs = MemFS()
    table = Journal(fs, "d").open_table("ddz", 3, profile="classic")
    with pytest.raises(RecordError) as refused:
        table.record(dict(two_rockets))
    assert refused.value.key == "bombs" and len(table.entries) == 0
    table.record(dict(two_rockets), replay=True)  # as the earlier firmware wrote it
    table.record({"landlord": 1, "bid": 1, "winner": "farmers"})
    booted, report = Journal(MemFS(fs.files), "d").boot()
    assert report.clean()
    # 3 × 2²(two rockets) = 12 a pair: +24 −12 −12; then bid 1, farmers win: +1 −2 +1
    assert len(booted.entries) == 2 and booted.totals == [25, -14, -11]
    assert booted.entries[0]["record"]["bombs"] == ["rocket", "rocket"]
