"""Small pieces every game's renderer uses: reading a state leniently (a renderer draws what it
finds and never fails on a missing field) and escaping text for SVG."""

from __future__ import annotations

import html
import json
from typing import Any, Callable

State = dict[str, Any]


def load_state(state: str | State, format_prefix: str, title: str) -> State:
    """The state as a dict (from JSON text or as given), refused unless its format starts with
    ``format_prefix``, e.g. ``kaisen.tokaido.state/`` (``title`` names the game in the message)."""
    s = json.loads(state) if isinstance(state, str) else state
    if not isinstance(s, dict) or not str(s.get("format", "")).startswith(format_prefix):
        fmt = s.get("format") if isinstance(s, dict) else None
        raise ValueError(f"not a {title} state (format {fmt!r})")
    return s


def as_int(v: Any, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def as_list(v: Any) -> list:
    return list(v) if isinstance(v, (list, tuple)) else []


def seats(s: State) -> list[dict[str, Any]]:
    """The state's ``seats`` objects (an entry that is not an object reads as empty)."""
    return [seat if isinstance(seat, dict) else {} for seat in as_list(s.get("seats"))]


def to_act(s: State) -> int | None:
    """The seat to act, or None when the game is over."""
    if s.get("phase") == "GAME_OVER":
        return None
    cp = s.get("currentPlayer")
    return cp if isinstance(cp, int) and cp >= 0 else None


def best_seats(s: State, key: Callable[[dict[str, Any]], Any]) -> list[int]:
    """At the end (``GAME_OVER``), the seats whose ``key(seat)`` is highest, as the engine ranks
    them (score, then tie-breaks); before the end, []."""
    if s.get("phase") != "GAME_OVER":
        return []
    keys = [key(seat) for seat in seats(s)]
    return [p for p, k in enumerate(keys) if k == max(keys)] if keys else []


def status_parts(s: State, won: list[int], phases: dict[str, str] | None = None, extra: tuple[str, ...] = (),
                 reason: bool = False) -> list[str]:
    """The status line's pieces: the phase; "game over" (cut by the decision cap, or with the end
    reason when ``reason``) or the player to act (with the phase's meaning from ``phases``); the
    ``extra`` pieces that are not empty; the winners."""
    phase = str(s.get("phase", "?"))
    parts = [f"phase {phase}"]
    if phase == "GAME_OVER":
        why = str(s.get("endReason") or "NONE")
        if s.get("truncated") or why == "DECISION_CAP":
            parts.append("game over (cut by the decision cap)")
        else:
            parts.append("game over" + (f" ({why.lower()})" if reason and why != "NONE" else ""))
    elif to_act(s) is not None:
        parts.append(f"player {s['currentPlayer']} to act" + (f" ({phases.get(phase, phase)})" if phases else ""))
    parts.extend(e for e in extra if e)
    if won:
        parts.append("won by " + " and ".join(f"P{p}" for p in won))
    return parts


def esc(v: Any) -> str:
    return html.escape(str(v), quote=True)
