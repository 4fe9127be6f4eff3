"""The multi-agent vector env, as a self-play user writes it: two Python policies play N games in
one batched loop, checked against the same games played one decision at a time through the
PettingZoo AEC env; JVM agents on some seats; mixtures across envs; bad input; and
``kaisen.evaluate`` with Python policies (and SB3 models) on both sides."""

from __future__ import annotations

import numpy as np
import pytest

import kaisen
from kaisen import policies


def pick(obs: np.ndarray, mask: np.ndarray) -> int:
    """A deterministic policy that depends on the observation: a legal action chosen by a hash of it."""
    legal = np.flatnonzero(mask)
    return int(legal[int(abs(float(obs.sum())) * 1000) % len(legal)])


class Batched:
    """A batched policy: the last legal action (a different player from ``pick``)."""

    batched = True
    name = "last-legal"

    def __call__(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return masks.shape[1] - 1 - np.argmax(masks[:, ::-1], axis=1)


def test_self_play_between_two_python_policies_matches_the_aec_env(game_players):
    game, players = game_players
    n, seed = 2, 11  # two envs: their own seeds and games, each replayed in an AEC env below
    env = kaisen.multi_agent_vector_env(game, num_envs=n, num_players=players, reward_mode="score_difference")
    try:
        obs, infos = env.reset(seed=seed)
        sides = [pick, Batched()]
        # seat 0 plays pick, every other seat the batched policy
        log = [[] for _ in range(n)]  # per env: (seat, action, rewards) of the first game
        finals: dict[int, dict] = {}
        first_obs = [obs[i].copy() for i in range(n)]
        for _ in range(2000):
            seat = infos["seat"]
            owner = np.where(seat == 0, 0, 1)
            actions = policies.act(sides, owner, obs, infos["action_mask"])
            obs, rewards, term, trunc, infos = env.step(actions)
            for i in range(n):
                if i not in finals:
                    log[i].append((int(seat[i]), int(actions[i]), rewards[i].copy()))
                    if term[i] or trunc[i]:
                        fin = infos["final_info"]
                        finals[i] = {"scores": fin["scores"][i].tolist(), "returns": fin["returns"][i].copy(),
                                     "length": int(fin["episode_length"][i]), "final_obs": infos["final_obs"][i]}
            if len(finals) == n:
                break
        assert len(finals) == n, "every first game ended"
    finally:
        env.close()

    for i in range(n):
        aec = kaisen.aec_env(game, num_players=players, reward_mode="score_difference")
        try:
            aec.reset(seed=kaisen.derive_seed(kaisen.derive_seed(seed, i), 0))
            first = aec.observe(aec.agent_selection)["observation"]
            np.testing.assert_array_equal(first, first_obs[i])
            totals = np.zeros(players, dtype=np.float64)
            steps = 0
            for seat, action, rewards in log[i]:
                agent = aec.agent_selection
                assert agent == f"player_{seat}"
                o = aec.observe(agent)
                expected = sides[0](o["observation"], o["action_mask"]) if seat == 0 else \
                    int(sides[1](o["observation"][None], o["action_mask"][None])[0])
                assert expected == action
                aec.step(action)
                steps += 1
                got = np.array([aec.rewards[f"player_{p}"] for p in range(players)], dtype=np.float32)
                np.testing.assert_allclose(rewards, got, atol=1e-5)
                totals += got
            assert all(aec.terminations.values()) or all(aec.truncations.values())
            info = aec.infos["player_0"]
            assert info["scores"] == finals[i]["scores"]
            assert steps == finals[i]["length"]
            np.testing.assert_allclose(finals[i]["returns"], totals, atol=1e-3)
            for p in range(players):
                np.testing.assert_array_equal(finals[i]["final_obs"][p], aec.observe(f"player_{p}")["observation"])
        finally:
            aec.close()


def test_jvm_agents_take_their_seats_and_patterns_mix_across_envs(game):
    info = kaisen.game_info(game)
    players = info.min_players
    bot = next((a for a in kaisen.spec(game, num_players=players).agents if ":" not in a and a != "random"), "random")
    patterns = [[None] * players, [None] * (players - 1) + [bot]]
    env = kaisen.multi_agent_vector_env(game, num_envs=6, num_players=players, jvm_seats=patterns, seed=3)
    try:
        np.testing.assert_array_equal(env.external[1], [True] * (players - 1) + [False])
        np.testing.assert_array_equal(env.external[0], [True] * players)
        obs, infos = env.reset()
        rng = np.random.default_rng(0)
        seen = set()
        for _ in range(400):
            seat = infos["seat"]
            assert env.external[np.arange(6), seat].all(), "only the caller's seats are asked"
            seen.update((i % 2, int(s)) for i, s in enumerate(seat))
            masks = infos["action_mask"]
            assert masks.dtype == np.int8
            obs, rewards, term, trunc, infos = env.step((rng.random(masks.shape) * masks).argmax(1))
            assert rewards.shape == (6, players) and rewards.dtype == np.float32
        assert (1, players - 1) not in seen and (0, players - 1) in seen
    finally:
        env.close()


def test_bad_input_is_refused_before_anything_is_stepped():
    with pytest.raises(ValueError, match="gives every seat to a JVM agent"):
        kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, jvm_seats=["random", "greedy"])
    with pytest.raises(ValueError, match="must have 2 entries"):
        kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, jvm_seats=[None])
    with pytest.raises(ValueError, match="unknown agent"):
        kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, jvm_seats=[None, "nobody"])
    env = kaisen.multi_agent_vector_env("osaka", num_envs=3, num_players=2, seed=1)
    try:
        with pytest.raises(RuntimeError, match="reset"):
            env.step(np.zeros(3, dtype=np.int64))
        obs, infos = env.reset()
        before = obs.copy()
        legal = infos["action_mask"].argmax(1)
        with pytest.raises(ValueError, match="shape"):
            env.step(legal[:2])
        with pytest.raises(TypeError, match="integers"):
            env.step(legal.astype(np.float64))
        bad = legal.copy()
        bad[1] = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
        with pytest.raises(kaisen.IllegalActionError, match=r"env 1 \(seat \d\): illegal action"):
            env.step(bad)
        np.testing.assert_array_equal(obs, before)
        with pytest.raises(ValueError, match="unknown reset option"):
            env.reset(options={"state": None})
        env.step(legal)
    finally:
        env.close()
    with pytest.raises(ValueError, match="illegal action"):
        policies.act([lambda o, m: int(np.flatnonzero(m == 0)[0])], np.zeros(1, dtype=np.int64),
                     np.zeros((1, 3), np.float32), np.array([[1, 0, 1]], np.int8))


