"""kaisen.openspiel (issue 31, parts 5-7): every game with the explicit-chance mode, at every player
count, as an OpenSpiel game that passes OpenSpiel's own checks (``random_sim_test`` with its
observer checks, as OpenSpiel's Python games are tested), whose tensors and strings are our two
views, and on which OpenSpiel's algorithms run: ``evaluate_bots`` with its MCTS and ISMCTS bots
(the Python ones: its C++ bots crash on any Python game) and our JVM agents as ``pyspiel.Bot``s.

Skipped only where OpenSpiel cannot be imported (``./kaisen test`` installs the openspiel extra)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import kaisen

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the openspiel extra: "
                                                 'pip install -e "python[openspiel]")')

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

from kaisen import bench_openspiel, openspiel  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
EXPLICIT = openspiel.explicit_games()
SAMPLED_ONLY = [g.id for g in kaisen.games() if g.id not in EXPLICIT]
CONFIGS = [(g, n) for g in EXPLICIT for n in range(kaisen.spec(g).min_players, kaisen.spec(g).max_players + 1)]
DEFAULT = EXPLICIT[0] if EXPLICIT else None


@pytest.fixture(scope="module", autouse=True)
def one_jvm_for_the_module():
    """Keeps the JVM up from test to test (else each test's games start and stop one of their own)."""
    held = kaisen.State(kaisen.games()[0].id)
    yield
    del held


def config_id(config: tuple[str, int]) -> str:
    return f"{config[0]}-{config[1]}p"


def sample(state: pyspiel.State, r: random.Random) -> int:
    """A chance outcome by its probability, or a uniformly random legal action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        return r.choices(outcomes, probs)[0]
    return r.choice(state.legal_actions())


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS with the two bot methods ``evaluate_bots`` calls and it lacks
    (it searches each move afresh: nothing to restart or inform)."""

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        pass


def rollout_evaluator(seed: int) -> mcts.RandomRolloutEvaluator:
    # short rollouts: a whole game is hundreds of JVM calls; a cut rollout scores 0 for all
    return mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed), max_length=8)


