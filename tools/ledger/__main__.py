"""python -m tools.ledger score FILE|FOLDER | verify FOLDER | export FOLDER|FILE --csv|--json |
restore RECORDS.jsonl FOLDER | pull [--port PORT] DIR | push [--port PORT] DIR |
plot FOLDER|FILE --out PNG | summary FOLDER|FILE [--json]

score FILE prints one JSON object per hand ({"deltas": [...]} for point games, {"levels":
[...], "dealer": n} for 升级), then {"totals": [...]} for point games. A bad record: exit
status 2, a message on stderr naming the line, the key and the value, and nothing on stdout.

A FOLDER is a journal pulled from a device: its data folder (its open table is meant) or one
table's folder (e.g. archive/0003); or the folder above a data folder, a board's whole file
system (the simulator's .sim/<board>/); or an emulated Pico's flash image (.sim/pico/,
build/pico/, or the flash.img itself), whose /data is read out of it, the image unchanged.
score FOLDER prints what score FILE prints for the table's hands that count (voided ones left
out, amended ones as corrected): exactly the output of `score` on what `export --json` writes,
each hand replayed as the journal holds it; with none, the table's totals, all zero.
A damaged journal gives the hands recovered (in order, up to the first damage), says on stderr
what was set aside and why, and exits 3 (score, export, summary, plot). verify FOLDER reads
every file, lists its records and each damage found, and what boot would recover (exit status 1
if anything is damaged). export writes the hands as CSV (every hand, voided too) or as JSON
Lines records. restore writes a journal folder from JSON Lines records exactly as the device
would. Nothing reads a FOLDER and changes it.

pull copies a board's journal (its /data folder) into DIR with mpremote; a board with no hands
yet pulls fine (exit 0, nothing to score). push puts a pulled DIR back as the /data of a board
that holds no table (to carry tables onto a new flash layout: docs/boards.md). export --out
and restore create the folders they need. plot draws everyone's running totals as a PNG;
summary prints totals, hands, landlord rates, biggest hands, bombs and who pays whom (--json:
the same as one JSON object). A FILE of records has no names: --names 张三,李四,王五 gives
them.
"""

import argparse
import os
import sys
import tempfile

import tools  # noqa: F401  (puts the firmware's core on the import path)
from tools.ledger import export as exporting
from tools.ledger.evening import open_table
from tools.ledger.folder import restore, score_folder, verify
from tools.ledger.image import image_of, mounted
from tools.ledger.pull import TIMEOUT, pull
from tools.ledger.push import push
from tools.ledger.records import LedgerError, dumps, read_jsonl, score_records

EXIT_BAD_INPUT = 2
EXIT_DAMAGED = 1  # verify and pull: something in the folder is damaged
EXIT_SET_ASIDE = 3  # score, export, summary, plot: hands recovered, some set aside


def _damaged(damage):
    """Exit status after the output: a damaged journal still gives every hand recovered on
    stdout, and says on stderr what was set aside and why."""
    for line in damage:
        print("damaged journal: {}".format(line), file=sys.stderr)
    return EXIT_SET_ASIDE if damage else 0


def _score(args):
    damage = []
    with mounted(args.file) as path:
        if os.path.isdir(path):
            lines, damage = score_folder(path)
        else:
            lines = score_records(read_jsonl(path), path)
    # Everything was scored before anything is printed: a bad line leaves no partial output.
    for line in lines:
        print(dumps(line))
    return _damaged(damage)


def _verify(args):
    with mounted(args.folder) as path:
        lines, sound = verify(path)
        image = image_of(args.folder)
        if image is not None:  # name the image, not the folder it was copied into
            lines = [line.replace(path, image + ":/data") for line in lines]
    for line in lines:
        print(line)
    return 0 if sound else EXIT_DAMAGED


