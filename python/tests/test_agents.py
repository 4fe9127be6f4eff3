"""kaisen.JvmAgent: the JVM's agents asked for one move at a time, with clear errors."""

from __future__ import annotations

import pytest

import kaisen


def play_to_the_end(state: kaisen.State, agents: list[kaisen.JvmAgent]) -> int:
    """Plays ``state`` out with ``agents[seat]``, checking each move is legal and ``act`` leaves the state alone."""
    moves = 0
    while not state.is_terminal():
        before = state.to_json()
        a = agents[state.current_player()].act(state)
        assert state.to_json() == before, "act changed the state"
        assert a in state.legal_actions()
        state.apply(a)
        moves += 1
    return moves


def test_greedy_and_random_play_a_whole_two_player_osaka_game():
    greedy = kaisen.JvmAgent("greedy", "osaka", num_players=2, seed=1)
    rand = kaisen.JvmAgent("random", "osaka", num_players=2, seed=2)
    assert greedy.name == "greedy" and rand.name == "random"
    assert greedy.game == "osaka" and greedy.num_players == 2
    assert "greedy" in repr(greedy)
    s = kaisen.State("osaka", num_players=2, seed=5)
    assert play_to_the_end(s, [greedy, rand]) > 0
    assert s.is_terminal() and sum(s.returns()) == pytest.approx(0.0)


def test_every_game_plays_out_with_random_agents(game):
    agent = kaisen.JvmAgent(" random ", game, seed=3)
    assert agent.name == "random", "the name as given, trimmed"
    s = kaisen.State(game, seed=3)
    assert play_to_the_end(s, [agent] * s.num_players) > 0


def test_the_same_seed_makes_the_same_moves():
    a = kaisen.JvmAgent("random", "osaka", seed=4)
    b = kaisen.JvmAgent("random", "osaka", seed=4)
    s = kaisen.State("osaka", seed=9)
    for _ in range(10):
        x = a.act(s)
        assert b.act(s) == x
        s.apply(x)


@pytest.mark.parametrize("name", ["ismcts:20", "zoo:osaka-2p"])
def test_search_and_zoo_agents_return_a_legal_action(name):
    agent = kaisen.JvmAgent(name, "osaka", num_players=2, seed=7)
    assert agent.name == name
    s = kaisen.State("osaka", num_players=2, seed=3)
    before = s.to_json()
    assert agent.act(s) in s.legal_actions()
    assert s.to_json() == before


def test_config_as_a_dict_or_json_text():
    s = kaisen.State("osaka", num_players=3, seed=1)
    for config in ({"players": 3}, '{"players": 3}', kaisen.spec("osaka", num_players=3).config):
        assert kaisen.JvmAgent("greedy", "osaka", config=config).act(s) in s.legal_actions()
    assert kaisen.JvmAgent("greedy", "osaka", num_players=3, config={"players": 3}).num_players == 3
    with pytest.raises(ValueError, match="config says 2 players, num_players=3"):
        kaisen.JvmAgent("greedy", "osaka", num_players=3, config={"players": 2})
    with pytest.raises(ValueError, match="JSON object"):
        kaisen.JvmAgent("greedy", "osaka", config="{players")
    with pytest.raises(TypeError, match="dict or JSON text"):
        kaisen.JvmAgent("greedy", "osaka", config=[3])
    with pytest.raises(ValueError, match="valid options"):
        kaisen.JvmAgent("greedy", "osaka", config={"no_such_option": 1})


def test_an_unknown_name_lists_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown agent 'nobody' for osaka \(known: random, greedy.*ismcts"):
        kaisen.JvmAgent("nobody", "osaka")
    with pytest.raises(ValueError, match="known: random"):
        kaisen.JvmAgent(" ", "osaka")
    with pytest.raises(TypeError, match="agent name is a str"):
        kaisen.JvmAgent(3, "osaka")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be an integer"):
        kaisen.JvmAgent("random", "osaka", seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        kaisen.JvmAgent("random", "chess")


def test_a_state_of_another_game_or_config_or_an_ended_game_is_refused():
    agent = kaisen.JvmAgent("random", "osaka", num_players=2)
    with pytest.raises(ValueError, match="plays osaka .*not this tokaido"):
        agent.act(kaisen.State("tokaido", num_players=2))
    three = kaisen.State("osaka", num_players=3)
    before = three.to_json()
    with pytest.raises(ValueError, match='"players": 3'):
        agent.act(three)
    assert three.to_json() == before
    with pytest.raises(TypeError, match="kaisen.State"):
        agent.act(three.to_json())  # type: ignore[arg-type]
    s = kaisen.State("osaka", num_players=2, seed=2)
    play_to_the_end(s, [agent, agent])
    with pytest.raises(kaisen.KaisenError, match="the game is over"):
        agent.act(s)
