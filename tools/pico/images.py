"""MicroPython images for the Raspberry Pi Pico (board RPI_PICO), pinned by SHA-256.

A maker downloads one of these from micropython.org and drops it on the Pico's USB drive; the
emulated Pico (tools/pico) runs the very same file. `find(spec)` turns `--firmware VERSION` or
`--firmware FILE` into a checked file:

1. FILE: any UF2 on disk, taken as it is (its SHA-256 is reported, not checked);
2. VERSION: the folder named by $MICROPYTHON_FIRMWARE_DIR first (for machines that cannot
   reach micropython.org; .ci/run points it at the shared folder of images), then the cache
   (~/.cache/scorekeeper/firmware, or $XDG_CACHE_HOME), then a download into the cache.

Every file found by version must have the pinned SHA-256, whatever folder it came from.
"""

import hashlib
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ENV = "MICROPYTHON_FIRMWARE_DIR"
DOWNLOAD = "https://micropython.org/resources/firmware/"


@dataclass(frozen=True)
class Image:
    version: str
    file: str
    sha256: str
    # Where the bytes come from: "release" files are micropython.org's own and can be
    # downloaded; a "build" is built from the release tag and exists only where it was put.
    origin: str
    note: str = ""
    # False while the pinned SHA-256 has not been compared with the file itself here: the
    # image can be fetched (and is checked against it), but the suite does not count on it.
    checked: bool = True


IMAGES = (
    Image("1.24.1", "RPI_PICO-20241129-v1.24.1.uf2",
          "a41b7dbadfe4f399a10bd344002b365427ad033de993cf372c29c884b33a4cdf", "release",
          "too old for the scorekeeper: deploy refuses it"),
    Image("1.26.1", "RPI_PICO-20250911-v1.26.1.uf2",
          "fc2a8096e0d999d3caca11b34381854599d68aee3e905d3cccbd5247ca78d07c", "release"),
    Image("1.28.0", "RPI_PICO-v1.28.0-built.uf2",
          "5da6ca3de906adff6b9126bd854883c7222faeb7ff2c935ddab73330dab9f323", "build",
          "the v1.28.0 tag built unchanged (pico-sdk 2.2.0, GCC 12.2.1); micropython.org's "
          "RPI_PICO-20260406-v1.28.0.uf2 is the same source with another compiler"),
    Image("1.29.0", "RPI_PICO-20260824-v1.29.0.uf2",
          "e1160e602e277d85920adb5fe741435edccba9ba6ecadc85fdab75252eeff4e9", "release",
          "the newest release; its SHA-256 is as published, not yet checked against a "
          "download here", checked=False),
)
BY_VERSION = {i.version: i for i in IMAGES}
NEWEST = IMAGES[-1].version


class ImageError(Exception):
    """No usable image: the message says what was looked for and where."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "firmware"


def _folders() -> list[Path]:
    folders = []
    if os.environ.get(ENV):
        folders.append(Path(os.environ[ENV]))
    folders.append(cache_dir())
    return folders


def _download(image: Image, into: Path, timeout: float) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    target = into / image.file
    part = target.with_suffix(".part")
    try:
        with urllib.request.urlopen(DOWNLOAD + image.file, timeout=timeout) as answer:
            part.write_bytes(answer.read())
    except (urllib.error.URLError, OSError) as exc:
        part.unlink(missing_ok=True)
        raise ImageError("MicroPython {}: {} not in {} and the download failed ({}); put the "
                         "file there, or set {} to a folder that has it".format(
                             image.version, image.file,
                             " or ".join(str(f) for f in _folders()), exc, ENV)) from exc
    if sha256(part) != image.sha256:
        part.unlink()
        raise ImageError("MicroPython {}: the downloaded {} does not have the pinned SHA-256 "
                         "{}".format(image.version, image.file, image.sha256))
    part.replace(target)
    return target


def find(spec: str | None = None, *, download: bool = True, timeout: float = 30) -> Path:
    """The UF2 file for a version ("1.26.1", "v1.26.1") or a path; None: the newest release
    that can be had (pinned, found or downloaded)."""
    if spec is None:
        for image in reversed(IMAGES):
            try:
                return find(image.version, download=False)
            except ImageError:
                continue
        return find(NEWEST, download=download, timeout=timeout)
    version = spec[1:] if spec[:1] in "vV" and spec[1:2].isdigit() else spec
    if version not in BY_VERSION:
        path = Path(spec)
        if path.is_file():
            return path
        raise ImageError("--firmware {}: neither a file nor a pinned version ({})".format(
            spec, ", ".join(BY_VERSION)))
    image = BY_VERSION[version]
    for folder in _folders():
        path = folder / image.file
        if path.is_file():
            if sha256(path) != image.sha256:
                raise ImageError("{}: not the pinned MicroPython {} image (SHA-256 differs)"
                                 .format(path, version))
            return path
    if not download or image.origin != "release":
        raise ImageError("MicroPython {}: {} is in none of {}{}".format(
            image.version, image.file, ", ".join(str(f) for f in _folders()),
            "" if os.environ.get(ENV) else " (set {} to a folder of images)".format(ENV)))
    return _download(image, cache_dir(), timeout)
