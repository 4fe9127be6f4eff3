"""Kaisen on Ray RLlib (``kaisen.rllib``; needs the ``rllib`` extra): the envs' NEXT_STEP order and
masks, the masked module, and a local Ray cluster with 2 env runners training Osaka against bots
and in self-play, the checkpoint played through ``kaisen.evaluate``, a killed JVM and a killed env
runner survived, and nothing (JVM, /dev/shm file) left behind."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("ray.rllib")
torch = pytest.importorskip("torch")
psutil = pytest.importorskip("psutil")

import ray  # noqa: E402

import kaisen  # noqa: E402
import kaisen.spaces  # noqa: E402
import kaisen.rllib as krl  # noqa: E402
from kaisen._buffers import PREFIX, SHM_DIR  # noqa: E402
from kaisen.vector_env import SKIP, KaisenVectorEnv  # noqa: E402

pytestmark = pytest.mark.rllib
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))


def test_importing_kaisen_does_not_import_ray():
    code = "import sys, kaisen; kaisen.games(); assert 'ray' not in sys.modules, 'ray was imported'"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_every_game_is_registered():
    names = krl.register_envs()
    for g in kaisen.games():
        assert f"kaisen/{g.id}" in names and f"kaisen/{g.id}-selfplay" in names


def test_env_config_is_checked():
    create = krl._single_creator("osaka")
    with pytest.raises(ValueError, match=r"config.debugging\(seed=...\)"):
        create({"seed": 3, "num_envs": 2})
    with pytest.raises(ValueError, match="given twice"):
        create({"num_players": 2, "config": {"num_players": 3}})
    with pytest.raises(ValueError, match="unknown reward_mode"):
        create({"reward_mode": "nope", "num_envs": 2})
    env = create({"config": {"num_players": 3}, "opponents": "random", "num_envs": 2})
    try:
        assert isinstance(env, krl.RLlibVectorEnv) and env.env.num_players == 3 and env.num_envs == 2
    finally:
        env.close()
    single = create({"num_players": 2})
    try:
        assert isinstance(single, krl.RLlibEnv)
        obs, _ = single.reset(seed=1)
        assert single.observation_space.contains(obs)
        obs, *_ = single.step(single.action_space.sample())
        assert single.observation_space.contains(obs)
    finally:
        single.close()


def test_a_runners_vector_env_steps_on_one_jvm_thread_unless_told(monkeypatch):
    """An env runner holds one CPU: its vector env must not take the vector env's own default
    (0: all cores but one) and put every runner's JVM on every core of a node."""
    made = []
    monkeypatch.setattr(krl, "RLlibVectorEnv", lambda game, n, **kw: made.append(kw) or kw)
    create = krl._single_creator("osaka")
    create({"num_envs": 4, "opponents": "random"})
    create({"num_envs": 4, "threads": 3})
    assert [kw.get("threads") for kw in made] == [krl.RUNNER_THREADS, 3] and krl.RUNNER_THREADS == 1
    monkeypatch.undo()
    env = create({"num_envs": 4, "num_players": 2})
    try:
        assert env.env.java_threads == 1
    finally:
        env.close()


