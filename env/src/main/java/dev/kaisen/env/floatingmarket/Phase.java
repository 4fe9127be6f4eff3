package dev.kaisen.env.floatingmarket;

/** Where a round stands: placing customers, one of a placement's follow-up choices, the end-of-round swap, or over. */
public enum Phase {
    /** The current player places a customer (rules, "Assign customers"). */
    PLACE,
    /** The current player adds one of their dice to the pool (first customer, Artist hut, Tailor). */
    DIE,
    TEMPLE,
    CARPENTER,
    ARTIST,
    MARKET,
    STAND,
    FISH,
    /** The start player swaps two boats (rules, "End of round"). */
    SWAP,
    GAME_OVER
}
