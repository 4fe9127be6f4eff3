package dev.kaisen.env.merchants;

/** Why a game ended; {@link MerchantsState#endReason()} and the JSON carry the constant's name. */
public enum EndReason {
    /** Not over yet. */
    NONE,
    /** At a round's end the wagon track reached the end threshold for the player count. */
    ARRIVALS,
    /** The safety cap on decisions was reached (see {@link MerchantsState#DECISION_CAP}); the game is truncated. */
    DECISION_CAP
}
