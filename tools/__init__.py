"""Host tools. They import the firmware's core exactly as the board does (`import core...`),
so firmware/ goes first on the import path."""

import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))
