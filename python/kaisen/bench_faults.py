"""The reliability probe's long and statistical attacks, repeated and counted (``./kaisen bench faults``).

Each attack is bounded in count and time and sends traffic only to 127.0.0.1:

``page``
    a play server (osaka, 2 players, in its own process, its stderr captured): slowloris clients
    (one header byte per second), clients whose body stalls (expected: 408 or the connection
    closed, one line on the server's terminal), polls reset before their answer, many concurrent
    state polls, many idle connections; meanwhile other requests must be answered, and the
    server must print nothing else (no traceback). Then SIGTERM: exit 0, its JVM gone.
``jvm-kills``
    an env (single and vector in turn) whose JVM is killed (SIGKILL) mid-use: the next call must
    raise a one-line :class:`kaisen.JvmDiedError`, and a new env must work.
``dropped-envs``
    for each kind of env (and :class:`kaisen.State`): ten made, reset and dropped without
    ``close()`` while another env stays open and keeps stepping; it must go on stepping.
``big-ints``
    ints of 2**31 as ``num_envs``, ``threads``, ``games`` (and a seed of 2**70) while another env
    is open: a one-line error, the other env and its JVM unaffected.

The JVM attacks run in a child process each (``--worker``), so that one attack's JVM cannot
disturb the next, and so that no Kaisen JVM left once that process has exited is seen as a leak.
A row is one attempt (``n`` times); ``acceptable`` is the probe's: a clear one-line error,
nothing lost, no hang, no traceback shown, no process left.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import http.client
import io
import json
import os
import platform
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

ATTACKS = ("page", "jvm-kills", "dropped-envs", "big-ints")

#: The page server's request timeout in this bench (the server's default is 30 s: a stalled body
#: would make every run that long).
PAGE_REQUEST_TIMEOUT = 2.0

#: Seconds a worker process (one JVM attack) may run before it is killed and its attempt reported
#: as a hang.
WORKER_TIMEOUT = 150.0


@dataclass(frozen=True)
class Sizes:
    """How many of each attack (the default run, or ``--quick``)."""

    slowloris_clients: int
    slowloris_seconds: int
    stalled_bodies: int
    reset_polls: int
    poll_threads: int
    polls_per_thread: int
    idle_connections: int
    jvm_kills: int
    drops: int


FULL = Sizes(slowloris_clients=5, slowloris_seconds=6, stalled_bodies=3, reset_polls=20, poll_threads=20,
             polls_per_thread=10, idle_connections=300, jvm_kills=3, drops=10)
QUICK = Sizes(slowloris_clients=2, slowloris_seconds=2, stalled_bodies=1, reset_polls=5, poll_threads=4,
              polls_per_thread=5, idle_connections=30, jvm_kills=1, drops=2)


@dataclass
class Row:
    """One attempt, made ``n`` times, and what came of it."""

    attack: str
    attempt: str
    n: int
    outcomes: dict[str, int]
    acceptable: bool
    seconds: float
    note: str = ""


@dataclass
class _Timer:
    start: float = field(default_factory=time.monotonic)

    def __call__(self) -> float:
        return round(time.monotonic() - self.start, 2)


def _excerpt(e: BaseException, limit: int = 110) -> str:
    """The start of ``e``'s message, for a row's note."""
    first = (str(e).strip().splitlines() or [""])[0]
    return f"{type(e).__name__}: {first[:limit]}" + ("..." if len(first) > limit else "")


def _one_line(e: BaseException) -> str:
    """``e`` as the outcome it is: its type, and whether its message is one line."""
    text = str(e)
    lines = "one line" if text and "\n" not in text.strip() else f"{len(text.splitlines())} lines"
    return f"{type(e).__name__} ({lines})"


# the play server

class _Page:
    """A play server in its own process (``--serve-page``) and plain HTTP to it."""

    def __init__(self, request_timeout: float) -> None:
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, "-m", "kaisen.bench_faults", "--serve-page",
                                      "--request-timeout", str(request_timeout)],
                                     stdout=subprocess.PIPE, stderr=self.err, text=True, stdin=subprocess.DEVNULL)
        url = ""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("kaisen: open "):
                url = line.split("kaisen: open ", 1)[1].strip()
                break
        if not url:
            self.proc.wait(30)
            raise RuntimeError(f"the play server did not start: {self._read_err(0)}")
        parts = urlsplit(url)
        self.port = int(parts.port or 0)
        self.token = parse_qs(parts.query)["token"][0]
        self._seen = 0
        status, _ = self.request("POST", "/api/claim", b"{}")
        if status != 200:
            raise RuntimeError(f"the play server refused the claim ({status})")

    def headers(self) -> dict[str, str]:
        return {"Host": f"127.0.0.1:{self.port}", "X-Kaisen-Token": self.token, "X-Kaisen-Tab": "bench"}

    def request(self, method: str, path: str, body: bytes | None = None, timeout: float = 60) -> tuple[int, bytes]:
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=self.headers())
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def poll(self) -> tuple[str, float]:
        """A state poll from an ordinary client: its outcome and latency."""
        t = time.monotonic()
        try:
            status, _ = self.request("GET", "/api/state?boards=1")
            outcome = f"other request {status}"
        except OSError as e:
            outcome = f"other request failed: {type(e).__name__}"
        return outcome, time.monotonic() - t

    def raw(self, data: bytes) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        s.sendall(data)
        return s

    def poll_bytes(self) -> bytes:
        return (f"GET /api/state?boards=1 HTTP/1.1\r\n"
                + "".join(f"{k}: {v}\r\n" for k, v in self.headers().items()) + "\r\n").encode()

    def _read_err(self, since: int) -> str:
        self.err.seek(since)
        return self.err.read().decode("utf-8", "replace")

    def new_stderr(self) -> list[str]:
        """The lines the server printed on its stderr since the last call."""
        time.sleep(0.3)  # its threads meet the closed sockets
        text = self._read_err(self._seen)
        self._seen += len(text.encode())
        return text.splitlines()

    def threads(self) -> int:
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return -1
        return int(re.search(r"^Threads:\s+(\d+)", status, re.M).group(1))  # type: ignore[union-attr]

    def jvms(self) -> list[int]:
        return [pid for pid in _children(self.proc.pid) if _is_kaisen_jvm(pid)]


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _is_kaisen_jvm(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) Kaisen JVM."""
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and any(b"java" in c for c in cmd[:1]) and any(b"kaisen" in c for c in cmd)


