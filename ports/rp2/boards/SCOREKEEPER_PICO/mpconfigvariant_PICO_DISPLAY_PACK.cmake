# The image for boards/pico_display_pack.py.
list(APPEND MICROPY_DEF_BOARD
    MICROPY_HW_BOARD_NAME="Raspberry Pi Pico + Pimoroni Pico Display Pack (scorekeeper)"
)
