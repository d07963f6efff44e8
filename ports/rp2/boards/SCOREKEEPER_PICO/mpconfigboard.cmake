# The scorekeeper's image for a Raspberry Pi Pico: the Pico's own SDK board, its pins.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")
