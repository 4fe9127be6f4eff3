"""The model zoo from Python: ``kaisen.zoo.models()`` and ``zoo:`` names as env opponents and in
``kaisen.evaluate`` (the names go to the JVM, which resolves them)."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

import kaisen
from kaisen._jvm import find_jar


@pytest.fixture
def zoo_dir(dl4j_checkpoint, tmp_path, monkeypatch):
    """A zoo folder holding ``osaka-2p-test``, packed from the tiny checkpoint, read by a fresh JVM."""
    subprocess.run(["java", "-jar", str(find_jar()), "zoo", "pack", str(dl4j_checkpoint), "--name", "osaka-2p-test",
                    "--models", str(tmp_path), "--notes", "python test"], check=True, capture_output=True, timeout=300)
    kaisen.shutdown()
    monkeypatch.setenv("KAISEN_ZOO_DIR", str(tmp_path))
    yield tmp_path
    kaisen.shutdown()  # the next JVM starts without the folder


def test_models_lists_a_packed_model_with_how_it_was_made(zoo_dir):
    found = {m.name: m for m in kaisen.zoo.models()}
    m = found["osaka-2p-test"]
    assert (m.game, m.players, m.agent) == ("osaka", 2, "zoo:osaka-2p-test")
    assert m.step == 256 and m.notes == "python test" and m.problem is None
    assert m.command.startswith("./kaisen train --game osaka")
    assert 0 < m.bytes < 3_000_000 and m.location == str(zoo_dir / "osaka-2p-test.zip")
    assert "zoo:osaka-2p-test" in kaisen.zoo.names("osaka", 2)
    assert "zoo:osaka-2p-test" not in kaisen.zoo.names("osaka", 3)


def test_zoo_name_as_env_opponent_and_in_evaluate(zoo_dir):
    env = kaisen.make("osaka", num_players=2, opponents="zoo:osaka-2p-test:sample", seed=3)
    try:
        obs, info = env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(30):
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if terminated or truncated:
                break
    finally:
        env.close()
    report = kaisen.evaluate("zoo:osaka-2p-test", opponents=["random"], game="osaka", num_players=2, games=4, seed=1)
    assert report.results[0].games == 4


def test_unknown_zoo_name_and_wrong_player_count_are_clear_errors(zoo_dir):
    with pytest.raises(Exception, match="unknown zoo model 'nope' \\(available: .*osaka-2p-test"):
        kaisen.make("osaka", num_players=2, opponents="zoo:nope")
    with pytest.raises(Exception, match="trained for 2 players"):
        kaisen.make("osaka", num_players=3, opponents="zoo:osaka-2p-test")


def test_packing_again_says_it_replaced_the_model(zoo_dir, dl4j_checkpoint):
    done = subprocess.run(["java", "-jar", str(find_jar()), "zoo", "pack", str(dl4j_checkpoint), "--name",
                           "osaka-2p-test", "--models", str(zoo_dir)], check=True, capture_output=True, text=True,
                          timeout=300)
    assert f"replaced the model osaka-2p-test that {zoo_dir / 'osaka-2p-test.zip'} held before" in done.stdout
    done = subprocess.run(["java", "-jar", str(find_jar()), "zoo", "pack", str(dl4j_checkpoint), "--name",
                           "osaka-2p-other", "--models", str(zoo_dir)], check=True, capture_output=True, text=True,
                          timeout=300)
    assert "replaced" not in done.stdout


def test_every_packaged_model_plays_as_an_env_opponent():
    models = kaisen.zoo.models()
    if not models:
        # the Java ZooTest checks that the jar carries exactly the models of models/
        pytest.skip("this build carries no zoo models (models/ holds none)")
    for m in models:
        assert m.problem is None, f"{m.name}: {m.problem}"
        # its measured strength (./kaisen zoo measure), which the documentation's game pages show
        measured = {e.opponent: e for e in m.evaluations}
        assert {"random", "greedy"} <= set(measured), m.name
        for e in measured.values():
            assert e.games >= 1000 and 0 <= e.win_rate_low <= e.win_rate <= e.win_rate_high <= 1, (m.name, e)
            assert f"--agents {m.agent},{e.opponent} " in e.command, (m.name, e.command)
        env = kaisen.make(m.game, num_players=m.players, opponents=m.agent, seed=1, **m.options)
        try:
            env.reset(seed=1)
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        finally:
            env.close()
