"""Masked PPO in PyTorch for any Kaisen game (CleanRL style), over ``kaisen.vector_env``: the
trainer of ``python/examples/ppo_masked.py`` and of the notebooks, as a library.

    from kaisen.torch import Args, train, load_policy, TorchPolicy

    agent, run_dir = train(Args(game="osaka", total_timesteps=262_144, out="runs/osaka-ppo"))
    policy = load_policy(run_dir / "best.pt")          # a kaisen.evaluate policy
    kaisen.evaluate(policy, opponents=["random", "greedy"], game="osaka", games=200)

This module needs PyTorch, which ``import kaisen`` never imports: install the ``train`` extra
(``pip install "kaisen-rl[train]"``, or ``pip install -e "python[train]"`` from a checkout).

Illegal actions get zero probability: their logits are set to -inf before the softmax, so
they are never sampled and receive no gradient. The network (:class:`Agent`, a tanh MLP with a
policy and a value head) is sized from the game's spec. The learner plays a pool of bots
(``Args.opponents``; empty: ``random`` and the game's bots, the envs split between them;
``kaisen.spec(game).agents`` lists a game's bots); its seat is random each episode. With
``Args.self_play`` a share of the envs (``self_play_share``) plays frozen snapshots of the policy
itself instead (a pool of the newest ``pool_size``, one added every ``snapshot_every`` updates),
answered in Python over ``kaisen.multi_agent_vector_env``; the other envs keep playing the bots
inside the JVM.

:func:`train` fills the run folder ``Args.out`` with ``metrics.csv`` (one row per update),
``eval.csv`` (periodic evaluations with 95% intervals, the Java trainer's columns),
``learning_curve.png``, ``train_summary.json``, and ``last.pt`` and ``best.pt`` (model, optimizer,
settings and the spec's ``layout_hash``; written atomically). :func:`load_policy` refuses a
checkpoint whose layout hash differs from this build's for its game, config and view (one
without a hash loads with a warning only if its sizes fit). Everything is seeded: the envs
(``kaisen.derive_seed``), torch, and the evaluation games.
"""

from __future__ import annotations

try:
    import torch
    import torch.nn as nn
except ModuleNotFoundError as _e:  # only a missing torch; a broken install raises its own error
    if _e.name != "torch":
        raise
    raise ImportError('kaisen.torch needs PyTorch, which is not installed: install the train extra, '
                      'pip install "kaisen-rl[train]" (from a checkout: pip install -e "python[train]")') from _e

import copy
import csv
import dataclasses
import json
import os
import random
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

import kaisen
from kaisen.plots import learning_curve

__all__ = ["Agent", "Args", "SnapshotPolicy", "TorchPolicy", "bot_names", "check_layout", "evaluate_policy",
           "game_kwargs", "game_options", "layer_init", "load_policy", "train"]


@dataclass
class Args:
    seed: int = 1
    game: str = kaisen.DEFAULT_GAME
    """a registered game id (``kaisen.games()``)"""
    num_players: int = 0
    """0: the game's default"""
    config: str = ""
    """the game's options as a JSON object, e.g. '{"rounds": 5}'"""
    opponents: str = ""
    """comma-separated bots; the envs are split evenly between them. Empty: random and the game's bots (for
    Osaka random,greedy: greedy alone wins too often early on for a terminal reward to teach much; random
    beside it gives the first signal)"""
    total_timesteps: int = 1_000_000
    num_envs: int = 32
    num_steps: int = 128
    """steps per env per update"""
    learning_rate: float = 3e-4
    anneal_lr: bool = True
    gamma: float = 0.99
    gae_lambda: float = 0.95
    num_minibatches: int = 8
    update_epochs: int = 4
    norm_adv: bool = True
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128
    torch_threads: int = 1
    """1 leaves the other core to the JVM's env workers"""
    env_threads: int = 0
    """threads of the JVM's vector envs (0: all cores but one)"""
    eval_every: int = 100_000
    eval_games: int = 100
    """games per opponent at each evaluation (0: no evaluations, no checkpoints)"""
    final_eval_games: int = 1000
    """games per opponent of the final evaluation of best.pt (0: none)"""
    eval_opponents: str = ""
    """comma-separated bots; empty: random and the game's bots"""
    out: str = "runs/torch-ppo"
    progress: bool = True
    self_play: bool = False
    """train against frozen snapshots of the policy itself (a pool over kaisen.multi_agent_vector_env), with
    --self-play-share of the envs; the others play --opponents in the JVM"""
    self_play_share: float = 0.5
    pool_size: int = 8
    """snapshots kept (the newest)"""
    snapshot_every: int = 10
    """updates between two snapshots added to the pool"""
    max_seconds: float = 0.0
    """stop after the first update that ends past this much training time (0: run all total_timesteps);
    the checkpoints and the final evaluation follow as usual"""


