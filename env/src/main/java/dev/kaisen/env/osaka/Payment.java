package dev.kaisen.env.osaka;

/** A Buy under way (phase {@link Phase#PAYMENT}): the coins still owed. */
record Payment(int due) {
    /** No payment under way. */
    static final Payment NONE = new Payment(0);

    /** After a card worth {@code coins} is paid (section A: no change is given for an overpayment). */
    Payment paid(int coins) {
        return due - coins <= 0 ? NONE : new Payment(due - coins);
    }

    /** Whether nothing is owed any more. */
    boolean settled() {
        return due == 0;
    }
}
