"""The scorekeeper simulator: the real firmware on a MicroPython VM with a simulated board, or
on an emulated Raspberry Pi Pico with the official MicroPython image (--pico), in a window, in
a terminal, or headless from a key script. Run it with `python3 -m tools.sim`
(tools/sim/cli.py has the options)."""
