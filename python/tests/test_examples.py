"""The training examples run end to end on a tiny budget (needs the ``train`` extra)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import kaisen  # noqa: E402


def test_masked_policy_never_samples_or_scores_illegal_actions():
    from ppo_masked import Agent

    gen = torch.Generator().manual_seed(0)
    agent = Agent(427, 64, 16)
    for trial in range(50):
        obs = torch.randn(32, 427, generator=gen) * 3
        mask = torch.rand(32, 64, generator=gen) < 0.2
        mask[torch.arange(32), torch.randint(0, 64, (32,), generator=gen)] = True
        with torch.no_grad():
            agent.actor.weight.mul_(1.5)  # sharper and sharper policies
            action, logp, entropy, _ = agent.get_action_and_value(obs, mask, generator=gen)
            logp_all, _ = agent.masked_logp(obs, mask)
        assert mask[torch.arange(32), action].all()
        assert torch.isfinite(logp).all() and torch.isfinite(entropy).all()
        assert (logp_all[~mask] == float("-inf")).all()
        assert torch.allclose(logp_all.exp().sum(-1), torch.ones(32), atol=1e-5)


def test_ppo_example_trains_saves_and_evaluates(tmp_path):
    from ppo_masked import Args, load_policy, train

    args = Args(total_timesteps=1024, num_envs=8, num_steps=64, num_minibatches=4, update_epochs=2, hidden=16,
                eval_every=512, eval_games=4, out=str(tmp_path / "run"), progress=False)
    agent, out = train(args)
    for name in ("metrics.csv", "eval.csv", "last.pt", "best.pt", "learning_curve.png", "train_summary.json"):
        assert (out / name).exists(), name
    metrics = (out / "metrics.csv").read_text().splitlines()
    assert len(metrics) == 3 and "win_rate_vs_random" in metrics[0] and "win_rate_vs_greedy" in metrics[0]
    assert len((out / "eval.csv").read_text().splitlines()) == 1 + 2 * 2
    assert json.loads((out / "train_summary.json").read_text())["steps"] == 1024
    policy = load_policy(out / "last.pt")
    obs = np.random.default_rng(0).random((3, 427), dtype=np.float32)
    with torch.no_grad():
        same = agent.masked_logp(torch.as_tensor(obs), torch.ones(3, 64, dtype=torch.bool))[0]
        loaded = policy.agent.masked_logp(torch.as_tensor(obs), torch.ones(3, 64, dtype=torch.bool))[0]
    assert torch.equal(same, loaded)
    report = kaisen.evaluate(policy, opponents="random", games=4, seed=1)
    assert report.results[0].games == 4


def test_sb3_maskable_ppo_example(tmp_path):
    pytest.importorskip("sb3_contrib")
    from sb3_maskable_ppo import SB3Policy, train

    model = train(512, seed=1, opponents="random", num_envs=2, out=tmp_path / "sb3")
    assert (tmp_path / "sb3" / "model.zip").exists()
    env = kaisen.make(opponents="random", seed=2)
    try:
        obs, _ = env.reset(seed=2)
        for _ in range(30):
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            assert env.action_masks()[int(action)]
            obs, _, term, trunc, _ = env.step(int(action))
            if term or trunc:
                obs, _ = env.reset()
    finally:
        env.close()
    report = kaisen.evaluate(SB3Policy(model), opponents="random", games=4, seed=3)
    assert report.results[0].games == 4
