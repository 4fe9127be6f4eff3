"""The Kaisen JVM: one per Python process, shared by every env, started on demand.

The JVM runs ``java -jar kaisen.jar serve --exit-on-stdin-close`` (see :func:`java_command`
for ``KAISEN_JAVA_OPTS`` and ``KAISEN_EXTRA_CLASSPATH``): a Py4J gateway bound to
127.0.0.1 on a free port, protected by a random token passed through the environment. It
exits when our end of its stdin closes, so it never outlives this process. Every call goes
through :meth:`Jvm.call`, which turns Java exceptions into Python ones and a dead or hung JVM
into :class:`~kaisen.errors.JvmDiedError` within the call timeout.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import secrets
import select
import subprocess
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JError, Py4JJavaError, Py4JNetworkError

from .errors import IllegalActionError, JvmDiedError, KaisenError

# py4j logs connection failures with tracebacks; we raise clear exceptions instead.
logging.getLogger("py4j").setLevel(logging.CRITICAL)

#: Seconds a single call may take before the JVM is declared hung (override: KAISEN_CALL_TIMEOUT).
CALL_TIMEOUT = float(os.environ.get("KAISEN_CALL_TIMEOUT", "5"))
#: The gateway protocol this package speaks: the jar's ``version()`` must match in major.minor.
GATEWAY_VERSION = "0.2"
#: Seconds the JVM may take to start and print its port.
START_TIMEOUT = float(os.environ.get("KAISEN_START_TIMEOUT", "60"))


def find_jar() -> Path:
    """The runnable jar: ``KAISEN_JAR``, else ``bridge/target/kaisen.jar`` of this checkout."""
    env = os.environ.get("KAISEN_JAR")
    if env:
        path = Path(env)
        if not path.is_file():
            raise KaisenError(f"KAISEN_JAR points to {path}, which is not a file")
        return path
    path = Path(__file__).resolve().parents[2] / "bridge" / "target" / "kaisen.jar"
    if not path.is_file():
        raise KaisenError(
            f"the Kaisen jar is missing ({path}); build it with `./kaisen build` "
            "at the repository root, or set KAISEN_JAR"
        )
    return path


def extra_classpath() -> list[Path]:
    """Folders or jars from ``KAISEN_EXTRA_CLASSPATH`` (``os.pathsep``-separated) that exist.

    Games registered there (e.g. a test-only game in Maven's ``target/test-classes``) join the
    jar's: the registry finds them by ``ServiceLoader``."""
    return [Path(p) for p in os.environ.get("KAISEN_EXTRA_CLASSPATH", "").split(os.pathsep) if p and Path(p).exists()]


def _main_class(jar: Path) -> str:
    with zipfile.ZipFile(jar) as z:
        manifest = z.read("META-INF/MANIFEST.MF").decode("utf-8")
    for line in manifest.splitlines():
        if line.startswith("Main-Class:"):
            return line.split(":", 1)[1].strip()
    raise KaisenError(f"{jar} names no Main-Class")


def java_command(jar: Path, *args: str, java: str = "java", opts: list[str] | None = None) -> list[str]:
    """The command line that runs the Kaisen CLI with ``args``.

    ``java -jar JAR``, with the options in ``KAISEN_JAVA_OPTS`` (and ``opts``); when
    ``KAISEN_EXTRA_CLASSPATH`` names folders or jars, ``java -cp JAR:EXTRA MAIN`` instead (the
    jar's own ``lib/`` still comes from its manifest)."""
    options = [*os.environ.get("KAISEN_JAVA_OPTS", "").split(), *(opts or [])]
    extra = extra_classpath()
    if not extra:
        return [java, *options, "-jar", str(jar), *args]
    classpath = os.pathsep.join([str(jar), *(str(p) for p in extra)])
    return [java, *options, "-cp", classpath, _main_class(jar), *args]


class Jvm:
    """A running Kaisen JVM with a connected Py4J gateway."""

    def __init__(self, jar: Path | None = None, java: str = "java") -> None:
        jar = jar or find_jar()
        token = secrets.token_hex(32)
        env = dict(os.environ, KAISEN_GATEWAY_TOKEN=token)
        self._log = tempfile.TemporaryFile()
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
        self.gateway = JavaGateway(
            gateway_parameters=GatewayParameters(
                address="127.0.0.1",
                port=self.port,
                auth_token=token,
                auto_convert=False,
                read_timeout=CALL_TIMEOUT,
            )
        )
        self.entry = self.gateway.entry_point
        self._token = token
        self._slow: JavaGateway | None = None
        self._closed = False
        self.version = str(self.call(self.entry.version))
        if self.version.split(".")[:2] != GATEWAY_VERSION.split("."):
            self.shutdown()
            raise KaisenError(
                f"the jar {jar} speaks gateway version {self.version}; this kaisen package needs "
                f"{GATEWAY_VERSION}.x: rebuild the jar (`./kaisen build`) or update the package"
            )

    @property
    def slow_entry(self) -> Any:
        """The entry point on a second connection without a read timeout, for calls known to be long
        (benchmarks). A death of the JVM still ends such a call at once (the socket closes)."""
        if self._slow is None:
            self._slow = JavaGateway(
                gateway_parameters=GatewayParameters(
                    address="127.0.0.1", port=self.port, auth_token=self._token, auto_convert=False
                )
            )
        return self._slow.entry_point

    def _read_hello(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                self.process.kill()
                raise KaisenError(f"the Kaisen JVM did not start within {START_TIMEOUT:.0f} s")
            ready, _, _ = select.select([self.process.stdout], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    self.process.wait(5)
                    raise KaisenError(
                        f"the Kaisen JVM exited at start (code {self.process.returncode}): {self.stderr_tail()}"
                    )
                line += chunk
        return json.loads(line.split(b"\n", 1)[0])

    def stderr_tail(self, limit: int = 2000) -> str:
        self._log.seek(0, os.SEEK_END)
        size = self._log.tell()
        self._log.seek(max(0, size - limit))
        return self._log.read().decode("utf-8", "replace").strip()

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return not self._closed and self.process.poll() is None

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Calls a Java method, translating failures into Python exceptions."""
        if self._closed:
            raise JvmDiedError("the Kaisen JVM of this env was shut down; create a new env")
        try:
            return fn(*args)
        except Py4JJavaError as e:
            raise translate(e) from None
        except (Py4JNetworkError, Py4JError) as e:
            if not _timed_out(e):
                # The connection broke: the JVM is going or gone; give the OS a moment to reap it.
                try:
                    self.process.wait(2.0)
                except subprocess.TimeoutExpired:
                    pass
            code = self.process.poll()
            if code is not None:
                self._closed = True
                self._close_gateways()
                raise JvmDiedError(
                    f"the Kaisen JVM (pid {self.pid}) exited with code {code}; create a new env to start a "
                    f"fresh one. Its last words: {self.stderr_tail(500) or '(none)'}"
                ) from None
            self.kill()
            raise JvmDiedError(
                f"the Kaisen JVM (pid {self.pid}) did not answer within {CALL_TIMEOUT:.0f} s and was stopped; "
                f"create a new env to start a fresh one ({e.__class__.__name__}: {e})"
            ) from None

    def _close_gateways(self) -> None:
        for gateway in (self.gateway, self._slow):
            if gateway is not None:
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
        self._close_pipes()

    def shutdown(self) -> None:
        """Stops the JVM: closes the gateway, then our end of its stdin (it exits), then waits."""
        if self._closed and self.process.poll() is not None:
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

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()
        if not self._log.closed:
            self._log.close()


def _timed_out(error: BaseException) -> bool:
    """Whether a py4j error was caused by the read timeout (a hung JVM) rather than a broken connection."""
    seen: BaseException | None = error
    for _ in range(10):
        if seen is None:
            return False
        if isinstance(seen, TimeoutError):
            return True
        seen = getattr(seen, "cause", None) or seen.__cause__ or seen.__context__
    return False


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
    return KaisenError(f"{name}: {message}")


_lock = threading.Lock()
_shared: Jvm | None = None
_users = 0


def acquire() -> Jvm:
    """The shared JVM (started when there is none or the last one died); pair with :func:`release`."""
    global _shared, _users
    with _lock:
        if _shared is None or not _shared.alive():
            if _shared is not None:
                _shared.shutdown()
            _shared = Jvm()
            _users = 0
        _users += 1
        return _shared


def release(jvm: Jvm) -> None:
    """One user fewer; the JVM stops when its last user is gone."""
    global _shared, _users
    with _lock:
        if jvm is not _shared:
            jvm.shutdown()
            return
        _users -= 1
        if _users <= 0:
            _shared.shutdown()
            _shared = None
            _users = 0


def shutdown() -> None:
    """Stops the shared JVM now (envs still open will raise JvmDiedError)."""
    global _shared, _users
    with _lock:
        if _shared is not None:
            _shared.shutdown()
        _shared = None
        _users = 0


def current() -> Jvm | None:
    """The shared JVM if one is running (for tests and diagnostics)."""
    return _shared


atexit.register(shutdown)
