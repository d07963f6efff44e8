"""The board's file-system adapter: after "no space" it remounts before the error goes on;
on a small heap it holds room aside for the next file to open."""

import pytest

from drivers.osfs import ENOSPC, FILE_ROOM, OsFS


class FullFile:
    def __init__(self):
        self.closed = False

    def write(self, data):
        raise OSError(ENOSPC)

    def close(self):
        self.closed = True


def test_a_full_flash_remounts_then_reports(tmp_path):
    remounts = []
    fs = OsFS(remount=lambda: remounts.append(True))
    f = fs.open(str(tmp_path / "j"), "ab")
    f._f.close()
    f._f = FullFile()
    with pytest.raises(OSError) as full:
        f.write(b"hand")
    assert full.value.args[0] == ENOSPC and remounts == [True]


def test_other_errors_do_not_remount(tmp_path):
    remounts = []
    fs = OsFS(remount=lambda: remounts.append(True))
    with pytest.raises(OSError):
        fs.open(str(tmp_path / "missing" / "j"), "rb")
    fs.mkdir(str(tmp_path / "d"))
    with fs.open(str(tmp_path / "d" / "a"), "wb") as f:
        f.write(b"x")
    fs.rename(str(tmp_path / "d" / "a"), str(tmp_path / "d" / "b"))
    assert fs.listdir(str(tmp_path / "d")) == ["b"]
    fs.remove(str(tmp_path / "d" / "b"))
    fs.remove(str(tmp_path / "d"))
    assert remounts == []


def test_a_spare_makes_room_for_a_file_that_finds_none_and_comes_back(tmp_path, monkeypatch):
    import builtins

    fs = OsFS(spare=True)
    spare = fs._spare
    assert len(spare) == FILE_ROOM
    with fs.open(str(tmp_path / "j"), "ab") as f:
        f.write(b"hand")
    assert fs._spare is spare  # kept while files find room
    real_open = builtins.open
    tries = []

    def tight(path, mode="r", *args):
        tries.append(fs._spare)
        if len(tries) == 1:
            raise MemoryError("no room for the file's buffer")
        return real_open(path, mode, *args)

    monkeypatch.setattr(builtins, "open", tight)
    with fs.open(str(tmp_path / "j"), "ab") as f:
        assert tries == [spare, None]  # let go, then the open tried again
        f.write(b"hand")
    monkeypatch.setattr(builtins, "open", real_open)
    assert len(fs._spare) == FILE_ROOM  # taken again at the close
    assert real_open(str(tmp_path / "j"), "rb").read() == b"handhand"
    assert OsFS()._spare is None  # a large heap holds nothing aside
    fs.give_back()  # a crash: its room for the screen and the log, for good
    with fs.open(str(tmp_path / "j"), "ab") as f:
        f.write(b"!")
    assert fs._spare is None
