package dev.kaisen.env.tokaido;

import java.util.Arrays;

import static dev.kaisen.env.tokaido.TokaidoState.DECKS;
import static dev.kaisen.env.tokaido.TokaidoState.IN_DECK;
import static dev.kaisen.env.tokaido.TokaidoState.MEAL;
import static dev.kaisen.env.tokaido.TokaidoState.ON_TABLE;

/** {@link TokaidoState#determinize}: what an observer has not seen, dealt again. */
final class TokaidoDeterminizer {
    private TokaidoDeterminizer() {
    }

    /**
     * Resamples what {@code observer} has not seen, consistently with what they saw, and restarts
     * the random stream from {@code seed}; the result depends only on what the observer knows
     * (every pool is sorted before it is shuffled):
     * <ul>
     *   <li>the traveller tiles dealt to the other seats, except the one each has kept: drawn
     *       from the tiles the observer was not dealt and nobody kept (the pair re-sorted by id);</li>
     *   <li>the meals on offer at the inn, when the observer is not there ({@link TokaidoState#seesOffer}), except
     *       those drawn from the known bottom: they and the unseen top of the meal deck are dealt
     *       again from the same cards;</li>
     *   <li>the order of the unseen top of every deck.</li>
     * </ul>
     */
    static TokaidoState determinize(TokaidoState s, int observer, long seed) {
        TokaidoState d = s.copy();
        d.rng.setState(seed);
        redealTiles(d, observer);
        for (int deckIndex = 0; deckIndex < DECKS; deckIndex++) {
            int unknown = s.deckSize[deckIndex] - s.known[deckIndex];
            int hidden = s.inn.offerSize - s.inn.offerKnown;
            if (deckIndex == MEAL && hidden > 0 && !s.seesOffer(observer)) {
                redealHiddenMeals(d, unknown, hidden);
            } else {
                shuffleUnseenTop(d, deckIndex);
            }
        }
        return d;
    }

    /**
     * {@link TokaidoState#reseed}: the random stream restarts from {@code seed}, and the unseen top
     * of every deck is shuffled from it; the known bottom, the meals on offer and the tiles dealt
     * (chance has decided them) stay as they are.
     */
    static void reseed(TokaidoState s, long seed) {
        s.rng.setState(seed);
        for (int deckIndex = 0; deckIndex < DECKS; deckIndex++) {
            shuffleUnseenTop(s, deckIndex);
        }
    }

    /** The unseen top of deck {@code deckIndex} sorted by card id, then shuffled from the state's stream. */
    private static void shuffleUnseenTop(TokaidoState s, int deckIndex) {
        int unknown = s.deckSize[deckIndex] - s.known[deckIndex];
        Arrays.sort(s.deck[deckIndex], 0, unknown);
        s.rng.shuffle(s.deck[deckIndex], 0, unknown);
    }

    /** Determinize: the other seats' unkept tiles, drawn from those the observer has not seen. */
    private static void redealTiles(TokaidoState d, int observer) {
        int seen = (1 << d.dealt(observer, 0)) | (1 << d.dealt(observer, 1));
        for (int q = 0; q < d.n; q++) {
            if (q != observer && d.traveller[q] >= 0) {
                seen |= 1 << d.traveller[q];
            }
        }
        int[] tiles = new int[Traveller.COUNT];
        int pool = 0;
        for (int t = 0; t < Traveller.COUNT; t++) {
            if ((seen & (1 << t)) == 0) {
                tiles[pool++] = t;
            }
        }
        d.rng.shuffle(tiles, 0, pool);
        int k = 0;
        for (int q = 0; q < d.n; q++) {
            if (q != observer) {
                int a = d.traveller[q] >= 0 ? d.traveller[q] : tiles[k++];
                d.dealPair(q, a, tiles[k++]);
            }
        }
    }

    /** Determinize: the offer's {@code hidden} first meals and the meal deck's {@code unknown} top, dealt again. */
    private static void redealHiddenMeals(TokaidoState d, int unknown, int hidden) {
        int[] cards = new int[unknown + hidden];
        System.arraycopy(d.inn.offer, 0, cards, 0, hidden);
        System.arraycopy(d.deck[MEAL], 0, cards, hidden, unknown);
        Arrays.sort(cards);
        d.rng.shuffle(cards, 0, cards.length);
        for (int i = 0; i < cards.length; i++) {
            if (i < hidden) {
                d.inn.offer[i] = cards[i];
                d.place(MEAL, cards[i], ON_TABLE);
            } else {
                d.deck[MEAL][i - hidden] = cards[i];
                d.place(MEAL, cards[i], IN_DECK);
            }
        }
    }
}
