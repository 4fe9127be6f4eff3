package dev.kaisen.env.osaka;

import java.util.Arrays;
import java.util.Objects;

/**
 * Computations that only read an {@link OsakaState}: the draw pile's order, token and goods
 * totals, the cost of a Buy, the winners, the card counts an observer may know, and the state's
 * value equality and hash. {@link OsakaState} exposes each through its own method.
 */
final class OsakaQueries {
    private OsakaQueries() {
    }

    /** {@link OsakaState#drawPileTopFirst}: the draw pile, top card first. */
    static int[] drawPileTopFirst(OsakaState s) {
        int[] out = new int[s.drawSize];
        for (int i = 0; i < s.drawSize; i++) {
            out[i] = s.draw[s.drawSize - 1 - i];
        }
        return out;
    }

    /** {@link OsakaState#totalTokens}: player p's achievement tokens, all colours together. */
    static int totalTokens(OsakaState s, int p) {
        int sum = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            sum += s.tokenCount(p, c);
        }
        return sum;
    }

    /** {@link OsakaState#uninsuredOfColour}: player p's uninsured goods of a colour, all values together. */
    static int uninsuredOfColour(OsakaState s, int p, int colour) {
        int sum = 0;
        for (int v = 0; v < Cards.VALUES_PER_COLOUR; v++) {
            sum += s.uninsuredCount(p, colour * Cards.VALUES_PER_COLOUR + v);
        }
        return sum;
    }

    /** {@link OsakaState#countCardsFor}: the card counts by type that {@code observer} may know. */
    static void countCardsFor(OsakaState s, int observer, int[] discardByType, int[] outByType,
            int[] unseenByType) {
        for (int t = 0; t < Cards.TYPES; t++) {
            int seen = s.discardByType[t] + s.outByType[t] + s.handCount(observer, t);
            for (int p = 0; p < s.n; p++) {
                seen += s.goodsCount(p, t);
            }
            discardByType[t] = s.discardByType[t];
            outByType[t] = s.outByType[t];
            unseenByType[t] = Cards.copiesOfType(t) - seen;
        }
        for (int i = 0; i < s.marketSize; i++) {
            unseenByType[Cards.type(s.market[i])]--;
        }
        for (int i = 0; i < s.farmSize; i++) {
            unseenByType[Cards.type(s.farm[i])]--;
        }
    }

    /** {@link OsakaState#buyCost}: every Market card except those reserved by others. */
    static int buyCost(OsakaState s) {
        int cost = 0;
        for (int i = 0; i < s.marketSize; i++) {
            if (s.offeredTo(s.market[i], s.active)) {
                cost += Cards.value(s.market[i]);
            }
        }
        return cost;
    }

    /** {@link OsakaState#winners}: most VP, then most achievement tokens; still tied, all win. */
    static int[] winners(OsakaState s) {
        int best = -1;
        int bestTokens = -1;
        int count = 0;
        int[] out = new int[s.n];
        for (int p = 0; p < s.n; p++) {
            int t = s.totalTokens(p);
            if (s.vp[p] > best || (s.vp[p] == best && t > bestTokens)) {
                best = s.vp[p];
                bestTokens = t;
                count = 0;
            }
            if (s.vp[p] == best && t == bestTokens) {
                out[count++] = p;
            }
        }
        return Arrays.copyOf(out, count);
    }

    /**
     * {@link OsakaState#equals}: every part of the state's value, the random stream and the
     * explicit-chance bookkeeping included (not the legal-action memo, nor the events receiver).
     */
    static boolean sameValue(OsakaState a, OsakaState b) {
        return a.n == b.n && a.drawSize == b.drawSize && a.discardSize == b.discardSize
                && a.marketSize == b.marketSize && a.farmSize == b.farmSize && a.phase == b.phase
                && a.current == b.current && a.active == b.active && a.startPlayer == b.startPlayer
                && a.tokenPicks.equals(b.tokenPicks) && a.payment.equals(b.payment)
                && a.insurance.equals(b.insurance) && a.passStreak == b.passStreak
                && a.decisions == b.decisions && a.endReason == b.endReason && a.rng.equals(b.rng)
                && Arrays.equals(a.loc, b.loc)
                && Arrays.equals(a.draw, 0, a.drawSize, b.draw, 0, b.drawSize)
                && Arrays.equals(a.market, 0, a.marketSize, b.market, 0, b.marketSize)
                && Arrays.equals(a.farm, 0, a.farmSize, b.farm, 0, b.farmSize)
                && Arrays.equals(a.reservedBy, b.reservedBy) && Arrays.equals(a.reservedCard, b.reservedCard)
                && Arrays.equals(a.ship, b.ship) && Arrays.equals(a.hand, b.hand)
                && Arrays.equals(a.goods, b.goods) && Arrays.equals(a.insured, b.insured)
                && Arrays.equals(a.handValue, b.handValue) && Arrays.equals(a.handSize, b.handSize)
                && Arrays.equals(a.tokens, b.tokens)
                && Arrays.equals(a.discardByType, b.discardByType) && Arrays.equals(a.outByType, b.outByType)
                && Arrays.equals(a.vp, b.vp) && Arrays.equals(a.vpWithoutCard, b.vpWithoutCard)
                && a.pileGeneration == b.pileGeneration && Arrays.equals(a.faceDownFrom, b.faceDownFrom)
                && Objects.equals(a.explicit, b.explicit);
    }

    /** {@link OsakaState#hashCode}, consistent with {@link #sameValue}. */
    static int valueHash(OsakaState s) {
        int h = Arrays.hashCode(s.loc);
        h = 31 * h + Arrays.hashCode(Arrays.copyOf(s.draw, s.drawSize));
        h = 31 * h + Arrays.hashCode(Arrays.copyOf(s.market, s.marketSize));
        h = 31 * h + Arrays.hashCode(s.ship);
        h = 31 * h + Arrays.hashCode(s.tokens);
        h = 31 * h + Arrays.hashCode(s.vp);
        h = 31 * h + s.phase.hashCode();
        h = 31 * h + s.current;
        h = 31 * h + s.decisions;
        h = 31 * h + Arrays.hashCode(s.faceDownFrom);
        h = 31 * h + s.pileGeneration;
        return 31 * h + Long.hashCode(s.rng.state());
    }
}
