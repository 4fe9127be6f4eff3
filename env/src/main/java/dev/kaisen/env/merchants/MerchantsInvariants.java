package dev.kaisen.env.merchants;

import dev.kaisen.env.SealedChoices;

import java.util.ArrayList;
import java.util.List;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;
import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * What must hold in every Merchants of the Middle Ages state:
 * <ul>
 *   <li>the end: over exactly when the wagon track reached the player count's threshold (at a
 *   round's end) or the decision cap truncated the game, with the matching end reason;</li>
 *   <li>goods: of each type, the bank's supply, every warehouse and every wagon's cargo hold
 *   {@code goodsPerType - 1} (one is the price marker), none negative;</li>
 *   <li>money never negative, status levels and prices on their ladders, bonuses 0..max (0 in a city
 *   holding a wagon, but for a wagon that arrived this movement phase), movement tiles a non-empty
 *   set of 1-4, credit cards in the bank and in hands adding up to the data's;</li>
 *   <li>cards: every investment card once in the deck's order and once among the face-down pile,
 *   the face-up slots (an empty slot only when the pile is empty) and the owners; every influence kind
 *   {@code copies} times among the pile, the hands and the discard pile;</li>
 *   <li>wagons and courier: no two wagons on one place (but the wagon moving, passing another on a
 *   space), the courier on a space, a wagon's previous place -1 in a city and a neighbour elsewhere,
 *   a loading master only in a city (or on the wagon just leaving it, mid-move), arrivals only in
 *   cities, cargo within the loads (the master up to {@code masterLoad} of one type, the others up to
 *   {@code otherLoad} and never the master's type), a wagon standing in a city without a master
 *   empty (but for an arrival not yet unloaded);</li>
 *   <li>the phase's own fields: the turn, what is auctioned, the wagon being loaded and its loader,
 *   the request (goods the loader holds in that city) and offer, the wagon moving and its path, the
 *   tile waiting for a wagon, the courier's run, the sealed bids and wheels committed exactly by the
 *   seats that acted (hidden bids within what their seat could bid), set exactly in their phase.</li>
 * </ul>
 * A game truncated by the decision cap keeps the fields of the turn it stopped in, so the checks
 * that read the phase are skipped for it. A finished courier run has no step left, and a wagon
 * barred by the influence draw stands under the courier.
 */
final class MerchantsInvariants {
    private MerchantsInvariants() {
    }

    static List<String> check(MerchantsState s) {
        List<String> out = new ArrayList<>();
        checkEnd(s, out);
        checkPlayers(s, out);
        checkGoods(s, out);
        checkCards(s, out);
        checkWagons(s, out);
        checkSealed(s, out);
        if (!s.truncated) {
            PhaseInvariants.checkPhase(s, out);
        }
        PhaseInvariants.checkTurnFields(s, out);
        return out;
    }

    /** One transition: the invariants after it, and what only grows. */
    static List<String> checkStep(MerchantsState before, MerchantsState after) {
        List<String> out = check(after);
        if (before.n != after.n || !before.d.equals(after.d) || before.setup != after.setup) {
            out.add("the players, the data or the setup changed");
            return out;
        }
        if (after.decisions != before.decisions + 1) {
            out.add("decisions went from " + before.decisions + " to " + after.decisions + ", not up by one");
        }
        if (after.round != before.round && after.round != before.round + 1) {
            out.add("the round went from " + before.round + " to " + after.round);
        }
        if (after.round == before.round && after.first != before.first) {
            out.add("the first player changed within round " + after.round);
        }
        if (after.arrivals < before.arrivals) {
            out.add("the wagon track went back from " + before.arrivals + " to " + after.arrivals);
        }
        for (Influence k : Influence.values()) {
            if (after.discard[k.ordinal()] < before.discard[k.ordinal()]) {
                out.add("the discard pile lost a " + k.id() + " card");
            }
        }
        if (after.invTop < before.invTop || after.inflTop < before.inflTop) {
            out.add("a face-down pile grew back");
        }
        for (int c = 0; c < before.invOwner.length; c++) {
            if (before.invOwner[c] != NONE && after.invOwner[c] != before.invOwner[c]) {
                out.add("investment card " + c + " changed owner from seat " + before.invOwner[c]);
            }
        }
        for (int w = 0; w < WAGONS; w++) {
            if (before.arrived[w] && !after.arrived[w] && after.round == before.round && !after.isTerminal()) {
                out.add("wagon " + w + "'s arrival was forgotten within the round");
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ the end

    private static void checkEnd(MerchantsState s, List<String> out) {
        boolean over = s.phase == Phase.GAME_OVER;
        if (s.truncated) {
            if (!over || s.endReason != EndReason.DECISION_CAP || s.decisions != MerchantsState.DECISION_CAP) {
                out.add("a truncated game must be over at the decision cap (" + MerchantsState.DECISION_CAP
                        + ") with end reason DECISION_CAP, not phase " + s.phase + ", " + s.decisions
                        + " decisions, reason " + s.endReason);
            }
        } else if (over) {
            if (s.endReason != EndReason.ARRIVALS || s.arrivals < s.d.endArrivals(s.n)) {
                out.add("a game over without truncation ends by ARRIVALS with at least " + s.d.endArrivals(s.n)
                        + " arrivals, not " + s.endReason + " with " + s.arrivals);
            }
        } else {
            if (s.endReason != EndReason.NONE) {
                out.add("a game under way has end reason NONE, not " + s.endReason);
            }
            if (s.decisions >= MerchantsState.DECISION_CAP) {
                out.add("a game under way has " + s.decisions + " decisions, the cap is " + MerchantsState.DECISION_CAP);
            }
        }
        if (s.decisions < 0 || s.round < 1) {
            out.add("decisions " + s.decisions + ", round " + s.round);
        }
        if (s.first < 0 || s.first >= s.n || s.setup < 0 || s.setup >= s.d.setups()) {
            out.add("first player " + s.first + " or setup " + s.setup + " out of range");
        }
        if (s.buyPass < 0 || s.buyPass >= s.d.firstRoundBuys || s.round > 1 && s.buyPass != 0) {
            out.add("buy pass " + s.buyPass + " in round " + s.round + " (only round 1 has " + s.d.firstRoundBuys
                    + " buy passes)");
        }
    }

    // ------------------------------------------------------------------ players

    private static void checkPlayers(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int holders = 0;
        for (int p = 0; p < s.n; p++) {
            if (s.money[p] < 0) {
                out.add("seat " + p + " has " + s.money[p] + " florins");
            }
            if (s.status[p] < 0 || s.status[p] >= d.statusLevels()) {
                out.add("seat " + p + " is on status level " + s.status[p] + " (0.." + (d.statusLevels() - 1) + ")");
            }
            if (s.tiles[p] <= 0 || s.tiles[p] > MerchantsState.ALL_TILES) {
                out.add("seat " + p + " has no face-up movement tile or unknown ones (mask " + s.tiles[p] + ")");
            }
            holders += s.credit[p] ? 1 : 0;
        }
        if (s.creditLeft < 0 || s.creditLeft + holders != d.creditCards) {
            out.add(s.creditLeft + " credit cards in the bank and " + holders + " held, not the data's " + d.creditCards);
        }
    }

    private static void checkGoods(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        for (int g = 0; g < GOODS; g++) {
            int total = s.supply[g];
            boolean negative = s.supply[g] < 0;
            for (int p = 0; p < n; p++) {
                for (int c = 0; c < CITIES; c++) {
                    int k = s.warehouse(p, c, g);
                    negative |= k < 0;
                    total += k;
                }
                for (int w = 0; w < WAGONS; w++) {
                    int k = s.cargo(w, p, g);
                    negative |= k < 0;
                    total += k;
                }
            }
            if (negative) {
                out.add("a negative count of " + d.good(g));
            }
            if (total != d.goodsPerType() - 1) {
                out.add(total + " " + d.good(g) + " in the supply, warehouses and wagons; there are " + (d.goodsPerType() - 1)
                        + " (one of " + d.goodsPerType() + " is the price marker)");
            }
            if (s.price[g] < 0 || s.price[g] >= d.levels()) {
                out.add(d.good(g) + "'s price level " + s.price[g] + " is off the wheel (0.." + (d.levels() - 1) + ")");
            }
        }
        for (int c = 0; c < CITIES; c++) {
            if (s.bonus[c] < 0 || s.bonus[c] > d.bonusMax) {
                out.add(d.city(c) + "'s bonus " + s.bonus[c] + " is outside 0.." + d.bonusMax);
            }
        }
    }

    // ------------------------------------------------------------------ cards

    private static void checkCards(MerchantsState s, List<String> out) {
        if (s.invTop < 0 || s.invTop > s.invDeck.length || s.inflTop < 0 || s.inflTop > s.inflDeck.length) {
            out.add("pile tops " + s.invTop + " and " + s.inflTop + " out of range");
            return;
        }
        if (checkInvestmentCards(s, out)) {
            checkInfluenceCards(s, out);
        }
    }

    /** Every investment card once in the deck's order and once among the pile, the face-up slots and the owners. */
    private static boolean checkInvestmentCards(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int cards = s.invDeck.length;
        int[] inDeck = new int[cards];
        int[] places = new int[cards];
        for (int i = 0; i < cards; i++) {
            int c = s.invDeck[i];
            if (c < 0 || c >= cards) {
                out.add("unknown investment card " + c + " in the deck");
                return false;
            }
            inDeck[c]++;
            if (i >= s.invTop) {
                places[c]++;
            }
        }
        for (int slot = 0; slot < s.faceUp.length; slot++) {
            int c = s.faceUp[slot];
            if (c == NONE) {
                if (s.invTop < cards) {
                    out.add("face-up slot " + slot + " is empty while the investment pile holds " + (cards - s.invTop)
                            + " cards");
                }
            } else if (c < 0 || c >= cards) {
                out.add("unknown investment card " + c + " face up");
                return false;
            } else {
                places[c]++;
            }
        }
        for (int c = 0; c < cards; c++) {
            if (s.invOwner[c] < NONE || s.invOwner[c] >= s.n) {
                out.add("investment card " + c + " is owned by seat " + s.invOwner[c]);
            } else if (s.invOwner[c] != NONE) {
                places[c]++;
            }
            if (inDeck[c] != 1) {
                out.add("investment card " + c + " (" + d.investment(c).id() + ") is " + inDeck[c]
                        + " times in the deck's order (drawn and pile)");
            }
            if (places[c] != 1) {
                out.add("investment card " + c + " (" + d.investment(c).id() + ") is in " + places[c]
                        + " places among the pile, the face-up slots and the owners (must be 1)");
            }
        }
        return true;
    }

    /** Every influence kind {@code copies} times among the pile, the hands and the discard pile. */
    private static void checkInfluenceCards(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        int[] count = new int[Influence.COUNT];
        for (int i = 0; i < s.inflDeck.length; i++) {
            int k = s.inflDeck[i];
            if (k < 0 || k >= Influence.COUNT) {
                out.add("unknown influence kind " + k + " in the influence deck");
                return;
            }
            if (i >= s.inflTop) {
                count[k]++;
            }
        }
        for (Influence kind : Influence.values()) {
            int k = kind.ordinal();
            boolean negative = s.discard[k] < 0;
            count[k] += s.discard[k];
            for (int p = 0; p < n; p++) {
                negative |= s.hand(p, k) < 0;
                count[k] += s.hand(p, k);
            }
            if (negative) {
                out.add("a negative count of " + kind.id() + " cards");
            }
            if (count[k] != d.influenceCopies) {
                out.add(count[k] + " " + kind.id() + " cards in the pile, the hands and the discard pile, not "
                        + d.influenceCopies);
            }
        }
    }

    // ------------------------------------------------------------------ wagons and courier

    private static void checkWagons(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        for (int w = 0; w < WAGONS; w++) {
            if (s.wagonNode[w] < 0 || s.wagonNode[w] >= d.nodes() || s.wagonPrev[w] < NONE
                    || s.wagonPrev[w] >= d.nodes()) {
                out.add("wagon " + w + " is off the map");
                return;
            }
        }
        if (s.courier < 0 || s.courier >= d.nodes() || d.isCity(s.courier)) {
            out.add("the courier must stand on a space, not on " + place(d, s.courier));
        }
        boolean moving = s.move.movingWagon >= 0 && s.move.movingWagon < WAGONS;
        for (int w = 0; w < WAGONS; w++) {
            int v = s.wagonNode[w];
            boolean city = d.isCity(v);
            for (int o = w + 1; o < WAGONS; o++) {
                if (s.wagonNode[o] == v && (city || !moving || (w != s.move.movingWagon && o != s.move.movingWagon))) {
                    out.add("wagons " + w + " and " + o + " both stand on " + d.nodeName(v));
                }
            }
            if (city && s.wagonPrev[w] != NONE) {
                out.add("wagon " + w + " in " + d.nodeName(v) + " has a previous place " + s.wagonPrev[w]
                        + " (-1 in a city)");
            }
            if (!city && !adjacent(d, v, s.wagonPrev[w])) {
                out.add("wagon " + w + " on " + d.nodeName(v) + " came from " + place(d, s.wagonPrev[w])
                        + ", not a neighbour");
            }
            if (s.arrived[w] != (s.arrivedBy[w] != NONE) || s.arrivedBy[w] < NONE || s.arrivedBy[w] >= n) {
                out.add("wagon " + w + ": arrived " + s.arrived[w] + " but moved in by seat " + s.arrivedBy[w]);
            }
            if (s.arrived[w] && !city) {
                out.add("wagon " + w + " arrived but stands on the space " + d.nodeName(v));
            }
            int m = s.master[w];
            if (m < NONE || m >= n) {
                out.add("wagon " + w + "'s master is seat " + m);
                continue;
            }
            boolean leaving = moving && w == s.move.movingWagon && s.move.pathLen > 0 && d.isCity(s.move.path[0]);
            if (m != NONE && !city && !leaving) {
                out.add("wagon " + w + " on the space " + d.nodeName(v) + " has a loading master (seat " + m + ")");
            }
            if (m == NONE && city && !s.arrived[w] && !s.wagonEmpty(w)) {
                out.add("wagon " + w + " stands loaded in " + d.nodeName(v) + " without a master");
            }
            checkCargo(s, w, out);
        }
        for (int c = 0; c < CITIES; c++) {
            for (int w = 0; w < WAGONS; w++) {
                if (s.wagonNode[w] == c && s.bonus[c] != 0
                        && !(s.arrived[w] && (s.phase == Phase.MOVE || s.truncated))) {
                    out.add(d.city(c) + " holds wagon " + w + " and a bonus of " + s.bonus[c]
                            + " (taken by an arrival, and not growing while a wagon stands there)");
                }
            }
        }
    }

    private static void checkCargo(MerchantsState s, int w, List<String> out) {
        MerchantsData d = s.d;
        int m = s.master[w];
        int mono = NONE;
        if (m != NONE) {
            int types = 0;
            for (int g = 0; g < GOODS; g++) {
                if (s.cargo(w, m, g) > 0) {
                    types++;
                    mono = g;
                }
            }
            if (types > 1 || s.cargoOf(w, m) > d.masterLoad) {
                out.add("wagon " + w + "'s master (seat " + m + ") carries " + s.cargoOf(w, m) + " goods of " + types
                        + " types; at most " + d.masterLoad + " of one type");
            }
        }
        for (int p = 0; p < s.n; p++) {
            if (p == m) {
                continue;
            }
            int limit = m != NONE ? d.otherLoad : Math.max(d.masterLoad, d.otherLoad);
            if (s.cargoOf(w, p) > limit) {
                out.add("seat " + p + " carries " + s.cargoOf(w, p) + " goods on wagon " + w + "; at most " + limit);
            }
            if (mono != NONE && s.cargo(w, p, mono) > 0) {
                out.add("seat " + p + " carries " + d.good(mono) + " on wagon " + w + ", its master's monopoly good");
            }
        }
    }

    // ------------------------------------------------------------------ sealed choices

    private static void checkSealed(MerchantsState s, List<String> out) {
        sealed(s, s.bids, "bid", s.d.bidSteps, Phase.BID, out);
        sealed(s, s.wheels, "wheel setting", MerchantsAction.WHEELS - 1, Phase.WHEEL, out);
        if (s.phase == Phase.BID && !s.truncated && !s.bids.isRevealed()) {
            for (int p = 0; p < s.n; p++) {
                int max = Math.min(s.d.bidSteps, Math.max(0, s.money[p]) / s.d.bidStep);
                if (s.bids.choice(p) > max) {
                    out.add("seat " + p + "'s sealed bid of " + s.bids.choice(p) + " steps is more than the " + max
                            + " it can bid");
                }
            }
        }
    }

    /**
     * Choices in 0..max; revealed only when all are committed; during their phase, not revealed and
     * committed by exactly the seats before the turn; out of it, none or all (revealed).
     */
    private static void sealed(MerchantsState s, SealedChoices c, String what, int max, Phase phase,
                               List<String> out) {
        boolean inPhase = s.phase == phase;
        int committed = 0;
        for (int p = 0; p < s.n; p++) {
            int v = c.choice(p);
            if (v < SealedChoices.NONE || v > max) {
                out.add("seat " + p + "'s " + what + " " + v + " is outside 0.." + max);
            }
            committed += v != SealedChoices.NONE ? 1 : 0;
        }
        if (c.isRevealed() && committed != s.n) {
            out.add("the " + what + "s are revealed with only " + committed + " of " + s.n + " committed");
        }
        if (s.truncated) {
            return;
        }
        if (inPhase) {
            if (c.isRevealed()) {
                out.add("the " + what + "s are revealed before everyone chose");
            }
            for (int k = 0; k < s.n && s.turn <= s.n; k++) {
                if (c.hasCommitted(s.seat(k)) != k < s.turn) {
                    out.add("seat " + s.seat(k) + (k < s.turn ? " has not committed its " + what + " after its turn"
                            : " committed its " + what + " before its turn"));
                }
            }
        } else if (!c.isRevealed() && committed > 0) {
            out.add(committed + " " + what + "s committed and hidden outside phase " + (max == s.d.bidSteps ? "BID" : "WHEEL"));
        }
    }

    static boolean adjacent(MerchantsData d, int a, int b) {
        if (a < 0 || a >= d.nodes() || b < 0 || b >= d.nodes()) {
            return false;
        }
        for (int u : d.neighbours[a]) {
            if (u == b) {
                return true;
            }
        }
        return false;
    }

    static String place(MerchantsData d, int v) {
        return v >= 0 && v < d.nodes() ? d.nodeName(v) : "place " + v;
    }
}
