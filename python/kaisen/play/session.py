"""The play page's sessions: one game of a person against JVM agents (:class:`PlaySession`), or one
record replayed (:class:`ViewSession`), and what a seat may see of them. :mod:`kaisen.play.server`
serves them over HTTP.

What a session gives the page, and nothing else (the person's information state): the board
drawn with ``observer=person`` (a game without an SVG renderer: the person's information-state
observation by segment, never the state's JSON), the person's legal actions with their meanings
from the action table, the moves in words as the person may know them
(``State.action_name_for``), whose turn it is and the decision number; scores and winners once the
game is over, and then the game record. The true :class:`kaisen.State` never leaves the session.
An action names the decision number it was chosen at: a stale one, an illegal or malformed one, or
one out of turn is refused with a message and changes nothing. If the JVM dies mid-game, the session
ends once with a clear error and the moves so far remain a record (unfinished).
"""

from __future__ import annotations

import hmac
import json
import sys
import textwrap
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from ..errors import JvmDiedError
from ..records import Chance, Move, Record, RecordResult
from ..render import _text_svg, renderer_for
from ..seeding import derive_seed, to_java_long
from ..state import State

__all__ = ["PlaySession", "ViewSession", "RequestError", "board_for", "observation_text", "load_page_record"]

#: What the person reads when the JVM died mid-game.
ENGINE_STOPPED = "the game engine stopped; the game cannot continue — the moves so far can be downloaded"


# what a seat may see of a state

def board_for(state: State, observer: int | None) -> str:
    """The board of ``state`` as ``observer`` sees it (None: everything), as SVG.

    The game's own renderer with ``observer`` when it has one; otherwise, for a seat, the seat's
    information-state observation by segment (what the seat knows, by the observation contract),
    and for the spectator the engine's text view."""
    r = renderer_for(state.game)
    if r is not None and r.svg is not None:
        return r.svg(json.loads(state.to_json()), observer)
    if observer is None:
        return _text_svg(state.render())
    return _text_svg(observation_text(state, observer))


def observation_text(state: State, seat: int) -> str:
    """``seat``'s information-state observation as text, one segment a line (for games without a renderer)."""
    obs = state.observation(seat)
    lines = [f"{state.spec.title}: what player {seat} knows (information-state observation)"]
    for seg in state.spec.segments.values():
        values = " ".join(_number(v) for v in obs[seg.slice])
        lines.extend(textwrap.wrap(f"{seg.name}: {values}", 110, subsequent_indent="    ") or [seg.name])
    return "\n".join(lines)


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.3g}"


def _actions(state: State, ids: Sequence[int]) -> list[dict[str, Any]]:
    sp = state.spec
    return [{"id": a, "name": sp.actions[a].name, "meaning": sp.actions[a].meaning} for a in ids]


def _result(state: State) -> dict[str, Any]:
    """A finished game's result as the page shows it."""
    return {"scores": state.scores(), "winners": state.winners(), "endReason": state.end_reason(),
            "scoreName": state.spec.score_name, "tiebreaks": state.tiebreaks(), "tiebreakName": state.spec.tiebreak_name}


def _move_words(state: State, observer: int | None, player: int, action: int) -> str:
    """``player``'s ``action`` in ``state`` (before it is applied) as ``observer`` may know it."""
    a = state.spec.actions[action]
    words = a.name if observer is None or observer == player else state.action_name_for(observer, action)
    # a public move reads as its full name: then its meaning from the action table may follow
    return f"{words} ({a.meaning})" if words == a.name and a.meaning else words


_terminal = threading.Lock()


def _say(line: str) -> None:
    """One line on the terminal (stderr), whole: request threads print at once (a 408 each), and
    ``print`` writes a line and its end apart, so two could interleave."""
    with _terminal:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _one_line(e: BaseException) -> str:
    """An error's message on one line, for the terminal (its lines joined)."""
    return " | ".join(line.strip() for line in str(e).splitlines() if line.strip())


