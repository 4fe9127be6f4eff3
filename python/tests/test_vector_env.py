from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import kaisen

from .conftest import play_until_an_action_is_illegal


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
                    assert final["scores"][i].tolist() == inf["scores"]
                    assert np.flatnonzero(final["winners"][i]).tolist() == inf["winners"]
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
        n = vec.spec_info.num_actions
        bad[2] = n
        with pytest.raises(ValueError, match=f"env 2: action {n} is out of range"):
            vec.step(bad)
        bad[2] = int(np.flatnonzero(vec.action_masks()[2] == 0)[0])
        with pytest.raises(kaisen.IllegalActionError, match="env 2: illegal action"):
            vec.step(bad)
        np.testing.assert_array_equal(obs, before)  # nothing was stepped
        vec.step(legal)
        assert not np.array_equal(obs, before)
    finally:
        vec.close()


def test_action_space_samples_legal_actions_and_views_are_numpy(game):
    players = kaisen.game_info(game).max_players
    vec = kaisen.vector_env(game, num_envs=8, num_players=players, seed=3)
    try:
        spec = vec.spec_info
        assert spec == kaisen.spec(game, num_players=players) and vec.num_players == players
        obs, info = vec.reset()
        assert obs.shape == (8, spec.observation_size) and obs.dtype == np.float32
        assert vec.action_masks().shape == (8, spec.num_actions)
        assert info["learner_seat"].shape == (8,)
        ended = 0
        for _ in range(400):
            a = vec.action_space.sample()
            assert vec.action_masks()[np.arange(8), a].all()
            obs, rewards, terminated, truncated, infos = vec.step(a)
            assert rewards.dtype == np.float32 and terminated.dtype == np.bool_
            if "final_info" in infos:
                done = infos["_final_info"]
                final = infos["final_info"]
                assert final["scores"].shape == final["winners"].shape == (8, players)
                assert final["winners"][done].any(axis=1).all()
                assert (final["won"][done] == final["winners"][done, final["learner_seat"][done]]).all()
                ended += int(done.sum())
        assert ended > 0
        for name, seg in spec.segments.items():
            assert spec.slice(obs, name).shape == (8, seg.length)
    finally:
        vec.close()


def test_an_illegal_action_loses_that_env_only_when_asked(game):
    vec = kaisen.vector_env(game, num_envs=4, illegal_action="lose", seed=2)
    try:
        vec.reset(seed=2)
        masks = vec.action_masks()
        rng = np.random.default_rng(2)

        def step_all(action_of_env_1):  # random legal actions elsewhere
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            actions[1] = action_of_env_1
            vec.step(actions)

        illegal = play_until_an_action_is_illegal(lambda: masks[1], step_all, rng)
        actions = masks.argmax(axis=1)
        actions[1] = illegal
        with pytest.raises(ValueError, match="out of range"):  # still no action at all
            vec.step(np.full(4, vec.spec_info.num_actions))
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        assert terminated[1] and not truncated[1] and infos["_final_info"][1]
        assert rewards[1] == -1.0
        final = infos["final_info"]
        assert not final["won"][1] and not final["winners"][1, final["learner_seat"][1]]
        assert final["episode_return"][1] == -1.0
        assert final["forfeited"][1] and not final["forfeited"][terminated == 0].any()
        assert vec.action_masks()[1].any()  # auto-reset: a new episode
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


def test_masks_are_int8_views_and_copies_in_the_infos(game):
    vec = kaisen.vector_env(game, num_envs=16, seed=1)
    try:
        _, infos = vec.reset(seed=1)
        for _ in range(300):
            masks = vec.action_masks()
            assert masks.dtype == np.int8 and masks.shape == (16, vec.single_action_space.n)
            assert infos["action_mask"].dtype == np.int8 and infos["_action_mask"].all()
            assert np.array_equal(infos["action_mask"], masks) and infos["action_mask"] is not masks
            for i in range(16):  # Gymnasium's masked sampling takes each row as is
                assert masks[i, vec.single_action_space.sample(mask=masks[i])] == 1
            _, _, _, _, infos = vec.step(vec.action_space.sample())
    finally:
        vec.close()


def test_skip_leaves_an_env_as_it_is_and_its_game_unchanged():
    from kaisen.vector_env import SKIP

    vec = kaisen.vector_env("osaka", num_envs=3, num_players=2, opponents="random", seed=4)
    ref = kaisen.vector_env("osaka", num_envs=3, num_players=2, opponents="random", seed=4)
    try:
        vec.reset()
        ref.reset()
        rng = np.random.default_rng(0)
        for _ in range(30):
            masks = vec.action_masks().copy()
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            held_obs, held_mask, held_seat = vec._obs[1].copy(), masks[1].copy(), vec._seat[1]
            obs, rewards, term, trunc, infos = vec.step(np.array([actions[0], SKIP, actions[2]]))
            np.testing.assert_array_equal(obs[1], held_obs)
            np.testing.assert_array_equal(vec.action_masks()[1], held_mask)
            assert infos["learner_seat"][1] == held_seat
            assert rewards[1] == 0 and not term[1] and not trunc[1]
            later = vec.action_masks().copy()
            nxt = (rng.random(later.shape) * later).argmax(axis=1)
            vec.step(np.array([nxt[0], actions[1], nxt[2]]))  # env 1 gets its action one step late
            ref.step(np.array([actions[0], actions[1], actions[2]]))
            ref.step(np.array([nxt[0], SKIP, nxt[2]]))
            np.testing.assert_array_equal(vec._obs[1], ref._obs[1])  # the same game, seed stream included
        with pytest.raises(ValueError, match="action -2 is out of range"):
            vec.step(np.array([0, -2, 0]))
    finally:
        vec.close()
        ref.close()
