"""The ``page`` attacks: a play server in its own process (``--serve-page``) under slowloris clients,
stalled bodies, polls reset before their answer, concurrent polls and idle connections, then SIGTERM."""

from __future__ import annotations

import http.client
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
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from . import Row, Sizes
from ._common import _is_kaisen_jvm, _Timer

#: The page server's request timeout in this bench (the server's default is 30 s: a stalled body
#: would make every run that long).
PAGE_REQUEST_TIMEOUT = 2.0


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
        return ("GET /api/state?boards=1 HTTP/1.1\r\n"
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
    head = ("POST /api/act HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in page.headers().items())
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
    quiet, note = _quiet(lines, lambda line: "body arrived too slowly" in line and "408" in line)
    said = sum("body arrived too slowly" in line for line in lines)
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
    from ..play.server import PageServer, serve
    from ..play.session import PlaySession

    server = PageServer(request_timeout=request_timeout)
    server.session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=1)
    serve(server, open_browser=False)
