"""Test set-up: the firmware's core imports as on the board (`import core...`)."""

import tools  # noqa: F401  (puts firmware/ on sys.path)
