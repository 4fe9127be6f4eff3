package dev.kaisen.env.tokaido;

/**
 * Queries that only read a {@link TokaidoState}: places at a position, the inn on offer, and the
 * prices and temple points the rules and bots ask for.
 */
final class TokaidoQueries {
    private TokaidoQueries() {
    }

    /** How many travellers at {@code p}'s position arrived before it (its place in an inn's queue, 1 on a second spot). */
    static int queueIndex(TokaidoState s, int p) {
        int k = 0;
        for (int q = 0; q < s.n; q++) {
            if (q != p && s.position[q] == s.position[p] && s.arrival[q] < s.arrival[p]) {
                k++;
            }
        }
        return k;
    }

    /**
     * The inn whose meals are on offer while there are any: the furthest position, as nobody
     * leaves an inn before everyone has arrived.
     */
    static int offerInn(TokaidoState s) {
        int inn = 0;
        for (int q = 0; q < s.n; q++) {
            inn = Math.max(inn, s.position[q]);
        }
        return inn;
    }

    /** Occupants of a position. */
    static int occupants(TokaidoState s, int pos) {
        int k = 0;
        for (int q = 0; q < s.n; q++) {
            k += s.position[q] == pos ? 1 : 0;
        }
        return k;
    }

    /**
     * The price of a souvenir in this village: its printed price, except for Sasayakko
     * ([decision] bought one at a time, each purchase costs the increase of the village's total
     * minus its cheapest souvenir, so with 2+ bought the cheapest is free).
     */
    static int souvenirCost(TokaidoState s, int p, int card) {
        int price = Decks.souvenirPrice(card);
        VillageVisit village = s.village;
        if (!s.has(p, Traveller.SASAYAKKO) || village.boughtCount == 0) {
            return price;
        }
        int sum = village.boughtSum;
        int before = village.boughtCount >= 2 ? sum - village.boughtMin : sum;
        int after = sum + price - Math.min(village.boughtMin, price);
        return after - before;
    }

    /** A meal's price for p: printed, or for Kinko 1 less ([decision] never below 0). */
    static int mealCost(TokaidoState s, int p, int kind) {
        int cost = Decks.mealKindCost(kind);
        return s.has(p, Traveller.KINKO) ? Math.max(0, cost - 1) : cost;
    }

    /** The temple ranking's points for p (0 for a non-donor). */
    static int templePoints(TokaidoState s, int p) {
        int[] donated = s.donated;
        if (donated[p] == 0) {
            return 0;
        }
        int rank = 0;
        for (int q = 0; q < s.n; q++) {
            rank += donated[q] > donated[p] ? 1 : 0;
        }
        int[] points = TokaidoState.TEMPLE_RANK_POINTS;
        return points[Math.min(rank, points.length - 1)];
    }
}
