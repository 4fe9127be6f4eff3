from __future__ import annotations

import json

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
