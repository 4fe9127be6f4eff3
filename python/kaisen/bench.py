"""``./kaisen bench python``: env-steps per second from Python, with pure-Python peers.

Measures, for one registered game (``--game``, ``--players``, ``--config '{"option": ...}'``),
the Gymnasium single env, the PettingZoo AEC env and the vector env at several N
(actions sampled in numpy from the masks), the Java-side vector env in the same JVM for
comparison, and PettingZoo's ``connect_four_v3`` (and OpenSpiel's ``pyspiel`` on a card game
when it is installed) as peers. Every turn-based case (ours and the peers') picks a uniformly
random legal action the same way, with Python's ``random`` (numpy's ``Generator.integers`` alone
costs about as much as a fast env's step).

``--contention`` measures instead the vector env and the multi-agent vector env at N=256 (or
``--sizes``) with 1 JVM thread, the default (``threads=0``) and all cores (the counts in turns of
0.2 s, so that each sees the same background), first quiet, then while a PyTorch matmul loop runs
in a second thread of this process (as a learner would), and prints each count's ratio to 1
thread, quiet and loaded.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import threading
import time
from typing import Any, Callable

import numpy as np

import kaisen
from kaisen import _jvm
from kaisen._args import config_option, seconds_option


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


def _batched_runner(env: Any, num_envs: int) -> Callable[[float], int]:
    """``run(duration) -> env-steps`` of a batched env (vector or multi-agent) driven by a trivial
    batched policy: a uniformly random legal action per env (argmax of masked noise, the noise drawn
    ahead in a pool of 16 batches)."""
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

    return run


def _waits(env: Any) -> dict[str, Any]:
    """What an env's waits cost: this side's on the step channel (``python_wait``) and the JVM's
    worker team (``java_team``)."""
    details: dict[str, Any] = {}
    channel = env._resource.channel
    if channel is not None:
        details["python_wait"] = {k: round(v, 4) if isinstance(v, float) else v for k, v in channel.stats.items()}
    details["java_team"] = json.loads(env._resource.call("workerStatsJson"))
    return details


def _bench_batched(env: Any, num_envs: int, seconds: float) -> tuple[float, int]:
    """A batched env driven by :func:`_batched_runner`'s policy: its rate and its JVM threads."""
    try:
        return rate(_batched_runner(env, num_envs), seconds), env.java_threads
    finally:
        env.close()


ORDER_SEED = 20261205
"""The seed of the rounds' orders in :func:`interleaved`."""


def round_orders(k: int, seed: int = ORDER_SEED):
    """The orders of :func:`interleaved`'s rounds: 0..k-1 shuffled anew for each round, seeded."""
    rng = random.Random(seed)
    while True:
        order = list(range(k))
        rng.shuffle(order)
        yield order


def interleaved(runs: list[Callable[[float], int]], warmup: float, seconds: float, slice_seconds: float = 0.2
                ) -> list[float]:
    """Units per second of each ``run(duration) -> units``, measured in turns: each warmed up for
    ``warmup`` seconds, then one after the other for ``slice_seconds`` each, round after round,
    for ``seconds``. On a shared machine whose other work comes and goes, each then sees the same
    background, which measuring one after the other for seconds each does not give. Each round
    takes them in an order of its own (:func:`round_orders`), so that none always runs first, or
    right after the same one."""
    for run in runs:
        run(warmup)
    units, took = [0] * len(runs), [0.0] * len(runs)
    end = time.perf_counter() + seconds
    orders = round_orders(len(runs))
    while True:
        for i in next(orders):
            start = time.perf_counter()
            units[i] += runs[i](slice_seconds)
            took[i] += time.perf_counter() - start
        if time.perf_counter() >= end:
            return [u / t for u, t in zip(units, took)]


def bench_vector(game: str, num_envs: int, players: int | None, options: dict[str, Any],
                 seconds: float, threads: int = 0) -> tuple[float, int]:
    """The vector env (random opponents in the JVM) driven by :func:`_bench_batched`'s policy."""
    return _bench_batched(kaisen.vector_env(game, num_envs=num_envs, num_players=players, opponents="random", seed=0,
                                            threads=threads, **options), num_envs, seconds)


