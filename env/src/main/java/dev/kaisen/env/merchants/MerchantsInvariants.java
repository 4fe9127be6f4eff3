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
            checkPhase(s, out);
        }
        checkTurnFields(s, out);
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
            if (!over || !s.endReason.equals("DECISION_CAP") || s.decisions != MerchantsState.DECISION_CAP) {
                out.add("a truncated game must be over at the decision cap (" + MerchantsState.DECISION_CAP
                        + ") with end reason DECISION_CAP, not phase " + s.phase + ", " + s.decisions
                        + " decisions, reason " + s.endReason);
            }
        } else if (over) {
            if (!s.endReason.equals("ARRIVALS") || s.arrivals < s.d.endArrivals(s.n)) {
                out.add("a game over without truncation ends by ARRIVALS with at least " + s.d.endArrivals(s.n)
                        + " arrivals, not " + s.endReason + " with " + s.arrivals);
            }
        } else {
            if (!s.endReason.equals("NONE")) {
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
                    int k = s.warehouse[(p * CITIES + c) * GOODS + g];
                    negative |= k < 0;
                    total += k;
                }
                for (int w = 0; w < WAGONS; w++) {
                    int k = s.cargo[(w * n + p) * GOODS + g];
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
        MerchantsData d = s.d;
        int n = s.n;
        int cards = s.invDeck.length;
        if (s.invTop < 0 || s.invTop > cards || s.inflTop < 0 || s.inflTop > s.inflDeck.length) {
            out.add("pile tops " + s.invTop + " and " + s.inflTop + " out of range");
            return;
        }
        int[] inDeck = new int[cards];
        int[] places = new int[cards];
        for (int i = 0; i < cards; i++) {
            int c = s.invDeck[i];
            if (c < 0 || c >= cards) {
                out.add("unknown investment card " + c + " in the deck");
                return;
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
                return;
            } else {
                places[c]++;
            }
        }
        for (int c = 0; c < cards; c++) {
            if (s.invOwner[c] < NONE || s.invOwner[c] >= n) {
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
                negative |= s.hand[p * Influence.COUNT + k] < 0;
                count[k] += s.hand[p * Influence.COUNT + k];
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
        boolean moving = s.movingWagon >= 0 && s.movingWagon < WAGONS;
        for (int w = 0; w < WAGONS; w++) {
            int v = s.wagonNode[w];
            boolean city = d.isCity(v);
            for (int o = w + 1; o < WAGONS; o++) {
                if (s.wagonNode[o] == v && (city || !moving || (w != s.movingWagon && o != s.movingWagon))) {
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
            boolean leaving = moving && w == s.movingWagon && s.pathLen > 0 && d.isCity(s.path[0]);
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

    // ------------------------------------------------------------------ the phase

    private static void checkPhase(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        Phase ph = s.phase;
        boolean turnOrdered = switch (ph) {
            case BUY, BID, MOVE, WHEEL, SHIFT, STATUS -> true;
            default -> false;
        };
        if (turnOrdered ? s.turn < 0 || s.turn >= n : s.turn != n) {
            out.add("turn " + s.turn + " in phase " + ph + " (" + (turnOrdered ? "0.." + (n - 1) : "" + n) + ")");
            return;
        }
        boolean loading = ph == Phase.MASTER_LOAD || ph == Phase.REQUEST || ph == Phase.OFFER || ph == Phase.ANSWER;
        boolean requesting = ph == Phase.REQUEST || ph == Phase.OFFER || ph == Phase.ANSWER;
        boolean beforeArrivals = ph == Phase.BUY || loading || ph == Phase.MOVE
                || ph == Phase.BID && s.auctionWagon != NONE;
        if (beforeArrivals && s.arrivals >= d.endArrivals(n)) {
            out.add(s.arrivals + " arrivals reached the end (" + d.endArrivals(n) + ") but the game went on to phase " + ph);
        }
        for (int w = 0; w < WAGONS; w++) {
            if (s.arrived[w] && beforeArrivals && ph != Phase.MOVE) {
                out.add("wagon " + w + " is marked arrived in phase " + ph + ", before the movement");
            }
            if (s.arrived[w] && !beforeArrivals && !s.wagonEmpty(w)) {
                out.add("wagon " + w + " arrived and was not unloaded");
            }
        }
        // the auction
        boolean auction = s.auctionWagon != NONE || s.auctionSlot != NONE;
        if ((ph == Phase.BID) != auction || s.auctionWagon != NONE && s.auctionSlot != NONE) {
            out.add("phase " + ph + " with auction wagon " + s.auctionWagon + " and slot " + s.auctionSlot
                    + " (a sealed bid is for exactly one of them)");
        } else if (s.auctionWagon != NONE) {
            int w = s.auctionWagon;
            if (!d.isCity(s.wagonNode[w]) || s.master[w] != NONE || !s.wagonEmpty(w)) {
                out.add("wagon " + w + " is auctioned but is not an empty wagon in a city without a master");
            }
            for (int v = 0; v < w; v++) {
                if (d.isCity(s.wagonNode[v]) && s.master[v] == NONE && s.wagonEmpty(v)) {
                    out.add("wagon " + w + " is auctioned before wagon " + v + ", an empty wagon in a city without a master");
                }
            }
        } else if (s.auctionSlot != NONE && s.faceUp[s.auctionSlot] == NONE) {
            out.add("the empty face-up slot " + s.auctionSlot + " is auctioned");
        }
        // loading: every auction is over, so every empty wagon in a city has its master
        if (loading) {
            for (int v = 0; v < WAGONS; v++) {
                if (d.isCity(s.wagonNode[v]) && s.master[v] == NONE && s.wagonEmpty(v)) {
                    out.add("phase " + ph + " while wagon " + v + " stands empty in a city without a master");
                }
            }
        }
        if (loading != (s.loadWagon != NONE)) {
            out.add("phase " + ph + " with loading wagon " + s.loadWagon);
        } else if (loading) {
            checkLoading(s, out);
        } else if (s.loader != NONE) {
            out.add("phase " + ph + " with a loader (seat " + s.loader + ")");
        }
        if (!requesting && s.requestCount() != 0) {
            out.add("a loading request of " + s.requestCount() + " goods in phase " + ph);
        }
        if (ph != Phase.ANSWER && s.offer != 0) {
            out.add("an offer of " + s.offer + " florins in phase " + ph);
        }
        // movement
        if (ph != Phase.MOVE && (s.movingWagon != NONE || s.pendingTile != 0 || s.courierRun != 0
                || s.blockedWagon != NONE)) {
            out.add("phase " + ph + " with a movement under way (moving wagon " + s.movingWagon + ", tile "
                    + s.pendingTile + ", courier run " + s.courierRun + ", blocked wagon " + s.blockedWagon + ")");
        }
        // the turn's played cards and bookkeeping
        if (ph == Phase.BUY || ph == Phase.MOVE || ph == Phase.SHIFT || ph == Phase.STATUS) {
            for (Influence k : Influence.values()) {
                if (s.playedThisTurn(k) && k.phase != ph) {
                    out.add(k.id() + " is recorded as played this turn in phase " + ph + " (it is played in " + k.phase + ")");
                }
            }
        }
        int p = turnOrdered ? s.seat(s.turn) : NONE;
        switch (ph) {
            case BUY -> {
                if (s.buyExtra != (s.playedThisTurn(Influence.MARKET_RIGHT) ? d.marketRightBuys : 0)
                        || s.bargain != s.playedThisTurn(Influence.BARGAIN)) {
                    out.add("extra purchases " + s.buyExtra + " and bargain " + s.bargain
                            + " do not match the cards played this turn");
                }
                if (s.paidReduced && (s.bought == 0 || !s.bargain && !s.owns(p, Investment.REDUCED_COST))) {
                    out.add("seat " + p + " paid the reduced price without buying under Reduced Cost or Bargain");
                }
            }
            case SHIFT -> {
                if (!s.wheels.isRevealed()) {
                    out.add("price shifts before the wheels are revealed");
                }
                if (s.officeLeft > s.ownsCount(p, Investment.OFFICE)) {
                    out.add("seat " + p + " has " + s.officeLeft + " Office shifts left but owns "
                            + s.ownsCount(p, Investment.OFFICE) + " Office cards");
                }
            }
            case INVEST -> {
                boolean any = false;
                for (int c : s.faceUp) {
                    any |= c != NONE;
                }
                if (!any) {
                    out.add("an investment auction with no face-up card");
                }
            }
            case STATUS -> {
                if (s.exempt && !s.playedThisTurn(Influence.EXEMPTION)) {
                    out.add("seat " + p + " is exempt from upkeep without playing Exemption");
                }
            }
            default -> {
            }
        }
    }

    private static void checkLoading(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int w = s.loadWagon;
        int m = s.master[w];
        int c = s.wagonNode[w];
        if (!d.isCity(c) || m == NONE) {
            out.add("wagon " + w + " is being loaded but is not in a city with a master");
            return;
        }
        Phase ph = s.phase;
        if (ph == Phase.MASTER_LOAD) {
            if (s.loader != NONE) {
                out.add("the master loads while seat " + s.loader + " requests");
            }
            boolean any = false;
            for (int g = 0; g < GOODS; g++) {
                any |= s.masterMayLoad(w, g);
            }
            if (!any) {
                out.add("wagon " + w + "'s master (seat " + m + ") is to load but can load nothing");
            }
            return;
        }
        int p = s.loader;
        if (p == NONE || p == m || s.seat(s.loaderTurn) != p) {
            out.add("phase " + ph + " with loader " + p + " at turn position " + s.loaderTurn + " (master seat " + m + ")");
            return;
        }
        int mono = s.monopoly(w);
        for (int g = 0; g < GOODS; g++) {
            if (s.request[g] < 0 || s.request[g] > s.warehouse(p, c, g) || s.request[g] > 0 && g == mono) {
                out.add("seat " + p + " requests " + s.request[g] + " " + d.good(g) + " and has "
                        + s.warehouse(p, c, g) + " in " + d.city(c) + (g == mono ? " (the master's monopoly good)" : ""));
            }
        }
        if (s.cargoOf(w, p) + s.requestCount() > d.otherLoad) {
            out.add("seat " + p + "'s request of " + s.requestCount() + " goods and cargo of " + s.cargoOf(w, p)
                    + " exceed " + d.otherLoad);
        }
        if (ph == Phase.REQUEST) {
            boolean any = false;
            for (int g = 0; g < GOODS; g++) {
                any |= s.mayRequest(p, w, g);
            }
            if (!any) {
                out.add("seat " + p + " is to request but can load nothing more");
            }
        } else if (s.requestCount() == 0) {
            out.add("phase " + ph + " with an empty request");
        }
    }

    // ------------------------------------------------------------------ the turn's fields, in any phase

    private static void checkTurnFields(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        if (s.bought < 0 || s.bought > d.buyLimit + s.buyExtra || s.buyExtra < 0) {
            out.add(s.bought + " goods bought this turn with " + s.buyExtra + " extra; the limit is " + d.buyLimit);
        }
        if (s.loaderTurn < 0 || s.loaderTurn >= n) {
            out.add("loader turn position " + s.loaderTurn);
        }
        if (s.offer < 0 || s.offer % d.offerStep != 0 || s.offer > d.offerSteps * d.offerStep) {
            out.add("an offer of " + s.offer + " florins (multiples of " + d.offerStep + " up to "
                    + d.offerSteps * d.offerStep + ")");
        }
        if ((s.playedThisTurn >>> Influence.COUNT) != 0 || s.playedThisTurn < 0) {
            out.add("unknown influence kinds played this turn");
        }
        int offices = 0;
        for (int c = 0; c < s.invOwner.length; c++) {
            offices += d.investment(c) == Investment.OFFICE ? 1 : 0;
        }
        if (s.officeLeft < 0 || s.officeLeft > offices) {
            out.add(s.officeLeft + " Office shifts left; the data has " + offices + " Office cards");
        }
        if (s.extraPoints < 0 || s.courierLeft < 0 || s.courierRun < 0 || s.movePoints < 0) {
            out.add("negative movement or courier points");
        }
        if (s.extraPoints > d.maxMovePoints() || s.movePoints > d.maxMovePoints()
                || s.courierLeft + s.courierRun > d.maxCourierPoints()) {
            out.add("more movement or courier points than the data's cards give (extra " + s.extraPoints + ", move "
                    + s.movePoints + ", courier " + s.courierLeft + " left and " + s.courierRun + " taken)");
        }
        if (s.pendingTile < 0 || s.pendingTile > MerchantsState.TILES) {
            out.add("pending tile " + s.pendingTile);
        }
        if (s.courierDone && (s.courierRun != 0 || s.courierLeft != 0)) {
            out.add("the courier's run is done with " + s.courierRun + " steps in a run under way and "
                    + s.courierLeft + " left");
        }
        if (s.courierRun > 0 && (s.courierLeft == 0 || s.courierDone)) {
            out.add("a courier run under way with no step left");
        }
        if (s.blockedWagon != NONE && (s.blockedWagon < 0 || s.blockedWagon >= WAGONS || !s.courierDone
                || s.wagonNode[s.blockedWagon] != s.courier)) {
            out.add("wagon " + s.blockedWagon + " is barred but the courier's run is not done or it does not "
                    + "stand under the courier");
        }
        if (s.startPrev < NONE || s.startPrev >= d.nodes()) {
            out.add("the last move's previous place " + s.startPrev + " is off the map");
        }
        int w = s.movingWagon;
        if (w == NONE) {
            if (s.movePoints != 0 || s.mover != NONE || s.pathLen != 0) {
                out.add("no wagon moving but " + s.movePoints + " points, mover " + s.mover + " and a path of "
                        + s.pathLen + " places");
            }
        } else {
            checkMoving(s, w, out);
        }
        if (s.pendingTile > 0) {
            boolean any = false;
            for (int v = 0; v < WAGONS; v++) {
                any |= s.canMove(v, s.pendingTile);
            }
            if (!s.tilePlayed || w != NONE || !any) {
                out.add("tile " + s.pendingTile + " waits for a wagon, but " + (!s.tilePlayed ? "no tile was played"
                        : w != NONE ? "wagon " + w + " is moving" : "no wagon can move that far"));
            }
        }
    }

    private static void checkMoving(MerchantsState s, int w, List<String> out) {
        MerchantsData d = s.d;
        if (w < 0 || w >= WAGONS) {
            out.add("moving wagon " + w);
            return;
        }
        if (s.pathLen < 1 || s.pathLen > s.path.length || s.path[s.pathLen - 1] != s.wagonNode[w]) {
            out.add("wagon " + w + " is moving but its path (" + s.pathLen + " places) does not end where it stands");
            return;
        }
        for (int i = 1; i < s.pathLen; i++) {
            if (!adjacent(d, s.path[i - 1], s.path[i]) || d.isCity(s.path[i])) {
                out.add("wagon " + w + "'s path steps from " + place(d, s.path[i - 1]) + " to " + place(d, s.path[i]));
            }
        }
        int start = s.path[0];
        if (d.isCity(start) ? s.startPrev != NONE : !adjacent(d, start, s.startPrev)) {
            out.add("wagon " + w + "'s move started on " + d.nodeName(start) + " coming from " + place(d, s.startPrev));
        }
        if (s.movePoints < 1 || s.pendingTile != 0 || s.arrived[w] || s.mover < 0 || s.mover >= s.n
                || !s.truncated && s.phase == Phase.MOVE && s.turn < s.n && s.mover != s.seat(s.turn)) {
            out.add("wagon " + w + " is moving with " + s.movePoints + " points by seat " + s.mover
                    + " (pending tile " + s.pendingTile + ", arrived " + s.arrived[w] + ")");
        } else if (s.forward(w).length < 2) {
            out.add("wagon " + w + " waits for a branch choice on " + d.nodeName(s.wagonNode[w])
                    + " with only one way on");
        }
    }

    private static boolean adjacent(MerchantsData d, int a, int b) {
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

    private static String place(MerchantsData d, int v) {
        return v >= 0 && v < d.nodes() ? d.nodeName(v) : "place " + v;
    }
}
