"""tools/bench_boot.py at small sizes, so that it keeps working (its figures are not tested:
fuel is a benchmark, see the module)."""

from tools import bench_boot


def test_the_boot_benchmark_boots_what_cpython_wrote(capsys):
    results = bench_boot.main(["5", "40"])
    assert set(results) == {5, 40} and all(fuel > 0 for fuel in results.values())
    assert "40 hands / 5 hands" in capsys.readouterr().out
