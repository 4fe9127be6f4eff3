package dev.kaisen.env.osaka;

/** The six spaces of the shared ship track (rules section "Components"). */
public enum Space {
    OSAKA, OSHIMA, ANORI, ENSHUNADA_1, ENSHUNADA_2, EDO;

    public static final int COUNT = 6;
    private static final Space[] VALUES = values();

    public static Space of(int index) {
        return VALUES[index];
    }

    /** Waves: a ship here sinks at the next payout. */
    public boolean isEnshunada() {
        return this == ENSHUNADA_1 || this == ENSHUNADA_2;
    }
}
