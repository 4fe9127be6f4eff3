"""Small pieces every game's renderer uses: the engine's view of a state for an observer (what that
seat may see and the facts that follow from the rules: the renderers decide none of it), reading a
state leniently (a renderer draws what it finds and never fails on a missing field) and escaping
text for SVG."""

from __future__ import annotations

import html
import json
from typing import Any

State = dict[str, Any]


def load_state(state: str | State, format_prefix: str, title: str) -> State:
    """The state as a dict (from JSON text or as given), refused unless its format starts with
    ``format_prefix``, e.g. ``kaisen.tokaido.state/`` (``title`` names the game in the message)."""
    s = json.loads(state) if isinstance(state, str) else state
    if not isinstance(s, dict) or not str(s.get("format", "")).startswith(format_prefix):
        fmt = s.get("format") if isinstance(s, dict) else None
        raise ValueError(f"not a {title} state (format {fmt!r})")
    return s


def _drawn(call: str, game: str, s: State, observer: int | None, options: dict[str, Any] | None) -> str | None:
    """The gateway's ``call`` (``viewJson`` or ``boardText``) for the state ``s`` of ``game``, read with a
    config of the state's player count and ``options``, as ``observer`` (None: a spectator) sees it;
    None when the engine cannot read the state. Uses the shared JVM, started when none runs (see
    ``kaisen._jvm.warm``)."""
    from .. import _jvm
    from ..spec import config_json

    players = s.get("players") if isinstance(s.get("players"), int) else len(seats(s))
    with _jvm.warm() as jvm:
        return jvm.call(getattr(jvm.entry, call), game, config_json(players, options, game), json.dumps(s),
                        -1 if observer is None else observer)


def engine_view(game: str, s: State, observer: int | None, options: dict[str, Any] | None = None) -> State | None:
    """What ``observer`` (None: a spectator) may see of the state ``s`` of ``game``, as the engine
    says (``Game.viewJson``: the parts of the state that seat may know, the winners, costs, which
    hands and sealed choices are shown), for a config of the state's player count and ``options``;
    None when the engine cannot read the state (a renderer then draws what it finds)."""
    text = _drawn("viewJson", game, s, observer, options)
    return None if text is None else json.loads(text)


def engine_text(game: str, s: State, observer: int | None, options: dict[str, Any] | None = None) -> str | None:
    """The game's one text board (``Game.render``, the engine's) of the state ``s`` of ``game`` as
    ``observer`` (None: a spectator) sees it, for a config of the state's player count and
    ``options``; None when the engine cannot read the state."""
    return _drawn("boardText", game, s, observer, options)


def text_board(game: str, s: State, observer: int | None, options: dict[str, Any] | None = None) -> str:
    """The text board every renderer shows (:func:`engine_text`). When the engine cannot read the
    state (hand-made, inconsistent), a spectator gets the state JSON itself, marked as unread, and a
    seat only that mark: nothing would decide what that seat may see."""
    text = engine_text(game, s, observer, options)
    if text is not None:
        return text
    if observer is not None:
        return f"(the engine cannot read this state: no view for seat {observer})"
    return "(the engine cannot read this state: shown as JSON)\n" + json.dumps(s, indent=1)


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


def text_svg(text: str) -> str:
    """Text lines as an SVG picture (monospace), for games without their own drawing."""
    lines = text.splitlines() or [""]
    width = 12 + 7 * max(len(line) for line in lines)
    height = 10 + 15 * len(lines)
    rows = "".join(
        f'<text x="6" y="{16 + 15 * i}" xml:space="preserve">{html.escape(line)}</text>' for i, line in enumerate(lines)
    )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="monospace" font-size="12">{rows}</svg>')
