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


def batched(policy: Any, name: str | None = None) -> BatchedPolicy:
    """``policy`` as a batched callable ``f(obs[B, O], masks[B, A]) -> actions[B]`` (a batched
    callable as it is; a model through ``predict``; a per-observation callable row by row, its
    answers checked to be one value each: ``name`` names it in that error, else :func:`label`)."""
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
    return _per_row(policy, label(policy) if name is None else name)


def _per_row(policy: Callable[..., Any], name: str) -> BatchedPolicy:
    def call(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        # as returned: act() checks that they are integers (an integral float is accepted, 2.5 is not)
        out = []
        for k in range(len(obs)):
            got = policy(obs[k], masks[k])
            a = np.asarray(got)
            if a.size != 1:
                shown = repr(got)
                shown = shown if len(shown) <= 80 else f"{shown[:77]}..."
                raise ValueError(f"policy {name!r} returned {shown} ({a.size} values) for one observation; it must "
                                 "return one integer action (a policy answering a whole batch sets "
                                 "policy.batched = True)")
            out.append(a.reshape(()))
        return np.asarray(out)
    return call


def act(policies: Sequence[Any], owner: np.ndarray, obs: np.ndarray, masks: np.ndarray,
        out: np.ndarray | None = None, labels: Sequence[str] | None = None) -> np.ndarray:
    """The actions of one step: row ``i`` is answered by ``policies[owner[i]]`` (rows whose owner is
    negative are left as they are in ``out``). Each policy is called once, on its rows only (batched;
    see :func:`batched`), and what it returns is checked: one integer action per row, each legal
    by ``masks``; otherwise a ValueError naming the policy and the row. The arguments are checked
    first (``owner``: ``int[B]``, each below ``len(policies)``; ``obs``: ``B`` rows; ``masks``:
    ``[B, num_actions]``; ``out``: an integer ``[B]`` array; ``labels``: one per policy): a
    ValueError naming the argument, before any policy is called."""
    owner, masks = _check_act_args(policies, owner, obs, masks, out, labels)
    if out is None:
        out = np.zeros(len(owner), dtype=np.int64)
    for k in np.unique(owner[owner >= 0]).tolist():
        rows = np.flatnonzero(owner == k)
        name = labels[k] if labels is not None else label(policies[k])
        chosen = np.asarray(batched(policies[k], name)(obs[rows], masks[rows]))
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


def _check_act_args(policies: Any, owner: Any, obs: Any, masks: Any, out: Any,
                    labels: Any) -> tuple[np.ndarray, np.ndarray]:
    """:func:`act`'s arguments, each a ValueError naming it when wrong; ``owner`` and ``masks`` as arrays."""
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence) or not policies:
        raise ValueError(f"policies must be a non-empty list of policies (owner k answered by policies[k]), not "
                         f"{type(policies).__name__} {policies!r}"[:200])
    o = np.asarray(owner)
    if o.ndim != 1 or not (np.issubdtype(o.dtype, np.integer) or o.size == 0):
        raise ValueError(f"owner must be a 1-D array of integers (the policy index of each row, negative: leave "
                         f"the row), got shape {o.shape} dtype {o.dtype}")
    if (o >= len(policies)).any():
        i = int(np.flatnonzero(o >= len(policies))[0])
        given = "1 policy is" if len(policies) == 1 else f"{len(policies)} policies are"
        raise ValueError(f"owner[{i}] is {int(o[i])}, but {given} given: an owner is 0..{len(policies) - 1}, "
                         "or negative to leave the row as it is")
    rows = len(o)
    if not hasattr(obs, "shape") or len(obs.shape) < 1 or obs.shape[0] != rows:
        raise ValueError(f"obs must be an array with one row per owner ({rows}), got "
                         f"{f'shape {obs.shape}' if hasattr(obs, 'shape') else type(obs).__name__}")
    m = np.asarray(masks)
    if m.ndim != 2 or m.shape[0] != rows:
        raise ValueError(f"masks must have shape ({rows}, num_actions), one row per owner, got shape {m.shape}")
    if out is not None and (not isinstance(out, np.ndarray) or out.shape != (rows,)
                            or not np.issubdtype(out.dtype, np.integer)):
        raise ValueError(f"out must be None or an integer array of shape ({rows},), got "
                         f"{f'{out.dtype} shape {out.shape}' if isinstance(out, np.ndarray) else type(out).__name__}")
    if labels is not None and (isinstance(labels, str) or len(labels) != len(policies)):
        raise ValueError(f"labels must be one name per policy ({len(policies)}), got {labels!r}"[:200])
    for k in np.unique(o[o >= 0]).tolist():
        p = policies[k]
        if isinstance(p, str) or not (is_model(p) or callable(p)):
            raise ValueError(f"policies[{k}] must be a callable (observation, mask) -> action or an SB3 model "
                             f"(agent names play inside the JVM), not {type(p).__name__} {p!r}"[:200])
    return o, m
