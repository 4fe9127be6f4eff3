"""``./kaisen bench train``: the DL4J PPO trainer against the PyTorch example, same settings.

Runs, one after the other on this machine, ``kaisen.jar train`` (masked PPO in the JVM,
Deeplearning4j) and ``python/examples/ppo_masked.py`` (the same algorithm in PyTorch over
``kaisen.vector_env``) for the same game, number of steps, envs, rollout length, epochs,
minibatch size, network (a tanh MLP, both hidden layers of one width), opponents, thread counts,
seed and PPO hyperparameters (``PPO``: learning rate 3e-4 annealed linearly to 0, gamma 0.99, GAE
lambda 0.95, clip 0.2, entropy coefficient 0.01, value-loss coefficient 0.5, max grad norm 0.5,
advantages normalised per minibatch), every one passed explicitly to both, without evaluations;
the reward (terminal) and the network's initialisation are each side's own. Then prints each one's
steady-state env steps per second and their ratio. The rate of a run is its steps over the
seconds of its updates (collection and learning), the first update (warm-up: JIT, native
libraries, first allocations) left out; both programs time an update the same way and write it
to their ``metrics.csv``. ``--rounds N`` alternates the two N times (a busy machine's noise
falls on both) and reports the rate over all rounds, and each round's rates and ratio.

``self`` among ``--opponents`` is a past snapshot of the policy: the JVM trainer's snapshot
pool, and the example's ``--self-play`` with the same share of the envs (its snapshots answer
in Python, over ``kaisen.multi_agent_vector_env``).
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from kaisen import _java_launch
from kaisen.games import DEFAULT_GAME

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ppo_masked.py"
SELF = "self"
#: the PPO hyperparameters both sides get, named as in the result (the trainers' defaults)
PPO: dict[str, Any] = {"learning_rate": 3e-4, "anneal_lr": True, "gamma": 0.99, "gae_lambda": 0.95, "clip": 0.2,
                       "ent_coef": 0.01, "vf_coef": 0.5, "max_grad_norm": 0.5, "norm_adv": True}


def settings_from(args: argparse.Namespace) -> dict[str, Any]:
    """The settings both sides get; steps rounded up to whole updates."""
    batch = args.envs * args.rollout
    if batch % args.minibatch:
        raise ValueError(f"--minibatch {args.minibatch} must divide envs x rollout ({args.envs} x {args.rollout})")
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    if not opponents:
        raise ValueError("--opponents names no opponent")
    updates = max(2, -(-args.steps // batch))  # the first is left out: at least one more
    return {"game": args.game, "players": args.players, "config": json.loads(args.config), "steps": updates * batch,
            "envs": args.envs, "rollout": args.rollout, "epochs": args.epochs, "minibatch": args.minibatch,
            "hidden": [args.hidden, args.hidden], "activation": "tanh", "opponents": opponents,
            "net_threads": args.net_threads, "env_threads": args.env_threads, "seed": args.seed, **PPO}


def dl4j_command(s: dict[str, Any], out: Path) -> list[str]:
    args = ["train", "--game", s["game"], "--players", str(s["players"]), "--config", json.dumps(s["config"]),
            "--steps", str(s["steps"]), "--envs", str(s["envs"]), "--rollout", str(s["rollout"]),
            "--epochs", str(s["epochs"]), "--minibatch", str(s["minibatch"]),
            "--hidden", ",".join(map(str, s["hidden"])), "--opponents", ",".join(s["opponents"]),
            "--threads", str(s["env_threads"]), "--net-threads", str(s["net_threads"]), "--seed", str(s["seed"]),
            "--lr", str(s["learning_rate"]), "--gamma", str(s["gamma"]), "--gae-lambda", str(s["gae_lambda"]),
            "--clip", str(s["clip"]), "--ent-coef", str(s["ent_coef"]), "--vf-coef", str(s["vf_coef"]),
            "--max-grad-norm", str(s["max_grad_norm"]),
            "--eval-games", "0", "--eval-every", str(s["steps"]), "--out", str(out)]
    if not s["anneal_lr"]:
        args.append("--no-anneal-lr")
    if not s["norm_adv"]:
        args.append("--no-norm-adv")
    # a bounded heap also bounds ND4J's native memory (as ./kaisen train)
    return _java_launch.java_command(_java_launch.find_jar(), *args, opts=["-Xmx2g"])


def pytorch_command(s: dict[str, Any], out: Path) -> list[str]:
    batch = s["envs"] * s["rollout"]
    bots = [o for o in s["opponents"] if o != SELF]
    share = (len(s["opponents"]) - len(bots)) / len(s["opponents"])
    args = ["--game", s["game"], "--num-players", str(s["players"]), "--config", json.dumps(s["config"]),
            "--total-timesteps", str(s["steps"]), "--num-envs", str(s["envs"]), "--num-steps", str(s["rollout"]),
            "--update-epochs", str(s["epochs"]), "--num-minibatches", str(batch // s["minibatch"]),
            "--hidden", str(s["hidden"][0]), "--opponents", ",".join(bots),
            "--torch-threads", str(s["net_threads"]), "--env-threads", str(s["env_threads"]), "--seed", str(s["seed"]),
            "--learning-rate", str(s["learning_rate"]), "--anneal-lr", str(s["anneal_lr"]).lower(),
            "--gamma", str(s["gamma"]), "--gae-lambda", str(s["gae_lambda"]), "--clip-coef", str(s["clip"]),
            "--ent-coef", str(s["ent_coef"]), "--vf-coef", str(s["vf_coef"]), "--max-grad-norm", str(s["max_grad_norm"]),
            "--norm-adv", str(s["norm_adv"]).lower(),
            "--eval-games", "0", "--final-eval-games", "0", "--progress", "false", "--out", str(out)]
    if share > 0:
        # the JVM trainer adds a snapshot every 100,000 steps by default: the same, in updates
        args += ["--self-play", "true", "--self-play-share", str(share),
                 "--snapshot-every", str(max(1, round(100_000 / batch)))]
    return [sys.executable, str(EXAMPLE), *args]


def update_seconds(metrics: Path) -> list[tuple[int, float]]:
    """(steps, seconds) of each update in a run's ``metrics.csv`` (both trainers' columns)."""
    rows = list(csv.DictReader(metrics.open(newline="")))
    out, previous = [], 0
    for r in rows:
        step = int(r["step"])
        out.append((step - previous, (step - previous) / float(r["steps_per_s"])))
        previous = step
    return out


def run(name: str, command: list[str], out: Path, env: dict[str, str] | None = None) -> list[tuple[int, float]]:
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"{name} failed (exit {done.returncode}): {' '.join(command)}\n{done.stdout[-3000:]}")
    updates = update_seconds(out / "metrics.csv")
    if len(updates) < 2:
        raise RuntimeError(f"{name} wrote {len(updates)} update(s) to {out / 'metrics.csv'}; need 2 or more")
    return updates[1:]


def rate(updates: list[tuple[int, float]]) -> float:
    return sum(n for n, _ in updates) / sum(t for _, t in updates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kaisen bench train", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"a registered game id (default {DEFAULT_GAME})")
    parser.add_argument("--players", type=int, default=2, help="player count (default 2)")
    parser.add_argument("--config", default="{}", help="game options as a JSON object")
    parser.add_argument("--steps", type=int, default=131_072, help="learner steps per run (default 131072: 32 updates)")
    parser.add_argument("--envs", type=int, default=32, help="parallel envs (default 32)")
    parser.add_argument("--rollout", type=int, default=128, help="steps per env per update (default 128)")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each rollout (default 4)")
    parser.add_argument("--minibatch", type=int, default=512, help="minibatch size (default 512)")
    parser.add_argument("--hidden", type=int, default=128, help="width of both hidden layers (default 128)")
    parser.add_argument("--opponents", default="greedy",
                        help="comma-separated bots, and self for policy snapshots; the envs are split evenly "
                             "between them (default greedy)")
    parser.add_argument("--net-threads", type=int, default=1,
                        help="threads of the network: ND4J/OpenMP/OpenBLAS, torch.set_num_threads (default 1)")
    parser.add_argument("--env-threads", type=int, default=2, help="threads of the JVM's vector envs (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1, help="alternate the two runs this many times (default 1)")
    args = parser.parse_args(argv)
    try:
        s = settings_from(args)
    except ValueError as e:
        parser.error(str(e))
    if not EXAMPLE.is_file():
        parser.error(f"{EXAMPLE} not found: bench train needs a checkout (python/examples)")
    updates: dict[str, list[tuple[int, float]]] = {"dl4j": [], "pytorch": []}
    per_round = []
    with tempfile.TemporaryDirectory(prefix="kaisen-bench-train-") as tmp:
        for r in range(args.rounds):
            measured = {}
            for side, command in (("dl4j", dl4j_command), ("pytorch", pytorch_command)):
                out = Path(tmp) / f"{side}-{r}"
                # each side in the environment it gets outside the bench (the JVM's OpenMP policy)
                env = _java_launch.java_env() if side == "dl4j" else None
                measured[side] = run(side, command(s, out), out, env)
                updates[side] += measured[side]
            d, t = rate(measured["dl4j"]), rate(measured["pytorch"])
            per_round.append({"round": r + 1, "dl4j_steps_per_s": round(d, 1), "pytorch_steps_per_s": round(t, 1),
                              "ratio": round(d / t, 3)})
    dl4j, torch = rate(updates["dl4j"]), rate(updates["pytorch"])
    result = {**s, "rounds": args.rounds, "updates_measured": len(updates["dl4j"]) // max(1, args.rounds),
              "dl4j_steps_per_s": round(dl4j, 1), "pytorch_steps_per_s": round(torch, 1),
              "ratio": round(dl4j / torch, 3), "per_round": per_round}
    if args.json:
        print(json.dumps(result))
        return 0
    hidden = "x".join(map(str, s["hidden"]))
    print(f"bench train: {s['game']}, {s['players']} players, {s['steps']:,} steps per run x {args.rounds} round(s), "
          f"{s['envs']} envs x {s['rollout']} steps, {s['epochs']} epochs, minibatch {s['minibatch']}, "
          f"hidden {hidden} tanh, opponents {','.join(s['opponents'])}; first update of each run left out")
    print(f"  DL4J PPO (kaisen.jar train)   {dl4j:9,.0f} steps/s   "
          f"(ND4J/OpenMP/OpenBLAS threads {s['net_threads']}, vector-env threads {s['env_threads']})")
    print(f"  PyTorch (ppo_masked.py)       {torch:9,.0f} steps/s   "
          f"(torch.set_num_threads({s['net_threads']}), vector-env threads {s['env_threads']})")
    print(f"  ratio DL4J / PyTorch          {dl4j / torch:9.2f}")
    if args.rounds > 1:
        for r in per_round:
            print(f"  round {r['round']}: DL4J {r['dl4j_steps_per_s']:9,.0f}, PyTorch {r['pytorch_steps_per_s']:9,.0f} "
                  f"steps/s, ratio {r['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
