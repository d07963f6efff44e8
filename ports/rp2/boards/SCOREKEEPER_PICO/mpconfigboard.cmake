# The scorekeeper's image for a Raspberry Pi Pico: the Pico's own SDK board, its pins.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")

# The interpreter's hot paths compiled for speed (-O2): MicroPython builds the rp2 port for
# size (-Os) except its bytecode loop and dictionaries (vm.c, map.c), and a key press spends
# most of the rest of its cycles in these (calls, attribute and method lookups, frames, the
# allocator, lists, dicts, strings; littlefs keeping the draft). Measured on the emulated
# Pico: 13 KB more image, every press 2-5% fewer cycles (opening a table 1.4 ms, a bomb
# 0.2-0.5, a result cycle 0.5); all of MicroPython at -O2 took 39 KB more for 0.1 ms more.
set_source_files_properties(
    ${MICROPY_DIR}/py/runtime.c
    ${MICROPY_DIR}/py/objtype.c
    ${MICROPY_DIR}/py/obj.c
    ${MICROPY_DIR}/py/bc.c
    ${MICROPY_DIR}/py/objfun.c
    ${MICROPY_DIR}/py/gc.c
    ${MICROPY_DIR}/py/objdict.c
    ${MICROPY_DIR}/py/objlist.c
    ${MICROPY_DIR}/py/objtuple.c
    ${MICROPY_DIR}/py/objstr.c
    ${MICROPY_DIR}/py/qstr.c
    ${MICROPY_DIR}/py/nativeglue.c
    ${MICROPY_DIR}/py/objarray.c
    ${MICROPY_DIR}/py/binary.c
    ${MICROPY_DIR}/py/pystack.c
    ${MICROPY_DIR}/py/objint.c
    ${MICROPY_DIR}/py/objboundmeth.c
    ${MICROPY_DIR}/py/objclosure.c
    ${MICROPY_DIR}/py/sequence.c
    ${MICROPY_DIR}/py/modbuiltins.c
    ${MICROPY_DIR}/py/objrange.c
    ${MICROPY_DIR}/py/objgenerator.c
    ${MICROPY_DIR}/lib/littlefs/lfs2.c
    ${MICROPY_DIR}/lib/littlefs/lfs2_util.c
    PROPERTIES
    COMPILE_OPTIONS "-O2"
)
