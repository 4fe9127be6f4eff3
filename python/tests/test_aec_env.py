from __future__ import annotations

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import kaisen

from .conftest import GOLDEN


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players):
    env = kaisen.aec_env("osaka", num_players=players)
    try:
        api_test(env, num_cycles=300)
    finally:
        env.close()


def test_pettingzoo_seed_test():
    envs = []

    def factory():
        e = kaisen.aec_env("osaka", num_players=3)
        envs.append(e)
        return e

    try:
        seed_test(factory, num_cycles=200)
    finally:
        for e in envs:
            e.close()


def golden_files():
    files = sorted(GOLDEN.glob("osaka-*.json"))
    assert files, f"no golden files in {GOLDEN}"
    return files


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.name)
def test_golden_playthrough_is_reproduced_through_python(path):
    golden = json.loads(path.read_text())
    env = kaisen.aec_env("osaka", num_players=golden["players"], reward_mode=golden["rewardMode"])
    try:
        env.reset(seed=golden["seed"])
        for i, step in enumerate(golden["steps"]):
            agent = env.agent_selection
            assert agent == f"player_{step['player']}", f"step {i}"
            obs = env.observe(agent)
            expected = np.zeros(golden["observationSize"], dtype=np.float32)
            for index, value in step["observation"]:
                expected[index] = np.float32(value)
            np.testing.assert_array_equal(obs["observation"], expected, err_msg=f"step {i}")
            assert np.flatnonzero(obs["action_mask"]).tolist() == step["mask"], f"step {i}"
            env.step(step["action"])
            rewards = [env.rewards[f"player_{p}"] for p in range(golden["players"])]
            np.testing.assert_allclose(rewards, step["rewards"], rtol=0, atol=1e-12, err_msg=f"step {i}")
            assert env.terminations[f"player_{step['player']}"] == step["terminated"]
            assert env.truncations[f"player_{step['player']}"] == step["truncated"]
        assert all(env.terminations.values()) or all(env.truncations.values())
        info = env.infos["player_0"]
        assert info["winners"] == golden["result"]["winners"]
        assert [env.infos[a]["vp"] for a in env.possible_agents] == golden["result"]["vp"]
    finally:
        env.close()


def test_aec_bad_input():
    env = kaisen.aec_env("osaka", num_players=2)
    try:
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)
        env.reset(seed=1)
        agent = env.agent_selection
        before = env.observe(agent)
        with pytest.raises(kaisen.IllegalActionError, match="legal actions"):
            env.step(63)
        with pytest.raises(ValueError, match="None"):
            env.step(None)
        after = env.observe(agent)
        assert env.agent_selection == agent
        np.testing.assert_array_equal(before["observation"], after["observation"])
        # play to the end; finished agents are stepped with None, anything else is refused
        rng = np.random.default_rng(1)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.agents == []
        with pytest.raises(RuntimeError, match="call reset"):
            env.step(0)
    finally:
        env.close()
