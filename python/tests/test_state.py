"""kaisen.State (search and analysis from Python) on every registered game, envs started from a
state, reseed, and the MCTS example finding a forced win without knowing the future."""

from __future__ import annotations

import collections
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen import IllegalActionError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))


def played(game: str, seed: int, steps: int) -> tuple[kaisen.State, list[int]]:
    """A state of ``game`` dealt from ``seed`` after up to ``steps`` random legal actions, and those actions."""
    rng = random.Random(seed)
    s = kaisen.State(game, seed=seed)
    actions = []
    for _ in range(steps):
        if s.is_terminal():
            break
        a = rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
    return s, actions


def test_json_round_trip(game):
    for steps in (0, 7, 40):
        s, _ = played(game, 11, steps)
        text = s.to_json()
        t = kaisen.State.from_json(text, game)
        assert t.to_json() == text
        assert t == s
        assert t.legal_actions() == s.legal_actions() and t.current_player() == s.current_player()
        for seat in range(s.num_players):
            np.testing.assert_array_equal(t.observation(seat), s.observation(seat))
        # and a dict, as json.loads reads it
        assert kaisen.State(game, state=json.loads(text)).to_json() == text
        assert "decisions" in repr(t)


def test_clone_and_child_are_independent(game):
    s, _ = played(game, 3, 5)
    before = s.to_json()
    c = s.clone()
    a = c.legal_actions()[-1]
    child = s.child(a)
    assert s.to_json() == before, "child changed its parent"
    c.apply(a)
    assert s.to_json() == before, "applying to a clone changed the original"
    assert c.to_json() == child.to_json()
    assert c.decisions() == s.decisions() + 1
    # apply by name is the same as by id
    d = s.clone()
    d.apply(s.action_name(a))
    assert d.to_json() == child.to_json()


def test_apply_matches_the_aec_env(game):
    env = kaisen.aec_env(game)
    try:
        rng = random.Random(5)
        for seed in (1, 2):
            env.reset(seed=seed)
            s = kaisen.State(game, seed=seed)
            for _ in range(60):
                assert s.to_json() == env.state_json()
                for seat, agent in enumerate(env.possible_agents):
                    np.testing.assert_array_equal(s.observation(seat), env.observe(agent)["observation"])
                    if not s.is_terminal():
                        expected = s.legal_mask() if seat == s.current_player() else np.zeros(s.num_actions)
                        np.testing.assert_array_equal(env.observe(agent)["action_mask"], expected)
                if s.is_terminal():
                    assert all(env.terminations.values()) or all(env.truncations.values())
                    break
                assert env.agent_selection == f"player_{s.current_player()}"
                a = rng.choice(s.legal_actions())
                s.apply(a)
                env.step(a)
    finally:
        env.close()


def test_memoryless_view(game):
    s, _ = played(game, 4, 10)
    spec = kaisen.spec(game, view="observation")
    assert s.observation(0, view="observation").shape == (spec.observation_size,)
    with pytest.raises(ValueError, match="view"):
        s.observation(0, view="nope")


