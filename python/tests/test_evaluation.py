from __future__ import annotations

import re

import numpy as np
import pytest

import kaisen


def first_legal(obs, mask):
    return int(np.flatnonzero(mask)[0])


class FirstLegalBatched:
    batched = True
    name = "first-batched"

    def __init__(self, game: str = "osaka", num_players: int | None = None):
        self.spec = kaisen.spec(game, num_players=num_players)

    def __call__(self, obs, mask):
        assert obs.ndim == 2 and obs.shape[1] == self.spec.observation_size
        assert mask.shape == (obs.shape[0], self.spec.num_actions) and mask.dtype == np.int8
        return mask.argmax(axis=1)


def test_callable_policy_result_shape_and_interval():
    report = kaisen.evaluate(first_legal, opponents="random", games=20, seed=3)
    (r,) = report.results
    assert (r.policy, r.opponent, r.games) == ("first_legal", "random", 20)
    assert r.seat_games == (10, 10)
    assert 0 <= r.ci_low <= r.win_rate <= r.ci_high <= 1
    assert r.wins == pytest.approx(r.win_rate * 20)
    assert "first_legal" in report.table()


def test_batched_and_single_calls_play_the_same_games():
    a = kaisen.evaluate(first_legal, opponents=["random"], games=12, seed=9).results[0]
    b = kaisen.evaluate(FirstLegalBatched(), opponents=["random"], games=12, seed=9).results[0]
    assert (a.wins, a.mean_score, a.opponent_mean_score) == (b.wins, b.mean_score, b.opponent_mean_score)


def test_named_agents_and_callables_in_one_call():
    report = kaisen.evaluate({"greedy": "greedy", "first": first_legal}, opponents=["random", "greedy"], games=30,
                             seed=1)
    assert [(r.policy, r.opponent) for r in report.results] == [
        ("greedy", "random"), ("greedy", "greedy"), ("first", "random"), ("first", "greedy")]
    assert report.get("greedy", "random").win_rate > 0.8
    assert report.get("greedy", "random").seat_games == (15, 15)


def test_three_players_rotate_seats():
    r = kaisen.evaluate("random", opponents="random", games=9, seed=2, num_players=3).results[0]
    assert r.seat_games == (3, 3, 3)


def test_every_game_evaluates_callables_and_named_agents(game):
    players = kaisen.game_info(game).max_players
    report = kaisen.evaluate({"first": FirstLegalBatched(game, players), "random": "random"}, opponents="random",
                             games=2 * players, seed=5, game=game, num_players=players)
    spec = kaisen.spec(game, num_players=players)
    assert (report.game, report.num_players, report.score_name) == (game, players, spec.score_name)
    assert [r.seat_games for r in report.results] == [(2,) * players] * 2
    for r in report.results:
        assert 0 <= r.ci_low <= r.win_rate <= r.ci_high <= 1
        assert r.wins == pytest.approx(sum(w * g for w, g in zip(r.seat_win_rates, r.seat_games)))
    assert f"opp {spec.score_name}"[:12] in report.table()
    assert f"mean {spec.score_name}" in report._repr_html_()


def test_a_bad_game_option_is_the_jvms_clear_error():
    with pytest.raises(ValueError, match=r"unknown option 'colour' for osaka \(valid options: players"):
        kaisen.evaluate("random", games=2, colour=True)


def test_torch_policy_and_dl4j_checkpoint_compared_in_one_call(dl4j_checkpoint):
    torch = pytest.importorskip("torch")

    class Linear(torch.nn.Module):
        batched = True

        def __init__(self):
            super().__init__()
            torch.manual_seed(0)
            spec = kaisen.spec("osaka")
            self.head = torch.nn.Linear(spec.observation_size, spec.num_actions)

        @torch.no_grad()
        def forward(self, obs, mask):
            logits = self.head(torch.as_tensor(obs)).masked_fill(torch.as_tensor(mask) == 0, float("-inf"))
            return logits.argmax(-1).numpy()

    report = kaisen.evaluate({"torch": Linear(), "dl4j": f"dl4j:{dl4j_checkpoint}"}, opponents=["random"],
                             games=10, seed=4)
    assert {r.policy for r in report.results} == {"torch", "dl4j"}
    assert all(r.games == 10 for r in report.results)


