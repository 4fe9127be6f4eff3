"""Checks of the whole numbers the package hands to Java ``int`` parameters.

A Python int outside Java's ``int`` (-2**31 .. 2**31-1) matches no Java method through Py4J, and
a number in range can still be absurd (2**31 - 1 worker threads); each such argument is checked
here first, with a message that names it and its range."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

#: The largest Java ``int``.
JAVA_INT_MAX = (1 << 31) - 1
#: Games per evaluation, as the CLI's ``eval --games`` and ``selfplay --games`` allow.
MAX_GAMES = 1_000_000
#: JVM worker threads: far more than any machine's cores (0 asks for the default).
MAX_THREADS = 1024
#: Envs in one vector env: the CLI's bound on envs x rollout (a larger batch is a mistake, not a machine).
MAX_ENVS = 1 << 20


def java_int(name: str, value: Any, lo: int, hi: int, hint: str = "") -> int:
    """``value`` as an int if it is a whole number (an int or a numpy integer; not a bool, a float or
    a string) from ``lo`` to ``hi``, both within Java's ``int``; otherwise a ValueError
    ``NAME must be a whole number from LO to HI[HINT], not VALUE`` (``hint`` says what a value means)."""
    assert -JAVA_INT_MAX - 1 <= lo <= hi <= JAVA_INT_MAX, (lo, hi)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number from {lo:,} to {hi:,}{hint}, not {value!r}")
    return int(value)


def config_option(parser: Any, text: str) -> dict[str, Any]:
    """A benchmark's ``--config``: game options as one JSON object, or ``parser.error`` saying what is wrong."""
    try:
        options = json.loads(text)
    except ValueError as e:
        parser.error(f"--config is not JSON: {e}")
    if not isinstance(options, dict):
        parser.error("--config must be a JSON object")
    return options


def seconds_option(parser: Any, seconds: float) -> float:
    """A benchmark's ``--seconds``: above 0 and at most an hour, or ``parser.error``."""
    if not 0 < seconds <= 3600:
        parser.error(f"--seconds must be between 0 and 3600, not {seconds}")
    return seconds
