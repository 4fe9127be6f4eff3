"""Game records in Python, for every registered game: records written by the CLI load and replay
to the CLI's final state; records written by the envs (``record_dir``) pass the CLI's ``replay``
and load back; ``Replay`` shows a record; malformed records are clear errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen._jvm import find_jar, java_command
from kaisen.records import Chance, Move, RecordResult
from kaisen.render import Replay
from kaisen.seeding import to_java_long

from .conftest import play_until_an_action_is_illegal


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(java_command(find_jar(), *args), capture_output=True, text=True, timeout=300)


def _cli_final_state(path: Path) -> dict:
    """``kaisen replay --json FILE``: the CLI checks the record and prints its final state."""
    out = _cli("replay", "--json", str(path))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _max_players(game: str) -> int:
    return kaisen.game_info(game).max_players


def _play_gym(env, seed: int) -> dict:
    """Random legal learner moves to the end of an episode; the last info."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            return info


# ---------------------------------------------------------------- CLI -> Python

def test_a_cli_record_loads_and_replays_to_the_clis_final_state(game, tmp_path):
    players = _max_players(game)
    out = _cli("selfplay", "--game", game, "--players", str(players), "--games", "2", "--seed", "5",
               "--records", str(tmp_path))
    assert out.returncode == 0, out.stderr
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 2
    rec = kaisen.load_record(files[1])
    assert (rec.game, rec.num_players, rec.path) == (game, players, files[1])
    assert rec.config["players"] == players and rec.options == {k: v for k, v in rec.config.items() if k != "players"}
    assert isinstance(rec.seed, int) and rec.result is not None
    assert len(rec) == rec.result.decisions == len(rec.actions) == len(rec.players)
    assert all(0 <= p < players for p in rec.players)
    assert all(isinstance(c, Chance) for c in rec.chance)
    states = rec.states()
    assert len(states) == len(rec) + 1
    final = states[-1]
    assert json.loads(final.to_json()) == _cli_final_state(files[1])
    assert final.is_terminal()
    assert tuple(final.scores()) == rec.result.scores and tuple(final.winners()) == rec.result.winners
    # each state is the one before it with the move applied (independent handles)
    k = len(rec) // 2
    assert states[k].child(rec.moves[k].action) == states[k + 1]
    assert states[k].current_player() == rec.moves[k].player
    assert rec.final_state() == final
    # to_json writes the same record back
    again = tmp_path / "again.json"
    rec.save(again)
    assert kaisen.load_record(again) == rec


# ---------------------------------------------------------------- envs -> CLI and Python

def test_the_gym_env_writes_records_with_the_opponents_moves_that_the_cli_replays(game, tmp_path):
    env = kaisen.make(game, num_players=_max_players(game), opponents="random", seed=0, record_dir=tmp_path)
    try:
        learner_steps = []
        for episode in range(2):
            info = _play_gym(env, seed=40 + episode)
            path = Path(info["record_path"])
            assert path.parent == tmp_path and path.exists()
            learner_steps.append(info)
            final = json.loads(env.state_json())
            if episode == 0:  # a JVM start each: once is enough
                assert _cli_final_state(path) == final, "kaisen replay accepts it and reaches the env's state"
            rec = kaisen.load_record(path)
            assert rec == env.record(), "env.record() is the episode's record"
            assert rec.seed == 40 + episode
            assert len(rec) == info["decisions"], "every seat's decisions, the opponents' in the JVM too"
            assert set(rec.players) == set(range(rec.num_players))
            assert json.loads(rec.final_state().to_json()) == final
            assert list(rec.result.scores) == info["scores"] and list(rec.result.winners) == info["winners"]
        assert len(list(tmp_path.glob("*.json"))) == 2
        assert not list(tmp_path.glob(".*.tmp"))
        # the record so far, mid-episode
        env.reset(seed=7)
        env.step(env.legal_actions()[0])
        partial = env.record()
        assert partial.result.end_reason == partial.final_state().end_reason()
        assert partial.final_state() == kaisen.State.from_json(env.state_json(), game,
                                                               num_players=_max_players(game))
    finally:
        env.close()


