"""``./kaisen bench python``: env-steps per second from Python, with pure-Python peers.

Measures, for one registered game (``--game``, ``--players``, ``--config '{"option": ...}'``),
the Gymnasium single env, the PettingZoo AEC env and the vector env at several N
(actions sampled in numpy from the masks), the Java-side vector env in the same JVM for
comparison, and PettingZoo's ``connect_four_v3`` (and OpenSpiel's ``pyspiel`` on a card game
when it is installed) as peers. Every turn-based case (ours and the peers') picks a uniformly
random legal action the same way, with Python's ``random`` (numpy's ``Generator.integers`` alone
costs about as much as a fast env's step).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any, Callable

import numpy as np

import kaisen
from kaisen import _jvm


def rate(run: Callable[[float], int], seconds: float) -> float:
    """Units per second of ``run(duration) -> units``, after a warm-up of the same length."""
    run(seconds)
    start = time.perf_counter()
    units = run(seconds)
    return units / (time.perf_counter() - start)


def picker(seed: int = 0) -> Callable[[int], int]:
    """``pick(n)``: a uniformly random index below ``n``."""
    draw = random.Random(seed).random
    return lambda n: int(draw() * n)


def bench_single(game: str, players: int | None, options: dict[str, Any], seconds: float) -> float:
    env = kaisen.make(game, num_players=players, opponents="random", seed=0, **options)
    pick = picker()
    env.reset()

    def run(duration: float) -> int:
        end, steps = time.perf_counter() + duration, 0
        while time.perf_counter() < end:
            for _ in range(100):
                legal = np.flatnonzero(env.action_masks())
                _, _, terminated, truncated, _ = env.step(int(legal[pick(legal.size)]))
                if terminated or truncated:
                    env.reset()
            steps += 100
        return steps

    try:
        return rate(run, seconds)
    finally:
        env.close()


def bench_aec(game: str, players: int | None, options: dict[str, Any], seconds: float) -> float:
    env = kaisen.aec_env(game, num_players=players, **options)
    pick = picker()
    env.reset(seed=0)

    def run(duration: float) -> int:
        end, steps = time.perf_counter() + duration, 0
        while time.perf_counter() < end:
            for _ in range(100):
                if not env.agents or env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                    env.reset()
                mask = env.observe(env.agent_selection)["action_mask"]
                legal = np.flatnonzero(mask)
                env.step(int(legal[pick(legal.size)]))
            steps += 100
        return steps

    try:
        return rate(run, seconds)
    finally:
        env.close()


def _bench_batched(env: Any, num_envs: int, seconds: float) -> tuple[float, int]:
    """A batched env (vector or multi-agent) driven by a trivial batched policy: a uniformly random
    legal action per env (argmax of masked noise, the noise drawn ahead in a pool of 16 batches)."""
    rng = np.random.default_rng(0)
    env.reset()
    masks = env.action_masks()
    noise = rng.random((16, *masks.shape), dtype=np.float32)

    def run(duration: float) -> int:
        end, steps = time.perf_counter() + duration, 0
        while time.perf_counter() < end:
            for k in range(16):
                env.step((noise[k] * masks).argmax(axis=1))
            steps += 16 * num_envs
        return steps

    try:
        return rate(run, seconds), env.java_threads
    finally:
        env.close()


def bench_vector(game: str, num_envs: int, players: int | None, options: dict[str, Any],
                 seconds: float) -> tuple[float, int]:
    """The vector env (random opponents in the JVM) driven by :func:`_bench_batched`'s policy."""
    return _bench_batched(kaisen.vector_env(game, num_envs=num_envs, num_players=players, opponents="random", seed=0,
                                            **options), num_envs, seconds)


def bench_multi_agent(game: str, num_envs: int, players: int | None, options: dict[str, Any],
                      seconds: float) -> tuple[float, int]:
    """The multi-agent vector env with every seat answered in Python by :func:`_bench_batched`'s
    policy: self-play's inner loop."""
    return _bench_batched(kaisen.multi_agent_vector_env(game, num_envs=num_envs, num_players=players, seed=0,
                                                        **options), num_envs, seconds)


def bench_connect_four(seconds: float) -> float | str:
    try:
        from pettingzoo.classic import connect_four_v3
    except Exception as e:  # noqa: BLE001 - the peer is optional
        return f"not available: {e.__class__.__name__}: {e}"
    env = connect_four_v3.env()
    pick = picker()
    env.reset(seed=0)

    def run(duration: float) -> int:
        end, steps = time.perf_counter() + duration, 0
        while time.perf_counter() < end:
            for _ in range(100):
                agent = env.agent_selection
                if env.terminations[agent] or env.truncations[agent]:
                    env.reset()
                    continue
                legal = np.flatnonzero(env.observe(agent)["action_mask"])
                env.step(int(legal[pick(legal.size)]))
                steps += 1
        return steps

    try:
        return rate(run, seconds)
    finally:
        env.close()


