"""python -m tools.ledger score FILE|FOLDER | verify FOLDER | export FOLDER --csv|--json |
restore RECORDS.jsonl FOLDER

score FILE prints one JSON object per hand ({"deltas": [...]} for point games, {"levels":
[...], "dealer": n} for 升级), then {"totals": [...]} for point games. A bad record: exit
status 2, a message on stderr naming the line, the key and the value, and nothing on stdout.

A FOLDER is a journal pulled from a device: its data folder (its open table is meant) or one
table's folder (e.g. archive/0003). score FOLDER prints what score FILE prints for the
table's hands that count (voided ones left out, amended ones as corrected): exactly the
output of `score` on what `export --json` writes. verify FOLDER lists every file's records
and CRC failures and what boot would recover (exit status 1 if anything is damaged). export
writes the hands as CSV (every hand, voided too) or as JSON Lines records. restore writes a
journal folder from JSON Lines records exactly as the device would. Nothing reads a FOLDER
and changes it.
"""

import argparse
import json
import os
import sys

import tools  # noqa: F401  (puts the firmware's core on the import path)
from tools.ledger.folder import current_records, load, restore, score_folder, verify, write_csv
from tools.ledger.records import LedgerError, read_jsonl, score_records

EXIT_BAD_INPUT = 2
EXIT_DAMAGED = 1


def _score(args):
    if os.path.isdir(args.file):
        lines = score_folder(args.file)
    else:
        lines = score_records(read_jsonl(args.file), args.file)
    # Everything was scored before anything is printed: a bad line leaves no partial output.
    for line in lines:
        print(json.dumps(line, ensure_ascii=False))
    return 0


def _verify(args):
    lines, sound = verify(args.folder)
    for line in lines:
        print(line)
    return 0 if sound else EXIT_DAMAGED


def _export(args):
    if args.csv:
        write_csv(args.folder, sys.stdout)
    else:
        table, _report = load(args.folder)
        for record in current_records(table):
            print(json.dumps(record, ensure_ascii=False))
    return 0


def _restore(args):
    table = restore(read_jsonl(args.records), args.folder, args.records)
    print("restored {} hands into {}".format(len(table.entries), args.folder))
    return 0


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
    check.add_argument("folder")
    check.set_defaults(run=_verify)
    export = commands.add_parser("export", help="a journal folder's hands as CSV or JSONL")
    export.add_argument("folder")
    kind = export.add_mutually_exclusive_group(required=True)
    kind.add_argument("--csv", action="store_true", help="one row per hand, voided too")
    kind.add_argument("--json", action="store_true",
                      help="JSON Lines hand records, the hands that count")
    export.set_defaults(run=_export)
    back = commands.add_parser("restore", help="write a journal folder from JSON Lines "
                                               "records, as a device would")
    back.add_argument("records")
    back.add_argument("folder", help="the device's data folder to create")
    back.set_defaults(run=_restore)
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
        sys.stderr.reconfigure(encoding="utf-8")
    try:
        return args.run(args)
    except LedgerError as exc:
        print("error: {}".format(exc), file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
