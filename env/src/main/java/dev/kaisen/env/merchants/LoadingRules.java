package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;

import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;
import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * Action 2, loading ({@code docs/rules/merchants.md}, "Phase 2: loading"), and the sealed bids of
 * both auctions ({@link Phase#BID}): a loading master auctioned for each empty wagon in a city
 * without one, then per wagon with a master the master's free load ({@link Phase#MASTER_LOAD}) and
 * each other player's request, priced by the master and accepted or refused
 * ({@link Phase#REQUEST}, {@link Phase#OFFER}, {@link Phase#ANSWER}).
 */
final class LoadingRules {
    private LoadingRules() {
    }

    /** Seed: "Esta acción solo se lleva a cabo cuando hay al menos 1 vagón vacío en una ciudad". */
    static void beginLoading(MerchantsState s) {
        boolean emptyInCity = false;
        for (int w = 0; w < WAGONS; w++) {
            emptyInCity |= s.d.isCity(s.wagonNode[w]) && s.wagonEmpty(w);
        }
        if (!emptyInCity) {
            MoveRules.beginMovement(s);
            return;
        }
        s.auctionWagon = nextAuctionWagon(s, NONE);
        if (s.auctionWagon != NONE) {
            s.auctionSlot = NONE;
            beginBid(s);
        } else {
            beginLoadWagon(s, nextLoadWagon(s, NONE));
        }
    }

    static void beginBid(MerchantsState s) {
        s.phase = Phase.BID;
        s.bids.clear();
        s.turn = 0;
    }

    // ------------------------------------------------------------------ sealed bids

    static int legalBids(MerchantsState s, int p, int[] out) {
        int k = 0;
        int max = maxBid(s, p);
        for (int b = 0; b <= max; b++) {
            out[k++] = MerchantsAction.BID + b;
        }
        return k;
    }

    /** The most bid steps player p can pay. */
    static int maxBid(MerchantsState s, int p) {
        return Math.min(s.d.bidSteps, s.money[p] / s.d.bidStep);
    }

    /** A sealed bid; after the last one, the reveal. */
    static void bid(MerchantsState s, int p, int action, ChanceLog chance) {
        s.bids.commit(p, action - MerchantsAction.BID);
        if (++s.turn == s.n) {
            resolveAuction(s, chance);
        }
    }

    /**
     * The reveal (seed: "todos revelan su oferta al mismo tiempo"): the highest bid wins, ties by
     * turn order from the first player; for a wagon, no bid at all makes the first player master.
     */
    private static void resolveAuction(MerchantsState s, ChanceLog chance) {
        s.bids.reveal();
        int best = NONE;
        int bestBid = -1;
        for (int k = 0; k < s.n; k++) {
            int p = s.seat(k);
            int b = s.bids.choice(p) * s.d.bidStep;
            if (b > bestBid) {
                best = p;
                bestBid = b;
            }
        }
        if (s.auctionWagon == NONE) {
            StatusRules.sellInvestment(s, best, bestBid, chance);
            return;
        }
        s.money[best] -= bestBid;
        s.master[s.auctionWagon] = best;
        int nextWagon = nextAuctionWagon(s, s.auctionWagon);
        if (nextWagon != NONE) {
            s.auctionWagon = nextWagon;
            beginBid(s);
        } else {
            s.auctionWagon = NONE;
            beginLoadWagon(s, nextLoadWagon(s, NONE));
        }
    }

    private static int nextAuctionWagon(MerchantsState s, int after) {
        for (int w = after + 1; w < WAGONS; w++) {
            if (s.d.isCity(s.wagonNode[w]) && s.master[w] == NONE && s.wagonEmpty(w)) {
                return w;
            }
        }
        return NONE;
    }

    private static int nextLoadWagon(MerchantsState s, int after) {
        for (int w = after + 1; w < WAGONS; w++) {
            if (s.d.isCity(s.wagonNode[w]) && s.master[w] != NONE) {
                return w;
            }
        }
        return NONE;
    }

    // ------------------------------------------------------------------ the master's load

    private static void beginLoadWagon(MerchantsState s, int w) {
        s.loading.wagon = w;
        if (w == NONE) {
            MoveRules.beginMovement(s);
        } else if (anyMasterLoad(s, w)) {
            s.phase = Phase.MASTER_LOAD;
        } else {
            beginRequests(s, 0);
        }
    }

    static int legalMasterLoads(MerchantsState s, int[] out) {
        int k = 0;
        out[k++] = MerchantsAction.PASS;
        for (int g = 0; g < GOODS; g++) {
            if (masterMayLoad(s, s.loading.wagon, g)) {
                out[k++] = MerchantsAction.LOAD + g;
            }
        }
        return k;
    }

    /** One good loaded free, until the master passes or can load no more; then the requests. */
    static void masterLoad(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.PASS) {
            beginRequests(s, 0);
        } else {
            moveToCargo(s, p, s.loading.wagon, action - MerchantsAction.LOAD, 1);
            if (!anyMasterLoad(s, s.loading.wagon)) {
                beginRequests(s, 0);
            }
        }
    }

    /** The master of wagon w may load good g now (package-private: the invariants ask the same question). */
    static boolean masterMayLoad(MerchantsState s, int w, int g) {
        int m = s.master[w];
        int c = s.wagonNode[w];
        if (s.warehouse(m, c, g) == 0 || s.cargoOf(w, m) >= s.d.masterLoad) {
            return false;
        }
        int mono = s.monopoly(w);
        if (mono != NONE) {
            return g == mono;
        }
        for (int p = 0; p < s.n; p++) {
            if (p != m && s.cargo(w, p, g) > 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyMasterLoad(MerchantsState s, int w) {
        for (int g = 0; g < GOODS; g++) {
            if (masterMayLoad(s, w, g)) {
                return true;
            }
        }
        return false;
    }

    private static void moveToCargo(MerchantsState s, int p, int w, int g, int count) {
        s.addWarehouse(p, s.wagonNode[w], g, -count);
        s.addCargo(w, p, g, count);
    }

    // ------------------------------------------------------------------ requests, offers, answers

    /** The next player in turn order from position k (the master skipped) who can load; else the next wagon. */
    private static void beginRequests(MerchantsState s, int k) {
        s.loading.clearRequest();
        for (; k < s.n; k++) {
            int p = s.seat(k);
            if (p != s.master[s.loading.wagon] && anyRequest(s, p, s.loading.wagon)) {
                s.loading.loaderTurn = k;
                s.loading.loader = p;
                s.phase = Phase.REQUEST;
                return;
            }
        }
        s.loading.loader = NONE;
        beginLoadWagon(s, nextLoadWagon(s, s.loading.wagon));
    }

    static int legalRequests(MerchantsState s, int p, int[] out) {
        int k = 0;
        out[k++] = MerchantsAction.PASS;
        for (int g = 0; g < GOODS; g++) {
            if (mayRequest(s, p, s.loading.wagon, g)) {
                out[k++] = MerchantsAction.LOAD + g;
            }
        }
        return k;
    }

    /** One good added to the request; the pass (or a full request) asks the master for a price. */
    static void request(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.PASS) {
            if (s.loading.requestCount() == 0) {
                beginRequests(s, s.loading.loaderTurn + 1);
            } else {
                s.phase = Phase.OFFER;
            }
        } else {
            s.loading.request[action - MerchantsAction.LOAD]++;
            if (!anyRequest(s, p, s.loading.wagon)) {
                s.phase = Phase.OFFER;
            }
        }
    }

    /** Player p may add good g to the request for wagon w now. */
    static boolean mayRequest(MerchantsState s, int p, int w, int g) {
        int c = s.wagonNode[w];
        return g != s.monopoly(w) && s.warehouse(p, c, g) - s.loading.request[g] > 0
                && s.cargoOf(w, p) + s.loading.requestCount() < s.d.otherLoad;
    }

    private static boolean anyRequest(MerchantsState s, int p, int w) {
        for (int g = 0; g < GOODS; g++) {
            if (mayRequest(s, p, w, g)) {
                return true;
            }
        }
        return false;
    }

    static int legalOffers(MerchantsState s, int[] out) {
        int k = 0;
        for (int o = 0; o <= s.d.offerSteps; o++) {
            out[k++] = MerchantsAction.OFFER + o;
        }
        return k;
    }

    static void offer(MerchantsState s, int action) {
        s.loading.offer = (action - MerchantsAction.OFFER) * s.d.offerStep;
        s.phase = Phase.ANSWER;
    }

    static int legalAnswers(MerchantsState s, int p, int[] out) {
        int k = 0;
        if (s.money[p] >= s.loading.offer) {
            out[k++] = MerchantsAction.ACCEPT;
        }
        out[k++] = MerchantsAction.REFUSE;
        return k;
    }

    /** Accepting pays the master and loads the request; either way the next player may request. */
    static void answer(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.ACCEPT) {
            s.money[p] -= s.loading.offer;
            s.money[s.master[s.loading.wagon]] += s.loading.offer;
            for (int g = 0; g < GOODS; g++) {
                moveToCargo(s, p, s.loading.wagon, g, s.loading.request[g]);
            }
        }
        s.loading.clearRequest();
        s.loading.offer = 0;
        beginRequests(s, s.loading.loaderTurn + 1);
    }
}
