package dev.kaisen.env.tokaido;

import java.util.Arrays;

/**
 * The village visit under way (phase {@link Phase#VILLAGE}; rules, "Village"): the souvenirs
 * revealed by slot, and this visit's purchases (Sasayakko's price, Zen-emon's one use).
 */
final class VillageVisit {
    /** Souvenirs revealed at a village. */
    static final int SLOTS = 3;

    /** The revealed souvenirs by slot, -1 once bought (or not drawn). */
    final int[] revealed = {-1, -1, -1};
    /** The printed prices bought so far in this village: their sum, the cheapest, and how many. */
    int boughtSum;
    int boughtMin;
    int boughtCount;
    /** Whether Zen-emon used his power in this village. */
    boolean zenUsed;

    VillageVisit copy() {
        VillageVisit v = new VillageVisit();
        System.arraycopy(revealed, 0, v.revealed, 0, SLOTS);
        v.boughtSum = boughtSum;
        v.boughtMin = boughtMin;
        v.boughtCount = boughtCount;
        v.zenUsed = zenUsed;
        return v;
    }

    /** Sets every field to {@code o}'s. */
    void assign(VillageVisit o) {
        System.arraycopy(o.revealed, 0, revealed, 0, SLOTS);
        boughtSum = o.boughtSum;
        boughtMin = o.boughtMin;
        boughtCount = o.boughtCount;
        zenUsed = o.zenUsed;
    }

    /** A new visit's purchases: none yet. */
    void clearPurchases() {
        boughtSum = 0;
        boughtMin = 0;
        boughtCount = 0;
        zenUsed = false;
    }

    /** Records a purchase at its printed price. */
    void recordPurchase(int price) {
        boughtMin = boughtCount == 0 ? price : Math.min(boughtMin, price);
        boughtSum += price;
        boughtCount++;
    }

    boolean anyRevealed() {
        return revealed[0] >= 0 || revealed[1] >= 0 || revealed[2] >= 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VillageVisit v && boughtSum == v.boughtSum && boughtMin == v.boughtMin
                && boughtCount == v.boughtCount && zenUsed == v.zenUsed && Arrays.equals(revealed, v.revealed);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(revealed) * 31 + boughtSum;
    }
}
