"""The play page's server: one game against JVM agents, or one record replayed, on 127.0.0.1.

**[decision] Python's ``http.server`` and ``json``, not the JDK's ``HttpServer`` with Jackson.**
The boards the page shows are the notebooks' renderers (:mod:`kaisen.render`), which are Python;
a JDK server would have to call back into Python for every board or duplicate the renderers in
Java. ``ThreadingHTTPServer`` is the standard library's server (it parses HTTP; this module only
routes), so the page needs no new dependency, and the JVM stays behind the one Py4J gateway as
everywhere else in the package.

What the browser gets is what the session (:mod:`kaisen.play.session`) gives a seat, and nothing
else: the true :class:`kaisen.State` never leaves the server.

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
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import JvmDiedError
from .session import ENGINE_STOPPED, PlaySession, RequestError, ViewSession, _one_line, _say, claim_takeover

__all__ = ["PageServer", "serve", "redirect_file"]

#: The largest request body read (an action is a few dozen bytes).
MAX_BODY = 16 << 10

#: Seconds a client may leave a request unfinished (its request line, a header, its body) before the
#: connection is dropped (a stalled body is answered 408 first): a stalled client never holds a
#: thread for ever. ``PageServer(request_timeout=...)`` sets it per server.
REQUEST_TIMEOUT = 30.0

_ASSETS = {"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8"}


class _ClientGone(Exception):
    """The client closed its connection (or stopped reading) before its answer was written: nothing
    to answer, nothing to report (a page reloaded or closed mid-poll does it)."""


#: What a read or write on a client's socket raises once the client has gone away.
_GONE = (ConnectionError, TimeoutError)


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
