"""Display drivers written here (ST7789) and the simulated display; SSD1306 comes from
micropython-lib through mip (`mip.install("ssd1306")`), not from this folder."""
