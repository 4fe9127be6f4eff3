package dev.kaisen.env.merchants;

/**
 * The scratch of the last turns of a round: the Office shifts left in a price-shift turn (action 5,
 * {@link Phase#SHIFT}) and what a status turn has done (action 7, {@link Phase#STATUS}).
 */
final class StatusTurn {
    /** Office shifts left to the player shifting prices. */
    int officeLeft;
    /** Whether Exemption was played: no upkeep at the end of the turn. */
    boolean exempt;
    /** Whether credit was taken or repaid this turn. */
    boolean creditActed;

    StatusTurn copy() {
        StatusTurn t = new StatusTurn();
        t.copyFrom(this);
        return t;
    }

    void copyFrom(StatusTurn o) {
        officeLeft = o.officeLeft;
        exempt = o.exempt;
        creditActed = o.creditActed;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StatusTurn t && officeLeft == t.officeLeft && exempt == t.exempt
                && creditActed == t.creditActed;
    }

    @Override
    public int hashCode() {
        return officeLeft * 4 + (exempt ? 2 : 0) + (creditActed ? 1 : 0);
    }
}