def _quiet(lines: list[str], expected: Callable[[str], bool] = lambda line: False) -> tuple[bool, str]:
    """Whether the server printed only ``expected`` lines, and a note on what else it printed."""
    other = [line for line in lines if not expected(line)]
    if not other:
        return True, ""
    tracebacks = sum("Traceback" in line for line in other)
    return False, f"the server printed {len(other)} other lines ({tracebacks} tracebacks), first: {other[0][:100]}"


def _rst(s: socket.socket) -> None:
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def page_attacks(sizes: Sizes, tick: Callable[[], None]) -> Iterator[Row]:
    t = _Timer()
    try:
        page = _Page(PAGE_REQUEST_TIMEOUT)
    except (RuntimeError, OSError) as e:
        yield Row("page", "start a play server", 1, {f"failed: {str(e)[:120]}": 1}, False, t())
        return
    try:
        yield _slowloris(page, sizes)
        tick()
        yield _stalled_bodies(page, sizes)
        tick()
        yield _reset_polls(page, sizes)
        tick()
        yield _concurrent_polls(page, sizes)
        tick()
        yield _idle_connections(page, sizes)
        tick()
        yield _sigterm(page)
        tick()
    finally:
        if page.proc.poll() is None:
            page.proc.kill()
            page.proc.wait()


def _slowloris(page: _Page, sizes: Sizes) -> Row:
    t = _Timer()
    outcomes: Counter[str] = Counter()
    start = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{page.port}\r\n".encode()
    slow = [page.raw(start) for _ in range(sizes.slowloris_clients)]
    cut: set[int] = set()
    slowest = 0.0
    for _ in range(sizes.slowloris_seconds):
        for i, s in enumerate(slow):
            if i not in cut:
                try:
                    s.sendall(b"X")
                except OSError:
                    cut.add(i)
        outcome, took = page.poll()
        outcomes[outcome] += 1
        slowest = max(slowest, took)
        time.sleep(1)
    if len(cut) < len(slow):
        outcomes["slow client still held"] = len(slow) - len(cut)
    if cut:
        outcomes["slow client cut by the server"] = len(cut)
    for s in slow:
        s.close()  # mid-header: the server answers a request cut short, to a client gone
    quiet, note = _quiet(page.new_stderr())
    ok = quiet and outcomes["other request 200"] == sizes.slowloris_seconds and slowest < 5
    return Row("page", f"slowloris: {sizes.slowloris_clients} clients, one header byte a second for "
                       f"{sizes.slowloris_seconds} s, then closing; one other poll a second",
               sizes.slowloris_clients, dict(outcomes), ok, t(), note or f"slowest other poll {slowest:.2f} s")


