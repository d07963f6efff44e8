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

// Python's call frames on a stack of their own (MicroPython's pystack), in the bottom 2 KB of
// the 8 KB C stack (SCRATCH_Y): no heap is given up for it. Without it, every call of a
// function whose locals and value stack take more than 44 bytes (most of the app's: the
// painter's, the screens', the core's scoring) takes its frame from the heap and gives it
// back on return, and each such allocation is a first-fit scan of the heap's allocation
// table: measured on the emulated Pico, 20-35% of every key press was MicroPython's
// gc_alloc, ~100 frames a bomb, a scan longer the fuller the heap. The peaks measured over a
// classic evening from boot: 1,496 bytes of the pystack, 4,672 of the 6 KB left to C; the
// image's tests (every game's evening, the small-heap evenings, power cuts) run with these
// sizes. A frame that does not fit raises RuntimeError (pystack exhausted), as a C stack too
// deep raises RecursionError.
#define MICROPY_ENABLE_PYSTACK (1)
#define SCOREKEEPER_PYSTACK_BYTES (2048)
// Run once before the first runtime starts (main.c, after the C stack was set up whole):
// MicroPython's C stack check stops 2 KB higher, and the pystack takes those 2 KB.
#define MICROPY_BOARD_EARLY_INIT() do { \
        mp_cstack_init_with_top(&__StackTop, \
    &__StackTop - &__StackBottom - SCOREKEEPER_PYSTACK_BYTES); \
        mp_pystack_init(&__StackBottom, \
    (void *)((uintptr_t)&__StackBottom + SCOREKEEPER_PYSTACK_BYTES)); \
} while (0)
// A soft reset (Ctrl-D at the REPL) starts the next runtime on an empty pystack.
#define MICROPY_BOARD_START_SOFT_RESET() \
    (MP_STATE_THREAD(pystack_cur) = MP_STATE_THREAD(pystack_start))

// MicroPython's cache of where a name was last found in a dictionary (attributes, globals,
// methods), shared by every dictionary: 1,024 entries instead of 128. A sixth of a key press
// is such lookups, and a miss also pays a division (the hash modulo the table's size, ~4% of
// a press). Measured on the emulated Pico: at 256 entries most presses of an evening 1-4%
// fewer cycles than at 128; at 1,024 a bomb, a rocket and a result cycle 0.4-0.5 ms fewer
// again. It costs 1 byte of RAM an entry (896 more than stock).
#define MICROPY_OPT_MAP_LOOKUP_CACHE_SIZE (1024)
