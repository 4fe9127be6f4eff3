"""The spec of a game, config and view, as the Java side declares it.

Every size the package uses (observation length, number of actions, players) comes from here;
nothing about a particular game is written in Python.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from . import _jvm
from .games import DEFAULT_GAME


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation vector, with the finite range of its values.

    ``low[i] <= obs[offset + i] <= high[i]`` holds for every observation the JVM writes (the
    bounds follow from the game's rules; the Java conformance suite checks them over random play).
    ``low`` and ``high`` hold one bound per value of the segment."""

    name: str
    offset: int
    length: int
    meaning: str
    low: tuple[float, ...] = field(default=(), repr=False)
    high: tuple[float, ...] = field(default=(), repr=False)

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.offset + self.length)

    @property
    def scale(self) -> tuple[float, ...]:
        """``high - low`` per value: what :meth:`Spec.normalize` divides by."""
        return tuple(h - lo for lo, h in zip(self.low, self.high))

    @property
    def range(self) -> str:
        """The bounds as text, e.g. ``[0, 1]`` or, where values differ, ``[0, 7..11]``."""
        return f"[{_span(self.low)}, {_span(self.high)}]"


def _span(values: tuple[float, ...]) -> str:
    lo, hi = min(values), max(values)
    fmt = lambda v: str(int(v)) if float(v).is_integer() else repr(v)  # noqa: E731
    return fmt(lo) if lo == hi else f"{fmt(lo)}..{fmt(hi)}"


@dataclass(frozen=True)
class ActionInfo:
    id: int
    name: str
    meaning: str


