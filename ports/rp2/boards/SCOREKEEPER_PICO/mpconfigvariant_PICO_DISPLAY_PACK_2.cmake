# The image for boards/pico_display_pack_2.py.
list(APPEND MICROPY_DEF_BOARD
    MICROPY_HW_BOARD_NAME="Raspberry Pi Pico + Pimoroni Pico Display Pack 2.0 / 2.8 (scorekeeper)"
)
