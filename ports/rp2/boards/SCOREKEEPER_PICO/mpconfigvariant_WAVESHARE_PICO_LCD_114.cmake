# The image for boards/waveshare_pico_lcd_114.py.
list(APPEND MICROPY_DEF_BOARD
    MICROPY_HW_BOARD_NAME="Raspberry Pi Pico + Waveshare Pico-LCD-1.14 (scorekeeper)"
)
