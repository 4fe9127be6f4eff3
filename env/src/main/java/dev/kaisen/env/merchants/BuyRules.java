package dev.kaisen.env.merchants;

import java.util.Arrays;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * Action 1, buying ({@link Phase#BUY}; {@code docs/rules/merchants.md}, "Phase 1: buying goods"): in
 * turn order each player buys up to the limit (more with Market Right) at the current cost, into
 * warehouses of open cities whose market shows the good; twice in round 1. Reduced Cost (and
 * Bargain): the turn's purchases cost {@code reducedCost} in all.
 */
final class BuyRules {
    private BuyRules() {
    }

    static void beginBuyTurn(MerchantsState s) {
        s.phase = Phase.BUY;
        s.buy.begin();
        s.playedThisTurn = 0;
    }

    /** Market Right and Bargain, every purchase open now, and the pass; ascending. */
    static int legalBuys(MerchantsState s, int p, int[] out) {
        int k = InfluenceRules.legalPlays(s, p, out, 0);
        if (s.buy.bought < buyLimit(s)) {
            int open = openCities(s);
            for (int g = 0; g < GOODS; g++) {
                if (s.supply[g] == 0 || buyPrice(s, p, g) > s.money[p]) {
                    continue;
                }
                for (int c = 0; c < CITIES; c++) {
                    if ((open & (1 << c)) != 0 && s.d.cityShows[c][g]) {
                        out[k++] = MerchantsAction.buy(g, c);
                    }
                }
            }
        }
        out[k++] = MerchantsAction.PASS;
        Arrays.sort(out, 0, k);
        return k;
    }

    /** A purchase, a card played, or the pass: the next buyer, the second pass of round 1, or the loading. */
    static void buy(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.PASS) {
            if (++s.turn < s.n) {
                beginBuyTurn(s);
            } else if (s.round == 1 && s.buyPass + 1 < s.d.firstRoundBuys) {
                s.buyPass++;
                s.turn = 0;
                beginBuyTurn(s);
            } else {
                LoadingRules.beginLoading(s);
            }
            return;
        }
        if (action >= MerchantsAction.PLAY) {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            InfluenceRules.play(s, p, kind);
            if (kind == Influence.MARKET_RIGHT) {
                s.buy.buyExtra += s.d.marketRightBuys;
            } else {
                s.buy.bargain = true;
            }
            return;
        }
        int g = (action - MerchantsAction.BUY) / CITIES;
        int c = (action - MerchantsAction.BUY) % CITIES;
        int pay = buyPrice(s, p, g);
        if (reducedPrice(s, p)) {
            s.buy.paidReduced = true;
        }
        s.money[p] -= pay;
        s.supply[g]--;
        s.addWarehouse(p, c, g, 1);
        s.buy.bought++;
    }

    /** Whether this buy turn's purchases cost {@code reducedCost} in all (Reduced Cost, or Bargain played). */
    static boolean reducedPrice(MerchantsState s, int p) {
        return s.buy.bargain || s.owns(p, Investment.REDUCED_COST);
    }

    private static int buyPrice(MerchantsState s, int p, int g) {
        if (reducedPrice(s, p)) {
            return s.buy.paidReduced ? 0 : s.d.reducedCost;
        }
        return s.cost(g);
    }

    private static int buyLimit(MerchantsState s) {
        return s.d.buyLimit + s.buy.buyExtra;
    }

    /** See {@link MerchantsState#openCities()}. */
    static int openCities(MerchantsState s) {
        int mask = 0;
        for (int w = 0; w < WAGONS; w++) {
            int v = s.wagonNode[w];
            if (s.d.isCity(v)) {
                if (s.wagonEmpty(w)) {
                    mask |= 1 << v;
                }
            } else {
                mask |= reachNext(s.d, v, s.wagonPrev[w], 1L << v);
            }
        }
        return mask;
    }

    private static int reachNext(MerchantsData d, int v, int prev, long seen) {
        int mask = 0;
        for (int u : d.neighbours[v]) {
            if (u == prev || (seen & (1L << u)) != 0) {
                continue;
            }
            if (d.isCity(u)) {
                mask |= 1 << u;
            } else {
                mask |= reachNext(d, u, v, seen | (1L << u));
            }
        }
        return mask;
    }
}
