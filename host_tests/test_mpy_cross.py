"""Every firmware file compiles with mpy-cross: CPython-only syntax fails here, not on a board."""

from pathlib import Path

import pytest

from tools.mpy_size import ARCHS, IMAGE_NATIVE, NATIVE, CompileError, compile_file, firmware_files


@pytest.mark.parametrize("source", firmware_files(), ids=lambda p: p.name)
def test_firmware_file_compiles_for_micropython(source, tmp_path):
    assert compile_file(source, tmp_path).stat().st_size > 0


IMAGE_MODULES = Path(__file__).resolve().parent.parent / "ports" / "rp2" / "modules"


@pytest.mark.parametrize("source", sorted(IMAGE_MODULES.glob("*.py")), ids=lambda p: p.name)
def test_the_pico_images_start_up_compiles_for_micropython(source, tmp_path):
    assert compile_file(source, tmp_path, base=IMAGE_MODULES).stat().st_size > 0


@pytest.mark.parametrize("source", NATIVE + IMAGE_NATIVE, ids=lambda p: p.name)
@pytest.mark.parametrize("arch", ARCHS)
def test_a_native_module_compiles_for_its_cpu_only(source, arch, tmp_path):
    # Machine code needs mpy-cross -march: without it (bytecode, what the VM loads) it is
    # refused, which is why firmware_files() leaves it out and deploy compiles it per board.
    assert source not in firmware_files()
    assert compile_file(source, tmp_path, arch=arch).stat().st_size > 0
    with pytest.raises(CompileError):
        compile_file(source, tmp_path / "bytecode")


def test_a_cpython_only_construct_is_refused(tmp_path):
    # Guards the guard: mpy-cross must really reject what MicroPython cannot run (here a
    # match statement, which MicroPython's compiler does not have).
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    with pytest.raises(CompileError, match="bad.py"):
        compile_file(bad, tmp_path / "out", base=tmp_path)


def test_the_readme_reports_the_sizes_the_code_has():
    # The README states the core's and the board's .mpy sizes: keep them true.
    from tools.bench import mpy_sizes

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    sizes = mpy_sizes()
    for part in ("core", "on_board", "font file bytes"):
        assert "{:,}".format(sizes[part]) in readme, (part, sizes[part])
