"""The board's file-system adapter: after "no space" it remounts before the error goes on;
on a small heap it holds room aside for the next file to open; a small file rewritten in
place stays open between writes, each committed whole."""

import pytest

from drivers.osfs import ENOSPC, FILE_ROOM, OsFS


class FullFile:
    def __init__(self):
        self.closed = False

    def write(self, data):
        raise OSError(ENOSPC)

    def seek(self, offset):
        pass

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


def test_a_rewrite_keeps_the_file_open_and_commits_each_write_whole(tmp_path):
    path = str(tmp_path / "hand.json")
    fs = OsFS()
    fs.rewrite(path, b'{"bombs": ["bomb"]}')
    held = fs._held
    assert open(path, "rb").read() == b'{"bombs": ["bomb"]}'  # committed, still open
    fs.rewrite(path, b'{"bombs": []}      ')  # the caller pads: the file is not truncated
    assert fs._held is held
    assert open(path, "rb").read() == b'{"bombs": []}      '
    fs.remove(path)  # closed first
    assert fs._held is None and not (tmp_path / "hand.json").exists()
    fs.rewrite(path, b"{}")  # made anew
    assert open(path, "rb").read() == b"{}"
    other = str(tmp_path / "other.json")
    fs.rewrite(other, b"[]")  # another path: the first is let go
    assert fs._held is not None and fs._held[0] == other and held[1]._f is None


def test_a_rewrite_that_finds_the_flash_full_lets_the_file_go_then_remounts(tmp_path):
    remounts = []
    fs = OsFS(remount=lambda: remounts.append(fs._held))
    path = str(tmp_path / "hand.json")
    fs.rewrite(path, b"{}")
    held = fs._held[1]
    held._f.close()
    held._f = FullFile()
    full = held._f
    with pytest.raises(OSError) as error:
        fs.rewrite(path, b'{"bid": 3}')
    # No file stays open across the remount: the one that failed is closed, none held.
    assert error.value.args[0] == ENOSPC and remounts == [None] and full.closed
    fs.rewrite(path, b'{"bid": 3}')  # opened again on the next
    assert open(path, "rb").read() == b'{"bid": 3}'


def test_a_small_heap_holds_no_file_open_between_rewrites(tmp_path):
    path = str(tmp_path / "hand.json")
    fs = OsFS(spare=True)
    fs.rewrite(path, b'{"bid": 3}')
    fs.rewrite(path, b"{}        ")
    assert fs._held is None and open(path, "rb").read() == b"{}        "