def test_bad_input_is_an_error_and_changes_nothing(game):
    s, _ = played(game, 6, 3)
    before = s.to_json()
    legal = s.legal_actions()
    illegal = next((a for a in range(s.num_actions) if a not in legal), None)
    if illegal is not None:
        with pytest.raises(IllegalActionError) as e:
            s.apply(illegal)
        assert e.value.legal == legal
        with pytest.raises(IllegalActionError):
            s.child(illegal)
    for bad in (-1, s.num_actions, 10**6):
        with pytest.raises(ValueError, match="out of range"):
            s.apply(bad)
    with pytest.raises(TypeError):
        s.apply(1.5)
    with pytest.raises(ValueError, match="no .* action named"):
        s.apply("no-such-action")
    with pytest.raises(ValueError, match="seat"):
        s.observation(s.num_players)
    with pytest.raises(ValueError, match="seat"):
        s.observation(-1)
    with pytest.raises(ValueError):
        s.apply(legal[0], chance=[{"event": "no-such-event", "data": {}}])
    assert s.to_json() == before and s.legal_actions() == legal
    # malformed JSON, a state of another game, another player count
    for text in ("{", "[]", "{}", before[: len(before) // 2]):
        with pytest.raises(ValueError):
            kaisen.State(game, state=text)
    other = next(g.id for g in kaisen.games() if g.id != game)
    with pytest.raises(ValueError):
        kaisen.State(other, state=before)
    info = kaisen.game_info(game)
    if info.max_players > s.num_players:
        with pytest.raises(ValueError):
            kaisen.State(game, num_players=s.num_players + 1, state=before)
    with pytest.raises(ValueError, match="not both"):
        kaisen.State(game, state=before, seed=1)


def test_action_name_for_is_the_full_name_for_public_moves_and_checks_its_input(game):
    s, _ = played(game, 6, 3)
    actor = s.current_player()
    for a in s.legal_actions()[:5]:
        assert s.action_name_for(actor, a) == s.action_name(a), "the acting seat reads the full name"
        assert s.action_name_for(actor, s.action_name(a)) == s.action_name(a), "by name too"
    for seat in (-1, s.num_players, True, 1.0):
        with pytest.raises(ValueError, match="seat"):
            s.action_name_for(seat, s.legal_actions()[0])
    with pytest.raises(ValueError, match="out of range"):
        s.action_name_for(actor, s.num_actions)
    with pytest.raises(ValueError, match="no .* action named"):
        s.action_name_for(actor, "no-such-action")
    with pytest.raises(TypeError):
        s.action_name_for(actor, 1.5)
    # another seat reads the same words for two actions that leave its information state the same
    legal = s.legal_actions()[:6]
    for seat in range(s.num_players):
        if seat == actor:
            continue
        seen: dict[bytes, str] = {}
        for a in legal:
            c = s.clone()
            c.apply(a)
            words = s.action_name_for(seat, a)
            assert isinstance(words, str) and words
            key = c.observation(seat).tobytes()
            assert seen.setdefault(key, words) == words, f"seat {seat} reads different words for the same outcome"


def test_a_merchants_sealed_bid_reads_as_committed_for_the_others():
    s = kaisen.State("merchants", num_players=2, seed=2)
    rng = random.Random(2)
    while not (s.current_player() == 0 and s.legal_action_names()[0].startswith("bid:")):
        assert not s.is_terminal(), "a bid of seat 0 comes up"
        s.apply(rng.choice(s.legal_actions()))
    bid = s.legal_actions()[-1]
    assert s.action_name_for(0, bid) == s.action_name(bid) and s.action_name(bid).startswith("bid:")
    assert s.action_name_for(1, bid) == "commits a sealed bid"
    assert s.action_name_for(1, s.action_name(bid)) == "commits a sealed bid"
    s.apply(bid)
    assert s.current_player() == 1, "seat 1 bids next, not knowing seat 0's bid"
    other = s.legal_actions()[0]
    assert s.action_name_for(0, other) == "commits a sealed bid"
    assert s.action_name_for(1, other) == s.action_name(other)


def test_chance_outcomes_are_reported_and_checked(game):
    """apply reports what chance drew; applying with those outcomes agrees, with others changes nothing."""
    s = kaisen.State(game, seed=9)
    rng = random.Random(9)
    for _ in range(200):
        if s.is_terminal():
            break
        a = rng.choice(s.legal_actions())
        expected = s.child(a)
        before = s.to_json()
        drawn = s.clone().apply(a)
        if drawn:
            with pytest.raises(ValueError, match="chance outcomes"):
                s.apply(a, chance=drawn[:-1])
            assert s.to_json() == before
        assert s.apply(a, chance=drawn) == drawn
        assert s.to_json() == expected.to_json()


def test_determinize_keeps_what_the_seat_sees(game):
    s, _ = played(game, 8, 12)
    for seat in range(s.num_players):
        d = s.determinize(seat, 123)
        np.testing.assert_array_equal(d.observation(seat), s.observation(seat))
        assert d.current_player() == s.current_player()


def test_env_resets_from_a_state(game):
    s, _ = played(game, 2, 3)
    # AEC: the position as it is, its current player to act
    aec = kaisen.aec_env(game)
    try:
        aec.reset(options={"state": s.to_json()})
        assert aec.state_json() == s.to_json()
        assert aec.agent_selection == f"player_{s.current_player()}"
        for seat, agent in enumerate(aec.possible_agents):
            np.testing.assert_array_equal(aec.observe(agent)["observation"], s.observation(seat))
        aec.reset(options={"state": s})  # a kaisen.State works too
        assert aec.state_json() == s.to_json()
        with pytest.raises(ValueError, match="known: 'state'"):
            aec.reset(options={"sate": s.to_json()})
        with pytest.raises(ValueError):
            aec.reset(options={"state": "{not json"})
        assert aec.state_json() == s.to_json()
        aec.reset(seed=0, options={"options": 1})  # PettingZoo's api_test probe: accepted, ignored
    finally:
        aec.close()
    # single env: the learner is the seat to act, so the first observation is the learner's of this state
    seat = s.current_player()
    env = kaisen.make(game, learner_seat=seat)
    try:
        obs, info = env.reset(seed=0, options={"state": s.to_json()})
        assert info["learner_seat"] == seat
        np.testing.assert_array_equal(obs, s.observation(seat))
        assert env.state_json() == s.to_json()
        with pytest.raises(ValueError, match="known: 'state'"):
            env.reset(options={"seed": 1})
        # another learner seat: the opponents play from the state until the learner's turn
        other = (seat + 1) % s.num_players
        env2 = kaisen.make(game, learner_seat=other)
        try:
            obs2, info2 = env2.reset(seed=0, options={"state": s.to_json()})
            assert info2["learner_seat"] == other
            assert json.loads(env2.state_json()) != json.loads(s.to_json())
            t = kaisen.State(game, state=env2.state_json())
            assert t.current_player() == other
            np.testing.assert_array_equal(obs2, t.observation(other))
        finally:
            env2.close()
    finally:
        env.close()
    vec = kaisen.vector_env(game, num_envs=2, learner_seat=seat, threads=1)
    try:
        obs, _ = vec.reset(seed=0, options={"states": [None, s.to_json()]})
        np.testing.assert_array_equal(obs[1], s.observation(seat))
        with pytest.raises(ValueError, match="known: 'states'"):
            vec.reset(options={"state": s.to_json()})
        with pytest.raises(ValueError, match="one state"):
            vec.reset(options={"states": [s.to_json()]})
    finally:
        vec.close()


def test_finished_state_cannot_start_an_episode():
    s, _ = played("osaka", 1, 10_000)
    assert s.is_terminal() and s.legal_actions() == []
    assert sum(s.returns()) == pytest.approx(0) and max(s.returns()) > 0
    with pytest.raises(kaisen.KaisenError, match="over"):
        s.apply(0)
    env = kaisen.make("osaka")
    try:
        with pytest.raises(ValueError, match="finished"):
            env.reset(options={"state": s.to_json()})
    finally:
        env.close()


# --- a forced win, found by exhaustive search and by the MCTS example ---

def value(s: kaisen.State, seat: int) -> float:
    """The return ``seat`` can force from ``s`` (two players, zero-sum): exhaustive minimax."""
    if s.is_terminal():
        return s.returns()[seat]
    values = [value(s.child(a), seat) for a in s.legal_actions()]
    return max(values) if s.current_player() == seat else min(values)


def forced_win_position(game: str, max_nodes_hint: int = 8) -> tuple[kaisen.State, list[int]]:
    """A 2-player position near the end of a random game where the seat to act has a forced win
    and some of its moves do not win; and the winning moves (both checked exhaustively)."""
    for seed in range(20):
        full, actions = played(game, seed, 10_000)
        for back in range(4, max_nodes_hint):
            s = kaisen.State(game, seed=seed)
            for a in actions[:-back]:
                s.apply(a)
            seat, legal = s.current_player(), s.legal_actions()
            if not 2 <= len(legal) <= 6:
                continue
            values = {a: value(s.child(a), seat) for a in legal}
            winning = [a for a, v in values.items() if v > 0]
            if winning and len(winning) < len(legal):
                return s, winning
    raise AssertionError(f"no forced-win position found in {game}")


def test_mcts_finds_a_forced_win():
    from mcts import mcts

    s, winning = forced_win_position("tokaido")
    before = s.to_json()
    best, stats = mcts(s, 600, seed=1)
    assert s.to_json() == before, "the search changed the root state"
    assert best in winning, f"MCTS chose {s.action_name(best)}; winning: {[s.action_name(a) for a in winning]}; {stats}"
    assert stats[best][1] > 0


def floating_market_before_the_first_roll() -> kaisen.State:
    """Floating Market dealt from seed 11, played at random until both seats have placed a die and
    before any roll (issue 31's position: the next roll is the round's first)."""
    s = kaisen.State("floating-market", seed=11)
    rng = random.Random(11)
    placed = set()
    while len(placed) < s.num_players:
        seat, a = s.current_player(), rng.choice(s.legal_actions())
        if s.action_name(a).startswith("die:"):
            placed.add(seat)
        assert not any(c["event"] == "roll" for c in s.apply(a)), "no roll before both dice are placed"
    return s


def next_roll_total(s: kaisen.State, rng: random.Random) -> int:
    """Plays ``s`` at random (in place) until it rolls; that roll's total."""
    while not s.is_terminal():
        for c in s.apply(rng.choice(s.legal_actions())):
            if c["event"] == "roll":
                return c["data"]["total"]
    raise AssertionError("the game ended without a roll")


def test_mcts_searches_worlds_that_do_not_know_the_next_roll():
    """The worlds the search plays (one per iteration) roll as fresh dice do, where clones of the
    true state roll the true future: over 200 random continuations the most common total is
    8.5% of the worlds' rolls (a fresh 2-player pool's most likely total), 42% of the clones'."""
    from mcts import mcts, worlds

    s = floating_market_before_the_first_roll()
    before = s.to_json()
    n = 200
    searched = collections.Counter(next_roll_total(w, random.Random(i)) for i, w in enumerate(worlds(s, n, seed=0)))
    cloned = collections.Counter(next_roll_total(s.clone(), random.Random(i)) for i in range(n))
    assert max(searched.values()) <= 0.2 * n, searched
    assert max(cloned.values()) >= 0.3 * n, cloned
    best, stats = mcts(s, 20, seed=0, max_rollout=30)
    assert best in s.legal_actions() and sum(v for v, _ in stats.values()) == 20
    assert s.to_json() == before, "the search changed the root state"


def test_reseed_gives_a_clone_another_future_and_changes_nothing_seen(game):
    s, _ = played(game, 5, 30)
    before = s.to_json()
    views = [s.observation(seat) for seat in range(s.num_players)]
    c = s.clone()
    c.reseed(99)
    assert s.to_json() == before, "reseeding a clone leaves the original alone"
    for seat in range(s.num_players):
        np.testing.assert_array_equal(c.observation(seat), views[seat])
        assert c.render(seat) == s.render(seat)
    assert c.legal_actions() == s.legal_actions() and c.current_player() == s.current_player()
    assert c.to_json() != before, "the random stream restarted"
    d = s.clone()
    d.reseed(99)
    assert d == c, "the same seed, the same state"
    rng = random.Random(3)
    for _ in range(20):
        if c.is_terminal():
            break
        a = rng.choice(c.legal_actions())
        assert c.apply(a) == d.apply(a), "the same seed, the same future"


def test_clones_share_a_future_and_reseeded_clones_do_not():
    s = floating_market_before_the_first_roll()
    assert len({next_roll_total(s.clone(), random.Random(0)) for _ in range(5)}) == 1
    totals = set()
    for k in range(20):
        c = s.clone()
        c.reseed(k)
        totals.add(next_roll_total(c, random.Random(0)))
    assert len(totals) > 3, totals


def test_reseed_takes_an_integer_seed_of_64_bits():
    s = kaisen.State("osaka", seed=3)
    before = s.to_json()
    for bad in (1.5, 2.0, "7", None, True, np.float64(1.0)):
        with pytest.raises(ValueError, match=r"^seed must be an integer \(a whole number of at most 64 bits\), not "):
            s.reseed(bad)
    for bad in (2**64, -(2**63) - 1):
        with pytest.raises(ValueError, match="a seed must fit in 64 bits"):
            s.reseed(bad)
    assert s.to_json() == before, "a refused seed changes nothing"
    a, b = s.clone(), s.clone()
    a.reseed(2**64 - 1)
    b.reseed(-1)
    assert a == b, "a seed's bits, signed or not"
    b.reseed(np.uint64(7))
    a.reseed(7)
    assert a == b


def test_a_seed_is_an_integer_of_64_bits_everywhere_never_truncated():
    s = kaisen.State("osaka", seed=3)
    before = s.to_json()
    for bad in (1.5, 2.0, np.float64(1.0), float("nan"), "7", None, True):
        with pytest.raises(ValueError, match=r"^seed must be an integer \(a whole number of at most 64 bits\), not "):
            s.determinize(0, seed=bad)
    for bad in (1.5, "7", np.float32(2.0)):
        with pytest.raises(ValueError, match=r"^seed must be an integer"):
            kaisen.State("osaka", seed=bad)
        with pytest.raises(ValueError, match=r"^seed must be an integer"):
            kaisen.State.deal("osaka", seed=bad)
    for bad in (2**64, -(2**63) - 1, 2**70):
        with pytest.raises(ValueError, match="a seed must fit in 64 bits"):
            s.determinize(0, seed=bad)
    assert s.to_json() == before
    # whole numbers of either sign and numpy integers: the same bits, the same state
    assert s.determinize(0, seed=np.int64(5)) == s.determinize(0, seed=5)
    assert s.determinize(0, seed=2**64 - 1) == s.determinize(0, seed=-1)
