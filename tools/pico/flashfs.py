"""The file system inside an emulated Pico's flash image, read and written on the host.

MicroPython's rp2 port keeps its littlefs v2 file system in the flash after the firmware: on a
2 MB Pico from offset 0xA0000 to the end, 352 blocks of 4 KiB (ports/rp2 MICROPY_HW_FLASH_
STORAGE_BYTES = 1408 KiB), with the geometry tools/lfs_image.RP2 states. Tests use this to
put files on a board before it boots (a journal, a boot.py) and to read what it left after a
power cut, without the board's help.
"""

from pathlib import Path

from littlefs import LittleFS, UserContext

from tools.lfs_image import RP2

FS_OFFSET = 0xA0000
FS_BLOCKS = 352
FLASH_SIZE = 2 * 1024 * 1024


class FlashFS:
    """`with FlashFS(image) as fs:` fs.read(path), fs.write(path, data), fs.files(folder);
    what was written is saved into the image when the block ends without an error."""

    def __init__(self, image: Path) -> None:
        self.image = Path(image)
        data = bytearray(self.image.read_bytes())
        if len(data) != FLASH_SIZE:
            raise ValueError("{}: a Pico flash image is {} bytes".format(image, FLASH_SIZE))
        self.data = data
        self.region = bytearray(data[FS_OFFSET:])
        self.lfs = LittleFS(context=UserContext(buffer=self.region), block_count=FS_BLOCKS,
                            **RP2)

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
        self.data[FS_OFFSET:] = self.region
        self.image.write_bytes(self.data)

    def __enter__(self) -> "FlashFS":
        return self

    def __exit__(self, kind, *_exc) -> None:
        if kind is None:
            self.save()
