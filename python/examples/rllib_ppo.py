"""PPO with Ray RLlib on any Kaisen game: many env runners (each with its own JVM), on one machine
or a Ray cluster, then the trained policy evaluated through ``kaisen.evaluate``.

    python examples/rllib_ppo.py --game osaka --opponents greedy --num-env-runners 2 \\
        --num-envs-per-runner 16 --iterations 50 --out runs/rllib-osaka
    python examples/rllib_ppo.py --game osaka --self-play --iterations 20 --out runs/rllib-selfplay
    python examples/rllib_ppo.py --address HEAD:6379 ...   # join a running Ray cluster

The run folder gets ``progress.csv`` (one row per iteration), TensorBoard event files (when
tensorboardX is installed; Ray brings it), RLlib checkpoints (``checkpoint/``), and
``eval.json`` / ``eval.csv``: the policy's win rates against ``random`` and ``greedy`` (or
``--eval-opponents``) with 95% intervals. Needs the ``rllib`` extra: ``pip install -e "python[rllib]"``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from pathlib import Path
from typing import Any

import kaisen

PROGRESS_COLUMNS = ["iteration", "env_steps", "time_s", "episodes", "episode_return_mean", "episode_len_mean",
                    "policy_loss", "vf_loss", "entropy", "mean_kl"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default=kaisen.DEFAULT_GAME, help="a registered game (kaisen.games())")
    p.add_argument("--players", type=int, default=None, help="players (default: the game's)")
    p.add_argument("--opponents", default="greedy",
                   help="the learner's opponents, played in the JVM: one agent name, or one per other seat, comma-"
                        "separated (bots, ismcts:N, dl4j:PATH, zoo:NAME)")
    p.add_argument("--self-play", action="store_true", help="every seat an RLlib agent (multi-agent env)")
    p.add_argument("--policies", choices=["shared", "per-seat"], default="shared",
                   help="self-play: one policy for every seat, or one per seat")
    p.add_argument("--reward", default="terminal", choices=["terminal", "score_difference"])
    p.add_argument("--num-env-runners", type=int, default=2)
    p.add_argument("--num-envs-per-runner", type=int, default=8, help="games each env runner steps per call")
    p.add_argument("--iterations", type=int, default=None, help="training iterations (default: until a budget)")
    p.add_argument("--steps", type=int, default=None, help="env-step budget (stops after the iteration that reaches it)")
    p.add_argument("--minutes", type=float, default=None, help="wall-clock budget for training")
    p.add_argument("--batch", type=int, default=4000, help="env steps per training iteration")
    p.add_argument("--minibatch", type=int, default=256)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--lambda", dest="lambda_", type=float, default=0.95)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--hidden", default="256,256", help="MLP layer sizes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--address", default=None, help="join this Ray cluster (HEAD:6379); default: start a local one")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local cluster (default: all)")
    p.add_argument("--out", default="runs/rllib", help="run folder")
    p.add_argument("--checkpoint-every", type=int, default=10, help="iterations between checkpoints (and at the end)")
    p.add_argument("--eval-games", type=int, default=1000, help="games per opponent in the final evaluation (0: none)")
    p.add_argument("--eval-opponents", default="random,greedy")
    args = p.parse_args(argv)
    if args.iterations is None and args.steps is None and args.minutes is None:
        p.error("give a budget: --iterations, --steps or --minutes")
    return args


def _first(d: Any, *keys: str) -> Any:
    """d[k0][k1]... or None."""
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def _mean(value: Any) -> float:
    """A metric that is a number, or (multi-agent) a dict of numbers: their mean."""
    if isinstance(value, dict):
        values = [float(v) for v in value.values()]
        return sum(values) / len(values) if values else math.nan
    return math.nan if value is None else float(value)


def progress_row(iteration: int, result: dict[str, Any], elapsed: float) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    learners = {k: v for k, v in result.get("learners", {}).items() if k != "__all_modules__"}

    def learner_mean(key: str) -> float:
        values = [float(v[key]) for v in learners.values() if isinstance(v, dict) and key in v]
        return sum(values) / len(values) if values else math.nan

    ret = runners.get("episode_return_mean")
    if ret is None:
        ret = runners.get("agent_episode_return_mean")
    return {
        "iteration": iteration,
        "env_steps": int(result.get("num_env_steps_sampled_lifetime", runners.get("num_env_steps_sampled_lifetime", 0))),
        "time_s": round(elapsed, 2),
        "episodes": int(runners.get("num_episodes_lifetime", 0) or 0),
        "episode_return_mean": _mean(ret),
        "episode_len_mean": _mean(runners.get("episode_len_mean")),
        "policy_loss": learner_mean("policy_loss"),
        "vf_loss": learner_mean("vf_loss"),
        "entropy": learner_mean("entropy"),
        "mean_kl": learner_mean("mean_kl_loss"),
    }


def build_config(args: argparse.Namespace):
    import kaisen.rllib as krl

    env_config: dict[str, Any] = {"reward_mode": args.reward}
    if args.players is not None:
        env_config["num_players"] = args.players
    if not args.self_play:
        names = args.opponents.split(",")
        env_config["opponents"] = names[0] if len(names) == 1 else names
    hidden = tuple(int(h) for h in args.hidden.split(","))
    config = krl.ppo_config(args.game, self_play=args.self_play, policies=args.policies, env_config=env_config,
                            num_env_runners=args.num_env_runners, num_envs_per_env_runner=args.num_envs_per_runner,
                            hidden=hidden, seed=args.seed)
    return config.training(train_batch_size_per_learner=args.batch, minibatch_size=args.minibatch,
                           num_epochs=args.epochs, lr=args.lr, gamma=args.gamma, lambda_=args.lambda_,
                           entropy_coeff=args.entropy)


def _tensorboard(out: Path):
    try:
        from tensorboardX import SummaryWriter
    except ImportError:
        print("(tensorboardX is not installed: no TensorBoard log; progress.csv has the same numbers)")
        return None
    return SummaryWriter(str(out / "tensorboard"))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    import ray

    import kaisen.rllib as krl

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    started_ray = False
    if not ray.is_initialized():
        if args.address:
            ray.init(address=args.address)
        else:
            ray.init(address="local", num_cpus=args.num_cpus, include_dashboard=False)  # a new local cluster
        started_ray = True
    algo = None
    try:
        algo = build_config(args).build_algo()
        writer = _tensorboard(out)
        start = time.perf_counter()
        iteration, row = 0, {}
        with (out / "progress.csv").open("w", newline="") as f:
            log = csv.DictWriter(f, PROGRESS_COLUMNS)
            log.writeheader()
            while True:
                result = algo.train()
                iteration += 1
                row = progress_row(iteration, result, time.perf_counter() - start)
                log.writerow(row)
                f.flush()
                if writer is not None:
                    for k, v in row.items():
                        if k not in ("iteration", "env_steps") and not (isinstance(v, float) and math.isnan(v)):
                            writer.add_scalar(k, v, row["env_steps"])
                print(f"iter {iteration:4d}  steps {row['env_steps']:>9,}  {row['time_s']:7.1f}s  "
                      f"return {row['episode_return_mean']:+.3f}  len {row['episode_len_mean']:.1f}", flush=True)
                if iteration % args.checkpoint_every == 0:
                    algo.save(str((out / "checkpoint").resolve()))
                if (args.iterations is not None and iteration >= args.iterations) or \
                        (args.steps is not None and row["env_steps"] >= args.steps) or \
                        (args.minutes is not None and time.perf_counter() - start >= 60 * args.minutes):
                    break
        checkpoint = str((out / "checkpoint").resolve())
        algo.save(checkpoint)
        if writer is not None:
            writer.close()
        module_ids = sorted(algo.config.policies)
        summary: dict[str, Any] = {"iterations": iteration, "env_steps": row.get("env_steps"),
                                   "train_seconds": row.get("time_s"), "checkpoint": checkpoint, "modules": module_ids}
    finally:
        if algo is not None:  # its env runners (and their JVMs) end with it, on a failure too
            algo.stop()
        if started_ray:
            ray.shutdown()
    if args.eval_games > 0:
        # from the checkpoint, in this process: no Ray cluster needed to evaluate
        module_id = module_ids[0] if len(module_ids) > 1 else None
        policy = krl.policy(checkpoint, module_id=module_id, name=f"rllib-{args.game}")
        report = kaisen.evaluate(policy, args.eval_opponents.split(","), games=args.eval_games, seed=args.seed + 1,
                                 game=args.game, num_players=args.players)
        print(report.table())
        results = [r.as_dict() for r in report.results]
        (out / "eval.json").write_text(json.dumps(results, indent=2, default=list))
        with (out / "eval.csv").open("w", newline="") as f:
            w = csv.DictWriter(f, ["policy", "opponent", "games", "win_rate", "ci_low", "ci_high", "mean_score",
                                   "opponent_mean_score"])
            w.writeheader()
            for r in results:
                w.writerow({k: r[k] for k in w.fieldnames})
        summary["eval"] = results
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=list))
    return summary


if __name__ == "__main__":
    main()
