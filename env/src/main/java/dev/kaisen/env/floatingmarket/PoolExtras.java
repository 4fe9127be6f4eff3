package dev.kaisen.env.floatingmarket;

/**
 * What this round's buildings put into the pool besides the players' dice (rules, "Buildings"):
 * the Temple's +4 and -2 tiles, the board's d12 (Carpenter) and negative d6 (Carpenter with 2
 * players, Artist hut), and the Carpenter's block of the d12 (a marker, not in the pool). All of
 * it returns at the end of the round ({@link #NONE}).
 */
record PoolExtras(boolean plus4, boolean minus2, boolean d12, boolean negD6, boolean d12Blocked) {
    static final PoolExtras NONE = new PoolExtras(false, false, false, false, false);

    PoolExtras withPlus4() {
        return new PoolExtras(true, minus2, d12, negD6, d12Blocked);
    }

    PoolExtras withMinus2() {
        return new PoolExtras(plus4, true, d12, negD6, d12Blocked);
    }

    PoolExtras withD12() {
        return new PoolExtras(plus4, minus2, true, negD6, d12Blocked);
    }

    PoolExtras withNegD6() {
        return new PoolExtras(plus4, minus2, d12, true, d12Blocked);
    }

    PoolExtras withD12Blocked() {
        return new PoolExtras(plus4, minus2, d12, negD6, true);
    }

    /** What the tiles add to a roll's total. */
    int tileSum() {
        return (plus4 ? 4 : 0) - (minus2 ? 2 : 0);
    }
}
