package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.osaka.GreedyAgent;
import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaState;

import java.util.SplittableRandom;

/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
 * Whitehouse 2012) for Traders of Osaka.
 *
 * <p>Each iteration samples a determinization of the root for the searching player
 * ({@link OsakaState#determinize}: the other hands and the draw pile resampled consistently
 * with what that player knows, and a fresh random stream for later shuffles), walks the one
 * shared tree of action sequences by UCB restricted to the actions legal in that
 * determinization (each child's score uses how often it was available, not the parent's
 * visits), expands one untried action, plays the game out with the rollout policy and
 * credits every node with the result of the player who chose its action. The answer is the
 * most visited root action.
 *
 * <p>It never reads hidden information: the only use of the root is
 * {@code determinize(me, seed)}, which depends only on the searcher's information set, so two
 * states that differ only in hidden parts give the same choice for the same agent seed.
 *
 * <p>Reward: the game's win share for each player (1/k to each of k winners, 0 to the others).
 */
public final class IsmctsAgent implements Agent<OsakaState> {
    /** Rollout policies. */
    public enum Rollout { RANDOM, GREEDY }

    /** UCB exploration constant for rewards in [0, 1]. */
    static final double EXPLORATION = 0.7;

    private final int iterations;
    private final Rollout rollout;
    private final SplittableRandom random;
    private final GreedyAgent greedy;
    private final String name;

    public IsmctsAgent(int iterations, Rollout rollout, long seed) {
        if (iterations < 1) {
            throw new IllegalArgumentException("ISMCTS needs at least one iteration, not " + iterations);
        }
        this.iterations = iterations;
        this.rollout = rollout;
        this.random = new SplittableRandom(seed);
        this.greedy = new GreedyAgent(random.nextLong());
        this.name = "ismcts:" + iterations + (rollout == Rollout.RANDOM ? ":random" : "");
    }

    @Override
    public String name() {
        return name;
    }

    /** One node: the action that led here, who chose it, and its statistics. */
    private static final class Node {
        final Node parent;
        final int action;
        final int mover;
        final Node[] children = new Node[OsakaAction.COUNT];
        long expanded;
        int visits;
        int availability;
        double reward;

        Node(Node parent, int action, int mover) {
            this.parent = parent;
            this.action = action;
            this.mover = mover;
        }
    }

    @Override
    public int chooseAction(OsakaState root) {
        long legal = root.legalActionMask();
        if (legal == 0) {
            throw new IllegalStateException("no legal action: the game is over");
        }
        if (Long.bitCount(legal) == 1) {
            return Long.numberOfTrailingZeros(legal);
        }
        int me = root.currentPlayer();
        Node tree = new Node(null, -1, -1);
        double[] outcome = new double[root.numPlayers()];
        for (int i = 0; i < iterations; i++) {
            OsakaState d = root.determinize(me, random.nextLong());
            Node node = tree;
            while (!d.isTerminal()) {
                long available = d.legalActionMask();
                long untried = available & ~node.expanded;
                if (untried != 0) {
                    int a = nthSetBit(untried, random.nextInt(Long.bitCount(untried)));
                    Node child = new Node(node, a, d.currentPlayer());
                    node.children[a] = child;
                    node.expanded |= 1L << a;
                    countAvailability(node, available);
                    d.applyInPlace(a);
                    node = child;
                    break;
                }
                countAvailability(node, available);
                node = select(node, available);
                d.applyInPlace(node.action);
            }
            while (!d.isTerminal()) {
                d.applyInPlace(rollout == Rollout.GREEDY ? greedy.chooseAction(d) : randomAction(d));
            }
            d.winShares(outcome);
            for (Node n = node; n.parent != null; n = n.parent) {
                n.visits++;
                n.reward += outcome[n.mover];
            }
            tree.visits++;
        }
        Node best = null;
        for (long m = legal; m != 0; m &= m - 1) {
            Node child = tree.children[Long.numberOfTrailingZeros(m)];
            if (child != null && (best == null || child.visits > best.visits
                    || (child.visits == best.visits && child.reward > best.reward))) {
                best = child;
            }
        }
        return best == null ? Long.numberOfTrailingZeros(legal) : best.action;
    }

    private static void countAvailability(Node node, long available) {
        for (long m = available & node.expanded; m != 0; m &= m - 1) {
            node.children[Long.numberOfTrailingZeros(m)].availability++;
        }
    }

    private Node select(Node node, long available) {
        Node best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (long m = available; m != 0; m &= m - 1) {
            Node child = node.children[Long.numberOfTrailingZeros(m)];
            double score = child.reward / child.visits
                    + EXPLORATION * Math.sqrt(Math.log(child.availability) / child.visits);
            if (score > bestScore) {
                bestScore = score;
                best = child;
            }
        }
        return best;
    }

    private int randomAction(OsakaState s) {
        long legal = s.legalActionMask();
        return nthSetBit(legal, random.nextInt(Long.bitCount(legal)));
    }

    static int nthSetBit(long mask, int n) {
        for (int i = 0; i < n; i++) {
            mask &= mask - 1;
        }
        return Long.numberOfTrailingZeros(mask);
    }

}
