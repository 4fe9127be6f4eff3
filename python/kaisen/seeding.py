"""The seed derivation the Java side uses (SplitMix64), so Python can predict every env's seeds."""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def to_java_long(seed: int) -> int:
    """A seed as Java's signed 64-bit ``long`` with the same bits (seeds may be given signed or unsigned)."""
    seed = int(seed)
    if not -(1 << 63) <= seed < (1 << 64):
        raise ValueError(f"a seed must fit in 64 bits, not {seed}")
    return seed - (1 << 64) if seed >= (1 << 63) else seed


def derive_seed(base: int, index: int) -> int:
    """Seed of stream ``index`` derived from ``base``, as ``SplitMix64.derive`` in Java (unsigned 64-bit)."""
    return _mix((int(base) + _GAMMA * (index + 1)) & _MASK)
