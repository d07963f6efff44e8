"""manifest.py freezes every firmware module a board runs, and nothing that must stay on the
file system; ports/rp2/manifest.py, the scorekeeper's own Pico image, freezes the same and its
own start-up, never the port's formatting _boot.py.

No MicroPython checkout is here, so manifest.py is run as MicroPython's build runs it
(tools/manifestfile.py execs it with its commands as globals) with stand-ins for those
commands that follow the documented rules (docs.micropython.org, reference/manifest.html):
package(path, files=None, base_path=".") takes every .py file under base_path/path (only
.py: manifestfile's _search(..., exts=(".py",))), or just `files` relative to the package;
module(path, base_path=".") one .py file, each relative to the manifest's own folder;
include() another manifest (MicroPython's: recorded, not followed; this repository's: followed);
freeze(path, script) the given scripts of a folder; require() a micropython-lib package. A
data file such as ui/glyphs.bin is not Python and cannot be frozen as it is: it stays on the
file system, where the font code looks for it (the Pico image freezes it as a bytes constant,
tools/firmware/stage.py).
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MANIFEST = ROOT / "manifest.py"

# Deliberately not frozen (manifest.py says why): main.py, the simulator's drivers, and the
# RP2040's machine code (another port's build would fail on it).
NOT_FROZEN = {"main.py", "drivers/simulated.py", "drivers/memfs.py", "ui/ink.py", "ui/lines.py",
              "drivers/st7789_rp2.py"}


def run_manifest(manifest=MANIFEST):
    """(frozen paths as they would be named in the image, included manifests, required)."""
    frozen, included, required = [], [], []
    here = [manifest.parent]

    def _path(base_path):
        base = Path(base_path)
        return base if base.is_absolute() or "$(" in base_path else here[-1] / base

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

    def freeze(path, script=None, opt=None):  # only the port's own folder, by name
        assert path.startswith("$(") and script is not None, path
        frozen.extend(script)

    def include(manifest_path, **kwargs):
        included.append(manifest_path)
        if "$(" not in manifest_path:  # this repository's own: followed
            target = here[-1] / manifest_path
            here.append(target.parent)
            exec(compile(target.read_text(encoding="utf-8"), str(target), "exec"),
                 dict(commands, __file__=str(target)))
            here.pop()

    def require(name, **kwargs):
        required.append(name)

    commands = {"package": package, "module": module, "include": include,
                "require": require, "freeze": freeze, "metadata": lambda **kw: None,
                "__file__": str(manifest)}
    exec(compile(manifest.read_text(encoding="utf-8"), str(manifest), "exec"), dict(commands))
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
    assert included[:2] == ["$(PORT_DIR)/boards/manifest.py", "ports/manifest_app.py"]
    assert required == []  # ssd1306 stays a mip install (commented out in manifest.py)


@pytest.mark.parametrize("data", sorted(p.relative_to(FIRMWARE).as_posix()
                                        for p in FIRMWARE.rglob("*")
                                        if p.is_file() and p.suffix not in (".py", ".pyc")))
def test_data_files_are_not_frozen(data):
    # e.g. ui/glyphs.bin, the font: a frozen image holds only modules. It stays on the file
    # system (deploy copies it; ui/text.py looks beside its own __file__, else /ui/).
    frozen, _, _ = run_manifest()
    assert data not in frozen


IMAGE_MANIFEST = ROOT / "ports" / "rp2" / "manifest.py"


def test_the_pico_image_freezes_the_scorekeeper_its_start_up_and_never_the_ports_boot():
    frozen, included, required = run_manifest(IMAGE_MANIFEST)
    app, _, _ = run_manifest()
    # machine code: this port
    assert set(app) | {"ui/ink.py", "ui/lines.py", "drivers/st7789_rp2.py"} <= set(frozen)
    assert {"_boot.py", "main.py", "scorekeeper_flash.py", "rp2.py"} <= set(frozen)
    assert frozen.count("_boot.py") == 1  # ours: the port's formats any flash it cannot mount
    assert "$(PORT_DIR)/boards/manifest.py" not in included
    # What a stock Pico image freezes stays, so its REPL does what a stock one does.
    assert {"onewire", "ds18x20", "dht", "neopixel"} <= set(required)
    assert "$(MPY_DIR)/extmod/asyncio" in included
