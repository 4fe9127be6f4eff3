"""Optional normalisation of observations by the bounds the game declares.

Every observation segment declares the finite range of its values (``Spec.low``, ``Spec.high``,
per segment ``Segment.low`` / ``high``). :meth:`Spec.normalize` maps an observation to
``[0, 1]`` (or ``[-1, 1]``) by them; the wrappers here apply it to an env's observations and
declare the matching ``Box``:

- :class:`NormalizeObservation` for a Gymnasium env (``kaisen.make``),
- :class:`NormalizeVectorObservation` for the vector env (``kaisen.make_vec``); ``final_obs``
  in the infos is normalised too,
- :class:`NormalizeAECObservation` for the PettingZoo AEC env (``kaisen.aec_env``); the action
  mask is left as it is.

:func:`normalize_observations` picks the right one. Nothing is learned from data: the scales
are the game's, the same in every process and checkpoint.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.spaces import Box
from gymnasium.vector import VectorEnv, VectorWrapper
from pettingzoo.utils.wrappers import BaseWrapper

from .spec import Spec


def _spec(env: Any) -> Spec:
    inner = getattr(env, "unwrapped", env)
    spec = getattr(inner, "spec_info", None)
    if not isinstance(spec, Spec):
        raise TypeError(f"{type(env).__name__} is not a kaisen env (it has no spec_info)")
    return spec


def _box(spec: Spec, signed: bool) -> Box:
    return Box(-1.0 if signed else 0.0, 1.0, (spec.observation_size,), spec.observation_dtype)


class NormalizeObservation(gym.ObservationWrapper):
    """A kaisen Gymnasium env whose observations are ``spec.normalize(obs)``: in ``[0, 1]``
    (``signed=True``: ``[-1, 1]``) by the game's declared bounds."""

    def __init__(self, env: gym.Env, *, signed: bool = False) -> None:
        super().__init__(env)
        self.spec_info = _spec(env)
        self.signed = signed
        self.observation_space = _box(self.spec_info, signed)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        return self.spec_info.normalize(observation, signed=self.signed)

    def action_masks(self) -> np.ndarray:
        """The wrapped env's legal-action mask (what sb3-contrib's MaskablePPO asks for)."""
        return self.env.get_wrapper_attr("action_masks")()


class NormalizeVectorObservation(VectorWrapper):
    """The kaisen vector env with every observation (and ``infos["final_obs"]``) normalised by the
    game's declared bounds, as :class:`NormalizeObservation`. (Gymnasium's
    ``VectorObservationWrapper`` refuses same-step auto-reset, which this env uses.)"""

    def __init__(self, env: VectorEnv, *, signed: bool = False) -> None:
        super().__init__(env)
        self.spec_info = _spec(env)
        self.signed = signed
        self.single_observation_space = _box(self.spec_info, signed)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, env.num_envs)

    def _normalize(self, observations: np.ndarray) -> np.ndarray:
        return self.spec_info.normalize(observations, signed=self.signed)

    def reset(self, *, seed: Any = None, options: dict[str, Any] | None = None):
        obs, infos = self.env.reset(seed=seed, options=options)
        return self._normalize(obs), infos

    def step(self, actions: Any):
        obs, rewards, terminated, truncated, infos = self.env.step(actions)
        if "final_obs" in infos:
            final = infos["final_obs"].copy()
            for i in np.flatnonzero(infos["_final_obs"]):
                final[i] = self._normalize(final[i])
            infos = {**infos, "final_obs": final}
        return self._normalize(obs), rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The wrapped vector env's legal-action masks, one row per env."""
        return self.env.action_masks()


class NormalizeAECObservation(BaseWrapper):
    """The kaisen AEC env with ``observe(agent)["observation"]`` normalised by the game's declared
    bounds (the ``action_mask`` unchanged), and observation spaces to match."""

    def __init__(self, env: Any, *, signed: bool = False) -> None:
        super().__init__(env)
        self.spec_info = _spec(env)
        self.signed = signed
        box = _box(self.spec_info, signed)
        self._spaces = {}
        for agent in env.possible_agents:
            space = env.observation_space(agent)
            self._spaces[agent] = gym.spaces.Dict({**space.spaces, "observation": box})

    def observation_space(self, agent: str) -> gym.spaces.Space:
        return self._spaces[agent]

    def observe(self, agent: str) -> Any:
        obs = super().observe(agent)
        if obs is None:
            return None
        return {**obs, "observation": self.spec_info.normalize(obs["observation"], signed=self.signed)}


def normalize_observations(env: Any, *, signed: bool = False) -> Any:
    """``env`` (a kaisen Gymnasium, vector or AEC env) wrapped so its observations are normalised
    by the game's declared bounds to ``[0, 1]`` (``signed=True``: ``[-1, 1]``)."""
    if isinstance(env, VectorEnv):
        return NormalizeVectorObservation(env, signed=signed)
    if isinstance(env, gym.Env):
        return NormalizeObservation(env, signed=signed)
    if hasattr(env, "possible_agents") and hasattr(env, "observe"):
        return NormalizeAECObservation(env, signed=signed)
    raise TypeError(f"cannot normalise the observations of {type(env).__name__}: expected a kaisen env")
