package dev.kaisen.env.osaka;

/**
 * The location codes of {@link OsakaState#loc}: five shared places, then four places per seat
 * (hand, goods, insured goods, VP pile) from {@link #SEAT_BASE} on. {@link CardPlace} names them.
 */
final class Loc {
    static final byte DRAW = 0;
    static final byte DISCARD = 1;
    static final byte MARKET = 2;
    static final byte FARM = 3;
    static final byte OUT = 4;
    static final int SEAT_BASE = 8;
    static final int HAND = 0;
    static final int GOODS = 1;
    static final int INSURED = 2;
    static final int VP = 3;
    /** Places per seat: hand, goods, insured goods, VP pile. */
    static final int SEAT_PLACES = 4;

    private Loc() {
    }

    /** The code of one of a seat's places ({@link #HAND}, {@link #GOODS}, {@link #INSURED}, {@link #VP}). */
    static byte seat(int player, int kind) {
        return (byte) (SEAT_BASE + player * SEAT_PLACES + kind);
    }

    /** Whether a code is one of a seat's places. */
    static boolean isSeat(int code) {
        return code >= SEAT_BASE;
    }

    /** The seat owning a seat place's code. */
    static int seatOf(int code) {
        return (code - SEAT_BASE) / SEAT_PLACES;
    }

    /** Which of its seat's places a seat place's code names. */
    static int kindOf(int code) {
        return (code - SEAT_BASE) % SEAT_PLACES;
    }

    /** The first code past the places of {@code players} seats. */
    static int end(int players) {
        return SEAT_BASE + SEAT_PLACES * players;
    }
}