def test_some_game_loads_in_openspiel() -> None:
    assert EXPLICIT and CONFIGS


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_game_type_and_sizes_come_from_our_registry(config: tuple[str, int]) -> None:
    game_id, players = config
    game = openspiel.load_game(game_id, players=players)
    spec = kaisen.spec(game_id, num_players=players)
    t = game.get_type()
    assert t.short_name == openspiel.short_name(game_id) == "kaisen_" + game_id.replace("-", "_")
    assert (t.dynamics, t.chance_mode, t.information, t.utility, t.reward_model) == (
        pyspiel.GameType.Dynamics.SEQUENTIAL, pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        pyspiel.GameType.Information.IMPERFECT_INFORMATION, pyspiel.GameType.Utility.ZERO_SUM,
        pyspiel.GameType.RewardModel.TERMINAL)
    assert (t.min_num_players, t.max_num_players) == (spec.min_players, spec.max_players)
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert t.provides_information_state_string and t.provides_observation_string
    assert game.num_players() == players
    assert game.num_distinct_actions() == spec.num_actions
    assert game.max_chance_outcomes() == spec.max_chance_outcomes == len(spec.chance_outcomes)
    assert game.max_game_length() == spec.max_game_length
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.information_state_tensor_shape() == [kaisen.spec(game_id, num_players=players,
                                                                 view="information_state").observation_size]
    assert game.observation_tensor_shape() == [kaisen.spec(game_id, num_players=players,
                                                           view="observation").observation_size]
    # OpenSpiel's own loader, by name and parameters, gives the same game
    again = pyspiel.load_game(f"{t.short_name}(players={players})")
    assert str(again) == str(game) and again.num_players() == players


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_openspiels_random_sim_test_passes_with_its_observer_checks(config: tuple[str, int]) -> None:
    """OpenSpiel's conformance test (legal actions sorted and empty for the others, action strings
    unique, clones equal, chance probabilities, decisions within max_game_length, zero-sum returns
    in range, tensors of the declared size and finite for every player at every node), with its
    observer check and ours at every node: OpenSpiel's tensors are our views."""
    game_id, players = config
    game = openspiel.load_game(game_id, players=players)
    views = {"information_state": lambda s, p: s.information_state_tensor(p),
             "observation": lambda s, p: s.observation_tensor(p)}
    nodes = []

    def check(state: openspiel.KaisenState) -> None:
        nodes.append(state.current_player())
        ks = state.kaisen_state
        assert state.is_chance_node() == ks.is_chance_node() and state.is_terminal() == ks.is_terminal()
        if len(nodes) % 17 == 0 or state.is_terminal():  # every view of every seat costs a JVM call
            for view, tensor in views.items():
                for p in range(players):
                    np.testing.assert_array_equal(np.asarray(tensor(state, p), np.float32), ks.observation(p, view))

    observer = game.make_observer(INFO_STATE_OBS_TYPE, {})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False, observer=observer,
                            state_checker_fn=check)
    assert pyspiel.PlayerId.CHANCE in nodes and nodes[-1] == pyspiel.PlayerId.TERMINAL
    assert any(p >= 0 for p in nodes)


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_observers_are_our_two_views_by_segment_at_every_kind_of_node(game_id: str) -> None:
    """As OpenSpiel's Python games are tested: ``make_observation`` for the default type and the
    information-state type, ``set_from`` and ``string_from``, at chance, decision and terminal nodes."""
    game = openspiel.load_game(game_id)
    players = game.num_players()
    info, obs = make_observation(game, INFO_STATE_OBS_TYPE), make_observation(game)
    for observation, view in ((info, "information_state"), (obs, "observation")):
        spec = kaisen.spec(game_id, view=view)
        assert observation.tensor.shape == (spec.observation_size,) and observation.tensor.dtype == np.float32
        assert list(observation.dict) == [s.name for s in sorted(spec.segments.values(), key=lambda s: s.offset)]
    state, r = game.new_initial_state(), random.Random(4)
    kinds, strings = set(), {}
    while True:
        kinds.add("terminal" if state.is_terminal() else "chance" if state.is_chance_node() else "decision")
        for p in range(players):
            for observation, view in ((info, "information_state"), (obs, "observation")):
                observation.set_from(state, p)
                expected = state.kaisen_state.observation(p, view)
                np.testing.assert_array_equal(observation.tensor, expected)
                for name, piece in observation.dict.items():
                    np.testing.assert_array_equal(piece, kaisen.spec(game_id, view=view).slice(expected, name))
            text = info.string_from(state, p)
            assert text == state.information_state_string(p) and text.startswith(f"seat {p} information_state")
            assert obs.string_from(state, p) == state.observation_string(p)
            # equal strings, equal tensors: ISMCTS keys its nodes on the string
            assert strings.setdefault(text, info.tensor.tobytes()) == info.tensor.tobytes()
        if state.is_terminal():
            break
        state.apply_action(sample(state, r))
    assert kinds == {"chance", "decision", "terminal"}
    with pytest.raises(ValueError, match="two standard types"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(INFO_STATE_OBS_TYPE, {"x": 1})


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_a_state_clones_names_its_actions_and_resamples_what_a_seat_cannot_know(game_id: str) -> None:
    game = openspiel.load_game(game_id)
    spec = game.kaisen_spec
    state, r = game.new_initial_state(), random.Random(2)
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, state.legal_actions()[0]) == \
        spec.chance_outcomes[state.legal_actions()[0]].name
    while state.is_chance_node() or len(state.history()) < 12:
        state.apply_action(sample(state, r))
    seat = state.current_player()
    assert state.legal_actions() == state.kaisen_state.legal_actions()
    assert [state.action_to_string(seat, a) for a in state.legal_actions()] == state.kaisen_state.legal_action_names()
    before, history = str(state), state.history()
    copy = state.clone()
    assert str(copy) == before and copy.history() == history
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before and state.history() == history
    assert copy.history() == history + [state.legal_actions()[0]]
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.legal_actions() == state.legal_actions() and str(state) == before


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_openspiels_mcts_bot_plays_a_whole_game_in_evaluate_bots(game_id: str) -> None:
    game = openspiel.load_game(game_id)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=rollout_evaluator(1), solve=False,
                         random_state=np.random.RandomState(2))]
    bots += [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == game.num_players() and abs(sum(returns)) < 1e-9 and any(returns)


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_openspiels_ismcts_bot_plays_a_whole_game_against_our_greedy_bot(game_id: str) -> None:
    game = openspiel.load_game(game_id)
    bots = [ISMCTSBot(game, rollout_evaluator(4), uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(5))]
    bots += [openspiel.JvmBot(game, "greedy", seed=p) for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(6))
    assert len(returns) == game.num_players() and abs(sum(returns)) < 1e-9 and any(returns)


def test_our_agents_play_random_inside_openspiels_evaluation_loop() -> None:
    """``evaluate_bots`` of OpenSpiel's uniform random bot against our greedy bot, seats swapped."""
    game = openspiel.load_game(DEFAULT, players=2)
    totals = np.zeros(2)
    for g in range(4):
        seat = g % 2  # of the random bot
        bots = [openspiel.JvmBot(game, "greedy", seed=g)] * 2
        bots[seat] = uniform_random.UniformRandomBot(seat, np.random.RandomState(g))
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(g))
        totals += [returns[seat], returns[1 - seat]]  # random, greedy
    assert abs(totals.sum()) < 1e-9 and np.all(np.abs(totals) <= 4)