def _export(args):
    table, damage = open_table(args.folder, args.names)
    write = exporting.write_csv if args.csv else exporting.write_json
    if args.out is None:
        write(table, sys.stdout)
        return _damaged(damage)
    # A file is meant for a spreadsheet: CSV gets a byte-order mark, without which Excel
    # reads UTF-8 as a local code page and garbles Chinese names.
    encoding = "utf-8-sig" if args.csv else "utf-8"
    write_whole(args.out, lambda f: write(table, f), encoding)
    print("wrote {} hands to {}".format(len(table.entries), args.out))
    return _damaged(damage)


def write_whole(path, write, encoding):
    """Call write(file) on a temporary file beside `path`, renamed over it when complete: a
    failure (a full disk) leaves no empty or half-written file, only a message. Folders of
    `path` that do not exist are created first, and removed again if the write fails."""
    folder = os.path.dirname(os.path.abspath(path))
    made = []  # the folders made here, outermost first
    tmp = None
    try:
        missing = []
        above = folder
        while not os.path.lexists(above):
            missing.insert(0, above)
            above = os.path.dirname(above)
        for name in missing:
            try:
                os.mkdir(name)
            except FileExistsError:
                continue  # made meanwhile by another
            made.append(name)
        fd, tmp = tempfile.mkstemp(prefix=".{}.".format(os.path.basename(path)), dir=folder)
        with open(fd, "w", encoding=encoding, newline="") as f:
            write(f)
        os.replace(tmp, path)
        tmp = None
        made = []
    except OSError as exc:
        raise LedgerError(path, "cannot write: {}".format(exc.strerror or exc)) from exc
    finally:
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
        for name in reversed(made):
            try:
                os.rmdir(name)  # only while still empty
            except OSError:
                pass


def _pull(args):
    pull(args.dir, args.port, args.timeout)
    print("pulled the board's /data into {}".format(args.dir))
    lines, sound = verify_pulled(args.dir)
    for line in lines:
        print(line)
    return 0 if sound else EXIT_DAMAGED


def _push(args):
    push(args.dir, args.port, args.timeout)
    print("pushed {} onto the board as its /data; it restarts with those tables".format(
        args.dir))
    return 0


def verify_pulled(folder):
    """What was pulled: the open table's recovery, and the archived tables."""
    lines = []
    sound = True
    archive = os.path.join(folder, "archive")
    archived = sorted(n for n in os.listdir(archive) if n.isdigit()) \
        if os.path.isdir(archive) else []
    if os.path.isdir(os.path.join(folder, "table")):
        found, sound = verify(folder)
        lines.append("open table: " + found[-1])
    elif not archived:
        # A board that has not opened a table yet: nothing to score, and nothing is wrong.
        held = sorted(os.listdir(folder))
        lines.append("no hands on the board yet: no open table, no archived table, nothing "
                     "to score ({})".format("its /data is empty" if not held else
                                            "copied: " + ", ".join(held)))
    else:
        lines.append("no open table")
    if archived:
        lines.append("archived tables: {} (score {} ...)".format(
            " ".join(archived), os.path.join(folder, "archive", archived[-1])))
    return lines, sound


def _plot(args):
    from tools.ledger.plot import plot, report_missing

    table, damage = open_table(args.source, args.names)
    report_missing(plot(table, args.out, args.font))
    print("wrote {}".format(args.out))
    return _damaged(damage)


def _summary(args):
    from tools.ledger.summary import render_json, render_text, summarize

    table, damage = open_table(args.source, args.names)
    data = summarize(table)
    if args.json:
        print(render_json(data))
    else:
        for line in render_text(data):
            print(line)
    return _damaged(damage)


def _end(text):
    """--end hands=N or reach=T as the table's `end`."""
    key, _, value = text.partition("=")
    if key not in ("hands", "reach") or not value.isdigit():
        raise argparse.ArgumentTypeError("hands=N or reach=T, not " + text)
    return {key: int(value)}


def _restore(args):
    table = {"names": args.names.split(",") if args.names else None,
             "roster": args.rotation, "end": args.end}
    hands = restore(read_jsonl(args.records), args.folder, args.records, table)
    print("restored {} hands into {}".format(hands, args.folder))
    return 0


