"""The file system inside an emulated Pico's flash image, read and written on the host.

MicroPython's rp2 port keeps its littlefs v2 file system in the flash after the firmware, to
the chip's end, with the geometry tools/lfs_image.RP2 states. Where it starts depends on the
firmware (LAYOUTS): stock MicroPython's RPI_PICO at 0xA0000, 352 blocks of 4 KiB
(MICROPY_HW_FLASH_STORAGE_BYTES = 1408 KiB); the scorekeeper's own image at 0x100000, 256
blocks (ports/rp2/boards/SCOREKEEPER_PICO). layout_of() tells them apart by the file system
itself. Tests use this to put files on a board before it boots (a journal, a boot.py) and to
read what it left after a power cut, without the board's help.
"""

from dataclasses import dataclass
from pathlib import Path

from littlefs import LittleFS, UserContext
from littlefs.errors import LittleFSError

from tools.lfs_image import RP2

FLASH_SIZE = 2 * 1024 * 1024
_BLOCK = 4096


@dataclass(frozen=True)
class Layout:
    name: str
    offset: int

    @property
    def blocks(self) -> int:
        return (FLASH_SIZE - self.offset) // _BLOCK


STOCK = Layout("stock MicroPython", 0xA0000)
IMAGE = Layout("the scorekeeper's image", 0x100000)  # tools/firmware/layout.fs_offset()
LAYOUTS = (STOCK, IMAGE)
FS_OFFSET = STOCK.offset  # the stock layout, which every official image has
FS_BLOCKS = STOCK.blocks


def mounts(data: bytes, layout: Layout) -> bool:
    """Does a littlefs of this layout's size mount at its offset? (littlefs refuses a
    superblock whose block count is not the one it is given.)"""
    fs = LittleFS(context=UserContext(buffer=bytearray(data[layout.offset:])), mount=False,
                  block_count=layout.blocks, **RP2)
    try:
        fs.mount()  # (LittleFS(mount=True) would format where mounting fails)
    except LittleFSError:
        return False
    return True


def layout_of(data: bytes) -> Layout | None:
    """The layout whose file system is in this flash, None if none mounts. The stock one is
    tried first: an image reaches past 0xA2000, so a stock file system that mounts there was
    made after any image, by a stock MicroPython formatting over it."""
    return next((layout for layout in LAYOUTS if mounts(data, layout)), None)


class FlashFS:
    """`with FlashFS(image) as fs:` fs.read(path), fs.write(path, data), fs.files(folder);
    what was written is saved into the image when the block ends without an error."""

    def __init__(self, image: Path, layout: Layout | None = None) -> None:
        """`layout`: where the file system is; by default the one found in the image (the
        stock one where none is)."""
        self.image = Path(image)
        data = bytearray(self.image.read_bytes())
        if len(data) != FLASH_SIZE:
            raise ValueError("{}: a Pico flash image is {} bytes".format(image, FLASH_SIZE))
        self.data = data
        self.layout = layout or layout_of(data) or STOCK
        self.region = bytearray(data[self.layout.offset:])
        self.lfs = LittleFS(context=UserContext(buffer=self.region),
                            block_count=self.layout.blocks, **RP2)

    def read(self, path: str) -> bytes:
        with self.lfs.open(path, "rb") as f:
            return f.read()

    def write(self, path: str, data: bytes) -> None:
        parent = path.rsplit("/", 1)[0]
        if parent:
            self.lfs.makedirs(parent, exist_ok=True)
        with self.lfs.open(path, "wb") as f:
            f.write(data)

    def files(self, folder: str = "/") -> dict[str, bytes]:
        """Every file below `folder`, by its full path."""
        out = {}
        for root, _dirs, names in self.lfs.walk(folder):
            for name in names:
                path = root.rstrip("/") + "/" + name
                out[path] = self.read(path)
        return out

    def save(self) -> None:
        self.data[self.layout.offset:] = self.region
        self.image.write_bytes(self.data)

    def __enter__(self) -> "FlashFS":
        return self

    def __exit__(self, kind, *_exc) -> None:
        if kind is None:
            self.save()
