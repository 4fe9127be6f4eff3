"""The play page's server: one game against JVM agents, or one record replayed, on 127.0.0.1.

**[decision] Python's ``http.server`` and ``json``, not the JDK's ``HttpServer`` with Jackson.**
The boards the page shows are the notebooks' renderers (:mod:`kaisen.render`), which are Python;
a JDK server would have to call back into Python for every board or duplicate the renderers in
Java. ``ThreadingHTTPServer`` is the standard library's server (it parses HTTP; this module only
routes), so the page needs no new dependency, and the JVM stays behind the one Py4J gateway as
everywhere else in the package.

What the browser gets, and nothing else (the person's information state): the board drawn with
``observer=person`` (a game without an SVG renderer: the person's information-state observation
by segment, never the state's JSON), the person's legal actions with their meanings from the
action table, the moves in words as the person may know them (``State.action_name_for``), whose
turn it is and the decision number; scores and winners once the game is over, and then the
game record. The true :class:`kaisen.State` never leaves the server.

Every request carries the session's random token (``X-Kaisen-Token`` header, or ``token=`` in
the query for the page, its assets and the record download, never for an API call), compared in
constant time, and a ``Host`` of this server (``127.0.0.1:PORT`` or ``localhost:PORT``). The first page load
claims the game for its tab (a per-tab id, ``X-Kaisen-Tab``); other tabs are told the game is open
elsewhere and cannot act, but may move the game to themselves (``POST /api/claim {"takeover": true}``,
e.g. after the first tab was closed); the tab it moved from is then told so and stops. An action
names the decision number it was chosen at: a stale one, an illegal or malformed one, or one out of
turn is refused with a message and changes nothing.

If the JVM dies mid-game, the session ends once with a clear error (one line on the terminal), the
page shows it and stops polling, and the moves so far can be downloaded as an unfinished record
(a record without a result, which :mod:`kaisen.records` allows).
"""

from __future__ import annotations

import hmac
import html
import json
import os
import secrets
import shutil
import sys
import tempfile
import textwrap
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import JvmDiedError
from ..records import Chance, Move, Record, RecordResult
from ..render import _text_svg, renderer_for
from ..seeding import derive_seed, to_java_long
from ..state import State

__all__ = ["PlaySession", "ViewSession", "PageServer", "board_for", "observation_text"]

#: What the person reads when the JVM died mid-game.
ENGINE_STOPPED = "the game engine stopped; the game cannot continue — the moves so far can be downloaded"

#: The largest request body read (an action is a few dozen bytes).
MAX_BODY = 16 << 10

#: Seconds a client may leave a request unfinished (its request line, a header, its body) before the
#: connection is dropped (a stalled body is answered 408 first): a stalled client never holds a
#: thread for ever. ``PageServer(request_timeout=...)`` sets it per server.
REQUEST_TIMEOUT = 30.0

_ASSETS = {"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8"}


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


class _ClientGone(Exception):
    """The client closed its connection (or stopped reading) before its answer was written: nothing
    to answer, nothing to report (a page reloaded or closed mid-poll does it)."""


#: What a read or write on a client's socket raises once the client has gone away.
_GONE = (ConnectionError, TimeoutError)


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


# HTTP

