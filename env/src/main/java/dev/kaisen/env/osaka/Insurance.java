package dev.kaisen.env.osaka;

/**
 * A payout's sinking step under way (section "Payout", step 4; phase {@link Phase#INSURANCE}):
 * the colours whose ship sank, a bit per colour index, and the seat asked now, as an offset
 * clockwise from the active player.
 */
record Insurance(int sunkMask, int offset) {
    /** No payout under way. */
    static final Insurance NONE = new Insurance(0, 0);

    /** Whether colour index {@code colour} sank. */
    boolean sunk(int colour) {
        return (sunkMask & (1 << colour)) != 0;
    }

    /** The same sunk colours, asking the seat at {@code offset}. */
    Insurance at(int offset) {
        return new Insurance(sunkMask, offset);
    }
}
