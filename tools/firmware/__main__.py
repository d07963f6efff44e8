"""Build the scorekeeper's own MicroPython image for an RP2040 board.

    python -m tools.firmware --board NAME [--jobs N]
    python -m tools.firmware --all

prints the image's SHA-256 and, as its last line, its path
(build/firmware/scorekeeper-NAME-VERSION.uf2). Needs Debian's gcc-arm-none-eabi
libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake (named when missing) and the
MicroPython sources ($MICROPYTHON_SOURCE, else cloned once with git). Exit status: 0 built or
up to date, 2 refused (no such board, something missing, the build failed, the image too large).
"""

import argparse
import hashlib
import sys

from tools.firmware import boards
from tools.firmware.build import BuildError, build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.firmware",
                                     description=__doc__.split("\n\n")[0].replace("\n", " "))
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--board", choices=boards(), help="the board file the image is for")
    which.add_argument("--all", action="store_true", help="every board that has an image")
    parser.add_argument("--jobs", type=int, default=None, help="make's -j (default: the cores)")
    args = parser.parse_args(argv)
    images = []
    try:
        for board in boards() if args.all else [args.board]:
            images.append(build(board, args.jobs))
    except BuildError as exc:
        print("firmware: {}".format(exc), file=sys.stderr)
        return 2
    for image in images:
        print("sha256 {}  {}".format(hashlib.sha256(image.read_bytes()).hexdigest(), image.name))
    for image in images:
        print(image)
    return 0


if __name__ == "__main__":
    sys.exit(main())
