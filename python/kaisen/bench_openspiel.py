"""``./kaisen bench openspiel``: decisions per second of a random playout through :mod:`kaisen.openspiel`.

One loop, three subjects, one run each: a Kaisen game through OpenSpiel's API
(``kaisen.openspiel.load_game``), the same game on :class:`kaisen.State` in the explicit-chance mode
(what the wrapper adds is the difference), and OpenSpiel's C++ ``leduc_poker`` (a peer, native).
The loop plays whole games: at a chance node it samples an outcome by its probability, at a
decision node it picks a uniformly random legal action (Python's ``random``, as ``kaisen.bench``
does), and deals a new game at the end. It counts decisions (and, apart, every node, chance
included) over ``--seconds``, once every subject has been warmed up as long (the JVM's compiler
included, which the first subject would otherwise pay for).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import kaisen
from kaisen._args import config_option, seconds_option
from kaisen.bench import picker

#: A random playout's counts: (decisions, nodes), nodes counting chance nodes too.
Counts = tuple[int, int]


def _sample(outcomes: list[tuple[int, float]], r: float) -> int:
    total = 0.0
    for outcome, p in outcomes:
        total += p
        if r < total:
            return outcome
    return outcomes[-1][0]  # rounding: the sum may fall short of 1 by an ulp


def spiel_playout(new_state: Callable[[], Any]) -> Callable[[float], Counts]:
    """``run(seconds) -> (decisions, nodes)`` of random playouts of states with OpenSpiel's API."""
    pick, draw = picker(), random.Random(1).random

    def run(duration: float) -> Counts:
        end, decisions, nodes = time.perf_counter() + duration, 0, 0
        state = new_state()
        while time.perf_counter() < end:
            for _ in range(100):
                if state.is_terminal():
                    state = new_state()
                if state.is_chance_node():
                    state.apply_action(_sample(state.chance_outcomes(), draw()))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[pick(len(legal))])
                    decisions += 1
                nodes += 1
        return decisions, nodes

    return run


def kaisen_playout(game: str, players: int | None, options: dict[str, Any]) -> Callable[[float], Counts]:
    """The same loop on :class:`kaisen.State` dealt with ``chance="explicit"``."""
    pick, draw = picker(), random.Random(1).random
    first, _ = kaisen.State.deal(game, num_players=players, seed=0, chance="explicit", **options)

    def run(duration: float) -> Counts:
        end, decisions, nodes = time.perf_counter() + duration, 0, 0
        state = first.clone()
        while time.perf_counter() < end:
            for _ in range(100):
                if state.is_terminal():
                    state = first.clone()
                if state.is_chance_node():
                    state.apply(_sample(state.chance_outcomes(), draw()))
                else:
                    legal = state.legal_actions()
                    state.apply(legal[pick(len(legal))])
                    decisions += 1
                nodes += 1
        return decisions, nodes

    return run


def measure(run: Callable[[float], Counts], seconds: float) -> dict[str, float]:
    """Decisions and nodes per second of ``run`` over ``seconds`` (warm it up first)."""
    start = time.perf_counter()
    decisions, nodes = run(seconds)
    elapsed = time.perf_counter() - start
    return {"decisions_per_s": decisions / elapsed, "nodes_per_s": nodes / elapsed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kaisen bench openspiel", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default=None,
                        help="a game with the explicit-chance mode (default: the first; see kaisen.openspiel)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the game's)")
    parser.add_argument("--config", default="{}", help="game options as a JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of the measured period per subject")
    args = parser.parse_args(argv)
    seconds_option(parser, args.seconds)
    options = config_option(parser, args.config)
    try:
        import pyspiel

        from kaisen import openspiel
    except ImportError as e:
        parser.error(str(e))
    game_id = args.game or openspiel.explicit_games()[0]
    try:
        game = openspiel.load_game(game_id, players=args.players, **options)
    except ValueError as e:
        parser.error(str(e))
    players = game.num_players()
    subjects = {
        f"kaisen.openspiel {game_id} {players}p": spiel_playout(game.new_initial_state),
        f"kaisen.State {game_id} {players}p (explicit chance)": kaisen_playout(game_id, players, options),
        "pyspiel leduc_poker (a C++ game)": spiel_playout(pyspiel.load_game("leduc_poker").new_initial_state),
    }
    out: dict[str, Any] = {"benchmark": "openspiel", "game": game_id, "players": players,
                           "config": dict(game.kaisen_spec.config), "seconds": args.seconds, "results": []}
    for run in subjects.values():  # every subject warmed up before any is measured: the JVM's compiler too
        run(args.seconds)
    for name, run in subjects.items():
        result = {"subject": name, **{k: round(v) for k, v in measure(run, args.seconds).items()}}
        out["results"].append(result)
        if not args.json:
            print(f"{name:<52} {result['decisions_per_s']:>12,} decisions/s {result['nodes_per_s']:>12,} nodes/s",
                  flush=True)
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