def test_dl4j_checkpoint_as_an_env_opponent(dl4j_checkpoint):
    """A whole game against a DL4J policy loaded from a checkpoint: it plays legal moves to the end,
    reproducibly from the seed (the same game twice), and its results are reported."""

    def episode(env):
        obs, _ = env.reset(seed=1)
        seen = [obs]
        while True:
            obs, reward, term, trunc, info = env.step(first_legal(None, env.action_masks()))
            seen.append(obs)
            if term or trunc:
                return seen, reward, info

    env = kaisen.make(opponents=f"dl4j:{dl4j_checkpoint}", seed=1)
    try:
        first, reward, info = episode(env)
        again, reward_again, info_again = episode(env)
    finally:
        env.close()
    assert len(first) > 2 and len(first) == len(again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert np.array_equal(info.pop("action_mask"), info_again.pop("action_mask"))
    assert (reward, info) == (reward_again, info_again)
    assert info["end_reason"] != "ILLEGAL_ACTION" and info["winners"]
    assert len(info["scores"]) == 2
    assert reward == (0.0 if len(info["winners"]) == 2 else 1.0 if info["won"] else -1.0)


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="games"):
        kaisen.evaluate(first_legal, games=0)
    with pytest.raises(TypeError, match="callable"):
        kaisen.evaluate({"x": 42}, games=2)
    with pytest.raises(ValueError, match="illegal action"):
        kaisen.evaluate(lambda obs, mask: int(np.flatnonzero(mask == 0)[0]), opponents="random", games=2)

    class WrongShape:
        batched = True

        def __call__(self, obs, mask):
            return np.zeros(1, dtype=np.int64)

    with pytest.raises(ValueError, match="must return"):
        kaisen.evaluate(WrongShape(), opponents="random", games=4)
    with pytest.raises(ValueError, match="unknown agent"):
        kaisen.evaluate(first_legal, opponents="nobody", games=2)


def test_wilson_interval_by_hand():
    low, high = kaisen.wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert kaisen.wilson_interval(10, 10)[1] == 1.0


def test_the_default_opponents_are_the_games_scripted_bots(game):
    report = kaisen.evaluate("random", games=2, seed=1, game=game)
    bots = [a for a in kaisen.spec(game).agents if ":" not in a]
    assert "random" in bots
    assert [r.opponent for r in report.results] == bots


def test_counts_past_their_range_and_bad_seeds_are_refused_before_the_jvm_is_asked():
    from kaisen import _jvm
    from kaisen._args import java_int

    assert java_int("games", np.int32(7), 1, 10) == 7
    for bad in (0, 11, 2.0, True, "5", None):
        with pytest.raises(ValueError, match=rf"^games must be a whole number from 1 to 10, not {re.escape(repr(bad))}$"):
            java_int("games", bad, 1, 10)
    users = _jvm._users
    for kwargs, message in [
        ({"games": 2**31}, "games must be a whole number from 1 to 1,000,000, not 2147483648"),
        ({"games": 10**12}, "games must be a whole number from 1 to 1,000,000, not 1000000000000"),
        ({"games": 2.5}, "games must be a whole number from 1 to 1,000,000, not 2.5"),
        ({"threads": 2**31}, "threads must be a whole number from 0 to 1,024, not 2147483648"),
        ({"threads": -1}, "threads must be a whole number from 0 to 1,024, not -1"),
        ({"seed": 1.5}, "seed must be an integer (a whole number of at most 64 bits), not 1.5"),
        ({"seed": 2**70}, "a seed must fit in 64 bits"),
    ]:
        for policy in ("greedy", first_legal):
            with pytest.raises(ValueError) as e:
                kaisen.evaluate(policy, "random", game="osaka", **{"games": 2, **kwargs})
            assert str(e.value).startswith(message), (kwargs, str(e.value))
    assert _jvm._users == users


def test_a_policy_returning_two_values_for_one_observation_is_named():
    def pair(obs, mask):
        return np.array([1, 2])

    message = r"policy 'pair' returned array\(\[1, 2\]\) \(2 values\) for one observation; it must return one integer"
    with pytest.raises(ValueError, match=message):
        kaisen.evaluate(pair, "greedy", games=2, game="osaka")
    with pytest.raises(ValueError, match=message.replace("'pair'", "'opp'")):
        kaisen.evaluate(first_legal, {"opp": pair}, games=2, game="osaka")
