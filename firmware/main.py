# The board runs the scorekeeper; ui.app.main shows and logs a crash, then resets.
from ui.app import main

main()
