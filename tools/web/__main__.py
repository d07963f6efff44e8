"""python -m tools.web --out DIR: the static site (tools/web/build.py)."""

import argparse
import sys
from pathlib import Path

from tools.web.build import BuildError, build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.web",
        description="Write the scorekeeper's web page: the real firmware on the MicroPython "
                    "WebAssembly port, as a static site any web server can serve.")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="the folder to write (made; a previous build there is replaced)")
    args = parser.parse_args(argv)
    try:
        site = build(args.out)
    except BuildError as exc:
        print("tools.web: {}".format(exc), file=sys.stderr)
        return 1
    print("{}: {} files, {:,} bytes".format(args.out, len(site.files), site.size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
