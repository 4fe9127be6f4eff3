package dev.kaisen.env.osaka;

import java.util.Arrays;

/**
 * The bookkeeping of moving cards between places: each move updates {@link OsakaState#loc},
 * the ordered piles and the per-type counts together, so they never disagree (checked by
 * {@link OsakaInvariants}). Drawing also reshuffles the discard pile when the draw pile is
 * empty (section "Refresh") and reports what it drew to the state's events.
 */
final class CardMoves {
    private CardMoves() {
    }

    /** Sets the draw pile from an order given top first. */
    static void setDrawPile(OsakaState s, int[] topFirst, int len) {
        for (int i = 0; i < len; i++) {
            int card = topFirst[i];
            s.draw[len - 1 - i] = card;
            s.loc[card] = Loc.DRAW;
        }
        s.drawSize = len;
    }

    /**
     * Takes the top card of the draw pile. When the pile is empty and a card must be drawn,
     * the discard pile (taken in card-id order) is shuffled into a new pile, only at that
     * moment (section "Refresh"), and the pile generation grows by one. [decision] If both are
     * empty, returns -1: the caller draws what exists and continues. In the explicit-chance mode
     * the card's type is a chance node first ({@link OsakaExplicit#chooseTop}).
     */
    static int drawCard(OsakaState s) {
        if (s.drawSize == 0) {
            if (s.discardSize == 0) {
                return -1;
            }
            int[] pile = new int[s.discardSize];
            int k = 0;
            for (int c = 0; c < Cards.COUNT; c++) {
                if (s.loc[c] == Loc.DISCARD) {
                    pile[k++] = c;
                }
            }
            s.rng.shuffle(pile, 0, k);
            s.discardSize = 0;
            Arrays.fill(s.discardByType, 0);
            setDrawPile(s, pile, k);
            s.pileGeneration++;
            s.events.shuffled(true, pile);
        }
        if (s.explicit != null) {
            OsakaExplicit.chooseTop(s);
        }
        return s.draw[--s.drawSize];
    }

    /** Draws one card to the Market; returns the card, or -1 when no card exists. */
    static int drawToMarket(OsakaState s) {
        int card = drawCard(s);
        if (card >= 0) {
            s.loc[card] = Loc.MARKET;
            s.market[s.marketSize++] = card;
            s.events.drew(card, OsakaEvents.Place.MARKET, -1);
        }
        return card;
    }

    /** Draws one card to the Farm; returns the card, or -1 when no card exists. */
    static int drawToFarm(OsakaState s) {
        int card = drawCard(s);
        if (card >= 0) {
            s.loc[card] = Loc.FARM;
            s.farm[s.farmSize++] = card;
            s.events.drew(card, OsakaEvents.Place.FARM, -1);
        }
        return card;
    }

    /** Draws one card to player p's hand; returns the card, or -1 when no card exists. */
    static int drawToHand(OsakaState s, int p) {
        int card = drawCard(s);
        if (card >= 0) {
            addToHand(s, p, card);
            s.events.drew(card, OsakaEvents.Place.HAND, p);
        }
        return card;
    }

    /** Draws one card face down to player p's VP pile; returns the card, or -1 when no card exists. */
    static int drawToVp(OsakaState s, int p) {
        int card = drawCard(s);
        if (card >= 0) {
            s.loc[card] = Loc.seat(p, Loc.VP);
            s.faceDownFrom[card] = s.pileGeneration;
            s.events.drew(card, OsakaEvents.Place.VP, p);
        }
        return card;
    }

    static void addToHand(OsakaState s, int p, int card) {
        s.loc[card] = Loc.seat(p, Loc.HAND);
        s.addHand(p, Cards.type(card), 1);
        s.handValue[p] += Cards.value(card);
        s.handSize[p]++;
    }

    /** Removes the lowest-id card of a type from a hand and returns it. */
    static int removeFromHand(OsakaState s, int p, int type) {
        byte where = Loc.seat(p, Loc.HAND);
        int card = Cards.firstOfType(type);
        while (s.loc[card] != where) {
            card++;
        }
        s.addHand(p, type, -1);
        s.handValue[p] -= Cards.value(card);
        s.handSize[p]--;
        return card;
    }

    /** Puts a card face up on the discard pile. */
    static void discard(OsakaState s, int card) {
        s.loc[card] = Loc.DISCARD;
        s.discardSize++;
        s.discardByType[Cards.type(card)]++;
    }

    /** Takes a card out of the game (public). */
    static void removeFromGame(OsakaState s, int card) {
        s.loc[card] = Loc.OUT;
        s.outByType[Cards.type(card)]++;
    }

    static void removeFromMarket(OsakaState s, int card) {
        int i = 0;
        while (s.market[i] != card) {
            i++;
        }
        System.arraycopy(s.market, i + 1, s.market, i, s.marketSize - i - 1);
        s.marketSize--;
    }

    /** Section C: the piece goes on one unreserved card; only its owner may buy or take it. */
    static void reserve(OsakaState s, int p, int card) {
        s.reservedBy[card] = (byte) (p + 1);
        s.reservedCard[p] = card;
    }

    /** The reserve piece returns only when its owner buys or takes the card. */
    static void releaseReservation(OsakaState s, int card) {
        s.reservedCard[s.reservedBy[card] - 1] = -1;
        s.reservedBy[card] = 0;
    }
}