def test_lose_mode_forfeits_the_offending_seat_only_in_its_env():
    env = kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, illegal_action="lose", seed=2)
    try:
        _, infos = env.reset()
        offender = int(infos["seat"][0])
        actions = infos["action_mask"].argmax(1)
        actions[0] = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
        _, rewards, term, _, infos = env.step(actions)
        assert term.tolist() == [True, False]
        assert infos["final_info"]["forfeited_by"][0] == offender
        assert rewards[0, offender] == -1 and rewards[0, 1 - offender] == 1
    finally:
        env.close()


def test_a_game_can_start_from_a_state():
    env = kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, jvm_seats=[None, "random"], seed=4)
    try:
        state = kaisen.State("osaka", num_players=2, seed=9)
        while state.current_player() != 1:
            state.apply(state.legal_actions()[0])
        obs, infos = env.reset(options={"states": [None, state]})
        assert infos["seat"].tolist() == [0, 0]  # seat 1's agent moved from the given position
        assert kaisen.State.from_json(env.state_json(1), "osaka", num_players=2).decisions() > state.decisions()
    finally:
        env.close()


def test_evaluate_takes_python_policies_and_sb3_models_on_both_sides():
    class Model:  # anything with predict(obs, action_masks=...), as SB3's MaskablePPO
        def predict(self, obs, action_masks=None, deterministic=False):
            assert action_masks.dtype == np.bool_ and deterministic
            return action_masks.argmax(axis=1), None

    report = kaisen.evaluate({"hash": pick, "model": Model()}, opponents=[Batched(), "greedy"], games=12, seed=5)
    assert [(r.policy, r.opponent) for r in report.results] == [
        ("hash", "last-legal"), ("hash", "greedy"), ("model", "last-legal"), ("model", "greedy")]
    for r in report.results:
        assert r.games == 12 and 0 <= r.wins <= 12 and r.seat_games == (6, 6)
    # a named agent against a Python policy: the JVM plays one side
    again = kaisen.evaluate("greedy", opponents={"pol": Batched()}, games=12, seed=5)
    assert again.results[0].opponent == "pol" and again.results[0].win_rate > 0.5
    # the same seeds give the same games
    twice = kaisen.evaluate({"hash": pick}, opponents=[Batched()], games=12, seed=5)
    assert twice.results[0].wins == report.results[0].wins


