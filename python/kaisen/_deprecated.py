"""The 0.1 class names, which named the one game there was: deprecated aliases for Traders of Osaka."""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import Any

#: old name -> (new class, the old constructor's positional parameters in order)
_ALIASES = {
    "OsakaEnv": ("KaisenEnv", ("num_players", "opponents", "learner_seat", "reward_mode", "seed", "render_mode")),
    "OsakaAECEnv": ("KaisenAECEnv", ("num_players", "reward_mode", "render_mode")),
    "OsakaVectorEnv": ("KaisenVectorEnv", ("num_envs", "num_players", "opponents", "learner_seat", "reward_mode",
                                           "seed", "threads", "render_mode")),
}


@lru_cache(maxsize=None)
def _alias(name: str) -> type:
    import kaisen

    new, positional = _ALIASES[name]
    base = getattr(kaisen, new)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(positional):
            raise TypeError(f"{name} takes at most {len(positional)} positional arguments")
        kwargs.update(zip(positional, args))
        base.__init__(self, "osaka", **kwargs)

    doc = f"Deprecated: ``kaisen.{new}(\"osaka\", ...)`` (this alias keeps the 0.1 arguments)."
    return type(name, (base,), {"__init__": __init__, "__doc__": doc, "__module__": "kaisen"})


def deprecated(module: str, name: str) -> type:
    """The alias ``name`` (with a DeprecationWarning), or the usual AttributeError."""
    if name not in _ALIASES:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(f"kaisen.{name} is deprecated: use kaisen.{_ALIASES[name][0]} with game=\"osaka\"",
                  DeprecationWarning, stacklevel=3)
    return _alias(name)
