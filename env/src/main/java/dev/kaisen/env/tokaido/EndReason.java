package dev.kaisen.env.tokaido;

/** Why a game ended; {@link TokaidoState#endReason()} returns the name. */
public enum EndReason {
    /** Not over yet. */
    NONE,
    /** Every traveller has reached Edo and made its meal choice (rules, "End"). */
    EDO,
    /** [decision] The safety cap on decisions was reached (see {@link TokaidoState#DECISION_CAP}). */
    CAP
}