def test_the_vector_env_writes_each_finished_episodes_record_within_the_step_that_ends_it(game, tmp_path):
    """With same-step auto-reset the next episode starts in the step that ends one: the file must
    still be the finished episode's (its seed, its result), and the CLI must replay it."""
    n, seed = 3, 21
    venv = kaisen.vector_env(game, num_envs=n, num_players=_max_players(game), seed=0, record_dir=tmp_path)
    try:
        venv.reset(seed=seed)
        rng = np.random.default_rng(seed)
        episodes = np.zeros(n, dtype=int)
        paths: list[Path] = []
        while len(paths) < 4:
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in venv.action_masks()])
            _, _, term, trunc, infos = venv.step(actions)
            done = term | trunc
            if not done.any():
                assert "final_info" not in infos
                continue
            final = infos["final_info"]
            assert final["record_path"].dtype == object
            assert np.array_equal(final["_record_path"], done)
            for i in np.flatnonzero(done).tolist():
                path = Path(final["record_path"][i])
                assert path.parent == tmp_path and path.exists()
                rec = kaisen.load_record(path)
                expected = kaisen.derive_seed(kaisen.derive_seed(seed, i), int(episodes[i]))
                assert to_java_long(rec.seed) == to_java_long(expected), \
                    "the finished episode's record, not the one the auto-reset started"
                assert list(rec.result.scores) == final["scores"][i].tolist()
                assert list(rec.result.winners) == np.flatnonzero(final["winners"][i]).tolist()
                assert rec.final_state().is_terminal() or rec.final_state().is_truncated()
                episodes[i] += 1
                paths.append(path)
            assert all(p is None for p in final["record_path"][~done])
        assert _cli_final_state(paths[0]) == json.loads(kaisen.load_record(paths[0]).final_state().to_json()), \
            "kaisen replay accepts it and reaches the same final state"
        assert len(set(paths)) == len(paths) == len(list(tmp_path.glob("*.json")))
        assert not list(tmp_path.glob(".*.tmp"))
    finally:
        venv.close()


def test_a_vector_env_records_nothing_by_default_nor_from_a_given_state(game, tmp_path):
    s = kaisen.State(game, seed=2)
    s.apply(s.legal_actions()[0])
    for record_dir in (None, tmp_path):
        venv = kaisen.vector_env(game, num_envs=2, learner_seat=0, record_dir=record_dir)
        try:
            venv.reset(seed=1, options={"states": [s, None]})
            rng = np.random.default_rng(0)
            ended = np.zeros(2, dtype=bool)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                while not ended.all():
                    actions = np.array([rng.choice(np.flatnonzero(m)) for m in venv.action_masks()])
                    _, _, term, trunc, infos = venv.step(actions)
                    if "final_info" not in infos:
                        continue
                    final = infos["final_info"]
                    if record_dir is None:
                        assert "record_path" not in final and "_record_path" not in final
                        ended |= term | trunc
                        continue
                    for i in np.flatnonzero(term | trunc).tolist():
                        # env 0's first episode started from the state: no record; later ones are seeded
                        assert final["_record_path"][i] == (i == 1 or ended[0])
                        ended[i] = True
            if record_dir is None:
                assert not caught
            else:
                assert any("given state" in str(w.message) for w in caught)
        finally:
            venv.close()


def test_recording_changes_nothing_about_the_episode(game):
    a = kaisen.make(game, opponents="random", learner_seat=0, record=True)
    b = kaisen.make(game, opponents="random", learner_seat=0)
    try:
        for env in (a, b):
            _play_gym(env, seed=3)
        assert a.state_json() == b.state_json()
        with pytest.raises(RuntimeError, match="record=True"):
            b.record()
        assert a.record().final_state() == kaisen.State.from_json(a.state_json(), game)
    finally:
        a.close()
        b.close()


def test_the_aec_env_writes_records_that_the_cli_replays(game, tmp_path):
    env = kaisen.aec_env(game, num_players=_max_players(game), record_dir=tmp_path)
    try:
        env.reset(seed=11)
        rng = np.random.default_rng(11)
        infos = {}
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                infos[agent] = info
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert len(infos) == env.unwrapped.num_players
        paths = {info["record_path"] for info in infos.values()}
        assert len(paths) == 1
        path = Path(paths.pop())
        assert _cli_final_state(path) == json.loads(env.unwrapped.state_json())
        rec = kaisen.load_record(path)
        assert rec == env.unwrapped.record()
        assert rec.seed == 11 and len(rec) == infos["player_0"]["decisions"]
    finally:
        env.close()


