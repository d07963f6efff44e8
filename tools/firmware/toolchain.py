"""What building the image needs on the machine, each named as the Debian package that has it.

missing() lists what is not there; the build refuses before it starts, naming all of them.
"""

import shutil
import subprocess

# (what is looked for, Debian's package)
PROGRAMS = (
    ("arm-none-eabi-gcc", "gcc-arm-none-eabi"),
    ("cmake", "cmake"),
    ("make", "make"),
    ("gcc", "gcc"),  # mpy-cross, picotool and pioasm are host programs
    ("g++", "g++"),
)
# The C and C++ libraries the pico-sdk links against, which the compiler's own package lacks.
LIBRARIES = (
    ("libc.a", "libnewlib-arm-none-eabi"),
    ("libstdc++.a", "libstdc++-arm-none-eabi-newlib"),
)
PACKAGES = tuple(p for _, p in PROGRAMS + LIBRARIES)


def _has_library(name: str) -> bool:
    # The compiler answers the bare name when it cannot find the file.
    done = subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m0plus", "-mthumb",
                           "-print-file-name=" + name], capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip() not in ("", name)


def missing() -> list[str]:
    """The Debian packages to install (empty: everything is there)."""
    out = [package for program, package in PROGRAMS if shutil.which(program) is None]
    if shutil.which("arm-none-eabi-gcc"):
        out += [package for library, package in LIBRARIES if not _has_library(library)]
    return out


def advice(packages: list[str]) -> str:
    return ("building the image needs {}: sudo apt-get install {}".format(
        ", ".join(packages), " ".join(packages)))
