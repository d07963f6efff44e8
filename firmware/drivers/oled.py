"""SSD1306 128x64 OLED: micropython-lib's driver, installed on the board with
`mip.install("ssd1306")` (or `mpremote mip install ssd1306`), never copied into this repo.

This adds only the sleep()/wake() every board's display has (boards/README.md); the pixels,
show() and the I2C traffic are micropython-lib's. Framebuffer: MONO_VLSB, 128 x 64 / 8 =
1,024 bytes.
"""

from ssd1306 import SSD1306_I2C  # pyright: ignore[reportMissingImports]


class OLED(SSD1306_I2C):
    asleep = False

    def sleep(self):
        self.poweroff()  # SSD1306 command 0xAE: display off, charge pump kept, RAM kept
        self.asleep = True

    def wake(self):
        self.poweron()  # 0xAF
        self.asleep = False