def _stalled_bodies(page: _Page, sizes: Sizes) -> Row:
    t = _Timer()
    outcomes: Counter[str] = Counter()
    head = (f"POST /api/act HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in page.headers().items())
            + "Content-Length: 16000\r\n\r\n{").encode()
    stalled = [page.raw(head) for _ in range(sizes.stalled_bodies)]
    outcome, _ = page.poll()
    outcomes[outcome] += 1
    for s in stalled:
        s.settimeout(PAGE_REQUEST_TIMEOUT + 15)
        answer = b""
        try:
            while chunk := s.recv(4096):
                answer += chunk
            outcomes[("answered " + answer.split(b" ", 2)[1].decode()) if answer else "closed, no answer"] += 1
        except TimeoutError:
            outcomes[f"no answer within {PAGE_REQUEST_TIMEOUT + 15:g} s"] += 1
        except OSError as e:
            outcomes[f"closed ({type(e).__name__})"] += 1
        s.close()
    lines = page.new_stderr()
    quiet, note = _quiet(lines, lambda line: "body bytes too slowly" in line and "408" in line)
    said = sum("body bytes too slowly" in line for line in lines)
    ok = (quiet and said <= sizes.stalled_bodies and outcomes["other request 200"] == 1
          and outcomes["answered 408"] + outcomes["closed, no answer"] == sizes.stalled_bodies)
    return Row("page", f"a body that stalls: Content-Length 16000, one byte, then nothing "
                       f"(server's request timeout {PAGE_REQUEST_TIMEOUT:g} s)",
               sizes.stalled_bodies, dict(outcomes), ok, t(), note or f"{said} one-line notes on the server's stderr")


def _reset_polls(page: _Page, sizes: Sizes) -> Row:
    t = _Timer()
    outcomes: Counter[str] = Counter()
    for _ in range(sizes.reset_polls):
        _rst(page.raw(page.poll_bytes()))
        outcomes["reset before its answer"] += 1
    outcome, _ = page.poll()
    outcomes[outcome] += 1
    quiet, note = _quiet(page.new_stderr())
    return Row("page", "state polls reset (RST) before their answer, then one poll", sizes.reset_polls,
               dict(outcomes), quiet and outcomes["other request 200"] == 1, t(), note)


def _concurrent_polls(page: _Page, sizes: Sizes) -> Row:
    t = _Timer()
    outcomes: Counter[str] = Counter()
    latencies: list[float] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(sizes.polls_per_thread):
            outcome, took = page.poll()
            with lock:
                outcomes[outcome.replace("other request", "poll")] += 1
                latencies.append(took)

    threads = [threading.Thread(target=worker) for _ in range(sizes.poll_threads)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    n = sizes.poll_threads * sizes.polls_per_thread
    quiet, note = _quiet(page.new_stderr())
    return Row("page", f"concurrent state polls ({sizes.poll_threads} threads x {sizes.polls_per_thread})", n,
               dict(outcomes), quiet and outcomes["poll 200"] == n, t(),
               note or f"slowest {max(latencies):.2f} s")


def _idle_connections(page: _Page, sizes: Sizes) -> Row:
    t = _Timer()
    outcomes: Counter[str] = Counter()
    before = page.threads()
    idle: list[socket.socket] = []
    opening = time.monotonic()
    try:
        for _ in range(sizes.idle_connections):
            idle.append(socket.create_connection(("127.0.0.1", page.port), timeout=30))
        outcomes["opened"] += len(idle)
    except OSError as e:
        outcomes[f"open failed: {type(e).__name__}"] += 1
    opened = time.monotonic() - opening
    outcome, took = page.poll()
    outcomes[outcome.replace("other request", "poll while open")] += 1
    for s in idle:
        s.close()
    time.sleep(0.5)
    outcome, _ = page.poll()
    outcomes[outcome.replace("other request", "poll after closing")] += 1
    for _ in range(50):  # the server's threads end as they meet the closed connections
        if page.threads() <= before:
            break
        time.sleep(0.1)
    after = page.threads()
    quiet, note = _quiet(page.new_stderr())
    ok = (quiet and outcomes["opened"] == sizes.idle_connections and outcomes["poll while open 200"] == 1
          and outcomes["poll after closing 200"] == 1 and after <= before)
    return Row("page", f"{sizes.idle_connections} idle connections open at once, a poll, then closing them",
               sizes.idle_connections, dict(outcomes), ok, t(),
               note or f"opened in {opened:.1f} s; poll while open {took * 1000:.0f} ms; server threads {before} "
                       f"before, {after} after")


def _sigterm(page: _Page) -> Row:
    t = _Timer()
    jvms = page.jvms()
    page.proc.send_signal(signal.SIGTERM)
    try:
        code = page.proc.wait(30)
        outcome = f"exit {code}"
    except subprocess.TimeoutExpired:
        page.proc.kill()
        code = page.proc.wait()
        outcome = "no exit within 30 s (killed)"
    time.sleep(0.2)
    left = [pid for pid in jvms if _is_kaisen_jvm(pid)]
    lines = page.new_stderr()
    quiet, note = _quiet(lines)
    outcomes = {outcome: 1, "its JVM gone" if not left else f"its JVM left running (pid {left[0]})": 1}
    return Row("page", "SIGTERM to the server after the attacks", 1, outcomes,
               quiet and code == 0 and not left and len(jvms) == 1, t(), note or f"{len(lines)} lines on its stderr")


def serve_page(request_timeout: float) -> None:
    """``--serve-page``: the server the page attacks talk to (osaka, 2 players, against random)."""
    from .play.server import PageServer, PlaySession, serve

    server = PageServer(request_timeout=request_timeout)
    server.session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=1)
    serve(server, open_browser=False)


