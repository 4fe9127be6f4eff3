package dev.kaisen.env.osaka;

/** Why a game ended. */
public enum EndReason {
    /** Not over yet. */
    NONE,
    /** A player holds 8 or more achievement tokens after the token step of a payout. */
    TOKENS,
    /** [decision] Every player passed in a row (stalemate guard). */
    STALEMATE,
    /** [decision] The safety cap on decisions was reached (never seen in random play; see OsakaState#DECISION_CAP). */
    DECISION_CAP
}
