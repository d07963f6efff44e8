"""An emulated Raspberry Pi Pico with a Pico Display Pack, running a MicroPython image, on a
serial port that mpremote, tools.deploy and tools.ledger pull use as a real Pico.

    python -m tools.pico [--firmware VERSION|FILE] [--flash IMAGE] [--pack 1.14|2.0|2.8]

prints the port (/dev/pts/N) on its first line and serves until it is killed (Ctrl-C, or
SIGTERM); the flash image then holds what the board wrote, for the next run. Without
--flash the image is build/pico/flash.img (flash-2.0.img with --pack 2.0). --firmware
writes that MicroPython image over the flash (the file system stays, as when a UF2 is
dropped on a Pico); a new image gets the newest pinned release that can be had. Versions:
see tools/pico/images.py. --pack is the Display Pack on it: the 1.14" (240x135, the default)
or the 2.0" / 2.8" (320x240, the same pins; deploy boards/pico_display_pack_2.py onto it).

Then, for example:

    mpremote connect /dev/pts/N exec "import sys; print(sys.implementation)"
    python -m tools.deploy --board pico_display_pack --port /dev/pts/N
    python3 -m tools.sim --pico        # the same board with its screen and buttons
    python3 -m tools.sim --pico --board pico_display_pack_2     # the 2.0" pack's
"""

import argparse
import signal
import sys
from pathlib import Path

from tools.pico import BUILD, PACKS, Pico, PicoError
from tools.pico.bridge import SerialBridge
from tools.pico.images import ImageError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pico",
                                     description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--firmware", help="a pinned MicroPython version (1.26.1) or a UF2 "
                                           "file")
    parser.add_argument("--flash", type=Path,
                        help="the 2 MiB flash image, kept between runs (default: {}, with "
                             "--pack 2.0 {})".format(BUILD / "flash.img",
                                                      BUILD / "flash-2.0.img"))
    parser.add_argument("--pack", choices=sorted(PACKS), default="1.14",
                        help="the Display Pack: 1.14 (240x135, default), 2.0 or 2.8 "
                             "(320x240)")
    args = parser.parse_args(argv)
    if args.flash is None:
        args.flash = BUILD / ("flash.img" if args.pack == "1.14"
                              else "flash-{}.img".format(args.pack))
    args.flash.parent.mkdir(parents=True, exist_ok=True)
    try:
        pico = Pico(args.flash, args.firmware, pack=PACKS[args.pack])
    except (ImageError, PicoError) as exc:
        print("python -m tools.pico: {}".format(exc), file=sys.stderr)
        return 2
    bridge = SerialBridge(pico)
    stopping = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.append(True))
    print(bridge.port, flush=True)
    print("emulated Pico with a {} on {} ({}), flash {}".format(
        pico.pack.name, bridge.port,
        pico.firmware.name if pico.firmware else "firmware from the image", args.flash),
        file=sys.stderr, flush=True)
    try:
        bridge.serve(until=lambda: bool(stopping))
    finally:
        bridge.close()
        pico.close()  # saves the flash image
    return 0


if __name__ == "__main__":
    sys.exit(main())
