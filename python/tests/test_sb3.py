"""The paths tutorials write: Stable-Baselines3's make_vec_env on a registered id, MaskablePPO,
Gymnasium's wrappers (episode statistics, video), PettingZoo's render_test, gym.make_vec, and
kaisen's own SB3 VecEnv over the shared-memory vector env."""

from __future__ import annotations

import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest

import kaisen

pytest.importorskip("stable_baselines3")  # the train extra
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402
from stable_baselines3.common.monitor import Monitor  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor  # noqa: E402

from kaisen.sb3 import KaisenVecEnv  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def one_jvm():
    """Keeps this process's JVM up between the tests (each would otherwise start and stop one)."""
    held = kaisen.make("osaka")
    yield
    held.close()


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(np.asarray(m).astype(bool))) for m in masks])


TUTORIAL = """
import numpy as np
import kaisen
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import SubprocVecEnv

if __name__ == "__main__":
    env = make_vec_env(kaisen.gym_id("osaka"), n_envs=2, vec_env_cls=SubprocVecEnv, seed=0)
    obs = env.reset()
    masks = get_action_masks(env)
    obs, rewards, dones, infos = env.step(masks.argmax(1))
    print(env.render_mode, obs.shape[0], obs.shape[1], env.render().ndim)
    env.close()
"""


def test_make_vec_env_with_subprocesses_in_a_script_as_tutorials_write_it(tmp_path):
    """Each SubprocVecEnv worker imports the script (so ``import kaisen`` registers the ids there)
    and runs its own JVM."""
    script = tmp_path / "train.py"
    script.write_text(TUTORIAL)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    mode, n, size, ndim = done.stdout.strip().splitlines()[-1].split()
    assert (mode, int(n), int(size), int(ndim)) == ("rgb_array", 2, kaisen.spec("osaka").observation_size, 3)


@pytest.mark.parametrize("vec_env_cls, env_id", [
    (DummyVecEnv, kaisen.gym_id("osaka")),
    # where the workers do not import kaisen (pytest, notebooks), Gymnasium's "module:id" form does
    (SubprocVecEnv, "kaisen:" + kaisen.gym_id("osaka")),
])
def test_make_vec_env_on_the_registered_id(vec_env_cls, env_id):
    env = make_vec_env(env_id, n_envs=2, vec_env_cls=vec_env_cls, seed=0)
    try:
        assert env.render_mode == "rgb_array"  # what make_vec_env asks for
        obs = env.reset()
        assert obs.shape == (2, kaisen.spec("osaka").observation_size)
        assert is_masking_supported(env)
        rng = np.random.default_rng(0)
        for _ in range(5):
            obs, rewards, dones, infos = env.step(random_legal(get_action_masks(env), rng))
        assert rewards.shape == (2,) and len(infos) == 2
        tiled = env.render()
        assert tiled.dtype == np.uint8 and tiled.ndim == 3 and tiled.shape[2] == 3
    finally:
        env.close()


class LegalityCheckedVecEnv(KaisenVecEnv):
    """Counts the actions it is stepped with that its masks forbid (the env would raise on one too)."""

    illegal = 0
    steps = 0

    def step_async(self, actions):
        legal = self.action_masks().astype(bool)[np.arange(self.num_envs), np.asarray(actions)]
        self.illegal += int((~legal).sum())
        self.steps += 1
        super().step_async(actions)


def test_maskable_ppo_learns_through_the_kaisen_vec_env_with_every_action_legal():
    env = LegalityCheckedVecEnv(kaisen.vector_env("osaka", num_envs=4, seed=0))
    try:
        assert is_masking_supported(env)
        model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=1, seed=0, device="cpu",
                            policy_kwargs={"net_arch": [32]})
        before = [p.detach().clone() for p in model.policy.parameters()]
        model.learn(128 * 4)
        assert model.num_timesteps >= 512 and env.steps >= 128
        assert env.illegal == 0
        assert any(not np.allclose(b.numpy(), p.detach().numpy()) for b, p in zip(before, model.policy.parameters()))
        assert len(model.ep_info_buffer) > 0  # the VecEnv's own "episode" infos: SB3 logs ep_rew_mean
        masks = get_action_masks(env)
        action, _ = model.predict(env.reset(), action_masks=masks)
        assert masks.astype(bool)[np.arange(4), action].all()
    finally:
        env.close()


