"""Peer suites and golden playthroughs for every registered game (the ``game`` and
``game_players`` arguments are parametrized in conftest.py from ``kaisen.games()``)."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import kaisen

from .conftest import GAMES, GOLDEN, game_player_counts

pytestmark = pytest.mark.conformance


def test_gymnasium_check_env_passes_unchanged_when_illegal_actions_lose(game):
    """check_env samples actions blindly (even before reset): with illegal_action="lose" an illegal
    one ends the episode as a loss, so the whole checker runs as is."""
    env = kaisen.make(game, illegal_action="lose")
    try:
        check_env(env)
    finally:
        env.close()


def test_gymnasium_check_env_through_the_registered_id(game):
    """Through gymnasium.make the checker also makes the env in every render mode from its spec."""
    env = gym.make(kaisen.gym_id(game), illegal_action="lose", seed=3)
    try:
        check_env(env.unwrapped)
    finally:
        env.close()


def test_every_game_has_a_gymnasium_id():
    assert [g.gym_id for g in GAMES] == kaisen.GYM_IDS
    for g in GAMES:
        assert g.gym_id in gym.registry
        assert gym.registry[g.gym_id].kwargs == {"game": g.id}


def test_pettingzoo_api_test(game_players):
    game, players = game_players
    env = kaisen.aec_env(game, num_players=players)
    try:
        api_test(env, num_cycles=300)
    finally:
        env.close()


def test_pettingzoo_seed_test(game):
    info = kaisen.game_info(game)
    envs = []

    def factory():
        e = kaisen.aec_env(game, num_players=info.max_players)
        envs.append(e)
        return e

    try:
        seed_test(factory, num_cycles=200)
    finally:
        for e in envs:
            e.close()


def golden_files():
    return sorted(GOLDEN.glob("*.json"))


def test_every_game_and_player_count_has_a_golden_file():
    files = [json.loads(p.read_text()) for p in golden_files()]
    covered = {(f["game"], f["players"]) for f in files}
    missing = [case for case in game_player_counts() if case not in covered]
    assert not missing, f"no golden playthrough in {GOLDEN} for {missing}"


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.name)
def test_golden_playthrough_is_reproduced_through_python(path):
    golden = json.loads(path.read_text())
    assert golden["format"] == "kaisen.golden/1", f"{path.name}: unknown format {golden.get('format')!r}"
    if golden["game"] not in {g.id for g in GAMES}:
        pytest.skip(f"game {golden['game']!r} is not registered in this JVM (a test-only game lives in Maven's "
                    f"test-classes: see KAISEN_EXTRA_CLASSPATH in conftest.py)")
    options = dict(golden["config"])
    players = options.pop("players")
    assert players == golden["players"]
    env = kaisen.aec_env(golden["game"], num_players=players, reward_mode=golden["rewardMode"], view=golden["view"],
                         **options)
    try:
        assert (env.spec_info.observation_size, env.spec_info.num_actions) == (
            golden["observationSize"], golden["numActions"])
        env.reset(seed=golden["seed"])
        agents = env.possible_agents
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
            assert [env.rewards[a] for a in agents] == step["rewards"], f"step {i}"
            assert env.terminations[agent] == step["terminated"], f"step {i}"
            assert env.truncations[agent] == step["truncated"], f"step {i}"
        assert all(env.terminations.values()) or all(env.truncations.values())
        result = golden["result"]
        info = env.infos[agents[0]]
        assert (info["scores"], info["tiebreaks"], info["winners"], info["end_reason"]) == (
            result["scores"], result["tiebreaks"], result["winners"], result["endReason"])
        assert [env.infos[a]["score"] for a in agents] == result["scores"]
    finally:
        env.close()
