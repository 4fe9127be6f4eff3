"""Evaluate policies against Kaisen's bots: ``kaisen.evaluate``, for any registered game.

A *policy*, on either side (the evaluated one and the opponents), is

- a Python callable ``policy(observation, mask) -> action`` on one observation
  (``float32[spec.observation_size]``) and its legal-action mask (``int8[spec.num_actions]``,
  1 where legal); set ``policy.batched = True`` to receive ``float32[B, observation_size]`` and
  ``int8[B, num_actions]`` and return ``B`` actions at once;
- a Stable-Baselines3 / sb3-contrib model, or anything else with
  ``predict(observation, action_masks=..., deterministic=...)`` (called batched, deterministic); or
- an agent name the JVM knows for the game: ``"greedy"``, ``"ismcts:200"``,
  ``"dl4j:runs/osaka-ppo/best.zip"`` (``kaisen.spec(game).agents`` lists the forms).

(:mod:`kaisen.policies` says the same.) A Python policy against a named opponent plays in the
single-learner vector env, the opponents in the JVM; a Python policy on the opponent's side (or
a named policy against one) plays in the multi-agent vector env, each side's Python policy called
once per step on its rows.

Several policies are compared in one call by passing a mapping ``{label: policy}``. Every
policy plays the same games: game ``i`` puts it at seat ``i % num_players`` against copies of
the opponent, dealt from ``derive_seed(seed, i)`` (the Java ``SeatEvaluation`` does the same
for named agents), so results are directly comparable. Scores are the game's own (its
``spec.score_name``, e.g. VP).
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Union

import numpy as np

from . import _jvm
from ._args import MAX_GAMES, MAX_THREADS, java_int
from .games import DEFAULT_GAME
from .seeding import derive_seed, to_java_long
from .spec import config_json, spec
from . import policies as _policies
from .multi_agent_env import KaisenMultiAgentVectorEnv
from .vector_env import KaisenVectorEnv

Policy = Union[str, Callable[..., Any], Any]


def wilson_interval(wins: float, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a win rate of ``wins`` out of ``games``."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True)
class EvalResult:
    """One policy against one opponent."""

    policy: str
    opponent: str
    games: int
    wins: float  # a win shared by k players counts 1/k
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    """the policy's mean final score (the game's score: ``EvaluationReport.score_name``)"""
    opponent_mean_score: float
    """the opponents' mean final score (averaged over the other seats, then over games)"""
    seat_games: tuple[int, ...]
    seat_win_rates: tuple[float, ...]

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(repr=False)
class EvaluationReport:
    """All results of one :func:`evaluate` call."""

    game: str
    num_players: int
    seed: int
    score_name: str
    results: list[EvalResult] = field(default_factory=list)

    def get(self, policy: str, opponent: str) -> EvalResult:
        for r in self.results:
            if r.policy == policy and r.opponent == opponent:
                return r
        raise KeyError(f"no result for policy {policy!r} against {opponent!r}")

    def table(self) -> str:
        score, opp = self.score_name[:8], f"opp {self.score_name}"[:12]
        w = max(6, len(score))
        head = f"{'policy':<24} {'opponent':<14} {'games':>6} {'win rate':>9} {'95% CI':>17} {score:>{w}} {opp:>12}"
        rows = [head]
        for r in self.results:
            rows.append(
                f"{r.policy:<24.24} {r.opponent:<14.14} {r.games:>6} {100 * r.win_rate:>8.1f}% "
                f"[{100 * r.ci_low:5.1f}, {100 * r.ci_high:5.1f}] {r.mean_score:>{w}.2f} {r.opponent_mean_score:>12.2f}"
            )
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.table()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        esc = html.escape
        cells = "".join(
            f"<tr><td>{esc(r.policy)}</td><td>{esc(r.opponent)}</td><td>{r.games}</td><td>{100 * r.win_rate:.1f}%</td>"
            f"<td>[{100 * r.ci_low:.1f}%, {100 * r.ci_high:.1f}%]</td><td>{r.mean_score:.2f}</td>"
            f"<td>{r.opponent_mean_score:.2f}</td></tr>"
            for r in self.results
        )
        return ("<table><tr><th>policy</th><th>opponent</th><th>games</th><th>win rate</th><th>95% CI (Wilson)</th>"
                f"<th>mean {esc(self.score_name)}</th><th>opponent mean {esc(self.score_name)}</th></tr>"
                f"{cells}</table>")


_label = _policies.label


