"""python -m tools.web.bench: what the web page costs, for BENCHMARKS.md.

    python -m tools.web.bench                   the site's size, the first frame, the presses
    python -m tools.web.bench --picture PNG     also the page as a phone shows it, for the README

The site is built afresh and served on 127.0.0.1 (tools/web/serve.py); headless Chromium
loads it as a new visitor (no cache, no service worker yet) LOADS times, and plays the golden
evening of classic (host_tests/test_web.py's CLASSIC) on each board. Figures:

- size: every file of the site by kind, and gzipped (what a web server that compresses sends);
- first frame: from the navigation's start to the first screen drawn (the page's `ready`),
  the median of the loads;
- a press: the time inside the page from the key's event to the screen drawn (the whole
  press run on the board's clock: press, hold, release, the polls after), median and worst.
"""

import argparse
import gzip
import json
import statistics
import sys
import tempfile
from pathlib import Path

from tools.web import serve
from tools.web.build import build

CLASSIC = "prev ok ok ok next ok ok ok next ok prev ok next ok"
LOADS = 5
KINDS = (("the WebAssembly port (mp/micropython.wasm)", "mp/micropython.wasm"),
         ("its JavaScript (mp/micropython.mjs)", "mp/micropython.mjs"),
         ("the font (fw/ui/glyphs.bin)", "fw/ui/glyphs.bin"),
         ("the firmware's .mpy (fw/)", "fw/"),
         ("the page, boards, guest, icons", ""))

# In the page: one logical key pressed as the keyboard presses it, timed around the handler.
_PRESS = """key => {
  const t = performance.now();
  window.scorekeeper.logical(key);
  return performance.now() - t;
}"""
_FIRST_FRAME = """window.scorekeeper.ready.then(() =>
  performance.now() - performance.getEntriesByType("navigation")[0].startTime)"""


def sizes(site: Path) -> list[tuple[str, int, int]]:
    """(kind, bytes, gzipped bytes) for each kind of file, the total last."""
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
             if p.is_file()}
    rows = []
    taken = set()
    for label, prefix in KINDS:
        chosen = [name for name in files if name not in taken and name.startswith(prefix)]
        taken.update(chosen)
        rows.append((label, sum(len(files[n]) for n in chosen),
                     sum(len(gzip.compress(files[n], 9)) for n in chosen)))
    rows.append(("the whole site", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return rows


def measure(url: str, picture: Path | None) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = serve.launch(playwright)
        try:
            first = []
            for _ in range(LOADS):
                context = browser.new_context()
                page = context.new_page()
                page.goto(url + "?board=simulated&lang=zh")
                first.append(page.evaluate(_FIRST_FRAME))
                context.close()
            presses = {}
            for board in ("simulated", "simulated_large", "simulated_mono"):
                context = browser.new_context()
                page = context.new_page()
                page.goto("{}?board={}&lang=zh".format(url, board))
                page.evaluate("window.scorekeeper.ready.then(() => true)")
                presses[board] = [page.evaluate(_PRESS, key) for key in CLASSIC.split()]
                context.close()
            if picture is not None:
                _picture(browser, url, picture)
        finally:
            browser.close()
    return {"first_frame_ms": statistics.median(first), "first_frames_ms": first,
            "press_ms": {b: {"median": statistics.median(t), "max": max(t)}
                         for b, t in presses.items()}}


def _picture(browser, url: str, path: Path) -> None:
    """The page on a phone-sized screen after the golden evening's two hands."""
    context = browser.new_context(viewport={"width": 412, "height": 780},
                                  device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url + "?board=simulated&lang=zh")
    page.evaluate("window.scorekeeper.ready.then(() => true)")
    for key in CLASSIC.split():
        page.evaluate("key => window.scorekeeper.logical(key)", key)
    page.screenshot(path=str(path))
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.web.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--picture", type=Path, metavar="PNG",
                        help="also save the page on a phone-sized screen as PNG")
    args = parser.parse_args(argv)
    missing = serve.why_no_browser()
    if missing:
        print("tools.web.bench: " + missing, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="web-bench-") as scratch:
        site = Path(scratch) / "site"
        build(site)
        for label, size, packed in sizes(site):
            print("{:<48} {:>10,} B  {:>10,} B gzipped".format(label, size, packed))
        with serve.serve(site) as url:
            figures = measure(url, args.picture)
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
