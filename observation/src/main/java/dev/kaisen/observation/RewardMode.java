package dev.kaisen.observation;

import java.util.Locale;

/** How an env turns a game into rewards. */
public enum RewardMode {
    /**
     * Default. Zero until the game ends; then the winners share +1 and the others share -1
     * (k winners of n: +1/k each, -1/(n-k) each). When every player wins (all tied), all get 0.
     */
    TERMINAL,
    /**
     * Shaped: after each step, the change of (own score - mean score of the others), the score
     * being the game's own ({@link dev.kaisen.env.GameState#score}, e.g. VP). Summed over a game
     * it is the final score difference; no terminal bonus.
     */
    SCORE_DIFFERENCE;

    /** Parses {@code terminal} or {@code score_difference} (also {@code shaped} and Osaka's older {@code vp_difference}). */
    public static RewardMode parse(String s) {
        String n = s.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        if (n.equals("SHAPED") || n.equals("VP_DIFFERENCE")) {
            return SCORE_DIFFERENCE;
        }
        try {
            return valueOf(n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown reward mode '" + s + "' (terminal, score_difference)");
        }
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
