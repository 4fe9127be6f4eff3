"""Observation bounds, normalisation and the layout hash, for every registered game.

The Java conformance suite checks over many random games that no observation leaves the bounds
the segments declare; here the Python side: the spec carries them, every env's observation space
is the finite box they make and contains what the env observes, and the normalising wrappers map
into ``[0, 1]`` (or ``[-1, 1]``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import kaisen
from kaisen.spec import parse as parse_spec
from kaisen.spaces import observation_box

from .conftest import GAMES

pytestmark = pytest.mark.conformance

VIEWS = [(g.id, v) for g in GAMES for v in g.views]


@pytest.mark.parametrize("game_view", VIEWS, ids=[f"{g}-{v}" for g, v in VIEWS])
def test_every_segment_declares_finite_bounds_and_the_spec_a_layout_hash(game_view):
    game, view = game_view
    spec = kaisen.spec(game, view=view)
    assert spec.low.shape == spec.high.shape == (spec.observation_size,)
    assert np.isfinite(spec.low).all() and np.isfinite(spec.high).all() and (spec.low <= spec.high).all()
    for seg in spec.segments.values():
        assert len(seg.low) == len(seg.high) == seg.length, seg.name
        np.testing.assert_array_equal(spec.low[seg.slice], seg.low)
        np.testing.assert_array_equal(spec.high[seg.slice], seg.high)
        assert seg.scale == tuple(h - lo for lo, h in zip(seg.low, seg.high))
        assert seg.range.startswith("[")
    box = observation_box(spec)
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert len(spec.layout_hash) == 16 and int(spec.layout_hash, 16) >= 0
    others = {kaisen.spec(game, view=v).layout_hash for v in spec.views if v != view}
    assert spec.layout_hash not in others, "each view has its own layout hash"
    assert kaisen.spec(game, view=view).layout_hash == spec.layout_hash


def _play_gym(env, episodes: int, rng: np.random.Generator, check) -> None:
    for k in range(episodes):
        obs, _ = env.reset(seed=k)
        check(obs)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            obs, _, terminated, truncated, _ = env.step(action)
            check(obs)
            done = terminated or truncated


def test_the_gym_env_observes_inside_its_finite_box(game_players):
    game, players = game_players
    env = kaisen.make(game, num_players=players, opponents="random", seed=3)
    rng = np.random.default_rng(3)
    space = env.observation_space
    try:
        assert np.isfinite(space.low).all() and np.isfinite(space.high).all()

        def check(obs):
            assert space.contains(obs), env.spec_info.high[obs > env.spec_info.high]

        _play_gym(env, 3, rng, check)
    finally:
        env.close()


def test_the_aec_env_observes_inside_its_finite_box(game):
    env = kaisen.aec_env(game)
    rng = np.random.default_rng(4)
    try:
        env.reset(seed=4)
        spaces = {a: env.observation_space(a) for a in env.possible_agents}
        for space in spaces.values():
            assert np.isfinite(space["observation"].low).all() and np.isfinite(space["observation"].high).all()
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            assert spaces[agent].contains(obs)
            for other in env.agents:
                assert spaces[other]["observation"].contains(env.observe(other)["observation"])
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    finally:
        env.close()


def test_the_vector_env_observes_inside_its_finite_box(game):
    vec = kaisen.vector_env(game, num_envs=4, opponents="random", seed=5)
    rng = np.random.default_rng(5)
    single = vec.single_observation_space
    try:
        assert np.isfinite(single.low).all() and np.isfinite(single.high).all()
        obs, _ = vec.reset(seed=5)
        assert vec.observation_space.contains(obs)
        finals = 0
        for _ in range(200):
            masks = vec.action_masks()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, _, _, _, infos = vec.step(actions)
            assert vec.observation_space.contains(obs)
            for i in np.flatnonzero(infos.get("_final_obs", [])):
                assert single.contains(infos["final_obs"][i])
                finals += 1
        assert finals > 0
    finally:
        vec.close()


def test_spec_normalize_maps_the_bounds_to_zero_and_one_or_minus_one_and_one(game):
    spec = kaisen.spec(game)
    varies = spec.high > spec.low
    np.testing.assert_array_equal(spec.normalize(spec.low), np.zeros(spec.observation_size))
    np.testing.assert_array_equal(spec.normalize(spec.high)[varies], 1.0)
    np.testing.assert_array_equal(spec.normalize(spec.high, signed=True)[varies], 1.0)
    np.testing.assert_array_equal(spec.normalize(spec.low, signed=True), -1.0)
    batch = np.stack([spec.low, (spec.low + spec.high) / 2, spec.high])
    out = spec.normalize(batch)
    assert out.shape == batch.shape and out.dtype == np.float32
    np.testing.assert_allclose(out[1][varies], 0.5, rtol=1e-6)
    with pytest.raises(ValueError, match="values"):
        spec.normalize(np.zeros(spec.observation_size + 1))


def test_the_normalising_wrappers_observe_inside_the_unit_box(game):
    rng = np.random.default_rng(6)
    raw = kaisen.make(game, opponents="random", seed=6)
    env = kaisen.normalize_observations(raw)
    assert isinstance(env, kaisen.NormalizeObservation)
    try:
        assert env.observation_space.low.min() == 0.0 and env.observation_space.high.max() == 1.0

        def check(obs):
            assert env.observation_space.contains(obs), obs

        _play_gym(env, 2, rng, check)
        obs, _ = env.reset(seed=11)
        twin = kaisen.make(game, opponents="random", seed=6)
        try:
            raw_obs, _ = twin.reset(seed=11)
        finally:
            twin.close()
        np.testing.assert_array_equal(obs, raw.spec_info.normalize(raw_obs))
    finally:
        env.close()

    signed = kaisen.normalize_observations(kaisen.make(game, opponents="random", seed=6), signed=True)
    try:
        obs, _ = signed.reset(seed=1)
        assert signed.observation_space.low.min() == -1.0 and signed.observation_space.contains(obs)
    finally:
        signed.close()

    vec = kaisen.normalize_observations(kaisen.vector_env(game, num_envs=3, opponents="random", seed=7))
    assert isinstance(vec, kaisen.NormalizeVectorObservation)
    try:
        obs, _ = vec.reset(seed=7)
        assert vec.observation_space.contains(obs)
        finals = 0
        for _ in range(1000):  # until a game ends (a long game of Merchants takes ~250 learner steps)
            masks = vec.action_masks()
            obs, _, _, _, infos = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            assert vec.observation_space.contains(obs)
            for i in np.flatnonzero(infos.get("_final_obs", [])):
                assert vec.single_observation_space.contains(infos["final_obs"][i])
                finals += 1
            if finals:
                break
        assert finals > 0
    finally:
        vec.close()

    aec = kaisen.normalize_observations(kaisen.aec_env(game))
    assert isinstance(aec, kaisen.NormalizeAECObservation)
    try:
        aec.reset(seed=8)
        for agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            assert aec.observation_space(agent).contains(obs)
            assert obs["observation"].max() <= 1.0 and obs["observation"].min() >= 0.0
            aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    finally:
        aec.close()
    with pytest.raises(TypeError, match="kaisen env"):
        kaisen.normalize_observations(object())


def test_the_spec_json_gives_bounds_as_one_number_or_one_per_value():
    base = json.loads(json.dumps({
        "game": "g", "title": "G", "config": {"players": 2}, "players": 2, "minPlayers": 2, "maxPlayers": 2,
        "numActions": 1, "maxGameLength": 1, "view": "v", "views": ["v"], "observationSize": 3,
        "observationDtype": "float32", "maskDtype": "uint8", "scoreName": "s", "tiebreakName": "t", "agents": [],
        "layoutHash": "0123456789abcdef", "actions": [{"id": 0, "name": "a", "meaning": "m"}],
        "segments": [{"name": "x", "offset": 0, "length": 1, "meaning": "m", "low": 0, "high": 1},
                     {"name": "y", "offset": 1, "length": 2, "meaning": "m", "low": 0, "high": [4, 7]}],
    }))
    spec = parse_spec(json.dumps(base))
    np.testing.assert_array_equal(spec.high, [1, 4, 7])
    assert spec.segments["y"].range == "[0, 4..7]" and spec.layout_hash == "0123456789abcdef"
    base["segments"][1]["high"] = [4]
    with pytest.raises(ValueError, match="segment 'y'"):
        parse_spec(json.dumps(base))
    base["segments"][1]["high"] = None
    with pytest.raises((ValueError, TypeError)):
        parse_spec(json.dumps(base))
