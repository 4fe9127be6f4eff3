"""The house rules of the Java main code (issue 29): no file over 700 lines, no method over 60
(from its signature line to its closing brace). A method is found by its signature at class
level (4 or 8 spaces in), its length by counting braces outside strings, characters and
comments; a constructor counts as a method."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODULES = ("env", "observation", "training", "bridge")
MAX_FILE_LINES = 700
MAX_METHOD_LINES = 60

_SIGNATURE = re.compile(r"^( {4}| {8})(?:(?:public|protected|private|static|final|synchronized|default|abstract)\s+|@\w+\s+)*"
                        r"(?:<[^>]*>\s+)?[\w<>\[\], ?.]+\s+\w+\s*\([^;]*$|^( {4}| {8})(?:public |protected |private )?[A-Z]\w*\s*\([^;]*$")
_NOT_A_SIGNATURE = ("return", "new ", "else", "if", "for", "while", "throw", "case", "try", "catch", "}")
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_CHAR = re.compile(r"'(?:\\.|[^'\\])'")


def main_sources() -> list[Path]:
    return sorted(p for m in MODULES for p in (REPO / m / "src" / "main" / "java").rglob("*.java"))


def _code(line: str) -> str:
    return _CHAR.sub("''", _STRING.sub('""', line)).split("//")[0]


def long_methods(text: str) -> list[tuple[int, int, str]]:
    """(first line, length, signature) of each method or constructor over the limit."""
    lines = text.split("\n")
    out = []
    in_comment = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if in_comment or stripped.startswith("/*"):
            in_comment = "*/" not in stripped
            i += 1
            continue
        if (_SIGNATURE.match(line) and not stripped.startswith(_NOT_A_SIGNATURE)
                and not re.search(r"\b(class|record|enum|interface)\b", line)):
            j = i
            while j < len(lines) and "{" not in _code(lines[j]) and ";" not in _code(lines[j]):
                j += 1
            if j < len(lines) and "{" in _code(lines[j]):
                depth, k = 0, j
                while k < len(lines):
                    code = _code(lines[k])
                    depth += code.count("{") - code.count("}")
                    if depth <= 0:
                        break
                    k += 1
                if k - i + 1 > MAX_METHOD_LINES:
                    out.append((i + 1, k - i + 1, stripped[:80]))
                i = k
        i += 1
    return out


def test_no_main_code_file_is_over_700_lines():
    over = [f"{p.relative_to(REPO)}: {n} lines" for p in main_sources()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES]
    assert not over, "over " + str(MAX_FILE_LINES) + " lines: " + "; ".join(over)


def test_no_main_code_method_is_over_60_lines():
    over = [f"{p.relative_to(REPO)}:{at} ({n} lines) {sig}" for p in main_sources()
            for at, n, sig in long_methods(p.read_text(encoding="utf-8"))]
    assert not over, "methods over " + str(MAX_METHOD_LINES) + " lines: " + "; ".join(over)


def test_the_method_check_measures_from_signature_to_closing_brace():
    body = "\n".join(f"        x += {i}; // a {{ brace in a comment" if i % 2 else f'        s = "}}{i}";'
                     for i in range(58))
    method = "    int f(int x) {\n" + body + "\n    }\n"
    assert long_methods("class A {\n" + method + "}\n") == []
    longer = "    public A(int x,\n             int y) {\n" + body + "\n        y++;\n    }\n"
    assert long_methods("class A {\n" + longer + "}\n") == [(2, 62, "public A(int x,")]