class RequestError(Exception):
    """A request refused: ``status``, a message for the person, and optionally a ``code`` the page
    acts on (``"moved"``: the game moved to another tab)."""

    def __init__(self, status: HTTPStatus, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def claim_takeover(body: Any) -> bool:
    """The body of ``POST /api/claim``: ``{}``, or ``{"takeover": true}`` to move the game to this tab."""
    if not isinstance(body, dict) or not set(body) <= {"takeover"} or not isinstance(body.get("takeover", False), bool):
        raise RequestError(HTTPStatus.BAD_REQUEST, 'a claim is {} or {"takeover": true}, nothing more')
    return bool(body.get("takeover", False))


# playing

@dataclass(frozen=True)
class _Step:
    index: int
    decision: int
    player: int
    log: str
    board: str


class PlaySession:
    """One game of ``game`` between a person at ``seat`` and JVM agents at the other seats.

    ``opponents``: one agent name for every other seat, or one per other seat in seat order (any
    name the JVM knows: bots, ``ismcts:N``, ``dl4j:PATH``, ``zoo:NAME``). The agents move in a
    background thread between the person's turns; every move becomes a step the page can show
    (board as the person sees it after the move, and the move in the person's words)."""

    mode = "play"

    def __init__(self, game: str, *, num_players: int | None = None, opponents: str | Sequence[str] = "random",
                 seat: int = 0, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        from .. import JvmAgent

        self.options = dict(options or {})
        # the record's seed is Java's long (a record with a larger number would not load)
        self.seed = to_java_long(seed)
        self.state, setup = _deal(game, num_players, self.seed, self.options)
        self.config = dict(self.state.spec.config)
        n = self.state.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"--seat must be 0..{n - 1} for {n} players, not {seat!r}")
        self.seat = seat
        given = [opponents] if isinstance(opponents, str) else list(opponents)
        names = [part.strip() for text in given for part in text.split(",")]
        if len(names) == 1:
            names = names * (n - 1)
        if len(names) != n - 1 or any(not x for x in names):
            raise ValueError(f"give one opponent for every other seat, or {n - 1} (one per seat), not {names}")
        self.agent_names: list[str | None] = []
        self.agents: dict[int, Any] = {}
        others = iter(names)
        config = dict(self.options) or None
        for s in range(n):
            if s == seat:
                self.agent_names.append(None)
                continue
            name = next(others)
            self.agent_names.append(name)
            self.agents[s] = JvmAgent(name, self.state.game, num_players=n, config=config,
                                      seed=derive_seed(self.seed, s))
        self.setup = setup
        self.moves: list[Move] = []
        self.steps: list[_Step] = []
        self.lock = threading.RLock()
        self.thinking = False
        self.error: str | None = None
        self.tab: str | None = None
        self._moved: set[str] = set()  # tabs the game moved away from
        self.engine_dead = False
        self._board = board_for(self.state, seat)  # the last board drawn (shown once the JVM is gone)
        self._worker: threading.Thread | None = None
        self._stop = threading.Event()
        self._continue()

    @property
    def game(self) -> str:
        return self.state.game

    def info(self) -> dict[str, Any]:
        sp = self.state.spec
        players = [{"seat": s, "who": "you" if s == self.seat else self.agent_names[s]}
                   for s in range(self.state.num_players)]
        return {"mode": self.mode, "game": self.game, "title": sp.title, "players": players, "seat": self.seat,
                "scoreName": sp.score_name}

    def claim(self, tab: str, takeover: bool = False) -> None:
        """The first tab to ask gets the game; a later ask from the same tab (a reload) is fine.
        Another tab gets the game with ``takeover`` (the person closed the first tab, or wants the
        game here); the tab it moved from is told so on its next request and stops."""
        with self.lock:
            if self.tab is None or hmac.compare_digest(self.tab.encode(), tab.encode()):
                self.tab = tab
            elif takeover:
                self._moved.add(self.tab)
                self._moved.discard(tab)
                self.tab = tab
            else:
                raise RequestError(HTTPStatus.CONFLICT, "this game is already open in another tab; "
                                                        "use that tab, or open the game here")

    def check_tab(self, tab: str) -> None:
        with self.lock:
            if self.tab is None:
                raise RequestError(HTTPStatus.CONFLICT, "load the game's page first")
            if tab in self._moved:
                raise RequestError(HTTPStatus.CONFLICT, "the game moved to another tab; this tab no longer plays it",
                                   code="moved")
        self.claim(tab)

    # the person's view

    def view(self, since: int = 0, boards: bool = True) -> dict[str, Any]:
        """What the person may see now: the steps from ``since`` on (with boards unless
        ``boards=False``), the current board, legal actions (on the person's turn), status, and
        the result once the game is over. Once the JVM has died: the steps so far, the last board
        and the error (nothing asked of the JVM)."""
        with self.lock:
            if not self.engine_dead:
                try:
                    return self._view(self.state, since, boards)
                except JvmDiedError as e:
                    self.engine_stopped(e)
            since = max(0, min(since, len(self.steps)))
            return {"status": {"decision": self.steps[-1].decision if self.steps else 0, "player": None,
                               "yourTurn": False, "thinking": False, "over": False, "error": self.error,
                               "record": True},
                    "steps": self._steps(since, boards), "next": len(self.steps), "board": self._board,
                    "actions": []}

    def engine_stopped(self, e: BaseException) -> None:
        """The JVM died: the game ends here with :data:`ENGINE_STOPPED`, said once on the terminal."""
        with self.lock:
            if self.engine_dead:
                return
            self.engine_dead = True
            self.error = ENGINE_STOPPED
        if not self._stop.is_set():
            _say(f"kaisen: the game engine (JVM) stopped ({str(e).splitlines()[0] if str(e) else type(e).__name__}); "
                 "the game cannot continue, the page offers the moves so far")

    def _steps(self, since: int, boards: bool) -> list[dict[str, Any]]:
        return [{"index": s.index, "decision": s.decision, "player": s.player, "log": s.log,
                 **({"board": s.board} if boards else {})} for s in self.steps[since:]]

    def _view(self, state: State, since: int, boards: bool) -> dict[str, Any]:
        since = max(0, min(since, len(self.steps)))
        over = state.is_terminal()
        player = state.current_player()
        your_turn = not over and not self.thinking and player == self.seat and self.error is None
        out: dict[str, Any] = {
            "status": {"decision": state.decisions(), "player": player, "yourTurn": your_turn,
                       "thinking": self.thinking, "over": over, "error": self.error, "record": over},
            "steps": self._steps(since, boards),
            "next": len(self.steps),
            "board": board_for(state, self.seat),
            "actions": _actions(state, state.legal_actions()) if your_turn else [],
        }
        if over:
            out["result"] = _result(state)
        return out

    # changes

    def act(self, body: Any) -> None:
        """The person's action ``{"decision": N, "action": ID}``; refused (state unchanged) unless it
        is the person's turn, ``N`` is the current decision number and ``ID`` a legal action."""
        if not isinstance(body, dict) or set(body) != {"decision", "action"}:
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               'an action is {"decision": N, "action": ID}, nothing more or less')
        decision, action = body["decision"], body["action"]
        for name, v in (("decision", decision), ("action", action)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise RequestError(HTTPStatus.BAD_REQUEST, f"{name} must be a whole number, not {json.dumps(v)}")
        with self.lock:
            s = self.state
            if self.error is not None:
                raise RequestError(HTTPStatus.CONFLICT, f"the game stopped: {self.error}")
            if s.is_terminal():
                raise RequestError(HTTPStatus.CONFLICT, "the game is over; no action applies")
            if self.thinking or s.current_player() != self.seat:
                raise RequestError(HTTPStatus.CONFLICT, f"it is not your turn: player {s.current_player()} is to act")
            if decision != s.decisions():
                raise RequestError(HTTPStatus.CONFLICT,
                                   f"that action was chosen at decision {decision}, but the game is at decision "
                                   f"{s.decisions()} (a stale page?); nothing was changed")
            if action not in s.legal_actions():
                raise RequestError(HTTPStatus.CONFLICT, f"action {action} is not one of your legal actions now; "
                                                        "nothing was changed")
            self._apply(self.seat, action, "You")
            self._continue()

    def _apply(self, player: int, action: int, who: str) -> None:
        s = self.state
        words = _move_words(s, self.seat, player, action)
        chance = s.apply(action)
        self.moves.append(Move(step=-1, player=player, action=action, name=s.spec.action_name(action),
                               chance=tuple(Chance(c["event"], c["data"]) for c in chance)))
        self._board = board_for(s, self.seat)
        self.steps.append(_Step(len(self.steps), s.decisions(), player, f"{who} (player {player}): {words}",
                                self._board))

    def _continue(self) -> None:
        """Starts the agents' thread when an agent is to act (under the lock)."""
        s = self.state
        if s.is_terminal() or s.current_player() == self.seat or self.thinking:
            return
        self.thinking = True
        self._worker = threading.Thread(target=self._agents, name="kaisen-play-agents", daemon=True)
        self._worker.start()

    def _agents(self) -> None:
        player = None
        try:
            while not self._stop.is_set():
                with self.lock:
                    s = self.state
                    if s.is_terminal() or s.current_player() == self.seat:
                        return
                    player = s.current_player()
                    probe = s.clone()
                agent = self.agents[player]
                action = int(agent.act(probe))  # outside the lock: the page stays responsive
                with self.lock:
                    if action not in self.state.legal_actions():
                        raise RuntimeError(f"agent {self.agent_names[player]} chose {action}, not a legal action")
                    self._apply(player, action, f"{self.agent_names[player]}")
        except JvmDiedError as e:
            self.engine_stopped(e)  # quiet when stopping: kaisen.shutdown() ends the JVM under a thinking agent
        except Exception as e:  # noqa: BLE001 - told on the page, the state stays as it was
            if self._stop.is_set():
                return
            # details on the terminal only: the JVM's message may name the agent's legal actions
            # (another seat's hand)
            who = f"the agent {self.agent_names[player]} (player {player})" if player is not None else "an agent"
            _say(f"kaisen: {who} failed: {_one_line(e)}")
            with self.lock:
                self.error = f"{who} failed; see the terminal"
        finally:
            with self.lock:
                self.thinking = False

    def record(self) -> Record:
        """The game's record (as ``selfplay --records`` writes them), once the game is over; after
        the game stopped on an error (the JVM died), the moves so far, as a record without a result."""
        with self.lock:
            s = self.state
            stopped = self.engine_dead or self.error is not None
            if not stopped and not s.is_terminal():
                raise RequestError(HTTPStatus.CONFLICT, "the record can be downloaded once the game is over")
            moves, k = [], len(self.setup)
            for m in self.moves:
                moves.append(Move(k, m.player, m.action, m.name, m.chance))
                k += 1 + len(m.chance)
            result = None
            if not stopped:
                result = RecordResult(s.decisions(), s.end_reason(), tuple(s.scores()), tuple(s.tiebreaks()),
                                      tuple(s.winners()))
            return Record(self.game, self.config, self.seed, self.setup, tuple(moves), result)

    def close(self) -> None:
        """Stops the agents between moves. An agent thinking now is not waited for long: its thread is
        a daemon, and stopping the JVM (``kaisen.shutdown()``, as :func:`serve` does) ends its call,
        which the thread then leaves quietly."""
        self._stop.set()
        w = self._worker
        if w is not None:
            w.join(timeout=0.5)


def _deal(game: str, num_players: int | None, seed: int, options: dict[str, Any]) -> tuple[State, tuple[Chance, ...]]:
    """A new game dealt from ``seed`` and the chance outcomes of its deal (a record's opening steps)."""
    state, setup = State.deal(game, num_players=num_players, seed=seed, **options)
    return state, tuple(Chance(c["event"], c["data"]) for c in setup)


# viewing

class ViewSession:
    """A game record shown step by step: step ``k`` is the state after ``k`` decisions; each seat's view
    is its information state (its board, the moves as it may know them), ``all`` shows everything."""

    mode = "view"

    def __init__(self, record: Record) -> None:
        self.record = record
        self.states = record.states()
        self.lock = threading.Lock()
        self._captions = record.captions()
        self._logs: dict[int | None, list[str]] = {}

    @property
    def game(self) -> str:
        return self.record.game

    def info(self) -> dict[str, Any]:
        sp = self.states[0].spec
        name = self.record.path.name if self.record.path is not None else "record"
        return {"mode": self.mode, "game": self.game, "title": sp.title, "file": name,
                "players": [{"seat": s} for s in range(self.record.num_players)], "steps": len(self.states),
                "scoreName": sp.score_name}

    def claim(self, tab: str, takeover: bool = False) -> None:
        """Any number of tabs may view a record (nothing they do changes it)."""

    check_tab = claim

    def _log(self, observer: int | None) -> list[str]:
        if observer not in self._logs:
            if observer is None:
                self._logs[None] = self._captions
            else:
                # no seed in a seat's view: it deals every hidden card
                lines = [f"the deal ({self.record.num_players} players)"]
                for k, m in enumerate(self.record.moves, 1):
                    words = _move_words(self.states[k - 1], observer, m.player, m.action)
                    lines.append(f"move {k}: player {m.player} {words}")
                self._logs[observer] = lines
        return self._logs[observer]

    def step(self, k: int, observer: int | None) -> dict[str, Any]:
        if not 0 <= k < len(self.states):
            raise RequestError(HTTPStatus.BAD_REQUEST, f"step must be 0..{len(self.states) - 1}, not {k}")
        if observer is not None and not 0 <= observer < self.record.num_players:
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               f"observer must be all or a seat 0..{self.record.num_players - 1}, not {observer}")
        with self.lock:
            s = self.states[k]
            log = self._log(observer)
            out: dict[str, Any] = {"step": k, "decision": s.decisions(), "player": s.current_player(),
                                   "board": board_for(s, observer), "caption": log[k],
                                   "log": log[max(0, k - 40):k + 1], "over": s.is_terminal()}
            if observer is None:
                out["text"] = s.render()
            if s.is_terminal():
                out["result"] = _result(s)
            return out

    def close(self) -> None:
        pass


def load_page_record(path: str | Path) -> Record:
    """A record file for the viewer (checked; a bad file is a :class:`kaisen.RecordError`)."""
    from ..records import load_record

    return load_record(path, verify=True)
