"""Kaisen: reinforcement-learning environments for trading board games.

``kaisen.make`` gives a Gymnasium env, ``kaisen.aec_env`` a PettingZoo AEC env and
``kaisen.vector_env`` a Gymnasium VectorEnv on shared memory. All of them run the rules in
one JVM per Python process (see :mod:`kaisen._jvm`).
"""

from __future__ import annotations

from collections.abc import Sequence

import gymnasium

from ._jvm import shutdown
from .aec_env import OsakaAECEnv
from .errors import IllegalActionError, JvmDiedError, KaisenError
from .evaluation import EvalResult, EvaluationReport, evaluate, wilson_interval
from .gym_env import OsakaEnv
from .seeding import derive_seed
from .spec import Segment, Spec, spec
from .vector_env import OsakaVectorEnv

__all__ = [
    "EvalResult", "EvaluationReport", "IllegalActionError", "JvmDiedError", "KaisenError", "OsakaAECEnv", "OsakaEnv",
    "OsakaVectorEnv", "Segment", "Spec", "aec_env", "derive_seed", "evaluate", "make", "shutdown", "spec",
    "vector_env", "wilson_interval",
]
__version__ = "0.1.0"

gymnasium.register(id="kaisen/Osaka-v1", entry_point="kaisen.gym_env:OsakaEnv")


def _check_game(game: str) -> None:
    if game != "osaka":
        raise ValueError(f"unknown game {game!r}; known: 'osaka'")


def make(
    game: str = "osaka",
    *,
    num_players: int = 2,
    opponents: str | Sequence[str] = "random",
    learner_seat: int | None = 0,
    reward_mode: str = "terminal",
    seed: int | None = None,
    render_mode: str | None = None,
) -> OsakaEnv:
    """A single-learner Gymnasium env; ``seed`` seeds the first ``reset()``.

    Also registered as ``gymnasium.make("kaisen/Osaka-v1", ...)`` (which adds Gymnasium's wrappers).
    """
    _check_game(game)
    return OsakaEnv(num_players=num_players, opponents=opponents, learner_seat=learner_seat,
                    reward_mode=reward_mode, seed=seed, render_mode=render_mode)


def aec_env(game: str = "osaka", *, num_players: int = 2, reward_mode: str = "terminal",
            render_mode: str | None = None) -> OsakaAECEnv:
    """A PettingZoo AEC env with every seat an agent."""
    _check_game(game)
    return OsakaAECEnv(num_players=num_players, reward_mode=reward_mode, render_mode=render_mode)


def vector_env(
    game: str = "osaka",
    *,
    num_envs: int,
    num_players: int = 2,
    opponents: str | Sequence[str] = "random",
    learner_seat: int | None = None,
    reward_mode: str = "terminal",
    seed: int | None = None,
    threads: int = 0,
) -> OsakaVectorEnv:
    """A Gymnasium VectorEnv of ``num_envs`` single-learner envs on shared memory (``threads=0``: all cores)."""
    _check_game(game)
    return OsakaVectorEnv(num_envs, num_players=num_players, opponents=opponents, learner_seat=learner_seat,
                          reward_mode=reward_mode, seed=seed, threads=threads)
