package dev.kaisen.env.merchants;

import java.util.Arrays;

/**
 * What {@link MerchantsState#determinize} resamples ({@code docs/rules/merchants.md}, "Hidden
 * information"), drawn from the copy's own random stream in this order: the others' sealed bids
 * and wheel settings not yet revealed (uniform among what each could have chosen), the order of the
 * face-down investment pile, and the influence cards in the others' hands with the influence pile
 * (every card neither in the observer's hand nor discarded, dealt back in the same numbers).
 */
final class Determinization {
    private Determinization() {
    }

    /** Resamples {@code s} (a copy, its stream at the seed) in place for {@code observer}. */
    static void resample(MerchantsState s, int observer) {
        s.bids.resampleHidden(observer, (seat, v) -> s.rng.below(LoadingRules.maxBid(s, seat) + 1));
        s.wheels.resampleHidden(observer, (seat, v) -> s.rng.below(MerchantsAction.WHEELS));
        shuffleInvestmentPile(s);
        int[] cards = hiddenInfluence(s, observer);
        s.rng.shuffle(cards, 0, cards.length);
        int at = 0;
        for (int p = 0; p < s.n; p++) {
            if (p == observer) {
                continue;
            }
            int size = s.handSize(p);
            for (int kind = 0; kind < Influence.COUNT; kind++) {
                s.addHand(p, kind, -s.hand(p, kind));
            }
            for (int c = 0; c < size; c++) {
                s.addHand(p, cards[at++], 1);
            }
        }
        System.arraycopy(cards, at, s.inflDeck, s.inflTop, cards.length - at);
        refillDrawn(s);
    }

    /**
     * {@link MerchantsState#reseed}: the random stream restarts from {@code seed}, then the
     * face-down investment pile and the influence pile are shuffled from it, each from its cards
     * sorted. Hands (whose kinds their owner knows), sealed bids and wheel settings, the face-up
     * investment cards and the discard stay as they are.
     */
    static void reseed(MerchantsState s, long seed) {
        s.rng.setState(seed);
        shuffleInvestmentPile(s);
        Arrays.sort(s.inflDeck, s.inflTop, s.inflDeck.length);
        s.rng.shuffle(s.inflDeck, s.inflTop, s.inflDeck.length);
    }

    /** The face-down investment pile sorted, then shuffled from the state's stream. */
    private static void shuffleInvestmentPile(MerchantsState s) {
        Arrays.sort(s.invDeck, s.invTop, s.invDeck.length);
        s.rng.shuffle(s.invDeck, s.invTop, s.invDeck.length);
    }

    /** The influence cards the observer cannot see (the others' hands and the pile), sorted. */
    private static int[] hiddenInfluence(MerchantsState s, int observer) {
        int[] pool = new int[s.inflDeck.length];
        int k = 0;
        for (int p = 0; p < s.n; p++) {
            if (p == observer) {
                continue;
            }
            for (int kind = 0; kind < Influence.COUNT; kind++) {
                for (int c = 0; c < s.hand(p, kind); c++) {
                    pool[k++] = kind;
                }
            }
        }
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            pool[k++] = s.inflDeck[i];
        }
        int[] cards = Arrays.copyOf(pool, k);
        Arrays.sort(cards);
        return cards;
    }

    /** The drawn part of the pile (never read by the rules) becomes the sorted kinds now out of it. */
    private static void refillDrawn(MerchantsState s) {
        int[] out = new int[Influence.COUNT];
        Arrays.fill(out, s.d.influenceCopies);
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            out[s.inflDeck[i]]--;
        }
        int i = 0;
        for (int kind = 0; kind < Influence.COUNT; kind++) {
            for (int c = 0; c < out[kind] && i < s.inflTop; c++) {
                s.inflDeck[i++] = kind;
            }
        }
    }
}
