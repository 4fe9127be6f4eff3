"""Python's end of a Java ``StepChannel``: an env's steps without a Py4J call.

A request is written into the ``control`` region of the env's shared buffers (command and
arguments first, then its number); a JVM thread serving the env sees the number, runs the
command (writing the results into the buffers) and writes the number back as the answer.
Each side spins for a short while, then announces that it sleeps and blocks on a Unix-domain
socket, where the other side writes one byte to wake it. The socket also tells us at once when
the JVM dies (end of file); a frozen JVM is stopped by the JVM's watchdog (see :mod:`kaisen._jvm`)
while we wait, which ends the wait the same way.

The protocol relies on x86-64's memory ordering for Python's plain stores and loads (and a lock
as a full fence), so a channel is opened on x86-64 only; elsewhere, or with
``KAISEN_STEP_CHANNEL=0``, each command goes through Py4J (:func:`enabled`). An env is used by
one thread at a time.

The wait for an answer shares the machine: it spins holding the GIL for at most
:data:`HOLD_SECONDS` (a fast game's step is answered within it), then spins yielding, each turn
handing the GIL to any other Python thread that wants it (a learner in a second thread) and the
core to any other runnable thread (the JVM's, PyTorch's), for at most :data:`SPIN_SECONDS` in all
(the spin adapts to how soon answers come), then sleeps on the socket. Should a yield take long
(another Python thread computed without releasing the GIL: handing it over costs up to the
interpreter's switch interval each time), the next waits yield the core but keep the GIL, as
many waits as :data:`HOLD_WAITS`, then handing it over is tried again. What the waits cost is counted
(:attr:`StepChannel.stats`).

Slots of the control region (int64): the request number, the command and its two arguments, and
whether Python sleeps; the answer number, whether it failed, and whether Java sleeps. Where each
lies is the JVM's word (``StepChannel.java``, read through ``Jvm.protocol``), not repeated here.
"""

from __future__ import annotations

import ctypes
import os
import platform
import secrets
import select
import socket
import subprocess
import threading
import time
import weakref
from typing import Any, Callable

from . import _buffers
from .errors import KaisenError

#: The longest a request spins for its answer before sleeping on the socket (a fast game's step
#: takes microseconds; a search opponent's may take seconds). The spin adapts (see ``_await``).
SPIN_SECONDS = 2e-3
#: The shortest spin: where answers never come within the spin (slow steps, or a machine whose
#: CPUs are shared so that spinning only delays the JVM), requests sleep almost at once.
MIN_SPIN_SECONDS = 2e-6
#: While asleep, how often to look at the JVM (alive, not stopped as frozen).
POLL_SECONDS = 0.25
#: The longest a wait spins holding the GIL before it yields on every turn.
HOLD_SECONDS = 20e-6
#: A yield that took this long got the GIL back late: another Python thread held it.
SLOW_YIELD_SECONDS = 1e-3
#: After a slow yield, this many waits yield the core but keep the GIL.
HOLD_WAITS = 64


def _core_yield() -> Callable[[], Any]:
    """A call that yields the core to any other runnable thread and keeps the GIL: libc's
    ``sched_yield`` through ``ctypes.PyDLL``, which does not release it (``os.sched_yield`` does,
    and stands in where libc's cannot be found)."""
    try:
        return ctypes.PyDLL(None).sched_yield  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return os.sched_yield


_yield_core = _core_yield()


def enabled() -> bool:
    """Whether envs step through a channel: on x86-64, unless ``KAISEN_STEP_CHANNEL=0``."""
    if os.environ.get("KAISEN_STEP_CHANNEL", "").strip() == "0":
        return False
    return platform.machine().lower() in ("x86_64", "amd64")


