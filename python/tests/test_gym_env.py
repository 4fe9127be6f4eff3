from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import kaisen

from .conftest import play_until_an_action_is_illegal


def play(env: kaisen.KaisenEnv, seed: int) -> tuple[list[np.ndarray], float, float, dict]:
    """A whole episode with seeded random legal actions: observations, last reward, return, last info."""
    obs, _ = env.reset(seed=seed)
    seen = [obs]
    total = 0.0
    rng = np.random.default_rng(seed)
    while True:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        seen.append(obs)
        total += reward
        if terminated or truncated:
            return seen, reward, total, info


def test_sizes_and_spaces_come_from_the_spec(game):
    info = kaisen.game_info(game)
    for players in (info.min_players, info.max_players):
        env = kaisen.make(game, num_players=players, seed=0)
        try:
            spec = kaisen.spec(game, num_players=players)
            assert env.spec_info == spec and env.num_players == players == spec.players
            assert env.observation_space.shape == (spec.observation_size,)
            assert env.observation_space.dtype == spec.observation_dtype
            assert env.action_space.n == spec.num_actions
            obs, first = env.reset()
            assert obs.shape == (spec.observation_size,) and obs.dtype == np.float32
            assert env.action_masks().shape == (spec.num_actions,) and env.action_masks().any()
            assert set(first) == {"learner_seat", "action_mask"} and 0 <= first["learner_seat"] < players
            # the default learner seat is drawn each episode, as in every factory (vector env, evaluate)
            seats = {env.reset()[1]["learner_seat"] for _ in range(24)}
            assert len(seats) > 1, seats
        finally:
            env.close()


def test_the_default_player_count_is_the_games(game):
    env = kaisen.make(game)
    try:
        assert env.num_players == kaisen.game_info(game).default_players
    finally:
        env.close()


def test_same_seed_same_game_and_terminal_info(game):
    env = kaisen.make(game, seed=0)
    try:
        a, ra, total, info = play(env, 11)
        b, rb, _, _ = play(env, 11)
        assert len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))
        assert ra == rb
        assert set(info) >= {"scores", "tiebreaks", "winners", "end_reason", "decisions", "learner_seat", "won",
                             "episode_return"}
        assert len(info["scores"]) == len(info["tiebreaks"]) == env.num_players
        assert info["won"] == (info["learner_seat"] in info["winners"])
        assert info["episode_return"] == pytest.approx(total)
        # terminal rewards: the winners share +1, the others share -1 (all 0 when everyone wins)
        k, n = len(info["winners"]), env.num_players
        assert ra == pytest.approx(0.0 if k == n else 1 / k if info["won"] else -1 / (n - k))
    finally:
        env.close()


def test_an_illegal_action_raises_naming_the_legal_ones_and_changes_nothing(game):
    env = kaisen.make(game, seed=0)
    try:
        assert env.illegal_action == "raise"
        env.reset(seed=2)
        rng = np.random.default_rng(2)
        taken = []
        illegal = play_until_an_action_is_illegal(env.action_masks, lambda a: taken.append(a) or env.step(a), rng)
        mask = env.action_masks().copy()
        with pytest.raises(kaisen.IllegalActionError) as e:
            env.step(illegal)
        assert isinstance(e.value, ValueError)
        assert f"illegal action {illegal}" in str(e.value) and "legal actions: [" in str(e.value)
        assert e.value.legal == [int(a) for a in np.flatnonzero(mask)]
        with pytest.raises(ValueError, match="out of range"):
            env.step(env.spec_info.num_actions)
        with pytest.raises(TypeError):
            env.step(1.5)
        # nothing changed: the same legal action gives what a fresh env gives
        legal = int(np.flatnonzero(mask)[0])
        after = env.step(legal)[0]
        other = kaisen.make(game)
        try:
            other.reset(seed=2)
            for a in taken:
                other.step(a)
            assert np.array_equal(after, other.step(legal)[0])
        finally:
            other.close()
    finally:
        env.close()