def test_an_episode_from_a_given_state_has_no_record(game, tmp_path):
    env = kaisen.make(game, opponents="random", learner_seat=0, record_dir=tmp_path)
    aec = kaisen.aec_env(game, record=True).unwrapped
    try:
        s = kaisen.State(game, seed=2)
        s.apply(s.legal_actions()[0])
        env.reset(seed=1, options={"state": s})
        with pytest.raises(kaisen.KaisenError, match="given state"):
            env.record()
        with pytest.warns(UserWarning, match="no record written"):
            info = _play_gym_from_here(env)
        assert "record_path" not in info and not list(tmp_path.iterdir())
        aec.reset(options={"state": s})
        with pytest.raises(kaisen.KaisenError, match="given state"):
            aec.record()
        aec.reset(seed=4)
        assert aec.record().seed == 4 and len(aec.record()) == 0
    finally:
        env.close()
        aec.close()


def _play_gym_from_here(env) -> dict:
    rng = np.random.default_rng(0)
    while True:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            return info


def test_a_forfeit_is_recorded_up_to_the_illegal_action(game, tmp_path):
    env = kaisen.make(game, opponents="random", learner_seat=0, illegal_action="lose", record_dir=tmp_path)
    try:
        env.reset(seed=5)
        illegal = play_until_an_action_is_illegal(env.action_masks, env.step, np.random.default_rng(5))
        before = json.loads(env.state_json())
        _, _, term, _, info = env.step(illegal)
        assert term and info["end_reason"] == "ILLEGAL_ACTION"
        rec = kaisen.load_record(info["record_path"])
        assert rec.result.winners == () and rec.result.end_reason != "ILLEGAL_ACTION"
        assert json.loads(rec.final_state().to_json()) == before
    finally:
        env.close()


def test_bad_record_arguments_are_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="is a file"):
        kaisen.make("osaka", record_dir=tmp_path / "file")
    with pytest.raises(ValueError, match="folder name"):
        kaisen.aec_env("osaka", record_dir="")
    with pytest.raises(TypeError, match="True or False"):
        kaisen.make("osaka", record="yes")


# ---------------------------------------------------------------- Replay

def test_replay_of_a_record_shows_every_state_with_the_moves_in_words(game):
    env = kaisen.make(game, opponents="random", learner_seat=0, record=True)
    try:
        _play_gym(env, seed=8)
        rec = env.record()
    finally:
        env.close()
    replay = Replay(rec)
    assert len(replay) == len(rec) + 1
    assert replay.captions[0].startswith(f"{game}, {rec.num_players} players, seed 8: the deal")
    spec = kaisen.spec(game, num_players=rec.num_players, **rec.options)
    first = rec.moves[0]
    assert replay.captions[1].startswith(f"move 1: player {first.player} {spec.action_name(first.action)}")
    assert spec.actions[first.action].meaning in replay.captions[1]
    html = replay.html()
    assert html.count('class="frame"') == len(rec) + 1
    assert str(replay).count("move ") >= len(rec)
    assert len(rec.replay(observer=0)) == len(replay)
    # kaisen.State frames work directly too
    assert len(Replay(rec.states()[:2], ["a", "b"])) == 2


# ---------------------------------------------------------------- malformed records

@pytest.fixture(scope="module")
def good_record(tmp_path_factory) -> dict:
    env = kaisen.make(kaisen.DEFAULT_GAME, opponents="random", learner_seat=0, record=True)
    try:
        _play_gym(env, seed=21)
        return env.record().to_dict()
    finally:
        env.close()


def _first(d: dict, kind: str, after: int = 0) -> int:
    return next(i for i, s in enumerate(d["steps"]) if s["type"] == kind and i >= after)