def test_evaluate_with_a_real_maskable_ppo_model():
    sb3_contrib = pytest.importorskip("sb3_contrib")
    venv = kaisen.sb3_vec_env("osaka", num_envs=2, seed=0)
    try:
        model = sb3_contrib.MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=16, seed=0)
        report = kaisen.evaluate(model, opponents=[model, "random"], games=6, seed=1)
        assert [r.games for r in report.results] == [6, 6]
    finally:
        venv.close()


def test_record_dir_writes_every_finished_game(tmp_path, game):
    env = kaisen.multi_agent_vector_env(game, num_envs=3, seed=6, record_dir=tmp_path)
    try:
        obs, infos = env.reset()
        rng = np.random.default_rng(1)
        paths = []
        while len(paths) < 3:
            masks = infos["action_mask"]
            obs, _, term, trunc, infos = env.step((rng.random(masks.shape) * masks).argmax(1))
            if (term | trunc).any():
                fin = infos["final_info"]
                for i in np.flatnonzero(term | trunc):
                    assert fin["_record_path"][i]
                    record = kaisen.load_record(fin["record_path"][i])
                    assert record.game == game
                    assert record.final_state().scores() == fin["scores"][i].tolist()
                    paths.append(fin["record_path"][i])
    finally:
        env.close()


def test_a_refused_state_resets_no_env_and_states_without_a_seed_get_fresh_agents():
    env = kaisen.multi_agent_vector_env("osaka", num_envs=2, num_players=2, jvm_seats=[None, "random"], seed=4)
    try:
        env.reset(seed=4)
        before = [env.state_json(i) for i in range(2)]
        done = kaisen.State("osaka", num_players=2, seed=1)
        while not done.is_terminal():
            done.apply(done.legal_actions()[0])
        with pytest.raises(ValueError, match="env 1: .*finished game.*no env was reset"):
            env.reset(seed=9, options={"states": [None, done]})
        assert [env.state_json(i) for i in range(2)] == before
        start = kaisen.State("osaka", num_players=2, seed=9)
        while start.current_player() != 1:
            start.apply(start.legal_actions()[0])
        games = set()
        for _ in range(6):  # no seed: the random agent's moves from the position differ between resets
            env.reset(options={"states": [start, start]})
            games.add(env.state_json(0))
        assert len(games) > 1
    finally:
        env.close()


def test_policies_take_models_without_masks_and_check_what_any_policy_returns():
    class Unmasked:  # SB3's plain PPO: predict(obs, deterministic=...) without action_masks
        def predict(self, obs, deterministic=False):
            return np.zeros(len(obs), dtype=np.int64), None

    masks = np.array([[1, 0, 1], [0, 1, 1]], np.int8)
    obs = np.zeros((2, 4), np.float32)
    with pytest.raises(ValueError, match=r"chose illegal action 0 in row 1"):
        policies.act([Unmasked()], np.zeros(2, np.int64), obs, masks)
    ok = policies.act([Unmasked(), lambda o, m: 2.0], np.array([0, 1]), obs, masks)
    assert ok.tolist() == [0, 2]
    with pytest.raises(ValueError, match="integer actions"):
        policies.act([lambda o, m: 1.5], np.array([-1, 0]), obs, masks)


