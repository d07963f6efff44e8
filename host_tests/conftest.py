"""Test set-up: the firmware's core imports as on the board (`import core...`); `--soak`
runs the long tests marked `soak` (power cuts over a long evening), skipped by default.

Tests marked `pico` run on the emulated Pico and skip where no MicroPython image can be had;
on CI (CI=true), where the images are provided, such a skip fails the run."""

import os
import sys

import pytest

import tools  # noqa: F401  (puts firmware/ on sys.path)


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long soak tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="long run: give --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("CI") == "true":
        _no_pico_skips(session)
    session.config.stash[_STATUS] = int(session.exitstatus)


_STATUS = pytest.StashKey[int]()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """Leave with pytest's own status once everything is reported. wasmtime's worker threads
    (the MicroPython VM of tools/mpvm.py) can abort the interpreter while it shuts down, after
    every test has run and passed: a Rust panic in a thread that cannot unwind, seen as exit
    134 on some runs. Nothing is left to do by then but the interpreter's own teardown."""
    status = config.stash.get(_STATUS, None)
    if status is not None and not hasattr(config, "workerinput"):  # an xdist worker reports
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _no_pico_skips(session):
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = [r for r in (reporter.stats.get("skipped", []) if reporter else [])
               if "pico" in r.keywords]
    if skipped:
        for report in skipped:
            reporter.write_line("CI: an emulated-Pico test skipped: {} ({})".format(
                report.nodeid, report.longrepr[-1] if isinstance(report.longrepr, tuple)
                else report.longrepr), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
