from __future__ import annotations

import os
import signal
import time

import numpy as np
import pytest
from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JAuthenticationError, Py4JError

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


def test_a_killed_jvm_raises_a_clear_error_and_a_fresh_env_works():
    env = kaisen.make("osaka", seed=1)
    env.reset()
    pid = _jvm.current().pid
    os.kill(pid, signal.SIGKILL)
    # "exited" (not "did not answer"): the broken connection was seen as a death, without waiting for
    # the call timeout; the bound only guards against a hang on a slow machine
    with pytest.raises(kaisen.JvmDiedError, match=rf"\(pid {pid}\) exited with code -?\d+"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.close()
    fresh = kaisen.make("osaka", seed=1)
    try:
        obs, _ = fresh.reset()
        assert obs.shape == fresh.observation_space.shape
        assert _jvm.current().pid != pid and _jvm.current().alive()
    finally:
        fresh.close()


def wait_until_stopped(pid: int, timeout: float = 30.0) -> None:
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
        jvm = _jvm.current()
        pid = jvm.pid
        os.kill(pid, signal.SIGSTOP)
        wait_until_stopped(pid)
        start = time.monotonic()
        with pytest.raises(kaisen.JvmDiedError, match=rf"\(pid {pid}\) did not answer within"):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        # it returned (no hang); the bound is generous for a loaded machine
        assert time.monotonic() - start < _jvm.CALL_TIMEOUT + 60
        assert not jvm.alive() and jvm.process.poll() is not None  # the hung JVM was stopped
    finally:
        env.close()


def test_a_connection_with_a_wrong_or_no_token_is_refused():
    env = kaisen.make("osaka")
    try:
        port = _jvm.current().port
        intruder = JavaGateway(gateway_parameters=GatewayParameters(port=port, auth_token="not-the-token", read_timeout=5))
        try:
            with pytest.raises(Py4JAuthenticationError, match="Failed to authenticate"):
                intruder.entry_point.version()
        finally:
            intruder.close()
        anonymous = JavaGateway(gateway_parameters=GatewayParameters(port=port, read_timeout=5))
        try:
            with pytest.raises(Py4JError, match="Authentication error"):
                anonymous.entry_point.version()
        finally:
            anonymous.close()
        obs, _ = env.reset(seed=0)  # the real connection still works
        assert obs.shape == env.observation_space.shape
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


def test_many_envs_opened_and_closed_leave_no_jvm_or_shared_file_behind():
    jvms = []
    for i in range(6):
        envs = [kaisen.make("osaka", seed=i), kaisen.aec_env("osaka", num_players=3),
                kaisen.vector_env("osaka", num_envs=4, seed=i)]
        jvms.append(_jvm.current())
        assert shm_files() == []  # unlinked as soon as both sides have mapped them
        envs[0].reset()
        envs[1].reset(seed=i)
        envs[2].reset()
        for e in envs:
            e.close()
        assert _jvm.current() is None, "the JVM stops with its last env"
    assert len({id(j) for j in jvms}) == 6
    for j in jvms:  # each one exited and was reaped, its pipes closed
        assert j.process.returncode is not None and not j.alive()
        assert j.process.stdin.closed and j.process.stdout.closed
    assert shm_files() == []
    assert java_children() == []
