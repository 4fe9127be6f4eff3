"""Information-set Monte Carlo tree search over ``kaisen.State``: random rollouts, one sampled
world per iteration.

A state carries its random stream and (in the deck games) its piles in order, so ``clone()`` of
the root shares the root's future: a search over clones values each move for the one future the
true state will roll (on Floating Market, half the continuations of clones roll the very same
dice). Each iteration here searches instead a world of its own, ``state.determinize(seat,
seed_i)`` for the seat to act: the random stream restarted and the piles reshuffled (another
future), and what that seat cannot know resampled as well (the others' hands in Merchants, their
sealed bids and wheels, unseen traveller tiles and inn meals in Tokaido). That is
single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012): one tree over the
actions, each node counting how often each of its actions was available in the worlds that
reached it (``avail``), the bonus of UCB1 using that count. ``clone()`` + ``reseed(seed_i)``
would give another future too, but would keep the others' hidden cards as they truly are, so
the search would still peek. The tree branches on every action, the others' sealed choices
included, as plain single-observer ISMCTS does: it does not know them but plays as if it
would learn them. Chance needs no node of its own: it happens inside an apply, from the world's
stream.

    python examples/mcts.py --game osaka --iterations 200

plays one game, the seat to act choosing by this search each turn (``--until`` decisions at
most), and prints each choice. Each apply is one call into the JVM (about 0.1 ms), so this is
for analysis and small searches, not for training.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator

import kaisen
from kaisen.seeding import derive_seed


class Node:
    """One node of the tree (the actions played from the root): its children by action, how often
    it was visited and available, and the total returns of every seat over its simulations."""

    __slots__ = ("children", "visits", "avail", "value")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * num_players

    def ucb(self, player: int, c: float) -> float:
        """UCB1 of this node for ``player``, the bonus counting the times it could have been chosen."""
        return self.value[player] / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


def worlds(root_state: kaisen.State, count: int, seed: int) -> Iterator[kaisen.State]:
    """The worlds a search of ``count`` iterations from ``root_state`` plays, one per iteration:
    determinizations for the seat to act, each from its own seed derived from ``seed``."""
    seat = root_state.current_player()
    for i in range(count):
        yield root_state.determinize(seat, derive_seed(seed, i))


def rollout(state: kaisen.State, rng: random.Random, max_steps: int) -> list[float]:
    """Plays random legal actions on ``state`` (in place) to the end; the returns (all 0 if cut short)."""
    for _ in range(max_steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state.returns()


def mcts(root_state: kaisen.State, iterations: int, *, c: float = 1.4, seed: int = 0,
         max_rollout: int = 10_000) -> tuple[int, dict[int, tuple[int, float]]]:
    """ISMCTS from ``root_state`` (left unchanged), one world of :func:`worlds` per iteration: the
    most visited action, and for every root action its visits and mean return for the seat to act."""
    if root_state.is_terminal():
        raise ValueError("the game is over: nothing to search")
    rng = random.Random(seed)
    n = root_state.num_players
    root = Node(n)
    for state in worlds(root_state, iterations, seed):
        node, path = root, [root]
        # selection, down while every action legal in this world has a child; then one expansion
        expanded = False
        while not expanded and not state.is_terminal():
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            expanded = bool(untried)
            if expanded:
                a = rng.choice(untried)
                node.children[a] = Node(n)
            for b in legal:
                if b in node.children:
                    node.children[b].avail += 1
            if not expanded:
                p = state.current_player()
                a = max(legal, key=lambda b: node.children[b].ucb(p, c))
            state.apply(a)
            node = node.children[a]
            path.append(node)
        # simulation and backpropagation
        returns = rollout(state, rng, max_rollout)
        for m in path:
            m.visits += 1
            for p, r in enumerate(returns):
                m.value[p] += r
    p = root_state.current_player()
    stats = {a: (ch.visits, ch.value[p] / ch.visits) for a, ch in root.children.items()}
    best = max(stats, key=lambda a: (stats[a][0], stats[a][1]))
    return best, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=kaisen.DEFAULT_GAME)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=100, help="simulations per decision")
    ap.add_argument("--seed", type=int, default=0, help="deal and search seed")
    ap.add_argument("--until", type=int, default=20, help="decisions to play at most (0: to the end)")
    args = ap.parse_args()

    state = kaisen.State(args.game, num_players=args.players, seed=args.seed)
    print(repr(state))
    decisions = 0
    while not state.is_terminal() and (args.until <= 0 or decisions < args.until):
        start = time.perf_counter()
        if len(state.legal_actions()) == 1:
            action = state.legal_actions()[0]
            note = "only action"
        else:
            action, stats = mcts(state, args.iterations, seed=args.seed + decisions)
            visits, mean = stats[action]
            note = f"{visits}/{args.iterations} visits, mean return {mean:+.2f}, {time.perf_counter() - start:.1f}s"
        print(f"seat {state.current_player()}: {state.action_name(action)} ({note})")
        state.apply(action)
        decisions += 1
    print(repr(state))
    if state.is_terminal():
        print("returns", state.returns(), "scores", state.scores())


if __name__ == "__main__":
    main()
