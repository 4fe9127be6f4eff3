"""The masked-PPO trainer (``kaisen.torch``) and the training examples run end to end on a tiny
budget (needs the ``train`` extra)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))  # sb3_maskable_ppo (the PPO trainer is kaisen.torch)

import kaisen  # noqa: E402


def test_masked_policy_never_samples_or_scores_illegal_actions():
    from kaisen.torch import Agent

    spec = kaisen.spec("osaka")
    obs_size, n = spec.observation_size, spec.num_actions
    gen = torch.Generator().manual_seed(0)
    agent = Agent(obs_size, n, 16)
    for trial in range(50):
        obs = torch.randn(32, obs_size, generator=gen) * 3
        mask = torch.rand(32, n, generator=gen) < 0.2
        mask[torch.arange(32), torch.randint(0, n, (32,), generator=gen)] = True
        with torch.no_grad():
            agent.actor.weight.mul_(1.5)  # sharper and sharper policies
            action, logp, entropy, _ = agent.get_action_and_value(obs, mask, generator=gen)
            logp_all, _ = agent.masked_logp(obs, mask)
        assert mask[torch.arange(32), action].all()
        assert torch.isfinite(logp).all() and torch.isfinite(entropy).all()
        assert (logp_all[~mask] == float("-inf")).all()
        assert torch.allclose(logp_all.exp().sum(-1), torch.ones(32), atol=1e-5)


def bots(game: str) -> list[str]:
    """Up to two scripted bots the game knows (random, then its first other bot without arguments)."""
    plain = [a for a in kaisen.spec(game).agents if ":" not in a]
    return plain[:2]


def test_ppo_trains_saves_and_evaluates(tmp_path, game):
    from kaisen.torch import Args, load_policy, train

    opponents = bots(game)
    players = kaisen.game_info(game).max_players
    args = Args(game=game, num_players=players, total_timesteps=1024, num_envs=8, num_steps=64, num_minibatches=4,
                update_epochs=2, hidden=16, eval_every=512, eval_games=2 * players, opponents=",".join(opponents),
                eval_opponents=",".join(opponents), out=str(tmp_path / "run"), progress=False)
    agent, out = train(args)
    for name in ("metrics.csv", "eval.csv", "last.pt", "best.pt", "learning_curve.png", "train_summary.json"):
        assert (out / name).exists(), name
    metrics = (out / "metrics.csv").read_text().splitlines()
    assert len(metrics) == 3 and all(f"win_rate_vs_{o}" in metrics[0] for o in opponents)
    with (out / "eval.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["step", "opponent", "games", "win_rate", "win_rate_low", "win_rate_high", "mean_score",
                             "opponent_mean_score"]
    assert [(r["step"], r["opponent"]) for r in rows] == [(s, o) for s in ("512", "1024") for o in opponents]
    assert json.loads((out / "train_summary.json").read_text())["steps"] == 1024
    checkpoint = torch.load(out / "last.pt", weights_only=False)
    spec = kaisen.spec(game, num_players=players)
    assert (checkpoint["game"], checkpoint["config"]) == (game, dict(spec.config))
    assert (checkpoint["obs_size"], checkpoint["num_actions"]) == (spec.observation_size, spec.num_actions)
    assert checkpoint["layout_hash"] == spec.layout_hash
    policy = load_policy(out / "last.pt")
    obs = np.random.default_rng(0).random((3, spec.observation_size), dtype=np.float32)
    every = torch.ones(3, spec.num_actions, dtype=torch.bool)
    with torch.no_grad():
        same = agent.masked_logp(torch.as_tensor(obs), every)[0]
        loaded = policy.agent.masked_logp(torch.as_tensor(obs), every)[0]
    assert torch.equal(same, loaded)
    report = kaisen.evaluate(policy, opponents="random", games=players, seed=1, game=game, num_players=players)
    assert report.results[0].games == players


def test_ppo_masked_script_runs_from_any_folder(tmp_path):
    """``python/examples/ppo_masked.py`` is the command line of kaisen.torch: one flag per Args field,
    the run folder and the final evaluation of best.pt; run from a folder outside the checkout."""
    out = tmp_path / "run"
    flags = {"total-timesteps": 256, "num-envs": 4, "num-steps": 64, "num-minibatches": 2, "update-epochs": 1,
             "hidden": 8, "eval-every": 256, "eval-games": 2, "final-eval-games": 2, "opponents": "random",
             "eval-opponents": "random", "progress": "false", "out": out}
    argv = [a for k, v in flags.items() for a in (f"--{k}", str(v))]
    done = subprocess.run([sys.executable, str(EXAMPLES / "ppo_masked.py"), *argv], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "trained 256 steps" in done.stdout
    for name in ("metrics.csv", "eval.csv", "last.pt", "best.pt", "learning_curve.png", "train_summary.json"):
        assert (out / name).exists(), name
    final = json.loads((out / "final_eval.json").read_text())
    assert [(r["opponent"], r["games"]) for r in final] == [("random", 2)]
    assert torch.load(out / "best.pt", weights_only=False)["args"]["hidden"] == 8


def test_sb3_maskable_ppo_example(tmp_path, game):
    pytest.importorskip("sb3_contrib")
    from sb3_maskable_ppo import SB3Policy, train

    from kaisen.sb3 import KaisenVecEnv

    model = train(512, seed=1, opponents="random", num_envs=2, out=tmp_path / "sb3", game=game)
    assert (tmp_path / "sb3" / "model.zip").exists()
    assert isinstance(model.get_env(), KaisenVecEnv), "trained on the SB3 VecEnv adapter (one JVM, shared memory)"
    assert model.get_env().num_envs == 2
    env = kaisen.make(game, opponents="random", seed=2)
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
    report = kaisen.evaluate(SB3Policy(model), opponents="random", games=4, seed=3, game=game)
    assert report.results[0].games == 4


def test_ppo_checkpoints_refuse_another_layout(tmp_path):
    from kaisen.torch import Agent, _save, load_policy

    spec = kaisen.spec()
    agent = Agent(spec.observation_size, spec.num_actions, 8)

    def save(name, **changes):
        payload = {"model": agent.state_dict(), "args": {"hidden": 8}, "game": spec.game, "config": dict(spec.config),
                   "view": spec.view, "obs_size": spec.observation_size, "num_actions": spec.num_actions,
                   "layout_hash": spec.layout_hash, **changes}
        payload = {k: v for k, v in payload.items() if v is not None}
        _save(tmp_path / name, payload)
        return tmp_path / name

    load_policy(save("good.pt"))
    with pytest.raises(ValueError, match="0123456789abcdef.*" + spec.layout_hash):
        load_policy(save("other.pt", layout_hash="0123456789abcdef"))
    with pytest.warns(UserWarning, match="records no layout hash"):
        load_policy(save("old.pt", layout_hash=None))
    with pytest.raises(ValueError, match="does not fit"):
        load_policy(save("old-other.pt", layout_hash=None, obs_size=spec.observation_size + 1))


def test_ppo_self_play_with_a_snapshot_pool(tmp_path, game):
    """``--self-play``: half of the envs play snapshots of the policy (in Python, over the multi-agent
    vector env), the other half a bot in the JVM; every learner step is legal (the env raises
    otherwise), snapshots join the pool, and both kinds of games end and are counted."""
    from kaisen.torch import Args, _SelfPlayPool, train

    players = kaisen.game_info(game).min_players
    bot = bots(game)[-1]
    args = Args(game=game, num_players=players, total_timesteps=2048, num_envs=8, num_steps=128, num_minibatches=4,
                update_epochs=1, hidden=16, eval_every=2048, eval_games=players, opponents=bot,
                eval_opponents=bot, out=str(tmp_path / "run"), progress=False, self_play=True,
                self_play_share=0.5, pool_size=2, snapshot_every=1)
    agent, out = train(args)
    header, *rows = (out / "metrics.csv").read_text().splitlines()
    assert "win_rate_vs_self-play" in header and f"win_rate_vs_{bot}" in header and len(rows) == 2
    assert int(rows[-1].split(",")[4]) > 0, "games ended"
    # the pool keeps the newest snapshots, each a frozen copy that answers batched and legally
    gen = torch.Generator().manual_seed(0)
    pool = _SelfPlayPool(args, agent, gen)
    try:
        for step in (1, 2, 3):
            pool.add_snapshot(agent, step)
        assert [s.name for s in pool.snapshots] == ["snapshot@2", "snapshot@3"]
        assert all(not p.requires_grad for p in pool.snapshots[0].agent.parameters())
        obs, masks = pool.reset()
        ended = 0
        for _ in range(300):
            actions = (np.random.default_rng(0).random(masks.shape) * masks).argmax(1)
            obs, reward, done, masks, finals = pool.step(actions)
            assert obs.shape == (8, kaisen.spec(game, num_players=players).observation_size)
            ended += len(finals)
            assert {k for k, _, _ in finals} <= {0, 1}
        assert ended > 0
    finally:
        pool.close()