class StepChannel:
    """Requests to one Java env handle through shared memory (see the module)."""

    def __init__(self, jvm: Any, handle: Any, buffers: _buffers.SharedBuffers, *,
                 spin_seconds: float = SPIN_SECONDS) -> None:
        self._jvm = jvm
        self._handle = handle
        self._max_spin = self._spin = spin_seconds
        self._waits = 0
        self._hold_waits = 0
        #: What the waits for answers cost so far: ``waits``; answers seen while spinning holding the
        #: GIL (``held``), while yielding (``yielded``), after sleeping (``slept``); ``yields`` (turns
        #: that handed over the GIL and the core), ``slow_yields`` (those that got the GIL back late);
        #: and the seconds spent spinning holding the GIL, yielding and asleep.
        self.stats: dict[str, float] = dict.fromkeys(
            ("waits", "held", "yielded", "slept", "yields", "slow_yields", "seconds_holding", "seconds_yielding",
             "seconds_asleep"), 0)
        self._fence_lock = threading.Lock()
        self._busy = threading.Lock()
        self._sock: socket.socket | None = None
        path = _buffers.new_path(".sock")
        token = secrets.token_hex(16)
        jvm.call(handle.openChannel, path, token)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            sock.sendall(token.encode("ascii"))
        except OSError as e:
            sock.close()
            raise self._lost(f"cannot connect to it: {e}") from None
        finally:
            _buffers.discard(path)  # connected (or failed): the name is needed no more
        self._poll = select.poll()  # not select.select: it fails for descriptors from 1024 on
        self._poll.register(sock, select.POLLIN)
        self._slots = buffers.slots("control")
        at = jvm.protocol["control"]
        self._request_at, self._command_at, self._arg0_at, self._arg1_at = (
            at["request"], at["command"], at["arg0"], at["arg1"])
        self._answer_at, self._failed_at = at["answer"], at["failed"]
        self._python_sleeps_at, self._java_sleeps_at = at["pythonSleeps"], at["javaSleeps"]
        self._seq = self._slots[self._answer_at]
        self._sock = sock
        # an env dropped without close(): its end of the socket closes with it, quietly
        weakref.finalize(self, sock.close)

    def _lost(self, detail: str) -> Exception:
        """The error for a channel that broke: the JVM's death (or freeze) if that was the cause,
        else an error of this env alone (the JVM and other envs go on)."""
        try:
            self._jvm.process.wait(0.5)
        except subprocess.TimeoutExpired:
            pass
        if self._jvm.alive():
            out = self._jvm.out_of_descriptors()
            if out is not None:
                return KaisenError(f"this env's step channel to the JVM could not be kept open ({detail}): {out}; "
                                   "the JVM and other envs are unaffected")
            return KaisenError(f"this env's step channel to the JVM broke ({detail}); the JVM and other envs "
                               "are unaffected: create a new env")
        return self._jvm.broken(f"the env's step channel: {detail}")

    def _fence(self) -> None:
        """A full memory fence on x86-64 (an uncontended lock is a locked read-modify-write)."""
        self._fence_lock.acquire()
        self._fence_lock.release()

    def request(self, command: int, arg0: int = 0, arg1: int = 0) -> None:
        """Runs a command of the handle and returns when its results are in the buffers; a
        failed command raises what the Java side threw."""
        if self._sock is None:
            raise RuntimeError("this env is closed; create a new one")
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("this env is in use by another thread: an env may be used by one thread at a time")
        try:
            c = self._slots
            answer = self._answer_at
            if c[answer] != self._seq:
                self._await(self._seq)  # a request whose wait was interrupted (Ctrl-C): let it finish first
            seq = self._seq + 1
            c[self._command_at] = command
            c[self._arg0_at] = arg0
            c[self._arg1_at] = arg1
            c[self._request_at] = seq
            self._seq = seq
            self._fence()
            if c[self._java_sleeps_at]:
                self._wake()
            if c[answer] != seq:
                self._await(seq)
            failed = c[self._failed_at]
        finally:
            self._busy.release()
        if failed:
            self._jvm.call(self._handle.raiseLastError)

    def _wake(self) -> None:
        assert self._sock is not None
        try:
            self._sock.send(b"\1", socket.MSG_DONTWAIT)
        except BlockingIOError:
            pass  # the socket is full of wakes the JVM has not read: it is awake
        except OSError as e:
            raise self._lost(str(e)) from None

    def _await(self, seq: int) -> None:
        """Spins, then sleeps, until request ``seq`` is answered (see the module). The spin adapts:
        an answer seen while spinning after t seconds sets it to at least 4t (at most the maximum),
        a spin that ran out halves it (at least ``MIN_SPIN_SECONDS``); one wait in 64 spins the
        longest, to find out whether spinning pays again. The first ``HOLD_SECONDS`` of a spin hold
        the GIL; after that each turn yields the core and the GIL (``os.sched_yield`` releases it),
        or the core alone where a slow yield made the last waits keep the GIL."""
        c = self._slots
        answer, java_sleeps, python_sleeps = self._answer_at, self._java_sleeps_at, self._python_sleeps_at
        clock = time.perf_counter
        stats = self.stats
        start = clock()
        self._waits += 1
        stats["waits"] += 1
        deadline = start + (self._max_spin if self._waits % 64 == 0 else self._spin)
        hold_until = min(deadline, start + HOLD_SECONDS)
        keep_gil = self._hold_waits > 0
        if keep_gil:
            self._hold_waits -= 1
        while c[answer] != seq:
            if clock() > hold_until:
                break
        else:
            now = clock()
            self._spin = min(self._max_spin, max(self._spin, 4 * (now - start)))
            stats["held"] += 1
            stats["seconds_holding"] += now - start
            return
        held = clock()
        stats["seconds_holding"] += held - start
        yields = 0
        while c[answer] != seq:
            turn = clock()
            if turn > deadline:
                break
            if keep_gil:
                _yield_core()
            else:
                os.sched_yield()  # releases the GIL
                if clock() - turn > SLOW_YIELD_SECONDS:
                    stats["slow_yields"] += 1
                    self._hold_waits = HOLD_WAITS
                    keep_gil = True
            yields += 1
        else:
            now = clock()
            self._spin = min(self._max_spin, max(self._spin, 4 * (now - start)))
            stats["yielded"] += 1
            stats["yields"] += yields
            stats["seconds_yielding"] += now - held
            return
        asleep = clock()
        stats["yields"] += yields
        stats["seconds_yielding"] += asleep - held
        stats["slept"] += 1
        self._spin = max(MIN_SPIN_SECONDS, self._spin / 2)
        sock = self._sock
        assert sock is not None
        with self._jvm.waiting():
            try:
                while c[answer] != seq:
                    if c[java_sleeps]:
                        self._wake()  # a wake that crossed the JVM falling asleep
                    c[python_sleeps] = 1
                    self._fence()
                    if c[answer] == seq:
                        break
                    if self._poll.poll(POLL_SECONDS * 1000):
                        try:
                            data = sock.recv(4096)
                        except OSError as e:
                            raise self._lost(str(e)) from None
                        if not data and c[answer] != seq:
                            raise self._lost("the JVM closed it")
                    elif not self._jvm.alive():
                        raise self._jvm.broken("the JVM stopped while a step was running")
            finally:
                c[python_sleeps] = 0
                stats["seconds_asleep"] += clock() - asleep

    def close(self) -> None:
        """Closes our end (the JVM's thread sees it and stops) and releases the view on the buffers."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None
            self._slots.release()
