"""Sampling throughput of Kaisen under Ray RLlib against the bare vector env, in one run
(``./kaisen bench rllib``; needs the ``rllib`` extra).

For each env-runner count in ``--runners`` (default 1 and 2): a local Ray cluster's PPO algorithm
(:func:`kaisen.rllib.ppo_config`, the untrained masked module) whose env runners sample
``--envs-per-runner`` games each, for ``--seconds``; its env steps per second are every runner's
sampled steps over the wall time. Then the bare :class:`kaisen.vector_env.KaisenVectorEnv` on the
same game, opponents and number of games, stepped with random legal actions for as long, in this
process. The per-step overhead is RLlib's time per env step with one runner minus the bare env's
(the module's forward pass, the connectors and the episode bookkeeping).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any

import numpy as np

from .games import DEFAULT_GAME
from .vector_env import KaisenVectorEnv


def bare_rate(game: str, num_envs: int, env_config: dict[str, Any], seconds: float, seed: int = 0) -> dict[str, Any]:
    """Env steps per second of the bare vector env with random legal actions (one process)."""
    kwargs = dict(env_config)
    kwargs.setdefault("threads", 1)  # as an env runner's vector env steps (kaisen.rllib.RUNNER_THREADS)
    env = KaisenVectorEnv(game, num_envs, seed=seed, **kwargs)
    try:
        env.reset()
        masks = env.action_masks()
        rng = np.random.default_rng(seed)
        for _ in range(50):  # warm-up
            env.step((rng.random(masks.shape) * masks).argmax(axis=1))
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(50):
                env.step((rng.random(masks.shape) * masks).argmax(axis=1))
            steps += 50 * num_envs
        elapsed = time.perf_counter() - start
    finally:
        env.close()
    return {"steps": steps, "seconds": elapsed, "steps_per_s": steps / elapsed}


def rllib_rate(game: str, runners: int, envs_per_runner: int, env_config: dict[str, Any], seconds: float,
               fragment: int, hidden: tuple[int, ...]) -> dict[str, Any]:
    """Env steps per second RLlib's env runners sample (explore=True, the untrained masked module)."""
    from . import rllib as krl

    config = krl.ppo_config(game, env_config=env_config, num_env_runners=runners,
                            num_envs_per_env_runner=envs_per_runner, hidden=hidden, seed=0)
    algo = config.build_algo()
    try:
        group = algo.env_runner_group

        def sample(runner: Any) -> int:
            return int(sum(len(e) for e in runner.sample(num_timesteps=fragment * envs_per_runner, explore=True)))

        group.foreach_env_runner(sample, local_env_runner=False)  # warm-up
        steps, calls, start = 0, 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            steps += sum(group.foreach_env_runner(sample, local_env_runner=False))
            calls += 1
        elapsed = time.perf_counter() - start
    finally:
        algo.stop()
    return {"runners": runners, "steps": steps, "seconds": elapsed, "steps_per_s": steps / elapsed, "calls": calls}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(prog="kaisen bench rllib", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default=DEFAULT_GAME)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--opponents", default="greedy")
    p.add_argument("--runners", default="1,2", help="env-runner counts to measure, comma-separated")
    p.add_argument("--envs-per-runner", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20.0, help="measuring time of each")
    p.add_argument("--fragment", type=int, default=64, help="steps per env in each sample() call")
    p.add_argument("--hidden", default="128,128", help="the module's MLP (its forward pass is part of RLlib's cost)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    import ray

    counts = [int(r) for r in args.runners.split(",")]
    hidden = tuple(int(h) for h in args.hidden.split(","))
    env_config = {"num_players": args.players, "opponents": args.opponents}
    own = not ray.is_initialized()  # else: the caller's cluster (e.g. a test's)
    if own:
        ray.init(address="local", num_cpus=max(counts) + 1, include_dashboard=False, log_to_driver=False)
    try:
        rllib = [rllib_rate(args.game, r, args.envs_per_runner, env_config, args.seconds, args.fragment, hidden)
                 for r in counts]
    finally:
        if own:
            ray.shutdown()
    bare = bare_rate(args.game, args.envs_per_runner, env_config, args.seconds)
    one = next((r for r in rllib if r["runners"] == 1), rllib[0])
    overhead_us = 1e6 / one["steps_per_s"] * one["runners"] - 1e6 / bare["steps_per_s"]
    result = {
        "game": args.game, "players": args.players, "opponents": args.opponents,
        "envs_per_runner": args.envs_per_runner, "seconds": args.seconds, "fragment": args.fragment,
        "hidden": list(hidden), "cpus": os.cpu_count(), "machine": platform.machine(),
        "rllib": rllib, "bare_vector_env": bare, "overhead_us_per_step": overhead_us,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{args.game} {args.players}p vs {args.opponents}, {args.envs_per_runner} games per env runner, "
              f"{args.seconds:.0f} s each, {os.cpu_count()} CPUs")
        print(f"{'':<28}{'env steps/s':>12}{'us/step':>10}")
        for r in rllib:
            print(f"{'RLlib, ' + str(r['runners']) + ' env runner(s)':<28}{r['steps_per_s']:>12,.0f}"
                  f"{1e6 / r['steps_per_s']:>10.1f}")
        print(f"{'bare KaisenVectorEnv':<28}{bare['steps_per_s']:>12,.0f}{1e6 / bare['steps_per_s']:>10.1f}")
        print(f"RLlib's overhead per env step (1 runner): {overhead_us:.1f} us")
    return result


if __name__ == "__main__":
    main()
