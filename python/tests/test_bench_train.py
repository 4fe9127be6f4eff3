"""``./kaisen bench train`` on a tiny budget: both trainers run with the same settings, and both
rates and their ratio come out (needs the ``train`` extra); no timing is asserted."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

pytest.importorskip("torch")

from kaisen import bench_train  # noqa: E402

TINY = ["--steps", "256", "--envs", "4", "--rollout", "32", "--minibatch", "64", "--epochs", "1", "--hidden", "8"]


def test_both_rates_their_ratio_and_every_round_in_the_json(capsys):
    assert bench_train.main([*TINY, "--rounds", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dl4j_steps_per_s"] > 0 and out["pytorch_steps_per_s"] > 0
    assert out["ratio"] == pytest.approx(out["dl4j_steps_per_s"] / out["pytorch_steps_per_s"], rel=1e-2)
    # at least two updates per run, the first left out of the rate
    assert (out["steps"], out["updates_measured"]) == (256, 1)
    assert (out["envs"], out["rollout"], out["epochs"], out["minibatch"], out["hidden"]) == (4, 32, 1, 64, [8, 8])
    assert [r["round"] for r in out["per_round"]] == [1, 2]
    for r in out["per_round"]:
        assert r["dl4j_steps_per_s"] > 0 and r["pytorch_steps_per_s"] > 0
        assert r["ratio"] == pytest.approx(r["dl4j_steps_per_s"] / r["pytorch_steps_per_s"], rel=1e-2)


def test_text_names_both_sides_and_the_ratio_with_self_play(capsys):
    assert bench_train.main([*TINY, "--opponents", "greedy,self"]) == 0
    text = capsys.readouterr().out
    assert "DL4J" in text and "PyTorch" in text and "ratio DL4J / PyTorch" in text
    assert "opponents greedy,self" in text


def test_both_sides_get_the_same_settings(tmp_path: Path):
    ns = argparse.Namespace(game="osaka", players=2, config="{}", steps=5000, envs=8, rollout=64, epochs=3,
                            minibatch=128, hidden=32, opponents="greedy,self", net_threads=1, env_threads=2, seed=5)
    s = bench_train.settings_from(ns)
    assert s["steps"] == 5120  # rounded up to whole updates of 8 x 64
    java = bench_train.dl4j_command(s, tmp_path / "j")
    torch = bench_train.pytorch_command(s, tmp_path / "t")

    def flag(cmd: list[str], name: str) -> str:
        return cmd[cmd.index(name) + 1]

    assert flag(java, "--steps") == flag(torch, "--total-timesteps") == "5120"
    assert flag(java, "--envs") == flag(torch, "--num-envs") == "8"
    assert flag(java, "--rollout") == flag(torch, "--num-steps") == "64"
    assert flag(java, "--epochs") == flag(torch, "--update-epochs") == "3"
    assert flag(torch, "--num-minibatches") == "4" and flag(java, "--minibatch") == "128"
    assert flag(java, "--hidden") == "32,32" and flag(torch, "--hidden") == "32"
    assert flag(java, "--net-threads") == flag(torch, "--torch-threads") == "1"
    assert flag(java, "--threads") == flag(torch, "--env-threads") == "2"
    assert flag(java, "--opponents") == "greedy,self"
    assert (flag(torch, "--opponents"), flag(torch, "--self-play"), flag(torch, "--self-play-share")) == \
        ("greedy", "true", "0.5")
    # the PPO hyperparameters too, not left to the two programs' defaults
    assert flag(java, "--lr") == flag(torch, "--learning-rate") == "0.0003"
    assert "--no-anneal-lr" not in java and flag(torch, "--anneal-lr") == "true"
    assert flag(java, "--gamma") == flag(torch, "--gamma") == "0.99"
    assert flag(java, "--gae-lambda") == flag(torch, "--gae-lambda") == "0.95"
    assert flag(java, "--clip") == flag(torch, "--clip-coef") == "0.2"
    assert flag(java, "--ent-coef") == flag(torch, "--ent-coef") == "0.01"
    assert flag(java, "--vf-coef") == flag(torch, "--vf-coef") == "0.5"
    assert flag(java, "--max-grad-norm") == flag(torch, "--max-grad-norm") == "0.5"
    assert "--no-norm-adv" not in java and flag(torch, "--norm-adv") == "true"
    s2 = {**s, "anneal_lr": False, "norm_adv": False}
    java2, torch2 = bench_train.dl4j_command(s2, tmp_path / "j"), bench_train.pytorch_command(s2, tmp_path / "t")
    assert "--no-anneal-lr" in java2 and flag(torch2, "--anneal-lr") == "false"
    assert "--no-norm-adv" in java2 and flag(torch2, "--norm-adv") == "false"


def test_the_ppo_settings_are_the_python_examples_defaults():
    """bench_train.PPO names each setting as kaisen.torch's Args (ppo_masked.py's flags), with its default value."""
    import dataclasses

    from kaisen.torch import Args

    defaults = {f.name: f.default for f in dataclasses.fields(Args)}
    names = {"clip": "clip_coef"}
    for key, value in bench_train.PPO.items():
        assert defaults[names.get(key, key)] == value, key
