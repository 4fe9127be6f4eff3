package dev.kaisen.env.floatingmarket;

/** Why a game ended; {@link FloatingMarketState#endReason()} is the constant's name. */
public enum EndReason {
    /** Not over yet. */
    NONE,
    /** [decision] The safety cap on decisions was reached ({@link FloatingMarketState#DECISION_CAP}): scored as it stands. */
    CAP,
    /** A player holds the target number of different fruits (rules, "End"). */
    FRUIT
}