def bench_multi_agent(game: str, num_envs: int, players: int | None, options: dict[str, Any],
                      seconds: float, threads: int = 0) -> tuple[float, int]:
    """The multi-agent vector env with every seat answered in Python by :func:`_bench_batched`'s
    policy: self-play's inner loop."""
    return _bench_batched(kaisen.multi_agent_vector_env(game, num_envs=num_envs, num_players=players, seed=0,
                                                        threads=threads, **options), num_envs, seconds)


class TorchLoad:
    """A PyTorch matmul loop in a second thread of this process, as a learner beside the env would
    be (PyTorch's own threads included): started by ``with``, stopped and joined when the block
    ends, and in any case after ``max_seconds``. ``matmuls_per_second``: its rate while it ran."""

    def __init__(self, size: int = 256, max_seconds: float = 600.0) -> None:
        try:
            import torch
        except ImportError as e:
            raise SystemExit("kaisen bench python: --contention runs a PyTorch matmul loop beside the env and "
                             f"needs PyTorch ({e}); install it: pip install -e 'python[train]'") from None
        self._torch = torch
        #: PyTorch's intra-op threads (its default: one per core)
        self.threads = torch.get_num_threads()
        self._size = size
        self._max_seconds = max_seconds
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="kaisen-bench-torch-load", daemon=True)
        self._count = 0
        self._seconds = 0.0

    def _loop(self) -> None:
        torch = self._torch
        a = torch.rand(self._size, self._size)
        b = torch.rand(self._size, self._size)
        a @ b
        self._ready.set()
        start = time.perf_counter()
        end = start + self._max_seconds
        count = 0
        while not self._stop.is_set() and time.perf_counter() < end:
            a = (a @ b).mul_(1.0 / self._size)
            count += 1
        self._count, self._seconds = count, time.perf_counter() - start

    def __enter__(self) -> "TorchLoad":
        self._thread.start()
        self._ready.wait()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def matmuls_per_second(self) -> float:
        return self._count / self._seconds if self._seconds > 0 else 0.0


