package dev.kaisen.env.merchants;

import java.util.List;

import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;
import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * The part of {@link MerchantsInvariants} that reads the phase: the turn, what is auctioned, the
 * wagon being loaded and its loader, the request and offer, the wagon moving and its path, the tile
 * waiting for a wagon, the courier's run, and each turn's scratch set exactly in its phase.
 */
final class PhaseInvariants {
    private PhaseInvariants() {
    }

    // ------------------------------------------------------------------ the phase

    static void checkPhase(MerchantsState s, List<String> out) {
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
        checkArrivals(s, out);
        checkAuction(s, out);
        checkLoadingFields(s, out);
        checkMoveAndPlays(s, out);
        checkTurnOf(s, turnOrdered ? s.seat(s.turn) : NONE, out);
    }

    private static boolean loading(Phase ph) {
        return ph == Phase.MASTER_LOAD || ph == Phase.REQUEST || ph == Phase.OFFER || ph == Phase.ANSWER;
    }

    private static void checkArrivals(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        Phase ph = s.phase;
        boolean loading = loading(ph);
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
    }

    private static void checkAuction(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        Phase ph = s.phase;
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
    }

    /** Loading: every auction is over, so every empty wagon in a city has its master. */
    private static void checkLoadingFields(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        Phase ph = s.phase;
        boolean loading = loading(ph);
        boolean requesting = ph == Phase.REQUEST || ph == Phase.OFFER || ph == Phase.ANSWER;
        if (loading) {
            for (int v = 0; v < WAGONS; v++) {
                if (d.isCity(s.wagonNode[v]) && s.master[v] == NONE && s.wagonEmpty(v)) {
                    out.add("phase " + ph + " while wagon " + v + " stands empty in a city without a master");
                }
            }
        }
        if (loading != (s.loading.wagon != NONE)) {
            out.add("phase " + ph + " with loading wagon " + s.loading.wagon);
        } else if (loading) {
            checkLoading(s, out);
        } else if (s.loading.loader != NONE) {
            out.add("phase " + ph + " with a loader (seat " + s.loading.loader + ")");
        }
        if (!requesting && s.requestCount() != 0) {
            out.add("a loading request of " + s.requestCount() + " goods in phase " + ph);
        }
        if (ph != Phase.ANSWER && s.loading.offer != 0) {
            out.add("an offer of " + s.loading.offer + " florins in phase " + ph);
        }
    }

    /** No movement outside its phase; the cards played this turn are of the phase. */
    private static void checkMoveAndPlays(MerchantsState s, List<String> out) {
        Phase ph = s.phase;
        MoveTurn m = s.move;
        if (ph != Phase.MOVE && (m.movingWagon != NONE || m.pendingTile != 0 || m.courierRun != 0
                || m.blockedWagon != NONE)) {
            out.add("phase " + ph + " with a movement under way (moving wagon " + m.movingWagon + ", tile "
                    + m.pendingTile + ", courier run " + m.courierRun + ", blocked wagon " + m.blockedWagon + ")");
        }
        if (ph == Phase.BUY || ph == Phase.MOVE || ph == Phase.SHIFT || ph == Phase.STATUS) {
            for (Influence k : Influence.values()) {
                if (s.playedThisTurn(k) && k.phase != ph) {
                    out.add(k.id() + " is recorded as played this turn in phase " + ph + " (it is played in " + k.phase + ")");
                }
            }
        }
    }

