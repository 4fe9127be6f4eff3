"""The JVM's agents, asked for one move at a time: what a person plays against from Python.

A :class:`JvmAgent` is any agent name the JVM knows, as ``kaisen evaluate``, the envs'
``opponents=`` and ``kaisen.evaluate`` take them: ``random``, the game's scripted bots (e.g.
``greedy``), ``ismcts:N``, ``dl4j:PATH``, ``zoo:NAME`` (``kaisen.zoo.models()``). Given a
:class:`kaisen.State` of its game and config, ``act`` returns the agent's action for the
current player, decided on a copy in the JVM (the state is unchanged)::

    bot = kaisen.JvmAgent("ismcts:200", "osaka", num_players=2, seed=1)
    s = kaisen.State("osaka", num_players=2, seed=7)
    while not s.is_terminal():
        s.apply(bot.act(s))

Like every agent it reads only what the current player may know. Bad input raises a clear error
before anything changes: an unknown name (``ValueError`` listing the known ones), a state of
another game, config or player count (``ValueError``), a game that is over
(:class:`kaisen.KaisenError`), something that is not a ``kaisen.State`` (``TypeError``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import KaisenError
from .games import DEFAULT_GAME
from .seeding import to_java_long
from .spec import config_json
from .state import State, _Context

if TYPE_CHECKING:
    import kaisen

__all__ = ["JvmAgent"]


class JvmAgent:
    """An agent the JVM plays (bots, "ismcts:N", "dl4j:PATH", "zoo:NAME"), asked for moves one state at a time.

    ``JvmAgent(name, game, num_players=None, config=None, seed=0)``: ``config`` is the game's
    options as a dict or as JSON text (``{"players": n, ...options}``, as ``kaisen.spec(...).config``
    holds it; a ``players`` there must agree with ``num_players``). ``seed`` seeds the agent's own
    random choices: the same seed and states give the same moves.
    """

    __slots__ = ("_ctx", "_handle", "_name")

    def __init__(self, name: str, game: str = DEFAULT_GAME, *, num_players: int | None = None,
                 config: dict[str, Any] | str | None = None, seed: int = 0) -> None:
        if not isinstance(name, str):
            raise TypeError(f"an agent name is a str such as 'greedy' or 'ismcts:200', not {type(name).__name__}")
        java_seed = to_java_long(seed)
        players, options = _config(num_players, config)
        ctx = _Context(game, config_json(players, options, game))
        self._handle = ctx.jvm.call(ctx.jvm.entry.newAgent, ctx.game, ctx.config, name, java_seed)
        self._ctx = ctx
        self._name = str(ctx.jvm.call(self._handle.name))

    @property
    def name(self) -> str:
        """The agent's name as given (trimmed), e.g. ``ismcts:200``."""
        return self._name

    @property
    def game(self) -> str:
        return self._ctx.game

    @property
    def num_players(self) -> int:
        return self._ctx.spec.players

    def act(self, state: kaisen.State) -> int:
        """The agent's action for ``state``'s current player (a legal action id); ``state`` is unchanged."""
        if not isinstance(state, State):
            raise TypeError(f"a JvmAgent acts on a kaisen.State, not {type(state).__name__}")
        mine, theirs = self._ctx, state._ctx
        if state.game != mine.game or theirs.config != mine.config:
            raise ValueError(f"agent {self._name} plays {mine.game} {mine.config}, not this {state.game} "
                             f"{theirs.config} state")
        if theirs.jvm is not mine.jvm:
            raise KaisenError(f"agent {self._name} and this state live in different JVMs (the JVM was restarted "
                              "in between); make the agent again")
        if state.is_terminal():
            raise KaisenError(f"the game is over; agent {self._name} has no move to make")
        return int(mine.jvm.call(self._handle.act, state._handle))

    def __repr__(self) -> str:
        return f"<kaisen.JvmAgent {self._name} for {self.game} {self.num_players}p>"


def _config(num_players: int | None, config: dict[str, Any] | str | None) -> tuple[int | None, dict[str, Any]]:
    """The player count and the options of ``config`` (a dict or JSON text), checked against ``num_players``."""
    if config is None:
        return num_players, {}
    if isinstance(config, str):
        try:
            config = json.loads(config)
        except json.JSONDecodeError as e:
            raise ValueError(f"config must be a JSON object of the game's options, not {config!r}: {e}") from None
    if not isinstance(config, dict):
        raise TypeError(f"config must be a dict or JSON text of the game's options, not {type(config).__name__}")
    options = dict(config)
    players = options.pop("players", None)
    if players is not None and num_players is not None and players != num_players:
        raise ValueError(f"config says {players} players, num_players={num_players}")
    return (num_players if num_players is not None else players), options
