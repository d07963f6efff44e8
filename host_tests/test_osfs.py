"""The board's file-system adapter: after "no space" it remounts before the error goes on."""

import pytest

from drivers.osfs import ENOSPC, OsFS


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