def _labelled(items: Any, what: str) -> dict[str, Policy]:
    """``{label: policy}`` from a mapping, one policy, or an iterable of them (labels made unique)."""
    if isinstance(items, Mapping):
        out = dict(items)
    else:
        seq = [items] if isinstance(items, str) or not isinstance(items, Iterable) else list(items)
        out = {}
        for p in seq:
            name, k = _label(p), 2
            while name in out:
                name, k = f"{_label(p)}#{k}", k + 1
            out[name] = p
    if not out:
        raise ValueError(f"{what}: none given")
    for name, p in out.items():
        if isinstance(p, str) and not p:
            raise ValueError(f"{what} {name!r}: an empty agent name")
        _policies.check(p, f"{what} {name!r}")
    return out


def evaluate(
    policy: Policy | Mapping[str, Policy],
    opponents: Policy | Iterable[Policy] | Mapping[str, Policy] | None = None,
    games: int = 1000,
    seed: int = 0,
    *,
    game: str = DEFAULT_GAME,
    num_players: int | None = None,
    view: str | None = None,
    threads: int = 0,
    progress: bool = False,
    **options: Any,
) -> EvaluationReport:
    """Win rates (with 95% Wilson intervals) of one or more policies against opponents.

    ``policy``: a callable, an SB3 model, an agent name, or ``{label: policy}`` to compare several
    in the same games. ``opponents``: the same kinds, one or a list (labelled by name) or a
    mapping ``{label: opponent}`` (default: the game's scripted bots, e.g. ``random`` and
    ``greedy``); a Python opponent fills every other seat (copies of it). ``games`` per policy
    and opponent; seats rotate.
    ``game``, ``num_players`` (default: the game's) and game ``options`` (keyword arguments)
    choose the game; ``view`` the observation view callables receive. ``progress`` shows a
    tqdm bar per evaluation.
    """
    games = java_int("games", games, 1, MAX_GAMES)  # as the CLI's eval --games
    threads = java_int("threads", threads, 0, MAX_THREADS)
    to_java_long(seed)
    policies = _labelled(policy if isinstance(policy, Mapping) else {_label(policy): policy}, "policy")
    info = spec(game, num_players=num_players, view=view, **options)  # checks the game, config and view
    if opponents is None:
        opponents = [a for a in info.agents if ":" not in a]  # the bots that take no argument
    opponent_map = _labelled(opponents, "opponent")
    setup = _Setup(game, config_json(num_players, options, game), options, info.players, view, threads)
    report = EvaluationReport(game=info.game, num_players=info.players, seed=seed, score_name=info.score_name)
    for label, p in policies.items():
        for opp_label, opponent in opponent_map.items():
            if isinstance(p, str) and isinstance(opponent, str):
                result = _evaluate_named(setup, label, p, opponent, games, seed)
            elif isinstance(opponent, str):
                result = _evaluate_callable(setup, label, p, opponent, games, seed, progress)
            else:
                result = _evaluate_match(setup, label, p, opp_label, opponent, games, seed, progress)
            report.results.append(replace(result, opponent=opp_label))
    return report


@dataclass(frozen=True)
class _Setup:
    """The game every evaluation of one call plays."""

    game: str
    config: str | None
    options: dict[str, Any]
    players: int
    view: str | None
    threads: int


def _evaluate_named(setup: _Setup, label: str, agent: str, opponent: str, games: int, seed: int) -> EvalResult:
    jvm = _jvm.acquire()
    try:
        r = json.loads(jvm.call(jvm.entry.evaluateAgent, setup.game, setup.config, agent, opponent, int(games),
                                to_java_long(seed), setup.threads))
    finally:
        _jvm.release(jvm)
    return EvalResult(
        policy=label, opponent=opponent, games=r["games"], wins=r["wins"], win_rate=r["winRate"],
        # the interval holds the rate (the bounds can miss it by a rounding error at 0 or 1)
        ci_low=min(r["winRateLow"], r["winRate"]), ci_high=max(r["winRateHigh"], r["winRate"]),
        mean_score=r["meanScore"], opponent_mean_score=r["opponentMeanScore"], seat_games=tuple(r["seatGames"]),
        seat_win_rates=tuple(w / g if g else 0.0 for w, g in zip(r["seatWins"], r["seatGames"])),
    )


def _result(label: str, opponent: str, share: np.ndarray, score: np.ndarray, opp_score: np.ndarray,
            players: int) -> EvalResult:
    """The result of ``len(share)`` games, game i with the policy at seat ``i % players``."""
    games = len(share)
    wins = float(share.sum())
    low, high = wilson_interval(wins, games)
    seat_games = tuple(len(range(s, games, players)) for s in range(players))
    seat_wins = tuple(float(share[s::players].sum()) / n if n else 0.0 for s, n in enumerate(seat_games))
    return EvalResult(
        policy=label, opponent=opponent, games=games, wins=wins, win_rate=wins / games, ci_low=low, ci_high=high,
        mean_score=float(score.mean()), opponent_mean_score=float(opp_score.mean()), seat_games=seat_games,
        seat_win_rates=seat_wins,
    )


