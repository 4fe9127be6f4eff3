"""Stable-Baselines3's ``VecEnv`` over the shared-memory vector env: N games in one JVM.

SB3's own ``make_vec_env(kaisen.gym_id(game), n_envs=N)`` works too, but it makes N single
envs (``DummyVecEnv``: stepped one by one; ``SubprocVecEnv``: N processes, each with its own
JVM). :class:`KaisenVecEnv` instead puts SB3's ``VecEnv`` interface on one
:class:`kaisen.KaisenVectorEnv`: one JVM, one batched step per call, the opponents played in
Java. ``kaisen.sb3_vec_env(game, num_envs=N, ...)`` makes one; sb3-contrib's ``MaskablePPO``
learns from it as it is (``get_action_masks(env)`` calls ``env.env_method("action_masks")``).

This module imports Stable-Baselines3, which ``import kaisen`` does not: install the ``train``
extra (``pip install -e "python[train]"`` from a checkout, or a ``kaisen_rl`` wheel with
``[train]``; the package index's ``kaisen`` is an unrelated project) to use it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices, VecEnvStepReturn

from .vector_env import KaisenVectorEnv

#: Attributes of the one vector env that each of its envs shares, and the name SB3 asks them by.
_SHARED = {"observation_space": "single_observation_space", "action_space": "single_action_space"}
#: Methods SB3 (or a user) may call per env through ``env_method``, and what answers them.
_PER_ENV = ("action_masks", "legal_actions", "render", "state_json", "board")


class KaisenVecEnv(VecEnv):
    """SB3's ``VecEnv`` API over a :class:`kaisen.KaisenVectorEnv` (``venv``), which it owns and closes.

    - Rewards are the vector env's (``reward_mode``, each env's learner's; see
      :class:`kaisen.KaisenVectorEnv`): ``terminal`` (default) 0 until the episode's last step,
      then +1/k for one of k winners, -1/(n-k) otherwise; ``score_difference`` the step's change
      of (learner's score - mean of the others'); -1 for a forfeit under ``illegal_action="lose"``.
    - ``reset()`` returns the first observations (a copy: SB3 keeps them across a step) and
      fills ``reset_infos`` (``learner_seat``). Seeds given by ``seed(s)`` (env i gets ``s + i``,
      as SB3's own VecEnvs do) and options given by ``set_options`` (``{"state": s}`` per env:
      start env i from that position; any other key is a ValueError) apply to the next reset
      only; a reset without them continues each env's seed stream (see the vector env).
    - ``step`` follows SB3's conventions: ``dones = terminated | truncated``; an env whose
      episode ends is reset at once (SB3's autoreset), its last observation in
      ``infos[i]["terminal_observation"]``; see :meth:`step` for every info key.
    - ``env_method("action_masks")``: each env's legal actions (the vector env's mask rows),
      which is what sb3-contrib's ``MaskablePPO`` asks for; also ``legal_actions``,
      ``render``, ``state_json`` and ``board``.
    - ``get_attr``: the vector env's attributes, one per env (``observation_space`` and
      ``action_space`` are the single env's); ``set_attr`` sets one on the shared vector env,
      so it must name every env. ``env_is_wrapped`` is False: there are no per-env wrappers.
    - ``render_mode="rgb_array"``: ``get_images()`` gives each env's board, one size for all,
      and ``render()`` tiles them (SB3's ``VecVideoRecorder`` records that).
    - Records: ``kaisen.sb3_vec_env(..., record_dir=DIR)`` writes each finished episode's game
      record (see :class:`kaisen.KaisenVectorEnv`), its path in that env's final info.
    """

    def __init__(self, venv: KaisenVectorEnv) -> None:
        if not isinstance(venv, KaisenVectorEnv):
            raise TypeError(f"KaisenVecEnv wraps a kaisen.KaisenVectorEnv, not {type(venv).__name__}")
        self.venv = venv
        self._actions: np.ndarray | None = None
        self._started_at = time.time()
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)
        if venv.render_mode is not None:
            self.metadata = {**self.metadata, "render_fps": venv.metadata.get("render_fps", 4)}

    # -- reset and step ------------------------------------------------------------------------

    def reset(self) -> np.ndarray:
        """Starts a new episode in every env; returns the first observations,
        ``float32[num_envs, spec.observation_size]`` (a copy).

        Seeds from ``seed(s)`` (env i: ``s + i``) and options from ``set_options`` apply to this
        reset and are then forgotten; the only option is ``"state"`` (a state's JSON, a dict or a
        :class:`kaisen.State`: env i starts from that position, its opponents moving until the
        learner's turn); another key is a ValueError. Without seeds each env's next episode of
        its seed stream is dealt.

        ``reset_infos[i]`` keys: ``learner_seat`` (int), env i's learner seat."""
        seeds = None if all(s is None for s in self._seeds) else list(self._seeds)
        states = [o.get("state") for o in self._options] if any(self._options) else None
        for o in self._options:
            unknown = [k for k in o if k != "state"]
            if unknown:
                self._reset_options()
                raise ValueError(f"unknown reset option(s) {unknown}; the only one is 'state' (a position to start from)")
        obs, info = self.venv.reset(seed=seeds, options={"states": states} if states is not None else None)
        self.reset_infos = [{"learner_seat": int(s)} for s in info["learner_seat"]]
        self._reset_seeds()
        self._reset_options()
        return np.array(obs)

    def step(self, actions: np.ndarray) -> VecEnvStepReturn:
        """One learner decision per env (``actions``: one action id per env), each followed by
        its opponents' replies; returns ``(observations, rewards, dones, infos)`` as SB3 does:
        ``float32[num_envs, obs]``, ``float32[num_envs]`` (see the class doc), ``bool[num_envs]``
        (``terminated | truncated``) and a list of one dict per env. An env whose episode ended
        is reset within the step: its observation is the new episode's first.

        ``infos[i]`` keys at every step:

        - ``learner_seat`` (int): env i's learner seat (the new episode's after a reset).

        and where ``dones[i]``, the finished episode's:

        - ``terminal_observation`` (``float32[obs]``): its last observation (SB3's key).
        - ``TimeLimit.truncated`` (bool): it stopped at the game's cap on decisions, not at its end.
        - ``scores`` (list of int by seat), ``winners`` (list of seats), ``won`` (bool: the learner
          won), ``learner_seat`` (its learner seat), ``forfeited`` (bool: it ended by the
          learner's illegal action under ``illegal_action="lose"``).
        - ``episode``: ``{"r": return, "l": learner decisions, "t": seconds since creation}``, the
          entry SB3's ``Monitor``/``VecMonitor`` add, so SB3 logs ``ep_rew_mean`` without a wrapper.
        - ``record_path`` (str): only with ``record_dir``, the file its game record was written to."""
        return super().step(actions)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs).astype(np.int64, copy=False)

    def step_wait(self) -> VecEnvStepReturn:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        actions, self._actions = self._actions, None
        obs, rewards, terminated, truncated, info = self.venv.step(actions)
        dones = terminated | truncated
        seats = info["learner_seat"]
        infos: list[dict[str, Any]] = [{"learner_seat": int(seats[i])} for i in range(self.num_envs)]
        if dones.any():
            final, final_obs = info["final_info"], info["final_obs"]
            elapsed = round(time.time() - self._started_at, 6)
            for i in np.flatnonzero(dones).tolist():
                ret = float(final["episode_return"][i])
                infos[i].update({
                    "terminal_observation": final_obs[i],
                    "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                    "scores": final["scores"][i].tolist(),
                    "winners": np.flatnonzero(final["winners"][i]).tolist(),
                    "won": bool(final["won"][i]),
                    "learner_seat": int(final["learner_seat"][i]),
                    "forfeited": bool(final["forfeited"][i]),
                    "episode": {"r": round(ret, 6), "l": int(final["episode_length"][i]), "t": elapsed},
                })
                if "record_path" in final and final["_record_path"][i]:
                    infos[i]["record_path"] = final["record_path"][i]
                self.reset_infos[i] = {"learner_seat": int(seats[i])}
        return np.array(obs), np.array(rewards, dtype=np.float32), dones.copy(), infos

    def render(self, mode: str | None = None) -> np.ndarray | None:
        """The boards in the env's ``render_mode`` (``mode``, if given, must be that one, as SB3
        requires): ``rgb_array``, every env's board tiled into one image ``uint8[H, W, 3]``;
        ``human``, every env's text board printed (returns None); ``ansi``, each env's ``render``
        is called and None returned (``env_method("render")`` gives the texts). No render mode: a
        warning and None."""
        return super().render(mode)

    def close(self) -> None:
        self.venv.close()

    # -- per-env access --------------------------------------------------------------------------

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        out = [int(i) for i in self._get_indices(indices)]
        for i in out:
            if not 0 <= i < self.num_envs:
                raise IndexError(f"env index {i} is out of range 0..{self.num_envs - 1}")
        return out

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        value = getattr(self.venv, _SHARED.get(attr_name, attr_name))
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        if sorted(self._indices(indices)) != list(range(self.num_envs)):
            raise ValueError(f"the {self.num_envs} envs share one vector env, so set_attr({attr_name!r}) must name "
                             "all of them (indices=None)")
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [np.array(masks[i]) for i in rows]
        if method_name == "legal_actions":
            masks = self.venv.action_masks()
            return [[int(a) for a in np.flatnonzero(masks[i])] for i in rows]
        if method_name == "render":
            return [self.venv.render_env(i) for i in rows]
        if method_name in ("state_json", "board"):
            method = getattr(self.venv, method_name)
            return [method(i, *method_args, **method_kwargs) for i in rows]
        raise AttributeError(f"env_method({method_name!r}): the envs of a KaisenVecEnv answer "
                             f"{', '.join(_PER_ENV)} (per env); other attributes through get_attr")

    def has_attr(self, attr_name: str) -> bool:
        return attr_name in _PER_ENV or hasattr(self.venv, _SHARED.get(attr_name, attr_name))

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper], indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        if self.render_mode != "rgb_array":
            import warnings

            warnings.warn(f"get_images() needs render_mode='rgb_array', not {self.render_mode!r}", stacklevel=2)
            return [None for _ in range(self.num_envs)]
        return list(self.venv.render())

    def action_masks(self) -> np.ndarray:
        """Every env's legal actions, ``[num_envs, num_actions]`` (a copy of the vector env's masks)."""
        return np.array(self.venv.action_masks())
