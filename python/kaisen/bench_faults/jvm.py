"""The JVM attacks (``jvm-kills``, ``dropped-envs``, ``big-ints``), each in a worker process of its own
(``python -m kaisen.bench_faults --worker ATTACK``), and the parent's side: running a worker and
reading its rows."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any

from . import Row, Sizes
from ._common import _excerpt, _is_kaisen_jvm, _one_line, _Timer

#: Seconds a worker process (one JVM attack) may run before it is killed and its attempt reported
#: as a hang.
WORKER_TIMEOUT = 150.0


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
        from .. import _jvm

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
            # a ValueError, checked in Python before the call: not any error (a KaisenError from the
            # JVM, a JvmDiedError) that happens to be one line
            refused = outcomes["raised ValueError (one line)"] == 1
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

