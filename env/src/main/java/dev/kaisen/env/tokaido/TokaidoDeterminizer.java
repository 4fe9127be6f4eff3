package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.RandomStream;

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
     * At a chance node of the explicit mode see {@link #atChanceNode}.
     */
    static TokaidoState determinize(TokaidoState s, int observer, long seed) {
        if (s.isChanceNode()) {
            return atChanceNode(s, observer, seed);
        }
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

    /**
     * Determinize at a chance node of the explicit mode: the same step from a determinized state
     * before it, replayed with the outcomes chosen so far, those the observer has not seen drawn
     * again. [decision] Which outcomes are drawn again, so that the result is a state the observer
     * could be in and the replay always succeeds:
     * <ul>
     *   <li>at the deal: every pair chosen so far (the pairs are handed out once all are drawn, so
     *   no seat has seen one), from a new empty table (a new layout of the decks);</li>
     *   <li>in a decision's step: the meals drawn into an inn's offer when the observer is not at
     *   the inn at the node ({@link TokaidoState#seesOffer}), as the offer's meals are hidden from it.
     *   The state before is determinized as {@link #determinize} does but for the decks' order: the
     *   other seats' unkept tiles, and the meals on offer hidden from the observer at the node (with
     *   the meal deck's unseen top). Every other outcome (a card drawn face up, a place on the line, a
     *   meal the observer saw drawn) is kept; it replays, since its pile is as it was (only the offer
     *   draws, which come first in their step and only when no meal lies on offer, and the redealt
     *   offer, which only happens in a step that draws no meal before its node, touch the meal
     *   deck), and the unseen tops keep their layout, so a card drawn face up is the very copy the
     *   observer saw.</li>
     * </ul>
     */
    static TokaidoState atChanceNode(TokaidoState s, int observer, long seed) {
        ExplicitChance<TokaidoState> e = s.explicit;
        RandomStream r = new RandomStream(seed ^ 0x9E3779B97F4A7C15L);
        TokaidoState before;
        boolean deal = e.step() == ExplicitChance.DEAL;
        boolean offerHidden = !s.seesOffer(observer);
        if (deal) {
            before = TokaidoChance.emptyTable(s.n, s.powers, seed);
        } else {
            before = e.before().copy();
            before.rng.setState(seed);
            redealTiles(before, observer);
            int hidden = before.inn.offerSize - before.inn.offerKnown;
            if (hidden > 0 && offerHidden) {
                redealHiddenMeals(before, before.deckSize[MEAL] - before.known[MEAL], hidden);
            }
        }
        TokaidoState d = before.copy();
        d.explicit.decide(d, e.step(), ChanceLog.NONE);
        for (int o : e.chosen()) {
            int next = deal || offerHidden && TokaidoChance.isMealDraw(o) ? sample(d, r) : o;
            if (!d.explicit.isOutcome(next)) {
                throw new IllegalStateException("determinize: the outcome " + o + " the observer has seen cannot be"
                        + " replayed");
            }
            d.explicit.resolve(d, next, ChanceLog.NONE);
        }
        return d;
    }

    /** One of the node's outcomes drawn by its weights. */
    private static int sample(TokaidoState d, RandomStream r) {
        int[] ids = d.explicit.outcomes();
        int[] weights = d.explicit.weights();
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int u = r.below(total);
        for (int i = 0; i < ids.length; i++) {
            u -= weights[i];
            if (u < 0) {
                return ids[i];
            }
        }
        throw new IllegalStateException("weights sum to " + total);
    }
}
