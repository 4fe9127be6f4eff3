package dev.kaisen.env.merchants;

/**
 * Direct edits of a {@link MerchantsState}'s fields for the observation tests (this package: the
 * fields are package-private), each on a copy: what changes and what an observer may know of it is
 * then checked against the encoders. Never through {@link MerchantsState#determinize}.
 */
public final class MerchantsObservationEdits {
    private MerchantsObservationEdits() {
    }

    /** A copy where seat p holds {@code florins}. */
    public static MerchantsState withMoney(MerchantsState s, int p, int florins) {
        MerchantsState c = s.copy();
        c.money[p] = florins;
        return c;
    }

    /** A copy where one of seat p's influence cards of kind {@code from} is of kind {@code to} instead. */
    public static MerchantsState withInfluenceSwapped(MerchantsState s, int p, Influence from, Influence to) {
        MerchantsState c = s.copy();
        if (c.hand[p * Influence.COUNT + from.ordinal()] == 0) {
            throw new IllegalArgumentException("seat " + p + " holds no " + from.id());
        }
        c.hand[p * Influence.COUNT + from.ordinal()]--;
        c.hand[p * Influence.COUNT + to.ordinal()]++;
        return c;
    }

    /** A copy where seat p holds one more influence card of {@code kind}, taken from the pile's top (any kind). */
    public static MerchantsState withInfluenceDealt(MerchantsState s, int p, Influence kind) {
        MerchantsState c = s.copy();
        c.inflDeck[c.inflTop++] = kind.ordinal();
        c.hand[p * Influence.COUNT + kind.ordinal()]++;
        return c;
    }

    /** A copy with the face-down parts of both piles in reverse order. */
    public static MerchantsState withPilesReversed(MerchantsState s) {
        MerchantsState c = s.copy();
        reverse(c.invDeck, c.invTop);
        reverse(c.inflDeck, c.inflTop);
        return c;
    }

    private static void reverse(int[] a, int from) {
        for (int i = from, j = a.length - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
