"""The envs' docstrings name every info key the envs really return, for every registered game, so
the documentation of ``reset`` and ``step`` cannot drift from the code. Episodes are played to
their ends (with a game record written, and a forfeit under ``illegal_action="lose"``) so that
the keys of the last step's info appear too."""

from __future__ import annotations

import pydoc

import numpy as np
import pytest

import kaisen
from kaisen.aec_env import KaisenAECEnv
from kaisen.gym_env import KaisenEnv
from kaisen.vector_env import KaisenVectorEnv


def _undocumented(keys, doc: str) -> list[str]:
    """Keys not named in ``doc`` as ``key``; a Gymnasium mask key ``_x`` counts as named when
    ``x`` is and the doc speaks of the ``_`` masks."""
    def named(k: str) -> bool:
        if f"``{k}``" in doc:
            return True
        return k.startswith("_") and f"``{k[1:]}``" in doc and "``_``" in doc
    return sorted(k for k in set(keys) if not named(k))


def _illegal(mask: np.ndarray) -> int | None:
    bad = np.flatnonzero(np.asarray(mask) == 0)
    return int(bad[0]) if len(bad) else None


def test_help_shows_the_env_specific_docs():
    """``help(env.step)`` shows this project's doc, not the base class's."""
    for cls in (KaisenEnv, KaisenAECEnv, KaisenVectorEnv):
        for name, words in (("step", ("info", "reward")), ("reset", ("seed", "option")),
                            ("render", ("rgb_array", "human"))):
            text = pydoc.render_doc(getattr(cls, name), renderer=pydoc.plaintext)
            assert f"kaisen.{cls.__module__.split('.')[-1]}" in text, (cls, name)
            assert all(w in text for w in words), (cls.__name__, name)


def test_the_gym_env_documents_every_info_key_it_returns(game, tmp_path):
    env = kaisen.make(game, opponents="random", seed=0, illegal_action="lose", record_dir=tmp_path)
    rng = np.random.default_rng(0)
    reset_keys, step_keys, ends = set(), set(), []
    try:
        for episode in range(2):  # the first played to its end, the second forfeited
            _, info = env.reset(seed=episode)
            reset_keys |= set(info)
            assert info["action_mask"].dtype == np.int8
            while True:
                bad = _illegal(env.action_masks()) if episode == 1 else None
                action = bad if bad is not None else int(rng.choice(np.flatnonzero(env.action_masks())))
                _, _, term, trunc, info = env.step(action)
                step_keys |= set(info)
                assert info["action_mask"].dtype == np.int8
                if term or trunc:
                    ends.append(info)
                    break
        assert "record_path" in ends[0] and ends[1]["end_reason"] == "ILLEGAL_ACTION" and "forfeited_by" in ends[1]
    finally:
        env.close()
    assert _undocumented(reset_keys, KaisenEnv.reset.__doc__) == []
    assert _undocumented(step_keys, KaisenEnv.step.__doc__) == []


def test_the_vector_env_documents_every_info_key_it_returns(game, tmp_path):
    venv = kaisen.vector_env(game, num_envs=2, seed=0, illegal_action="lose", record_dir=tmp_path)
    rng = np.random.default_rng(0)
    reset_keys, step_keys, final_keys = set(), set(), set()
    forfeits = 0
    try:
        _, infos = venv.reset(seed=1)
        reset_keys |= set(infos)
        ended = 0
        while ended < 4:
            masks = venv.action_masks()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            bad = _illegal(masks[1])
            if ended >= 2 and bad is not None:  # env 1 forfeits once two episodes have ended
                actions[1] = bad
            _, _, term, trunc, infos = venv.step(actions)
            step_keys |= set(infos)
            assert infos["action_mask"].dtype == np.int8
            if "final_info" in infos:
                final_keys |= set(infos["final_info"])
                forfeits += int(infos["final_info"]["forfeited"].sum())
                ended += int((term | trunc).sum())
        assert forfeits >= 1 and "record_path" in final_keys
    finally:
        venv.close()
    doc = KaisenVectorEnv.step.__doc__
    assert _undocumented(reset_keys, KaisenVectorEnv.reset.__doc__) == []
    assert _undocumented(step_keys, doc) == []
    assert _undocumented(final_keys, doc) == []
    assert {"final_obs", "_final_obs", "final_info", "_final_info"} <= step_keys


def test_the_aec_env_documents_every_info_key_it_returns(game, tmp_path):
    env = kaisen.aec_env(game, illegal_action="lose", record_dir=tmp_path)
    rng = np.random.default_rng(0)
    reset_keys, step_keys, ends = set(), set(), []
    try:
        for episode in range(2):  # the first played to its end, the second forfeited
            env.reset(seed=episode)
            reset_keys |= {k for a in env.agents for k in env.infos[a]}
            for agent in env.agent_iter():
                obs, _, term, trunc, info = env.last()
                step_keys |= set(info)
                if term or trunc:
                    ends.append(info)
                    env.step(None)
                    continue
                bad = _illegal(obs["action_mask"]) if episode == 1 else None
                env.step(bad if bad is not None else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert "record_path" in ends[0] and any("forfeited_by" in i for i in ends)
    finally:
        env.close()
    assert reset_keys == set(), "reset leaves every info empty, as its doc says"
    assert _undocumented(step_keys, KaisenAECEnv.step.__doc__) == []


def test_the_sb3_adapter_documents_every_info_key_it_returns(tmp_path):
    pytest.importorskip("stable_baselines3")
    from kaisen.sb3 import KaisenVecEnv

    env = kaisen.sb3_vec_env(num_envs=2, seed=0, record_dir=tmp_path)
    rng = np.random.default_rng(0)
    keys, ends = set(), 0
    try:
        env.reset()
        reset_keys = {k for i in env.reset_infos for k in i}
        while ends < 2:
            _, _, dones, infos = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()]))
            keys |= {k for i in infos for k in i}
            ends += int(dones.sum())
    finally:
        env.close()
    assert "record_path" in keys
    assert _undocumented(reset_keys, KaisenVecEnv.reset.__doc__) == []
    assert _undocumented(keys, KaisenVecEnv.step.__doc__) == []
