"""Kaisen: reinforcement-learning environments for board games, with rules in Java.

``kaisen.games()`` lists the registered games. For any of them, ``kaisen.make`` gives a
Gymnasium env, ``kaisen.aec_env`` a PettingZoo AEC env, ``kaisen.vector_env`` a Gymnasium
VectorEnv on shared memory and ``kaisen.sb3_vec_env`` that one as a Stable-Baselines3 ``VecEnv``
(SB3 imported only then); ``kaisen.spec`` gives sizes, observation segments (with the finite
bounds of their values), the action table and the layout hash; ``kaisen.normalize_observations``
wraps any of the envs to observe values scaled to ``[0, 1]`` by those bounds; ``kaisen.State`` is a game state for search and analysis (clone, apply, returns,
``action_name_for``: what a seat learns of a move); ``kaisen.JvmAgent`` is a JVM agent (bots,
``ismcts:N``, ``dl4j:PATH``, ``zoo:NAME``) asked for one move at a time, to play against;
``kaisen.multi_agent_vector_env`` steps N games where Python answers every seat not given to a JVM
agent (self-play; :func:`kaisen.policies.act` answers a step with several policies);
``kaisen.evaluate`` plays policies (Python, SB3 models or agent names, on either side) against each
other; ``kaisen.load_record`` reads a game record (as the
CLI and the envs' ``record_dir=`` write them) and replays it as states. A game's options are keyword
arguments (``kaisen.make("osaka", num_players=3, some_option=True)``), checked by the JVM's
registry. ``kaisen.zoo.models()`` lists the trained models that play by name
(``opponents="zoo:osaka-2p"``). All of them run the rules in one JVM per Python process (see :mod:`kaisen._jvm`).

Importing registers one Gymnasium id per game (``kaisen/Osaka-v2``; see
:mod:`kaisen.games` for how the list is read and cached without starting the gateway).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from . import policies, zoo
from ._jvm import shutdown
from .aec_env import KaisenAECEnv
from .agents import JvmAgent
from .errors import IllegalActionError, JvmDiedError, KaisenError, RecordError
from .evaluation import EvalResult, EvaluationReport, evaluate, wilson_interval
from .games import DEFAULT_GAME, GameInfo, GameOption, game_info, games, gym_id, register_gymnasium_ids
from .games import _register_at_import
from .gym_env import KaisenEnv
from .multi_agent_env import KaisenMultiAgentVectorEnv
from .normalize import (NormalizeAECObservation, NormalizeObservation, NormalizeVectorObservation,
                        normalize_observations)
from .records import Record, load_record
from .seeding import derive_seed
from .spec import Segment, Spec, spec
from .state import State
from .vector_env import KaisenVectorEnv

#: The player id of chance (OpenSpiel's ``pyspiel.PlayerId.CHANCE``): :meth:`State.current_player` at a chance node.
CHANCE = -1

__all__ = [
    "CHANCE", "DEFAULT_GAME", "EvalResult", "EvaluationReport", "GameInfo", "GameOption", "IllegalActionError",
    "JvmAgent", "JvmDiedError",
    "KaisenAECEnv",
    "KaisenEnv", "KaisenError", "KaisenMultiAgentVectorEnv", "KaisenVectorEnv", "NormalizeAECObservation",
    "NormalizeObservation",
    "NormalizeVectorObservation", "Record", "RecordError", "Segment", "Spec", "State", "aec_env", "derive_seed",
    "evaluate", "game_info", "games", "gym_id", "load_record", "make", "multi_agent_vector_env",
    "normalize_observations", "policies",
    "register_gymnasium_ids", "sb3_vec_env",
    "zoo",
    "shutdown", "spec", "vector_env",
    "wilson_interval",
]
__version__ = "0.4.0"

#: The Gymnasium ids registered at import, one per game (empty when no jar was found).
GYM_IDS: list[str] = _register_at_import()


def make(
    game: str = DEFAULT_GAME,
    *,
    num_players: int | None = None,
    opponents: str | Sequence[str] = "random",
    learner_seat: int | None = None,
    reward_mode: str = "terminal",
    view: str | None = None,
    illegal_action: str = "raise",
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> KaisenEnv:
    """A single-learner Gymnasium env of ``game``; ``seed`` seeds the first ``reset()``.

    ``num_players``: default the game's. ``opponents``: one agent name for every other seat or
    one per seat. ``learner_seat``: a seat, or None for a random one each episode.
    ``reward_mode``: ``terminal`` or ``score_difference``. ``view``: ``information_state``
    (default) or ``observation`` (memoryless). ``illegal_action``: ``raise`` or ``lose``.
    ``options``: the game's options. Also registered as ``gymnasium.make(kaisen.gym_id(game), ...)``
    (which adds Gymnasium's wrappers).
    """
    return KaisenEnv(game, num_players=num_players, opponents=opponents, learner_seat=learner_seat,
                     reward_mode=reward_mode, view=view, illegal_action=illegal_action, seed=seed,
                     render_mode=render_mode, **options)


def aec_env(game: str = DEFAULT_GAME, *, num_players: int | None = None, reward_mode: str = "terminal",
            view: str | None = None, illegal_action: str = "raise", render_mode: str | None = None,
            **options: Any) -> AECEnv:
    """A PettingZoo AEC env of ``game`` with every seat an agent (arguments as in :func:`make`),
    wrapped as PettingZoo's own ``env()`` factories wrap theirs: in ``OrderEnforcingWrapper``
    (attributes such as ``agents`` before ``reset`` are errors). ``.unwrapped`` is the
    :class:`KaisenAECEnv`. For the parallel API (every seat's action at once, one turn at a time),
    wrap it with ``pettingzoo.utils.conversions.turn_based_aec_to_parallel``."""
    return OrderEnforcingWrapper(KaisenAECEnv(game, num_players=num_players, reward_mode=reward_mode, view=view,
                                              illegal_action=illegal_action, render_mode=render_mode, **options))


def vector_env(
    game: str = DEFAULT_GAME,
    *,
    num_envs: int,
    num_players: int | None = None,
    opponents: str | Sequence[str] = "random",
    learner_seat: int | None = None,
    reward_mode: str = "terminal",
    view: str | None = None,
    illegal_action: str = "raise",
    seed: int | None = None,
    threads: int = 0,
    render_mode: str | None = None,
    **options: Any,
) -> KaisenVectorEnv:
    """A Gymnasium VectorEnv of ``num_envs`` single-learner envs of ``game`` on shared memory
    (``threads=0``: all cores but one, which the Python caller needs; other arguments as in :func:`make`, ``learner_seat`` random by default;
    ``record_dir=DIR`` writes each finished episode's game record there, see :class:`KaisenVectorEnv`)."""
    return KaisenVectorEnv(game, num_envs, num_players=num_players, opponents=opponents, learner_seat=learner_seat,
                           reward_mode=reward_mode, view=view, illegal_action=illegal_action, seed=seed,
                           threads=threads, render_mode=render_mode, **options)


def multi_agent_vector_env(
    game: str = DEFAULT_GAME,
    *,
    num_envs: int,
    num_players: int | None = None,
    jvm_seats: Any = None,
    reward_mode: str = "terminal",
    view: str | None = None,
    illegal_action: str = "raise",
    seed: int | None = None,
    threads: int = 0,
    autoreset: bool = True,
    render_mode: str | None = None,
    record_dir: Any = None,
    **options: Any,
) -> KaisenMultiAgentVectorEnv:
    """``num_envs`` games of ``game`` stepped by one call, the caller answering every seat not given
    to a JVM agent by ``jvm_seats`` (None: every seat; ``[None, "greedy"]``: one pattern;
    ``[[None, None], [None, "greedy"]]``: env i uses pattern ``i % k``). Self-play, policy against
    policy and snapshot pools in one batched loop: see :class:`KaisenMultiAgentVectorEnv`, and
    :func:`kaisen.policies.act` to answer a step with several policies."""
    return KaisenMultiAgentVectorEnv(game, num_envs, num_players=num_players, jvm_seats=jvm_seats,
                                     reward_mode=reward_mode, view=view, illegal_action=illegal_action, seed=seed,
                                     threads=threads, autoreset=autoreset, render_mode=render_mode,
                                     record_dir=record_dir, **options)


def sb3_vec_env(
    game: str = DEFAULT_GAME,
    *,
    num_envs: int,
    render_mode: str | None = None,
    **kwargs: Any,
) -> Any:
    """A Stable-Baselines3 ``VecEnv`` of ``num_envs`` single-learner envs of ``game``, all in one
    JVM on shared memory: :class:`kaisen.sb3.KaisenVecEnv` over :func:`vector_env` (other
    arguments as there). sb3-contrib's ``MaskablePPO`` learns from it as it is. Needs
    Stable-Baselines3 (the ``train`` extra), imported only here."""
    from .sb3 import KaisenVecEnv

    venv = vector_env(game, num_envs=num_envs, render_mode=render_mode, **kwargs)
    try:
        return KaisenVecEnv(venv)
    except BaseException:
        venv.close()
        raise


def __getattr__(name: str) -> Any:
    from ._deprecated import deprecated

    return deprecated(__name__, name)
