package dev.kaisen.observation;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

    /** Other names a mode is known by: {@code shaped}, and Osaka's older {@code vp_difference}. */
    public static final Map<String, RewardMode> ALIASES = Map.of("shaped", SCORE_DIFFERENCE,
            "vp_difference", SCORE_DIFFERENCE);

    /** The mode's name as the CLI and Python write it ({@code terminal}, {@code score_difference}). */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every mode's {@link #id()}, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(RewardMode::id).toList();
    }

    /** Parses a mode's {@link #id()} or one of its {@link #ALIASES} (case and {@code -}/{@code _} aside). */
    public static RewardMode parse(String s) {
        String n = s.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        RewardMode alias = ALIASES.get(n);
        if (alias != null) {
            return alias;
        }
        for (RewardMode m : values()) {
            if (m.id().equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown reward mode '" + s + "' (" + String.join(", ", ids()) + ")");
    }
}
