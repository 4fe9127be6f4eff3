"""Game states for search and analysis from Python (OpenSpiel's ``state.clone()`` /
``deserialize_state``, Pgx's pure ``step``).

A :class:`State` is a handle on one game state held in the JVM (``StateHandle`` in the bridge):
load it from its JSON (as ``to_json``, ``env.state_json()`` and the envs write it) or deal a new
game from a seed, then ``clone()``, ``legal_actions()``, ``apply(a)`` (in place) or ``child(a)``
(a new state; this one unchanged), ``returns()`` and any seat's ``observation``::

    s = kaisen.State("osaka", num_players=2, seed=7)
    while not s.is_terminal():
        s.apply(random.choice(s.legal_actions()))
    print(s.returns())

**Playing against agents.** :class:`kaisen.JvmAgent` answers a state with a JVM agent's move
(``greedy``, ``ismcts:200``, ``zoo:osaka-2p``, ...), and ``action_name_for(seat, a)`` is what
``seat`` learns of a move in words: the full name, except for a choice hidden from that seat
(e.g. ``commits a sealed bid``)::

    me, bot = 0, kaisen.JvmAgent("greedy", "osaka")
    s = kaisen.State("osaka", seed=7)
    while not s.is_terminal():
        a = my_choice(s) if s.current_player() == me else bot.act(s)
        print(s.action_name_for(me, a))
        s.apply(a)

**Chance, explicit.** ``State.deal(game, seed=..., chance="explicit")`` deals a game in which
every random event (a card drawn from a pile, a die, a start player) is a chance node, as in
OpenSpiel: there ``is_chance_node()`` is true, ``current_player()`` is :data:`kaisen.CHANCE`
(-1), ``chance_outcomes()`` lists ``(outcome_id, probability)`` with exact probabilities summing
to 1 (the spec's ``chance_outcomes`` table names the ids), and ``apply(outcome_id)`` (or its name)
applies one; an outcome not listed raises and changes nothing. Search can then enumerate,
choose and weigh outcomes (expectimax, chance-sampling solvers, :mod:`kaisen.openspiel`)::

    s, _ = kaisen.State.deal("floating-market", seed=3, chance="explicit")
    while s.is_chance_node():
        outcomes, probs = zip(*s.chance_outcomes())
        s.apply(random.choices(outcomes, probs)[0])

**Chance, sampled (the default).** Shuffles, draws and dice happen inside an apply, from the
random stream the state carries (its JSON holds it), so a state and an action determine the
successor, and ``current_player()`` is always a seat (or -1 once the game is over). A
:meth:`State.clone` shares that stream's future: see its docs. What the sampled mode offers for
chance: ``apply`` returns the chance outcomes it drew (``[{"event": ..., "data": ...}]``, as game records write chance steps);
``apply(a, chance=outcomes)`` applies only if the action draws exactly those outcomes (as a
record's replay checks them) and otherwise raises and changes nothing; ``State.deal(game,
seed=...)`` deals a new game and returns the outcomes its setup drew too (a game record's
opening steps); ``determinize(seat, seed)`` resamples what ``seat`` cannot know and restarts the random stream
from ``seed``, which is how a search samples other outcomes; and ``reseed(seed)`` restarts the stream and
reshuffles the piles nobody has seen, in place, changing nothing any seat saw. A ``clone()`` shares the
original's stream and pile order, hence its future: reseed or determinize each copy a search plays out.

Every call is one Py4J round trip (about 0.1 ms): fine for analysis and small searches; train
with the vector env. Bad input (an illegal or out-of-range action, a seat out of range,
malformed JSON, a state of another game) raises a clear error and changes nothing.
"""

from __future__ import annotations

import functools
import json
import weakref
from typing import Any

import numpy as np

from . import _common, _jvm
from ._deepjson import deep_json
from .errors import IllegalActionError
from .games import DEFAULT_GAME
from .seeding import to_java_long
from .spec import Spec, _cached, config_json

__all__ = ["State"]


