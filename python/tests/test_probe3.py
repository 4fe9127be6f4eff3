"""A sample of reliability probe 3's attacks that held, kept as tests (the defects it found have
tests of their own beside the code they fixed: test_dropped_envs, test_jvm, test_records,
test_play_server, ...). Each area of the probe has at least one row here or in the file named.

- play server and viewer: test_play_server.py, test_play_browser.py (token, Host, tabs, forged
  and stale actions, a dead JVM);
- step channel: test_channel.py (two threads on one env, Ctrl-C, kill -9, descriptors),
  test_dropped_envs.py;
- multi-agent vector env, policies, evaluate: below;
- State: below and test_state.py (bad input changes nothing);
- records: test_records.py (malformed and forged records);
- checkpoints and zoo: below and test_zoo.py;
- wheel: test_wheel.py; RLlib: test_rllib.py (a killed env-runner JVM);
- configs: below.
"""

from __future__ import annotations

import numpy as np
import pytest

import kaisen


@pytest.mark.parametrize("num_envs", [0, -1, 1.5, True, "4", None])
def test_multi_agent_num_envs_that_is_not_a_count_is_named(num_envs):
    with pytest.raises(ValueError, match=r"num_envs must be a whole number from 1 to "):
        kaisen.multi_agent_vector_env("tokaido", num_envs=num_envs, num_players=3)


@pytest.mark.parametrize("jvm_seats, message", [
    ([None, "greedy"], r"3 entries"),
    (["greedy", "greedy", "greedy"], r"every seat to a JVM agent"),
    ([None, "nosuch", None], r"nosuch"),
    ([None, "zoo:nosuch", None], r"unknown zoo model"),
    ([None, "zoo:osaka-2p", None], r"plays osaka and cannot play tokaido"),
])
def test_multi_agent_bad_jvm_seats_are_clear_errors_and_hold_no_jvm(jvm_seats, message):
    import gc

    from kaisen import _jvm

    gc.collect()
    assert _jvm.run_pending()
    users = _jvm._users  # an env another test module holds may keep the JVM
    with pytest.raises(ValueError, match=message):
        kaisen.multi_agent_vector_env("tokaido", num_envs=4, num_players=3, jvm_seats=jvm_seats)
    assert _jvm.run_pending()
    assert _jvm._users == users, "the failed env kept its share of the JVM"


def test_multi_agent_actions_of_the_wrong_shape_dtype_or_range_step_nothing():
    env = kaisen.multi_agent_vector_env("tokaido", num_envs=4, num_players=3, jvm_seats=[None, "greedy", None],
                                        seed=1)
    try:
        obs, infos = env.reset(seed=1)
        before = obs.copy()
        for bad, error, message in [
            (np.zeros(3, dtype=np.int64), ValueError, r"shape \(4,\)"),
            (np.zeros((4, 1), dtype=np.int64), ValueError, r"shape \(4,\)"),
            (np.zeros(4, dtype=np.float32), TypeError, r"integers"),
            (np.full(4, 2**40, dtype=np.int64), ValueError, r"out of range"),
        ]:
            with pytest.raises(error, match=message):
                env.step(bad)
            np.testing.assert_array_equal(env._obs, before)
    finally:
        env.close()


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "nosuch"}, r"nosuch"),
    ({"num_players": 7}, r"7"),
    ({"opponents": "nosuch"}, r"nosuch"),
    ({"seed": 2**70}, r"64 bits"),
    ({"view": "bogus"}, r"bogus"),
    ({"games": 0}, r"games must be"),
    ({"games": 2.5}, r"games must be"),
])
def test_evaluate_bad_arguments_are_value_errors(kwargs, message):
    args = {"game": "osaka", "games": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        kaisen.evaluate(lambda obs, mask: int(np.flatnonzero(mask)[0]), args.pop("opponents", "random"), **args)


@pytest.mark.parametrize("name, message", [
    ("zoo:", r"zoo:GAME-Np"),
    ("zoo:../../etc/passwd", r"unknown zoo model '../../etc/passwd'"),
    ("zoo:osaka-2p:bogus", r"unknown zoo model 'osaka-2p:bogus' \(available: "),
    ("zoo:osaka-4p", r"trained for 4 players and cannot play a 2-player game of osaka"),
])
def test_zoo_names_that_do_not_name_a_model_for_the_game_are_refused(name, message):
    with pytest.raises(ValueError, match=message):
        kaisen.make("osaka", opponents=name)


@pytest.mark.parametrize("game_id, options, message", [
    ("tokaido", {"travellers": "yes"}, r"option 'travellers' takes a boolean"),
    ("floating-market", {"long": 1}, r"option 'long'"),
    ("floating-market", {"board": 5}, r"option 'board' takes a string"),
    ("osaka", {"bogus": 1}, r"unknown option 'bogus' for osaka \(valid options: players\)"),
])
def test_options_of_the_wrong_type_or_name_are_named(game_id, options, message):
    with pytest.raises(ValueError, match=message):
        kaisen.make(game_id, **options)


def test_state_bad_actions_leave_the_state_byte_identical():
    state = kaisen.State("osaka", seed=3)
    before = state.to_json()
    illegal = int(np.flatnonzero(~state.legal_mask().astype(bool))[0])
    for bad in [illegal, -1, state.num_actions, 2**31, 2**63, 2**70, 1.5, None, "bogus", True, [0]]:
        with pytest.raises((ValueError, TypeError, kaisen.IllegalActionError)):
            state.apply(bad)
        assert state.to_json() == before, f"apply({bad!r}) changed the state"