    /** The bookkeeping of the turn of player p (-1 outside turn-ordered phases). */
    private static void checkTurnOf(MerchantsState s, int p, List<String> out) {
        MerchantsData d = s.d;
        switch (s.phase) {
            case BUY -> {
                if (s.buy.buyExtra != (s.playedThisTurn(Influence.MARKET_RIGHT) ? d.marketRightBuys : 0)
                        || s.buy.bargain != s.playedThisTurn(Influence.BARGAIN)) {
                    out.add("extra purchases " + s.buy.buyExtra + " and bargain " + s.buy.bargain
                            + " do not match the cards played this turn");
                }
                if (s.buy.paidReduced && (s.buy.bought == 0 || !s.buy.bargain && !s.owns(p, Investment.REDUCED_COST))) {
                    out.add("seat " + p + " paid the reduced price without buying under Reduced Cost or Bargain");
                }
            }
            case SHIFT -> {
                if (!s.wheels.isRevealed()) {
                    out.add("price shifts before the wheels are revealed");
                }
                if (s.statusTurn.officeLeft > s.ownsCount(p, Investment.OFFICE)) {
                    out.add("seat " + p + " has " + s.statusTurn.officeLeft + " Office shifts left but owns "
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
                if (s.statusTurn.exempt && !s.playedThisTurn(Influence.EXEMPTION)) {
                    out.add("seat " + p + " is exempt from upkeep without playing Exemption");
                }
            }
            default -> {
            }
        }
    }

    private static void checkLoading(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int w = s.loading.wagon;
        int m = s.master[w];
        int c = s.wagonNode[w];
        if (!d.isCity(c) || m == NONE) {
            out.add("wagon " + w + " is being loaded but is not in a city with a master");
            return;
        }
        Phase ph = s.phase;
        if (ph == Phase.MASTER_LOAD) {
            if (s.loading.loader != NONE) {
                out.add("the master loads while seat " + s.loading.loader + " requests");
            }
            boolean any = false;
            for (int g = 0; g < GOODS; g++) {
                any |= LoadingRules.masterMayLoad(s, w, g);
            }
            if (!any) {
                out.add("wagon " + w + "'s master (seat " + m + ") is to load but can load nothing");
            }
            return;
        }
        int p = s.loading.loader;
        if (p == NONE || p == m || s.seat(s.loading.loaderTurn) != p) {
            out.add("phase " + ph + " with loader " + p + " at turn position " + s.loading.loaderTurn + " (master seat " + m + ")");
            return;
        }
        int mono = s.monopoly(w);
        for (int g = 0; g < GOODS; g++) {
            if (s.loading.request[g] < 0 || s.loading.request[g] > s.warehouse(p, c, g) || s.loading.request[g] > 0 && g == mono) {
                out.add("seat " + p + " requests " + s.loading.request[g] + " " + d.good(g) + " and has "
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
                any |= LoadingRules.mayRequest(s, p, w, g);
            }
            if (!any) {
                out.add("seat " + p + " is to request but can load nothing more");
            }
        } else if (s.requestCount() == 0) {
            out.add("phase " + ph + " with an empty request");
        }
    }

    // ------------------------------------------------------------------ the turn's fields, in any phase

    static void checkTurnFields(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        int n = s.n;
        if (s.buy.bought < 0 || s.buy.bought > d.buyLimit + s.buy.buyExtra || s.buy.buyExtra < 0) {
            out.add(s.buy.bought + " goods bought this turn with " + s.buy.buyExtra + " extra; the limit is " + d.buyLimit);
        }
        if (s.loading.loaderTurn < 0 || s.loading.loaderTurn >= n) {
            out.add("loader turn position " + s.loading.loaderTurn);
        }
        if (s.loading.offer < 0 || s.loading.offer % d.offerStep != 0 || s.loading.offer > d.offerSteps * d.offerStep) {
            out.add("an offer of " + s.loading.offer + " florins (multiples of " + d.offerStep + " up to "
                    + d.offerSteps * d.offerStep + ")");
        }
        if ((s.playedThisTurn >>> Influence.COUNT) != 0 || s.playedThisTurn < 0) {
            out.add("unknown influence kinds played this turn");
        }
        int offices = 0;
        for (int c = 0; c < s.invOwner.length; c++) {
            offices += d.investment(c) == Investment.OFFICE ? 1 : 0;
        }
        if (s.statusTurn.officeLeft < 0 || s.statusTurn.officeLeft > offices) {
            out.add(s.statusTurn.officeLeft + " Office shifts left; the data has " + offices + " Office cards");
        }
        checkMoveTurn(s, out);
    }

    /** The movement turn's points, tile, courier run and the wagon under way, in any phase. */
    private static void checkMoveTurn(MerchantsState s, List<String> out) {
        MerchantsData d = s.d;
        MoveTurn m = s.move;
        if (m.extraPoints < 0 || m.courierLeft < 0 || m.courierRun < 0 || m.movePoints < 0) {
            out.add("negative movement or courier points");
        }
        if (m.extraPoints > d.maxMovePoints() || m.movePoints > d.maxMovePoints()
                || m.courierLeft + m.courierRun > d.maxCourierPoints()) {
            out.add("more movement or courier points than the data's cards give (extra " + m.extraPoints + ", move "
                    + m.movePoints + ", courier " + m.courierLeft + " left and " + m.courierRun + " taken)");
        }
        if (m.pendingTile < 0 || m.pendingTile > MerchantsState.TILES) {
            out.add("pending tile " + m.pendingTile);
        }
        if (m.courierDone && (m.courierRun != 0 || m.courierLeft != 0)) {
            out.add("the courier's run is done with " + m.courierRun + " steps in a run under way and "
                    + m.courierLeft + " left");
        }
        if (m.courierRun > 0 && (m.courierLeft == 0 || m.courierDone)) {
            out.add("a courier run under way with no step left");
        }
        if (m.blockedWagon != NONE && (m.blockedWagon < 0 || m.blockedWagon >= WAGONS || !m.courierDone
                || s.wagonNode[m.blockedWagon] != s.courier)) {
            out.add("wagon " + m.blockedWagon + " is barred but the courier's run is not done or it does not "
                    + "stand under the courier");
        }
        if (m.startPrev < NONE || m.startPrev >= d.nodes()) {
            out.add("the last move's previous place " + m.startPrev + " is off the map");
        }
        int w = m.movingWagon;
        if (w == NONE) {
            if (m.movePoints != 0 || m.mover != NONE || m.pathLen != 0) {
                out.add("no wagon moving but " + m.movePoints + " points, mover " + m.mover + " and a path of "
                        + m.pathLen + " places");
            }
        } else {
            checkMoving(s, w, out);
        }
        if (m.pendingTile > 0) {
            boolean any = false;
            for (int v = 0; v < WAGONS; v++) {
                any |= s.canMove(v, m.pendingTile);
            }
            if (!m.tilePlayed || w != NONE || !any) {
                out.add("tile " + m.pendingTile + " waits for a wagon, but " + (!m.tilePlayed ? "no tile was played"
                        : w != NONE ? "wagon " + w + " is moving" : "no wagon can move that far"));
            }
        }
    }

    private static void checkMoving(MerchantsState s, int w, List<String> out) {
        MerchantsData d = s.d;
        MoveTurn m = s.move;
        if (w < 0 || w >= WAGONS) {
            out.add("moving wagon " + w);
            return;
        }
        if (m.pathLen < 1 || m.pathLen > m.path.length || m.path[m.pathLen - 1] != s.wagonNode[w]) {
            out.add("wagon " + w + " is moving but its path (" + m.pathLen + " places) does not end where it stands");
            return;
        }
        for (int i = 1; i < m.pathLen; i++) {
            if (!MerchantsInvariants.adjacent(d, m.path[i - 1], m.path[i]) || d.isCity(m.path[i])) {
                out.add("wagon " + w + "'s path steps from " + MerchantsInvariants.place(d, m.path[i - 1]) + " to "
                        + MerchantsInvariants.place(d, m.path[i]));
            }
        }
        int start = m.path[0];
        if (d.isCity(start) ? m.startPrev != NONE : !MerchantsInvariants.adjacent(d, start, m.startPrev)) {
            out.add("wagon " + w + "'s move started on " + d.nodeName(start) + " coming from "
                    + MerchantsInvariants.place(d, m.startPrev));
        }
        if (m.movePoints < 1 || m.pendingTile != 0 || s.arrived[w] || m.mover < 0 || m.mover >= s.n
                || !s.truncated && s.phase == Phase.MOVE && s.turn < s.n && m.mover != s.seat(s.turn)) {
            out.add("wagon " + w + " is moving with " + m.movePoints + " points by seat " + m.mover
                    + " (pending tile " + m.pendingTile + ", arrived " + s.arrived[w] + ")");
        } else if (MoveRules.forward(s, w).length < 2) {
            out.add("wagon " + w + " waits for a branch choice on " + d.nodeName(s.wagonNode[w])
                    + " with only one way on");
        }
    }
}
