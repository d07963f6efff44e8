"""python -m tools.ledger score FILE

Prints one JSON object per hand ({"deltas": [...]} for point games, {"levels": [...],
"dealer": n} for 升级), then {"totals": [...]} for point games. A bad record: exit status 2,
a message on stderr naming the line, the key and the value, and nothing on stdout.
"""

import argparse
import json
import sys

import tools  # noqa: F401  (puts the firmware's core on the import path)
from tools.ledger.records import LedgerError, read_jsonl, score_records

EXIT_BAD_INPUT = 2


def _score(args):
    lines = score_records(read_jsonl(args.file), args.file)
    # Everything was scored before anything is printed: a bad line leaves no partial output.
    for line in lines:
        print(json.dumps(line, ensure_ascii=False))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.ledger",
                                     description="Score and check recorded hands.")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score a JSON Lines file of hand records")
    score.add_argument("file", help="JSON Lines, one hand record per line, one game")
    score.set_defaults(run=_score)
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
