"""Test set-up: the firmware's core imports as on the board (`import core...`); `--soak`
runs the long tests marked `soak` (power cuts over a long evening), skipped by default."""

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
