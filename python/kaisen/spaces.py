"""Spaces from a game's spec: the observation box, and action spaces whose ``sample()`` draws
only legal actions by default."""

from __future__ import annotations

import weakref
from typing import Any, Callable

import numpy as np
from gymnasium.spaces import Box, Discrete, MultiDiscrete

from .spec import Spec


def observation_box(spec: Spec, *, normalized: bool = False) -> Box:
    """One observation: ``spec.observation_size`` values of ``spec.observation_dtype``, bounded by
    the finite ``low`` / ``high`` the game declares per segment (``spec.low``, ``spec.high``).

    ``normalized=True``: the box of :meth:`Spec.normalize`'s output, ``[0, 1]`` per value."""
    if normalized:
        return Box(0.0, 1.0, (spec.observation_size,), spec.observation_dtype)
    return Box(spec.low.copy(), spec.high.copy(), (spec.observation_size,), spec.observation_dtype)


def _weakly(legal: Callable[[], np.ndarray]) -> Callable[[], np.ndarray | None]:
    """``legal`` without a strong reference to its env when it is a bound method: the env's space
    then holds no cycle through the env, so an env that is dropped is closed at once (not at the
    next garbage collection). A call after the env is gone gives None."""
    if not hasattr(legal, "__self__"):
        return legal
    method = weakref.WeakMethod(legal)  # type: ignore[arg-type]

    def call() -> np.ndarray | None:
        bound = method()
        return None if bound is None else bound()

    return call


class LegalDiscrete(Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask uses the env's current legal actions.

    With an explicit ``mask`` it behaves exactly like ``Discrete.sample``. When no action is
    legal (the episode has ended) it samples from all ``n``.
    """

    def __init__(self, n: int, legal_mask: Callable[[], np.ndarray], seed: Any = None) -> None:
        super().__init__(n, seed=seed)
        self._legal_mask = _weakly(legal_mask)

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        legal_now = self._legal_mask() if mask is None and probability is None else None
        if legal_now is not None:
            legal = np.asarray(legal_now, dtype=np.int8)
            if legal.any():
                return super().sample(mask=legal)
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self):
        return (Discrete, (int(self.n),))


class LegalMultiDiscrete(MultiDiscrete):
    """A batch of ``Discrete(n)`` whose ``sample()`` without a mask picks a legal action per env."""

    def __init__(self, num_envs: int, n: int, legal_masks: Callable[[], np.ndarray], seed: Any = None) -> None:
        super().__init__(np.full(num_envs, n, dtype=np.int64), seed=seed)
        self._legal_masks = _weakly(legal_masks)

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        legal_now = self._legal_masks() if mask is None and probability is None else None
        if legal_now is not None:
            masks = np.asarray(legal_now, dtype=np.float64)
            counts = masks.sum(axis=1, keepdims=True)
            if (counts > 0).all():
                # one uniform draw per env over its legal actions
                cumulative = np.cumsum(masks / counts, axis=1)
                u = self.np_random.random((masks.shape[0], 1))
                return np.minimum((cumulative < u).sum(axis=1), masks.shape[1] - 1).astype(self.dtype)
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self):
        return (MultiDiscrete, (self.nvec.copy(),))
