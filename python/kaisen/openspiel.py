"""Kaisen's games as OpenSpiel games: ``pyspiel`` algorithms, bots and checks on our rules.

    import pyspiel
    from kaisen.openspiel import load_game

    game = load_game("floating-market", players=3)     # a pyspiel.Game (an OpenSpiel Python game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()                   # the deal's first chance node
    state.chance_outcomes(), state.legal_actions(), state.information_state_tensor(0)

Every game with the explicit-chance mode (``kaisen.spec(game).explicit_chance``; see
:mod:`kaisen.state`) is registered with OpenSpiel (``pyspiel.register_game``) the first time it is
loaded, as one game per id, ``kaisen_<id with - as _>`` (:func:`short_name`), with the player count
and the game's options as its parameters, so ``pyspiel.load_game("kaisen_floating_market(players=3)")``
works too once registered (:func:`register`). What OpenSpiel asks of a game comes from our rules
and registry, never from Python:

- its type: sequential, explicit stochastic, imperfect information, zero-sum (winners share +1,
  the others share -1: the returns sum to 0), terminal rewards; information state and
  observation, as strings and as tensors;
- its sizes, per config: ``num_distinct_actions``, ``max_chance_outcomes`` (the chance outcome
  table), ``num_players``, utilities in [-1, 1] and ``max_game_length`` (the engine's cap on
  decisions; OpenSpiel's ``random_sim_test`` counts decisions, not chance nodes, against it);
- a state wraps a :class:`kaisen.State` dealt with ``chance="explicit"``: chance nodes with their
  outcomes and exact probabilities, legal actions, returns, the action table's names (the chance
  outcome table's at chance nodes), the text board as ``str(state)``;
- ``information_state_tensor`` is our ``information_state`` view (perfect recall) and
  ``observation_tensor`` our memoryless ``observation`` view, egocentric, of the spec's sizes, at
  decision and chance nodes and at the end (each player's view of the final state); their named
  pieces (``make_observation(game).dict``) are the spec's segments. The strings list the tensor's
  non-zero values as ``index:value`` after the seat: equal strings, equal tensors, so ISMCTS keys
  its nodes on them exactly.

What does not work, and why: OpenSpiel's serialization (``serialize=True``, ``pickle`` of a state:
a state is a handle on a JVM object; save ``state.kaisen_state.to_json()`` instead); undo;
``max_chance_nodes_in_history`` and ``max_history_length`` (the registry has no bound on chance
nodes); observation types other than OpenSpiel's two standard ones (one player's private
information with the public one). ``resample_from_infostate`` (our ``determinize``) returns a
state with an empty OpenSpiel history. OpenSpiel's C++ bots (``pyspiel.MCTSBot``,
``pyspiel.ISMCTSBot``) crash the process on any Python game, OpenSpiel's own ``python_kuhn_poker``
included (open_spiel 2.0.2); their Python versions, ``open_spiel.python.algorithms.mcts`` and
``.ismcts``, play ours (the Python ``ISMCTSBot`` lacks the ``restart_at`` and ``inform_action``
that ``evaluate_bots`` calls: give it two that do nothing). Each step is a call into the JVM
(about 0.1-0.3 ms): search is possible, but slow next to OpenSpiel's C++ games (``./kaisen bench
openspiel`` measures it).

:class:`JvmBot` is a JVM agent (``greedy``, ``ismcts:N``, ``random``, ``zoo:NAME``, ...) as a
``pyspiel.Bot``, so it plays inside OpenSpiel's loops (``evaluate_bots``).

This module needs OpenSpiel, which ``import kaisen`` never imports: install the ``openspiel``
extra (``pip install "kaisen-rl[openspiel]"``, or ``pip install -e "python[openspiel]"`` from a
checkout).
"""

from __future__ import annotations

try:
    import pyspiel
except ModuleNotFoundError as _e:  # only a missing OpenSpiel; a broken install raises its own error
    if _e.name != "pyspiel":
        raise
    raise ImportError('kaisen.openspiel needs OpenSpiel, which is not installed: install the openspiel extra, '
                      'pip install "kaisen-rl[openspiel]" (from a checkout: pip install -e "python[openspiel]")'
                      ) from _e

import random
from typing import Any

import numpy as np

import kaisen

