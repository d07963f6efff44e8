"""An emulated Raspberry Pi Pico with a Pico Display Pack, running a MicroPython image, on a
serial port that mpremote, tools.deploy and tools.ledger pull use as a real Pico.

    python -m tools.pico [--firmware VERSION|FILE] [--flash IMAGE]

prints the port (/dev/pts/N) on its first line and serves until it is killed (Ctrl-C, or
SIGTERM); the flash image then holds what the board wrote, for the next run. Without
--flash the image is build/pico/flash.img. --firmware writes that MicroPython image over the
flash (the file system stays, as when a UF2 is dropped on a Pico); a new image gets the
newest pinned release that can be had. Versions: see tools/pico/images.py.

Then, for example:

    mpremote connect /dev/pts/N exec "import sys; print(sys.implementation)"
    python -m tools.deploy --board pico_display_pack --port /dev/pts/N
    python3 -m tools.sim --pico        # the same board with its screen and buttons
"""

import argparse
import signal
import sys
from pathlib import Path

from tools.pico import BUILD, Pico, PicoError
from tools.pico.bridge import SerialBridge
from tools.pico.images import ImageError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pico",
                                     description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--firmware", help="a pinned MicroPython version (1.26.1) or a UF2 "
                                           "file")
    parser.add_argument("--flash", type=Path, default=BUILD / "flash.img",
                        help="the 2 MiB flash image, kept between runs (default: %(default)s)")
    args = parser.parse_args(argv)
    args.flash.parent.mkdir(parents=True, exist_ok=True)
    try:
        pico = Pico(args.flash, args.firmware)
    except (ImageError, PicoError) as exc:
        print("python -m tools.pico: {}".format(exc), file=sys.stderr)
        return 2
    bridge = SerialBridge(pico)
    stopping = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.append(True))
    print(bridge.port, flush=True)
    print("emulated Pico on {} ({}), flash {}".format(
        bridge.port, pico.firmware.name if pico.firmware else "firmware from the image",
        args.flash), file=sys.stderr, flush=True)
    try:
        bridge.serve(until=lambda: bool(stopping))
    finally:
        bridge.close()
        pico.close()  # saves the flash image
    return 0


if __name__ == "__main__":
    sys.exit(main())