# the JVM attacks (each in a worker process)

class _Worker:
    """What a worker reports: each attempt as it starts and each row as it ends (a JSON line each),
    so that a worker killed for a hang still tells what it had done, and where it hung."""

    def __init__(self) -> None:
        self.pids: set[int] = set()

    def start(self, attempt: str) -> None:
        print(json.dumps({"start": attempt}), flush=True)

    def row(self, row: Row) -> None:
        print(json.dumps({"row": asdict(row)}), flush=True)

    def saw_jvm(self) -> None:
        from . import _jvm

        j = _jvm.current()
        if j is not None:
            self.pids.add(j.pid)

    def done(self) -> None:
        print(json.dumps({"pids": sorted(self.pids)}), flush=True)


@contextlib.contextmanager
def _captured() -> Iterator[io.StringIO]:
    """What Python printed on stderr meanwhile (tracebacks, "Exception ignored in ..." from a ``__del__``)."""
    buf = io.StringIO()
    with contextlib.redirect_stderr(buf):
        yield buf


def _printed(buf: io.StringIO) -> str:
    text = buf.getvalue()
    if not text.strip():
        return ""
    return f"printed {len(text.splitlines())} lines on stderr ({text.count('Traceback')} tracebacks)"


class _Other:
    """The env that stays open meanwhile and keeps stepping (tokaido against random)."""

    def __init__(self) -> None:
        self.failure = ""  # the first error it met, for a note
        self._open()

    def _open(self) -> None:
        import kaisen

        self.env = _Driven(kaisen.make("tokaido", opponents="random", seed=0), seed=0)

    def step(self) -> str:
        """One step: ``"steps"`` or what it raised (then a new one is opened for the next attempt)."""
        try:
            self.env.step()
            return "steps"
        except Exception as e:  # noqa: BLE001 - what the other env meets is the outcome
            self.failure = self.failure or _excerpt(e)
            self.env.close()
            self._open()
            return f"failed: {_one_line(e)}"

    def close(self) -> None:
        self.env.close()


class _Driven:
    """A single or vector env stepped with its first legal action(s)."""

    def __init__(self, env: Any, seed: int) -> None:
        self.env = env
        self.single = not hasattr(env, "num_envs")
        _, self.info = env.reset(seed=seed)

    def step(self) -> None:
        import numpy as np

        if self.single:
            _, _, term, trunc, self.info = self.env.step(int(np.flatnonzero(self.info["action_mask"])[0]))
            if term or trunc:
                _, self.info = self.env.reset()
        else:
            self.env.step(self.env.action_masks().argmax(axis=1))  # finished games reset themselves

    def close(self) -> str:
        """Closes the env: ``""``, or what closing raised."""
        try:
            self.env.close()
            return ""
        except Exception as e:  # noqa: BLE001 - an outcome
            return _one_line(e)


