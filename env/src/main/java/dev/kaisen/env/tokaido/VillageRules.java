package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;

import static dev.kaisen.env.tokaido.TokaidoState.SOUVENIR;
import static dev.kaisen.env.tokaido.VillageVisit.SLOTS;

/**
 * Rules, "Village": three souvenirs revealed, bought one decision at a time (Sasayakko's price,
 * Zen-emon's one souvenir for 1 coin), the rest put under the deck on the pass; and how a
 * souvenir joins a set, also for Shokunin's free souvenir.
 */
final class VillageRules {
    private VillageRules() {
    }

    /** Rules, "Village": reveal 3 souvenirs ([decision] fewer when the deck is short; none ends the visit). */
    static void enter(TokaidoState s, int p, ChanceLog chance) {
        VillageVisit v = s.village;
        v.clearPurchases();
        int drawn = 0;
        for (int slot = 0; slot < SLOTS; slot++) {
            if (s.deckSize[SOUVENIR] > 0) {
                v.revealed[slot] = TokaidoRules.draw(s, SOUVENIR, "village", p, chance);
                drawn++;
            } else {
                v.revealed[slot] = -1;
            }
        }
        if (drawn == 0) {
            TokaidoRules.afterBenefit(s, chance);
        } else {
            s.phase = Phase.VILLAGE;
        }
    }

    /** A revealed souvenir the traveller can afford, one for 1 coin by Zen-emon's power, or the pass. */
    static int legalBuy(TokaidoState s, int[] out) {
        VillageVisit v = s.village;
        int p = s.current;
        int k = 0;
        for (int slot = 0; slot < SLOTS; slot++) {
            if (v.revealed[slot] >= 0 && s.coins[p] >= TokaidoQueries.souvenirCost(s, p, v.revealed[slot])) {
                out[k++] = TokaidoAction.SOUVENIR + slot;
            }
        }
        if (s.has(p, Traveller.ZEN_EMON) && !v.zenUsed && s.coins[p] >= 1) {
            for (int slot = 0; slot < SLOTS; slot++) {
                if (v.revealed[slot] >= 0) {
                    out[k++] = TokaidoAction.SOUVENIR_ZEN + slot;
                }
            }
        }
        out[k++] = TokaidoAction.PASS;
        return k;
    }

    /**
     * A purchase (one decision per souvenir) or the pass, which puts the rest under the deck in
     * slot order. [decision] The visit ends by itself once everything revealed is bought.
     */
    static void buy(TokaidoState s, int action, ChanceLog chance) {
        if (action == TokaidoAction.PASS) {
            leave(s, chance);
            return;
        }
        VillageVisit v = s.village;
        int p = s.current;
        boolean zen = action >= TokaidoAction.SOUVENIR_ZEN;
        int slot = action - (zen ? TokaidoAction.SOUVENIR_ZEN : TokaidoAction.SOUVENIR);
        int card = v.revealed[slot];
        int cost = zen ? 1 : TokaidoQueries.souvenirCost(s, p, card);
        v.zenUsed |= zen;
        s.coins[p] -= cost;
        v.recordPurchase(Decks.souvenirPrice(card));
        v.revealed[slot] = -1;
        gainSouvenir(s, p, card);
        if (!v.anyRevealed()) {
            leave(s, chance);
        }
    }

    private static void leave(TokaidoState s, ChanceLog chance) {
        VillageVisit v = s.village;
        for (int slot = 0; slot < SLOTS; slot++) {
            if (v.revealed[slot] >= 0) {
                TokaidoRules.toBottom(s, SOUVENIR, v.revealed[slot], chance);
                v.revealed[slot] = -1;
            }
        }
        v.clearPurchases();
        TokaidoRules.afterBenefit(s, chance);
    }

    /**
     * Rules, "Village": souvenirs are grouped in sets of distinct types; the 1st/2nd/3rd/4th
     * souvenir of a set scores 1/3/5/7. [decision] A new souvenir joins the set where it scores
     * most (the largest set lacking its type; among equals the oldest), else starts a new set.
     */
    static void gainSouvenir(TokaidoState s, int p, int card) {
        s.giveTo(p, SOUVENIR, card);
        s.souvenirCount[p]++;
        int bit = 1 << Decks.souvenirType(card);
        int best = -1;
        for (int i = 0; i < s.setCount[p]; i++) {
            int mask = s.souvenirSet(p, i);
            if ((mask & bit) == 0 && (best < 0 || Integer.bitCount(mask) > Integer.bitCount(s.souvenirSet(p, best)))) {
                best = i;
            }
        }
        if (best < 0) {
            best = s.setCount[p]++;
        }
        int set = s.souvenirSet(p, best) | bit;
        s.setSouvenirSet(p, best, set);
        s.points[p] += Decks.setPoints(Integer.bitCount(set));
    }
}
