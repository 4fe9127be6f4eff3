"""Expectimax on explicit chance nodes: exact expected values where chance matters.

A game dealt with ``chance="explicit"`` makes every random event (a card drawn, a die rolled) a
node of its own, whose outcomes and exact probabilities ``State.chance_outcomes()`` lists. This
search values a chance node as the probability-weighted mean of its outcomes' values and a
decision node as the best child for the seat to act (max^n: each seat maximizes its own
return), down to ``depth`` decisions; the chance nodes between them cost no depth. Below the
horizon a state is valued by ``leaf`` (by default its zero-sum returns, which are 0 before the
end: only the finished games count).

Compare ``mcts.py``, which samples worlds (determinizations) instead of weighing outcomes: it
scales to long games but estimates; expectimax is exact and exponential, for endgames and
short horizons::

    python examples/expectimax.py --game floating-market --seed 8 --depth 1

plays a random explicit game from ``--seed`` until the last decision before the game's final
roll and prints each move's exact expected return for the seat to act.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import kaisen

Values = list[float]


def expectimax(state: kaisen.State, depth: int,
               leaf: Callable[[kaisen.State], Values] | None = None) -> tuple[Values, int | None]:
    """The exact expected returns of ``state`` (one per seat) searching ``depth`` decisions deep,
    and the best action of the seat to act (None at a chance node or a terminal state).

    ``state`` is not changed (children are new states)."""
    leaf = leaf or (lambda s: s.returns())
    if state.is_terminal():
        return state.returns(), None
    if state.is_chance_node():
        total = [0.0] * state.num_players
        for outcome, p in state.chance_outcomes():
            values, _ = expectimax(state.child(outcome), depth, leaf)
            total = [t + p * v for t, v in zip(total, values)]
        return total, None
    if depth <= 0:
        return leaf(state), None
    seat = state.current_player()
    best: tuple[Values, int | None] = ([float("-inf")] * state.num_players, None)
    for action in state.legal_actions():
        values, _ = expectimax(state.child(action), depth - 1, leaf)
        if best[1] is None or values[seat] > best[0][seat]:
            best = (values, action)
    return best


def action_values(state: kaisen.State, depth: int) -> dict[int, float]:
    """Each legal action's exact expected return for the seat to act, searching ``depth`` decisions
    (the action itself counts as one)."""
    seat = state.current_player()
    return {a: expectimax(state.child(a), depth - 1)[0][seat] for a in state.legal_actions()}


def last_decision_before_the_end(game: str, seed: int, num_players: int | None = None) -> kaisen.State:
    """The last decision node of a random explicit game from ``seed`` (random moves, chance outcomes
    drawn by their probabilities): an endgame in which only chance may remain after the move."""
    s, _ = kaisen.State.deal(game, num_players=num_players, seed=seed, chance="explicit")
    r = random.Random(seed)
    last = None
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply(r.choices(outcomes, probs)[0])
        else:
            last = s.clone()
            s.apply(r.choice(s.legal_actions()))
    if last is None:
        raise ValueError(f"the game from seed {seed} had no decision")
    return last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=kaisen.DEFAULT_GAME)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--depth", type=int, default=1)
    args = parser.parse_args()
    state = last_decision_before_the_end(args.game, args.seed, args.players)
    print(state.render(state.current_player()))
    values = action_values(state, args.depth)
    for a, v in sorted(values.items(), key=lambda kv: -kv[1]):
        print(f"{state.action_name(a):24s} {v:+.4f}")


if __name__ == "__main__":
    main()
