"""The spec of a game, config and view, as the Java side declares it.

Every size the package uses (observation length, number of actions, players) comes from here;
nothing about a particular game is written in Python.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from . import _jvm
from .games import DEFAULT_GAME


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation vector."""

    name: str
    offset: int
    length: int
    meaning: str

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.offset + self.length)


@dataclass(frozen=True)
class ActionInfo:
    id: int
    name: str
    meaning: str


@dataclass(frozen=True)
class Spec:
    """Sizes, observation segments by name, and the action table of one game, config and view."""

    game: str
    title: str
    config: Mapping[str, Any]
    """the full config, defaults filled in (``players`` and every option)"""
    players: int
    min_players: int
    max_players: int
    num_actions: int
    max_game_length: int
    view: str
    views: tuple[str, ...]
    observation_size: int
    observation_dtype: np.dtype
    mask_dtype: np.dtype
    score_name: str
    """what the game's score is called (e.g. ``VP``)"""
    tiebreak_name: str
    agents: tuple[str, ...]
    """the agent names the JVM knows for this game (usable as opponents)"""
    segments: Mapping[str, Segment]
    actions: tuple[ActionInfo, ...]

    def slice(self, observation: np.ndarray, name: str) -> np.ndarray:
        """The part of an observation (or of a batch: last axis) named ``name``."""
        try:
            segment = self.segments[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: {', '.join(self.segments)}") from None
        return observation[..., segment.slice]

    def action_name(self, action: int) -> str:
        return self.actions[action].name

    def action_id(self, name: str) -> int:
        """The id of the action called ``name`` in the action table (``KeyError`` if none is)."""
        ids = self.__dict__.get("_ids")
        if ids is None:
            ids = {a.name: a.id for a in self.actions}
            object.__setattr__(self, "_ids", ids)  # a cache on a frozen dataclass
        try:
            return ids[name]
        except KeyError:
            raise KeyError(f"no action named {name!r}") from None


def parse(spec_json: str) -> Spec:
    d = json.loads(spec_json)
    segments = {s["name"]: Segment(s["name"], int(s["offset"]), int(s["length"]), s["meaning"]) for s in d["segments"]}
    return Spec(
        game=d["game"], title=d["title"], config=dict(d["config"]), players=int(d["players"]),
        min_players=int(d["minPlayers"]), max_players=int(d["maxPlayers"]), num_actions=int(d["numActions"]),
        max_game_length=int(d["maxGameLength"]), view=d["view"], views=tuple(d["views"]),
        observation_size=int(d["observationSize"]), observation_dtype=np.dtype(d["observationDtype"]),
        mask_dtype=np.dtype(d["maskDtype"]), score_name=d["scoreName"], tiebreak_name=d["tiebreakName"],
        agents=tuple(d["agents"]), segments=segments,
        actions=tuple(ActionInfo(int(a["id"]), a["name"], a["meaning"]) for a in d["actions"]),
    )


def config_json(num_players: int | None = None, options: Mapping[str, Any] | None = None) -> str | None:
    """A game config as the JVM reads it: ``{"players": n, ...options}``, or None for the defaults.

    Values are checked by the JVM's registry (an unknown option is an error naming the valid
    ones); here only their JSON form is made (numpy scalars become plain numbers)."""
    config: dict[str, Any] = {}
    if options:
        if "players" in options:
            raise TypeError("give the player count as num_players=, not players=")
        config.update(options)
    if num_players is not None:
        if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)):
            raise ValueError(f"num_players must be an integer, not {num_players!r}")
        config["players"] = int(num_players)
    if not config:
        return None
    try:
        return json.dumps(config, sort_keys=True, default=_plain)
    except TypeError as e:
        raise TypeError(f"game options must be JSON values (numbers, strings, booleans, lists): {e}") from None


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} {value!r} is not a JSON value")


@lru_cache(maxsize=None)
def _cached(game: str, config: str | None, view: str | None) -> Spec:
    jvm = _jvm.acquire()
    try:
        return parse(jvm.call(jvm.entry.spec, game, config, view))
    finally:
        _jvm.release(jvm)


def spec(game: str = DEFAULT_GAME, *, num_players: int | None = None, view: str | None = None, **options: Any) -> Spec:
    """The spec of ``game`` with that config and view (asks the JVM once per process and config).

    ``num_players`` and ``view`` default to the game's; game options are keyword arguments."""
    return _cached(game, config_json(num_players, options), view)
