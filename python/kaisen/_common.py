"""Helpers shared by the env classes: argument checks, action checks, the Java resource."""

from __future__ import annotations

import errno
import json
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _buffers, _channel, _jvm
from .errors import IllegalActionError, KaisenError
from .spec import Spec, _cached, config_json

#: What an illegal action does: raise (nothing changes) or lose (the offender forfeits; PettingZoo's convention).
ILLEGAL_ACTION_MODES = ("raise", "lose")


def check_reward_mode(reward_mode: str, jvm: _jvm.Jvm) -> str:
    """``reward_mode`` as its mode's name (an alias such as ``shaped`` read as the JVM reads it), or a
    ValueError naming the modes; the names are the JVM's (``RewardMode``, through ``Jvm.protocol``)."""
    modes, aliases = jvm.protocol["rewardModes"], jvm.protocol["rewardAliases"]
    mode = aliases.get(reward_mode, reward_mode) if isinstance(reward_mode, str) else reward_mode
    if mode not in modes:
        raise ValueError(f"unknown reward_mode {reward_mode!r}; known: {', '.join(modes)}")
    return mode


def check_illegal_action(illegal_action: str) -> str:
    if illegal_action not in ILLEGAL_ACTION_MODES:
        raise ValueError(f"unknown illegal_action {illegal_action!r}; known: {', '.join(ILLEGAL_ACTION_MODES)}")
    return illegal_action


def check_render_mode(render_mode: str | None, allowed: Sequence[str]) -> str | None:
    if render_mode is not None and render_mode not in allowed:
        raise ValueError(f"render_mode must be one of {list(allowed)}, not {render_mode!r}")
    return render_mode


@dataclass(frozen=True)
class Settings:
    """A checked env configuration: the game's spec (config validated by the JVM) and the env's modes."""

    spec: Spec
    config: str | None
    reward_mode: str
    view: str
    illegal_action: str

    @property
    def game(self) -> str:
        return self.spec.game

    @property
    def players(self) -> int:
        return self.spec.players


def settings(jvm: _jvm.Jvm, game: str, num_players: int | None, options: dict[str, Any], reward_mode: str,
             view: str | None, illegal_action: str) -> Settings:
    """Checks what every env takes. The game, config and view are checked by the JVM's
    registry (its messages name the valid options); the spec it answers sizes everything."""
    if not isinstance(game, str) or not game:
        raise ValueError(f"game must be a registered game id, not {game!r}")
    reward_mode = check_reward_mode(reward_mode, jvm)
    illegal_action = check_illegal_action(illegal_action)
    config = config_json(num_players, options, game)
    spec = _cached(game, config, view)
    return Settings(spec, config, reward_mode, spec.view, illegal_action)


def opponents_csv(opponents: str | Sequence[str], num_players: int) -> str:
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if len(names) not in (1, num_players - 1) or not all(isinstance(n, str) and n and "," not in n for n in names):
        raise ValueError(
            f"opponents must be one agent name or {num_players - 1} names (one per other seat), got {opponents!r}"
        )
    return ",".join(names)


def learner_seat_arg(learner_seat: int | None, num_players: int) -> int:
    """The learner's seat as the JVM takes it (-1: drawn at random each episode)."""
    if learner_seat is None:
        return -1
    if isinstance(learner_seat, bool) or not isinstance(learner_seat, (int, np.integer)) \
            or not 0 <= learner_seat < num_players:
        raise ValueError(f"learner_seat must be a seat 0..{num_players - 1} or None (random), not {learner_seat!r}")
    return int(learner_seat)


def action_id(action: Any, spec: Spec) -> int:
    """An action as an int id within the action space (an id, or a name of the action table such as
    ``"take:B5"``); otherwise a clear error, before anything is sent."""
    if isinstance(action, str):
        try:
            return spec.action_id(action)
        except KeyError:
            examples = ", ".join(repr(a.name) for a in spec.actions[:4])
            raise ValueError(f"no action named {action!r} in {spec.game}'s action table (names such as {examples}; "
                             "`kaisen spec` lists them all)") from None
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = int(action)
        else:
            raise TypeError(f"an action is an integer id or an action name, not {type(action).__name__} {action!r}")
    action = int(action)
    if not 0 <= action < spec.num_actions:
        raise ValueError(f"action {action} is out of range 0..{spec.num_actions - 1}")
    return action


def check_action(action: Any, mask: np.ndarray, spec: Spec, illegal_action: str = "raise") -> int:
    """An action id the env may be stepped with: one the mask allows, or under ``lose`` any in range."""
    action = action_id(action, spec)
    if illegal_action == "raise" and not mask[action]:
        raise illegal(action, mask, spec)
    return action


def illegal(action: int, mask: np.ndarray, spec: Spec, where: str = "") -> IllegalActionError:
    legal = [int(a) for a in np.flatnonzero(mask)]
    names = ", ".join(f"{a} {spec.action_name(a)}" for a in legal)
    name = spec.action_name(action) if 0 <= action < spec.num_actions else "?"
    return IllegalActionError(f"{where}illegal action {action} ({name}); legal actions: [{names}]", action, legal)


def winner_seats(bits: int, num_players: int) -> list[int]:
    """The seats set in a winners bitmask."""
    return [s for s in range(num_players) if bits >> s & 1]