SOURCE_HELP = ("a journal folder (pulled from a board, .sim/BOARD/, one table's folder), an "
               "emulated Pico's flash image, or a JSON Lines file of hand records")


def _names_option(parser):
    parser.add_argument("--names", metavar="A,B,C",
                        help="the players' names, comma-separated (a FILE of records has "
                             "none)")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.ledger",
                                     description="Score and check recorded hands.")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score a JSON Lines file of hand records, or "
                                              "a journal folder")
    score.add_argument("file", help="JSON Lines, one hand record per line, one game; or a "
                                    "journal folder")
    score.set_defaults(run=_score)
    check = commands.add_parser("verify", help="check a journal folder record by record")
    check.add_argument("folder", help="a journal folder or an emulated Pico's flash image")
    check.set_defaults(run=_verify)
    export = commands.add_parser("export", help="a table's hands as CSV (for a spreadsheet) "
                                                 "or JSONL")
    export.add_argument("folder", metavar="FOLDER|FILE", help=SOURCE_HELP)
    kind = export.add_mutually_exclusive_group(required=True)
    kind.add_argument("--csv", action="store_true",
                      help="one row per hand, voided too: results, running totals")
    kind.add_argument("--json", action="store_true",
                      help="JSON Lines hand records, the hands that count")
    export.add_argument("--out", metavar="FILE",
                        help="write to FILE (CSV with a byte-order mark, for Excel)")
    _names_option(export)
    export.set_defaults(run=_export)
    back = commands.add_parser("restore", help="write a journal folder from JSON Lines "
                                               "records, as a device would")
    back.add_argument("records")
    back.add_argument("folder", help="the device's data folder to create")
    # What records do not hold (export --json writes records only): the table's own.
    back.add_argument("--names", metavar="A,B,C",
                      help="the persons' names, comma-separated (default P1, P2...)")
    back.add_argument("--rotation", choices=("turn", "leader", "loser"),
                      help="a roster's rotation rule (default turn)")
    back.add_argument("--end", type=_end, metavar="hands=N|reach=T",
                      help="when the evening ends, as the new-table screen sets it")
    back.set_defaults(run=_restore)
    for name, run, what, folder in (
            ("pull", _pull, "copy a board's journal (/data) into DIR with mpremote",
             "a new (or empty) folder to hold the board's /data"),
            ("push", _push, "put a pulled DIR back onto a board with no tables as its /data",
             "a folder `pull` made")):
        board = commands.add_parser(name, help=what)
        board.add_argument("--port", help="the board's serial port (default: the first USB "
                                          "serial device)")
        board.add_argument("--timeout", type=float, default=TIMEOUT,
                           help="seconds before giving up (default %(default)s)")
        board.add_argument("dir", help=folder)
        board.set_defaults(run=run)
    draw = commands.add_parser("plot", help="everyone's running totals as a PNG")
    draw.add_argument("source", metavar="FOLDER|FILE", help=SOURCE_HELP)
    draw.add_argument("--out", required=True, metavar="PNG", help="the picture to write")
    draw.add_argument("--font", metavar="FILE", help="another font file (default: the CJK "
                                                     "font the project installs)")
    _names_option(draw)
    draw.set_defaults(run=_plot)
    brief = commands.add_parser("summary", help="totals, landlord rates, biggest hands, "
                                                "bombs and who pays whom")
    brief.add_argument("source", metavar="FOLDER|FILE", help=SOURCE_HELP)
    brief.add_argument("--json", action="store_true", help="one JSON object")
    _names_option(brief)
    brief.set_defaults(run=_summary)
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
        # Messages are escaped (core/errors.py); should anything slip through, a message
        # with a character UTF-8 cannot encode must still be printed, not raise.
        sys.stderr.reconfigure(encoding="utf-8", errors="backslashreplace")
    try:
        return args.run(args)
    except LedgerError as exc:
        print("error: {}".format(exc), file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