def layer_init(layer: nn.Linear, std: float = float(np.sqrt(2)), bias: float = 0.0) -> nn.Linear:
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


class Agent(nn.Module):
    """Actor-critic MLP: a shared tanh trunk, a policy head (one logit per action) and a value head."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.trunk = nn.Sequential(
            layer_init(nn.Linear(obs_size, hidden)), nn.Tanh(),
            layer_init(nn.Linear(hidden, hidden)), nn.Tanh(),
        )
        self.actor = layer_init(nn.Linear(hidden, num_actions), std=0.01)
        self.critic = layer_init(nn.Linear(hidden, 1), std=1.0)

    def get_value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(self.trunk(x)).squeeze(-1)

    def masked_logp(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Log-probabilities with illegal actions at -inf, and the value (``mask``: Kaisen's int8
        masks, 1 where legal, or bools)."""
        mask = mask.bool()
        h = self.trunk(x)
        logits = self.actor(h).masked_fill(~mask, float("-inf"))
        return torch.log_softmax(logits, dim=-1), self.critic(h).squeeze(-1)

    def get_action_and_value(self, x, mask, action=None, generator=None):
        logp_all, value = self.masked_logp(x, mask)
        probs = logp_all.exp()
        if action is None:
            action = torch.multinomial(probs, 1, generator=generator).squeeze(-1)
        logp = logp_all.gather(-1, action.unsqueeze(-1)).squeeze(-1)
        entropy = -(probs * logp_all.masked_fill(~mask.bool(), 0.0)).sum(-1)
        return action, logp, entropy, value


class TorchPolicy:
    """A trained :class:`Agent` as a ``kaisen.evaluate`` policy: the most likely legal action, batched."""

    batched = True

    def __init__(self, agent: Agent, name: str = "torch-ppo") -> None:
        self.agent = agent
        self.name = name

    @torch.no_grad()
    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logp, _ = self.agent.masked_logp(torch.as_tensor(obs), torch.as_tensor(mask))
        return logp.argmax(-1).numpy()


def game_options(args: Args) -> dict:
    """The game's options from ``--config`` (keyword arguments of the kaisen calls)."""
    options = json.loads(args.config) if args.config else {}
    if not isinstance(options, dict):
        raise ValueError(f"--config must be a JSON object, not {args.config!r}")
    return options


def game_kwargs(args: Args) -> dict:
    """What every kaisen call of this run takes to name the game: id, player count, options."""
    return {"game": args.game, "num_players": args.num_players or None, **game_options(args)}


def check_layout(ckpt: dict, path: str | Path = "checkpoint") -> kaisen.Spec:
    """This build's spec of the checkpoint's game, config and view, after checking that its layout
    hash is the one the checkpoint recorded (a ``ValueError`` naming both if not: the network would
    read other values than it was trained on). A checkpoint without a recorded hash (older than
    layout hashes) is accepted with a warning when its sizes fit, else refused."""
    config = dict(ckpt["config"])
    players = config.pop("players", None)
    spec = kaisen.spec(ckpt["game"], num_players=players, view=ckpt.get("view"), **config)
    recorded = ckpt.get("layout_hash")
    where = f"{ckpt['game']} {json.dumps(ckpt['config'], sort_keys=True)}, view {spec.view}"
    if recorded is None:
        if (ckpt["obs_size"], ckpt["num_actions"]) != (spec.observation_size, spec.num_actions):
            raise ValueError(f"{path} records no layout hash and its network ({ckpt['obs_size']} inputs, "
                             f"{ckpt['num_actions']} actions) does not fit {where} ({spec.observation_size}, "
                             f"{spec.num_actions}, layout {spec.layout_hash})")
        warnings.warn(f"{path} records no layout hash: its sizes fit {where}, but whether its inputs mean the "
                      "same could not be checked", stacklevel=3)
    elif recorded != spec.layout_hash:
        raise ValueError(f"{path} was trained on layout {recorded} of {where}, but this build lays it out as "
                         f"{spec.layout_hash}: the observation segments or the action table changed; retrain, "
                         "or use the Kaisen version it was trained with")
    return spec