def test_reset_seeds_counts_and_env_indices_are_checked_with_one_line_naming_them():
    from kaisen import _jvm

    users = _jvm._users
    for kwargs, message in [({"num_envs": 2**31}, "num_envs must be a whole number from 1 to 1,048,576, not 2147483648"),
                            ({"num_envs": 2**40}, "num_envs must be a whole number from 1 to 1,048,576, not 1099511627776"),
                            ({"num_envs": 2, "threads": 2**31},
                             "threads must be a whole number from 0 to 1,024 (0: all cores but one), not 2147483648"),
                            ({"num_envs": 2, "seed": 1.5}, "seed must be an integer")]:
        with pytest.raises(ValueError) as e:
            kaisen.multi_agent_vector_env("osaka", **kwargs)
        assert str(e.value).startswith(message), str(e.value)
    assert _jvm._users == users  # refused before a JVM was asked
    env = kaisen.multi_agent_vector_env("tokaido", num_envs=4, num_players=3, jvm_seats=[None, "greedy", None], seed=1)
    try:
        obs, infos = env.reset(seed=1)
        before = env.state_json(0)
        one = r"^seed must be None, an integer \(one base seed\) or a list of one integer or None per env \(4\), not "
        for bad, message in [(1.5, one + "1.5$"), (np.nan, one + "nan$"), ("3", one + "'3'$"), (True, one + "True$"),
                             ([1, None, "x", 4], r"^seed\[2\] must be an integer .*, not 'x'$"),
                             ([1, 2.5, 3, 4], r"^seed\[1\] must be an integer .*, not 2.5$"),
                             ([1, 2], r"^need one seed per env \(4\), got 2$"),
                             (2**64, "a seed must fit in 64 bits")]:
            with pytest.raises(ValueError, match=message):
                env.reset(seed=bad)
        assert env.state_json(0) == before  # nothing was reset
        for seeds in (np.int64(3), np.arange(4), [1, None, 3, 4], -1):
            env.reset(seed=seeds)
        for bad in (2**31, 4, -1, 1.0):
            with pytest.raises(ValueError, match=rf"^env index i must be a whole number from 0 to 3, not {bad!r}$"):
                env.state_json(bad)
        env.step(env.action_masks().argmax(axis=1))  # the env (and the JVM) carry on
    finally:
        env.close()


def test_policies_act_names_each_bad_argument():
    def first(obs, mask):
        return int(np.flatnonzero(mask)[0])

    obs, masks = np.zeros((2, 10), np.float32), np.ones((2, 5), np.int8)
    cases = [
        (([first], np.array([0, 1]), obs, masks), {},
         r"^owner\[1\] is 1, but 1 policy is given: an owner is 0\.\.0, or negative to leave the row as it is$"),
        (([first], np.array([0.0, 1.0]), obs, masks), {}, r"^owner must be a 1-D array of integers"),
        (([first], np.zeros((2, 1), np.int64), obs, masks), {}, r"^owner must be a 1-D array of integers"),
        (([first], np.array([0, 0]), obs[:1], masks), {}, r"^obs must be an array with one row per owner \(2\)"),
        (([first], np.array([0, 0]), obs, masks[0]), {}, r"^masks must have shape \(2, num_actions\)"),
        (([first], np.array([0, 0]), obs, masks), {"out": np.zeros(2)}, r"^out must be None or an integer array"),
        (([first], np.array([0, 0]), obs, masks), {"labels": []}, r"^labels must be one name per policy \(1\)"),
        (("greedy", np.array([0, 0]), obs, masks), {}, r"^policies must be a non-empty list of policies"),
        (([None], np.array([0, 0]), obs, masks), {}, r"^policies\[0\] must be a callable"),
        ((["greedy"], np.array([0, 0]), obs, masks), {}, r"^policies\[0\] must be a callable"),
    ]
    for args, kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            policies.act(*args, **kwargs)
    assert policies.act([first, first], np.array([1, -1]), obs, masks, out=np.full(2, 7)).tolist() == [0, 7]