def _mutations(d: dict) -> list[tuple[str, dict, str]]:
    import copy

    def m(f):
        e = copy.deepcopy(d)
        f(e)
        return e

    dec = _first(d, "decision")
    ch = _first(d, "chance", dec)
    return [
        ("format", m(lambda e: e.update(format="kaisen.record/9")), "format must be 'kaisen.record/1'"),
        ("unknown field", m(lambda e: e.update(extra=1)), "unknown field(s) 'extra'"),
        ("no steps", m(lambda e: e.pop("steps")), "missing field(s) 'steps'"),
        ("seed as text", m(lambda e: e.update(seed="5")), "seed must be a whole JSON number"),
        ("action as text", m(lambda e: e["steps"][dec].update(action="4")), f"steps[{dec}].action must be a whole"),
        ("action as fraction", m(lambda e: e["steps"][dec].update(action=4.0)), f"steps[{dec}].action must be a whole"),
        ("player as bool", m(lambda e: e["steps"][dec].update(player=True)), f"steps[{dec}].player must be a whole"),
        ("step type", m(lambda e: e["steps"][dec].update(type="move")), "unknown step type \"move\""),
        ("chance field on a decision", m(lambda e: e["steps"][dec].update(event="x")), "unknown field(s) 'event'"),
        ("chance without data", m(lambda e: e["steps"][ch].pop("data")), "missing field(s) 'data'"),
        ("result field", m(lambda e: e["result"].pop("scores")), "result: missing field(s) 'scores'"),
        ("players", m(lambda e: e["config"].pop("players")), "config.players must be a whole"),
        # structurally fine, wrong by the rules: found by the replay, naming the step
        ("unknown game", m(lambda e: e.update(game="chess")), "game 'chess'"),
        ("unknown option", m(lambda e: e["config"].update(colour="red")), "colour"),
    ]


def _rule_mutations(d: dict) -> list[tuple[str, dict, str, str]]:
    """Records that are well formed but wrong by the rules: (what, record, the JVM's check says, the
    Python replay of ``states()`` says)."""
    import copy

    def m(f):
        e = copy.deepcopy(d)
        f(e)
        return e

    dec = _first(d, "decision")
    ch = _first(d, "chance", dec)
    last_dec = max(i for i, s in enumerate(d["steps"]) if s["type"] == "decision")
    players = d["config"]["players"]
    illegal_at, illegal = _an_illegal_move(d)
    return [
        ("other seed", m(lambda e: e.update(seed=e["seed"] + 1)), "step 0: the record has", "the deal"),
        ("chance altered", m(lambda e: e["steps"][ch].update(event="nothing")), f"step {ch}: the record has",
         f"steps[{_owner(d, ch)}]"),
        ("wrong player", m(lambda e: e["steps"][dec].update(player=(e["steps"][dec]["player"] + 1) % players)),
         f"step {dec}: player", f"steps[{dec}] (player"),
        ("wrong name", m(lambda e: e["steps"][dec].update(name="nonsense")), "is named 'nonsense'", "is named"),
        ("action out of range", m(lambda e: e["steps"][dec].update(action=999)), "is not an action id",
         "not an action id"),
        ("illegal action", m(lambda e: e["steps"][illegal_at].update(action=illegal, name=None)),
         f"step {illegal_at}:", f"steps[{illegal_at}]"),
        ("goes on after the end", m(lambda e: e["steps"].append(dict(e["steps"][last_dec]))), "already over", None),
        ("other result", m(lambda e: e["result"].update(scores=[99] * players)), "differs from the replayed one",
         None),
    ]


def _owner(d: dict, chance_index: int) -> int:
    return max(i for i in range(chance_index) if d["steps"][i]["type"] == "decision")


def _an_illegal_move(d: dict) -> tuple[int, int]:
    """The first decision step whose state forbids some action, and such an action."""
    rec = kaisen.Record.from_json(d)
    state = kaisen.State(rec.game, num_players=rec.num_players, seed=rec.seed, **rec.options)
    for move in rec.moves:
        mask = state.legal_mask()
        if not mask.all():
            return move.step, int(np.flatnonzero(mask == 0)[0])
        state.apply(move.action)
    raise AssertionError("every action was legal at every decision")


