"""The Kaisen JVM: one per Python process, shared by every env, started on demand.

The JVM runs ``java -jar kaisen.jar serve --exit-on-stdin-close`` (the Java and the jar that
:mod:`kaisen._java_launch` finds; see its ``java_command`` for ``KAISEN_JAVA_OPTS`` and
``KAISEN_EXTRA_CLASSPATH``): a Py4J gateway bound to 127.0.0.1 on a free port, protected by a
random token passed through the environment. It exits when our end of its stdin closes, so it
never outlives this process. Every call goes
through :meth:`Jvm.call`, which turns Java exceptions into Python ones and a dead or frozen JVM
into :class:`~kaisen.errors.JvmDiedError`.

Slow is not dead: a call may take as long as its work needs (a strong search opponent, a large
vector env). While a call has been running for ``KAISEN_CALL_TIMEOUT`` seconds (default 5), a
watchdog thread asks the JVM for a heartbeat on a connection of its own; a JVM that answers is
working and the call goes on, one that does not answer within ``KAISEN_CALL_TIMEOUT`` seconds
is frozen and is stopped, which ends the call with :class:`~kaisen.errors.JvmDiedError`.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import logging
import os
import queue
import re
import secrets
import select
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import py4j.java_gateway as _py4j_gateway_module
from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JError, Py4JJavaError, Py4JNetworkError

# Java and the jar, found and run (kaisen._java_launch); every public name stays importable from here too,
# where they used to be (patch them in kaisen._java_launch: find_java and java_command look them up there)
from ._java_launch import (  # noqa: F401
    JAVA_HINT,
    JAVA_VERSION,
    QUIET_FROM,
    QUIET_OPTS,
    _seconds,
    extra_classpath,
    find_jar,
    find_java,
    java_command,
    java_env,
    java_version,
    packaged_java,
    start_timeout,
)
from .errors import IllegalActionError, JvmDiedError, KaisenError

# py4j logs connection failures with tracebacks; we raise clear exceptions instead.
logging.getLogger("py4j").setLevel(logging.CRITICAL)


class _Py4jLogging:
    """py4j 0.10.9 reports a failed send through the *root* logger (``logging.info`` and
    ``logging.exception`` in ``java_gateway``), which prints a 20-line traceback and configures
    root logging as a side effect. This stand-in for its ``logging`` module sends those records
    to py4j's own logger (silenced above) and leaves everything else to :mod:`logging`."""

    _logger = logging.getLogger("py4j.java_gateway")

    def __getattr__(self, name: str) -> Any:
        return getattr(logging, name)

    def info(self, msg: object, *args: Any, **kwargs: Any) -> None:
        self._logger.info(msg, *args, **kwargs)

    def exception(self, msg: object, *args: Any, exc_info: Any = True, **kwargs: Any) -> None:
        self._logger.error(msg, *args, exc_info=exc_info, **kwargs)


_py4j_gateway_module.logging = _Py4jLogging()  # type: ignore[attr-defined]


def call_timeout() -> float:
    """Seconds a call runs before the watchdog asks for a heartbeat, and the heartbeat's own
    limit (``KAISEN_CALL_TIMEOUT``, default 5)."""
    return _seconds("KAISEN_CALL_TIMEOUT", 5.0)


#: The gateway protocol this package speaks: the jar's ``version()`` must match in major.minor.
GATEWAY_VERSION = "0.5"
#: Lines of other output (e.g. from ``KAISEN_JAVA_OPTS=-verbose:gc``) tolerated before the JVM's hello.
HELLO_NOISE_LINES = 10_000


#: A JVM with fewer than this many file descriptors left counts as out of them (a new env needs about four).
DESCRIPTOR_MARGIN = 8
#: Below this ``ulimit -n`` the JVM cannot open the jar's libraries as it starts.
MIN_DESCRIPTORS = 64


