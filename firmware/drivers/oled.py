"""SSD1306 128x64 OLED: micropython-lib's driver, installed on the board with
`mip.install("ssd1306")` (or `mpremote mip install ssd1306`), never copied into this repo.

This adds only the sleep()/wake()/set_brightness() every board's display has
(boards/README.md); the pixels, show() and the I2C traffic are micropython-lib's. Brightness
is the panel's contrast (SSD1306 command 0x81, micropython-lib's contrast(); its init sets
0xFF): an OLED has no backlight, and even contrast 0 still shows the picture, faintly.
Framebuffer: MONO_VLSB, 128 x 64 / 8 = 1,024 bytes.
"""

from ssd1306 import SSD1306_I2C  # pyright: ignore[reportMissingImports]


class OLED(SSD1306_I2C):
    asleep = False
    brightness = 100  # percent, as set_brightness() last asked

    def set_brightness(self, percent):
        self.brightness = percent
        self.contrast(percent * 255 // 100)

    def sleep(self):
        self.poweroff()  # SSD1306 command 0xAE: display off, charge pump kept, RAM kept
        self.asleep = True

    def wake(self):
        self.poweron()  # 0xAF
        self.asleep = False