__all__ = ["JvmBot", "KaisenGame", "KaisenObserver", "KaisenState", "explicit_games", "load_game", "register",
           "short_name"]

#: The prefix of every Kaisen game's OpenSpiel short name.
PREFIX = "kaisen_"

_REGISTERED: dict[str, type[KaisenGame]] = {}

#: Python types of the game options OpenSpiel's parameters can hold (``GameParameter``).
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game: str) -> str:
    """The OpenSpiel short name of Kaisen game ``game``: ``kaisen_`` and the id with ``-`` as ``_``."""
    return PREFIX + game.replace("-", "_")


def explicit_games() -> list[str]:
    """The ids of the games OpenSpiel can load: those with the explicit-chance mode."""
    return [g.id for g in kaisen.games() if kaisen.spec(g.id).explicit_chance]


def _check_game(game: Any) -> str:
    known = [g.id for g in kaisen.games()]
    if not isinstance(game, str) or game not in known:
        raise ValueError(f"unknown game {game!r}; kaisen.openspiel loads one of: {', '.join(explicit_games())}")
    if not kaisen.spec(game).explicit_chance:
        raise ValueError(f"{game} has no explicit-chance mode yet, which OpenSpiel's chance nodes need; "
                         f"kaisen.openspiel loads one of: {', '.join(explicit_games())}")
    return game


def register(game: str) -> str:
    """Registers ``game`` (a Kaisen game id) with OpenSpiel, once per process, and returns its short name.

    Its parameters are ``players`` (default the game's) and each of the game's options with its
    default (``kaisen.game_info(game).options``)."""
    game = _check_game(game)
    if game not in _REGISTERED:
        spec = kaisen.spec(game)
        parameters: dict[str, Any] = {"players": spec.players}
        parameters.update({o.name: o.default for o in kaisen.game_info(game).options})
        game_type = pyspiel.GameType(
            short_name=short_name(game),
            long_name=f"Kaisen {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=parameters,
        )
        # a class, not a closure: OpenSpiel's registry keeps its creator until after Python has shut down,
        # and a class (a cycle through its own __mro__) is never freed then, where a closure would be
        creator = type(f"KaisenGame_{game.replace('-', '_')}", (KaisenGame,), {"_game": game, "_type": game_type})
        pyspiel.register_game(game_type, creator)
        _REGISTERED[game] = creator
    return short_name(game)


def load_game(game: str, players: int | None = None, **options: Any) -> KaisenGame:
    """Kaisen game ``game`` with ``players`` (default the game's) and its ``options`` as an
    OpenSpiel game (registered on first use; see the module docs).

    An unknown game, a game without the explicit-chance mode, a player count out of range or an
    unknown option raises ``ValueError`` naming what is allowed; option values are checked by the
    game's registry (a ``ValueError`` naming the valid ones); a value OpenSpiel cannot hold as a
    parameter (not a bool, int, float or str) raises ``TypeError``."""
    name = register(game)
    spec = kaisen.spec(game)
    allowed = {o.name: o for o in kaisen.game_info(game).options}
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise ValueError(f"{game} has no option {', '.join(map(repr, unknown))}; its options: "
                         f"{', '.join(allowed) or 'none'} (and players={spec.min_players}..{spec.max_players})")
    if players is not None and (isinstance(players, bool) or not isinstance(players, (int, np.integer))
                                or not spec.min_players <= int(players) <= spec.max_players):
        raise ValueError(f"{game} plays with {spec.min_players}..{spec.max_players} players, not {players!r}")
    params: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, np.generic):
            value = value.item()
        if not isinstance(value, _PARAMETER_TYPES):
            raise TypeError(f"option {key}={value!r}: OpenSpiel parameters are bool, int, float or str")
        params[key] = value
    if players is not None:
        params["players"] = int(players)
    kaisen.spec(game, num_players=params.get("players"), **options)  # the registry checks the values, clearly
    return pyspiel.load_game(name, params)