class _Context:
    """What every state of one game and config shares: the JVM (held while any of them lives) and the spec."""

    def __init__(self, game: str, config: str | None) -> None:
        if not isinstance(game, str) or not game:
            raise ValueError(f"game must be a registered game id, not {game!r}")
        self.spec: Spec = _cached(game, config, None)
        self.game = self.spec.game
        self.config = json.dumps(dict(self.spec.config), sort_keys=True)
        self.jvm = _jvm.acquire()
        # released on the reaper thread: a finalizer may run inside the garbage collector (see _jvm.later)
        weakref.finalize(self, _jvm.later, functools.partial(_jvm.release, self.jvm)).atexit = False

    def action_id(self, name: str) -> int:
        try:
            return self.spec.action_id(name)
        except KeyError:
            raise ValueError(f"no {self.game} action named {name!r} (see kaisen.spec({self.game!r}).actions)") from None


class State:
    """One game state of ``game`` (a handle on the JVM's state; see the module docs).

    ``State(game, num_players=None, state=None, seed=None, **options)``: ``state`` is a state's
    JSON (a ``str``, or a ``dict`` as ``json.loads`` reads it) for that game and config;
    without it a new game is dealt from ``seed`` (default 0). ``chance`` (with a new deal only:
    a list of ``{"event", "data"}``, as a game record's opening chance steps) deals only if the
    setup draws exactly those outcomes, else raises ``ValueError``. Game options are keyword
    arguments, as for :func:`kaisen.make`.

    ``State.deal(game, num_players=None, seed=0, **options)`` deals a new game as the constructor
    does and also returns the chance outcomes its setup drew, ``(state, setup)``: ``setup`` is a
    list of ``{"event", "data"}`` (as ``apply`` returns them and ``chance=`` takes them), exactly
    the opening chance steps of a record of a game dealt from that seed (``selfplay --records``,
    the envs' ``record=True``), so a record of a game played on from ``state`` starts with them.
    """

    __slots__ = ("_ctx", "_handle", "_status", "__weakref__")

    def __init__(self, game: str = DEFAULT_GAME, *, num_players: int | None = None,
                 state: str | dict[str, Any] | None = None, seed: int | None = None,
                 chance: list[dict[str, Any]] | None = None, **options: Any) -> None:
        java_seed = to_java_long(seed if seed is not None else 0)
        ctx = _Context(game, config_json(num_players, options, game))
        if state is not None and seed is not None:
            raise ValueError("give a state's JSON or a seed for a new deal, not both")
        if state is not None and chance is not None:
            raise ValueError("chance= checks the setup of a new deal; a state given as JSON has no setup to check")
        text = _json_text(state)
        if chance is None:
            handle = ctx.jvm.call(ctx.jvm.entry.newState, ctx.game, ctx.config, text, java_seed)
        else:
            handle = ctx.jvm.call(ctx.jvm.entry.newStateExpecting, ctx.game, ctx.config, java_seed,
                                  deep_json(json.dumps, chance))
        self._init(ctx, handle)

    @classmethod
    def deal(cls, game: str = DEFAULT_GAME, *, num_players: int | None = None, seed: int | None = None,
             chance: str = "sampled", **options: Any) -> tuple[State, list[dict[str, Any]]]:
        """A new game of ``game`` dealt from ``seed`` (default 0) and the chance outcomes of its setup
        (``[{"event", "data"}]``, a game record's opening chance steps; see the class docs).

        ``chance="explicit"`` deals in the explicit-chance mode instead (see the module docs): the
        state is the deal's first chance node and the list is empty (the setup's outcomes are
        applied one by one); a game without that mode (``spec.explicit_chance``) raises
        ``ValueError``."""
        if chance not in ("sampled", "explicit"):
            raise ValueError(f'chance must be "sampled" or "explicit", not {chance!r}')
        java_seed = to_java_long(seed if seed is not None else 0)
        ctx = _Context(game, config_json(num_players, options, game))
        if chance == "explicit":
            if not ctx.spec.explicit_chance:
                raise ValueError(f"{ctx.game} has no explicit-chance mode yet; deal it with chance=\"sampled\"")
            return cls._wrap(ctx, ctx.jvm.call(ctx.jvm.entry.newStateInMode, ctx.game, ctx.config, java_seed,
                                               "explicit")), []
        dealt = ctx.jvm.call(ctx.jvm.entry.dealRecorded, ctx.game, ctx.config, java_seed)
        steps = json.loads(ctx.jvm.call(dealt.setupJson))
        state = cls._wrap(ctx, ctx.jvm.call(dealt.state))
        return state, [{"event": step["event"], "data": step["data"]} for step in steps]

    @classmethod
    def from_json(cls, state: str | dict[str, Any], game: str = DEFAULT_GAME, *, num_players: int | None = None,
                  **options: Any) -> State:
        """The state ``state`` (JSON text or a dict) of ``game`` for that config."""
        if state is None:
            raise ValueError("from_json needs a state's JSON")
        return cls(game, num_players=num_players, state=state, **options)

    def _init(self, ctx: _Context, handle: Any, status: dict[str, Any] | None = None) -> None:
        self._ctx = ctx
        self._handle = handle
        self._status = status

    @classmethod
    def _wrap(cls, ctx: _Context, handle: Any, status: dict[str, Any] | None = None) -> State:
        s = cls.__new__(cls)
        s._init(ctx, handle, status)
        return s

    def _call(self, method: str, *args: Any) -> Any:
        return self._ctx.jvm.call(getattr(self._handle, method), *args)

    def _st(self) -> dict[str, Any]:
        if self._status is None:
            self._status = json.loads(self._call("statusJson"))
        return self._status

    # what the game is

    @property
    def game(self) -> str:
        return self._ctx.game

    @property
    def spec(self) -> Spec:
        """The game's spec (sizes, action table, segments of the default view)."""
        return self._ctx.spec

    @property
    def num_players(self) -> int:
        return self._ctx.spec.players

    @property
    def num_actions(self) -> int:
        return self._ctx.spec.num_actions

    # queries

    def current_player(self) -> int:
        """The seat to decide; :data:`kaisen.CHANCE` (-1) at a chance node (explicit mode only), and
        -1 once the game is over (tell them apart with :meth:`is_chance_node` or :meth:`is_terminal`)."""
        return int(self._st()["player"])

    def is_chance_node(self) -> bool:
        """Whether a chance outcome is to be applied next (a state dealt with ``chance="explicit"``)."""
        return bool(self._st().get("chance", False))

    @property
    def chance_mode(self) -> str:
        """``"sampled"`` (chance drawn inside ``apply``, the default) or ``"explicit"`` (chance nodes)."""
        return str(self._call("chanceMode"))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """This chance node's outcomes as ``(outcome_id, probability)``, ids ascending, the exact
        probabilities summing to 1 (``spec.chance_outcomes`` names the ids). At a decision node, on
        a terminal state or in the sampled mode: ``ValueError`` saying which."""
        if self.is_terminal():
            raise ValueError("the game is over: a terminal state has no chance outcomes")
        if not self.is_chance_node():
            mode = "" if self.chance_mode == "explicit" else \
                " (this state samples its chance; deal it with chance=\"explicit\" for chance nodes)"
            raise ValueError(f"not a chance node: seat {self.current_player()} is to decide{mode}")
        d = json.loads(self._call("chanceOutcomesJson"))
        return [(int(o), float(p)) for o, p in zip(d["outcomes"], d["probabilities"])]

    def chance_outcome_name(self, outcome: int) -> str:
        """The chance outcome table's name of ``outcome`` (e.g. ``d6:5``)."""
        table = self._ctx.spec.chance_outcomes
        if isinstance(outcome, (bool, np.bool_)) or not isinstance(outcome, (int, np.integer)) \
                or not 0 <= int(outcome) < len(table):
            raise ValueError(f"chance outcome must be an id 0..{len(table) - 1} of {self.game}'s chance outcome table,"
                             f" not {outcome!r}")
        return table[int(outcome)].name

    def is_terminal(self) -> bool:
        return bool(self._st()["terminal"])

    def is_truncated(self) -> bool:
        """Whether the game was cut by the cap on its length (scored as usual)."""
        return bool(self._st()["truncated"])

    def legal_actions(self) -> list[int]:
        """The current player's legal action ids, ascending (empty once the game is over); at a
        chance node the outcome ids, as OpenSpiel's ``legal_actions()``."""
        return list(self._st()["legal"])

    def legal_action_names(self) -> list[str]:
        return [self.action_name(a) for a in self.legal_actions()]

    def action_name(self, action: int) -> str:
        """The action table's name of ``action`` (e.g. ``take:B5``)."""
        return self._ctx.spec.action_name(self._action_id(action))

    def action_name_for(self, observer: int, action: int | str) -> str:
        """What seat ``observer`` learns, in words, when the current player takes ``action`` here
        (ask before applying it): the full name for the acting seat and for public moves; for a
        choice hidden from ``observer`` (a sealed bid, a secret price wheel) only what they see,
        e.g. ``commits a sealed bid`` (the reveal shows in a later state). A log of these names
        tells a seat no more than its observation does."""
        seat = self._seat(observer)
        return str(self._call("actionNameFor", seat, self._action_id(action)))

    def returns(self) -> list[float]:
        """Terminal zero-sum returns per seat (winners share +1, the others -1); all 0 before the end."""
        return [float(r) for r in self._st()["returns"]]

    def scores(self) -> list[int]:
        """Each seat's score in the game's unit (``spec.score_name``)."""
        return list(self._st()["scores"])

    def winners(self) -> list[int]:
        """The winners once the game is over; before, who would win if it ended now."""
        return list(self._st()["winners"])

    def tiebreaks(self) -> list[int]:
        """Each seat's first tie-break (``spec.tiebreak_name``)."""
        return list(self._st()["tiebreaks"])

    def end_reason(self) -> str:
        """Why the game ended, in the game's words (``NONE`` while it runs)."""
        return str(self._st()["endReason"])

    def decisions(self) -> int:
        return int(self._st()["decisions"])

    def observation(self, seat: int, view: str | None = None) -> np.ndarray:
        """``seat``'s observation of this state as float32, egocentric, exactly as the envs show it
        to that seat; ``view``: ``information_state`` (default) or ``observation`` (memoryless)."""
        seat = self._seat(seat)
        raw = self._call("observation", seat, view)
        return np.frombuffer(bytes(raw), dtype="<f4").astype(np.float32)

    def legal_mask(self) -> np.ndarray:
        """The current player's mask: ``int8[num_actions]``, 1 where legal (all 0 once the game is over)."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        m[self.legal_actions()] = 1
        return m

    # changes

    def apply(self, action: int | str, *, chance: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """Applies ``action`` (an id or its name) in place; returns the chance outcomes it drew.

        At a chance node ``action`` is a chance outcome (an id of ``chance_outcomes()`` or its
        name); an outcome that is not one of this node's raises :class:`kaisen.IllegalActionError`
        naming them, and a decision's name raises ``ValueError``. In the explicit mode the list
        returned holds a step's chance outcomes, as game records write them, once the step
        completes (after its last chance node).

        With ``chance`` (a list of ``{"event", "data"}`` as returned here or held by a game
        record) it applies only if the action draws exactly those outcomes, else raises
        ``ValueError``. An illegal action raises :class:`kaisen.IllegalActionError`; any error
        leaves the state unchanged."""
        a = self._outcome_id(action) if self.is_chance_node() else self._action_id(action)
        if chance is None:
            out = json.loads(self._apply_call("apply", a))
        else:
            out = json.loads(self._apply_call("applyExpecting", a, deep_json(json.dumps, chance)))
        self._status = out["status"]
        return out["chance"]

    def _apply_call(self, method: str, *args: Any) -> str:
        try:
            return self._call(method, *args)
        except IllegalActionError as e:
            raise IllegalActionError(str(e), e.action, self.legal_actions()) from None

    def child(self, action: int | str) -> State:
        """The successor after ``action`` as a new state; this one is unchanged (Pgx's pure step)."""
        a = self._action_id(action)
        try:
            handle = self._call("child", a)
        except IllegalActionError as e:
            raise IllegalActionError(str(e), e.action, self.legal_actions()) from None
        return State._wrap(self._ctx, handle)

    def clone(self) -> State:
        """An independent copy, sharing this state's future: the same random stream state and (in the
        deck games: Osaka, Tokaido, Merchants) the same order of the face-down piles, so the clone's
        chance outcomes (rolls, draws, shuffles) are this state's for the same actions. A search that
        must not know the future gives each copy another one: ``reseed(seed)`` (the same position,
        another future) or ``determinize(seat, seed)`` (also resamples what ``seat`` cannot know)."""
        return State._wrap(self._ctx, self._call("copy"), self._status)

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def determinize(self, seat: int, seed: int) -> State:
        """A state ``seat`` cannot tell apart from this one: what it cannot know resampled from
        ``seed`` (an integer; a float is refused, not truncated), and the random stream restarted
        from it (what information-set search samples)."""
        return State._wrap(self._ctx, self._call("determinize", self._seat(seat), to_java_long(seed)))

    def reseed(self, seed: int) -> None:
        """Gives this state a future of its own, in place: the random stream restarts from ``seed``
        (an integer of 64 bits, signed or not; anything else is a ValueError) and every face-down pile
        whose order no seat has seen is reshuffled from it. Nothing any seat has seen or holds
        changes (hands, sealed choices, the table, what each pile holds): every seat's observation
        is the same. ``s.clone()`` then ``reseed(k)`` is the same position with another future; unlike
        ``determinize`` it resamples nothing already dealt and needs no seat. A chance node of the
        explicit mode refuses it (:class:`kaisen.KaisenError`): there the chance player chooses the
        future."""
        self._call("reseed", to_java_long(seed))

    # serialization and text

    def to_json(self, pretty: bool = False) -> str:
        """The whole state (hidden parts included) in the game's own JSON format."""
        return self._call("toJson", bool(pretty))

    def render(self, observer: int | None = None) -> str:
        """The game's text board (the engine's, as ``print(env.board())`` shows it) as ``observer``
        (a seat; None, a spectator: hidden parts included) sees it."""
        if observer is None:
            return self._call("render")
        return self._call("render", self._seat(observer))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        st = self._st()
        who = "over" if st["terminal"] else "chance to act" if st.get("chance") else f"player {st['player']} to act"
        return f"<kaisen.State {self.game} {self.num_players}p: {st['decisions']} decisions, {who}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game == other.game and self._ctx.config == other._ctx.config and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # checks

    def _action_id(self, action: Any) -> int:
        if isinstance(action, str):
            return self._ctx.action_id(action)  # its message names the game and kaisen.spec
        return _common.action_id(action, self.spec)  # the envs' check: type, then range

    def _outcome_id(self, outcome: Any) -> int:
        table = self._ctx.spec.chance_outcomes
        if isinstance(outcome, str):
            try:
                return self._ctx.spec.chance_outcome_id(outcome)
            except KeyError:
                raise ValueError(f"a chance node takes a chance outcome; {self.game} has none named {outcome!r}"
                                 f" (see kaisen.spec({self.game!r}).chance_outcomes)") from None
        if isinstance(outcome, (bool, np.bool_)) or not isinstance(outcome, (int, np.integer)):
            raise TypeError(f"a chance outcome is an int id or its name, not {type(outcome).__name__} {outcome!r}")
        if not 0 <= int(outcome) < len(table):
            raise ValueError(f"chance outcome {int(outcome)} is out of range 0..{len(table) - 1} for {self.game}")
        return int(outcome)

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= int(seat) < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, not {seat!r}")
        return int(seat)


def _json_text(state: str | dict[str, Any] | None) -> str | None:
    if state is None:
        return None
    if isinstance(state, dict):
        return json.dumps(state)
    if isinstance(state, (bytes, bytearray)):
        return bytes(state).decode("utf-8")
    if not isinstance(state, str):
        raise TypeError(f"a state is its JSON as str or dict, not {type(state).__name__}")
    if not state.strip():
        raise ValueError("a state's JSON is empty")
    return state


def state_json(state: Any, game: str) -> str:
    """A state given to a reset (its JSON text, a dict as ``json.loads`` reads it, or a :class:`kaisen.State`)
    as JSON text; the JVM checks it belongs to the game."""
    if isinstance(state, State):
        if state.game != game:
            raise ValueError(f"the state is of {state.game}, this env plays {game}")
        return state.to_json()
    if isinstance(state, dict):
        return json.dumps(state)
    if isinstance(state, str) and state.strip():
        return state
    raise TypeError(f"a state is its JSON (str or dict) or a kaisen.State, not {type(state).__name__} {state!r}")
