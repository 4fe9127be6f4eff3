package dev.kaisen.env.osaka;

/**
 * Receives the chance outcomes of a game as they happen: the game record is built from
 * these, and a replay checks them. Every method has an empty default.
 */
public interface OsakaEvents {
    /** Where a drawn card went. */
    enum Place { MARKET, FARM, HAND, VP }

    /**
     * A new draw pile was shuffled: from all 108 cards at setup ({@code fromDiscard} false)
     * or from the discard pile when a card had to be drawn from an empty pile.
     *
     * @param topFirst the new pile, top card first
     */
    default void shuffled(boolean fromDiscard, int[] topFirst) {
    }

    /** A card was drawn from the pile to {@code place}; {@code player} is -1 for Market and Farm. */
    default void drew(int card, Place place, int player) {
    }

    /** The start player was determined; {@code tied} lists the seats tied on total and size (one seat when no tie). */
    default void startPlayer(int[] tied, int chosen) {
    }

    OsakaEvents NONE = new OsakaEvents() {
    };
}
