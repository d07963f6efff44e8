"""The emulated Pico's USB serial port on a Linux pseudo-terminal, so that unmodified mpremote
(and so tools.deploy and tools.ledger pull) talk to it as to a Pico on /dev/ttyACM0.

The chip runs paced to the wall clock while the bridge serves (its serial tools time out in
wall seconds); bytes go both ways unchanged: the board's own REPL answers, not an imitation.
"""

import os
import select
import time

from tools.pico import Pico
from tools.pty_port import open_port, receive, send


class SerialBridge:
    def __init__(self, pico: Pico) -> None:
        self.pico = pico
        self.master, self.slave, self.port = open_port()
        pico.on_serial = lambda data: send(self.master, data)

    def serve(self, until=lambda: False, timeout: float | None = None) -> bool:
        """Relay until `until()` is true (True) or `timeout` seconds pass (False)."""
        self.pico.take_serial()
        self.pico.realtime(True)
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while not until():
                if deadline is not None and time.monotonic() > deadline:
                    return False
                ready, _, _ = select.select([self.master, self.pico.fd], [], [], 0.05)
                if self.pico.fd in ready:
                    self.pico.pump()
                if self.master in ready:
                    data = receive(self.master)
                    if data:
                        self.pico.write_serial(data)
            return True
        finally:
            self.pico.realtime(False)

    def close(self) -> None:
        self.pico.on_serial = None
        os.close(self.master)
        os.close(self.slave)