def jvm_kills(sizes: Sizes, w: _Worker) -> None:
    import kaisen
    from kaisen import _jvm

    kinds: dict[str, Callable[[int], Any]] = {
        "single env": lambda k: kaisen.make("osaka", seed=k),
        "vector env (16)": lambda k: kaisen.vector_env("osaka", num_envs=16, seed=k),
    }
    for kind, make in kinds.items():
        attempt = f"kill -9 the JVM under a {kind} mid-use, then a new env"
        w.start(attempt)
        t = _Timer()
        outcomes: Counter[str] = Counter()
        waits: list[float] = []
        with _captured() as buf:
            for k in range(sizes.jvm_kills):
                env = _Driven(make(k), seed=k)
                w.saw_jvm()
                for _ in range(5):
                    env.step()
                jvm = _jvm.current()
                assert jvm is not None
                os.kill(jvm.pid, signal.SIGKILL)
                killed = time.monotonic()
                outcome = "no error in 200 steps"
                try:
                    for _ in range(200):
                        env.step()
                except Exception as e:  # noqa: BLE001 - which error is the outcome
                    outcome = _one_line(e)
                waits.append(time.monotonic() - killed)
                outcomes[outcome] += 1
                if failed := env.close():
                    outcomes[f"close raised {failed}"] += 1
                try:
                    fresh = _Driven(kaisen.make("osaka", seed=k), seed=k)
                    w.saw_jvm()
                    fresh.step()
                    fresh.close()
                    outcomes["a new env works"] += 1
                except Exception as e:  # noqa: BLE001
                    outcomes[f"a new env failed: {_one_line(e)}"] += 1
        left = [pid for pid in w.pids if _is_kaisen_jvm(pid)]
        outcomes["no JVM left after close" if _jvm.current() is None and not left else "a JVM left after close"] += 1
        printed = _printed(buf)
        ok = (outcomes["JvmDiedError (one line)"] == sizes.jvm_kills and outcomes["a new env works"] == sizes.jvm_kills
              and outcomes["no JVM left after close"] == 1 and not printed)
        w.row(Row("jvm-kills", attempt, sizes.jvm_kills, dict(outcomes), ok, t(),
                  printed or f"the error came {min(waits):.2f}-{max(waits):.2f} s after the kill"))


def _makers() -> list[tuple[str, Callable[[int], Any]]]:
    import kaisen

    def sb3(i: int) -> Any:
        return kaisen.sb3_vec_env("osaka", num_envs=8, seed=i)

    def state(i: int) -> Any:
        s = kaisen.State("osaka", seed=i)
        s.legal_actions()
        return s

    return [
        ("kaisen.make", lambda i: kaisen.make("osaka", seed=i)),
        ("kaisen.aec_env", lambda i: kaisen.aec_env("osaka")),
        ("kaisen.vector_env (8)", lambda i: kaisen.vector_env("osaka", num_envs=8, seed=i)),
        ("kaisen.multi_agent_vector_env (8)", lambda i: kaisen.multi_agent_vector_env("osaka", num_envs=8, seed=i)),
        ("kaisen.sb3_vec_env (8)", sb3),
        ("kaisen.State", state),
    ]


def dropped_envs(sizes: Sizes, w: _Worker) -> None:
    import importlib.util

    other = _Other()
    w.saw_jvm()
    try:
        for name, make in _makers():
            attempt = f"{name}: made, reset and dropped without close(), {sizes.drops} times, another env stepping"
            w.start(attempt)
            t = _Timer()
            outcomes: Counter[str] = Counter()
            if name.startswith("kaisen.sb3") and importlib.util.find_spec("stable_baselines3") is None:
                w.row(Row("dropped-envs", attempt, 0, {"skipped: no stable-baselines3": 1}, True, t()))
                continue
            with _captured() as buf:
                for i in range(sizes.drops):
                    x = None
                    try:
                        x = make(i)
                        w.saw_jvm()
                        if name.startswith("kaisen.sb3"):
                            x.reset()  # an SB3 VecEnv takes its seeds by seed()
                        elif hasattr(x, "reset"):
                            x.reset(seed=i)
                    except Exception as e:  # noqa: BLE001
                        outcomes[f"a new one failed: {_one_line(e)}"] += 1
                    del x  # dropped, not closed
                    gc.collect()
                    outcomes[f"the other env {other.step()}"] += 1
                    w.saw_jvm()
            printed = _printed(buf)
            ok = outcomes["the other env steps"] == sizes.drops and len(outcomes) == 1 and not printed
            note = "; ".join(x for x in (printed, other.failure and f"the other env's first error: {other.failure}") if x)
            other.failure = ""
            w.row(Row("dropped-envs", attempt, sizes.drops, dict(outcomes), ok, t(), note))
    finally:
        other.close()


