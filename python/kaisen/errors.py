"""Exceptions raised by the kaisen package."""

from __future__ import annotations


class KaisenError(RuntimeError):
    """Something went wrong between Python and the Kaisen JVM."""


class JvmDiedError(KaisenError):
    """The Kaisen JVM exited, was killed, or stopped answering; start a new env to get a fresh one."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the env is unchanged. ``legal`` lists the legal ids."""

    def __init__(self, message: str, action: int, legal: list[int]):
        super().__init__(message)
        self.action = action
        self.legal = legal


class RecordError(ValueError):
    """A game record that cannot be read or does not check against the rules (the message says where)."""
