"""The step channel: envs step through shared memory, not Py4J, and every wait ends."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

import kaisen
from kaisen import _jvm


class CountingCalls:
    """Counts the Py4J calls made through the shared JVM while installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        jvm = _jvm.current()
        assert jvm is not None
        real = jvm.call

        def call(fn, *args):
            self.names.append(getattr(fn, "name", getattr(fn, "__name__", repr(fn))))
            return real(fn, *args)

        monkeypatch.setattr(jvm, "call", call)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)])


def test_single_env_steps_and_resets_make_no_py4j_call(game, monkeypatch):
    env = kaisen.make(game, seed=1)
    try:
        env.reset()
        calls = CountingCalls(monkeypatch)
        rng = np.random.default_rng(1)
        episodes = 0
        for _ in range(300):
            _, _, terminated, truncated, _ = env.step(random_legal(env.action_masks(), rng))
            if terminated or truncated:
                episodes += 1
                env.reset()
        # only the end-of-episode facts (scores, end reason) are asked, once per episode
        assert calls.names == ["infoJson"] * episodes
    finally:
        env.close()


def test_aec_and_vector_env_steps_make_no_py4j_call(game, monkeypatch):
    aec = kaisen.aec_env(game)
    vec = kaisen.vector_env(game, num_envs=8, seed=1)
    try:
        aec.reset(seed=1)
        vec.reset()
        calls = CountingCalls(monkeypatch)
        rng = np.random.default_rng(1)
        ends = 0
        for _ in range(200):
            if not aec.agents:
                aec.reset(seed=int(rng.integers(1 << 30)))
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                aec.step(None)
                continue
            aec.step(random_legal(aec.observe(agent)["action_mask"], rng))
            ends += int(not aec.agents or aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection])
        for _ in range(50):
            masks = vec.action_masks()
            vec.step(np.array([random_legal(m, rng) for m in masks]))
        vec.reset(seed=5)
        assert calls.names == ["infoJson"] * ends
    finally:
        aec.close()
        vec.close()


def test_a_caller_slower_than_the_spin_gets_the_same_game(game):
    """Whether the JVM's thread is spinning or asleep when a step arrives, the game is the same."""

    def play(pause: float) -> list[np.ndarray]:
        env = kaisen.make(game, seed=11)
        rng = np.random.default_rng(3)
        seen = []
        try:
            obs, _ = env.reset()
            seen.append(obs)
            for _ in range(40):
                if pause:
                    time.sleep(pause)  # far past the JVM's spin: it sleeps and must be woken
                obs, _, terminated, truncated, _ = env.step(random_legal(env.action_masks(), rng))
                seen.append(obs)
                if terminated or truncated:
                    obs, _ = env.reset()
                    seen.append(obs)
        finally:
            env.close()
        return seen

    fast, slow = play(0.0), play(0.002)
    assert len(fast) == len(slow) and all(np.array_equal(a, b) for a, b in zip(fast, slow))


def test_a_failed_command_raises_the_java_error_and_the_env_goes_on():
    env = kaisen.make("osaka", seed=1)
    try:
        env.reset()
        with pytest.raises(ValueError, match="unknown step-channel command 99"):
            env._resource.channel.request(99)  # an id the JVM's VectorHandle does not know
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    finally:
        env.close()


def test_a_jvm_killed_during_a_long_step_ends_the_step_at_once():
    # the learner sits second: reset waits for the search opponent's first move (seconds)
    env = kaisen.make("osaka", opponents="ismcts:1000000", learner_seat=1, seed=3)
    try:
        pid = _jvm.current().pid
        threading.Timer(1.0, os.kill, (pid, signal.SIGKILL)).start()
        start = time.monotonic()
        with pytest.raises(kaisen.JvmDiedError, match=rf"\(pid {pid}\) exited"):
            env.reset()
        assert time.monotonic() - start < 10  # about a second; generous for a loaded machine
    finally:
        env.close()


def test_running_out_of_file_descriptors_says_what_to_do(tmp_path):
    """Each open env holds two file descriptors: where the limit is reached, the error says so."""
    import subprocess
    import sys

    script = tmp_path / "many.py"
    script.write_text(
        "import resource, kaisen\n"
        "envs = [kaisen.make('osaka')]\n"
        "import os\n"
        "used = len(os.listdir('/proc/self/fd'))\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (used + 8, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))\n"
        "try:\n"
        "    for _ in range(50):\n"
        "        envs.append(kaisen.make('osaka'))\n"
        "except kaisen.KaisenError as e:\n"
        "    print('ERROR', e)\n"
        "for env in envs:\n"  # the envs made before still play, on the same JVM
        "    env.reset(seed=1)\n"
        "    env.step(int(env.legal_actions()[0]))\n"
        "print('STEPPED', len(envs), kaisen._jvm.current().alive())\n"
        "for env in envs:\n"
        "    env.close()\n"
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert "ERROR too many open files: each open env holds two" in out.stdout, out.stdout + out.stderr
    assert "STEPPED" in out.stdout and out.stdout.strip().endswith("True"), out.stdout + out.stderr


def play_all(game: str) -> list[np.ndarray]:
    """Observations of a few episodes through the single, AEC and vector envs."""
    seen: list[np.ndarray] = []
    rng = np.random.default_rng(4)
    env = kaisen.make(game, seed=2)
    aec = kaisen.aec_env(game)
    vec = kaisen.vector_env(game, num_envs=3, seed=2)
    try:
        obs, _ = env.reset()
        aec.reset(seed=2)
        vec.reset()
        for _ in range(60):
            obs, _, terminated, truncated, _ = env.step(random_legal(env.action_masks(), rng))
            seen.append(obs.copy())
            if terminated or truncated:
                seen.append(env.reset()[0])
            if aec.agents and not (aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]):
                aec.step(random_legal(aec.observe(aec.agent_selection)["action_mask"], rng))
                seen.append(aec.observe(aec.agent_selection)["observation"])
            masks = vec.action_masks()
            vec.step(np.array([random_legal(m, rng) for m in masks]))
            seen.append(vec._obs.copy())
    finally:
        env.close()
        aec.close()
        vec.close()
    return seen


