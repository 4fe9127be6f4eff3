"""The Python examples of the documentation's Getting started page run as written.

Every ```python block of ``docs/getting-started.md`` runs on its own, in a fresh interpreter (this
one's executable, with this package importable) whose working folder is an empty temporary one, so
an example can rely on nothing but what it says. An HTML comment on the line just before a block
marks it:

- ``<!-- no-test: REASON -->``: not run (only where running it in tests is unreasonable);
- ``<!-- test-needs: MODULE[, MODULE...] -->``: skipped when a module is missing (an optional extra,
  e.g. ``sb3_contrib`` of the ``train`` extra, which ``./kaisen test`` installs).

Any other comment there is an error, so that a misspelt marker cannot silently skip an example.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import kaisen

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "docs" / "getting-started.md"]
#: Seconds one example may take (the training example trains and evaluates, on 2 busy cores).
TIMEOUT = 300
#: The Getting started examples that must stay tested: Gymnasium, PettingZoo and training.
MIN_TESTED = 3

_FENCE = re.compile(r"^```python[ \t]*\n(?P<code>.*?)^```[ \t]*$", re.S | re.M)
_COMMENT = re.compile(r"<!--(?P<text>.*?)-->\s*\Z", re.S)
_MARKER = re.compile(r"(?P<kind>no-test|test-needs):\s*(?P<value>\S.*)", re.S)


@dataclass(frozen=True)
class Example:
    page: Path
    line: int
    code: str
    marker: str | None  # "no-test" or "test-needs", from the comment just before the block
    value: str = ""

    @property
    def id(self) -> str:
        return f"{self.page.name}:{self.line}"


def examples(page: Path) -> list[Example]:
    """The page's ```python blocks, each with the marker of the HTML comment just before it."""
    text = page.read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        before = text[:m.start()].rstrip("\n")
        last = before.rsplit("\n\n", 1)[-1]  # the paragraph (or comment) just before the fence
        comment = _COMMENT.search(last)
        marker = value = None
        if comment and last.lstrip().startswith("<!--"):
            mk = _MARKER.fullmatch(comment.group("text").strip())
            if mk is None:
                raise AssertionError(f"{page.name}:{line}: unknown marker before a python block: "
                                     f"{comment.group(0)!r} (use <!-- no-test: REASON --> or "
                                     f"<!-- test-needs: MODULE -->)")
            marker, value = mk.group("kind"), mk.group("value").strip()
        found.append(Example(page, line, m.group("code"), marker, value or ""))
    return found


ALL = [e for page in PAGES for e in examples(page)]


def test_the_page_keeps_its_examples_tested():
    """Gymnasium, PettingZoo and training: at least three examples run, and a skip says why."""
    tested = [e for e in ALL if e.marker != "no-test"]
    assert len(tested) >= MIN_TESTED, [e.id for e in ALL]
    for e in ALL:
        if e.marker == "no-test":
            assert len(e.value) >= 10, f"{e.id}: say why the example is not tested"


def test_the_markers_are_read(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n<!-- no-test: starts a Ray cluster -->\n```python\nimport ray\n```\n\n"
                    "<!-- test-needs: sb3_contrib, torch -->\n```python\nx = 1\n```\n\n"
                    "A block:\n\n```python\ny = 2\n```\n", encoding="utf-8")
    assert [(e.marker, e.value, e.code) for e in examples(page)] == [
        ("no-test", "starts a Ray cluster", "import ray\n"),
        ("test-needs", "sb3_contrib, torch", "x = 1\n"),
        (None, "", "y = 2\n"),
    ]
    page.write_text("<!-- no test -->\n```python\nz = 3\n```\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="unknown marker"):
        examples(page)


@pytest.mark.parametrize("example", ALL, ids=[e.id for e in ALL])
def test_the_example_runs(example: Example, tmp_path: Path):
    if example.marker == "no-test":
        pytest.skip(example.value)
    if example.marker == "test-needs":
        for module in re.split(r"[,\s]+", example.value):
            if module:
                pytest.importorskip(module)
    env = dict(os.environ)
    package_dir = str(Path(kaisen.__file__).resolve().parents[1])  # the folder that holds kaisen/
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_dir, env.get("PYTHONPATH")) if p)
    env.setdefault("MPLBACKEND", "Agg")
    try:
        done = subprocess.run([sys.executable, "-c", example.code], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{example.id} ran past {TIMEOUT} s:\n{e.stdout or ''}{e.stderr or ''}")
    assert done.returncode == 0, f"{example.id} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