def test_malformed_records_are_clear_errors(good_record, tmp_path):
    assert kaisen.Record.from_json(json.dumps(good_record)).verify() is None
    for what, bad, message in _mutations(good_record):
        path = tmp_path / f"{what.replace(' ', '-')}.json"
        path.write_text(json.dumps(bad))
        with pytest.raises(kaisen.RecordError) as e:
            kaisen.load_record(path)
        assert message in str(e.value) and str(path) in str(e.value), (what, str(e.value))
        assert isinstance(e.value, ValueError)
    for what, bad, java_says, python_says in _rule_mutations(good_record):
        path = tmp_path / f"{what.replace(' ', '-')}.json"
        path.write_text(json.dumps(bad))
        with pytest.raises(kaisen.RecordError) as e:
            kaisen.load_record(path)
        assert java_says in str(e.value) and str(path) in str(e.value), (what, str(e.value))
        rec = kaisen.load_record(path, verify=False)
        if python_says is not None:  # the replay as states stops there too (the others replay the whole game)
            with pytest.raises(kaisen.RecordError) as e:
                rec.states()
            assert python_says in str(e.value) and str(path) in str(e.value), (what, str(e.value))


def test_unreadable_files_are_clear_errors(good_record, tmp_path, monkeypatch):
    cases = {
        "empty": (b"  ", "the record is empty"),
        "null": (b"null", "the record is null"),
        "binary": (b"\xff\xfe\x00garbage", "not UTF-8"),
        "not json": (b"{\"format\": ", "not JSON"),
        "array": (b"[1, 2]", "must be a JSON object"),
        "duplicate": (b'{"format": "kaisen.record/1", "format": "kaisen.record/1"}', "duplicate key 'format'"),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(content)
        with pytest.raises(kaisen.RecordError, match=message):
            kaisen.load_record(path)
    with pytest.raises(FileNotFoundError):
        kaisen.load_record(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_text(json.dumps(good_record))
    monkeypatch.setattr(kaisen.records, "MAX_BYTES", 100)
    with pytest.raises(kaisen.RecordError, match="at most 100 bytes"):
        kaisen.load_record(big)


def test_verify_false_reads_the_structure_only(good_record, tmp_path):
    bad = dict(good_record, seed=good_record["seed"] + 1)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(bad))
    rec = kaisen.load_record(path, verify=False)
    assert rec.result == RecordResult(*[tuple(v) if isinstance(v, list) else v for v in good_record["result"].values()])
    with pytest.raises(kaisen.RecordError, match="the deal"):
        rec.states()
    with pytest.raises(kaisen.RecordError, match="step 0"):
        rec.final_state()


def test_a_deal_can_be_checked_against_its_setup_chance(game):
    env = kaisen.make(game, opponents="random", learner_seat=0, record=True)
    try:
        env.reset(seed=13)
        setup = [c.as_dict() for c in env.record().setup]
    finally:
        env.close()
    dealt = kaisen.State(game, seed=13, chance=setup)
    assert dealt == kaisen.State(game, seed=13)
    if setup:
        with pytest.raises(ValueError, match="draws the chance outcomes"):
            kaisen.State(game, seed=14, chance=setup)
    with pytest.raises(ValueError, match="no setup to check"):
        kaisen.State(game, state=dealt.to_json(), chance=[])


def test_state_deal_gives_the_setup_a_record_of_the_same_seed_opens_with(game, tmp_path):
    """``State.deal`` returns the deal and its setup's chance outcomes: those the recording env writes for
    the same seed; a record made of them and the moves played from the state verifies."""
    env = kaisen.make(game, opponents="random", learner_seat=0, record=True)
    try:
        env.reset(seed=13)
        expected = [c.as_dict() for c in env.record().setup]
    finally:
        env.close()
    state, setup = kaisen.State.deal(game, seed=13)
    assert setup == expected
    assert state == kaisen.State(game, seed=13) == kaisen.State(game, seed=13, chance=setup)
    rng = np.random.default_rng(13)
    moves, k = [], len(setup)
    while not state.is_terminal():
        player, action = state.current_player(), int(rng.choice(state.legal_actions()))
        chance = tuple(Chance(c["event"], c["data"]) for c in state.apply(action))
        moves.append(Move(k, player, action, state.action_name(action), chance))
        k += 1 + len(chance)
    result = RecordResult(state.decisions(), state.end_reason(), tuple(state.scores()), tuple(state.tiebreaks()),
                          tuple(state.winners()))
    rec = kaisen.Record(game, dict(state.spec.config), 13, tuple(Chance(c["event"], c["data"]) for c in setup),
                        tuple(moves), result)
    rec.verify()  # in the JVM, as ./kaisen replay checks it
    assert kaisen.load_record(rec.save(tmp_path / "dealt.json"), verify=True) == rec
    assert rec.final_state() == state
    with pytest.raises(ValueError, match="seed"):
        kaisen.State.deal(game, seed=1 << 64)


def test_warnings_are_not_raised_by_a_plain_recording_env():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = kaisen.make("osaka", opponents="random", learner_seat=0, record=True)
        try:
            _play_gym(env, seed=1)
        finally:
            env.close()


def _nested(good_record: dict, depth: int) -> str:
    """The record's JSON with its first chance step's data holding lists nested so that the whole
    document is ``depth`` levels deep (envelope, steps, step, data: 4 levels of their own)."""
    text = json.dumps(good_record)
    assert '"data": {' in text
    return text.replace('"data": {', '"data": {"deep": ' + "[" * (depth - 4) + "]" * (depth - 4) + ", ", 1)


def test_a_record_nested_deeper_than_the_clis_limit_is_one_clear_line(good_record, tmp_path):
    for depth in (5000, 1001):
        path = tmp_path / f"deep-{depth}.json"
        path.write_text(_nested(good_record, depth))
        message = f"the record nests {depth} levels of JSON arrays and objects deep; a game record nests at most 1000"
        for load in (lambda: kaisen.load_record(path), lambda: kaisen.load_record(path, verify=False).states(),
                     lambda: kaisen.Record.from_json(path.read_text()),
                     lambda: kaisen.Record.from_json(path.read_bytes())):
            with pytest.raises(kaisen.RecordError) as e:
                load()
            assert message in str(e.value) and "\n" not in str(e.value), str(e.value)[:300]
    d = json.loads(json.dumps(good_record))  # a dict as json.loads reads it: nested without recursion
    deep: list = []
    for _ in range(1001 - 5):
        deep = [deep]
    next(s for s in d["steps"] if s["type"] == "chance")["data"]["deep"] = deep
    with pytest.raises(kaisen.RecordError, match="nests 1001 levels"):
        kaisen.Record.from_json(d)
    # 1000 levels read (the CLI reads them too: its replay refuses the extra field, not the depth)
    path = tmp_path / "deep-1000.json"
    path.write_text(_nested(good_record, 1000))
    rec = kaisen.load_record(path, verify=False)
    assert kaisen.Record.from_json(rec.to_json()) == rec
    with pytest.raises(kaisen.RecordError) as e:
        rec.verify()
    assert "step 0: the record has" in str(e.value) and "depth" not in str(e.value) and "levels of" not in str(e.value)
    # brackets inside strings are text, not nesting, escaped quotes and backslashes too
    text = 'a \\"quote\\" and a backslash \\\\' + "[" * 5000
    quoted = json.dumps(good_record).replace('"data": {', '"data": {"text": "' + text + '", ', 1)
    assert kaisen.Record.from_json(quoted).setup[0].data["text"] == json.loads(f'"{text}"')
    assert kaisen.records.MAX_DEPTH == 1000  # Jackson's default, which the CLI's replay applies


def test_only_a_regular_file_is_read_and_never_past_the_limit(tmp_path, monkeypatch):
    # st_size says 0 for /proc files: the read itself stops one byte past the limit
    monkeypatch.setattr(kaisen.records, "MAX_BYTES", 100)
    with pytest.raises(kaisen.RecordError, match="/proc/self/status: more than 100 bytes; a game record is at most"):
        kaisen.load_record("/proc/self/status")
    monkeypatch.undo()
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    refusals = {"/dev/zero": "a character device", "/dev/null": "a character device", str(tmp_path): "a folder",
                str(fifo): r"a FIFO \(named pipe\)"}
    for path, kind in refusals.items():
        got: list[BaseException] = []

        def load() -> None:
            try:
                kaisen.load_record(path)
            except BaseException as e:  # noqa: BLE001 - handed to the test
                got.append(e)
        t = threading.Thread(target=load, daemon=True)
        t.start()
        t.join(10)
        if t.is_alive() and path == str(fifo):  # blocked opening the FIFO: a writer releases it
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        assert not t.is_alive() and got, f"load_record({path}) did not return within 10 s"
        assert isinstance(got[0], kaisen.RecordError), repr(got[0])[:300]
        assert f"{path} is " in str(got[0]), str(got[0])
        assert re.search(f"is {kind}, not a game record \\(JSON\\); give a regular file", str(got[0])), str(got[0])