def end_info(info_json: str) -> dict[str, Any]:
    """The end-of-episode facts of a Java ``EnvInfo`` with Python names (``illegal`` only after a forfeit)."""
    d = json.loads(info_json)
    out: dict[str, Any] = {
        "scores": list(d["scores"]),
        "tiebreaks": list(d["tiebreaks"]),
        "winners": list(d["winners"]),
        "end_reason": d.get("endReason"),
        "decisions": int(d["decisions"]),
    }
    if d.get("forfeitedBy", -1) >= 0:
        out["forfeited_by"] = int(d["forfeitedBy"])
        out["illegal"] = d.get("illegal")
    return out


def reset_options(options: Any, known: Sequence[str]) -> dict[str, Any]:
    """A reset's ``options`` as a dict: None is no options; an unknown key is a ValueError naming the known ones."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TypeError(f"reset options are a dict, not {type(options).__name__}")
    unknown = [k for k in options if k not in known]
    if unknown:
        raise ValueError(f"unknown reset option(s) {', '.join(repr(k) for k in unknown)}; "
                         f"known: {', '.join(repr(k) for k in known)}")
    return options


class _Held:
    """What a :class:`JavaResource` holds (its share of the JVM, the Java handle, the shared buffers
    and the step channel), apart from the resource, so that a finalizer can close it after the
    resource is gone."""

    __slots__ = ("jvm", "handle", "buffers", "channel", "closed")

    def __init__(self, jvm: _jvm.Jvm) -> None:
        self.jvm = jvm
        self.handle: Any = None
        self.buffers: _buffers.SharedBuffers | None = None
        self.channel: _channel.StepChannel | None = None
        self.closed = False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if self.channel is not None:
                self.channel.close()
            if self.buffers is not None:
                self.buffers.close()
            if self.handle is not None and self.jvm.alive():
                try:
                    self.jvm.call(self.handle.close)
                except Exception:  # noqa: BLE001 - closing must not fail
                    pass
        finally:
            self.handle = None
            _jvm.release(self.jvm)  # the share goes back whatever closing the rest did


class JavaResource:
    """Owns a Java handle, its shared buffers, its step channel and a share of the JVM; closes them once.

    An env dropped without ``close()`` (re-running a notebook cell ``env = kaisen.vector_env(...)``)
    is closed as if closed by hand: a finalizer hands what the resource held to
    :func:`_jvm.later`, whose thread closes it at once (not from inside the garbage collector,
    where the Py4J proxy of the handle may already be freed and a lock of this package may be
    held). The finalizer keeps the handle's proxy alive until then."""

    def __init__(self) -> None:
        self._held = _Held(_jvm.acquire())
        self._finalizer = weakref.finalize(self, _jvm.later, self._held.close)
        self._finalizer.atexit = False  # at exit the JVM is stopped whole (_jvm.shutdown)

    @property
    def jvm(self) -> _jvm.Jvm:
        return self._held.jvm

    @property
    def handle(self) -> Any:
        return self._held.handle

    @property
    def buffers(self) -> _buffers.SharedBuffers | None:
        return self._held.buffers

    @property
    def channel(self) -> _channel.StepChannel | None:
        return self._held.channel

    @property
    def closed(self) -> bool:
        return self._held.closed

    def open(self, create: Any, *args: Any, commands: str) -> None:
        """Creates the Java object (``create``, a method of ``jvm.entry``) with a fresh shared file as
        last argument, maps it and opens its step channel. Creating may take long (e.g. loading a
        ``dl4j:`` opponent): the JVM's watchdog tells that from a frozen JVM. ``commands`` names the
        handle's kind (``vector`` or ``aec``), whose step-channel commands :meth:`request` sends by
        name (their ids are the JVM's, from ``Jvm.protocol``)."""
        self._commands: dict[str, int] = self.jvm.protocol["commands"][commands]
        path = _buffers.new_path()
        held = self._held
        try:
            held.handle = self.jvm.call(create, *args, path)
            held.buffers = _buffers.SharedBuffers(path, self.jvm.call(held.handle.layoutJson))
            if _channel.enabled():
                held.channel = _channel.StepChannel(self.jvm, held.handle, held.buffers)
        except BaseException as e:
            _buffers.discard(path)
            self.close()
            if isinstance(e, OSError) and e.errno == errno.EMFILE:
                raise KaisenError(
                    "too many open files: each open env holds two here (its shared memory and its socket to "
                    "the JVM) and about four in the JVM; close envs you no longer use, use a vector env for "
                    "many games, or raise the limit (ulimit -n)"
                ) from e
            raise

    def ensure_open(self) -> None:
        """Raises the closed-env error first, before an action is checked against a released mask."""
        if self._held.closed:
            raise RuntimeError("this env is closed; create a new one")

    def call(self, method: str, *args: Any) -> Any:
        self.ensure_open()
        return self.jvm.call(getattr(self._held.handle, method), *args)

    def request(self, name: str, arg0: int = 0, arg1: int = 0) -> None:
        """The handle's command ``name`` (``step``, ``reset``, ...) through the step channel (no Py4J
        call; see :mod:`kaisen._channel`), or through Py4J where there is none."""
        self.ensure_open()
        held = self._held
        command = self._commands[name]
        if held.channel is not None:
            held.channel.request(command, arg0, arg1)
        else:
            self.jvm.call(held.handle.command, command, arg0, arg1)

    def close(self) -> None:
        """Closes everything now (the finalizer then has nothing left to do); called from a
        ``__del__`` inside a garbage collection, hands it to the reaper as the finalizer does."""
        if self._finalizer.detach() is None:
            return  # closed already, or handed to the reaper
        if _jvm.in_collection():
            _jvm.later(self._held.close)
        else:
            self._held.close()


#: The action that leaves an env as it is for one step (the vector envs' SKIP; the JVM's VectorEnv.SKIP).
SKIP = -1
