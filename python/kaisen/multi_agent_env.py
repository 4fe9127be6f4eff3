"""The multi-agent vector env: N games stepped by one call, the caller answering for every seat it
has not handed to a JVM agent (self-play, policy against policy, mixtures of opponents)."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector.utils import batch_space

from . import _batched, _common
from ._args import MAX_ENVS, MAX_THREADS, java_int
from ._batched import BatchedEnvCore
from .seeding import to_java_long
from .spaces import observation_box


#: The action that leaves an env as it is for one step (no move; its rewards and flags read 0).
SKIP = _common.SKIP


def seat_patterns(jvm_seats: Any, players: int) -> list[list[str | None]]:
    """``jvm_seats`` as a list of seat patterns: None (every seat answered by the caller), one
    pattern of ``players`` entries (None: the caller's seat; a name: that JVM agent), or a list of
    such patterns (env i uses pattern ``i % k``). Every pattern must leave the caller a seat."""
    if jvm_seats is None:
        return [[None] * players]
    if isinstance(jvm_seats, (str, bytes)) or not isinstance(jvm_seats, Sequence) or len(jvm_seats) == 0:
        raise ValueError(f"jvm_seats must be None, one list of {players} entries (None or an agent name) per "
                         f"seat, or a list of such lists, not {jvm_seats!r}")
    nested = all(isinstance(p, (list, tuple)) for p in jvm_seats)
    patterns = [list(p) for p in jvm_seats] if nested else [list(jvm_seats)]
    for k, pattern in enumerate(patterns):
        if len(pattern) != players or not all(e is None or (isinstance(e, str) and e) for e in pattern):
            raise ValueError(f"seat pattern {k} must have {players} entries, each None (a seat the caller "
                             f"answers) or an agent name, got {pattern!r}")
        if all(e is not None for e in pattern):
            raise ValueError(f"seat pattern {k} {pattern!r} gives every seat to a JVM agent: leave at least one "
                             f"seat (None) to the caller")
    return patterns


class KaisenMultiAgentVectorEnv(BatchedEnvCore):
    """N games of any registered game, stepped together through shared memory, where the caller
    answers for every seat not given to a JVM agent: self-play with Python policies, policy A
    against policy B, snapshot pools, and mixtures of Python seats and JVM agents across envs.

    ``jvm_seats``: None (every seat answered by the caller), one seat pattern (``[None, "greedy"]``:
    the caller plays seat 0, the JVM's ``greedy`` seat 1), or a list of patterns (env i uses
    ``jvm_seats[i % k]``, as the JVM trainer mixes opponents). Within a step the JVM agents play
    their moves after the caller's action, until a caller's seat must act again.

    After ``reset`` and every ``step``, each env waits on one of the caller's seats:
    ``observations`` ``float32[N, spec.observation_size]`` (that seat's view), ``infos["seat"]``
    ``int32[N]`` (which seat; -1 for a finished env when ``autoreset=False``) and
    ``infos["action_mask"]`` ``int8[N, spec.num_actions]`` (1 where legal; also
    :meth:`action_masks`). ``step(actions)`` takes one action per env, for the seat to act there,
    and returns ``(observations, rewards, terminated, truncated, infos)``, with ``rewards``
    ``float32[N, players]``: every seat's reward over that step (the caller's action and the agents'
    moves after it): ``reward_mode="terminal"`` pays each seat its zero-sum return (winners share
    +1, the others -1) at the step that ends the game, ``"score_difference"`` the change of the
    seat's score minus the others' mean. Add a seat's rewards up until its next turn to credit
    its last action. Observations, rewards, ``terminated`` and ``truncated`` are **views** on
    memory the next step overwrites (copy what you keep); the ``infos`` arrays are copies.

    It is not a Gymnasium ``VectorEnv`` (a step takes the action of each env's acting seat and
    returns every seat's rewards), but it has the batched ``observation_space`` and
    ``action_space`` (``MultiDiscrete``) of one, and the ``single_*`` ones.

    Autoreset (``autoreset=True``, Gymnasium's ``SAME_STEP`` mode): a game that ends at a step is
    reset within it; ``infos["final_obs"][i]`` holds every seat's last observation
    (``float32[players, observation_size]``; ``infos["_final_obs"]`` marks the envs) and
    ``infos["final_info"]`` the results (``scores`` ``int32[N, players]``, ``winners``
    ``bool[N, players]``, ``returns`` ``float32[N, players]`` (each seat's episode return),
    ``episode_length`` (decisions of all seats), ``forfeited_by`` (the seat that lost by an illegal
    action under ``illegal_action="lose"``, else -1), each with its ``_`` mask). With
    ``autoreset=False`` a finished env stays finished (its actions are ignored) until ``reset``.

    Game records: ``record_dir=DIR`` writes the record of every game that ends (every seat's
    decisions and every chance outcome, in the format ``kaisen selfplay --records`` writes) as one
    file in ``DIR``; its path is in ``infos["final_info"]["record_path"]`` (with ``_record_path``).
    Games started from a given state have none. Off by default, at no cost per step.

    Seeds: env i's k-th game after ``reset(seed=s)`` is dealt from
    ``derive_seed(derive_seed(s, i), k)``; its JVM agent at seat p from ``derive_seed(game seed, p + 1)``.
    ``reset(options={"states": [...]})`` starts env i from a position (a state's JSON, a dict or a
    :class:`kaisen.State`; None keeps the seeded deal), its JVM agents seeded from env i's seed
    when given, else ``derive_seed(seed, i)`` of an int ``seed``, else a fresh random seed; every
    state is tried on a copy first, so a refused one raises (naming its env) and no env is reset.
    ``states`` is the only option.

    An action of ``-1`` (:data:`SKIP`) leaves that env as it is for the step (no move; its rewards
    and flags read 0, its observation, mask and seat stay): step only the envs where a given
    policy is to act, as a self-play loop does to advance its opponents' turns.

    Actions are checked before anything is sent: shape ``(N,)``, integers, range, and
    (``illegal_action="raise"``) legality: an illegal one raises :class:`kaisen.IllegalActionError`
    naming the env, and nothing is stepped. :func:`kaisen.policies.act` answers a step with several
    Python policies, each called once on its rows.
    """

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        num_players: int | None = None,
        jvm_seats: Any = None,
        reward_mode: str = "terminal",
        view: str | None = None,
        illegal_action: str = "raise",
        seed: int | None = None,
        threads: int = 0,
        autoreset: bool = True,
        render_mode: str | None = None,
        record_dir: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        self.num_envs = java_int("num_envs", num_envs, 1, MAX_ENVS)
        threads = java_int("threads", threads, 0, MAX_THREADS, " (0: all cores but one)")
        self.render_mode = _common.check_render_mode(render_mode, self.metadata["render_modes"])
        self.autoreset = bool(autoreset)
        base = to_java_long(seed) if seed is not None else secrets.randbits(63)
        self._resource = _common.JavaResource()
        try:
            s = _common.settings(self._resource.jvm, game, num_players, options, reward_mode, view,
                                 illegal_action)
            self.patterns = seat_patterns(jvm_seats, s.players)
        except BaseException:
            self._resource.close()
            raise
        self.game, self.num_players, self.spec_info = s.game, s.players, s.spec
        self.reward_mode, self.view, self.illegal_action = s.reward_mode, s.view, s.illegal_action
        b = self._open_batch(
            self._resource.jvm.entry.newMultiAgentVectorEnv, s.game, record_dir, s.game, s.config, self.num_envs,
            json.dumps(self.patterns), s.reward_mode, s.view, s.illegal_action, base, int(threads), self.autoreset,
        )
        self._seat = b["seat"]
        self._final_returns = b["final_returns"]
        #: ``bool[N, players]``: the seats the caller answers in each env (the others are JVM agents)
        self.external = np.array([[e is None for e in self.patterns[i % len(self.patterns)]]
                                  for i in range(self.num_envs)], dtype=np.bool_)
        self._started = False
        self.single_observation_space = observation_box(self.spec_info)
        self.single_action_space = gym.spaces.Discrete(self.spec_info.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gym.spaces.MultiDiscrete(np.full(self.num_envs, self.spec_info.num_actions))

    def reset(self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None):
        """Starts a new game in every env (``seed``: one base seed, or one seed or None per env);
        ``options={"states": [...]}`` starts env i from a position (see the class docstring).
        Returns ``(observations, infos)`` with ``infos["seat"]`` and ``infos["action_mask"]``."""
        _batched.reset_batch(self._resource, self.num_envs, self.game, seed, options,
                            self._from_state)
        self._started = True
        return self._obs, self._infos()

    def step(self, actions: Any):
        """One action per env for the seat to act there; see the class docstring for what returns."""
        self._resource.ensure_open()
        if not self._started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        live = (self._seat >= 0) & (a != SKIP) if a.shape == (self.num_envs,) else None
        return self._send(self._checked_actions(a, live, self._seat))

    def _infos(self) -> dict[str, Any]:
        return {"seat": self._seat.copy(), "_seat": self._all.copy(),
                "action_mask": self._masks.copy(), "_action_mask": self._all.copy()}

    def _final_infos(self, done: np.ndarray) -> dict[str, Any]:
        final_obs = np.empty(self.num_envs, dtype=object)
        for i in np.flatnonzero(done).tolist():
            final_obs[i] = self._final_obs[i].copy()
        final: dict[str, Any] = {
            "scores": self._final_scores.copy(),
            "winners": (self._final_winners[:, None] & self._seat_bits) != 0,
            "returns": self._final_returns.copy(),
            "episode_length": self._episode_length.copy(),
            "forfeited_by": self._final_forfeited.copy(),
        }
        final.update({"_" + key: done.copy() for key in list(final)})
        self._record_paths(final, done)
        return {"final_obs": final_obs, "_final_obs": done.copy(), "final_info": final, "_final_info": done.copy()}

    def render(self):
        """``render_mode="ansi"``: every env's board as text (a tuple)."""
        if self.render_mode != "ansi":
            gym.logger.warn("render() needs render_mode='ansi' at creation")
            return None
        return tuple(self._resource.call("render", i) for i in range(self.num_envs))

    def close(self) -> None:
        self._resource.close()

    def __enter__(self) -> KaisenMultiAgentVectorEnv:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
