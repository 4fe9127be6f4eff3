from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest
from py4j.java_gateway import GatewayParameters, JavaGateway

import kaisen
from kaisen import _buffers, _jvm


def shm_files() -> list[str]:
    return [f for f in os.listdir(_buffers.SHM_DIR) if f.startswith(f"{_buffers.PREFIX}{os.getpid()}-")]


def java_children() -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == os.getpid() and fields[0] != "Z":
                    pids.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return pids


def test_a_killed_jvm_raises_a_clear_error_quickly_and_a_fresh_env_works():
    env = kaisen.make("osaka", seed=1)
    env.reset()
    pid = _jvm.current().pid
    os.kill(pid, signal.SIGKILL)
    start = time.monotonic()
    with pytest.raises(kaisen.JvmDiedError, match="exited"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert time.monotonic() - start < 5
    env.close()
    fresh = kaisen.make("osaka", seed=1)
    try:
        obs, _ = fresh.reset()
        assert obs.shape == (427,)
        assert _jvm.current().pid != pid
    finally:
        fresh.close()


def wait_until_stopped(pid: int, timeout: float = 5.0) -> None:
    """SIGSTOP takes effect asynchronously: wait until every thread of the process is stopped."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = []
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    states.append(f.read().rsplit(")", 1)[1].split()[0])
            except OSError:
                pass
        if states and all(s in ("T", "t") for s in states):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} did not stop")


def test_a_hung_jvm_raises_a_clear_error_within_the_call_timeout():
    env = kaisen.make("osaka", seed=1)
    try:
        env.reset()
        pid = _jvm.current().pid
        os.kill(pid, signal.SIGSTOP)
        wait_until_stopped(pid)
        start = time.monotonic()
        with pytest.raises(kaisen.JvmDiedError, match="did not answer"):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert time.monotonic() - start < _jvm.CALL_TIMEOUT + 3
    finally:
        env.close()


def test_a_connection_with_a_wrong_token_is_refused():
    env = kaisen.make("osaka")
    try:
        port = _jvm.current().port
        intruder = JavaGateway(gateway_parameters=GatewayParameters(port=port, auth_token="not-the-token", read_timeout=5))
        with pytest.raises(Exception) as e:
            intruder.entry_point.version()
        assert "auth" in str(e.value).lower() or "authentication" in repr(e.value).lower() or e.value is not None
        intruder.close()
        env.reset(seed=0)  # the real connection still works
    finally:
        env.close()


LOOPBACK = {"0100007F", "00000000000000000000000001000000", "0000000000000000FFFF00000100007F"}


def test_the_gateway_listens_on_loopback_only():
    env = kaisen.make("osaka")
    try:
        port = _jvm.current().port
        listening = []
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with open(table) as f:
                for row in (line.split() for line in f.readlines()[1:]):
                    address, hex_port = row[1].split(":")
                    if row[3] == "0A" and int(hex_port, 16) == port:
                        listening.append(address)
        assert listening, f"nothing listens on port {port}"
        assert all(a in LOOPBACK for a in listening), listening
    finally:
        env.close()


def test_many_envs_opened_and_closed_leave_no_jvm_thread_or_shared_file_behind():
    threads_before = threading.active_count()
    for i in range(6):
        envs = [kaisen.make("osaka", seed=i), kaisen.aec_env("osaka", num_players=3),
                kaisen.vector_env("osaka", num_envs=4, seed=i)]
        envs[0].reset()
        envs[1].reset(seed=i)
        envs[2].reset()
        for e in envs:
            e.close()
        assert _jvm.current() is None, "the JVM stops with its last env"
    assert shm_files() == []
    assert java_children() == []
    assert threading.active_count() <= threads_before
