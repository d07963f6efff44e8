"""manifest.py freezes every firmware module a board runs, and nothing that must stay on the
file system.

No MicroPython checkout is here, so manifest.py is run as MicroPython's build runs it
(tools/manifestfile.py execs it with its commands as globals) with stand-ins for those
commands that follow the documented rules (docs.micropython.org, reference/manifest.html):
package(path, files=None, base_path=".") takes every .py file under base_path/path (only
.py: manifestfile's _search(..., exts=(".py",))), or just `files` relative to the package;
module(path, base_path=".") one .py file; include() another manifest (the port's: recorded,
not followed); require() a micropython-lib package. A data file such as ui/glyphs.bin is not
Python and cannot be frozen: it stays on the file system, where the font code looks for it.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MANIFEST = ROOT / "manifest.py"

# Deliberately not frozen (manifest.py says why): main.py, the simulator's drivers, and the
# RP2040's machine code (another port's build would fail on it).
NOT_FROZEN = {"main.py", "drivers/simulated.py", "drivers/memfs.py", "ui/ink.py"}


def run_manifest():
    """(frozen paths as they would be named in the image, included manifests, required)."""
    frozen, included, required = [], [], []

    def _path(base_path):
        base = Path(base_path)
        return base if base.is_absolute() else ROOT / base

    def package(package_path, files=None, base_path=".", opt=None):
        top = _path(base_path) / package_path
        assert top.is_dir(), "package {!r}: no folder {}".format(package_path, top)
        if files is None:
            found = sorted(p for p in top.rglob("*.py") if "__pycache__" not in p.parts)
        else:
            found = [top / f for f in files]
        for p in found:
            assert p.is_file(), "package {!r}: no file {}".format(package_path, p)
            assert p.suffix == ".py", "{}: only .py files can be frozen".format(p)
            frozen.append(p.relative_to(_path(base_path)).as_posix())

    def module(module_path, base_path=".", opt=None):
        p = _path(base_path) / module_path
        assert p.is_file() and p.suffix == ".py", p
        frozen.append(Path(module_path).as_posix())

    def include(manifest_path, **kwargs):
        included.append(manifest_path)

    def require(name, **kwargs):
        required.append(name)

    def freeze(path, script=None, opt=None):  # the legacy command: not used here
        raise AssertionError("manifest.py uses freeze(); use package()/module()")

    commands = {"package": package, "module": module, "include": include,
                "require": require, "freeze": freeze, "metadata": lambda **kw: None,
                "__file__": str(MANIFEST)}
    exec(compile(MANIFEST.read_text(encoding="utf-8"), str(MANIFEST), "exec"), commands)
    return frozen, included, required


def firmware_modules():
    return sorted(p.relative_to(FIRMWARE).as_posix() for p in FIRMWARE.rglob("*.py")
                  if "__pycache__" not in p.parts)


def test_every_firmware_module_is_frozen():
    frozen, _, _ = run_manifest()
    missing = sorted(set(firmware_modules()) - set(frozen) - NOT_FROZEN)
    assert missing == [], "firmware modules manifest.py does not freeze: {}".format(missing)


def test_nothing_frozen_twice_or_from_outside_the_firmware():
    frozen, _, _ = run_manifest()
    assert len(frozen) == len(set(frozen))
    assert set(frozen) <= set(firmware_modules())


def test_what_stays_on_the_file_system():
    frozen, included, required = run_manifest()
    # main.py frozen would run instead of the one on the file system; the simulator's drivers
    # serve no board. The board file is not under firmware/ at all (boards/, as /board.py).
    assert not NOT_FROZEN & set(frozen)
    assert not any(p.startswith("board") for p in frozen)
    # The port's own frozen modules (_boot.py, which mounts the file system) come first.
    assert included[:1] == ["$(PORT_DIR)/boards/manifest.py"]
    assert required == []  # ssd1306 stays a mip install (commented out in manifest.py)


@pytest.mark.parametrize("data", sorted(p.relative_to(FIRMWARE).as_posix()
                                        for p in FIRMWARE.rglob("*")
                                        if p.is_file() and p.suffix not in (".py", ".pyc")))
def test_data_files_are_not_frozen(data):
    # e.g. ui/glyphs.bin, the font: a frozen image holds only modules. It stays on the file
    # system (deploy copies it; ui/text.py looks beside its own __file__, else /ui/).
    frozen, _, _ = run_manifest()
    assert data not in frozen