@dataclass(frozen=True)
class Spec:
    """Sizes, observation segments by name (with the bounds of their values), the action table and
    the layout hash of one game, config and view.

    ``low`` / ``high`` are the bounds of the whole observation vector (the spaces' ``Box`` uses
    them), :meth:`normalize` maps observations to ``[0, 1]`` by them, and ``layout_hash``
    identifies the layout a trained network depends on."""

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
    layout_hash: str
    """16 hex digits identifying the layout: game, full config, view, every segment's name, offset
    and length, and the action names in id order (not meanings or bounds). Checkpoints record it
    and refuse to load into another layout."""
    explicit_chance: bool = False
    """whether the game deals in the explicit-chance mode (``State.deal(..., chance="explicit")``)"""
    max_chance_outcomes: int = 0
    """size of the chance outcome table (OpenSpiel's ``max_chance_outcomes``; 0 without the explicit mode)"""
    chance_outcomes: tuple[ActionInfo, ...] = ()
    """the chance outcome table: every outcome id with its name (e.g. ``d6:5``) and meaning"""

    @property
    def low(self) -> np.ndarray:
        """The lower bound of every observation value (``float32[observation_size]``, read-only)."""
        return self._bounds()[0]

    @property
    def high(self) -> np.ndarray:
        """The upper bound of every observation value (``float32[observation_size]``, read-only)."""
        return self._bounds()[1]

    def _bounds(self) -> tuple[np.ndarray, np.ndarray]:
        bounds = self.__dict__.get("_bounds_cache")
        if bounds is None:
            low = np.empty(self.observation_size, dtype=np.float32)
            high = np.empty(self.observation_size, dtype=np.float32)
            for segment in self.segments.values():
                low[segment.slice] = segment.low
                high[segment.slice] = segment.high
            low.flags.writeable = False
            high.flags.writeable = False
            bounds = (low, high)
            object.__setattr__(self, "_bounds_cache", bounds)  # a cache on a frozen dataclass
        return bounds

    def normalize(self, observation: np.ndarray, *, signed: bool = False) -> np.ndarray:
        """An observation (or a batch: last axis) mapped by the declared bounds to ``[0, 1]``
        (``signed=True``: ``[-1, 1]``), as float32: ``(obs - low) / (high - low)``. A value whose
        bounds are equal maps to 0 (to -1 when signed: its low end)."""
        obs = np.asarray(observation, dtype=np.float32)
        if obs.shape[-1:] != (self.observation_size,):
            raise ValueError(f"expected observations of {self.observation_size} values (last axis), "
                             f"got shape {obs.shape}")
        low, high = self._bounds()
        scale = high - low
        out = np.divide(obs - low, scale, out=np.zeros(obs.shape, dtype=np.float32), where=scale > 0)
        return out * 2 - 1 if signed else out

    def slice(self, observation: np.ndarray, name: str) -> np.ndarray:
        """The part of an observation (or of a batch: last axis) named ``name``."""
        try:
            segment = self.segments[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: {', '.join(self.segments)}") from None
        return observation[..., segment.slice]

    def action_name(self, action: int) -> str:
        return self.actions[action].name

    def chance_outcome_id(self, name: str) -> int:
        """The id of the chance outcome called ``name`` in the chance outcome table (``KeyError`` if none is)."""
        for outcome in self.chance_outcomes:
            if outcome.name == name:
                return outcome.id
        raise KeyError(f"no chance outcome named {name!r}")

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
    segments = {s["name"]: _segment(s) for s in d["segments"]}
    return Spec(
        game=d["game"], title=d["title"], config=dict(d["config"]), players=int(d["players"]),
        min_players=int(d["minPlayers"]), max_players=int(d["maxPlayers"]), num_actions=int(d["numActions"]),
        max_game_length=int(d["maxGameLength"]), view=d["view"], views=tuple(d["views"]),
        observation_size=int(d["observationSize"]), observation_dtype=np.dtype(d["observationDtype"]),
        mask_dtype=np.dtype(d["maskDtype"]), score_name=d["scoreName"], tiebreak_name=d["tiebreakName"],
        agents=tuple(d["agents"]), segments=segments,
        actions=tuple(ActionInfo(int(a["id"]), a["name"], a["meaning"]) for a in d["actions"]),
        layout_hash=d["layoutHash"], explicit_chance=bool(d.get("explicitChance", False)),
        max_chance_outcomes=int(d.get("maxChanceOutcomes", 0)),
        chance_outcomes=tuple(ActionInfo(int(a["id"]), a["name"], a["meaning"]) for a in d.get("chanceOutcomes", ())),
    )


def _segment(s: Mapping[str, Any]) -> Segment:
    """A segment of the spec JSON; ``low`` and ``high`` are one number for all its values or one per value."""
    length = int(s["length"])

    def bound(key: str) -> tuple[float, ...]:
        value = s[key]
        values = tuple(float(v) for v in value) if isinstance(value, list) else (float(value),) * length
        if len(values) != length or not all(np.isfinite(values)):
            raise ValueError(f"segment {s['name']!r}: {key} must be finite, one number or {length}, not {value!r}")
        return values

    return Segment(s["name"], int(s["offset"]), length, s["meaning"], bound("low"), bound("high"))


def config_json(num_players: int | None = None, options: Mapping[str, Any] | None = None,
                game: str | None = None) -> str | None:
    """A game config as the JVM reads it: ``{"players": n, ...options}``, or None for the defaults.

    Values are checked by the JVM's registry (an unknown option is an error naming the valid
    ones); here only their JSON form is made (numpy scalars become plain numbers; with ``game``,
    the game's file options, given as ``str`` or ``os.PathLike``, become absolute paths against
    the caller's working directory, which the JVM's need not be)."""
    config: dict[str, Any] = {}
    if options:
        if "players" in options:
            raise TypeError("give the player count as num_players=, not players=")
        config.update(options)
        if game is not None:
            _absolute_paths(game, config)
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


def _absolute_paths(game: str, config: dict[str, Any]) -> None:
    from .games import game_info

    try:
        options = game_info(game).options
    except ValueError:
        return  # an unknown game: the JVM's message names the known ones
    for o in options:
        value = config.get(o.name)
        if o.path and isinstance(value, (str, os.PathLike)) and os.fspath(value):
            config[o.name] = os.path.abspath(os.fspath(value))


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
    return _cached(game, config_json(num_players, options, game), view)
