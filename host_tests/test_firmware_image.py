"""The scorekeeper's own Pico image (tools.firmware): its flash layout, the checks that guard
it, and what a maker sees when it is flashed, on the emulated Pico.

What is built and run here is the real thing: MicroPython v1.28.0 from its pinned sources with
the scorekeeper frozen in, the UF2 a maker drops on the Pico. A board's image is built once
per change of its inputs and kept (tools/firmware/build.py); the first build of a machine
takes minutes.
"""

import struct
import subprocess
import sys

import pytest
from device_vm import keys
from pico_board import (
    BOOT_QUIET_MS,
    boot,
    boot_image,
    over_serial,
    press_key,
    scorekeeper_image,
)

from tools.firmware import boards, layout, sources, stage, toolchain
from tools.mpy_size import FONT
from tools.pico import Pico
from tools.pico.flashfs import IMAGE, STOCK, FlashFS, layout_of

# Open a classic table, record a hand (乙 bids 3, a bomb, the landlord wins).
A_HAND = keys("p o o o n o o")

# -- the layout, without building anything ---------------------------------------------------


def test_the_layout_is_a_megabyte_each_and_every_reader_agrees():
    assert layout.storage_bytes() == 1024 * 1024
    assert layout.fs_offset() == IMAGE.offset == 0x100000
    assert IMAGE.blocks == 256 and STOCK.blocks == 352


def test_every_rp2040_board_file_has_an_image():
    assert boards() == ["pico_display_pack", "pico_display_pack_2", "ssd1306_oled",
                        "waveshare_pico_lcd_114"]


def _uf2(address, size=256):
    """One UF2 block writing `size` bytes at flash offset `address`."""
    head = struct.pack("<8I", layout.UF2_MAGIC[0], layout.UF2_MAGIC[1], 0x2000,
                       layout.XIP_BASE + address, size, 0, 1, 0xE48BFF56)
    return head + bytes(476) + struct.pack("<I", layout.UF2_MAGIC[2])


def test_an_image_that_reaches_into_the_file_system_is_refused():
    fits = _uf2(0) + _uf2(layout.fs_offset() - 256)
    assert layout.check(fits, layout.XIP_BASE + 0x1000) == 0
    with pytest.raises(layout.LayoutError, match="past the file system's start at 0x100000"):
        layout.check(fits + _uf2(layout.fs_offset()), layout.XIP_BASE + 0x1000)
    with pytest.raises(layout.LayoutError, match="256 bytes too many"):
        layout.check(fits, layout.XIP_BASE + layout.fs_offset() + 256)
    with pytest.raises(layout.LayoutError, match="not a UF2"):
        layout.check(b"\0" * 100, 0)


def test_a_missing_toolchain_is_named_as_the_packages_to_install(monkeypatch):
    monkeypatch.setattr(toolchain.shutil, "which", lambda name: None)
    missing = toolchain.missing()
    assert missing == ["gcc-arm-none-eabi", "cmake", "make", "gcc", "g++"]
    assert "apt-get install gcc-arm-none-eabi cmake make gcc g++" in toolchain.advice(missing)


def test_sources_of_another_micropython_are_refused(tmp_path):
    mp = tmp_path / "micropython" / "py"
    mp.mkdir(parents=True)
    (mp / "mpconfig.h").write_text("#define MICROPY_VERSION_MAJOR 1\n"
                                   "#define MICROPY_VERSION_MINOR 27\n"
                                   "#define MICROPY_VERSION_MICRO 0\n")
    with pytest.raises(sources.SourceError, match="MicroPython 1.27.0, the image is built "
                                                  "from 1.28.0"):
        sources.checked(tmp_path)
    with pytest.raises(sources.SourceError, match="no micropython/ folder"):
        sources.checked(tmp_path / "micropython")


def test_each_board_freezes_its_own_board_file_the_font_and_what_it_imports(tmp_path):
    manifest = stage.stage("ssd1306_oled", tmp_path).read_text()
    assert "require('ssd1306')" in manifest
    assert (tmp_path / "board.py").read_text() == (
        stage.BOARDS / "ssd1306_oled.py").read_text()
    scope: dict = {}
    exec((tmp_path / "ui" / "glyphs_frozen.py").read_text(), scope)
    assert scope["GLYPHS"] == FONT.read_bytes()
    assert "require" not in stage.stage("pico_display_pack", tmp_path / "pack").read_text()


# -- the built image ---------------------------------------------------------------------------


@pytest.mark.pico
def test_the_image_ends_below_its_file_system_and_holds_the_font():
    uf2 = scorekeeper_image().read_bytes()
    low, high = layout.uf2_extent(uf2)
    assert low == 0 and high <= layout.fs_offset()
    # The font is in the image whole (its UF2 carries 256 bytes a block).
    payload = b"".join(uf2[at + 32:at + 32 + 256] for at in range(0, len(uf2), 512))
    assert FONT.read_bytes()[:4096] in payload


@pytest.mark.pico
def test_building_again_with_nothing_changed_gives_the_same_file():
    first = scorekeeper_image()
    before = (first.stat().st_mtime_ns, first.read_bytes())
    again = scorekeeper_image()
    assert again == first and (again.stat().st_mtime_ns, again.read_bytes()) == before