def test_vector_env_gives_rllib_the_next_step_order(game):
    """Against a KaisenVectorEnv of the same seed stepped with the same actions: at the step that
    ends an episode RLlib sees its last observation (mask all 0) with its reward and flags; at the
    next step that env's action is ignored and it sees the new episode's first observation."""
    n = 3
    env = krl.RLlibVectorEnv(game, n, num_players=2, opponents="random", reward_mode="score_difference", seed=5)
    ref = KaisenVectorEnv(game, n, num_players=2, opponents="random", reward_mode="score_difference", seed=5)
    try:
        assert env.metadata["autoreset_mode"] == krl.AutoresetMode.NEXT_STEP
        assert env.single_observation_space == krl.masked_space(env.spec_info)
        obs, _ = env.reset(seed=9)
        r_obs, _ = ref.reset(seed=9)
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs["observations"], r_obs)
        rng = np.random.default_rng(0)
        held = np.zeros(n, dtype=bool)
        ended = 0
        for _ in range(400):
            actions = env.action_space.sample()  # legal where an env is to act
            mask = obs["action_mask"]
            assert (mask[~held][np.arange((~held).sum()), actions[~held]] == 1).all()
            if held.any():  # what RLlib sends for a finished episode's last observation: ignored
                actions[held] = rng.integers(0, env.spec_info.num_actions, held.sum())
            obs, rewards, term, trunc, infos = env.step(actions)
            r_obs, r_rew, r_term, r_trunc, r_infos = ref.step(np.where(held, SKIP, actions))
            done = r_term | r_trunc
            np.testing.assert_array_equal(term, r_term)
            np.testing.assert_array_equal(trunc, r_trunc)
            np.testing.assert_array_equal(rewards, r_rew)
            for i in range(n):
                if done[i]:
                    np.testing.assert_array_equal(obs["observations"][i], r_infos["final_obs"][i])
                    assert not obs["action_mask"][i].any()
                    assert infos["final_info"]["won"][i] == r_infos["final_info"]["won"][i]
                else:
                    np.testing.assert_array_equal(obs["observations"][i], r_obs[i])
                    np.testing.assert_array_equal(obs["action_mask"][i], ref.action_masks()[i])
                if held[i]:
                    assert rewards[i] == 0 and not term[i] and not trunc[i]
            held = done
            ended += int(done.sum())
        assert ended > 0
    finally:
        env.close()
        ref.close()


def test_masked_module_gives_illegal_actions_probability_zero():
    spec = kaisen.spec("osaka")
    space = krl.masked_space(spec)
    module_spec = krl.module_spec(hidden=(32,))
    module_spec.observation_space, module_spec.action_space = space, gym.spaces.Discrete(spec.num_actions)
    module = module_spec.build()
    assert isinstance(module, krl.MaskedPPOTorchRLModule)
    assert module.observation_space == space
    gen = torch.Generator().manual_seed(0)
    b, n = 64, spec.num_actions
    for _ in range(10):
        obs = torch.randn(b, spec.observation_size, generator=gen) * 5
        mask = (torch.rand(b, n, generator=gen) < 0.1).float()
        mask[torch.arange(b), torch.randint(0, n, (b,), generator=gen)] = 1.0
        batch = {krl.Columns.OBS: {"observations": obs, "action_mask": mask}}
        with torch.no_grad():
            for out in (module.forward_exploration(batch), module.forward_inference(batch),
                        module.forward_train(batch)):
                logits = out[krl.Columns.ACTION_DIST_INPUTS]
                probs = torch.softmax(logits, dim=-1)
                assert (probs[mask == 0] == 0).all()
                assert torch.allclose(probs.sum(-1), torch.ones(b))
                dist = torch.distributions.Categorical(logits=logits)
                assert (mask[torch.arange(b), dist.sample()] == 1).all()
            values = module.compute_values(batch)
        assert values.shape == (b,)
        for deterministic in (True, False):  # the module as kaisen.evaluate's batched callable
            act = krl.policy(module, deterministic=deterministic, seed=1)
            chosen = act(obs.numpy(), mask.numpy().astype(np.int8))
            assert act.batched and chosen.shape == (b,) and (mask.numpy()[np.arange(b), chosen] == 1).all()
    # an episode's last observation has no legal action: its logits stay finite in every dtype
    for dtype in (torch.float32, torch.float16):
        out = {krl.Columns.ACTION_DIST_INPUTS: torch.randn(4, n, generator=gen).to(dtype)}
        mask = torch.zeros(4, n)
        mask[0, 3] = 1.0
        logits = krl.MaskedPPOTorchRLModule._mask(out, mask)[krl.Columns.ACTION_DIST_INPUTS]
        assert torch.isfinite(logits).all()
        probs = torch.softmax(logits.float(), dim=-1)
        assert probs[0, 3] == 1 and torch.allclose(probs[1:], torch.full((3, n), 1.0 / n))
    with pytest.raises(ValueError, match="masked observation space"):
        krl.MaskedPPOTorchRLModule(observation_space=kaisen.spaces.observation_box(spec),
                                   action_space=gym.spaces.Discrete(n))


# ---- a local Ray cluster with 2 env runners ---------------------------------------------------