def test_an_illegal_action_loses_when_asked(game):
    env = kaisen.make(game, illegal_action="lose", learner_seat=None, seed=0)
    try:
        env.reset(seed=3)
        illegal = play_until_an_action_is_illegal(env.action_masks, env.step, np.random.default_rng(3))
        obs, reward, terminated, truncated, info = env.step(illegal)
        assert (reward, terminated, truncated) == (-1.0, True, False)
        assert info["end_reason"] == "ILLEGAL_ACTION" and info["forfeited_by"] == info["learner_seat"]
        assert f"illegal action {illegal}" in info["illegal"]
        assert not info["won"] and info["learner_seat"] not in info["winners"]
        assert obs.shape == env.observation_space.shape
        assert not env.action_masks().any()
        with pytest.raises(ResetNeeded):
            env.step(0)
        with pytest.raises(ValueError, match="out of range"):  # outside the action space is no move at all
            env.reset(seed=3)
            env.step(env.spec_info.num_actions)
    finally:
        env.close()


def test_registered_id_works_through_gymnasium_make(game):
    env = gym.make(kaisen.gym_id(game), opponents="random")
    try:
        obs, info = env.reset(seed=5)
        assert obs.shape == (env.unwrapped.spec_info.observation_size,) and obs.dtype == np.float32
        assert env.unwrapped.game == game
        mask = env.unwrapped.action_masks()
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        assert isinstance(reward, float)
    finally:
        env.close()


def test_osaka_is_registered_as_v2():
    assert kaisen.gym_id("osaka") == "kaisen/Osaka-v2" and "kaisen/Osaka-v2" in kaisen.GYM_IDS
    assert "kaisen/Osaka-v1" not in gym.registry


def test_stepping_a_finished_episode_needs_a_reset(env):
    with pytest.raises(ResetNeeded):
        env.step(0)
    play(env, 4)
    assert not env.action_masks().any()
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_observation_slices_by_segment_name(game):
    spec = kaisen.spec(game)
    env = kaisen.make(game, seed=8)
    try:
        obs, _ = env.reset()
        segments = env.spec_segments
        assert segments == dict(spec.segments)
        # the segments tile the observation, in order, without gaps
        ends = [s.offset + s.length for s in segments.values()]
        assert [s.offset for s in segments.values()] == [0, *ends[:-1]] and ends[-1] == obs.shape[0]
        for name, seg in segments.items():
            np.testing.assert_array_equal(spec.slice(obs, name), obs[seg.offset:seg.offset + seg.length])
        batch = np.stack([obs, obs])
        first = next(iter(segments.values()))
        assert spec.slice(batch, first.name).shape == (2, first.length)
        with pytest.raises(KeyError, match="no segment"):
            spec.slice(obs, "nope")
    finally:
        env.close()


def test_osaka_observation_segments_read_the_game():
    env = kaisen.make("osaka", seed=8)
    try:
        obs, _ = env.reset()
        spec = env.spec_info
        phase = spec.slice(obs, "phase")
        assert phase.sum() == 1.0 and spec.segments["phase"].meaning.startswith("one-hot")
        assert (spec.score_name, spec.tiebreak_name) == ("VP", "tokens")
    finally:
        env.close()


def test_views_have_their_own_spec(game):
    for view in kaisen.game_info(game).views:
        env = kaisen.make(game, view=view, seed=1)
        try:
            spec = kaisen.spec(game, view=view)
            assert env.view == spec.view == view
            obs, _ = env.reset()
            assert obs.shape == (spec.observation_size,)
        finally:
            env.close()


def test_sampling_the_action_space_gives_legal_actions(env):
    env.reset(seed=1)
    for _ in range(30):
        a = env.action_space.sample()
        assert env.action_masks()[a]
        _, _, term, trunc, _ = env.step(a)
        if term or trunc:
            break


def test_render_modes(game):
    env = kaisen.make(game, render_mode="ansi")
    try:
        env.reset(seed=0)
        text = env.render()
        assert isinstance(text, str) and text
    finally:
        env.close()
    env = kaisen.make(game, render_mode="html")
    try:
        env.reset(seed=0)
        assert "<svg" in env.render()
    finally:
        env.close()
    with pytest.raises(ValueError, match="render_mode"):
        kaisen.make(game, render_mode="rgb")


