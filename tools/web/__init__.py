"""The scorekeeper in a browser: `python -m tools.web --out DIR` writes a static site that runs
the real firmware on the official MicroPython WebAssembly port (the one tools/vm runs under
Node), on the simulated boards the simulator uses (boards/simulated*.py), driven by the
simulator's own guest (tools/sim/guest.py). See build.py for what goes into the site and
site/ for the page."""
