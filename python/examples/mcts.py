"""Plain UCT (Monte Carlo tree search) over ``kaisen.State``: random rollouts, clone/apply.

It searches the true state (hidden parts included), as a referee or an analyst would; an agent
that must not peek would search determinizations instead (``state.determinize(seat, seed)``,
one per iteration: information-set MCTS). Chance needs no special node: it happens inside an
apply, from the random stream the state carries, so a state and an action fix the successor.

    python examples/mcts.py --game osaka --iterations 200

plays one game, the seat to act choosing by UCT each turn (``--until`` decisions at most), and
prints each choice. Each apply is one call into the JVM (about 0.1 ms), so this is for analysis
and small searches, not for training.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import kaisen


class Node:
    """One state of the tree: the seat to act, its untried actions and its children by action."""

    __slots__ = ("player", "untried", "children", "visits", "value")

    def __init__(self, state: kaisen.State, rng: random.Random) -> None:
        self.player = state.current_player()
        self.untried = state.legal_actions()
        rng.shuffle(self.untried)
        self.children: dict[int, Node] = {}
        self.visits = 0
        # total returns of every seat over the simulations through this node
        self.value = [0.0] * state.num_players

    def select(self, c: float) -> int:
        """The child action maximising UCB1 from the acting seat's point of view."""
        log_n = math.log(self.visits)
        p = self.player
        return max(self.children, key=lambda a: self.children[a].value[p] / self.children[a].visits
                   + c * math.sqrt(log_n / self.children[a].visits))


def rollout(state: kaisen.State, rng: random.Random, max_steps: int) -> list[float]:
    """Plays random legal actions on ``state`` (in place) to the end; the returns (all 0 if cut short)."""
    for _ in range(max_steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state.returns()


def mcts(root_state: kaisen.State, iterations: int, *, c: float = 1.4, seed: int = 0,
         max_rollout: int = 10_000) -> tuple[int, dict[int, tuple[int, float]]]:
    """UCT from ``root_state`` (left unchanged): the most visited action, and for every root action
    its visits and mean return for the seat to act."""
    if root_state.is_terminal():
        raise ValueError("the game is over: nothing to search")
    rng = random.Random(seed)
    root = Node(root_state, rng)
    for _ in range(iterations):
        node, state, path = root, root_state.clone(), [root]
        # selection: down while every action of the node has been tried
        while not node.untried and node.children:
            a = node.select(c)
            state.apply(a)
            node = node.children[a]
            path.append(node)
        # expansion: one untried action
        if node.untried:
            a = node.untried.pop()
            state.apply(a)
            child = Node(state, rng)
            node.children[a] = child
            path.append(child)
        # simulation and backpropagation
        returns = rollout(state, rng, max_rollout)
        for n in path:
            n.visits += 1
            for p, r in enumerate(returns):
                n.value[p] += r
    p = root.player
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
