"""A built site on this machine only, and Debian's Chromium to look at it: what the browser
tests (host_tests/test_web.py) and the bench (tools/web/bench.py) share.

The server listens on 127.0.0.1 and a port the system picks, never on another address: the
page is for this machine's browser alone. The browser is the system's Chromium (Debian's
`chromium` package), driven by Playwright for Python; nothing downloads a browser.
"""

import contextlib
import functools
import shutil
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM_NAMES = ("chromium", "chromium-browser")
INSTALL_HINT = ("the browser tests need Debian's Chromium and Playwright for Python: "
                "apt-get install chromium, and pip install -r requirements-dev.txt")


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, format: str, *args: object) -> None:
        pass  # a test's output is about the page, not each file it loaded


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser closed before a file was sent (a test's context closed while the service
        # worker was still caching the site): nothing to report.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (an ephemeral port); yields the site's URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:{}/".format(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def chromium_path() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def why_no_browser() -> str | None:
    """None where the browser tests can run, else what is missing."""
    if chromium_path() is None:
        return "no chromium on PATH: " + INSTALL_HINT
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright: " + INSTALL_HINT
    return None


def launch(playwright):
    """Headless Chromium: Debian's, never one Playwright would download. No sandbox: CI and
    this machine run as root, where Chromium's sandbox refuses to start; and its shared
    memory in /tmp, as a container's /dev/shm may be too small for it."""
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                      args=["--no-sandbox", "--disable-dev-shm-usage"])
