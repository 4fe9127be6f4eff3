package dev.kaisen.env.tokaido;

import java.util.Arrays;

/**
 * The inn being visited (phases {@link Phase#SATSUKI} and {@link Phase#MEAL}; rules, "Inn"): the
 * meals on offer, Satsuki's drawn meal, and whether an inn power resolves before the meal.
 */
final class InnVisit {
    /** The meals drawn at the current inn, in draw order (at most players + 1). */
    final int[] offer = new int[TokaidoState.MAX_PLAYERS + 1];
    int offerSize;
    /** How many meals at the end of the offer were drawn from the meal deck's known bottom: seen by all. */
    int offerKnown;
    /** The meal Satsuki drew (-1 when none). */
    int satsukiMeal = -1;
    /** Whether an inn power (Hiroshige, Chuubei) is resolving, the meal to follow. */
    boolean powerPending;

    InnVisit copy() {
        InnVisit v = new InnVisit();
        System.arraycopy(offer, 0, v.offer, 0, offer.length);
        v.offerSize = offerSize;
        v.offerKnown = offerKnown;
        v.satsukiMeal = satsukiMeal;
        v.powerPending = powerPending;
        return v;
    }

    /** Sets every field to {@code o}'s. */
    void assign(InnVisit o) {
        System.arraycopy(o.offer, 0, offer, 0, offer.length);
        offerSize = o.offerSize;
        offerKnown = o.offerKnown;
        satsukiMeal = o.satsukiMeal;
        powerPending = o.powerPending;
    }

    /** Adds a meal drawn into the offer; {@code fromKnownBottom}: everyone has seen it. */
    void add(int card, boolean fromKnownBottom) {
        offerKnown += fromKnownBottom ? 1 : 0;
        offer[offerSize++] = card;
    }

    /** Takes the meal at {@code i} out of the offer, keeping the others in draw order. */
    int take(int i) {
        int card = offer[i];
        offerKnown -= i >= offerSize - offerKnown ? 1 : 0;
        System.arraycopy(offer, i + 1, offer, i, offerSize - i - 1);
        offerSize--;
        return card;
    }

    void clearOffer() {
        offerSize = 0;
        offerKnown = 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InnVisit v && offerSize == v.offerSize && offerKnown == v.offerKnown
                && satsukiMeal == v.satsukiMeal && powerPending == v.powerPending
                && Arrays.equals(offer, 0, offerSize, v.offer, 0, v.offerSize);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(Arrays.copyOf(offer, offerSize)) * 31 + satsukiMeal;
    }
}
