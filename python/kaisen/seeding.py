"""The seed derivation the Java side uses (SplitMix64), so Python can predict every env's seeds,
and the one check of every ``seed=`` the package takes (:func:`to_java_long`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def to_java_long(seed: Any, name: str = "seed") -> int:
    """A seed as Java's signed 64-bit ``long`` with the same bits (seeds may be given signed or
    unsigned). A seed is an int or a numpy integer from -2**63 to 2**64 - 1; anything else (a float,
    even 1.0, a bool, a string, None) is a ValueError naming ``name``, never truncated."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"{name} must be an integer (a whole number of at most 64 bits), not {seed!r}")
    seed = int(seed)
    if not -(1 << 63) <= seed < (1 << 64):
        who = "a seed" if name == "seed" else name
        raise ValueError(f"{who} must fit in 64 bits (-2**63 .. 2**64-1), not {seed}")
    return seed - (1 << 64) if seed >= (1 << 63) else seed


def reset_seeds(seed: Any, num_envs: int) -> int | list[int | None] | None:
    """A vector env's ``reset(seed=...)`` checked: None, one base seed (an int), or a sequence of one
    seed or None per env; returned as ints. Anything else is a ValueError naming what is allowed."""
    if seed is None:
        return None
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        to_java_long(seed)
        return int(seed)
    if isinstance(seed, (str, bytes)) or not (isinstance(seed, Sequence) or isinstance(seed, np.ndarray)
                                             and seed.ndim == 1):
        raise ValueError(f"seed must be None, an integer (one base seed) or a list of one integer or None per "
                         f"env ({num_envs}), not {seed!r}")
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"need one seed per env ({num_envs}), got {len(seeds)}")
    for i, s in enumerate(seeds):
        if s is not None:
            to_java_long(s, f"seed[{i}]")
    return [None if s is None else int(s) for s in seeds]


def derive_seed(base: int, index: int) -> int:
    """Seed of stream ``index`` derived from ``base``, as ``SplitMix64.derive`` in Java (unsigned 64-bit)."""
    return _mix((int(base) + _GAMMA * (index + 1)) & _MASK)
