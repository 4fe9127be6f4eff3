"""Plots of training runs and leaderboards: ``python -m kaisen.plots RUN_DIR`` writes ``RUN_DIR/learning_curve.png``.

``python -m kaisen.plots leaderboard DIR`` writes ``DIR/leaderboard.png`` from ``DIR/leaderboard.json``
(``./kaisen leaderboard``): each agent's Elo rating with its 95% interval, best first. (A run folder
named ``leaderboard`` is given as ``./leaderboard``.)

A run folder (from ``./kaisen train`` or ``python/examples/ppo_masked.py``) holds
``eval.csv`` (step, opponent, games, win_rate, win_rate_low, win_rate_high, mean_score,
opponent_mean_score; the scores are the game's own, e.g. VP) and ``metrics.csv`` (one row per
update with ``step`` and ``win_rate_vs_<opponent>`` columns).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import warnings
from collections import defaultdict
from pathlib import Path

from matplotlib.figure import Figure


def _read(path: Path, numbers: tuple[str, ...]) -> list[dict[str, str]]:
    """The complete rows of a run's CSV file. A row cut short by an interrupted write (fewer or
    more fields than the header, or a field in ``numbers`` that is not a number) is skipped with
    a warning naming the file and its line, so a half-written file still plots."""
    if not path.exists():
        return []
    rows = []
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        for row in reader:
            complete = None not in row and all(v is not None for v in row.values())
            if complete:
                try:
                    for name in numbers:
                        float(row[name])
                except (KeyError, ValueError):
                    complete = False
            if complete:
                rows.append(row)
            else:
                warnings.warn(f"{path}: line {reader.line_num} is incomplete or malformed and was skipped",
                              stacklevel=3)
    return rows


def learning_curve(run_dir: str | Path, out: str | Path | None = None, ax=None):
    """Evaluation win rate against each bot (with its 95% interval) and the training win rate, by step.

    Returns the matplotlib Axes; saves a PNG to ``out`` (default ``RUN_DIR/learning_curve.png``)
    unless an ``ax`` was given.
    """
    run = Path(run_dir)
    evals = _read(run / "eval.csv", ("step", "win_rate", "win_rate_low", "win_rate_high"))
    metrics = _read(run / "metrics.csv", ("step",))
    if not evals and not metrics:
        raise FileNotFoundError(f"{run} has neither eval.csv nor metrics.csv")
    own = ax is None
    if own:
        # a Figure without pyplot: no backend is touched, so notebooks keep theirs
        fig = Figure(figsize=(8, 4.5))
        ax = fig.add_subplot()
    by_opponent: dict[str, list[tuple[int, float, float, float]]] = defaultdict(list)
    for row in evals:
        by_opponent[row["opponent"]].append((int(row["step"]), float(row["win_rate"]),
                                             float(row["win_rate_low"]), float(row["win_rate_high"])))
    for opponent, rows in by_opponent.items():
        rows.sort()
        steps = [r[0] for r in rows]
        line, = ax.plot(steps, [r[1] for r in rows], marker="o", markersize=3, label=f"eval vs {opponent}")
        ax.fill_between(steps, [r[2] for r in rows], [r[3] for r in rows], color=line.get_color(), alpha=0.2)
    if metrics:
        for column in metrics[0]:
            if column.startswith("win_rate_vs_"):
                pts = [(int(r["step"]), float(r[column])) for r in metrics if r[column] not in ("", "NaN", "nan")]
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], linewidth=0.8, alpha=0.6, linestyle="--",
                            label=f"training vs {column[len('win_rate_vs_'):]}")
    ax.set_xlabel("learner steps")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(f"Learning curve: {run.name}")
    if own:
        target = Path(out) if out else run / "learning_curve.png"
        fig.tight_layout()
        fig.savefig(target, dpi=120)
    return ax


def leaderboard(board_dir: str | Path, out: str | Path | None = None, ax=None):
    """Each rated agent's Elo with its 95% interval from ``leaderboard.json``, best at the top.

    Returns the matplotlib Axes; saves a PNG to ``out`` (default ``DIR/leaderboard.png``) unless an
    ``ax`` was given. The ratings are drawn as ``./kaisen leaderboard`` fitted them; nothing is refitted.
    """
    folder = Path(board_dir)
    path = folder / "leaderboard.json"
    try:
        board = json.loads(path.read_text(encoding="utf-8"))
        ratings = board["ratings"]
        rows = [(r["agent"], float(r["elo"]), float(r["eloLow"]), float(r["eloHigh"])) for r in ratings]
    except FileNotFoundError:
        raise FileNotFoundError(f"{path} does not exist (./kaisen leaderboard --out {folder} writes it)") from None
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path} is not a leaderboard written by ./kaisen leaderboard: {e}") from None
    if not rows:
        raise ValueError(f"{path} has no ratings yet (no pairing has been played)")
    own = ax is None
    if own:
        fig = Figure(figsize=(8, 0.9 + 0.42 * len(rows)))
        ax = fig.add_subplot()
    y = list(range(len(rows)))[::-1]
    elo = [r[1] for r in rows]
    ax.errorbar(elo, y, xerr=[[r[1] - r[2] for r in rows], [r[3] - r[1] for r in rows]], fmt="o", capsize=3)
    ax.set_yticks(y, [r[0] for r in rows], fontsize=8)
    ax.axvline(1500, color="grey", linewidth=0.6, linestyle=":")
    ax.set_xlabel("Elo (Bradley-Terry, 95% interval)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"Leaderboard: {board.get('game', '?')}, {board.get('players', '?')} players, "
                 f"{board.get('gamesPerPairing', '?')} games per pairing"
                 + ("" if board.get("complete", True) else " (unfinished)"), fontsize=10)
    if own:
        target = Path(out) if out else folder / "leaderboard.png"
        fig.tight_layout()
        fig.savefig(target, dpi=120)
    return ax


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["leaderboard"]:
        p = argparse.ArgumentParser(prog="python -m kaisen.plots leaderboard",
                                    description="Plot DIR/leaderboard.json's ratings as DIR/leaderboard.png.")
        p.add_argument("board_dir", type=Path)
        p.add_argument("--out", type=Path, default=None, help="PNG path (default DIR/leaderboard.png)")
        a = p.parse_args(argv[1:])
        leaderboard(a.board_dir, a.out)
        print(f"leaderboard plot written to {a.out or a.board_dir / 'leaderboard.png'}")
        return 0
    p = argparse.ArgumentParser(prog="python -m kaisen.plots", description=__doc__.splitlines()[0])
    p.add_argument("run_dir", type=Path)
    p.add_argument("--out", type=Path, default=None, help="PNG path (default RUN_DIR/learning_curve.png)")
    a = p.parse_args(argv)
    learning_curve(a.run_dir, a.out)
    print(f"learning curve written to {a.out or a.run_dir / 'learning_curve.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
