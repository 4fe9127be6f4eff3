"""Helpers shared by the env classes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from py4j.java_gateway import JavaObject

from . import _buffers, _jvm
from .errors import IllegalActionError
from .spec import Spec

REWARD_MODES = ("terminal", "vp_difference")
GAMES = ("osaka",)


def check_game(game: str) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")


def check_players(num_players: int) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)) or not 2 <= num_players <= 4:
        raise ValueError(f"num_players must be 2, 3 or 4, not {num_players!r}")
    return int(num_players)


def check_reward_mode(reward_mode: str) -> str:
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"unknown reward_mode {reward_mode!r}; known: {', '.join(REWARD_MODES)}")
    return reward_mode


def opponents_csv(opponents: str | Sequence[str], num_players: int) -> str:
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if len(names) not in (1, num_players - 1) or not all(isinstance(n, str) and n for n in names):
        raise ValueError(
            f"opponents must be one agent name or {num_players - 1} names (one per other seat), got {opponents!r}"
        )
    return ",".join(names)


def check_render_mode(render_mode: str | None, allowed: Sequence[str]) -> str | None:
    if render_mode is not None and render_mode not in allowed:
        raise ValueError(f"render_mode must be one of {list(allowed)}, not {render_mode!r}")
    return render_mode


def learner_config(
    num_players: int, opponents: str | Sequence[str], learner_seat: int | None, reward_mode: str
) -> tuple[int, str, int]:
    """Checks a single-learner configuration; returns players, opponents as CSV, and the seat (-1: random)."""
    players = check_players(num_players)
    csv = opponents_csv(opponents, players)
    check_reward_mode(reward_mode)
    if learner_seat is not None and not 0 <= learner_seat < players:
        raise ValueError(f"learner_seat must be a seat 0..{players - 1} or None (random), not {learner_seat}")
    return players, csv, -1 if learner_seat is None else int(learner_seat)


def check_action(action: Any, mask: np.ndarray, spec: Spec) -> int:
    """An int action id that the mask allows; otherwise a clear error, before anything is sent."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = int(action)
        else:
            raise TypeError(f"an action is an integer id, not {type(action).__name__} {action!r}")
    action = int(action)
    if not 0 <= action < spec.num_actions:
        raise ValueError(f"action {action} is out of range 0..{spec.num_actions - 1}")
    if not mask[action]:
        raise illegal(action, mask, spec)
    return action


def illegal(action: int, mask: np.ndarray, spec: Spec, where: str = "") -> IllegalActionError:
    legal = [int(a) for a in np.flatnonzero(mask)]
    names = ", ".join(f"{a} {spec.action_name(a)}" for a in legal)
    name = spec.action_name(action) if 0 <= action < spec.num_actions else "?"
    return IllegalActionError(f"{where}illegal action {action} ({name}); legal actions: [{names}]", action, legal)


class JavaResource:
    """Owns a Java handle, its shared buffers and a share of the JVM; closes all three once."""

    def __init__(self) -> None:
        self.jvm = _jvm.acquire()
        self.handle: Any = None
        self._created: Any = None
        self.buffers: _buffers.SharedBuffers | None = None
        self.closed = False

    def open(self, create: Any, *args: Any) -> None:
        """Creates the Java object with a fresh shared file as last argument, and maps it.

        ``create`` should come from ``jvm.slow_entry``: creating may load a neural opponent
        (``dl4j:...``), which takes longer than the usual call timeout."""
        path = _buffers.new_path()
        try:
            created = self.jvm.call(create, *args, path)
            # keep the creating proxy alive (its collection would release the Java object) and
            # talk to the object over the normal connection, which has the hang timeout
            self._created = created
            self.handle = JavaObject(created._target_id, self.jvm.gateway._gateway_client)
            self.buffers = _buffers.SharedBuffers(path, self.jvm.call(self.handle.layoutJson))
        except BaseException:
            _buffers.discard(path)
            self.close()
            raise

    def call(self, method: str, *args: Any) -> Any:
        if self.closed:
            raise RuntimeError("this env is closed")
        return self.jvm.call(getattr(self.handle, method), *args)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.buffers is not None:
            self.buffers.close()
        if self.handle is not None and self.jvm.alive():
            try:
                self.jvm.call(self.handle.close)
            except Exception:  # noqa: BLE001 - closing must not fail
                pass
        _jvm.release(self.jvm)