def load_policy(path: str | Path, name: str = "torch-ppo") -> TorchPolicy:
    """A policy from a checkpoint written by :func:`train` (its game: ``checkpoint["args"]["game"]``),
    after :func:`check_layout`."""
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    check_layout(ckpt, path)
    a = ckpt["args"]
    agent = Agent(ckpt["obs_size"], ckpt["num_actions"], a["hidden"])
    agent.load_state_dict(ckpt["model"])
    agent.eval()
    return TorchPolicy(agent, name)


def _save(path: Path, payload: dict) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    torch.save(payload, tmp)
    os.replace(tmp, path)  # atomic: a killed run leaves the old or the new file


def bot_names(names: str, game: str) -> list[str]:
    """The comma-separated names, or when empty ``random`` and the game's own bots."""
    listed = [o.strip() for o in names.split(",") if o.strip()]
    return listed or ["random", *kaisen.game_info(game).bots]


class _Pool:
    """One ``kaisen.vector_env`` per opponent; observations concatenated in that order."""

    def __init__(self, args: Args) -> None:
        names = bot_names(args.opponents, args.game)
        if not names or args.num_envs < len(names):
            raise ValueError(f"need at least one env per opponent ({names}), have {args.num_envs} envs")
        sizes = [args.num_envs // len(names) + (1 if i < args.num_envs % len(names) else 0) for i in range(len(names))]
        self.names = names
        self.seeds = [kaisen.derive_seed(args.seed, 100 + k) for k in range(len(names))]
        self.envs = [
            kaisen.vector_env(num_envs=n, opponents=o, seed=s, threads=args.env_threads, **game_kwargs(args))
            for o, n, s in zip(names, sizes, self.seeds)
        ]
        self.bounds = np.cumsum([0] + sizes)
        self.opponent_of = np.repeat(np.arange(len(names)), sizes)

    def reset(self):
        obs = [e.reset(seed=s)[0] for e, s in zip(self.envs, self.seeds)]
        return np.concatenate(obs), np.concatenate([e.action_masks() for e in self.envs])

    def step(self, actions: np.ndarray):
        obs, rew, done, finals = [], [], [], []
        for k, e in enumerate(self.envs):
            o, r, term, trunc, info = e.step(actions[self.bounds[k]:self.bounds[k + 1]])
            obs.append(o)
            rew.append(r)  # views; the concatenation below copies them
            d = term | trunc
            done.append(d)
            if d.any():
                fin = info["final_info"]
                for i in np.flatnonzero(d):
                    w = fin["winners"][i]
                    seat = fin["learner_seat"][i]
                    finals.append((k, float(w[seat]) / max(1, int(w.sum())), float(fin["episode_return"][i])))
        masks = np.concatenate([e.action_masks() for e in self.envs])
        return np.concatenate(obs), np.concatenate(rew), np.concatenate(done), masks, finals

    def close(self) -> None:
        for e in self.envs:
            e.close()


class SnapshotPolicy:
    """A frozen copy of the agent as a batched opponent: it samples from its masked policy."""

    batched = True

    def __init__(self, agent: Agent, generator: torch.Generator, name: str) -> None:
        self.agent = copy.deepcopy(agent).eval()
        for p in self.agent.parameters():
            p.requires_grad_(False)
        self.generator = generator
        self.name = name

    @torch.no_grad()
    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logp, _ = self.agent.masked_logp(torch.as_tensor(obs), torch.as_tensor(mask))
        return torch.multinomial(logp.exp(), 1, generator=self.generator).squeeze(-1).numpy()


class _SelfPlayPool:
    """Self-play with a snapshot pool over one ``kaisen.multi_agent_vector_env`` (``--self-play``).

    A share of the envs (``--self-play-share``) plays frozen snapshots of the learner itself: each
    such env draws its learner seat and one snapshot from the pool (the newest
    ``--pool-size``, one added every ``--snapshot-every`` updates) at every episode start, and the
    snapshot answers every other seat, in Python, batched. The other envs play the bots
    (``--opponents``) inside the JVM, the learner at seat ``i % players`` of env i. Each call of
    :meth:`step` plays the learner's action in every env, then the opponents' turns (stepping
    only the envs where a snapshot is to act), until the learner is to act again everywhere; the
    learner's reward is its seat's, summed over those turns. Same interface as :class:`_Pool`.
    """

    def __init__(self, args: Args, agent: Agent, generator: torch.Generator) -> None:
        bots = [o.strip() for o in args.opponents.split(",") if o.strip()] if args.opponents else \
            ["random", *kaisen.game_info(args.game).bots]
        n = args.num_envs
        if not 0 < args.self_play_share <= 1:
            raise ValueError(f"--self-play-share must be in (0, 1], not {args.self_play_share}")
        n_self = max(1, min(n, round(n * args.self_play_share)))
        n_bots = n - n_self
        if n_bots and not bots:
            raise ValueError("--self-play-share below 1 needs bots to fill the other envs (--opponents)")
        self.players = kaisen.spec(**game_kwargs(args)).players
        self.names = ["self-play"] + (bots if n_bots else [])
        # env i < n_self: every seat answered here; the others: bot k at every seat but the learner's
        self.group = np.zeros(n, dtype=np.int64)
        patterns = [[None] * self.players for _ in range(n_self)]
        for j in range(n_bots):
            i, k = n_self + j, j % len(bots)
            self.group[i] = 1 + k
            seat = i % self.players
            patterns.append([None if s == seat else bots[k] for s in range(self.players)])
        self.env = kaisen.multi_agent_vector_env(num_envs=n, jvm_seats=patterns, seed=kaisen.derive_seed(args.seed, 100),
                                                 reward_mode="terminal", threads=args.env_threads,
                                                 **game_kwargs(args))
        self.rng = np.random.default_rng(kaisen.derive_seed(args.seed, 101))
        self.generator = generator
        self.pool_size = args.pool_size
        self.snapshots: list[SnapshotPolicy] = []
        self.add_snapshot(agent, 0)
        self.n_self = n_self
        self.learner = np.where(np.arange(n) < n_self, 0, np.arange(n) % self.players)
        # each env's snapshot for its episode (the object: trimming the pool does not change it)
        self.opponent = np.empty(n, dtype=object)
        self.seed = kaisen.derive_seed(args.seed, 100)

    def add_snapshot(self, agent: Agent, step: int) -> None:
        self.snapshots.append(SnapshotPolicy(agent, self.generator, f"snapshot@{step}"))
        self.snapshots = self.snapshots[-self.pool_size:]

    def _new_episodes(self, rows: np.ndarray) -> None:
        """Learner seat and snapshot for the self-play envs among ``rows`` (just reset)."""
        rows = rows[rows < self.n_self]
        self.learner[rows] = self.rng.integers(0, self.players, len(rows))
        picks = self.rng.integers(0, len(self.snapshots), len(rows))
        for i, k in zip(rows.tolist(), picks.tolist()):
            self.opponent[i] = self.snapshots[k]

    def _advance(self, obs, infos, reward, done, finals):
        """Plays the snapshots' turns until the learner is to act in every env."""
        actions = np.full(self.env.num_envs, -1, dtype=np.int64)
        while True:
            seat = infos["seat"]
            waiting = seat != self.learner
            if not waiting.any():
                return obs, infos
            actions.fill(-1)
            rows = np.flatnonzero(waiting)
            for snapshot in {id(o): o for o in self.opponent[rows]}.values():
                mine = rows[np.array([o is snapshot for o in self.opponent[rows]])]
                actions[mine] = snapshot(obs[mine], infos["action_mask"][mine])
            obs, rewards, term, trunc, infos = self.env.step(actions)
            self._collect(rewards, term | trunc, infos, reward, done, finals)

    def _collect(self, rewards, ended, infos, reward, done, finals) -> None:
        reward += rewards[np.arange(len(reward)), self.learner]
        if ended.any():
            rows = np.flatnonzero(ended)
            fin = infos["final_info"]
            for i in rows.tolist():
                w = fin["winners"][i]
                seat = int(self.learner[i])
                finals.append((int(self.group[i]), float(w[seat]) / max(1, int(w.sum())),
                               float(fin["returns"][i][seat])))
            done[rows] = True
            self._new_episodes(rows)

    def reset(self):
        obs, infos = self.env.reset(seed=self.seed)
        self._new_episodes(np.arange(self.env.num_envs))
        n = self.env.num_envs
        obs, infos = self._advance(obs, infos, np.zeros(n, np.float32), np.zeros(n, bool), [])
        self.infos = infos
        return obs.copy(), infos["action_mask"].copy()

    def step(self, actions: np.ndarray):
        n = self.env.num_envs
        reward = np.zeros(n, dtype=np.float32)
        done = np.zeros(n, dtype=bool)
        finals: list = []
        obs, rewards, term, trunc, infos = self.env.step(np.asarray(actions, dtype=np.int64))
        self._collect(rewards, term | trunc, infos, reward, done, finals)
        obs, infos = self._advance(obs, infos, reward, done, finals)
        return obs.copy(), reward, done, infos["action_mask"].copy(), finals

    def close(self) -> None:
        self.env.close()


def evaluate_policy(policy: TorchPolicy, args: Args, games: int, seed: int) -> kaisen.EvaluationReport:
    """``policy`` against each of ``args.eval_opponents`` (empty: random and the game's bots) in ``args``'s game."""
    return kaisen.evaluate(policy, opponents=bot_names(args.eval_opponents, args.game), games=games, seed=seed,
                           **game_kwargs(args))


def train(args: Args) -> tuple[Agent, Path]:
    """Trains a masked-PPO :class:`Agent` as ``args`` say; returns it (its last weights) and the run
    folder ``args.out`` (metrics, evaluations, checkpoints, learning curve: see the module)."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.torch_threads)
    gen = torch.Generator().manual_seed(args.seed)

    spec = kaisen.spec(**game_kwargs(args))
    obs_size, num_actions = spec.observation_size, spec.num_actions
    batch_size = args.num_envs * args.num_steps
    if batch_size % args.num_minibatches:
        raise ValueError(f"num_minibatches {args.num_minibatches} must divide the batch ({batch_size})")
    minibatch = batch_size // args.num_minibatches
    num_updates = max(1, args.total_timesteps // batch_size)

    agent = Agent(obs_size, num_actions, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    pool = _SelfPlayPool(args, agent, gen) if args.self_play else _Pool(args)

    T, N = args.num_steps, args.num_envs
    obs_buf = torch.zeros((T, N, obs_size))
    mask_buf = torch.zeros((T, N, num_actions), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    metrics_f = (out / "metrics.csv").open("w", newline="")
    metrics = csv.writer(metrics_f)
    metrics.writerow(["step", "seconds", "steps_per_s", "env_share", "episodes", "win_rate"]
                     + [f"win_rate_vs_{n}" for n in pool.names]
                     + ["policy_loss", "value_loss", "entropy", "approx_kl", "clip_fraction", "learning_rate"])
    eval_f = (out / "eval.csv").open("w", newline="")
    evals = csv.writer(eval_f)
    # the columns of the Java trainer's eval.csv (kaisen.plots reads either)
    evals.writerow(["step", "opponent", "games", "win_rate", "win_rate_low", "win_rate_high", "mean_score",
                    "opponent_mean_score"])
    recent = [[] for _ in pool.names]
    episodes = 0
    best = -1.0
    global_step = 0
    next_eval = args.eval_every
    start = time.time()
    env_time = 0.0

    next_obs_np, next_mask_np = pool.reset()
    next_obs = torch.as_tensor(next_obs_np)  # the pool's arrays are fresh copies, not shared memory
    next_mask = torch.as_tensor(next_mask_np)
    bar = tqdm(total=num_updates * batch_size, unit="step", disable=not args.progress, desc="ppo")
    try:
        for update in range(1, num_updates + 1):
            if args.anneal_lr:
                optimizer.param_groups[0]["lr"] = args.learning_rate * (1.0 - (update - 1.0) / num_updates)
            t_iter = time.time()
            env_iter = 0.0
            for t in range(T):
                obs_buf[t] = next_obs
                mask_buf[t] = next_mask
                with torch.no_grad():
                    action, logp, _, value = agent.get_action_and_value(next_obs, next_mask, generator=gen)
                act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
                t0 = time.time()
                o, r, d, m, finals = pool.step(action.numpy())
                env_iter += time.time() - t0
                rew_buf[t] = torch.as_tensor(r)
                done_buf[t] = torch.as_tensor(d, dtype=torch.float32)
                next_obs = torch.as_tensor(o)
                next_mask = torch.as_tensor(m)
                for k, share, _ in finals:
                    recent[k] = (recent[k] + [share])[-500:]
                    episodes += 1
            # GAE: done_buf[t] = the episode ended with step t, so step t does not bootstrap
            with torch.no_grad():
                next_value = agent.get_value(next_obs)
                adv = torch.zeros_like(rew_buf)
                last = torch.zeros(N)
                for t in reversed(range(T)):
                    nv = next_value if t == T - 1 else val_buf[t + 1]
                    not_done = 1.0 - done_buf[t]
                    delta = rew_buf[t] + args.gamma * nv * not_done - val_buf[t]
                    last = delta + args.gamma * args.gae_lambda * not_done * last
                    adv[t] = last
                ret = adv + val_buf

            b_obs, b_mask = obs_buf.reshape(-1, obs_size), mask_buf.reshape(-1, num_actions)
            b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
            b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
            stats = np.zeros(5)
            n_stats = 0
            for _ in range(args.update_epochs):
                perm = torch.randperm(batch_size, generator=gen)
                for s in range(0, batch_size, minibatch):
                    idx = perm[s:s + minibatch]
                    _, new_logp, entropy, new_value = agent.get_action_and_value(b_obs[idx], b_mask[idx], b_act[idx])
                    log_ratio = new_logp - b_logp[idx]
                    ratio = log_ratio.exp()
                    mb_adv = b_adv[idx]
                    if args.norm_adv:
                        mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                    pg_loss = torch.max(-mb_adv * ratio,
                                        -mb_adv * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)).mean()
                    v_loss = 0.5 * ((new_value - b_ret[idx]) ** 2).mean()
                    ent = entropy.mean()
                    loss = pg_loss - args.ent_coef * ent + args.vf_coef * v_loss
                    optimizer.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                    optimizer.step()
                    with torch.no_grad():
                        kl = ((ratio - 1) - log_ratio).mean().item()
                        clipped = ((ratio - 1).abs() > args.clip_coef).float().mean().item()
                    stats += [pg_loss.item(), v_loss.item(), ent.item(), kl, clipped]
                    n_stats += 1
            stats /= max(1, n_stats)
            global_step += batch_size
            env_time += env_iter
            dt = time.time() - t_iter
            wins = [float(np.mean(r)) if r else float("nan") for r in recent]
            all_recent = [x for r in recent for x in r]
            win_all = float(np.mean(all_recent)) if all_recent else float("nan")
            metrics.writerow([global_step, round(time.time() - start, 2), round(batch_size / dt, 1),
                              round(env_iter / dt, 4), episodes, round(win_all, 4)] + [round(w, 4) for w in wins]
                             + [round(x, 5) for x in stats] + [optimizer.param_groups[0]["lr"]])
            metrics_f.flush()
            if args.self_play and update % args.snapshot_every == 0:
                pool.add_snapshot(agent, global_step)
            bar.update(batch_size)
            bar.set_postfix(sps=f"{batch_size / dt:.0f}", win=f"{win_all:.2f}")
            out_of_time = args.max_seconds > 0 and time.time() - start >= args.max_seconds
            last_update = update == num_updates or out_of_time
            if args.eval_games > 0 and (global_step >= next_eval or last_update):
                while next_eval <= global_step:
                    next_eval += args.eval_every
                agent.eval()
                report = evaluate_policy(TorchPolicy(agent), args, args.eval_games, kaisen.derive_seed(args.seed, 3))
                agent.train()
                for r in report.results:
                    evals.writerow([global_step, r.opponent, r.games, round(r.win_rate, 4), round(r.ci_low, 4),
                                    round(r.ci_high, 4), round(r.mean_score, 3), round(r.opponent_mean_score, 3)])
                eval_f.flush()
                score = float(np.mean([r.win_rate for r in report.results]))
                payload = {"model": agent.state_dict(), "optimizer": optimizer.state_dict(),
                           "args": dataclasses.asdict(args), "global_step": global_step,
                           "game": spec.game, "config": dict(spec.config), "view": spec.view,
                           "obs_size": obs_size, "num_actions": num_actions, "layout_hash": spec.layout_hash,
                           "eval_score": score}
                _save(out / "last.pt", payload)
                if score > best:
                    best = score
                    _save(out / "best.pt", payload)
                bar.write(f"step {global_step}: " + ", ".join(
                    f"vs {r.opponent} {100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}]"
                    for r in report.results))
            if out_of_time:
                bar.write(f"--max-seconds {args.max_seconds:g} reached after {global_step} steps")
                break
    finally:
        bar.close()
        metrics_f.close()
        eval_f.close()
        pool.close()
    seconds = time.time() - start
    summary = {"steps": global_step, "seconds": round(seconds, 1), "steps_per_s": round(global_step / seconds, 1),
               "env_share": round(env_time / seconds, 3)}
    (out / "train_summary.json").write_text(json.dumps(summary, indent=2))
    learning_curve(out)
    return agent, out
