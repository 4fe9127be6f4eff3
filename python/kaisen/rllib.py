"""Kaisen on Ray RLlib (its new API stack): envs registered for every game, a masked PPO RL module,
and trained policies as :func:`kaisen.evaluate` takes them.

``import kaisen.rllib`` needs Ray RLlib and PyTorch (``pip install -e "python[rllib]"``, or a
wheel with the ``[rllib]`` extra); ``import kaisen`` never imports Ray.

- :func:`register_envs` registers, for every game of :func:`kaisen.games`, ``kaisen/<game>`` (one
  learner against named opponents played in the JVM: bots, ``ismcts:N``, ``dl4j:`` checkpoints,
  ``zoo:`` models) and ``kaisen/<game>-selfplay`` (a :class:`MultiAgentEnv`: every seat an agent,
  ``player_0`` ... ``player_{N-1}``, the game's turn order deciding who acts).
- Single-learner: with ``gym_env_vectorize_mode="vector_entry_point"`` (what :func:`ppo_config`
  sets) an env runner's ``num_envs_per_env_runner`` games are one :class:`RLlibVectorEnv`, a
  :class:`kaisen.vector_env.KaisenVectorEnv` stepped through shared memory by one call.
- Observations carry the mask: ``{"observations": float32[D], "action_mask": float32[A]}`` (1
  legal); :class:`MaskedPPOTorchRLModule` gives illegal actions probability 0 when sampling,
  training and acting greedily.
- :func:`policy` turns an algorithm, an RL module or a checkpoint directory into a batched
  callable for :func:`kaisen.evaluate` (no Ray cluster needed).
- Each env-runner process has its own JVM (one per Python process); it exits when its process
  does (its stdin closes), and the shared-memory files are unlinked as soon as they are mapped.
"""

from __future__ import annotations

try:
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    from ray.tune.registry import register_env
except ImportError as _e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"kaisen.rllib needs Ray RLlib and PyTorch ({_e}): install them with "
        "pip install -e \"python[rllib]\" (from a checkout) or "
        "pip install 'kaisen_rl-<version>-py3-none-any.whl[rllib]'"
    ) from _e

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .games import games
from .gym_env import KaisenEnv
from .multi_agent_env import KaisenMultiAgentVectorEnv
from .spaces import LegalDiscrete, LegalMultiDiscrete, observation_box
from .spec import Spec
from .vector_env import SKIP, KaisenVectorEnv

#: Logit of an illegal action: exp(-1e9 - logit) is exactly 0 in float32 for any sane logit (in float16,
#: where -1e9 is -inf, the lowest finite value is used instead).
ILLEGAL_LOGIT = -1e9
SINGLE_PREFIX = "kaisen/"
SELFPLAY_SUFFIX = "-selfplay"
#: env_config keys that are not the game's options (the rest, e.g. ``num_players``, go to the env)
_RAY_KEYS = ("num_envs",)
#: the JVM's stepping threads for an env runner's vector env unless env_config gives ``threads``
RUNNER_THREADS = 1


def masked_space(spec: Spec) -> gym.spaces.Dict:
    """One observation with its legal-action mask: ``{"observations": Box, "action_mask": Box(0, 1)}``."""
    return gym.spaces.Dict({
        "observations": observation_box(spec),
        "action_mask": gym.spaces.Box(0.0, 1.0, (spec.num_actions,), np.float32),
    })


def single_env_name(game: str) -> str:
    return f"{SINGLE_PREFIX}{game}"


def selfplay_env_name(game: str) -> str:
    return f"{SINGLE_PREFIX}{game}{SELFPLAY_SUFFIX}"


def _env_kwargs(env_config: Any) -> dict[str, Any]:
    """The env's keyword arguments from an RLlib env_config (an EnvContext or a dict): every key
    but Ray's own; ``config`` (a dict of game options) is spread as the envs take them."""
    kwargs = {k: v for k, v in dict(env_config or {}).items() if k not in _RAY_KEYS}
    if "seed" in kwargs:  # every env runner would deal the same games
        raise ValueError("env_config['seed'] would give every env runner the same games: seed the run with "
                         "config.debugging(seed=...) (ppo_config(seed=...)), which seeds each runner's envs apart")
    options = kwargs.pop("config", None) or {}
    if not isinstance(options, dict):
        raise ValueError(f"env_config['config'] must be a dict of game options, not {options!r}")
    clash = set(options) & set(kwargs)
    if clash:
        raise ValueError(f"game options {sorted(clash)} are given twice (in env_config and in env_config['config'])")
    kwargs.update(options)
    return kwargs


class RLlibVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` single-learner games of ``game`` as RLlib's ``SingleAgentEnvRunner`` steps them:
    one :class:`~kaisen.vector_env.KaisenVectorEnv` (keyword arguments as it takes them:
    ``num_players``, ``opponents``, ``reward_mode``, game options, ...) under Gymnasium's
    ``NEXT_STEP`` autoreset, with masked observations (:func:`masked_space`).

    NEXT_STEP, as RLlib's episodes need it: at the step that ends an env's episode its observation
    is that episode's last (mask all 0: no action is legal), with the episode's reward and flags;
    at the next step that env's action is ignored (the env is held back with
    :data:`kaisen.vector_env.SKIP`) and its observation is the new episode's first, reward 0,
    flags False. ``infos`` hold ``learner_seat`` and, where an episode ended, ``final_info`` as
    :class:`~kaisen.vector_env.KaisenVectorEnv` gives it (``won``, ``scores``, ``episode_return``, ...).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game: str, num_envs: int, **kwargs: Any) -> None:
        self.env = KaisenVectorEnv(game, num_envs, **kwargs)
        self.num_envs = self.env.num_envs
        self.spec_info = self.env.spec_info
        self.single_observation_space = masked_space(self.spec_info)
        self.single_action_space = gym.spaces.Discrete(self.spec_info.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        # sample() draws legal actions (any action for an env held back: it is ignored)
        self.action_space = LegalMultiDiscrete(self.num_envs, self.spec_info.num_actions, self._sample_masks)
        self._pending = np.zeros(self.num_envs, dtype=np.bool_)
        self._zeros = np.zeros(self.num_envs, dtype=np.float32)
        self._false = np.zeros(self.num_envs, dtype=np.bool_)

    def _masked(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        return {"observations": obs.copy(), "action_mask": self.env.action_masks().astype(np.float32)}

    def reset(self, *, seed: Any = None, options: dict[str, Any] | None = None):
        obs, infos = self.env.reset(seed=seed, options=options)
        self._pending[:] = False
        return self._masked(obs), {"learner_seat": infos["learner_seat"], "_learner_seat": infos["_learner_seat"]}

    def step(self, actions: Any):
        a = np.asarray(actions).astype(np.int64, copy=True).reshape(self.num_envs)
        held = self._pending
        a[held] = SKIP
        if held.all():  # every env starts its next episode: nothing to send
            out = self._masked(self.env._obs)
            rewards, terminated, truncated = self._zeros.copy(), self._false.copy(), self._false.copy()
            infos: dict[str, Any] = {"learner_seat": self.env._seat.copy(), "_learner_seat": np.ones_like(held)}
        else:
            obs, r, term, trunc, vinfos = self.env.step(a)
            out = self._masked(obs)
            rewards, terminated, truncated = r.copy(), term.copy(), trunc.copy()
            infos = {"learner_seat": vinfos["learner_seat"], "_learner_seat": vinfos["_learner_seat"]}
            done = terminated | truncated
            if done.any():
                rows = np.flatnonzero(done)
                out["observations"][rows] = np.stack([vinfos["final_obs"][i] for i in rows.tolist()])
                out["action_mask"][rows] = 0.0
                infos["learner_seat"][rows] = vinfos["final_info"]["learner_seat"][rows]
                infos["final_info"] = vinfos["final_info"]
                infos["_final_info"] = vinfos["_final_info"]
        self._pending = terminated | truncated
        return out, rewards, terminated, truncated, infos

    def _sample_masks(self) -> np.ndarray:
        m = self.env.action_masks().copy()
        m[self._pending] = 1
        return m

    def action_masks(self) -> np.ndarray:
        """The masks RLlib sees now (``float32[N, A]``; all 0 for an env at its episode's last step)."""
        m = self.env.action_masks().astype(np.float32)
        m[self._pending] = 0.0
        return m

    def close_extras(self, **kwargs: Any) -> None:
        env = getattr(self, "env", None)  # None: __init__ failed before it (Gymnasium's __del__ closes)
        if env is not None:
            env.close()


class RLlibEnv(gym.Env):
    """One single-learner game (:class:`kaisen.KaisenEnv`, same keyword arguments) with masked
    observations (:func:`masked_space`), for RLlib's ``sync``/``async`` vectorize modes and for
    anything that wants one game; :class:`RLlibVectorEnv` is the fast path."""

    def __init__(self, game: str, **kwargs: Any) -> None:
        self.env = KaisenEnv(game, **kwargs)
        self.spec_info = self.env.spec_info
        self.observation_space = masked_space(self.spec_info)
        self.action_space = LegalDiscrete(self.spec_info.num_actions, self.env.action_masks)

    def _masked(self, obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        return {"observations": obs, "action_mask": mask.astype(np.float32)}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._masked(obs, info["action_mask"]), info

    def step(self, action: Any):
        obs, reward, terminated, truncated, info = self.env.step(int(action))
        return self._masked(obs, info["action_mask"]), reward, terminated, truncated, info

    def close(self) -> None:
        self.env.close()


def agent_id(seat: int) -> str:
    return f"player_{seat}"


class KaisenSelfPlayEnv(MultiAgentEnv):
    """One game of ``game`` for RLlib's multi-agent API: agents ``player_0`` ... ``player_{N-1}``
    (every seat, or those ``jvm_seats`` leaves to the caller; the others are JVM agents), the
    game's turn order deciding which agent acts: each step's observation dict holds only the
    agent to act (masked observation, :func:`masked_space`). Rewards (``reward_mode`` as in
    :class:`kaisen.multi_agent_env.KaisenMultiAgentVectorEnv`, default ``terminal``: winners share
    +1, the others -1) are added up per agent and paid with its next observation, or at the end,
    when every agent gets its last observation (mask all 0) and ``terminateds["__all__"]``
    (``truncateds`` at the game's cap on decisions). Backed by a one-game
    :class:`~kaisen.multi_agent_env.KaisenMultiAgentVectorEnv` (keyword arguments as it takes
    them); RLlib's ``num_envs_per_env_runner`` makes one per game, all on the process's JVM."""

    def __init__(self, game: str, **kwargs: Any) -> None:
        super().__init__()
        kwargs.pop("autoreset", None)
        self.env = KaisenMultiAgentVectorEnv(game, 1, autoreset=False, **kwargs)
        self.spec_info = self.env.spec_info
        self.num_players = self.env.num_players
        self._seats = [int(p) for p in np.flatnonzero(self.env.external[0])]
        self.possible_agents = [agent_id(p) for p in self._seats]
        self.agents = list(self.possible_agents)
        space = masked_space(self.spec_info)
        self.observation_spaces = {a: space for a in self.possible_agents}
        # sample() draws the agent's legal actions when it is to act (as RLlib's env check steps it)
        self.action_spaces = {agent_id(p): LegalDiscrete(self.spec_info.num_actions, self._mask_of(p))
                              for p in self._seats}
        self._returns = np.zeros(self.num_players, dtype=np.float64)
        self._seat = -1

    def _mask_of(self, seat: int) -> Callable[[], np.ndarray]:
        none = np.zeros(self.spec_info.num_actions, dtype=np.int8)
        return lambda: self.env.action_masks()[0] if self._seat == seat else none

    def _observe(self, obs: np.ndarray, infos: dict[str, Any]):
        self._seat = int(infos["seat"][0])
        agent = agent_id(self._seat)
        observation = {"observations": obs[0].copy(), "action_mask": infos["action_mask"][0].astype(np.float32)}
        return {agent: observation}, agent

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, infos = self.env.reset(seed=seed, options=options)
        self._returns[:] = 0.0
        self.agents = list(self.possible_agents)
        observations, agent = self._observe(obs, infos)
        return observations, {agent: {}}

    def step(self, action_dict: dict[str, Any]):
        agent = agent_id(self._seat)
        if agent not in action_dict:
            raise ValueError(f"it is {agent}'s turn; the actions given are for {sorted(action_dict)}")
        obs, rewards, terminated, truncated, infos = self.env.step(np.asarray([int(action_dict[agent])]))
        self._returns += rewards[0]
        if terminated[0] or truncated[0]:
            last = infos["final_obs"][0]
            zeros = np.zeros(self.spec_info.num_actions, dtype=np.float32)
            observations = {agent_id(p): {"observations": last[p].copy(), "action_mask": zeros.copy()}
                            for p in self._seats}
            paid = {agent_id(p): float(self._returns[p]) for p in self._seats}
            final = infos["final_info"]
            info = {agent_id(p): {"score": int(final["scores"][0, p]), "won": bool(final["winners"][0, p])}
                    for p in self._seats}
            self._returns[:] = 0.0
            done_t, done_u = bool(terminated[0]), bool(truncated[0])
            self.agents = []
            terms = {a: done_t for a in self.possible_agents}
            truncs = {a: done_u for a in self.possible_agents}
            terms["__all__"], truncs["__all__"] = done_t, done_u
            return observations, paid, terms, truncs, info
        observations, nxt = self._observe(obs, infos)
        paid = {nxt: float(self._returns[self._seat])}
        self._returns[self._seat] = 0.0
        return observations, paid, {"__all__": False}, {"__all__": False}, {}

    def close(self) -> None:
        self.env.close()


def _single_creator(game: str) -> Callable[[Any], Any]:
    def create(env_config: Any):
        kwargs = _env_kwargs(env_config)
        num_envs = dict(env_config or {}).get("num_envs")
        if num_envs is not None:  # RLlib's vector_entry_point: one shared-memory vector env
            # an env runner holds one of Ray's CPUs: its JVM steps its games on one thread unless
            # told otherwise (the vector env's own default, all cores but one, would put every
            # runner's JVM on every core of the node)
            kwargs.setdefault("threads", RUNNER_THREADS)
            return RLlibVectorEnv(game, int(num_envs), **kwargs)
        return RLlibEnv(game, **kwargs)
    return create


def _selfplay_creator(game: str) -> Callable[[Any], Any]:
    def create(env_config: Any):
        return KaisenSelfPlayEnv(game, **_env_kwargs(env_config))
    return create


def register_envs() -> list[str]:
    """Registers ``kaisen/<game>`` and ``kaisen/<game>-selfplay`` for every game with Ray's
    registry (``ray.tune.registry.register_env``) and returns the names. Their ``env_config``
    holds the env's keyword arguments (``num_players``, ``opponents``, ``learner_seat``,
    ``reward_mode``, ``view``, ``illegal_action``, ``threads``: the JVM's stepping threads of a runner's
    vector env, default 1 as a runner holds one CPU; self-play: ``jvm_seats``), game
    options as keys or under ``config`` (a dict). Call it in the driver before building an
    algorithm; Ray ships the registry to every node. Seeds come from RLlib
    (``config.debugging(seed=...)`` seeds each env runner's first reset)."""
    names = []
    for g in games():
        register_env(single_env_name(g.id), _single_creator(g.id))
        register_env(selfplay_env_name(g.id), _selfplay_creator(g.id))
        names += [single_env_name(g.id), selfplay_env_name(g.id)]
    return names


class MaskedPPOTorchRLModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO torch module on ``obs["observations"]``, whose action logits are set to
    :data:`ILLEGAL_LOGIT` where ``obs["action_mask"]`` is 0 (in every forward pass: exploration,
    inference and training), so illegal actions have probability exactly 0; the value function
    reads the observations only. The observation space must be :func:`masked_space`'s."""

    def __init__(self, *, observation_space: gym.Space | None = None, **kwargs: Any) -> None:
        if not isinstance(observation_space, gym.spaces.Dict) or \
                set(observation_space.spaces) != {"observations", "action_mask"}:
            raise ValueError("MaskedPPOTorchRLModule needs the masked observation space "
                             "Dict(observations=Box, action_mask=Box(0, 1)) of kaisen.rllib's envs, "
                             f"not {observation_space!r}")
        self._masked_space = observation_space
        super().__init__(observation_space=observation_space["observations"], **kwargs)

    def setup(self) -> None:
        super().setup()  # the networks, built for the observations alone
        self.observation_space = self._masked_space

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        obs = batch[Columns.OBS]
        if not isinstance(obs, dict) or "action_mask" not in obs:
            raise ValueError("the batch's observations must be {'observations': ..., 'action_mask': ...}")
        plain = dict(batch)
        plain[Columns.OBS] = obs["observations"]
        return plain, obs["action_mask"]

    @staticmethod
    def _mask(out: dict[str, Any], mask: Any) -> dict[str, Any]:
        logits = out[Columns.ACTION_DIST_INPUTS]
        # -1e9, or the dtype's lowest finite value where -1e9 is not one (float16): never -inf, so a
        # row with no legal action (an episode's last observation) stays finite (uniform), not NaN
        illegal = max(ILLEGAL_LOGIT, torch.finfo(logits.dtype).min)
        out[Columns.ACTION_DIST_INPUTS] = torch.where(mask > 0, logits, torch.full_like(logits, illegal))
        return out

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        plain, mask = self._split(batch)
        return self._mask(super()._forward(plain, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        plain, mask = self._split(batch)
        return self._mask(super()._forward_train(plain, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None):
        if embeddings is None:
            batch, _ = self._split(batch)
        return super().compute_values(batch, embeddings)


def module_spec(hidden: Sequence[int] = (256, 256), activation: str = "tanh", vf_share_layers: bool = False) -> RLModuleSpec:
    """The spec of one :class:`MaskedPPOTorchRLModule` (an MLP: ``hidden`` layers of ``activation``)."""
    return RLModuleSpec(module_class=MaskedPPOTorchRLModule, model_config={
        "fcnet_hiddens": list(hidden), "fcnet_activation": activation, "vf_share_layers": vf_share_layers,
    })


def shared_policy_mapping(agent_id: Any, episode: Any = None, **kwargs: Any) -> str:
    """Self-play with one policy: every seat maps to ``shared``."""
    return "shared"


def seat_policy_mapping(agent_id: Any, episode: Any = None, **kwargs: Any) -> str:
    """One policy per seat: ``player_k`` maps to ``seat_k``."""
    return "seat_" + str(agent_id).rsplit("_", 1)[1]


def ppo_config(
    game: str,
    *,
    self_play: bool = False,
    policies: str = "shared",
    env_config: dict[str, Any] | None = None,
    num_env_runners: int = 2,
    num_envs_per_env_runner: int = 8,
    hidden: Sequence[int] = (256, 256),
    seed: int | None = None,
) -> PPOConfig:
    """A PPOConfig wired for Kaisen: the env (``kaisen/<game>``, or ``-selfplay`` with
    ``self_play``; :func:`register_envs` is called), the masked module, the shared-memory vector
    env per runner, and fault tolerance: an env whose JVM died is re-created in its runner
    (``restart_failed_sub_environments``) and a lost runner process is restarted
    (``restart_failed_env_runners``). Self-play ``policies``: ``"shared"`` (one policy for all
    seats) or ``"per-seat"`` (``seat_0`` ... one per seat). Training settings (``.training(...)``)
    are left to the caller."""
    register_envs()
    env_config = dict(env_config or {})
    config = (
        PPOConfig()
        .framework("torch")
        .environment(selfplay_env_name(game) if self_play else single_env_name(game), env_config=env_config)
        # single-learner: one shared-memory vector env per runner; multi-agent: RLlib's own sync vectorizer
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=num_envs_per_env_runner,
                     gym_env_vectorize_mode="sync" if self_play else "vector_entry_point")
        .fault_tolerance(restart_failed_env_runners=True, restart_failed_sub_environments=True,
                         max_num_env_runner_restarts=100, delay_between_env_runner_restarts_s=1.0)
    )
    if seed is not None:
        config = config.debugging(seed=seed)
    spec = module_spec(hidden)
    if not self_play:
        return config.rl_module(rl_module_spec=spec)
    if policies == "shared":
        ids, mapping = ["shared"], shared_policy_mapping
    elif policies == "per-seat":
        probe = KaisenSelfPlayEnv(game, **_env_kwargs(env_config))
        try:
            ids = ["seat_" + a.rsplit("_", 1)[1] for a in probe.possible_agents]
        finally:
            probe.close()
        mapping = seat_policy_mapping
    else:
        raise ValueError(f"policies must be 'shared' or 'per-seat', not {policies!r}")
    return (config.multi_agent(policies=set(ids), policy_mapping_fn=mapping)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={i: module_spec(hidden) for i in ids})))


def _find_module_dir(path: Path, module_id: str | None) -> Path:
    """The RL module's folder within an algorithm checkpoint (or ``path`` itself)."""
    rl = path / "learner_group" / "learner" / "rl_module"
    if not rl.is_dir():
        if (path / "module_state").exists() or (path / "module_state.pkl").exists() or \
                any(p.name.startswith("module_state") for p in path.iterdir()):
            return path
        raise ValueError(f"{path} is neither an RLlib algorithm checkpoint nor an RL module checkpoint")
    ids = sorted(p.name for p in rl.iterdir() if p.is_dir())
    if module_id is None:
        if len(ids) != 1:
            raise ValueError(f"{path} holds the modules {ids}: name one with module_id=")
        module_id = ids[0]
    if module_id not in ids:
        raise ValueError(f"{path} has no module {module_id!r}; it has {ids}")
    return rl / module_id


def load_module(source: Any, module_id: str | None = None) -> RLModule:
    """An RL module from an algorithm (its learner's module), an RL module (a multi-agent one: its
    ``module_id``), or a checkpoint directory (an algorithm's, or an RL module's own)."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source).expanduser().resolve()
        if not path.is_dir():
            raise FileNotFoundError(f"no checkpoint directory {path}")
        return RLModule.from_checkpoint(str(_find_module_dir(path, module_id)))
    if hasattr(source, "get_module") and not isinstance(source, RLModule):  # an Algorithm
        ids = sorted(source.config.policies)
        if module_id is None and len(ids) != 1:
            raise ValueError(f"the algorithm has the modules {ids}: name one with module_id=")
        module = source.get_module(module_id or ids[0])
        if module is None:
            raise ValueError(f"the algorithm has no module {module_id!r}; it has {ids}")
        return module
    if isinstance(source, RLModule):
        if hasattr(source, "keys") and callable(source.keys):  # a MultiRLModule
            ids = list(source.keys())
            if module_id is None and len(ids) != 1:
                raise ValueError(f"the multi-agent module holds {ids}: name one with module_id=")
            return source[module_id or ids[0]]
        return source
    raise TypeError(f"expected an RLlib algorithm, an RLModule or a checkpoint directory, not {type(source).__name__}")


def policy(source: Any, deterministic: bool = True, module_id: str | None = None, name: str | None = None,
           seed: int | None = None) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A trained RLlib policy as a batched callable ``f(obs[B, D], masks[B, A]) -> actions[B]``
    (``f.batched = True``) for :func:`kaisen.evaluate`: ``deterministic`` plays the most probable
    legal action, else samples the masked distribution (``seed``: its torch generator's seed).
    ``source``: an algorithm, an RL module or a checkpoint directory (:func:`load_module`)."""
    module = load_module(source, module_id)
    module.eval()
    generator = torch.Generator().manual_seed(seed) if seed is not None else None

    @torch.no_grad()
    def act(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        batch = {Columns.OBS: {"observations": torch.as_tensor(np.asarray(obs, dtype=np.float32)),
                               "action_mask": torch.as_tensor(np.asarray(masks, dtype=np.float32))}}
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS]
        if deterministic:
            return logits.argmax(dim=-1).numpy()
        return torch.multinomial(torch.softmax(logits, dim=-1), 1, generator=generator).squeeze(-1).numpy()

    act.batched = True  # type: ignore[attr-defined]
    act.name = name or "rllib"  # type: ignore[attr-defined]
    return act