def big_ints(sizes: Sizes, w: _Worker) -> None:
    import kaisen
    from kaisen import _jvm

    big = 2**31
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("vector_env(num_envs=2**31)", lambda: kaisen.vector_env("osaka", num_envs=big)),
        ("multi_agent_vector_env(num_envs=2**31)", lambda: kaisen.multi_agent_vector_env("osaka", num_envs=big)),
        ("vector_env(num_envs=8, threads=2**31)", lambda: kaisen.vector_env("osaka", num_envs=8, threads=big)),
        ("evaluate('greedy', 'random', games=2**31)", lambda: kaisen.evaluate("greedy", "random", games=big,
                                                                              game="osaka")),
        ("JvmAgent('greedy', seed=2**70)", lambda: kaisen.JvmAgent("greedy", "osaka", seed=2**70)),
    ]
    other = _Other()
    w.saw_jvm()
    try:
        for label, fn in cases:
            attempt = f"{label}, another env open"
            w.start(attempt)
            t = _Timer()
            outcomes: Counter[str] = Counter()
            jvm = _jvm.current()
            said = ""
            with _captured() as buf:
                try:
                    made = fn()
                    outcomes["accepted"] += 1
                    with contextlib.suppress(Exception):
                        made.close()
                except Exception as e:  # noqa: BLE001 - the error is the outcome
                    outcomes[f"raised {_one_line(e)}"] += 1
                    said = _excerpt(e)
                w.saw_jvm()
                outcomes[f"the other env {other.step()}"] += 1
            same = _jvm.current() is jvm and jvm is not None and jvm.alive()
            outcomes["the same JVM" if same else "the JVM was replaced"] += 1
            w.saw_jvm()
            printed = _printed(buf)
            refused = any(k.startswith("raised ") and k.endswith("(one line)") and "JvmDied" not in k
                          for k in outcomes)
            ok = refused and outcomes["the other env steps"] == 1 and same and not printed
            w.row(Row("big-ints", attempt, 1, dict(outcomes), ok, t(), "; ".join(x for x in (printed, said) if x)))
    finally:
        other.close()


WORKERS: dict[str, Callable[[Sizes, _Worker], None]] = {
    "jvm-kills": jvm_kills, "dropped-envs": dropped_envs, "big-ints": big_ints}


def run_worker(attack: str, sizes: Sizes) -> None:
    """``--worker ATTACK``: one JVM attack in this process, its rows as JSON lines on stdout."""
    w = _Worker()
    try:
        WORKERS[attack](sizes, w)
    finally:
        w.done()


def worker_rows(attack: str, quick: bool, tick: Callable[[], None]) -> Iterator[Row]:
    """Runs the worker of ``attack`` and yields its rows; then one row for the JVMs left once it exited."""
    t = _Timer()
    cmd = [sys.executable, "-m", "kaisen.bench_faults", "--worker", attack] + (["--quick"] if quick else [])
    errors = tempfile.TemporaryFile()  # a file, not a pipe: a worker that prints much cannot block on it
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors, text=True, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    timer = threading.Timer(WORKER_TIMEOUT, proc.kill)
    timer.start()
    started: str | None = None
    begun = time.monotonic()
    pids: list[int] = []
    try:
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue  # something else printed on stdout
            if "start" in msg:
                started, begun = msg["start"], time.monotonic()
            elif "row" in msg:
                started = None
                yield Row(**msg["row"])
                tick()
            elif "pids" in msg:
                pids = msg["pids"]
        code = proc.wait()
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    errors.seek(0)
    last = (errors.read().decode("utf-8", "replace").strip().splitlines() or [""])[-1][:160]
    errors.close()
    if started is not None:
        what = (f"no answer within {WORKER_TIMEOUT:g} s (killed)" if code == -signal.SIGKILL
                else f"the process ended with code {code}")
        yield Row(attack, started, 1, {what: 1}, False, round(time.monotonic() - begun, 2), last)
        tick()
    time.sleep(0.2)
    left = [pid for pid in pids if _is_kaisen_jvm(pid)]
    outcomes = {"gone": len(pids) - len(left)} | ({"left running": len(left)} if left else {})
    note = f"exit code {code}" + (f"; pids left {left}" if left else "") + (f"; its last words: {last}" if code else "")
    yield Row(attack, "the JVMs it started, once its process exited", len(pids), outcomes,
              not left and bool(pids) and code == 0, t(), note)
    tick()


