"""The explicit-chance mode from Python: ``State.deal(..., chance="explicit")``, chance nodes,
their outcomes and probabilities, and bad input at and around them (issue 31)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen import IllegalActionError

EXPLICIT = [g.id for g in kaisen.games() if kaisen.spec(g.id).explicit_chance]
SAMPLED_ONLY = [g.id for g in kaisen.games() if not kaisen.spec(g.id).explicit_chance]


def play_to_chance_after_decision(game: str, seed: int = 3) -> kaisen.State:
    """An explicit state at a chance node reached after at least one decision."""
    s, _ = kaisen.State.deal(game, seed=seed, chance="explicit")
    r = random.Random(seed)
    decided = False
    while not (decided and s.is_chance_node()):
        assert not s.is_terminal()
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply(r.choices(outcomes, probs)[0])
        else:
            s.apply(r.choice(s.legal_actions()))
            decided = True
    return s


def test_some_game_has_the_explicit_mode() -> None:
    assert EXPLICIT


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_an_explicit_game_plays_through_its_chance_nodes(game_id: str) -> None:
    spec = kaisen.spec(game_id)
    assert spec.max_chance_outcomes == len(spec.chance_outcomes) > 0
    assert [o.id for o in spec.chance_outcomes] == list(range(spec.max_chance_outcomes))
    s, setup = kaisen.State.deal(game_id, seed=5, chance="explicit")
    assert setup == [] and s.chance_mode == "explicit"
    assert s.is_chance_node() and s.current_player() == kaisen.CHANCE == -1
    r = random.Random(5)
    nodes = 0
    while not s.is_terminal():
        if s.is_chance_node():
            nodes += 1
            pairs = s.chance_outcomes()
            ids = [o for o, _ in pairs]
            assert ids == sorted(ids) == s.legal_actions()
            assert abs(sum(p for _, p in pairs) - 1.0) < 1e-12 and all(p > 0 for _, p in pairs)
            assert all(not s.chance_outcome_name(o).startswith("<") for o in ids)
            s.apply(r.choices(ids, [p for _, p in pairs])[0])
        else:
            assert s.current_player() >= 0
            s.apply(r.choice(s.legal_actions()))
    assert nodes > 0 and sorted(s.returns()) != [0.0] * s.num_players


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_an_outcome_applies_by_name_and_a_step_reports_its_chance_once_complete(game_id: str) -> None:
    s, _ = kaisen.State.deal(game_id, seed=2, chance="explicit")
    steps = []
    while s.is_chance_node():
        outcome = s.chance_outcomes()[0][0]
        steps.append(s.apply(s.chance_outcome_name(outcome)))
    assert all(step == [] for step in steps[:-1]) and steps[-1], "the deal's chance steps arrive when it completes"


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_bad_input_at_and_around_chance_nodes_is_a_clear_error_and_changes_nothing(game_id: str) -> None:
    s = play_to_chance_after_decision(game_id)
    before = s.to_json()
    ids = [o for o, _ in s.chance_outcomes()]
    missing = next(o for o in range(s.spec.max_chance_outcomes) if o not in ids)
    with pytest.raises(IllegalActionError, match="not one of this chance node's outcomes"):
        s.apply(missing)
    with pytest.raises(ValueError, match="out of range"):
        s.apply(s.spec.max_chance_outcomes)
    with pytest.raises(ValueError, match="chance outcome"):
        s.apply(s.spec.actions[0].name)  # a decision's name at a chance node
    with pytest.raises(TypeError):
        s.apply(1.5)
    assert s.to_json() == before and s.is_chance_node()
    # a decision node: chance queries and outcome names are refused
    s.apply(ids[0])
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    if not s.is_terminal():
        with pytest.raises(ValueError, match="not a chance node"):
            s.chance_outcomes()
        with pytest.raises(ValueError, match="no .* action named"):
            s.apply(s.spec.chance_outcomes[0].name)
    while not s.is_terminal():
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    with pytest.raises(ValueError, match="terminal"):
        s.chance_outcomes()


@pytest.mark.parametrize("game_id", SAMPLED_ONLY)
def test_a_game_without_the_explicit_mode_says_so(game_id: str) -> None:
    with pytest.raises(ValueError, match="no explicit-chance mode"):
        kaisen.State.deal(game_id, chance="explicit")


def test_an_unknown_chance_mode_is_refused() -> None:
    with pytest.raises(ValueError, match='"sampled" or "explicit"'):
        kaisen.State.deal(chance="implicit")
    s = kaisen.State(seed=1)
    assert s.chance_mode == "sampled" and not s.is_chance_node()
    with pytest.raises(ValueError, match='chance="explicit"'):
        s.chance_outcomes()


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_a_chance_node_copies_serializes_observes_and_determinizes_as_a_decision_node(game_id: str) -> None:
    s = play_to_chance_after_decision(game_id)
    outcomes = s.chance_outcomes()
    for other in (s.clone(), kaisen.State.from_json(s.to_json(), game_id), kaisen.State.from_json(json.loads(s.to_json()), game_id)):
        assert other == s and other.is_chance_node() and other.chance_outcomes() == outcomes
    for seat in range(s.num_players):
        obs = s.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == (s.spec.observation_size,)
        d = s.determinize(seat, 9)
        assert d.is_chance_node() and d.chance_mode == "explicit"
        np.testing.assert_array_equal(d.observation(seat), obs)
    child = s.child(outcomes[0][0])
    assert s.chance_outcomes() == outcomes and child != s


# --- expectimax (examples/expectimax.py) on an endgame where chance matters, checked by brute force

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import expectimax  # noqa: E402

ENDGAME = ("floating-market", 8)
"""A random explicit game's last decision before the final roll: nine placements, each followed
by a roll of up to 864 dice combinations that decides the game."""


def _brute_force(state: kaisen.State, seat: int) -> float:
    """``seat``'s exact expected return from ``state`` up to the next decision: every chance outcome
    sequence walked on clones; a finished game counts its returns, a game in which someone is to
    decide again its returns so far (0: the horizon of a one-move search)."""
    stack = [(state, 1.0)]
    total = 0.0
    while stack:
        s, p = stack.pop()
        if s.is_chance_node():
            for outcome, q in s.chance_outcomes():
                c = s.clone()
                c.apply(outcome)
                stack.append((c, p * q))
        else:
            total += p * s.returns()[seat]
    return total


def test_expectimax_finds_the_best_move_of_an_endgame_where_chance_matters() -> None:
    game, seed = ENDGAME
    state = expectimax.last_decision_before_the_end(game, seed)
    seat = state.current_player()
    values = expectimax.action_values(state, depth=1)
    assert set(values) == set(state.legal_actions())
    exact = {a: _brute_force(state.child(a), seat) for a in state.legal_actions()}
    for a in values:
        assert values[a] == pytest.approx(exact[a], abs=1e-9), state.action_name(a)
    best_value, best = expectimax.expectimax(state, depth=1)
    assert exact[best] == max(exact.values())
    assert best_value[seat] == pytest.approx(exact[best], abs=1e-9)
    # chance matters here: the moves' expected returns differ, and no move wins or loses for sure
    assert max(exact.values()) - min(exact.values()) > 0.1
    assert all(-1 < v < 1 for v in exact.values())