def test_kaisen_vec_env_follows_sb3_conventions():
    env = kaisen.sb3_vec_env("osaka", num_envs=3, seed=0)
    try:
        assert env.num_envs == 3 and env.observation_space == env.venv.single_observation_space
        assert env.get_attr("game") == ["osaka"] * 3
        assert env.get_attr("action_space", indices=[1]) == [gym.spaces.Discrete(env.venv.spec_info.num_actions)]
        assert env.env_is_wrapped(Monitor) == [False] * 3
        assert env.has_attr("action_masks") and not env.has_attr("no_such_thing")
        with pytest.raises(AttributeError, match="action_masks"):
            env.env_method("no_such_method")
        env.set_attr("some_flag", 7)
        assert env.get_attr("some_flag") == [7] * 3
        with pytest.raises(ValueError, match="all of them"):
            env.set_attr("some_flag", 8, indices=[0])

        env.seed(11)
        first = env.reset()
        assert [i["learner_seat"] for i in env.reset_infos] == [int(s) for s in env.venv._seat]
        env.seed(11)
        assert np.array_equal(env.reset(), first)  # env i dealt from seed 11 + i both times
        env.reset()  # no seed: the stream goes on
        env.seed(11)
        again = env.reset()
        assert np.array_equal(again, first) and again is not env.venv._obs  # a copy, not the shared view

        rng = np.random.default_rng(1)
        finished = 0
        for _ in range(2000):
            masks = np.stack(env.env_method("action_masks"))
            assert masks.shape == (3, env.venv.spec_info.num_actions)
            obs, rewards, dones, infos = env.step(random_legal(masks, rng))
            assert rewards.dtype == np.float32 and dones.dtype == np.bool_
            for i in np.flatnonzero(dones):
                info = infos[i]
                assert info["terminal_observation"].shape == obs[i].shape
                assert not np.array_equal(info["terminal_observation"], obs[i])  # obs[i] is the next episode's
                assert info["TimeLimit.truncated"] is False
                assert info["episode"]["r"] == rewards[i] and info["episode"]["l"] > 0
                assert info["won"] == (info["learner_seat"] in info["winners"])
                finished += 1
            if finished >= 3:
                break
        assert finished >= 3

        # options for the next reset: start env 0 from a position
        state = kaisen.State("osaka", seed=5)
        env.set_options([{"state": state}, {}, {}])
        env.reset()
        assert env.env_method("state_json", indices=[0])[0]
        env.set_options({"colour": "red"})
        with pytest.raises(ValueError, match="state"):
            env.reset()
    finally:
        env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_vec_monitor_and_vec_video_recorder_wrap_the_kaisen_vec_env(tmp_path):
    from stable_baselines3.common.vec_env import VecVideoRecorder

    env = VecMonitor(kaisen.sb3_vec_env("osaka", num_envs=2, seed=0, render_mode="rgb_array"))
    env = VecVideoRecorder(env, str(tmp_path), record_video_trigger=lambda step: step == 0, video_length=5)
    try:
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(6):
            env.step(random_legal(get_action_masks(env), rng))
    finally:
        env.close()
    assert [p for p in tmp_path.iterdir() if p.suffix == ".mp4" and p.stat().st_size > 0]


def test_record_episode_statistics_and_record_video(tmp_path):
    env = gym.make(kaisen.gym_id("osaka"), render_mode="rgb_array")
    env = gym.wrappers.RecordEpisodeStatistics(env)
    folder = tmp_path / "videos"
    env = gym.wrappers.RecordVideo(env, str(folder), episode_trigger=lambda e: e == 0, video_length=12,
                                   disable_logger=True)
    rng = np.random.default_rng(0)
    try:
        env.reset(seed=0)
        while True:
            mask = env.get_wrapper_attr("action_masks")()
            _, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask.astype(bool)))))
            if term or trunc:
                break
        assert info["episode"]["l"] > 0 and info["episode"]["r"] == reward
    finally:
        env.close()
    videos = [p for p in folder.iterdir() if p.suffix == ".mp4"]
    assert videos and videos[0].stat().st_size > 0


def test_pettingzoo_render_test(game):
    from pettingzoo.test import render_test

    envs = []

    def make(render_mode=None):
        envs.append(kaisen.aec_env(game, render_mode=render_mode))
        return envs[-1]

    try:
        render_test(make)
    finally:
        for e in envs:
            e.close()


def test_rgb_array_for_every_game(game):
    env = kaisen.make(game, render_mode="rgb_array", seed=0)
    aec = kaisen.aec_env(game, render_mode="rgb_array")
    try:
        env.reset()
        frame = env.render()
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
        assert frame.shape[0] % 16 == 0 and frame.shape[1] % 16 == 0
        assert (frame < 128).any() and (frame > 128).any()  # something drawn on a white canvas
        rng = np.random.default_rng(0)
        for _ in range(20):  # the frames keep their size while the board grows or shrinks
            _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks().astype(bool)))))
            assert env.render().shape == frame.shape
            if term or trunc:
                env.reset()
        aec.reset(seed=0)
        assert aec.render().shape[2] == 3
    finally:
        env.close()
        aec.close()


def test_ansi_and_human_show_the_text_of_print_board(game, capsys):
    env = kaisen.make(game, render_mode="ansi", seed=0)
    try:
        env.reset()
        assert env.render() == str(env.board())
    finally:
        env.close()
    env = kaisen.make(game, render_mode="human", seed=0)
    try:
        capsys.readouterr()
        env.reset()  # human mode shows the board at each reset and step
        shown = capsys.readouterr().out
        assert shown == str(env.board()) + "\n"
        assert env.render() is None and capsys.readouterr().out == shown
    finally:
        env.close()


def test_make_vec_uses_the_shared_memory_vector_env():
    vec = gym.make_vec(kaisen.gym_id("osaka"), num_envs=8, num_players=3, render_mode="rgb_array")
    try:
        assert isinstance(vec, kaisen.KaisenVectorEnv) and vec.num_envs == 8 and vec.num_players == 3
        obs, info = vec.reset(seed=0)
        assert obs.shape == (8, vec.spec_info.observation_size)
        frames = vec.render()
        assert len(frames) == 8 and len({f.shape for f in frames}) == 1
        vec.step(vec.action_space.sample())
    finally:
        vec.close()


def test_import_kaisen_does_not_import_stable_baselines3():
    code = "import sys, kaisen; assert 'stable_baselines3' not in sys.modules; print(callable(kaisen.sb3_vec_env))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
