package dev.kaisen.env.osaka;

import java.util.Arrays;

/** Resampling what no player knows: {@link OsakaState#determinize}. */
final class OsakaDeterminizer {
    private OsakaDeterminizer() {
    }

    /**
     * A determinization (section "Hidden and public information" of the rules): a state that
     * no player with perfect recall can tell apart from this one, with only what stays unknown
     * resampled from {@code seed}:
     * <ul>
     *   <li>the cards of the draw pile together with the VP cards drawn face down from the
     *       current pile since its last shuffle (a known composition) are shuffled among those
     *       positions, the pile order included: each VP pile keeps its number of face-down
     *       cards of the current pile, and the draw pile its size;</li>
     *   <li>the VP cards drawn face down from each earlier pile are permuted among the
     *       face-down positions of that same pile generation (they never return to play).</li>
     * </ul>
     * Hands are never resampled: starting hands are revealed card by card and every later
     * change to a hand is public, so every hand is known. Everything else (Market, Farm,
     * goods, discard pile, cards out of the game, VP counts, tokens, ships, phase) is kept.
     *
     * <p>[decision] The VP cards drawn from the pile go face down unseen, so their owner does
     * not know them either: the rulebook has the missing VP taken from the draw pile and VP
     * cards placed face down under the trader piece, and says nothing of looking at them (the
     * rules file counts them among the cards nobody knows). The information state is thus the
     * same for every player and the observer does not change the result.
     *
     * <p>The resampling starts from the unknown cards in card-id order and the random stream
     * restarts from {@code seed} (the resampling draws from it first, later shuffles go on
     * from there), so the result depends only on the information state and the seed: two
     * states that differ only in unknown parts give equal determinizations.
     */
    static OsakaState determinize(OsakaState s, long seed) {
        OsakaState d = s.copy();
        d.invalidate();
        d.rng.setState(seed);
        int[] pool = new int[Cards.COUNT];
        // The current pile: draw pile + face-down VP cards drawn from it, in card-id order.
        int k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == Loc.DRAW || s.faceDownFrom[card] == s.pileGeneration) {
                pool[k++] = card;
            }
        }
        d.rng.shuffle(pool, 0, k);
        for (int i = 0; i < s.drawSize; i++) {
            int card = pool[i];
            d.draw[i] = card;
            d.loc[card] = Loc.DRAW;
            d.faceDownFrom[card] = OsakaState.NOT_FACE_DOWN;
        }
        dealFaceDown(d, s, pool, s.drawSize, s.pileGeneration);
        shuffleEarlierPiles(d, s, pool);
        return d;
    }

    /**
     * Earlier piles: each generation's face-down VP cards of {@code s}, in card-id order, shuffled
     * among that generation's positions in {@code d} (with {@code d}'s stream; {@code pool} is
     * scratch of 108).
     */
    static void shuffleEarlierPiles(OsakaState d, OsakaState s, int[] pool) {
        int k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.faceDownFrom[card] != OsakaState.NOT_FACE_DOWN && s.faceDownFrom[card] < s.pileGeneration) {
                pool[k++] = s.faceDownFrom[card] * Cards.COUNT + card;
            }
        }
        Arrays.sort(pool, 0, k);
        for (int from = 0; from < k; ) {
            int generation = pool[from] / Cards.COUNT;
            int to = from;
            while (to < k && pool[to] / Cards.COUNT == generation) {
                pool[to] %= Cards.COUNT;
                to++;
            }
            int[] group = Arrays.copyOfRange(pool, from, to);
            d.rng.shuffle(group, 0, group.length);
            dealFaceDown(d, s, group, 0, generation);
            from = to;
        }
    }

    /**
     * {@link OsakaState#reseed}: the random stream restarts from {@code seed} and the draw pile
     * (its cards in card-id order) is shuffled from it; each pile keeps its cards.
     *
     * <p>[decision] The VP cards already drawn face down stay where they are: nobody knows them
     * either, but chance has decided them (they left the pile), and reseed changes only what
     * chance has not yet decided. {@link #determinize} resamples them with the draw pile.
     */
    static void reseed(OsakaState s, long seed) {
        s.invalidate();
        s.rng.setState(seed);
        Arrays.sort(s.draw, 0, s.drawSize);
        s.rng.shuffle(s.draw, 0, s.drawSize);
    }

    /**
     * Puts {@code cards[from..]} face down in {@code d} into the VP piles, as many per seat (in seat order)
     * as {@code original} holds face-down cards of that pile generation.
     */
    static void dealFaceDown(OsakaState d, OsakaState original, int[] cards, int from, int generation) {
        int next = from;
        for (int p = 0; p < d.n; p++) {
            byte where = Loc.seat(p, Loc.VP);
            for (int card = 0; card < Cards.COUNT; card++) {
                if (original.faceDownFrom[card] == generation && original.loc[card] == where) {
                    int placed = cards[next++];
                    d.loc[placed] = where;
                    d.faceDownFrom[placed] = generation;
                }
            }
        }
    }
}
