"""python -m tools.web.bench: what the web page costs, for BENCHMARKS.md.

    python -m tools.web.bench                   the site's size, the first frame, the presses
    python -m tools.web.bench --picture PNG     also the page as a phone shows it, for the README
    python -m tools.web.bench --write           also its section of BENCHMARKS.md (the last one,
                                                which python -m tools.bench keeps)

The site is built afresh and served on 127.0.0.1 (tools/web/serve.py); headless Chromium
loads it as a new visitor (no cache, no service worker yet) LOADS times, and plays the golden
evening of classic (host_tests/test_web.py's CLASSIC) on each board. Figures:

- size: every file of the site by kind, and gzipped (what a web server that compresses sends);
- first frame: from the navigation's start to the first screen drawn (the page's `ready`),
  the median of the loads;
- a press: the time inside the page from the key's event to the screen drawn (the whole
  press run on the board's clock: press, hold, release, the polls after), each press's median
  over ROUNDS evenings, then the median and the worst of the presses.
"""

import argparse
import gzip
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

from tools.web import serve
from tools.web.build import ROOT, build

CLASSIC = "prev ok ok ok next ok ok ok next ok prev ok next ok"
BENCHMARKS = ROOT / "BENCHMARKS.md"
HEADING = "## In a browser (headless Chromium)"
PRESS_TARGET_MS = 50
SIZE_TARGET = 2_000_000
LABELS = {"simulated": "240×135", "simulated_large": "320×240", "simulated_mono": "128×64"}
LOADS = 5
ROUNDS = 3  # evenings played on each board
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
                rounds = []
                for _ in range(ROUNDS):
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto("{}?board={}&lang=zh".format(url, board))
                    page.evaluate("window.scorekeeper.ready.then(() => true)")
                    rounds.append([page.evaluate(_PRESS, key) for key in CLASSIC.split()])
                    context.close()
                # each press's median over the rounds: a pause of the machine is not a press's
                presses[board] = [statistics.median(times) for times in zip(*rounds)]
            if picture is not None:
                _picture(browser, url, picture)
        finally:
            browser.close()
            version = browser.version
    return {"chromium": version, "first_frame_ms": statistics.median(first),
            "first_frames_ms": first,
            "press_ms": {b: {"median": statistics.median(t), "max": max(t)}
                         for b, t in presses.items()}}


def markdown(rows: list[tuple[str, int, int]], figures: dict) -> str:
    """BENCHMARKS.md's section for these figures."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f
                       if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    whole = rows[-1][1]
    lines = [HEADING, "",
             "Measured by `python -m tools.web.bench --write`: the site `python -m tools.web` "
             "builds, served on 127.0.0.1, in Debian's Chromium {} headless, on {} ({} cores, "
             "load average {:.1f} at the end: shared with other jobs, so the times are a "
             "ceiling more than a figure). Each load is a new visitor: nothing cached, no "
             "service worker yet.".format(figures["chromium"], cpu, os.cpu_count(),
                                          os.getloadavg()[0]), "",
             "| part of the site | bytes | gzipped |", "| --- | ---: | ---: |"]
    lines += ["| {} | {:,} | {:,} |".format(label, size, packed)
              for label, size, packed in rows]
    lines += ["", "| what | target | measured | met |", "| --- | --- | --- | --- |",
              "| the whole site, the first load | <= 2 MB | {:,} B ({:,} B gzipped) | {} |"
              .format(whole, rows[-1][2], "yes" if whole <= SIZE_TARGET else "no"),
              "| first frame: navigation to the first screen drawn, median of {} | | {:.0f} ms "
              "({}) | |".format(LOADS, figures["first_frame_ms"],
                                ", ".join("{:.0f}".format(t) for t in figures["first_frames_ms"]))]
    for board, press in figures["press_ms"].items():
        lines.append("| a press, {}: key event to screen drawn, median / worst of a classic "
                     "evening's {} (each the median of {} evenings) | <= {} ms | {:.1f} / "
                     "{:.1f} ms | {} |".format(
                         LABELS[board], len(CLASSIC.split()), ROUNDS, PRESS_TARGET_MS,
                         press["median"], press["max"],
                         "yes" if press["max"] <= PRESS_TARGET_MS else "no"))
    lines += ["", "A press runs at once on the board's clock (press, hold, release and the "
              "polls after it, as `python -m tools.sim --keys` times it), so this is the "
              "firmware's work plus the page's drawing. The frame reaches the page as bytes "
              "through the VM's file system: as hex in the guest's JSON answer it cost 25 ms "
              "a frame at 240×135 and 150 ms at 320×240. The firmware goes on the page as "
              ".mpy: nothing is compiled in the browser.", ""]
    return "\n".join(lines)


def browser_section(text: str) -> str:
    """The browser's section of a BENCHMARKS.md text, from its heading to the end ("" if
    none): tools.bench keeps it when it writes the rest."""
    at = text.find("\n" + HEADING + "\n")
    return text[at + 1:] if at >= 0 else ""


def _write(section: str) -> None:
    text = BENCHMARKS.read_text(encoding="utf-8")
    kept = browser_section(text)
    text = text[:len(text) - len(kept)] if kept else text.rstrip("\n") + "\n\n"
    BENCHMARKS.write_text(text + section, encoding="utf-8")


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
    parser.add_argument("--write", action="store_true",
                        help="also write the figures into BENCHMARKS.md's browser section")
    args = parser.parse_args(argv)
    missing = serve.why_no_browser()
    if missing:
        print("tools.web.bench: " + missing, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="web-bench-") as scratch:
        site = Path(scratch) / "site"
        build(site)
        rows = sizes(site)
        with serve.serve(site) as url:
            figures = measure(url, args.picture)
    section = markdown(rows, figures)
    print(section)
    print(json.dumps(figures, indent=1))
    if args.write:
        _write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
