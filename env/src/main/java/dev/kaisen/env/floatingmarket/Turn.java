package dev.kaisen.env.floatingmarket;

/**
 * The current player's turn in progress: the dice they still add to the pool (the round's first
 * customer, the Artist hut, the Tailor; never more than the hand holds), and the player placing
 * all their remaining customers through the Office ({@link FloatingMarketState#EMPTY} for none).
 */
record Turn(int diceToAdd, int officePlayer) {
    static final Turn NONE = new Turn(0, FloatingMarketState.EMPTY);

    Turn withDiceToAdd(int dice) {
        return new Turn(dice, officePlayer);
    }

    Turn plusDice(int dice) {
        return new Turn(diceToAdd + dice, officePlayer);
    }

    Turn withOffice(int player) {
        return new Turn(diceToAdd, player);
    }
}