def bench_pyspiel(seconds: float, game_name: str = "leduc_poker") -> float | str:
    try:
        import pyspiel
    except Exception as e:  # noqa: BLE001 - the peer is optional
        return f"not available: {e.__class__.__name__}: {e}"
    game = pyspiel.load_game(game_name)
    pick = picker()
    draw = random.Random(1).random

    def run(duration: float) -> int:
        end, steps = time.perf_counter() + duration, 0
        state = game.new_initial_state()
        while time.perf_counter() < end:
            for _ in range(100):
                if state.is_terminal():
                    state = game.new_initial_state()
                if state.is_chance_node():
                    r, total = draw(), 0.0
                    for outcome, p in state.chance_outcomes():
                        total += p
                        if r < total:
                            break
                    state.apply_action(outcome)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[pick(len(legal))])
                steps += 1
        return steps

    return rate(run, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kaisen bench python", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default="osaka", help="a registered game id (see `kaisen games`)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the game's)")
    parser.add_argument("--config", default="{}", help="game options as a JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of the measured period per case")
    parser.add_argument("--sizes", default="1,64,256,1024", help="vector env sizes")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    options = json.loads(args.config)
    if not isinstance(options, dict):
        parser.error("--config must be a JSON object")
    game_spec = kaisen.spec(args.game, num_players=args.players, **options)
    out: dict[str, Any] = {"benchmark": "python", "game": args.game, "config": dict(game_spec.config),
                           "players": game_spec.players, "opponents": "random"}

    def report(name: str, value: Any, unit: str = "env-steps/s") -> None:
        if not args.json:
            shown = f"{value:>14,.0f} {unit}" if isinstance(value, float) else str(value)
            print(f"{name:<46} {shown}", flush=True)

    out["single_env"] = round(bench_single(args.game, args.players, options, args.seconds))
    report("Gymnasium single env", float(out["single_env"]))
    out["aec_env"] = round(bench_aec(args.game, args.players, options, args.seconds))
    report("PettingZoo AEC env", float(out["aec_env"]))
    out["vector_env"] = []
    for n in sizes:
        steps, threads = bench_vector(args.game, n, args.players, options, args.seconds)
        out["vector_env"].append({"num_envs": n, "java_threads": threads, "env_steps_per_second": round(steps)})
        report(f"vector env N={n} (Java threads {threads})", steps)
    if 256 in sizes:
        jvm = _jvm.acquire()
        try:
            config = json.dumps(dict(game_spec.config))  # the full config, as the envs above played it
            java = float(jvm.call(jvm.entry.benchVectorEnv, args.game, config, 256, args.seconds))
        finally:
            _jvm.release(jvm)
        out["java_vector_env_256"] = round(java)
        python_256 = next(v["env_steps_per_second"] for v in out["vector_env"] if v["num_envs"] == 256)
        out["python_over_java_256"] = round(python_256 / java, 3)
        report("Java-side vector env N=256 (same JVM)", java)
        report("Python / Java at N=256", f"{out['python_over_java_256']:.3f}")
    out["multi_agent_vector_env"] = []
    for n in sizes:
        if n < 64:
            continue
        steps, threads = bench_multi_agent(args.game, n, args.players, options, args.seconds)
        out["multi_agent_vector_env"].append({"num_envs": n, "java_threads": threads,
                                             "env_steps_per_second": round(steps)})
        report(f"multi-agent vector env N={n}, all seats (Java threads {threads})", steps)
    if 256 in sizes:
        jvm = _jvm.acquire()
        try:
            config = json.dumps(dict(game_spec.config))
            # every core for the JVM (0), seats answered in Java: what the env does with no caller
            java = float(jvm.call(jvm.entry.benchMultiAgentVectorEnv, args.game, config, 256, 0, args.seconds))
        finally:
            _jvm.release(jvm)
        out["java_multi_agent_vector_env_256"] = round(java)
        python_256 = next(v["env_steps_per_second"] for v in out["multi_agent_vector_env"] if v["num_envs"] == 256)
        out["multi_agent_python_over_java_256"] = round(python_256 / java, 3)
        report("Java-side multi-agent vector env N=256", java)
        report("Python / Java at N=256 (multi-agent)", f"{out['multi_agent_python_over_java_256']:.3f}")
    c4 = bench_connect_four(args.seconds)
    out["peer_connect_four_v3"] = round(c4) if isinstance(c4, float) else c4
    report("peer: PettingZoo connect_four_v3", c4, "steps/s")
    spiel = bench_pyspiel(args.seconds)
    out["peer_pyspiel_leduc_poker"] = round(spiel) if isinstance(spiel, float) else spiel
    report("peer: OpenSpiel pyspiel leduc_poker", spiel, "steps/s")
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