# the report

def expected_rows(attacks: list[str]) -> int:
    """How many rows a run of ``attacks`` reports (for the progress bar): a worker's attempts and its
    row for the JVMs left."""
    per = {"page": 6,  # slowloris, stalled bodies, resets, concurrent polls, idle connections, SIGTERM
           "jvm-kills": 2 + 1,  # a single and a vector env
           "dropped-envs": 6 + 1,  # make, aec_env, vector_env, multi_agent_vector_env, sb3_vec_env, State
           "big-ints": 5 + 1}  # num_envs twice, threads, games, a seed
    return sum(per[a] for a in attacks)


def run(attacks: list[str], quick: bool) -> list[Row]:
    from tqdm import tqdm

    sizes = QUICK if quick else FULL
    rows: list[Row] = []
    with tqdm(total=expected_rows(attacks), desc="bench faults", unit="attempt", disable=None) as bar:
        def tick() -> None:
            bar.update(1)

        for attack in attacks:
            bar.set_postfix_str(attack)
            source = page_attacks(sizes, tick) if attack == "page" else worker_rows(attack, quick, tick)
            rows.extend(source)
    return rows


def table(rows: list[Row]) -> str:
    """The rows as a text table: attack, n, acceptable, time and the attempt; under each, its outcome
    counts (and a note)."""
    head = f"{'attack':<13} {'n':>4}  {'acceptable':<10} {'time':>7}  attempt"
    lines = [head, "-" * 100]
    for r in rows:
        outcomes = "; ".join(f"{k}: {v}" for k, v in r.outcomes.items())
        lines.append(f"{r.attack:<13} {r.n:>4}  {'yes' if r.acceptable else 'NO':<10} {r.seconds:>6.1f}s  {r.attempt}")
        lines.append(f"{'':<37}-> {outcomes}" + (f" ({r.note})" if r.note else ""))
    bad = sum(not r.acceptable for r in rows)
    lines.append(f"{len(rows)} rows, {sum(r.n for r in rows)} attempts: {len(rows) - bad} rows acceptable, "
                 f"{bad} not")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="kaisen bench faults", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--attacks", default=",".join(ATTACKS),
                   help=f"which, comma-separated (default all: {','.join(ATTACKS)})")
    p.add_argument("--quick", action="store_true", help="fewer of each (a short run)")
    p.add_argument("--json", nargs="?", const="-", default=None, metavar="FILE",
                   help="the rows as JSON, on stdout (instead of the table) or into FILE")
    p.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    p.add_argument("--serve-page", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--request-timeout", type=float, default=PAGE_REQUEST_TIMEOUT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.serve_page:
        serve_page(args.request_timeout)
        return 0
    if args.worker:
        run_worker(args.worker, QUICK if args.quick else FULL)
        return 0
    attacks = [a.strip() for a in args.attacks.split(",") if a.strip()]
    unknown = [a for a in attacks if a not in ATTACKS]
    if unknown or not attacks:
        p.exit(2, f"kaisen bench faults: --attacks takes {', '.join(ATTACKS)} (comma-separated), "
                  f"not {args.attacks!r}\n")
    begun = time.monotonic()
    rows = run(attacks, args.quick)
    result = {"quick": args.quick, "attacks": attacks, "cpus": os.cpu_count(), "machine": platform.machine(),
              "seconds": round(time.monotonic() - begun, 1), "rows": [asdict(r) for r in rows],
              "acceptable": sum(r.acceptable for r in rows), "not_acceptable": sum(not r.acceptable for r in rows)}
    if args.json == "-":
        print(json.dumps(result, indent=2))
    else:
        print(table(rows))
        print(f"{result['seconds']:.0f} s in all, {os.cpu_count()} CPUs"
              + (" (--quick)" if args.quick else ""))
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
