"""Leak accounting for the Python suite (a pytest plugin, loaded by ``conftest.py``).

At the start of the session it marks the environment (``KAISEN_TEST_SESSION``, inherited by every
process the tests start: JVMs, play servers, browsers, their children even when orphaned) and
notes what exists. At the end, after every fixture is torn down, it fails the session with a list
of what Kaisen left behind:

- processes: any process still running that carries the session's mark;
- threads of this process named ``kaisen-*`` (the JVM watchdog, the reaper) or serving a play
  page (``serve_forever`` and its ``process_request_thread``s), given a few seconds to end;
- sockets: socket descriptors of this process that were not open at the start (but those a test
  module excused as another library's, with :func:`excuse_sockets`: Ray's driver keeps its gRPC
  channels open after ``ray.shutdown()``);
- shared memory: ``kaisen-*`` files in the shared-memory folder that were not there at the start
  (but those of a live process without the mark: another job's);
- temp folders: ``kaisen-*`` and ``SB3-*`` entries (Stable-Baselines3's logger) in the temp folder
  that were not there at the start.

Other jobs on the machine that make ``kaisen-*`` temp entries during the session show up too: run
the suite alone (as CI does) for a clean account.
"""

from __future__ import annotations

import gc
import os
import secrets
import tempfile
import threading
import time
from pathlib import Path

import pytest

MARK = "KAISEN_TEST_SESSION"
#: Names of temp entries that are Kaisen's (or made by the libraries its tests drive).
TEMP_PREFIXES = ("kaisen-", "SB3-")
#: How long threads and processes get to end after the last test.
GRACE_SECONDS = 10.0

_start: dict[str, set] = {}
#: Sockets excused as another library's, and why.
_excused: dict[str, str] = {}
# marked at import (conftest imports this first), before the conftest starts a JVM to list the games
os.environ.setdefault(MARK, secrets.token_hex(8))


def _shm_dir() -> str:
    from kaisen import _buffers

    return _buffers.SHM_DIR


def _sockets() -> set[str]:
    out = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:"):
            out.add(target)
    return out


def sockets_now() -> set[str]:
    """This process's sockets now (for :func:`excuse_sockets`)."""
    return _sockets()


def excuse_sockets(before: set[str], why: str) -> None:
    """The sockets opened since ``before`` and still open are not Kaisen's (``why`` says whose)."""
    for s in _sockets() - before:
        _excused[s] = why


def _shm() -> set[str]:
    return {f for f in os.listdir(_shm_dir()) if f.startswith("kaisen-") and not _another_jobs(f)}


def _another_jobs(name: str) -> bool:
    """Whether shared-memory file ``name`` (``kaisen-PID-...``, PID the process that made it) is a
    live process's that does not carry this session's mark: another job's (notebooks or a
    training run going on while the suite runs). A file whose maker has ended counts as ours."""
    pid = name.split("-")[1]
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return f"{MARK}={os.environ[MARK]}".encode() not in f.read().split(b"\0")
    except OSError:
        return False  # ended (or not ours to read): counted


def _temp() -> set[str]:
    return {f for f in os.listdir(tempfile.gettempdir()) if f.startswith(TEMP_PREFIXES)}


#: Python's own multiprocessing helpers (one each per interpreter, ending with it): not leaks.
INTERPRETER_HELPERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


def _socket_names() -> dict[str, str]:
    """``socket:[inode]`` -> what it is (``unix /path``, ``tcp 127.0.0.1:PORT``), from /proc/net."""
    names = {}
    try:
        for line in Path("/proc/net/unix").read_text().splitlines()[1:]:
            parts = line.split()
            if len(parts) >= 7:
                names[f"socket:[{parts[6]}]"] = "unix " + (parts[7] if len(parts) > 7 else "(unnamed)")
        for kind in ("tcp", "tcp6", "udp"):
            for line in Path(f"/proc/net/{kind}").read_text().splitlines()[1:]:
                parts = line.split()
                if len(parts) >= 10:
                    port = int(parts[1].rsplit(":", 1)[1], 16)
                    peer = int(parts[2].rsplit(":", 1)[1], 16)
                    names[f"socket:[{parts[9]}]"] = f"{kind} port {port}" + (f" to port {peer}" if peer else "")
    except OSError:
        pass
    return names


def _marked_processes(mark: str) -> list[str]:
    """Running processes whose environment carries ``KAISEN_TEST_SESSION=mark`` (not this one, nor
    the interpreter's own multiprocessing helpers)."""
    needle = f"{MARK}={mark}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle not in f.read().split(b"\0"):
                    continue
            stat = Path(f"/proc/{entry}/stat").read_text()
            if stat.rsplit(")", 1)[1].split()[0] == "Z":
                continue  # exited; its parent has not reaped it yet
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, IndexError):
            continue
        if any(helper in cmd for helper in INTERPRETER_HELPERS):
            continue
        found.append(f"pid {entry}: {cmd[:160]}")
    return found


#: Parts of the names of a play page server's threads (``Thread-N (serve_forever)``).
PAGE_THREADS = ("(serve_forever)", "(process_request_thread)")


def _kaisen_threads() -> list[str]:
    return [t.name for t in threading.enumerate()
            if t is not threading.main_thread() and t.is_alive()
            and (t.name.startswith("kaisen-") or t.name.endswith(PAGE_THREADS))]


def left_behind() -> list[str]:
    """What the session left, as lines (empty when nothing)."""
    from kaisen import _jvm

    gc.collect()
    _jvm.run_pending()
    deadline = time.monotonic() + GRACE_SECONDS
    while time.monotonic() < deadline:
        if not _kaisen_threads() and not _marked_processes(os.environ[MARK]):
            break
        time.sleep(0.1)
    lines = []
    if _jvm.current() is not None:
        lines.append(f"the shared JVM (pid {_jvm.current().pid}, {_jvm._users} users): an env was not closed")
    lines += [f"process {p}" for p in _marked_processes(os.environ[MARK])]
    lines += [f"thread {name}" for name in _kaisen_threads()]
    names = _socket_names()
    lines += [f"socket {s} ({names.get(s, 'unknown kind')})"
              for s in sorted(_sockets() - _start["sockets"] - set(_excused))]
    lines += [f"shared memory {_shm_dir()}/{f}" for f in sorted(_shm() - _start["shm"])]
    lines += [f"temp entry {tempfile.gettempdir()}/{f}" for f in sorted(_temp() - _start["temp"])]
    return lines


def pytest_sessionstart(session: pytest.Session) -> None:
    _start.update(sockets=_sockets(), shm=_shm(), temp=_temp())


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    lines = left_behind()
    if lines:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = "the tests left behind:\n" + "\n".join(f"  {line}" for line in lines)
        if reporter is not None:
            reporter.write_sep("=", "leak accounting: FAILED", red=True)
            reporter.write_line(text)
        else:
            print(text)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
