package dev.kaisen.env;

import java.util.SplittableRandom;

/** Uniform over the legal actions. */
public final class RandomAgent<S extends GameState<S>> implements Agent<S> {
    private final SplittableRandom random;
    private final int[] buffer;

    public RandomAgent(long seed, int numDistinctActions) {
        this.random = new SplittableRandom(seed);
        this.buffer = new int[numDistinctActions];
    }

    @Override
    public int chooseAction(S state) {
        int count = state.legalActions(buffer);
        if (count == 0) {
            throw new IllegalStateException(state.isTerminal() ? "no legal action: the game is over"
                    : "no legal action in a game that is not over (a rules bug)");
        }
        return buffer[random.nextInt(count)];
    }

    @Override
    public String name() {
        return "random";
    }
}
