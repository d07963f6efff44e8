"""The scorekeeper simulator: the real firmware on a MicroPython VM with a simulated board, or
on an emulated Raspberry Pi Pico running the scorekeeper's own image (--pico), in a window, in
a terminal, or headless from a key script. Run it with `python3 -m tools.sim`
(tools/sim/cli.py has the options)."""
