from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import kaisen


def test_vector_env_equals_n_single_envs_with_the_same_seeds():
    n, base = 6, 123
    vec = kaisen.vector_env("osaka", num_envs=n, num_players=3, opponents=["greedy", "random"], seed=base)
    singles = [kaisen.make("osaka", num_players=3, opponents=["greedy", "random"], learner_seat=None) for _ in range(n)]
    try:
        assert vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        episode = [0] * n
        obs, info = vec.reset(seed=base)
        single_obs = [s.reset(seed=kaisen.derive_seed(kaisen.derive_seed(base, i), 0))[0] for i, s in enumerate(singles)]
        np.testing.assert_array_equal(obs, np.stack(single_obs))
        rng = np.random.default_rng(0)
        finished = 0
        for step in range(300):
            masks = vec.action_masks()
            for i, s in enumerate(singles):
                np.testing.assert_array_equal(masks[i], s.action_masks(), err_msg=f"env {i} step {step}")
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, rewards, terminated, truncated, infos = vec.step(actions)
            obs, rewards, terminated, truncated = obs.copy(), rewards.copy(), terminated.copy(), truncated.copy()
            for i, s in enumerate(singles):
                o, r, te, tr, inf = s.step(int(actions[i]))
                assert np.float32(r) == rewards[i]
                assert (te, tr) == (terminated[i], truncated[i])
                if te or tr:
                    finished += 1
                    np.testing.assert_array_equal(infos["final_obs"][i], o)
                    assert infos["_final_obs"][i]
                    final = infos["final_info"]
                    assert final["vp"][i].tolist() == inf["vp"]
                    assert final["won"][i] == inf["won"]
                    assert final["learner_seat"][i] == inf["learner_seat"]
                    episode[i] += 1
                    o, _ = s.reset(seed=kaisen.derive_seed(kaisen.derive_seed(base, i), episode[i]))
                np.testing.assert_array_equal(obs[i], o, err_msg=f"env {i} step {step}")
        assert finished > n
    finally:
        vec.close()
        for s in singles:
            s.close()


def test_bad_actions_raise_before_anything_is_sent():
    vec = kaisen.vector_env("osaka", num_envs=4, seed=1)
    try:
        with pytest.raises(RuntimeError, match="reset"):
            vec.step(np.zeros(4, dtype=np.int64))
        obs, _ = vec.reset(seed=1)
        before = obs.copy()
        legal = vec.action_masks().argmax(axis=1)
        with pytest.raises(ValueError, match="shape"):
            vec.step(legal[:3])
        with pytest.raises(TypeError, match="integers"):
            vec.step(legal.astype(np.float32))
        bad = legal.copy()
        bad[2] = 64
        with pytest.raises(ValueError, match="env 2: action 64 is out of range"):
            vec.step(bad)
        bad[2] = int(np.flatnonzero(~vec.action_masks()[2])[0])
        with pytest.raises(kaisen.IllegalActionError, match="env 2: illegal action"):
            vec.step(bad)
        np.testing.assert_array_equal(obs, before)  # nothing was stepped
        vec.step(legal)
        assert not np.array_equal(obs, before)
    finally:
        vec.close()


def test_action_space_samples_legal_actions_and_views_are_numpy():
    vec = kaisen.vector_env("osaka", num_envs=8, num_players=4, seed=3)
    try:
        obs, info = vec.reset()
        assert obs.shape == (8, 427) and obs.dtype == np.float32
        assert info["learner_seat"].shape == (8,)
        for _ in range(50):
            a = vec.action_space.sample()
            assert vec.action_masks()[np.arange(8), a].all()
            obs, rewards, terminated, truncated, infos = vec.step(a)
            assert rewards.dtype == np.float32 and terminated.dtype == np.bool_
        assert kaisen.spec().slice(obs, "ships").shape == (8, 24)
    finally:
        vec.close()


def test_reset_without_a_seed_starts_new_games():
    vec = kaisen.vector_env("osaka", num_envs=2, seed=9)
    try:
        first = vec.reset(seed=9)[0].copy()
        second = vec.reset()[0].copy()
        again = vec.reset(seed=9)[0].copy()
        assert not np.array_equal(first, second)
        np.testing.assert_array_equal(first, again)
    finally:
        vec.close()
