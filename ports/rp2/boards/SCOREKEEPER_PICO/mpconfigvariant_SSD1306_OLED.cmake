# The image for boards/ssd1306_oled.py.
list(APPEND MICROPY_DEF_BOARD
    MICROPY_HW_BOARD_NAME="Raspberry Pi Pico + SSD1306 128x64 OLED (scorekeeper)"
)