def _ended(fin: dict[str, Any], ended: np.ndarray, ids: np.ndarray, seats: np.ndarray, share: np.ndarray,
           score: np.ndarray, opp_score: np.ndarray) -> None:
    """Scores the games ``ids[ended]`` that just ended (the policy at ``seats``): its win share
    (1/k of a win shared by k), its score, and the others' mean score, from a vector env's final info."""
    g, k = ids[ended], np.arange(len(ended))
    won = fin["winners"][ended]
    share[g] = np.where(won[k, seats], 1.0 / np.maximum(won.sum(axis=1), 1), 0.0)
    final = fin["scores"][ended].astype(np.float64)
    score[g] = final[k, seats]
    opp_score[g] = (final.sum(axis=1) - score[g]) / (final.shape[1] - 1)


#: Games played at once by one multi-agent vector env in :func:`_evaluate_match`.
_MATCH_BATCH = 1024


def _evaluate_match(setup: _Setup, label: str, policy: Policy, opp_label: str, opponent: Policy, games: int,
                    seed: int, progress: bool) -> EvalResult:
    """Game i: ``policy`` at seat ``i % players``, ``opponent`` at every other seat, dealt from
    ``derive_seed(seed, i)``, in a multi-agent vector env without auto-reset; named agents play in
    the JVM, each Python side is called once per step on its rows."""
    players = setup.players
    share, score, opp_score = np.zeros(games), np.zeros(games), np.zeros(games)
    patterns = []
    for s in range(players):
        patterns.append([(policy if isinstance(policy, str) else None) if q == s
                         else (opponent if isinstance(opponent, str) else None) for q in range(players)])
    sides = [policy, opponent]
    names = [label, opp_label]
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=games, desc=f"{label} vs {opp_label}", unit="game")
    batch = players * max(1, _MATCH_BATCH // players)  # a multiple of players: env j's seat is game j's
    try:
        for start in range(0, games, batch):
            ids = np.arange(start, min(games, start + batch))
            env = KaisenMultiAgentVectorEnv(setup.game, len(ids), num_players=players, jvm_seats=patterns,
                                            view=setup.view, seed=seed, threads=setup.threads, autoreset=False,
                                            **setup.options)
            try:
                obs, infos = env.reset(seed=[derive_seed(seed, int(i)) for i in ids])
                mine = ids % players
                live = np.ones(len(ids), dtype=np.bool_)
                actions = np.zeros(len(ids), dtype=np.int64)
                while live.any():
                    seat = infos["seat"]
                    owner = np.where(seat == mine, 0, 1)
                    owner[seat < 0] = -1
                    _policies.act(sides, owner, obs, infos["action_mask"], out=actions, labels=names)
                    obs, _, term, trunc, infos = env.step(actions)
                    ended = np.flatnonzero(term | trunc)
                    if ended.size:
                        _ended(infos["final_info"], ended, ids, mine[ended], share, score, opp_score)
                        live[ended] = False
                        if bar is not None:
                            bar.update(int(ended.size))
            finally:
                env.close()
    finally:
        if bar is not None:
            bar.close()
    return _result(label, opp_label, share, score, opp_score, players)


def _evaluate_callable(setup: _Setup, label: str, policy: Callable[..., Any], opponent: str, games: int, seed: int,
                       progress: bool) -> EvalResult:
    players = setup.players
    share = np.zeros(games)
    score = np.zeros(games)
    opp_score = np.zeros(games)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=games, desc=f"{label} vs {opponent}", unit="game")
    try:
        for seat in range(players):
            ids = np.arange(seat, games, players)
            if len(ids) == 0:
                continue
            env = KaisenVectorEnv(setup.game, len(ids), num_players=players, opponents=opponent, learner_seat=seat,
                                  view=setup.view, seed=seed, threads=setup.threads, **setup.options)
            try:
                obs, _ = env.reset(seed=[derive_seed(seed, int(i)) for i in ids])
                masks = env.action_masks()
                live = np.ones(len(ids), dtype=np.bool_)
                actions = np.zeros(len(ids), dtype=np.int64)
                while live.any():
                    actions[:] = masks.argmax(axis=1)  # envs already finished: any legal move
                    _policies.act([policy], np.where(live, 0, -1), obs, masks, out=actions, labels=[label])
                    obs, _, term, trunc, infos = env.step(actions)
                    masks = env.action_masks()
                    ended = np.flatnonzero((term | trunc) & live)
                    if ended.size:
                        _ended(infos["final_info"], ended, ids, np.full(len(ended), seat), share, score, opp_score)
                        live[ended] = False
                        if bar is not None:
                            bar.update(int(ended.size))
            finally:
                env.close()
    finally:
        if bar is not None:
            bar.close()
    return _result(label, opponent, share, score, opp_score, players)
