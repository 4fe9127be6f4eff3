package dev.kaisen.env;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random legal play for tests of any game: what the games' JSON, view and text tests walk over. */
public final class RandomPlay {
    private RandomPlay() {
    }

    /** A uniformly random legal action of {@code s}, drawn from {@code r}. */
    public static int action(GameState<?> s, SplittableRandom r) {
        int[] legal = s.legalActions();
        return legal[r.nextInt(legal.length)];
    }

    /**
     * Every state of a game of {@code game} dealt from {@code seed}, from the deal to the end (each a
     * copy), the moves random legal ones drawn from a stream seeded with {@code seed} too.
     */
    public static <S extends GameState<S>> List<S> states(Game<S> game, long seed) {
        S s = game.newGame(seed);
        SplittableRandom r = new SplittableRandom(seed);
        List<S> out = new ArrayList<>();
        out.add(s.copy());
        while (!s.isTerminal()) {
            s.applyInPlace(action(s, r));
            out.add(s.copy());
        }
        return out;
    }
}
