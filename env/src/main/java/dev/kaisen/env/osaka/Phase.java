package dev.kaisen.env.osaka;

/** What kind of decision the current player faces. */
public enum Phase {
    /** Setup step 6: each player, from the start player clockwise, picks one achievement token. */
    CHOOSE_TOKEN,
    /** A turn: buy, take coins, reserve (or pass when none is possible). */
    ACTION,
    /** [decision] Paying for a Buy one hand card at a time. */
    PAYMENT,
    /** [decision] Insuring goods of sunk colours, one card at a time, each player in turn order. */
    INSURANCE,
    GAME_OVER
}
