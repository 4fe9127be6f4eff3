package dev.kaisen.observation;

import java.util.Locale;

/** What an env does with an illegal action. */
public enum IllegalActionMode {
    /** Default: throw {@link dev.kaisen.env.IllegalActionException}; nothing changes. */
    RAISE,
    /**
     * PettingZoo's convention: the offender loses, the episode ends (terminated) at once; the
     * offender's reward is -1 and the others share +1; the info names the action and why.
     * Gymnasium's {@code check_env}, which samples actions blindly, passes with it.
     */
    LOSE;

    public static IllegalActionMode parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown illegal_action mode '" + s + "' (raise, lose)");
        }
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
