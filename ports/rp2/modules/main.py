# The image's start-up, frozen as main.py (a frozen main.py runs instead of one on the file
# system). firmware/main.py starts a deployed board; an image needs two things more.
import sys

# The frozen packages first. sys.path puts '' before '.frozen', so a folder /ui on the file
# system (the font an earlier deploy left there) would shadow the whole frozen ui package and
# half of a deploy would mix two versions. Bound here, core, ui and drivers come from the
# image (their submodules follow their package's own path); `board` is looked up as usual,
# so a /board.py on the file system (pins edited on the board) wins over the frozen one.
_path = sys.path[:]
sys.path[:] = [".frozen"]
try:
    import core  # noqa: F401
    import drivers  # noqa: F401
    import ui  # noqa: F401
finally:
    sys.path[:] = _path
del _path

import scorekeeper_flash  # noqa: E402

if not scorekeeper_flash.mounted():  # _boot.py found data it would not format
    import board  # noqa: E402  # pyright: ignore[reportMissingImports]  (frozen, or /board.py)

    scorekeeper_flash.ask_to_format(board)
del scorekeeper_flash

from ui import launch  # noqa: E402

launch.main()