@pytest.mark.pico
def test_the_command_prints_the_sha256_and_ends_with_the_path():
    done = subprocess.run([sys.executable, "-m", "tools.firmware", "--board",
                           "pico_display_pack"], capture_output=True, text=True,
                          cwd=stage.ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == str(scorekeeper_image())
    assert lines[-2].startswith("sha256 ") and lines[-2].endswith(scorekeeper_image().name)


# -- flashed onto a Pico ------------------------------------------------------------------------

def _serial(pico):
    return pico.take_serial().decode("utf-8", "replace")


@pytest.mark.pico
def test_on_an_erased_flash_it_formats_its_file_system_and_needs_no_file(tmp_path):
    pico = boot_image(tmp_path)
    try:
        assert pico.state()["display"]["on"]
    finally:
        pico.close()
    with FlashFS(tmp_path / "pico.img") as fs:
        assert fs.layout == IMAGE
        # Nothing was copied: no font file, no code; the scorekeeper had nothing to write yet.
        assert not [p for p in fs.files() if not p.startswith("/data/")]


@pytest.mark.pico
def test_flashing_an_image_again_keeps_the_table(tmp_path):
    pico = boot_image(tmp_path)
    try:
        for _, key in A_HAND:
            press_key(pico, key)
        before = pico.frame()
    finally:
        pico.close()
    with FlashFS(tmp_path / "pico.img") as fs:
        journal = fs.files("/data/table")
    assert journal
    # Dropping the UF2 again writes the image and leaves the file system as it was.
    with Pico(tmp_path / "pico.img", scorekeeper_image()) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        assert pico.frame() == before
    with FlashFS(tmp_path / "pico.img") as fs:
        assert fs.files("/data/table") == journal


@pytest.mark.pico
def test_deploy_onto_an_image_is_refused_and_copies_nothing(tmp_path):
    pico = boot_image(tmp_path)
    try:
        done = over_serial(pico, "tools.deploy", "--board", "pico_display_pack")
    finally:
        pico.close()
    assert done.returncode == 2
    assert "runs the scorekeeper's own image (SCOREKEEPER_PICO-PICO_DISPLAY_PACK)" in done.stdout
    assert "python -m tools.firmware --board pico_display_pack" in done.stdout
    with FlashFS(tmp_path / "pico.img") as fs:
        assert not [p for p in fs.files() if not p.startswith("/data/")]


@pytest.mark.pico
def test_a_board_file_on_the_flash_wins_and_stale_folders_do_not_shadow_the_image(tmp_path):
    pico = boot_image(tmp_path)
    pico.close()
    edited = (stage.BOARDS / "pico_display_pack.py").read_text()
    with FlashFS(tmp_path / "pico.img") as fs:
        fs.write("/board.py", ("print('the edited board file')\n" + edited).encode())
        # What an earlier deploy leaves: the font folder, and code that must not run.
        fs.write("/ui/glyphs.bin", b"not a font")
        fs.write("/ui/launch.py", b"raise SystemExit('the stale ui ran')\n")
        fs.write("/core/__init__.py", b"raise SystemExit('the stale core ran')\n")
    with Pico(tmp_path / "pico.img") as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        said = _serial(pico)
        frame = pico.frame()
    assert "the edited board file" in said
    assert "stale" not in said and "Error" not in said
    fresh = boot_image(tmp_path, name="fresh.img")
    try:
        assert frame == fresh.frame()  # the new-table screen, in the frozen font
    finally:
        fresh.close()


@pytest.mark.pico
def test_from_stock_micropython_the_tables_move_with_pull_and_push_never_formatted_silently(
        tmp_path):
    # A stock Pico with the scorekeeper deployed and a hand recorded, pulled before flashing.
    pico = boot(tmp_path, name="stock.img")
    try:
        for _, key in A_HAND:
            press_key(pico, key)
        pulled = tmp_path / "pulled"
        assert over_serial(pico, "tools.ledger", "pull", str(pulled)).returncode == 0
    finally:
        pico.close()
    flash = tmp_path / "stock.img"
    assert layout_of(flash.read_bytes()) == STOCK
    # The image reaches past 0xA0000: the old file system is broken, and left as it is.
    with Pico(flash, scorekeeper_image()) as pico:
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        said = _serial(pico)
        pico.save()
        region = flash.read_bytes()[IMAGE.offset:]
        assert "cannot read" in said and "Nothing was erased" in said
        assert pico.state()["erases"] == 0
        # The player holds A and B: only then is it formatted.
        pico.button("A", True)
        pico.button("B", True)
        pico.run(3500)
        pico.button("A", False)
        pico.button("B", False)
        pico.settle(quiet_ms=BOOT_QUIET_MS)
        pico.save()
        assert flash.read_bytes()[IMAGE.offset:] != region
        done = over_serial(pico, "tools.ledger", "push", str(pulled))
        assert done.returncode == 0, done.stdout
        pico.settle(quiet_ms=BOOT_QUIET_MS)
    with FlashFS(flash) as fs:
        assert fs.layout == IMAGE
        moved = fs.files("/data/table")
    assert moved == {"/data/table/" + p.name: p.read_bytes()
                     for p in (pulled / "table").iterdir()}
    scored = subprocess.run([sys.executable, "-m", "tools.ledger", "score", str(flash)],
                            capture_output=True, text=True, cwd=stage.ROOT)
    again = subprocess.run([sys.executable, "-m", "tools.ledger", "score", str(pulled)],
                           capture_output=True, text=True, cwd=stage.ROOT)
    assert scored.returncode == 0 and scored.stdout == again.stdout