@pytest.mark.parametrize("name", ["random", "greedy", "ismcts:8", "zoo"])
def test_a_jvm_bot_steps_with_a_legal_action_at_a_decision_node(name: str) -> None:
    game = openspiel.load_game(DEFAULT, players=2)
    if name == "zoo":
        models = kaisen.zoo.models(DEFAULT)
        if not any(m.name == f"{DEFAULT}-2p" for m in models):
            pytest.skip(f"no zoo model of {DEFAULT} for 2 players")
        name = f"zoo:{DEFAULT}-2p"
    bot = openspiel.JvmBot(game, name, seed=1)
    state, r = game.new_initial_state(), random.Random(1)
    with pytest.raises(ValueError, match="chance node"):
        bot.step(state)
    while state.is_chance_node():
        state.apply_action(sample(state, r))
    before = str(state)
    assert bot.step(state) in state.legal_actions() and str(state) == before
    bot.restart_at(state)
    bot.inform_action(state, state.current_player(), state.legal_actions()[0])
    assert name in repr(bot)


def test_bad_input_is_a_clear_error_naming_what_is_allowed() -> None:
    allowed = ", ".join(EXPLICIT)
    with pytest.raises(ValueError, match=f"unknown game 'chess'.*{allowed}"):
        openspiel.load_game("chess")
    for game_id in SAMPLED_ONLY:
        with pytest.raises(ValueError, match=f"{game_id} has no explicit-chance mode.*{allowed}"):
            openspiel.load_game(game_id)
    spec = kaisen.spec(DEFAULT)
    options = [o.name for o in kaisen.game_info(DEFAULT).options]
    with pytest.raises(ValueError, match=f"no option 'colour'.*{', '.join(options) or 'none'}"):
        openspiel.load_game(DEFAULT, colour="red")
    for players in (spec.min_players - 1, spec.max_players + 1, "2", True):
        with pytest.raises(ValueError, match=f"{spec.min_players}..{spec.max_players} players"):
            openspiel.load_game(DEFAULT, players=players)
    if options:
        with pytest.raises(TypeError, match="bool, int, float or str"):
            openspiel.load_game(DEFAULT, **{options[0]: [1, 2]})
    with pytest.raises(TypeError, match="load_game"):
        openspiel.JvmBot(pyspiel.load_game("kuhn_poker"), "greedy")
    game = openspiel.load_game(DEFAULT)
    with pytest.raises(TypeError, match="states of kaisen.openspiel"):
        openspiel.JvmBot(game, "greedy").step(pyspiel.load_game("kuhn_poker").new_initial_state())
    with pytest.raises(Exception, match="no-such-bot"):
        openspiel.JvmBot(game, "no-such-bot")


def test_importing_without_openspiel_names_the_extra() -> None:
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import kaisen.openspiel\nexcept ImportError as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=REPO / "python", check=False)
    assert 'pip install "kaisen-rl[openspiel]"' in done.stdout, done.stdout + done.stderr


def test_kaisen_test_installs_the_openspiel_extra() -> None:
    launcher = (REPO / "kaisen").read_text()
    body = launcher[launcher.index("cmd_test() {"):]
    body = body[:body.index("\n}\n")]
    assert "openspiel" in next(line for line in body.splitlines() if "ensure_venv" in line)
    assert "openspiel = [" in (REPO / "python" / "pyproject.toml").read_text()


def test_the_benchmark_reports_decisions_per_second_of_all_three_loops(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_openspiel.main(["--seconds", "0.05", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == DEFAULT and [r["subject"].split()[0] for r in out["results"]] == \
        ["kaisen.openspiel", "kaisen.State", "pyspiel"]
    assert all(r["decisions_per_s"] > 0 and r["nodes_per_s"] >= r["decisions_per_s"] for r in out["results"])
