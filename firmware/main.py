# The board runs the scorekeeper. ui/launch.py starts it and puts on the screen whatever stops
# it (a crash, too little memory, too old a MicroPython): see there for what happens then.
try:
    from ui import launch
except Exception as exc:  # bytecode this MicroPython cannot load (before 1.23), or no room
    import sys

    sys.print_exception(exc)
    print("scorekeeper: cannot start; it needs MicroPython 1.26 or later (docs/boards.md)")
else:
    launch.main()