class PageServer(ThreadingHTTPServer):
    """The page's HTTP server on 127.0.0.1 (``port=0``: a free port) for one session.

    The port is bound here; ``session`` may be given later (``server.session = ...``, before
    serving), so a command can learn that its port is taken before it deals a game."""

    daemon_threads = True
    # the listen backlog (socketserver's default is 5): beyond it, a burst of new connections (many
    # tabs, or a page's requests while the agents' moves arrive) waits out a 1 s SYN retransmit each
    request_queue_size = 128

    def __init__(self, session: PlaySession | ViewSession | None = None, port: int = 0, token: str | None = None,
                 query: str = "", request_timeout: float = REQUEST_TIMEOUT) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.session = session
        self.token = token or secrets.token_urlsafe(24)
        self.query = query  # more of the page's query (e.g. "observer=1"), added to the link
        self.request_timeout = request_timeout

    def handle_error(self, request: Any, client_address: Any) -> None:
        """An exception that left a request's handler: a client gone mid-request is no news (the
        standard library would print a traceback for each); anything else is one line."""
        e = sys.exc_info()[1]
        if isinstance(e, (_ClientGone, *_GONE)):
            return
        _say(f"kaisen: a request failed: {type(e).__name__}: {_one_line(e)}")

    @property
    def url(self) -> str:
        """The page's address, token included."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/?token={self.token}" + (f"&{self.query}" if self.query else "")

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
        self.server_close()


def _asset(name: str) -> str:
    return resources.files("kaisen.play").joinpath("static", name).read_text(encoding="utf-8")


class _Handler(BaseHTTPRequestHandler):
    server: PageServer
    # one request per connection: once the server stops, the page's next request fails at once
    # (a kept-alive connection would outlive the server's socket)
    protocol_version = "HTTP/1.0"
    timeout = REQUEST_TIMEOUT  # the server's request_timeout, set in setup()

    def setup(self) -> None:
        self.timeout = self.server.request_timeout  # the socket's timeout: a stalled client lets go of its thread
        super().setup()

    @property
    def session(self) -> PlaySession | ViewSession:
        session = self.server.session
        if session is None:
            raise RuntimeError("the page server has no session yet")
        return session

    def version_string(self) -> str:
        return "kaisen"  # no Python version in the Server header

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # a quiet terminal: the page shows what happens

    # replies

    def _send(self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy",
                         "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                         "connect-src 'self'; object-src 'none'; frame-ancestors 'none'")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        try:
            self.end_headers()
            self.wfile.write(body)
        except _GONE:
            raise _ClientGone from None

    def _json(self, status: int, value: Any) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")

    def _error(self, e: RequestError, page: bool) -> None:
        if page:
            self._send(e.status, _message_page(str(e)).encode(), "text/html; charset=utf-8")
        else:
            self._json(e.status, {"error": str(e), **({"code": e.code} if e.code else {})})

    # requests

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._route("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._route("POST")

    def _route(self, method: str) -> None:
        try:
            self._answer(method)
        except _ClientGone:
            self.close_connection = True  # nothing to answer to

    def _answer(self, method: str) -> None:
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        path = url.path
        page = method == "GET" and path in ("/", "/index.html")
        try:
            self._check_host()
            # the token in the query only where a link carries it (the page, its assets, the record
            # download); the API calls send the header
            linked = method == "GET" and (page or path.lstrip("/") in _ASSETS or path == "/api/record")
            self._check_token(query if linked else {})
            if page:
                html_text = _asset("index.html").replace("{{token}}", html.escape(self.server.token, quote=True))
                self._send(200, html_text.encode(), "text/html; charset=utf-8")
            elif method == "GET" and path.lstrip("/") in _ASSETS:
                name = path.lstrip("/")
                self._send(200, _asset(name).encode(), _ASSETS[name])
            elif path.startswith("/api/"):
                self._api(method, path[len("/api/"):], query)
            else:
                raise RequestError(HTTPStatus.NOT_FOUND, f"no page {path}")
        except _ClientGone:
            raise
        except RequestError as e:
            self._error(e, page)
        except JvmDiedError as e:
            self._engine_stopped(e, method, path, query, page)
        except Exception as e:  # noqa: BLE001 - a clear message, never a dropped connection
            _say(f"kaisen: {method} {path} failed: {type(e).__name__}: {_one_line(e)}")
            self._error(RequestError(HTTPStatus.INTERNAL_SERVER_ERROR, f"server error: {e}"), page)

    def _engine_stopped(self, e: JvmDiedError, method: str, path: str, query: dict[str, str], page: bool) -> None:
        """The JVM died under this request: a game ends with its error, shown as a normal view."""
        session = self.session
        if isinstance(session, PlaySession):
            session.engine_stopped(e)
            if path in ("/api/state", "/api/act"):
                since = _int(query.get("since", "0"), "since")
                self._json(200, session.view(since, boards=_boards(query, since)))
                return
            message = ENGINE_STOPPED
        else:
            message = "the game engine stopped; the viewer cannot show more steps (start it again with kaisen view)"
        self._error(RequestError(HTTPStatus.SERVICE_UNAVAILABLE, message), page)

    def _check_host(self) -> None:
        """Only the names of this server on this machine (a page elsewhere, via a name that resolves to
        127.0.0.1, is refused: DNS rebinding)."""
        port = self.server.server_address[1]
        allowed = (f"127.0.0.1:{port}", f"localhost:{port}")
        if (self.headers.get("Host") or "").lower() not in allowed:
            raise RequestError(HTTPStatus.FORBIDDEN, f"this server answers only at {allowed[0]} or {allowed[1]}; "
                                                     "open the link that kaisen printed")

    def _check_token(self, query: dict[str, str]) -> None:
        given = self.headers.get("X-Kaisen-Token") or query.get("token") or ""
        if not hmac.compare_digest(given.encode(), self.server.token.encode()):
            raise RequestError(HTTPStatus.FORBIDDEN,
                               "wrong or missing token: open the full link that kaisen printed when it started "
                               "(it ends with ?token=...)")

    def _tab(self, query: dict[str, str]) -> str:
        tab = self.headers.get("X-Kaisen-Tab") or query.get("tab") or ""
        if not tab or len(tab) > 100:
            raise RequestError(HTTPStatus.BAD_REQUEST, "this request names no tab; reload the page")
        return tab

    def _body(self) -> Any:
        try:
            n = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise RequestError(HTTPStatus.BAD_REQUEST, "bad Content-Length") from None
        if n > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a request body is at most {MAX_BODY} bytes")
        try:
            raw = self.rfile.read(n) if n > 0 else b""
        except TimeoutError:
            # one line on the terminal, and a 408 (if the client still listens); the connection then closes
            timeout = self.server.request_timeout
            _say(f"kaisen: a client's {n}-byte body arrived too slowly (nothing for {timeout:g} s); "
                 "answered 408, connection closed")
            self.close_connection = True
            raise RequestError(HTTPStatus.REQUEST_TIMEOUT,
                               f"the request body did not arrive within {timeout:g} s") from None
        except ConnectionError:
            raise _ClientGone from None
        if len(raw) < n:  # the client stopped sending (a half-closed socket): answered if it still listens
            raise RequestError(HTTPStatus.BAD_REQUEST, f"the request body ended after {len(raw)} of its {n} bytes")
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"the request is not JSON: {e}") from None

    def _api(self, method: str, name: str, query: dict[str, str]) -> None:
        session = self.session
        tab = self._tab(query)
        if method == "POST" and name == "claim":
            session.claim(tab, claim_takeover(self._body()))
            self._json(200, session.info())
            return
        session.check_tab(tab)
        if method == "GET" and name == "info":
            self._json(200, session.info())
        elif isinstance(session, PlaySession) and method == "GET" and name == "state":
            since = _int(query.get("since", "0"), "since")
            self._json(200, session.view(since, boards=_boards(query, since)))
        elif isinstance(session, PlaySession) and method == "POST" and name == "act":
            body = self._body()
            since = _int(query.get("since", "0"), "since")
            session.act(body)
            self._json(200, session.view(since))
        elif isinstance(session, PlaySession) and method == "GET" and name == "record":
            rec = session.record()
            # the names the page gives its download links
            name = f"{session.game}-{'record' if rec.result is not None else 'unfinished-record'}.json"
            self._send(200, rec.to_json().encode(), "application/json",
                       {"Content-Disposition": f'attachment; filename="{name}"'})
        elif isinstance(session, ViewSession) and method == "GET" and name == "step":
            k = _int(query.get("step", "0"), "step")
            obs = query.get("observer", "all")
            self._json(200, session.step(k, None if obs == "all" else _int(obs, "observer")))
        else:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no {method} /api/{name} here")


def _boards(query: dict[str, str], since: int) -> bool:
    """Whether the steps carry their boards: ``boards=1`` or ``boards=0``; by default only for a
    request of the newest steps (``since`` > 0), so the whole game's boards are sent only when asked."""
    given = query.get("boards")
    if given is None:
        return since > 0
    if given not in ("0", "1"):
        raise RequestError(HTTPStatus.BAD_REQUEST, f"boards must be 0 or 1, not {given!r}")
    return given == "1"


