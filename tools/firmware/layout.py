"""The flash layout of the scorekeeper's Pico image, as its board definition sets it, and the
check that a built image ends below its file system.

The linker's FLASH region on rp2 is the whole chip, so an image that grows into the file
system links without a word and then faults at boot, or is overwritten by the first journal
write. check() refuses such an image: its last byte (the ELF's __flash_binary_end) and every
block of its UF2 must lie below the file system's first block.
"""

import re
import struct
from pathlib import Path

from tools.firmware import BOARD_DEFINITION

XIP_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024  # the Pico's W25Q16JV; PICO_BOARD "pico"
BLOCK = 4096
UF2_BLOCK = 512
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)


class LayoutError(Exception):
    pass


def storage_bytes(definition: Path = BOARD_DEFINITION) -> int:
    """MICROPY_HW_FLASH_STORAGE_BYTES of the board definition (its file system's size)."""
    text = (definition / "mpconfigboard.h").read_text(encoding="utf-8")
    found = re.search(r"#define\s+MICROPY_HW_FLASH_STORAGE_BYTES\s+\(?([0-9\s*]+)\)?", text)
    if found is None:
        raise LayoutError("{}: no MICROPY_HW_FLASH_STORAGE_BYTES".format(definition))
    size = 1
    for factor in found.group(1).split("*"):
        size *= int(factor)
    return size


def fs_offset(definition: Path = BOARD_DEFINITION) -> int:
    """Where the file system starts in the flash: rp2 puts it at the chip's end."""
    return FLASH_SIZE - storage_bytes(definition)


def uf2_extent(uf2: bytes) -> tuple[int, int]:
    """(lowest, highest + 1) flash offset a UF2 file writes."""
    if not uf2 or len(uf2) % UF2_BLOCK:
        raise LayoutError("not a UF2 file ({} bytes)".format(len(uf2)))
    low, high = FLASH_SIZE, 0
    for at in range(0, len(uf2), UF2_BLOCK):
        m0, m1, _flags, address, size = struct.unpack_from("<IIIII", uf2, at)
        end_magic = struct.unpack_from("<I", uf2, at + UF2_BLOCK - 4)[0]
        if (m0, m1, end_magic) != UF2_MAGIC:
            raise LayoutError("a UF2 block without its magic numbers at byte {}".format(at))
        low = min(low, address - XIP_BASE)
        high = max(high, address - XIP_BASE + size)
    return low, high


def check(uf2: bytes, binary_end: int, definition: Path = BOARD_DEFINITION) -> int:
    """Refuse an image that reaches into its file system; return the bytes left below it."""
    start = fs_offset(definition)
    end = max(binary_end - XIP_BASE, uf2_extent(uf2)[1])
    if end > start:
        raise LayoutError("the image ends at 0x{:X}, past the file system's start at 0x{:X} "
                          "({:,} bytes too many): it would overwrite the tables".format(
                              end, start, end - start))
    return start - end
