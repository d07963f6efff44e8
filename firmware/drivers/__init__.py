"""Display drivers written here (ST7789) and the simulated display; SSD1306 comes from
micropython-lib through mip (`mip.install("ssd1306")`), not from this folder."""

# Whether the heap has room for everything the app would keep, a second display strip
# besides: ui/launch.py says, before the board file makes its display, from one look at the
# heap (gc.mem_free() walks every block of it: 10 ms on a Pico, so a boot looks once).
# None (a board file run by something else): a driver that needs to know looks itself.
roomy = None