def test_bad_configuration_is_refused_with_a_clear_message():
    held = kaisen.make("osaka")  # keeps one JVM up: each refused env would otherwise start and stop one
    try:
        with pytest.raises(ValueError, match="2 to 4 players, not 5"):
            kaisen.make("osaka", num_players=5)
        with pytest.raises(ValueError, match=r"unknown option 'colour' for osaka \(valid options: players"):
            kaisen.make("osaka", colour=True)
        with pytest.raises(TypeError, match="num_players"):
            kaisen.make("osaka", players=3)
        with pytest.raises(ValueError, match="unknown agent 'nobody'"):
            kaisen.make("osaka", opponents="nobody")
        with pytest.raises(ValueError, match="opponents must be one agent name or 2 names"):
            kaisen.make("osaka", num_players=3, opponents=["random", "greedy", "random"])
        with pytest.raises(ValueError, match="learner_seat"):
            kaisen.make("osaka", learner_seat=2)
        with pytest.raises(ValueError, match=r"unknown game 'chess' \(known: osaka"):
            kaisen.make("chess")
        with pytest.raises(ValueError, match="unknown observation view"):
            kaisen.make("osaka", view="pixels")
        with pytest.raises(ValueError, match="illegal_action"):
            kaisen.make("osaka", illegal_action="ignore")
        with pytest.raises(ValueError, match="reward_mode"):
            kaisen.make("osaka", reward_mode="dense")
    finally:
        held.close()

def test_every_named_agent_works_as_an_opponent_from_python():
    env = kaisen.make("osaka", num_players=3, opponents=["ismcts:10", "greedy"], seed=6)
    try:
        env.reset()
        for _ in range(20):
            _, _, terminated, truncated, _ = env.step(env.action_space.sample())
            if terminated or truncated:
                break
    finally:
        env.close()
    with pytest.raises(ValueError, match="ismcts:ITERATIONS"):
        kaisen.make("osaka", opponents="alphazero")


def test_the_old_class_names_are_deprecated_aliases_for_osaka():
    with pytest.warns(DeprecationWarning, match="KaisenEnv"):
        cls = kaisen.OsakaEnv
    env = cls(3, "greedy")
    try:
        assert isinstance(env, kaisen.KaisenEnv)
        assert (env.game, env.num_players) == ("osaka", 3)
    finally:
        env.close()
    with pytest.raises(AttributeError):
        kaisen.NoSuchThing  # noqa: B018


def test_actions_may_be_named_as_in_the_action_table(game):
    by_id, by_name = kaisen.make(game, seed=9), kaisen.make(game, seed=9)
    aec = kaisen.aec_env(game)
    try:
        a, _ = by_id.reset()
        b, _ = by_name.reset()
        rng = np.random.default_rng(9)
        for _ in range(20):
            legal = np.flatnonzero(by_id.action_masks())
            action = int(legal[rng.integers(legal.size)])
            name = by_id.spec_info.action_name(action)
            a, _, done, cut, _ = by_id.step(action)
            b, _, _, _, _ = by_name.step(name)
            assert np.array_equal(a, b)
            if done or cut:
                break
        by_name.reset()
        with pytest.raises(ValueError, match="no action named 'no-such-action'.*kaisen spec"):
            by_name.step("no-such-action")
        aec.reset(seed=1)
        first = aec.legal_actions()[0]
        aec.step(aec.spec_info.action_name(first))
        with pytest.raises(ValueError, match="no action named"):
            aec.step("no-such-action")
    finally:
        by_id.close()
        by_name.close()
        aec.close()


def test_masks_are_int8_and_in_the_info_behind_gymnasiums_wrappers(game):
    """``gym.make`` wraps the env (OrderEnforcing, PassiveEnvChecker): the mask still reaches the
    caller through the info, as int8, the dtype ``Discrete.sample(mask=)`` requires."""
    import gymnasium as gym

    env = gym.make(kaisen.gym_id(game), seed=3)
    try:
        obs, info = env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(500):
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
            assert np.array_equal(mask, env.get_wrapper_attr("action_masks")())
            assert np.array_equal(mask, env.unwrapped.action_masks())
            assert set(np.unique(mask)) <= {0, 1} and mask.any()
            action = env.action_space.sample(mask=mask)  # Gymnasium's own masked sampling
            assert mask[action] == 1
            assert mask[env.action_space.sample()] == 1  # the wrapped env's space samples legally too
            obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            if terminated or truncated:
                assert info["action_mask"].dtype == np.int8 and not info["action_mask"].any()
                obs, info = env.reset()
    finally:
        env.close()