class _Config:
    """What every state of one game and config shares; copies of a state share it (copying returns itself).

    It holds the deal's first chance node, which every new state copies (one JVM call) and which
    keeps the JVM up while the game lives, and that node's observations: OpenSpiel makes a new
    initial state and observes it each time it asks a game for its tensor shapes."""

    def __init__(self, game: str, players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.spec = kaisen.spec(game, num_players=players, **options)
        # the seed does not matter in the explicit mode: every chance event is a node
        self.initial, _ = kaisen.State.deal(game, num_players=players, seed=0, chance="explicit", **options)
        self._initial_seen: dict[tuple[int, str], np.ndarray] = {}

    def initial_observation(self, player: int, view: str) -> np.ndarray:
        key = (player, view)
        if key not in self._initial_seen:
            seen = self.initial.observation(player, view)
            seen.flags.writeable = False
            self._initial_seen[key] = seen
        return self._initial_seen[key]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self

    def __copy__(self) -> _Config:
        return self


class KaisenGame(pyspiel.Game):
    """A Kaisen game and config as an OpenSpiel game (made by :func:`load_game` or ``pyspiel.load_game``)."""

    _game: str  # set by register() on the subclass it makes per game
    _type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.pop("players"))
        self._config = _Config(self._game, players, params)
        spec = self._config.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=-1.0,  # a lone loser's share of -1
            max_utility=1.0,  # a lone winner's +1
            utility_sum=0.0,
            max_game_length=spec.max_game_length,  # decisions; OpenSpiel counts chance nodes apart
        )
        super().__init__(self._type, info, {"players": players, **params})

    @property
    def kaisen_spec(self) -> kaisen.Spec:
        """The spec of this game and config (default view)."""
        return self._config.spec

    @property
    def kaisen_config(self) -> dict[str, Any]:
        """The Kaisen game id, ``num_players`` and options, as ``kaisen.State`` and ``kaisen.JvmAgent`` take them."""
        c = self._config
        return {"game": c.game, "num_players": c.players, **c.options}

    def new_initial_state(self) -> KaisenState:
        """The deal's first chance node."""
        return KaisenState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> KaisenObserver:
        """An observer of one of our two views: ``perfect_recall=True`` the ``information_state``
        view, else (OpenSpiel's default) the ``observation`` view."""
        return KaisenObserver(self._config, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class KaisenState(pyspiel.State):
    """An OpenSpiel state wrapping a :class:`kaisen.State` in the explicit-chance mode (``kaisen_state``).

    Apply actions through this state (OpenSpiel's ``apply_action``), not to ``kaisen_state``: the
    state keeps what it showed of the present node (observations, its text) until the next action,
    because OpenSpiel asks for each several times."""

    def __init__(self, game: KaisenGame) -> None:
        super().__init__(game)
        self._config = game._config
        # made on first use: OpenSpiel copies a state by making a new initial state and then replacing its
        # attributes with copies of the original's, and asks a new initial state for the tensor shapes
        self._state: kaisen.State | None = None
        self._seen: dict[Any, Any] = {}  # this node's observations and text, forgotten by _apply_action

    @property
    def kaisen_state(self) -> kaisen.State:
        """The wrapped :class:`kaisen.State`."""
        if self._state is None:
            self._state = self._config.initial.clone()
        return self._state

    def observation(self, player: int, view: str) -> np.ndarray:
        """``player``'s observation in ``view`` (our ``kaisen.State.observation``), read-only."""
        key = (player, view)
        seen = self._seen.get(key)
        if seen is None:
            if self._state is None:
                seen = self._config.initial_observation(player, view)
            else:
                seen = self._state.observation(player, view)
                seen.flags.writeable = False
            self._seen[key] = seen
        return seen

    def current_player(self) -> int:
        s = self.kaisen_state
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if s.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return s.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.kaisen_state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.kaisen_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.kaisen_state.apply(int(action))
        self._seen.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._config.spec
        table = spec.chance_outcomes if player == pyspiel.PlayerId.CHANCE else spec.actions
        if not 0 <= action < len(table):
            what = "chance outcome" if player == pyspiel.PlayerId.CHANCE else "action"
            raise ValueError(f"{what} {action} is out of range 0..{len(table) - 1} for {spec.game}")
        return table[action].name

    def is_terminal(self) -> bool:
        return self.kaisen_state.is_terminal()

    def returns(self) -> list[float]:
        return self.kaisen_state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> KaisenState:
        """A state ``player_id`` cannot tell apart from this one (our ``determinize``), its seed drawn
        from ``probability_sampler()`` (a uniform draw in [0, 1), as OpenSpiel's samplers give) or
        from Python's ``random``. Its OpenSpiel history is empty: only its present is consistent."""
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        other = self.get_game().new_initial_state()
        other._state = self.kaisen_state.determinize(int(player_id), int(float(draw) * 2**53))
        return other

    def __str__(self) -> str:
        text = self._seen.get("str")
        if text is None:
            text = self._seen["str"] = self.kaisen_state.render()
        return text


class KaisenObserver:
    """An OpenSpiel Python observer (``tensor``, ``dict``, ``set_from``, ``string_from``) of one of our views.

    ``tensor`` is float32 of the view's spec size; ``dict`` holds the view's segments by name, each
    a slice of ``tensor`` (no copy)."""

    def __init__(self, config: _Config, iig_obs_type: pyspiel.IIGObservationType,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"Kaisen observers take no parameters, not {params!r}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("Kaisen games observe as OpenSpiel's two standard types only: public information and "
                             "the observing player's private information (IIGObservationType(perfect_recall=True) "
                             "for the information state, perfect_recall=False for the observation), not "
                             f"perfect_recall={iig_obs_type.perfect_recall}, public_info={iig_obs_type.public_info}, "
                             f"private_info={iig_obs_type.private_info.name}")
        self._config = config
        self.view = "information_state" if iig_obs_type.perfect_recall else "observation"
        spec = kaisen.spec(config.game, num_players=config.players, view=self.view, **config.options)
        self.tensor = np.zeros(spec.observation_size, np.float32)
        segments = sorted(spec.segments.values(), key=lambda seg: seg.offset)
        tiled = [seg.offset for seg in segments] == list(np.cumsum([0] + [seg.length for seg in segments[:-1]])) \
            and sum(seg.length for seg in segments) == spec.observation_size
        # OpenSpiel writes the pieces one after the other: named by segment only where they tile the vector
        self.dict = {seg.name: self.tensor[seg.slice] for seg in segments} if tiled else {self.view: self.tensor}

    def set_from(self, state: KaisenState, player: int) -> None:
        self.tensor[:] = self._observe(state, player)

    def string_from(self, state: KaisenState, player: int) -> str:
        values = self._observe(state, player)
        nonzero = np.flatnonzero(values)
        return f"seat {player} {self.view} " + " ".join(f"{i}:{values[i]}" for i in nonzero.tolist())

    def _observe(self, state: KaisenState, player: int) -> np.ndarray:
        if not isinstance(state, KaisenState) or state._config.spec.game != self._config.game:
            raise TypeError(f"a {self._config.game} observer observes its own game's states, not {state!r}")
        if not 0 <= player < self._config.players:
            raise ValueError(f"player must be 0..{self._config.players - 1}, not {player}")
        return state.observation(int(player), self.view)


class JvmBot(pyspiel.Bot):
    """A JVM agent (``greedy``, ``ismcts:N``, ``random``, ``zoo:NAME``, a game's bots) as an
    OpenSpiel bot for ``game`` (a game from :func:`load_game`): ``step(state)`` is the agent's move
    at a decision node (it decides on a sampled copy of the explicit state; see
    :class:`kaisen.JvmAgent`); ``seed`` seeds its own random choices. It keeps no memory between
    moves, so ``restart_at`` and ``inform_action`` do nothing."""

    def __init__(self, game: KaisenGame, name: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, KaisenGame):
            raise TypeError(f"a JvmBot plays a game from kaisen.openspiel.load_game, not {game!r}")
        config = game.kaisen_config
        self._config = game._config
        self._agent = kaisen.JvmAgent(name, config.pop("game"), num_players=config.pop("num_players"),
                                      config=config, seed=seed)

    @property
    def name(self) -> str:
        return self._agent.name

    def step(self, state: KaisenState) -> int:
        if not isinstance(state, KaisenState) or state._config.spec.game != self._config.game:
            raise TypeError(f"bot {self.name} plays {self._config.game} states of kaisen.openspiel, not {state!r}")
        if state.is_chance_node():
            raise ValueError(f"bot {self.name} decides for a seat; a chance node takes a chance outcome")
        return self._agent.act(state.kaisen_state)

    def restart_at(self, state: KaisenState) -> None:
        pass

    def restart(self) -> None:
        pass

    def inform_action(self, state: KaisenState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<kaisen.openspiel.JvmBot {self.name} for {self._config.game} {self._config.players}p>"