def _illegal_action_counter(episode, metrics_logger=None, **kwargs):
    """on_episode_end: counts every sampled action the observation's mask did not allow."""
    singles = list(episode.agent_episodes.values()) if hasattr(episode, "agent_episodes") else [episode]
    checked = illegal = 0
    for e in singles:
        actions = np.asarray(e.get_actions())
        observations = e.get_observations()  # a list of dicts until the episode is numpy'd
        masks = (np.stack([o["action_mask"] for o in observations]) if isinstance(observations, list)
                 else np.asarray(observations["action_mask"]))
        for t, a in enumerate(actions.tolist()):
            checked += 1
            illegal += int(masks[t, a] != 1)
    metrics_logger.log_value("kaisen_checked_actions", checked, reduce="sum")
    metrics_logger.log_value("kaisen_illegal_actions", illegal, reduce="sum")


#: seconds a test may take before it fails as a hang (each takes well under a minute here)
TEST_LIMIT_S = 300


@pytest.fixture(autouse=True)
def _hang_is_a_failure(request):
    """A test that runs past TEST_LIMIT_S fails with a TimeoutError (SIGALRM interrupts a blocked
    ray.get too) instead of hanging the suite; the fixtures' finalizers then shut Ray down."""
    def expire(signum, frame):
        raise TimeoutError(f"{request.node.name} ran past {TEST_LIMIT_S} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(TEST_LIMIT_S)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def _ray_shut_down_at_the_end():
    """Whatever happened in the module's tests (failures, a test's own ray.shutdown()), Ray is shut
    down after them: no cluster, env runner or JVM outlives the module. The sockets Ray's driver
    opened meanwhile (its gRPC channels, which ``ray.shutdown()`` leaves open) are Ray's: the leak
    accounting (leaks.py) is told so."""
    from . import leaks

    before = leaks.sockets_now()
    try:
        yield
    finally:
        if ray.is_initialized():
            ray.shutdown()
        leaks.excuse_sockets(before, "Ray's driver: ray.shutdown() leaves its gRPC channels open")


@pytest.fixture
def cluster(_ray_shut_down_at_the_end):
    """A local Ray cluster for the module (started again if a test shut it down)."""
    if not ray.is_initialized():
        ray.init(address="local", num_cpus=3, include_dashboard=False, log_to_driver=False, configure_logging=False)


def _tiny(config):
    return (config.training(train_batch_size_per_learner=256, minibatch_size=64, num_epochs=1, lr=1e-3)
            .callbacks(on_episode_end=_illegal_action_counter)
            .reporting(metrics_num_episodes_for_smoothing=5))


@contextlib.contextmanager
def _nothing():
    yield


def _runner_pids(algo) -> list[int]:
    return sorted(algo.env_runner_group.foreach_env_runner(lambda r: os.getpid(), local_env_runner=False,
                                                           timeout_seconds=60))


def _jvms(pid: int) -> list[int]:
    """The live JVMs under process ``pid`` (a killed one not yet reaped is no longer one)."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    live = []
    for c in children:
        with contextlib.suppress(psutil.NoSuchProcess):  # gone between listing and asking
            if "java" in c.name() and c.status() != psutil.STATUS_ZOMBIE:
                live.append(c.pid)
    return live


def _shm_files(pid: int) -> list[str]:
    return [f for f in os.listdir(SHM_DIR) if f.startswith(f"{PREFIX}{pid}-")]


def _gone(pids, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE for p in pids):
            return True
        time.sleep(0.2)
    return False


def _legal_counts(result) -> tuple[float, float]:
    runners = result["env_runners"]
    return runners.get("kaisen_checked_actions", 0), runners.get("kaisen_illegal_actions", 0)


def test_trains_against_bots_with_legal_actions_and_the_checkpoint_plays(cluster, tmp_path):
    config = _tiny(krl.ppo_config("osaka", env_config={"num_players": 2, "opponents": ["greedy"]},
                                  num_env_runners=2, num_envs_per_env_runner=4, hidden=(32,), seed=1))
    algo = config.build_algo()
    try:
        checked = 0
        for _ in range(3):
            result = algo.train()
            c, illegal = _legal_counts(result)
            assert illegal == 0
            checked += c
        assert checked > 0, "no episode ended: nothing was checked"
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 3 * 256
        assert -1.0 <= result["env_runners"]["episode_return_mean"] <= 1.0  # terminal rewards
        pids = _runner_pids(algo)
        assert len(pids) == 2 and all(len(_jvms(p)) == 1 for p in pids), "one JVM per env runner"
        checkpoint = algo.save(str(tmp_path / "ck")).checkpoint.path
        live = kaisen.evaluate(krl.policy(algo), "random", games=2, game="osaka", num_players=2)  # the learner's module
        assert live.results[0].games == 2
    finally:
        algo.stop()
    policy = krl.policy(checkpoint)  # no cluster needed
    report = kaisen.evaluate(policy, ["random", "greedy"], games=8, game="osaka", num_players=2, seed=3)
    assert [r.games for r in report.results] == [8, 8]
    assert all(0 <= r.ci_low <= r.win_rate <= r.ci_high <= 1 for r in report.results)
    sampled = krl.policy(checkpoint, deterministic=False, seed=1)
    report = kaisen.evaluate(sampled, "random", games=4, game="osaka", num_players=2)
    assert report.results[0].games == 4


@pytest.mark.parametrize("policies", ["shared", "per-seat"])
def test_self_play_trains_with_legal_actions(cluster, policies, tmp_path):
    config = _tiny(krl.ppo_config("osaka", self_play=True, policies=policies, env_config={"num_players": 2},
                                  num_env_runners=1, num_envs_per_env_runner=4, hidden=(32,), seed=2))
    algo = config.build_algo()
    try:
        checked = 0
        for i in range(8):  # two at least; then until some game ended (about 120 decisions each)
            result = algo.train()
            c, illegal = _legal_counts(result)
            assert illegal == 0
            checked += c
            if i >= 1 and checked > 0:
                break
        assert checked > 0
        modules = sorted(algo.config.policies)
        assert modules == (["shared"] if policies == "shared" else ["seat_0", "seat_1"])
        assert set(result["learners"]) >= set(modules)
        checkpoint = algo.save(str(tmp_path / "ck")).checkpoint.path
    finally:
        algo.stop()
    with pytest.raises(ValueError, match="name one with module_id") if len(modules) > 1 else _nothing():
        krl.policy(algo_checkpoint := checkpoint)
    policy = krl.policy(algo_checkpoint, module_id=modules[-1])
    assert kaisen.evaluate(policy, "greedy", games=2, game="osaka", num_players=2).results[0].games == 2


def test_self_play_env_follows_the_turn_order_and_pays_every_seat():
    env = krl.KaisenSelfPlayEnv("osaka", num_players=3, reward_mode="terminal")
    try:
        obs, _ = env.reset(seed=4)
        assert env.possible_agents == ["player_0", "player_1", "player_2"]
        paid = dict.fromkeys(env.possible_agents, 0.0)
        for _ in range(2000):
            (agent, o), = obs.items()
            assert int(agent.rsplit("_", 1)[1]) == int(env.env._seat[0])
            action = env.action_spaces[agent].sample()
            assert o["action_mask"][action] == 1
            obs, rewards, terms, truncs, infos = env.step({agent: action})
            for a, r in rewards.items():
                paid[a] += r
            if terms["__all__"] or truncs["__all__"]:
                assert set(obs) == set(env.possible_agents) and all(not v["action_mask"].any() for v in obs.values())
                winners = [a for a, i in infos.items() if i["won"]]
                assert winners and all(paid[a] > 0 for a in winners)
                assert abs(sum(paid.values())) < 1e-5  # zero-sum terminal rewards, each paid once
                break
            assert set(obs) == set(rewards)  # a seat's reward comes with its observation
        else:
            raise AssertionError("the game did not end")
    finally:
        env.close()


def test_a_killed_jvm_and_a_killed_env_runner_are_survived(cluster):
    config = _tiny(krl.ppo_config("osaka", env_config={"num_players": 2, "opponents": "random"},
                                  num_env_runners=2, num_envs_per_env_runner=4, hidden=(32,), seed=3))
    algo = config.build_algo()
    try:
        algo.train()
        pids = _runner_pids(algo)
        (jvm,) = _jvms(pids[0])
        os.kill(jvm, signal.SIGKILL)  # the env runner's JVM dies mid-training
        steps = [algo.train()["env_runners"]["num_env_steps_sampled_lifetime"] for _ in range(2)]
        assert steps[1] > steps[0]
        assert _gone([jvm])
        (new_jvm,) = _jvms(pids[0])
        assert new_jvm != jvm, "the env runner re-created its env on a new JVM"

        (victim_jvm,) = _jvms(pids[1])
        os.kill(pids[1], signal.SIGKILL)  # a whole env-runner process dies
        assert _gone([pids[1], victim_jvm]), "its JVM exits with it (stdin closed)"
        assert not _shm_files(pids[1])
        for _ in range(3):
            result = algo.train()
        assert result["env_runners"]["num_env_steps_sampled_lifetime"] > steps[1]
        deadline = time.monotonic() + 60
        while len(_runner_pids(algo)) < 2 and time.monotonic() < deadline:
            algo.train()
        assert len(_runner_pids(algo)) == 2, "Ray restarted the lost env runner"
    finally:
        algo.stop()


def test_example_runs_and_shutdown_leaves_no_jvm_or_shared_memory(cluster, tmp_path):
    import rllib_ppo

    out = tmp_path / "run"
    summary = rllib_ppo.main(["--game", "osaka", "--iterations", "2", "--batch", "256", "--minibatch", "64",
                              "--epochs", "1", "--hidden", "16", "--num-envs-per-runner", "2",
                              "--eval-games", "4", "--out", str(out)])
    rows = (out / "progress.csv").read_text().splitlines()
    assert rows[0].startswith("iteration,env_steps") and len(rows) == 3
    assert (out / "checkpoint" / "rllib_checkpoint.json").exists()
    assert [r["opponent"] for r in summary["eval"]] == ["random", "greedy"]
    assert all(r["games"] == 4 for r in summary["eval"])
    assert any((out / "tensorboard").iterdir())

    config = _tiny(krl.ppo_config("osaka", env_config={"num_players": 2}, num_env_runners=2,
                                  num_envs_per_env_runner=2, hidden=(16,)))
    algo = config.build_algo()  # left running: shutdown must end it
    algo.train()
    pids = _runner_pids(algo)
    jvms = [j for p in pids for j in _jvms(p)]
    assert len(jvms) == 2
    ray.shutdown()
    assert _gone(pids + jvms), "no env runner and no JVM after ray.shutdown()"
    assert not any(_shm_files(p) for p in pids)


def test_example_stops_its_algorithm_when_training_fails(cluster, tmp_path, monkeypatch):
    """A failure after the algorithm is built still stops it (its env runners and their JVMs end),
    also when the caller's Ray cluster stays up."""
    import rllib_ppo
    from ray.rllib.algorithms.algorithm import Algorithm

    stopped = []
    stop = Algorithm.stop
    monkeypatch.setattr(Algorithm, "stop", lambda self: stopped.append(self) or stop(self))

    def broken(out):
        raise RuntimeError("the TensorBoard writer failed")

    monkeypatch.setattr(rllib_ppo, "_tensorboard", broken)
    with pytest.raises(RuntimeError, match="TensorBoard writer failed"):
        rllib_ppo.main(["--game", "osaka", "--iterations", "1", "--num-env-runners", "1", "--hidden", "8",
                        "--num-envs-per-runner", "1", "--eval-games", "0", "--out", str(tmp_path / "run")])
    assert len(stopped) == 1 and ray.is_initialized()


def test_bench_measures_rllib_and_the_bare_vector_env(cluster):
    from kaisen import bench_rllib

    result = bench_rllib.main(["--runners", "1,2", "--envs-per-runner", "2", "--seconds", "1", "--fragment", "8",
                               "--hidden", "16", "--json"])
    assert [r["runners"] for r in result["rllib"]] == [1, 2]
    assert all(r["steps"] > 0 and r["steps_per_s"] > 0 for r in result["rllib"])
    assert result["bare_vector_env"]["steps_per_s"] > 0
    assert result["overhead_us_per_step"] == pytest.approx(
        1e6 / result["rllib"][0]["steps_per_s"] - 1e6 / result["bare_vector_env"]["steps_per_s"])
