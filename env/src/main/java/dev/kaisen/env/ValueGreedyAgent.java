package dev.kaisen.env;

import java.util.SplittableRandom;

/**
 * A one-step greedy bot: it scores every legal action with {@link #value} and plays the best,
 * breaking ties (values within {@value #TIE}) evenly with its seeded random stream (reservoir
 * sampling, one draw per tie). A game's heuristic bot extends it and writes only its values.
 *
 * @param <S> the state type of the game it plays
 */
public abstract class ValueGreedyAgent<S extends GameState<S>> implements Agent<S> {
    /** Values closer than this are a tie. */
    public static final double TIE = 1e-9;
    private final SplittableRandom random;
    private final int[] legal;

    /** {@code actions}: the size of the game's action table. */
    protected ValueGreedyAgent(long seed, int actions) {
        this.random = new SplittableRandom(seed);
        this.legal = new int[actions];
    }

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public final int chooseAction(S s) {
        int k = s.legalActions(legal);
        if (k == 0) {
            throw new IllegalStateException(s.isTerminal() ? "no legal action: the game is over"
                    : "no legal action in a game that is not over (a rules bug)");
        }
        prepare(s);
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < k; i++) {
            double v = value(s, legal[i]);
            if (v > bestValue + TIE) {
                bestValue = v;
                best = legal[i];
                ties = 1;
            } else if (Math.abs(v - bestValue) <= TIE && random.nextInt(++ties) == 0) {
                best = legal[i];
            }
        }
        return best;
    }

    /** Work shared by every action's value in this decision (called once, before the values). */
    protected void prepare(S s) {
    }

    /** How good the legal {@code action} is for the player to act in {@code s}; higher is better. */
    protected abstract double value(S s, int action);
}