class Jvm:
    """A running Kaisen JVM with a connected Py4J gateway."""

    def __init__(self, jar: Path | None = None, java: str | None = None) -> None:
        self.call_timeout = call_timeout()
        self._start_timeout = start_timeout()
        jar = jar or find_jar()
        java = java or find_java()
        token = secrets.token_hex(32)
        env = java_env(dict(os.environ, KAISEN_GATEWAY_TOKEN=token))
        self._log = tempfile.TemporaryFile()
        self._log_lock = threading.Lock()
        self._last_words = ""
        try:
            self.process = subprocess.Popen(
                java_command(jar, "serve", "--exit-on-stdin-close", java=java),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
                env=env,
            )
        except OSError as e:
            raise KaisenError(f"cannot start Java ({java}): {e}") from e
        hello = self._read_hello()
        self.port = int(hello["port"])
        # calls: no read timeout (slow is not dead); the heartbeat: its own connection, with one
        self.gateway = JavaGateway(
            gateway_parameters=GatewayParameters(
                address="127.0.0.1", port=self.port, auth_token=token, auto_convert=False
            )
        )
        self._heartbeat = JavaGateway(
            gateway_parameters=GatewayParameters(
                address="127.0.0.1", port=self.port, auth_token=token, auto_convert=False,
                read_timeout=self.call_timeout,
            )
        )
        self.entry = self.gateway.entry_point
        self._token = token
        self._closed = False
        self._frozen = False
        self._in_flight: dict[int, float] = {}
        self._watchdog_stop = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, name=f"kaisen-jvm-watchdog-{self.pid}", daemon=True)
        self._watchdog.start()
        self.version = str(self.call(self.entry.version))
        if self.version.split(".")[:2] != GATEWAY_VERSION.split("."):
            self.shutdown()
            raise KaisenError(
                f"the jar {jar} speaks gateway version {self.version}; this kaisen package needs "
                f"{GATEWAY_VERSION}.x: rebuild the jar (`./kaisen build`) or update the package"
            )
        #: What this package's end of the envs reads from the JVM instead of repeating it: the step
        #: channel's control slots, each handle's commands, the skip action, the reward modes and
        #: their aliases, the default game (``KaisenGateway.protocol()``).
        self.protocol: dict[str, Any] = json.loads(self.call(self.entry.protocol))

    def _watch(self) -> None:
        """The watchdog: while a call has run for the call timeout, ask for a heartbeat; stop a
        JVM that does not give one (frozen), which ends the waiting calls."""
        period = min(1.0, self.call_timeout / 4)
        while not self._watchdog_stop.wait(period):
            if self._closed:
                return
            now = time.monotonic()
            try:
                started = list(self._in_flight.values())
            except RuntimeError:  # changed while read: look again next period
                continue
            if not started or now - min(started) < self.call_timeout:
                continue
            try:
                self._heartbeat.entry_point.version()
            except Exception:  # noqa: BLE001 - any failure to answer is a missing heartbeat
                if self._closed or not self._in_flight:
                    return
                self._frozen = True
                self._closed = True
                if self.process.poll() is None:
                    self.process.kill()
                return

    def _read_hello(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        deadline = time.monotonic() + self._start_timeout
        pending = b""
        noise: list[str] = []
        poll = select.poll()  # not select.select: it fails for descriptors from 1024 on
        poll.register(self.process.stdout, select.POLLIN)
        while True:
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                hello = _hello(line)
                if hello is not None:
                    return hello
                noise.append(line.decode("utf-8", "replace").strip())
                if len(noise) > HELLO_NOISE_LINES:
                    self.process.kill()
                    raise KaisenError(
                        f"the Kaisen JVM printed {len(noise)} lines without its hello (a port number); "
                        f"check KAISEN_JAVA_OPTS ({os.environ.get('KAISEN_JAVA_OPTS', '')!r}). First: {noise[0]}"
                    )
            left = deadline - time.monotonic()
            if left <= 0:
                self.process.kill()
                raise KaisenError(f"the Kaisen JVM did not start within {self._start_timeout:.0f} s "
                                  f"(KAISEN_START_TIMEOUT){_said(noise, self.stderr_tail())}")
            if poll.poll(min(left, 0.5) * 1000):
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    self.process.wait(5)
                    opts = os.environ.get("KAISEN_JAVA_OPTS", "")
                    hint = f" (KAISEN_JAVA_OPTS is {opts!r})" if opts.strip() else ""
                    hint += _descriptor_hint(noise, self.stderr_tail())
                    raise KaisenError(
                        f"the Kaisen JVM exited at start with code {self.process.returncode}{hint}"
                        f"{_said(noise + [pending.decode('utf-8', 'replace').strip()], self.stderr_tail())}"
                    )
                pending += chunk

    def stderr_tail(self, limit: int = 2000) -> str:
        """The last ``limit`` characters the JVM wrote to stderr (kept when the log is closed)."""
        with self._log_lock:  # the reaper's shutdown may close the log while an env reads it
            if self._log.closed:
                return self._last_words[-limit:].strip()
            self._log.seek(0, os.SEEK_END)
            size = self._log.tell()
            self._log.seek(max(0, size - limit))
            return self._log.read().decode("utf-8", "replace").strip()

    def descriptors(self) -> tuple[int, int] | None:
        """The JVM's open file descriptors and its limit (``ulimit -n``), from ``/proc``; None where
        that cannot be read (not Linux, or the JVM is gone)."""
        try:
            used = len(os.listdir(f"/proc/{self.pid}/fd"))
            with open(f"/proc/{self.pid}/limits") as f:
                limits = f.read()
        except OSError:
            return None
        match = re.search(r"^Max open files\s+(\d+)", limits, re.M)
        return (used, int(match.group(1))) if match else None

    def out_of_descriptors(self) -> str | None:
        """A sentence saying the JVM is (nearly) out of file descriptors, or None when it is not."""
        counts = self.descriptors()
        if counts is None or counts[0] < counts[1] - DESCRIPTOR_MARGIN:
            return None
        return (f"the Kaisen JVM is out of file descriptors ({counts[0]} open, its limit is {counts[1]}: ulimit -n); "
                "each open env holds about four there: close envs you no longer use, use a vector env for many "
                "games, or raise the limit")

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return not self._closed and self.process.poll() is None

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Calls a Java method, translating failures into Python exceptions. A call takes as long
        as its work; a JVM that stops giving heartbeats meanwhile is stopped (see the module)."""
        if self._closed:
            if self._frozen:
                raise self._frozen_error()
            raise JvmDiedError("the Kaisen JVM of this env was shut down; create a new env")
        me = threading.get_ident()
        self._in_flight[me] = time.monotonic()
        try:
            return fn(*args)
        except Py4JJavaError as e:
            raise translate(e) from None
        except Py4JNetworkError as e:
            raise self.broken(f"{e.__class__.__name__}: {_first_line(e)}") from None
        except Py4JError as e:
            # Py4J's own refusal, sent by the Java side (no Java method takes these arguments, a
            # freed handle): the call failed, not the connection; the JVM and every other env go
            # on. A Py4JError without one (py4j's answer to a receive that failed) is a broken
            # connection: broken() waits for the JVM's death to show.
            reason = _py4j_refusal(e)
            if reason is None or self.process.poll() is not None or self._closed:
                raise self.broken(f"{e.__class__.__name__}: {_first_line(e)}") from None
            raise KaisenError(f"the Kaisen JVM refused the call {_call_name(fn)}: {reason}; "
                              "the JVM and other envs are unaffected") from None
        finally:
            self._in_flight.pop(me, None)

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Marks a wait for the JVM outside Py4J (an env's step channel): the watchdog then asks
        for heartbeats as it does for a long call, and stops a frozen JVM, which ends the wait."""
        me = threading.get_ident()
        self._in_flight[me] = time.monotonic()
        try:
            yield
        finally:
            self._in_flight.pop(me, None)

    def broken(self, detail: str) -> JvmDiedError:
        """The error for a connection to the JVM that broke (``detail`` says which): the JVM was
        stopped as frozen, exited by itself, or is stopped now."""
        # the JVM is going or gone; give the OS a moment to reap it
        try:
            self.process.wait(2.0)
        except subprocess.TimeoutExpired:
            pass
        if self._frozen:
            self._close_gateways()
            return self._frozen_error()
        code = self.process.poll()
        if code is not None:
            self._closed = True
            self._close_gateways()
            return JvmDiedError(
                f"the Kaisen JVM (pid {self.pid}) exited with code {code}; create a new env to start a "
                f"fresh one. Its last words: {_one_line(self.stderr_tail(500)) or '(none)'}"
            )
        self.kill()
        return JvmDiedError(
            f"the connection to the Kaisen JVM (pid {self.pid}) broke and the JVM was stopped; "
            f"create a new env to start a fresh one ({detail})"
        )

    def _frozen_error(self) -> JvmDiedError:
        t = self.call_timeout
        return JvmDiedError(
            f"the Kaisen JVM (pid {self.pid}) did not answer within {t:g} s and gave no heartbeat for another "
            f"{t:g} s, so it was stopped as frozen; create a new env to start a fresh one (a JVM that is only "
            f"slow keeps answering heartbeats; set KAISEN_CALL_TIMEOUT, in seconds, to wait longer)"
        )

    def _close_gateways(self) -> None:
        """Closes both gateways' connections, and makes them open no new one: py4j's ``close`` closes
        only the connections idle at that moment, and a later send (a call in flight on another
        thread, py4j's finalizer of a Java object) would open a connection that nothing closes,
        its socket left open for as long as this object lives."""
        self._watchdog_stop.set()
        for gateway in (self.gateway, self._heartbeat):
            if gateway is not None:
                gateway._gateway_client.is_connected = False  # py4j then refuses new connections
                try:
                    gateway.close(keep_callback_server=False, close_callback_server_connections=False)
                except Exception:  # noqa: BLE001 - the connection may already be broken
                    pass

    def kill(self) -> None:
        self._closed = True
        self._close_gateways()
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self._close_gateways()  # a connection a call in flight gave back meanwhile
        self._close_pipes()

    def shutdown(self) -> None:
        """Stops the JVM: closes the gateway, then our end of its stdin (it exits), then waits."""
        if self._closed and self.process.poll() is not None:
            self._close_gateways()
            self._close_pipes()
            return
        self._closed = True
        self._close_gateways()
        try:
            self.process.wait(0.01)
        except subprocess.TimeoutExpired:
            pass
        self._close_pipes()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self._close_gateways()  # a connection a call in flight gave back meanwhile

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()
        with self._log_lock:
            if not self._log.closed:
                self._log.seek(0, os.SEEK_END)
                self._log.seek(max(0, self._log.tell() - _LAST_WORDS))
                self._last_words = self._log.read().decode("utf-8", "replace")
                self._log.close()


#: How much of the JVM's stderr is kept once its log is closed (for the errors of envs still open).
_LAST_WORDS = 4000


def _descriptor_hint(stdout: list[str], stderr: str) -> str:
    """Why a JVM that failed at start may have: too few file descriptors (``ulimit -n``) show as
    "Too many open files", or as a class of the jar's libraries not found (their jars not opened)."""
    said = "\n".join([*stdout, stderr])
    if "Too many open files" not in said and "NoClassDefFoundError" not in said:
        return ""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return ""
    if "Too many open files" not in said and soft >= MIN_DESCRIPTORS:
        return ""
    return (f": it ran out of file descriptors (ulimit -n is {soft}; the JVM needs at least {MIN_DESCRIPTORS} to "
            "start, and about four more per open env): raise the limit")


def _one_line(text: str) -> str:
    """Lines of the JVM's output joined into one, for a one-line error."""
    return " | ".join(line.strip() for line in text.splitlines() if line.strip())


def _first_line(e: BaseException) -> str:
    return next((line.strip() for line in str(e).splitlines() if line.strip()), type(e).__name__)


def _call_name(fn: Callable[..., Any]) -> str:
    """The Java method a Py4J member stands for (``newVectorEnv``), for messages."""
    return str(getattr(fn, "name", None) or getattr(fn, "__name__", None) or "?")


def _py4j_refusal(e: Py4JError) -> str | None:
    """What the Java side's refusal of a call (``An error occurred while calling o12.close. Trace:
    py4j.Py4JException: Target Object ID does not exist ...``) says, in one line; None when the
    error carries no ``Py4JException`` from the Java side (then the connection failed)."""
    for line in str(e).splitlines():
        line = line.strip()
        if line.startswith("py4j.Py4JException:"):
            reason = line.split(":", 1)[1].strip()
            if "does not exist" in reason and "Method " in reason:
                return (f"{reason} (an argument of a type or size the method does not take, such as an int "
                        "past 2**31 - 1)")
            return reason
    return None


def _hello(line: bytes) -> dict[str, Any] | None:
    """The JVM's hello (a JSON object with its port), or None for any other line."""
    try:
        hello = json.loads(line)
    except ValueError:
        return None
    return hello if isinstance(hello, dict) and isinstance(hello.get("port"), int) else None


def _said(stdout: list[str], stderr: str, limit: int = 1500) -> str:
    """What the JVM printed, for a start-up error message."""
    lines = [line.strip() for chunk in [*stdout, stderr] for line in chunk.splitlines() if line.strip()]
    text = " | ".join(lines)
    return f". It printed: {text[-limit:]}" if text else ""


def translate(e: Py4JJavaError) -> Exception:
    """A Java exception as the matching Python one, keeping the Java message."""
    java = e.java_exception
    try:
        name = java.getClass().getName()
        message = java.getMessage()
    except Exception:  # noqa: BLE001 - the JVM may be going away
        return KaisenError(str(e))
    if name == "dev.kaisen.env.IllegalActionException":
        return IllegalActionError(message, int(java.action()), [])
    if name in ("java.lang.IllegalArgumentException", "dev.kaisen.env.GameFormatException"):
        return ValueError(message)
    if name == "java.lang.IllegalStateException":
        return KaisenError(message)
    if name == "dev.kaisen.env.UserFiles$FileException":  # a file of the caller's (board, record, checkpoint)
        return OSError(message)
    return KaisenError(f"{name}: {message}")


_lock = threading.Lock()
_shared: Jvm | None = None
_users = 0
#: Shares of any JVM (the shared one, or an older one still held) not yet released: while there
#: is one, a finalizer may still hand the reaper a close.
_holders = 0

_pending: queue.SimpleQueue[Callable[[], Any]] = queue.SimpleQueue()
_reaper: threading.Thread | None = None


_collecting: int | None = None  # the thread running a garbage collection now, if any


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    global _collecting
    _collecting = threading.get_ident() if phase == "start" else None


gc.callbacks.append(_on_gc)


def in_collection() -> bool:
    """Whether this thread is inside a garbage collection (running finalizers and ``__del__``
    methods), where a close must go through :func:`later`."""
    return _collecting == threading.get_ident()


def later(close: Callable[[], Any]) -> None:
    """Runs ``close`` soon on the reaper thread: for finalizers, which run inside the garbage
    collector, at any point of any thread (perhaps one holding this module's lock, or in the middle
    of a Py4J call), where closing a Java handle or releasing the JVM must not happen.
    ``SimpleQueue.put`` is safe there."""
    _pending.put(close)


#: A reaper with nothing to do for this long while no JVM is shared ends (the next JVM starts another).
REAPER_IDLE_SECONDS = 1.0


def _reap() -> None:
    global _reaper
    while True:
        try:
            close = _pending.get(timeout=REAPER_IDLE_SECONDS)
        except queue.Empty:
            _cool(False)
            with _lock:
                if _holders == 0 and _pending.empty():
                    _reaper = None
                    return
            continue
        try:
            close()
        except Exception:  # noqa: BLE001 - a finalizer's close must not end the reaper
            logging.getLogger("kaisen").debug("closing a dropped env failed", exc_info=True)


def run_pending(timeout: float = 10.0) -> bool:
    """Waits (at most ``timeout`` s) until every close given to :func:`later` so far has run (the
    reaper runs them in order); without a reaper thread, runs them here. Whether they all ran
    (tests, diagnostics). The share :func:`warm` holds is given back first."""
    _cool(True)
    done = threading.Event()
    with _lock:  # the reaper decides to end under the lock: it is either gone, or sees this
        reaper = _reaper if _reaper is not None and _reaper.is_alive() else None
        if reaper is not None:
            _pending.put(done.set)
    if reaper is not None:
        return done.wait(timeout)
    while True:
        try:
            close = _pending.get_nowait()
        except queue.Empty:
            return True
        try:
            close()
        except Exception:  # noqa: BLE001 - as in _reap
            pass


def _start_reaper() -> None:
    """Starts the reaper thread unless it runs (with the lock held, outside the garbage collector,
    when a JVM is acquired)."""
    global _reaper
    if _reaper is None or not _reaper.is_alive():
        _reaper = threading.Thread(target=_reap, name="kaisen-reaper", daemon=True)
        _reaper.start()


def acquire() -> Jvm:
    """The shared JVM (started when there is none or the last one died); pair with :func:`release`."""
    global _shared, _users, _holders
    with _lock:
        _start_reaper()
        if _shared is None or not _shared.alive():
            if _shared is not None:
                _shared.shutdown()
            _shared = Jvm()
            _users = 0
        _users += 1
        _holders += 1
        return _shared


def release(jvm: Jvm) -> None:
    """One user fewer; the JVM stops when its last user is gone."""
    global _shared, _users, _holders
    with _lock:
        _holders -= 1
        if jvm is not _shared:
            jvm.shutdown()
            return
        _users -= 1
        if _users <= 0:
            _shared.shutdown()
            _shared = None
            _users = 0


#: How long :func:`warm` holds its share after its last use.
WARM_SECONDS = 2.0
_warm_share: Jvm | None = None
_warm_last = 0.0
_warm_busy = 0  # uses of the warm share under way


@contextlib.contextmanager
def warm() -> Iterator[Jvm]:
    """The shared JVM for brief calls that keep no handle (a board drawn from a state's JSON): started
    when none runs, and held :data:`WARM_SECONDS` after the last such use ends so that the next finds
    it running (a replay draws many boards). The reaper lets it go once idle; :func:`run_pending` and
    :func:`shutdown` at once, so a JVM stops with its last env as before. ::

        with _jvm.warm() as jvm:
            jvm.call(jvm.entry.viewJson, ...)
    """
    global _warm_share, _warm_last, _warm_busy
    with _lock:
        _warm_busy += 1
        live = _warm_share is not None and _warm_share is _shared and _warm_share.alive()
        stale = None if live else _warm_share
        if not live:
            _warm_share = None
    try:
        if stale is not None:
            release(stale)
        if not live:
            jvm = acquire()
            with _lock:
                extra, _warm_share = (jvm, _warm_share) if _warm_share is not None else (None, jvm)
            if extra is not None:
                release(extra)  # another thread made the warm share meanwhile
        yield _warm_share
    finally:
        with _lock:
            _warm_busy -= 1
            _warm_last = time.monotonic()


def _cool(force: bool) -> None:
    """Gives :func:`warm`'s share back when no use is under way and none ended in the last
    :data:`WARM_SECONDS` (with ``force``: when no use is under way)."""
    global _warm_share
    with _lock:
        if _warm_share is None or _warm_busy or not force and time.monotonic() - _warm_last < WARM_SECONDS:
            return
        jvm, _warm_share = _warm_share, None
    release(jvm)


def shutdown() -> None:
    """Stops the shared JVM now (envs still open will raise JvmDiedError)."""
    global _shared, _users, _warm_share
    with _lock:
        if _shared is not None:
            _shared.shutdown()
        _shared = None
        _users = 0
        _warm_share = None


def current() -> Jvm | None:
    """The shared JVM if one is running (for tests and diagnostics)."""
    return _shared


atexit.register(shutdown)
