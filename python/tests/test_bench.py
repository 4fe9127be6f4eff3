from __future__ import annotations

import json
import time

import pytest

import kaisen
from kaisen import bench


def test_python_bench_runs_for_every_game(game, capsys):
    players = kaisen.game_info(game).max_players
    assert bench.main(["--game", game, "--players", str(players), "--seconds", "0.05", "--sizes", "1,256",
                       "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["players"], out["config"]["players"]) == (game, players, players)
    assert out["single_env"] > 0 and out["aec_env"] > 0 and out["java_vector_env_256"] > 0
    assert [v["num_envs"] for v in out["vector_env"]] == [1, 256]
    assert all(v["env_steps_per_second"] > 0 for v in out["vector_env"])
    assert [v["num_envs"] for v in out["multi_agent_vector_env"]] == [256]
    assert out["multi_agent_vector_env"][0]["env_steps_per_second"] > 0
    assert out["java_multi_agent_vector_env_256"] > 0 and out["multi_agent_python_over_java_256"] > 0


def test_contention_bench_measures_quiet_and_under_a_torch_loop(capsys):
    pytest.importorskip("torch")
    assert bench.main(["--contention", "--seconds", "0.05", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["benchmark"] == "python-contention" and out["load_matmuls_per_second"] > 0
    counts = bench.contention_threads()
    assert counts[0][1] == 1
    rows = out["results"]
    assert len(rows) == 2 * len(counts)
    assert {r["env"] for r in rows} == {"vector_env", "multi_agent_vector_env"}
    assert all(r["num_envs"] == 256 and r["quiet"] > 0 and r["loaded"] > 0 for r in rows)
    assert all(r["over_one_thread_quiet"] > 0 and r["over_one_thread_loaded"] > 0 for r in rows if r["java_threads"] > 1)


def test_each_round_of_turns_takes_the_runs_in_an_order_of_its_own():
    order: list[int] = []

    def runner(i: int):
        def run(seconds: float) -> int:
            order.append(i)
            start = time.perf_counter()
            while (now := time.perf_counter()) < start + seconds:
                pass
            return round((i + 1) * (now - start) * 1e6)  # run i: i + 1 units per microsecond it ran
        return run

    rates = bench.interleaved([runner(i) for i in range(3)], 0, 0.2, 0.001)
    turns = order[3:]  # after one warm-up run each
    assert len(turns) >= 6 and len(turns) % 3 == 0
    orders = bench.round_orders(3)
    assert [turns[r:r + 3] for r in range(0, len(turns), 3)] == [next(orders) for _ in range(len(turns) // 3)]
    fresh = bench.round_orders(3)
    first_rounds = [next(fresh) for _ in range(6)]
    assert {o[0] for o in first_rounds} == {0, 1, 2} and len({tuple(o) for o in first_rounds}) >= 3
    assert all(sorted(o) == [0, 1, 2] for o in first_rounds)
    assert [r / rates[0] for r in rates] == pytest.approx([1, 2, 3], rel=0.25)


def test_torch_load_starts_and_stops_its_thread():
    pytest.importorskip("torch")
    with bench.TorchLoad(size=32) as load:
        assert load.running
        time.sleep(0.05)
    assert not load.running and load.matmuls_per_second > 0
    with bench.TorchLoad(size=32, max_seconds=0.05) as bounded:
        bounded._thread.join(10)
        assert not bounded.running  # it ends by itself after its time


@pytest.mark.parametrize("args", [["--sizes", "0"], ["--sizes", "a,b"], ["--seconds", "-1"], ["--config", "[1]"],
                                  ["--config", "{"]])
def test_bad_arguments_are_one_clear_error(args, capsys):
    with pytest.raises(SystemExit) as e:
        bench.main(args)
    assert e.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].startswith("kaisen bench python: error: ")