def contention_threads() -> list[tuple[str, int]]:
    """The thread counts ``--contention`` measures, as (label, ``threads`` argument): 1, the
    default (0: all cores but one) and all cores, each count once."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    default = max(1, cores - 1)
    out = [("1 thread", 1)]
    if default != 1:
        out.append((f"default ({default} threads)", 0))
    else:
        out[0] = ("1 thread (the default here)", 1)
    if cores not in (1, default):
        out.append((f"all cores ({cores} threads)", cores))
    return out


def _describe_waits(details: dict[str, Any]) -> str:
    """One line: how this side's waits for answers ended and what they cost, and the JVM team's size."""
    w = details.get("python_wait")
    team = details.get("java_team", {})
    jobs = team.get("jobsByTeamSize", {})
    total = sum(jobs.values()) or 1
    sizes = ", ".join(f"{k}: {100 * v / total:.0f}%" for k, v in jobs.items())
    out = f"  JVM team: {team.get('active')} now, jobs by size {sizes}"
    if w:
        waits = w["waits"] or 1
        out += (f"; Python's waits: {100 * w['held'] / waits:.0f}% answered holding the GIL, "
                f"{100 * w['yielded'] / waits:.0f}% yielding, {100 * w['slept'] / waits:.0f}% asleep "
                f"({w['slow_yields']} slow yields)")
    return out


def bench_contention(game: str, players: int | None, options: dict[str, Any], sizes: list[int], seconds: float,
                     report: Callable[[str, Any], None]) -> dict[str, Any]:
    """``--contention``: each env and size at every thread count, the counts measured in turns
    (:func:`interleaved`: each warmed up ``seconds``, then ``2 * seconds`` in turns), quiet, then
    under :class:`TorchLoad`."""
    kinds = (("vector_env", "vector env", lambda n, t: kaisen.vector_env(
        game, num_envs=n, num_players=players, opponents="random", seed=0, threads=t, **options)),
             ("multi_agent_vector_env", "multi-agent vector env", lambda n, t: kaisen.multi_agent_vector_env(
                 game, num_envs=n, num_players=players, seed=0, threads=t, **options)))
    counts = contention_threads()
    results: dict[str, Any] = {}
    load_rate, torch_threads = 0.0, 0
    for phase in ("quiet", "loaded"):
        load = TorchLoad(max_seconds=2 * len(kinds) * len(sizes) * (len(counts) + 2) * seconds + 60) \
            if phase == "loaded" else None
        if load is not None:
            load.__enter__()
        try:
            for key, name, make in kinds:
                for n in sizes:
                    envs: list[Any] = []
                    try:
                        for _, threads in counts:
                            envs.append(make(n, threads))
                        rates = interleaved([_batched_runner(env, n) for env in envs], seconds, 2 * seconds)
                        for (label, _), env, steps in zip(counts, envs, rates):
                            details = _waits(env)
                            row = results.setdefault(f"{key}/{n}/{label}", {
                                "env": key, "num_envs": n, "threads": label, "java_threads": env.java_threads})
                            row[phase] = round(steps)
                            row[f"{phase}_waits"] = details
                            report(f"{phase:<7} {name} N={n}, {label} (Java {env.java_threads})", steps)
                            report("", _describe_waits(details), "")
                    finally:
                        for env in envs:
                            env.close()
        finally:
            if load is not None:
                load.__exit__(None, None, None)
                load_rate, torch_threads = load.matmuls_per_second, load.threads
    report("load: 256x256 matmuls/s in the second thread", load_rate, "matmuls/s")
    rows = list(results.values())
    for key, name, _ in kinds:
        for n in sizes:
            one = results[f"{key}/{n}/{counts[0][0]}"]
            for label, _ in counts[1:]:
                row = results[f"{key}/{n}/{label}"]
                row["over_one_thread_quiet"] = round(row["quiet"] / one["quiet"], 3)
                row["over_one_thread_loaded"] = round(row["loaded"] / one["loaded"], 3)
                report(f"{name} N={n}, {label} / 1 thread",
                       f"quiet {row['over_one_thread_quiet']:.2f}, loaded {row['over_one_thread_loaded']:.2f}")
    return {"results": rows, "load": "a PyTorch 256x256 matmul loop in a second thread",
            "load_matmuls_per_second": round(load_rate), "torch_threads": torch_threads}


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
    parser.add_argument("--game", default=kaisen.DEFAULT_GAME, help="a registered game id (see `kaisen games`)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the game's)")
    parser.add_argument("--config", default="{}", help="game options as a JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of the measured period per case")
    parser.add_argument("--sizes", default=None, help="vector env sizes (default 1,64,256,1024; with --contention 256)")
    parser.add_argument("--contention", action="store_true",
                        help="the vector envs at 1 thread, the default and all cores, quiet and while a PyTorch "
                             "matmul loop runs in a second thread; their ratios")
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in (args.sizes or ("256" if args.contention else "1,64,256,1024")).split(",")]
    except ValueError:
        parser.error(f"--sizes must be whole numbers separated by commas, not {args.sizes!r}")
    if any(n < 1 for n in sizes):
        parser.error(f"--sizes must be 1 or more, not {args.sizes!r}")
    seconds_option(parser, args.seconds)
    options = config_option(parser, args.config)
    game_spec = kaisen.spec(args.game, num_players=args.players, **options)
    out: dict[str, Any] = {"benchmark": "python", "game": args.game, "config": dict(game_spec.config),
                           "players": game_spec.players, "opponents": "random"}

    def report(name: str, value: Any, unit: str = "env-steps/s") -> None:
        if not args.json:
            shown = f"{value:>14,.0f} {unit}" if isinstance(value, float) else str(value)
            print(f"{name:<68} {shown}" if name else shown, flush=True)

    if args.contention:
        out["benchmark"] = "python-contention"
        out["cpus"] = os.cpu_count()
        out.update(bench_contention(args.game, args.players, options, sizes, args.seconds, report))
        out["harness"] = (f"per env and phase, each thread count warmed up {args.seconds} s, then all measured in "
                          f"turns of 0.2 s (each round in an order of its own) for {2 * args.seconds} s; quiet "
                          f"first, then loaded")
        if args.json:
            print(json.dumps(out))
        return 0

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