def _int(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"{name} must be a whole number, not {text!r}") from None


def _message_page(message: str) -> str:
    return ("<!doctype html><html><head><meta charset='utf-8'><title>Kaisen</title></head>"
            "<body style='font-family:sans-serif;margin:3em'><h1>Kaisen</h1>"
            f"<p id='message' class='error'>{html.escape(message)}</p></body></html>")


def serve(server: PageServer, *, open_browser: bool = True) -> None:
    """Serves until Ctrl-C or SIGTERM, then stops the server and the JVM."""
    import signal
    import webbrowser

    from .. import shutdown

    if server.session is None:
        raise ValueError("a page server serves once it has its session (server.session = ...)")

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    private: str | None = None
    previous = signal.signal(signal.SIGTERM, stop)
    try:  # from here on: a signal at any point stops cleanly
        print(f"kaisen: open {server.url}", flush=True)
        print("kaisen: Ctrl-C stops the server", flush=True)
        if open_browser:
            private = tempfile.mkdtemp(prefix="kaisen-play-")  # 0700
            target = redirect_file(server.url, Path(private))
            threading.Thread(target=webbrowser.open, args=(target.as_uri(),), daemon=True).start()
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        print("kaisen: stopping", flush=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if private is not None:
            shutil.rmtree(private, ignore_errors=True)
        server.close()
        shutdown()


def redirect_file(url: str, folder: Path) -> Path:
    """A page in ``folder`` (which must be private) that forwards the browser to ``url``, readable by
    this user only (0600). The browser is opened on this file, as Jupyter does, so the token is
    never on a browser's command line (which every user of the machine can read in the process list)."""
    path = folder / "open-kaisen.html"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    link = html.escape(url, quote=True)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("<!doctype html><html><head><meta charset='utf-8'>"
                f"<meta http-equiv='refresh' content='0;url={link}'><title>Kaisen</title></head>"
                f"<body><p><a href='{link}'>Open the Kaisen page</a></p></body></html>")
    return path


def load_page_record(path: str | Path) -> Record:
    """A record file for the viewer (checked; a bad file is a :class:`kaisen.RecordError`)."""
    from ..records import load_record

    return load_record(path, verify=True)
