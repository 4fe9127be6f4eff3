"""The Gymnasium VectorEnv over the Java vectorized env and its shared-memory buffers."""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _batched, _common
from ._args import MAX_ENVS, MAX_THREADS, java_int
from ._batched import BatchedEnvCore
from .render import Board, FrameCanvas, render, renderer_for
from .seeding import to_java_long
from .spaces import LegalMultiDiscrete, observation_box

#: The action that leaves an env as it is for one step (no move; its rewards and flags read 0).
SKIP = _common.SKIP


class KaisenVectorEnv(BatchedEnvCore, VectorEnv):
    """N single-learner envs of any registered game, stepped together through shared memory
    (no Py4J call per step; see ``kaisen._channel``). Each env is a :class:`kaisen.KaisenEnv`'s
    game: one learner (``learner_seat``, None: drawn each episode) against ``opponents`` played in
    the JVM, each step one learner decision and the opponents' replies.

    ``reset`` and ``step`` return numpy **views** on memory the JVM writes: observations
    ``float32[N, spec.observation_size]``, rewards ``float32[N]``, terminations and truncations
    ``bool[N]``. The next ``step`` overwrites them in place; copy what you keep.
    :meth:`action_masks` is an ``int8[N, spec.num_actions]`` view of the legal actions (1 legal, 0
    not), also in ``infos["action_mask"]`` (a copy) after every reset and step. Sizes
    come from the game's spec (:attr:`spec_info`).

    Rewards (``reward_mode``), each env's learner's, as in :class:`kaisen.KaisenEnv`:
    ``terminal`` (default) is 0 until the step that ends the episode, then +1/k for one of k
    winners, -1/(n-k) otherwise (0 when every seat wins); ``score_difference`` is the step's change
    of (learner's score - mean of the other seats' scores), the opponents' replies included; a
    forfeit (``illegal_action="lose"``) is -1.

    Autoreset is Gymnasium's ``SAME_STEP`` mode: an env whose episode ends at a step is reset
    within that step; the returned observation is the new episode's first, the last one is
    in ``infos["final_obs"][i]`` (``infos["_final_obs"]`` marks which), and the episode's
    results in ``infos["final_info"]`` (see :meth:`step`). The reward, termination and truncation
    of that env at that step are the finished episode's.

    Seeds: env i's k-th episode after ``reset(seed=s)`` is dealt from
    ``kaisen.derive_seed(kaisen.derive_seed(s, i), k)`` (k = 0 for the reset's, then one more per
    auto-reset); ``seed=`` at creation is the base seed until a reset gives one (None: a random
    one). ``reset()`` without a seed starts each env's next episode of the same streams.

    An action of ``-1`` (:data:`SKIP`) leaves that env as it is for the step (no move; its reward
    and flags read 0, its observation, mask and learner seat stay; its seed stream is unchanged):
    a wrapper holds an auto-reset env back one step with it, to give Gymnasium's ``NEXT_STEP``
    order (as ``kaisen.rllib`` does).

    Actions are checked before anything is sent: shape ``(N,)``, integer dtype, range, and
    (``illegal_action="raise"``, the default) legality: an illegal one raises
    :class:`kaisen.IllegalActionError` naming the env, and no env is stepped. With
    ``illegal_action="lose"`` an illegal action ends that env's episode as a loss (reward -1) and
    the env auto-resets.

    ``render()`` gives every env's board, one per env in a tuple: ``ansi`` the text boards
    (as ``print(env.board(i))``), ``rgb_array`` images ``uint8[H, W, 3]`` all of one size;
    ``human`` prints the text boards and returns None. :meth:`board` is env i's board.

    Game records: ``record_dir=DIR`` writes the record of every episode that ends (every seat's
    decisions, the opponents' included, and every chance outcome; the format ``kaisen selfplay
    --records`` writes and ``kaisen replay FILE`` checks) as one file in ``DIR``, fetched within
    the step that ends it (before the auto-reset's episode could replace it); its path is in
    ``infos["final_info"]["record_path"]``. Episodes cut short by a reset, and those started from
    a given state (``options={"states": ...}``: a record starts from a seeded deal), have none.
    Off by default: then the JVM records nothing and a step costs nothing more.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi", "human", "rgb_array"],
                "render_fps": 4}

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        learner_seat: int | None = None,
        reward_mode: str = "terminal",
        view: str | None = None,
        illegal_action: str = "raise",
        seed: int | None = None,
        threads: int = 0,
        render_mode: str | None = None,
        record_dir: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        self.num_envs = java_int("num_envs", num_envs, 1, MAX_ENVS)
        self.render_mode = _common.check_render_mode(render_mode, self.metadata["render_modes"])
        threads = java_int("threads", threads, 0, MAX_THREADS, " (0: all cores but one)")
        # checked before the JVM is acquired, so that a bad argument holds nothing
        base = to_java_long(seed) if seed is not None else secrets.randbits(63)
        self._resource = _common.JavaResource()
        try:
            s = _common.settings(self._resource.jvm, game, num_players, options, reward_mode, view,
                                 illegal_action)
            opponents_csv = _common.opponents_csv(opponents, s.players)
            seat = _common.learner_seat_arg(learner_seat, s.players)
        except BaseException:
            self._resource.close()
            raise
        self.game, self.num_players, self.spec_info = s.game, s.players, s.spec
        self.reward_mode, self.view, self.illegal_action = s.reward_mode, s.view, s.illegal_action
        b = self._open_batch(
            self._resource.jvm.entry.newVectorEnv, s.game, record_dir, s.game, s.config, self.num_envs, seat,
            opponents_csv, s.reward_mode, s.view, s.illegal_action, base, int(threads), True,
        )
        self._seat = b["learner_seat"]
        self._final_seat = b["final_learner_seat"]
        self._episode_return = b["episode_return"]
        self._started = False
        self._canvas = FrameCanvas()  # one for every env: their frames are one size
        self.single_observation_space = observation_box(self.spec_info)
        self.single_action_space = gym.spaces.Discrete(self.spec_info.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = LegalMultiDiscrete(self.num_envs, self.spec_info.num_actions, self.action_masks)

    def reset(self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None):
        """Starts a new episode in every env (an unfinished one is dropped) and returns
        ``(observations, infos)``, the observations a view (see the class doc).

        ``seed``: None, each env's next episode of its seed stream; an int ``s``, a new base seed
        (env i's episode k is then dealt from ``derive_seed(derive_seed(s, i), k)``, k from 0); a
        sequence of one seed per env, env i dealt from its own seed (None: its stream's next
        episode; its later auto-resets stay on its stream).

        ``options``: None, or ``{"states": [s or None, ...]}`` (one per env: a state's JSON, a dict
        or a :class:`kaisen.State`): env i then starts from its state: the opponents play from it
        until it is the learner's turn (seeded from env i's seed when given, else from
        ``derive_seed(seed, i)`` of an int ``seed``, else from a fresh random seed). Every state is
        tried on a copy first: a refused one raises a ValueError naming its env, and no env is
        reset. ``states`` is the only option (any other key is a ValueError).

        ``infos`` keys (each with its ``_`` mask, all True):

        - ``learner_seat`` (``int32[N]``): each env's learner seat this episode.
        - ``action_mask`` (``int8[N, spec.num_actions]``, a copy): the legal actions now."""
        _batched.reset_batch(self._resource, self.num_envs, self.game, seed, options,
                            self._from_state)
        self._started = True
        return self._obs, self._infos()

    def step(self, actions: Any):
        """One learner decision in every env (``actions``: ``int[N]``, one action id per env),
        each followed by its opponents' replies; returns ``(observations, rewards, terminations,
        truncations, infos)``, views on the shared buffers (see the class doc). An env whose
        episode ends is auto-reset within this step (Gymnasium's ``SAME_STEP`` mode): its
        observation is then the new episode's first, its reward and flags the finished one's.

        ``infos`` keys at every step (each with its ``_`` mask, all True):

        - ``learner_seat`` (``int32[N]``): each env's learner seat (the new episode's after a reset).
        - ``action_mask`` (``int8[N, spec.num_actions]``, a copy): the legal actions now.

        and, at a step where some episode ends (``done = terminations | truncations``):

        - ``final_obs`` (object array of N): the finished episode's last observation for env i where
          ``done[i]``, None elsewhere; ``_final_obs`` (``bool[N]``) = ``done``.
        - ``final_info`` (dict) and ``_final_info`` (``bool[N]``) = ``done``. ``final_info`` holds,
          each as an array over the N envs (meaningful where ``done``) with its ``_`` mask
          (``_scores``, ``_winners``, ... = ``done``):

          - ``scores`` (``int32[N, players]``): every seat's final score;
          - ``winners`` (``bool[N, players]``): the winning seats;
          - ``won`` (``bool[N]``): the learner won;
          - ``learner_seat`` (``int32[N]``): the finished episode's learner seat;
          - ``episode_return`` (``float32[N]``): the learner's rewards summed over the episode;
          - ``episode_length`` (``int32[N]``): the learner's decisions in it;
          - ``forfeited`` (``bool[N]``): it ended by the learner's illegal action
            (``illegal_action="lose"``);
          - ``record_path`` (object array of ``str`` or None), only with ``record_dir``: the file
            the episode's record was written to; ``_record_path`` marks the envs that wrote one
            (not those whose episode started from a given state).

        ``-1`` (:data:`SKIP`) for env i leaves it as it is (see the class doc).

        Raises before anything is sent (no env stepped) for a bad shape, dtype or range, or, under
        ``illegal_action="raise"``, an illegal action (:class:`kaisen.IllegalActionError`)."""
        self._resource.ensure_open()
        if not self._started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        live = a != SKIP if a.shape == (self.num_envs,) else None
        return self._send(self._checked_actions(a, live))

    def _infos(self) -> dict[str, Any]:
        """The infos of every step and reset: each env's learner seat and legal actions (copies)."""
        return {"learner_seat": self._seat.copy(), "_learner_seat": self._all.copy(),
                "action_mask": self._masks.copy(), "_action_mask": self._all.copy()}

    def _final_infos(self, done: np.ndarray) -> dict[str, Any]:
        """Gymnasium's ``final_obs``/``final_info`` entries for the envs whose episode just ended."""
        final_obs = np.empty(self.num_envs, dtype=object)  # per-env rows (None elsewhere), as Gymnasium's vector envs give
        for i in np.flatnonzero(done).tolist():
            final_obs[i] = self._final_obs[i].copy()
        winners = (self._final_winners[:, None] & self._seat_bits) != 0
        seat = self._final_seat.copy()
        mark = done.copy()
        final: dict[str, Any] = {
            "scores": self._final_scores.copy(),
            "winners": winners,
            "won": ((self._final_winners >> seat) & 1).astype(np.bool_),
            "learner_seat": seat,
            "episode_return": self._episode_return.copy(),
            "episode_length": self._episode_length.copy(),
            "forfeited": self._final_forfeited.astype(np.bool_),
        }
        final.update({"_" + key: done.copy() for key in list(final)})  # one each: wrappers set them in place
        self._record_paths(final, done)
        return {"final_obs": final_obs, "_final_obs": mark, "final_info": final, "_final_info": done.copy()}

    def action_masks(self) -> np.ndarray:
        """Legal actions of every env's learner, ``int8[N, spec.num_actions]``, 1 where legal (a view)."""
        self._resource.ensure_open()
        return self._masks

    def render(self):
        """Every env's board now, one per env in a tuple: ``ansi``, the text boards; ``rgb_array``,
        images ``uint8[H, W, 3]`` all of one size; ``human``, the text boards printed (returns
        None); no render mode, a warning and a tuple of None."""
        if self.render_mode == "human":
            for i in range(self.num_envs):
                print(f"env {i}:", flush=True)
                render("human", lambda i=i: self.board(i), self._canvas)
            return None
        return tuple(self.render_env(i) for i in range(self.num_envs))

    def render_env(self, i: int) -> Any:
        """Env i's board in the ``render_mode`` (``human``: printed, None returned)."""
        return render(self.render_mode, lambda: self.board(i), self._canvas)

    def board(self, i: int, observer: int | None = None) -> Board:
        """Env i's board now (as :meth:`kaisen.KaisenEnv.board`)."""
        i = int(i)
        if not 0 <= i < self.num_envs:
            raise IndexError(f"env index {i} is out of range 0..{self.num_envs - 1}")
        text = None if renderer_for(self.game) is not None else self._resource.call("render", i)
        return Board(self.state_json(i), observer, game=self.game, text=text)

    def close_extras(self, **kwargs: Any) -> None:
        resource = getattr(self, "_resource", None)  # None: __init__ failed before it (Gymnasium's __del__ closes)
        if resource is not None:
            resource.close()
