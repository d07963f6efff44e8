"""The journal's littlefs adapter (tools/lfs_image.py) behaves as MicroPython's VfsLfs2."""

import errno

from tools.lfs_image import new_flash


def test_the_adapter_creates_on_append_and_reports_a_full_flash_as_enospc():
    flash, fs = new_flash(8)
    fs.mkdir("d")
    with fs.open("d/a", "ab") as f:
        f.write(b"x")
    assert fs.listdir("d") == ["a"]
    try:
        with fs.open("d/big", "wb") as f:
            f.write(b"y" * 8 * 4096)
        raise AssertionError("a full flash must raise")
    except OSError as exc:
        assert exc.args[0] == errno.ENOSPC
    assert fs.open("d/a").read() == b"x"
