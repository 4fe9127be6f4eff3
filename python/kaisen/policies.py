"""Python policies as Kaisen takes them everywhere (``kaisen.evaluate``, the multi-agent vector env,
self-play loops), and the batched call of several policies over the rows of one step.

A policy is any of

- a callable ``policy(observation, mask) -> action`` on one observation
  (``float32[spec.observation_size]``) and its mask (``int8[spec.num_actions]``, 1 where legal);
- such a callable with ``policy.batched = True``: it gets ``float32[B, observation_size]`` and
  ``int8[B, num_actions]`` and returns ``B`` actions;
- a Stable-Baselines3 / sb3-contrib model, or anything with ``predict(observation,
  deterministic=...)``: it is called batched and deterministically, with ``action_masks=`` (the
  masks as bools) where its ``predict`` takes them (sb3-contrib's MaskablePPO); a model without
  masks (SB3's PPO) must still choose legal actions, or :func:`act` says which one it did not;
- (where the caller allows it) an agent name the JVM knows, such as ``"greedy"``: a string,
  played inside the JVM, never called from Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import inspect

import numpy as np

BatchedPolicy = Callable[[np.ndarray, np.ndarray], np.ndarray]


def is_model(policy: Any) -> bool:
    """Whether ``policy`` is an SB3-style model: not callable itself, with a ``predict`` method."""
    return not isinstance(policy, str) and not callable(policy) and callable(getattr(policy, "predict", None))


def label(policy: Any) -> str:
    """A readable name: the agent name, ``policy.name``, a function's name, or the class name."""
    if isinstance(policy, str):
        return policy
    return getattr(policy, "name", None) or getattr(policy, "__name__", None) or type(policy).__name__


def check(policy: Any, what: str = "policy", names: bool = True) -> None:
    """A clear TypeError for something that is not a policy (or, with ``names``, an agent name)."""
    if isinstance(policy, str):
        if names and policy:
            return
        raise TypeError(f"{what} {policy!r}: an agent name is not allowed here; give a Python policy")
    if is_model(policy) or callable(policy):
        return
    raise TypeError(f"{what} must be a callable (observation, mask) -> action, an SB3 model (with "
                    f"predict(obs, action_masks=...))" + (" or an agent name" if names else "")
                    + f", not {type(policy).__name__}")


def batched(policy: Any) -> BatchedPolicy:
    """``policy`` as a batched callable ``f(obs[B, O], masks[B, A]) -> actions[B]`` (a batched
    callable as it is; a model through ``predict``; a per-observation callable row by row)."""
    if isinstance(policy, str):
        raise TypeError(f"agent {policy!r} plays inside the JVM; it has no Python call")
    if is_model(policy):
        try:
            masked = "action_masks" in inspect.signature(policy.predict).parameters
        except (TypeError, ValueError):
            masked = True

        def model_call(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
            if masked:
                actions, _ = policy.predict(obs, action_masks=masks.astype(bool), deterministic=True)
            else:
                actions, _ = policy.predict(obs, deterministic=True)
            return np.asarray(actions).reshape(-1)
        return model_call
    if getattr(policy, "batched", False):
        return policy
    return _per_row(policy)


def _per_row(policy: Callable[..., Any]) -> BatchedPolicy:
    def call(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        # as returned: act() checks that they are integers (an integral float is accepted, 2.5 is not)
        return np.asarray([np.asarray(policy(obs[k], masks[k])).reshape(()) for k in range(len(obs))])
    return call


def act(policies: Sequence[Any], owner: np.ndarray, obs: np.ndarray, masks: np.ndarray,
        out: np.ndarray | None = None, labels: Sequence[str] | None = None) -> np.ndarray:
    """The actions of one step: row ``i`` is answered by ``policies[owner[i]]`` (rows whose owner is
    negative are left as they are in ``out``). Each policy is called once, on its rows only (batched;
    see :func:`batched`), and what it returns is checked: one integer action per row, each legal
    by ``masks``; otherwise a ValueError naming the policy and the row."""
    if out is None:
        out = np.zeros(len(owner), dtype=np.int64)
    for k in np.unique(owner[owner >= 0]).tolist():
        rows = np.flatnonzero(owner == k)
        chosen = np.asarray(batched(policies[k])(obs[rows], masks[rows]))
        name = labels[k] if labels is not None else label(policies[k])
        if chosen.shape != (len(rows),):
            raise ValueError(f"policy {name!r} must return {len(rows)} actions for {len(rows)} observations, "
                             f"got shape {chosen.shape}")
        if not np.issubdtype(chosen.dtype, np.integer):
            if np.issubdtype(chosen.dtype, np.floating) and np.all(chosen == np.round(chosen)):
                chosen = chosen.astype(np.int64)
            else:
                raise ValueError(f"policy {name!r} must return integer actions, got dtype {chosen.dtype}")
        n = masks.shape[1]
        inside = (chosen >= 0) & (chosen < n)
        legal = inside.copy()
        legal[inside] = masks[rows[inside], chosen[inside]] != 0
        if not legal.all():
            j = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"policy {name!r} chose illegal action {int(chosen[j])} in row {int(rows[j])} "
                             f"(legal: {np.flatnonzero(masks[rows[j]]).tolist()})")
        out[rows] = chosen
    return out