def test_without_a_channel_commands_go_through_py4j_and_play_the_same_games(game, monkeypatch):
    with_channel = play_all(game)
    monkeypatch.setenv("KAISEN_STEP_CHANNEL", "0")  # as on CPUs other than x86-64
    env = kaisen.make(game)
    assert env._resource.channel is None
    env.close()
    without = play_all(game)
    assert len(with_channel) == len(without)
    assert all(np.array_equal(a, b) for a, b in zip(with_channel, without))


def test_an_env_used_by_two_threads_at_once_says_so_and_goes_on():
    # the learner sits second: a reset waits for the search opponent's first move
    env = kaisen.make("osaka", opponents="ismcts:20000", learner_seat=1, seed=3)
    try:
        done = threading.Event()
        errors: list[BaseException] = []

        def slow_reset() -> None:
            try:
                env.reset(seed=3)
            except BaseException as e:  # noqa: BLE001 - reported below
                errors.append(e)
            finally:
                done.set()

        threading.Thread(target=slow_reset).start()
        time.sleep(0.2)
        assert not done.is_set(), "the reset was too quick for the test to prove anything"
        with pytest.raises(RuntimeError, match="in use by another thread"):
            env.reset(seed=4)
        assert done.wait(120) and not errors, errors
        obs, _ = env.reset(seed=3)
        assert obs.shape == env.observation_space.shape
    finally:
        env.close()


def test_a_step_interrupted_by_ctrl_c_is_finished_before_the_next_request():
    env = kaisen.make("osaka", opponents="ismcts:20000", learner_seat=1, seed=3)

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            env.reset(seed=3)
        signal.setitimer(signal.ITIMER_REAL, 0)
        assert env._resource.channel._slots[4] == 0, "Python no longer says it sleeps"
        interrupted_first = env._resource.channel._seq
        obs, info = env.reset(seed=3)  # waits for the interrupted reset, then runs its own
        assert env._resource.channel._seq == interrupted_first + 1
        again = kaisen.make("osaka", opponents="ismcts:20000", learner_seat=1, seed=3)
        try:
            expected, _ = again.reset(seed=3)
        finally:
            again.close()
        assert np.array_equal(obs, expected), "the second reset is a fresh, complete one"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        env.close()


def _channel_of(env):
    channel = env._resource.channel
    if channel is None:
        pytest.skip("no step channel on this machine")
    return channel


def test_every_wait_is_counted_by_how_it_ended():
    """A fast step is answered while spinning; a step far longer than the spin (a search opponent)
    is answered after sleeping, and the spin shrinks: the wait holds the GIL at most HOLD_SECONDS."""
    from kaisen import _channel

    vec = kaisen.vector_env("osaka", num_envs=64, seed=1)
    try:
        channel = _channel_of(vec)
        vec.reset()
        rng = np.random.default_rng(1)
        before = dict(channel.stats)
        for _ in range(100):
            vec.step(np.array([random_legal(m, rng) for m in vec.action_masks()]))
        stats = {k: channel.stats[k] - before[k] for k in channel.stats}
        assert 0 < stats["waits"] <= 100  # a request answered before its wait begins has none
        assert stats["held"] + stats["yielded"] + stats["slept"] == stats["waits"]
        assert stats["seconds_holding"] >= 0 and stats["seconds_yielding"] >= 0 and stats["seconds_asleep"] >= 0
    finally:
        vec.close()
    env = kaisen.make("osaka", opponents="ismcts:3000", learner_seat=1, seed=3)
    try:
        channel = _channel_of(env)
        env.reset()
        rng = np.random.default_rng(3)
        slept = channel.stats["slept"]
        for _ in range(10):
            _, _, terminated, truncated, _ = env.step(random_legal(env.action_masks(), rng))
            if terminated or truncated:
                env.reset()
        assert channel.stats["slept"] > slept  # the search's replies outlast the spin
        assert channel._spin < _channel.SPIN_SECONDS  # and the spin adapted down
    finally:
        env.close()


def test_a_python_thread_that_keeps_the_gil_makes_waits_keep_it_too():
    """Handing the GIL over to a thread that computes in Python costs up to the switch interval per
    turn: after such a slow yield the next waits yield the core but keep the GIL."""
    from kaisen import _channel

    vec = kaisen.vector_env("osaka", num_envs=256, seed=1)
    stop = threading.Event()

    def busy() -> None:
        x = 0
        while not stop.is_set():
            x += 1

    thread = threading.Thread(target=busy, daemon=True)
    try:
        channel = _channel_of(vec)
        vec.reset()
        rng = np.random.default_rng(1)
        thread.start()
        for _ in range(200):
            vec.step(np.array([random_legal(m, rng) for m in vec.action_masks()]))
            if channel.stats["slow_yields"]:
                break
        assert channel.stats["slow_yields"] >= 1
        assert 0 < channel._hold_waits <= _channel.HOLD_WAITS
    finally:
        stop.set()
        thread.join()
        vec.close()
