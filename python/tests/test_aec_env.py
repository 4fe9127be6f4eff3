from __future__ import annotations

import numpy as np
import pytest

import kaisen
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from .conftest import play_until_an_action_is_illegal


def test_aec_bad_input_raises_by_default_and_changes_nothing(game):
    env = kaisen.aec_env(game)
    try:
        assert env.illegal_action == "raise"
        # wrapped as PettingZoo's own env() factories are: its order checks first, then ours
        assert isinstance(env, OrderEnforcingWrapper) and isinstance(env.unwrapped, kaisen.KaisenAECEnv)
        with pytest.raises(AssertionError, match="reset"):
            env.step(0)
        with pytest.raises(AttributeError, match="before reset"):
            env.agent_selection
        with pytest.raises(RuntimeError, match="reset"):
            env.unwrapped.step(0)
        env.reset(seed=1)
        rng = np.random.default_rng(1)
        illegal = play_until_an_action_is_illegal(lambda: env.observe(env.agent_selection)["action_mask"], env.step,
                                                  rng)
        agent = env.agent_selection
        before = env.observe(agent)
        with pytest.raises(kaisen.IllegalActionError, match="legal actions"):
            env.step(illegal)
        with pytest.raises(ValueError, match="out of range"):
            env.step(env.spec_info.num_actions)
        with pytest.raises(ValueError, match="None"):
            env.step(None)
        after = env.observe(agent)
        assert env.agent_selection == agent
        np.testing.assert_array_equal(before["observation"], after["observation"])
        np.testing.assert_array_equal(before["action_mask"], after["action_mask"])
        # play to the end; finished agents are stepped with None, anything else is refused
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                assert set(info) >= {"score", "tiebreak", "scores", "winners", "won", "end_reason"}
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.agents == []
        env.step(0)  # PettingZoo's wrapper: a warning, and nothing reaches the env
        with pytest.raises(RuntimeError, match="call reset"):
            env.unwrapped.step(0)
    finally:
        env.close()


def test_an_illegal_action_loses_when_asked(game):
    info = kaisen.game_info(game)
    n = info.max_players
    env = kaisen.aec_env(game, num_players=n, illegal_action="lose")
    try:
        env.reset(seed=4)
        rng = np.random.default_rng(4)
        seeds = iter(range(5, 1000))

        def step(action):  # a new game when one ends before any action is illegal
            env.step(action)
            if any(env.terminations.values()) or any(env.truncations.values()):
                env.reset(seed=next(seeds))

        for _ in range(5):  # a few legal moves first
            step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
        illegal = play_until_an_action_is_illegal(lambda: env.observe(env.agent_selection)["action_mask"], step, rng)
        offender = env.agent_selection
        seat = env.possible_agents.index(offender)
        env.step(illegal)
        assert all(env.terminations.values()) and not any(env.truncations.values())
        expected = {a: (-1.0 if a == offender else 1.0 / (n - 1)) for a in env.possible_agents}
        assert env.rewards == pytest.approx(expected)
        for a in env.possible_agents:
            i = env.infos[a]
            assert (i["end_reason"], i["forfeited_by"]) == ("ILLEGAL_ACTION", seat)
            assert f"illegal action {illegal}" in i["illegal"]
            assert i["won"] == (a != offender)
            assert not env.observe(a)["action_mask"].any()
    finally:
        env.close()


def test_configs_reach_the_env_and_name_it(game):
    info = kaisen.game_info(game)
    env = kaisen.aec_env(game, num_players=info.max_players, reward_mode="shaped", view=info.views[-1])
    try:
        assert env.num_players == info.max_players == len(env.possible_agents)
        assert (env.reward_mode, env.view) == ("score_difference", info.views[-1])
        assert env.spec_info.config["players"] == info.max_players
        assert env.metadata["name"] == f"kaisen_{game}_v{kaisen.gym_id(game).rsplit('-v', 1)[1]}"
        env.reset(seed=0)
        obs = env.observe(env.agent_selection)
        assert obs["observation"].shape == (env.spec_info.observation_size,)
        assert obs["action_mask"].shape == (env.spec_info.num_actions,)
    finally:
        env.close()


def test_osaka_shaped_rewards_sum_to_the_score_difference():
    env = kaisen.aec_env("osaka", num_players=3, reward_mode="score_difference")
    try:
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            returns[agent] += reward
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        scores = np.array(info["scores"], dtype=float)
        for p, agent in enumerate(env.possible_agents):
            others = np.delete(scores, p).mean()
            assert returns[agent] == pytest.approx(scores[p] - others)
    finally:
        env.close()
