// The scorekeeper's own MicroPython image for a Raspberry Pi Pico (RP2040, 2 MB flash), one
// variant per board file of this repository (mpconfigvariant_*.cmake). Built by
// `python -m tools.firmware --board NAME`; docs/boards.md, "The scorekeeper's image".

#ifndef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Raspberry Pi Pico (scorekeeper)"
#endif

// The flash layout, fixed from one image version to the next (a new image must find the
// journal where the last one left it): the first megabyte holds the image (MicroPython, the
// frozen scorekeeper and its 265 KB font), the second the littlefs file system, 256 blocks
// of 4 KB at 0x100000. The stock RPI_PICO keeps 640 KB for the firmware and 1,408 KB at
// 0xA0000 for the file system, which the image (about 730 KB) does not fit below; Pimoroni's
// Pico LiPo boards leave a megabyte to the firmware the same way. tools.firmware checks that
// the image ends below the file system (the linker's FLASH region is the whole chip and
// would not), and tools/pico/flashfs.py reads the same numbers.
#define MICROPY_HW_FLASH_STORAGE_BYTES (1024 * 1024)
