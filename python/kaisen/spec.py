"""The observation and action spec of a game, as the Java side declares it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from . import _jvm


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
    """Sizes, observation segments by name, and the action table of a game."""

    game: str
    observation_size: int
    num_actions: int
    segments: dict[str, Segment]
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
        for a in self.actions:
            if a.name == name:
                return a.id
        raise KeyError(f"no action named {name!r}")


def parse(spec_json: str) -> Spec:
    data = json.loads(spec_json)
    segments = {
        s["name"]: Segment(s["name"], int(s["offset"]), int(s["length"]), s["meaning"]) for s in data["segments"]
    }
    actions = tuple(ActionInfo(int(a["id"]), a["name"], a["meaning"]) for a in data["actions"])
    return Spec(data["game"], int(data["observationSize"]), int(data["numActions"]), segments, actions)


@lru_cache(maxsize=None)
def spec(game: str = "osaka") -> Spec:
    """The spec of ``game`` (asks the JVM once per process)."""
    jvm = _jvm.acquire()
    try:
        return parse(jvm.call(jvm.entry.spec, game))
    finally:
        _jvm.release(jvm)
