"""Write firmware/ui/hanzi.py: GB 2312's 3,755 common characters by the initial of their
pinyin, for a name made on the device (ui/name_entry.py) with a character of any name.

    python -m tools.hanzi

GB 2312 orders its first level (codes 0xB0A1 to 0xD7F9) by pinyin, so each initial is one
run of codes: START gives where each begins (A at 啊, B at 芭 … Z at 匝); Python's 'gb2312'
codec turns the codes into characters. No pinyin starts with I, U or V. The module is
written, not computed on the board: MicroPython has no such codec. Its characters are all in
the board's font (every GB 2312 character is).
"""

from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "firmware" / "ui" / "hanzi.py"
START = {"A": 0xB0A1, "B": 0xB0C5, "C": 0xB2C1, "D": 0xB4EE, "E": 0xB6EA, "F": 0xB7A2,
         "G": 0xB8C1, "H": 0xB9FE, "J": 0xBBF7, "K": 0xBFA6, "L": 0xC0AC, "M": 0xC2E8,
         "N": 0xC4C3, "O": 0xC5B6, "P": 0xC5BE, "Q": 0xC6DA, "R": 0xC8BB, "S": 0xC8F6,
         "T": 0xCBFA, "W": 0xCDDA, "X": 0xCEF4, "Y": 0xD1B9, "Z": 0xD4D1}
END = 0xD7FA  # after 座, the first level's last character
PER_LINE = 30  # characters a source line


def characters(first, end):
    """GB 2312's characters from code `first` up to `end` (94 a row, 0xA1 to 0xFE)."""
    out = []
    code = first
    while code < end:
        out.append(bytes((code >> 8, code & 0xFF)).decode("gb2312"))
        code = code + 1 if code & 0xFF < 0xFE else ((code >> 8) + 1) << 8 | 0xA1
    return "".join(out)


def source():
    letters = list(START)
    lines = ['"""GB 2312\'s common characters by the initial of their pinyin (written by',
             "`python -m tools.hanzi`: do not edit).",
             '"""', "",
             'INITIALS = "{}"'.format("".join(letters)),
             "BY_INITIAL = ("]
    for i, letter in enumerate(letters):
        end = START[letters[i + 1]] if i + 1 < len(letters) else END
        chars = characters(START[letter], end)
        parts = [chars[j:j + PER_LINE] for j in range(0, len(chars), PER_LINE)]
        lines.append("    # " + letter)
        lines.extend('    "{}"'.format(p) for p in parts[:-1])
        lines.append('    "{}",'.format(parts[-1]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def main():
    OUTPUT.write_text(source(), encoding="utf-8")
    print("wrote", OUTPUT)


if __name__ == "__main__":
    main()
