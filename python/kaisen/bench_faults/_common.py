"""What the page attacks and the JVM attacks share: a timer, an error as a row's note or outcome, and
whether a process is a Kaisen JVM."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class _Timer:
    start: float = field(default_factory=time.monotonic)

    def __call__(self) -> float:
        return round(time.monotonic() - self.start, 2)


def _excerpt(e: BaseException, limit: int = 110) -> str:
    """The start of ``e``'s message, for a row's note."""
    first = (str(e).strip().splitlines() or [""])[0]
    return f"{type(e).__name__}: {first[:limit]}" + ("..." if len(first) > limit else "")


def _one_line(e: BaseException) -> str:
    """``e`` as the outcome it is: its type, and whether its message is one line."""
    text = str(e)
    lines = "one line" if text and "\n" not in text.strip() else f"{len(text.splitlines())} lines"
    return f"{type(e).__name__} ({lines})"



def _is_kaisen_jvm(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) Kaisen JVM."""
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and any(b"java" in c for c in cmd[:1]) and any(b"kaisen" in c for c in cmd)
