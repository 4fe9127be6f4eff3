package dev.kaisen.env;

import java.util.Locale;

/**
 * How a state's random events happen: {@link #SAMPLED} (the default) draws them from the random
 * stream the state carries, inside {@code apply}; {@link #EXPLICIT} makes each one a chance node
 * ({@link ExplicitChance}) at which an outcome id is applied, as OpenSpiel's explicit stochastic
 * games do.
 */
public enum ChanceMode {
    SAMPLED, EXPLICIT;

    /** The mode named {@code sampled} or {@code explicit}; anything else is an {@link IllegalArgumentException}. */
    public static ChanceMode parse(String name) {
        for (ChanceMode m : values()) {
            if (m.name().toLowerCase(Locale.ROOT).equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown chance mode " + name + "; use \"sampled\" or \"explicit\"");
    }

    /** The mode's name as the API spells it ({@code sampled}, {@code explicit}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
