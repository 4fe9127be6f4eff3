package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

import java.util.SplittableRandom;

/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
 * Whitehouse 2012) for any registered game.
 *
 * <p>Each iteration samples a determinization of the root for the searching player
 * ({@link GameState#determinize}: everything that player does not know resampled consistently
 * with what they know, and a fresh random stream for later chance), walks the one shared tree
 * of action sequences by UCB restricted to the actions legal in that determinization (each
 * child's score uses how often it was available, not the parent's visits), expands one
 * untried action, plays the game out with the rollout policy and credits every node with the
 * result of the player who chose its action. The answer is the most visited root action.
 * Children are indexed by action id, sized by the game's number of distinct actions.
 *
 * <p>It never reads hidden information: the only use of the root is
 * {@code determinize(me, seed)}, which depends only on the searcher's information set, so two
 * states that differ only in hidden parts give the same choice for the same agent seed.
 *
 * <p>Reward: the game's win share for each player (1/k to each of k winners, 0 to the others).
 */
public final class IsmctsAgent<S extends GameState<S>> implements Agent<S> {
    /** UCB exploration constant for rewards in [0, 1]. */
    static final double EXPLORATION = 0.7;

    private final int iterations;
    private final SplittableRandom random;
    private final Agent<S> rollout;
    private final int numActions;
    private final String name;
    private final int[] legal;

    /**
     * @param rolloutAgent the rollout policy's name ({@code random}, or one of the game's bots;
     *                     {@link Game#rolloutBot()} is the game's default)
     */
    public IsmctsAgent(Game<S> game, int iterations, String rolloutAgent, long seed) {
        if (iterations < 1) {
            throw new IllegalArgumentException("ISMCTS needs at least one iteration, not " + iterations);
        }
        this.iterations = iterations;
        this.random = new SplittableRandom(seed);
        this.numActions = game.numDistinctActions();
        this.rollout = Agents.create(game, rolloutAgent, random.nextLong());
        this.legal = new int[numActions];
        this.name = "ismcts:" + iterations + (rolloutAgent.equals(game.rolloutBot()) ? "" : ":" + rolloutAgent);
    }

    @Override
    public String name() {
        return name;
    }

    /** One node: the action that led here, who chose it, and its statistics; children by action id. */
    private static final class Node {
        final Node parent;
        final int action;
        final int mover;
        Node[] children;
        int visits;
        int availability;
        double reward;

        Node(Node parent, int action, int mover) {
            this.parent = parent;
            this.action = action;
            this.mover = mover;
        }

        Node child(int a) {
            return children == null ? null : children[a];
        }
    }

    @Override
    public int chooseAction(S root) {
        int rootCount = root.legalActions(legal);
        if (rootCount == 0) {
            throw new IllegalStateException("no legal action: the game is over");
        }
        if (rootCount == 1) {
            return legal[0];
        }
        int[] rootLegal = java.util.Arrays.copyOf(legal, rootCount);
        int me = root.currentPlayer();
        Node tree = new Node(null, -1, -1);
        double[] outcome = new double[root.numPlayers()];
        for (int i = 0; i < iterations; i++) {
            S d = root.determinize(me, random.nextLong());
            Node node = tree;
            while (!d.isTerminal()) {
                int count = d.legalActions(legal);
                int untried = 0;
                for (int k = 0; k < count; k++) {
                    untried += node.child(legal[k]) == null ? 1 : 0;
                }
                countAvailability(node, count);
                if (untried != 0) {
                    int pick = random.nextInt(untried);
                    int a = -1;
                    for (int k = 0; k < count; k++) {
                        if (node.child(legal[k]) == null && pick-- == 0) {
                            a = legal[k];
                            break;
                        }
                    }
                    if (node.children == null) {
                        node.children = new Node[numActions];
                    }
                    Node child = new Node(node, a, d.currentPlayer());
                    child.availability = 1;
                    node.children[a] = child;
                    d.applyInPlace(a);
                    node = child;
                    break;
                }
                node = select(node, count);
                d.applyInPlace(node.action);
            }
            while (!d.isTerminal()) {
                d.applyInPlace(rollout.chooseAction(d));
            }
            d.winShares(outcome);
            for (Node n = node; n.parent != null; n = n.parent) {
                n.visits++;
                n.reward += outcome[n.mover];
            }
            tree.visits++;
        }
        Node best = null;
        for (int a : rootLegal) {
            Node child = tree.child(a);
            if (child != null && (best == null || child.visits > best.visits
                    || (child.visits == best.visits && child.reward > best.reward))) {
                best = child;
            }
        }
        return best == null ? rootLegal[0] : best.action;
    }

    /** Every expanded child among the {@code count} legal actions in {@link #legal} was available once more. */
    private void countAvailability(Node node, int count) {
        if (node.children == null) {
            return;
        }
        for (int k = 0; k < count; k++) {
            Node c = node.children[legal[k]];
            if (c != null) {
                c.availability++;
            }
        }
    }

    private Node select(Node node, int count) {
        Node best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < count; k++) {
            Node child = node.children[legal[k]];
            double score = child.reward / child.visits
                    + EXPLORATION * Math.sqrt(Math.log(child.availability) / child.visits);
            if (score > bestScore) {
                bestScore = score;
                best = child;
            }
        }
        return best;
    }
}
