"""Every firmware file compiles with mpy-cross: CPython-only syntax fails here, not on a board."""

import pytest

from tools.mpy_size import CompileError, compile_file, firmware_files


@pytest.mark.parametrize("source", firmware_files(), ids=lambda p: p.name)
def test_firmware_file_compiles_for_micropython(source, tmp_path):
    assert compile_file(source, tmp_path).stat().st_size > 0


def test_a_cpython_only_construct_is_refused(tmp_path):
    # Guards the guard: mpy-cross must really reject what MicroPython cannot run (here a
    # match statement, which MicroPython's compiler does not have).
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    with pytest.raises(CompileError, match="bad.py"):
        compile_file(bad, tmp_path / "out", base=tmp_path)
