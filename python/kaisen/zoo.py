"""The model zoo: small trained policies that play by name as ``zoo:GAME-Np``.

A zoo model is a name like any agent name (``"random"``, ``"greedy"``, ``"ismcts:1000"``): pass
``"zoo:osaka-2p"`` (or ``"zoo:osaka-2p:sample"``) as an opponent to :func:`kaisen.make`,
:func:`kaisen.vector_env` or :func:`kaisen.evaluate`, and the JVM plays it. The models travel in
the jar (and so in the wheel); ``KAISEN_ZOO_DIR`` names a folder of further models, which the
JVM started by this package reads too. :func:`models` lists them with how each was made.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import _jvm

PREFIX = "zoo:"


@dataclass(frozen=True)
class Evaluation:
    """A measured strength of a zoo model (``./kaisen zoo measure``): the model against copies of
    ``opponent``, seats rotated, over ``games`` games; ``command`` reproduces it."""

    opponent: str
    protocol: str
    games: int
    seed: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_score: float
    opponent_mean_score: float
    command: str
    measured: str


@dataclass(frozen=True)
class ZooModel:
    """A zoo model and how it was made (``kaisen-zoo.json`` in the model's file).

    ``agent`` is the name to pass as an opponent or evaluation agent. ``problem`` is set (and
    the rest mostly empty) for a file in the zoo that is no packed model."""

    name: str
    game: str | None
    players: int | None
    bytes: int
    location: str
    step: int | None = None
    training_seconds: float | None = None
    hardware: str | None = None
    command: str | None = None
    notes: str | None = None
    view: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    #: Its measured strength, one entry per opponent (empty until ``./kaisen zoo measure`` ran).
    evaluations: tuple[Evaluation, ...] = ()

    @property
    def agent(self) -> str:
        return PREFIX + self.name


def _evaluation(e: dict[str, Any]) -> Evaluation:
    return Evaluation(opponent=e["opponent"], protocol=e["protocol"], games=int(e["games"]), seed=int(e["seed"]),
                      win_rate=float(e["winRate"]), win_rate_low=float(e["winRateLow"]),
                      win_rate_high=float(e["winRateHigh"]), mean_score=float(e["meanScore"]),
                      opponent_mean_score=float(e["opponentMeanScore"]), command=e["command"], measured=e["measured"])


def _parse(data: list[dict[str, Any]]) -> list[ZooModel]:
    return [ZooModel(name=d["name"], game=d.get("game"), players=d.get("players"), bytes=int(d["bytes"]),
                     location=d["location"], step=d.get("step"), training_seconds=d.get("trainingSeconds"),
                     hardware=d.get("hardware"), command=d.get("command"), notes=d.get("notes"), view=d.get("view"),
                     options=dict(d.get("options") or {}), problem=d.get("problem"),
                     evaluations=tuple(_evaluation(e) for e in d.get("evaluations") or ()))
            for d in data]


def models(game: str | None = None, num_players: int | None = None) -> list[ZooModel]:
    """The zoo models the JVM finds, sorted by name; only those of ``game`` / ``num_players`` when given."""
    jvm = _jvm.acquire()
    try:
        found = _parse(json.loads(jvm.call(jvm.entry.zooModels)))
    finally:
        _jvm.release(jvm)
    return [m for m in found
            if (game is None or m.game == game) and (num_players is None or m.players == num_players)]


def names(game: str | None = None, num_players: int | None = None) -> list[str]:
    """The agent names (``zoo:NAME``) of :func:`models`."""
    return [m.agent for m in models(game, num_players)]
