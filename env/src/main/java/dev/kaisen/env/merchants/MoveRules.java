package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;

import java.util.Arrays;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;
import static dev.kaisen.env.merchants.MerchantsState.ALL_TILES;
import static dev.kaisen.env.merchants.MerchantsState.NONE;
import static dev.kaisen.env.merchants.MerchantsState.TILES;

/**
 * Actions 3 and 4 ({@code docs/rules/merchants.md}, "Phase 3: movement of wagons and courier" and
 * "Phase 4: arrival and sale"): in turn order each player plays a movement tile and moves one wagon
 * exactly that far ({@link Phase#MOVE}), with Driver, Coach Driver and Wheelwright points and the
 * courier's run; then every wagon that arrived is unloaded and its goods sold.
 */
final class MoveRules {
    private MoveRules() {
    }

    static void beginMovement(MerchantsState s) {
        s.phase = Phase.MOVE;
        s.turn = 0;
        beginMoveTurn(s);
    }

    private static void beginMoveTurn(MerchantsState s) {
        int p = s.seat(s.turn);
        MoveTurn t = s.move;
        t.tilePlayed = false;
        t.pendingTile = 0;
        t.extraPoints = (s.owns(p, Investment.DRIVER) ? s.d.driverPoints : 0)
                + (s.owns(p, Investment.COACH_DRIVER) ? s.d.coachDriverPoints : 0);
        t.courierLeft = (s.owns(p, Investment.COURIER) ? s.d.courierPoints : 0)
                + (s.owns(p, Investment.EXPRESS_COURIER) ? s.d.expressCourierPoints : 0);
        t.courierRun = 0;
        t.courierDone = false;
        t.blockedWagon = NONE;
        t.movingWagon = NONE;
        s.playedThisTurn = 0;
    }

    // ------------------------------------------------------------------ the legal moves

    /** A branch for the wagon under way, a wagon for the tile played, else the turn's other choices. */
    static int legalMoves(MerchantsState s, int p, int[] out) {
        MoveTurn t = s.move;
        if (t.movingWagon != NONE) {
            return legalBranches(s, out);
        }
        int k = 0;
        if (t.pendingTile > 0) {
            for (int w = 0; w < WAGONS; w++) {
                if (canMove(s, w, t.pendingTile)) {
                    out[k++] = MerchantsAction.WAGON + w;
                }
            }
            return k;
        }
        if (t.tilePlayed) {
            out[k++] = MerchantsAction.PASS;
        } else {
            for (int tile = 1; tile <= TILES; tile++) {
                if ((s.tiles[p] & (1 << (tile - 1))) != 0) {
                    out[k++] = MerchantsAction.TILE + tile - 1;
                }
            }
        }
        k = legalDrives(s, out, k);
        if (t.courierLeft > 0 && !t.courierDone) {
            int[] nb = s.d.neighbours[s.courier];
            for (int i = 0; i < nb.length; i++) {
                if (!s.d.isCity(nb[i])) {
                    out[k++] = MerchantsAction.COURIER + i;
                }
            }
        }
        return InfluenceRules.legalPlays(s, p, out, k);
    }

    /** At a fork, the roads that still reach a free place; all of them when none does. */
    private static int legalBranches(MerchantsState s, int[] out) {
        int w = s.move.movingWagon;
        int[] f = forward(s, w);
        int k = 0;
        for (int b = 0; b < f.length; b++) {
            if (leadsOn(s, w, f[b], s.move.movePoints)) {
                out[k++] = MerchantsAction.BRANCH + b;
            }
        }
        if (k == 0) {
            for (int b = 0; b < f.length; b++) {
                out[k++] = MerchantsAction.BRANCH + b;
            }
        }
        return k;
    }

    /** Extra points one at a time ({@code drive:W}) or all at once ({@code drive-all:W}). */
    private static int legalDrives(MerchantsState s, int[] out, int k) {
        int points = s.move.extraPoints;
        if (points > 0) {
            for (int w = 0; w < WAGONS; w++) {
                if (canMove(s, w, 1)) {
                    out[k++] = MerchantsAction.DRIVE + w;
                }
            }
            for (int w = 0; w < WAGONS && points >= 2; w++) {
                if (canMove(s, w, points)) {
                    out[k++] = MerchantsAction.DRIVE_ALL + w;
                }
            }
        }
        return k;
    }

    // ------------------------------------------------------------------ moving

    /** A branch, a wagon for the tile, a courier step, or a turn's choice (which first ends a courier run). */
    static void move(MerchantsState s, int p, int action, ChanceLog chance) {
        MoveTurn t = s.move;
        if (t.movingWagon != NONE) {
            step(s, forward(s, t.movingWagon)[action - MerchantsAction.BRANCH]);
            continueMove(s);
            return;
        }
        if (t.pendingTile > 0) {
            int points = t.pendingTile;
            t.pendingTile = 0;
            startMove(s, p, action - MerchantsAction.WAGON, points);
            return;
        }
        if (action >= MerchantsAction.COURIER && action < MerchantsAction.PLAY) {
            s.courier = s.d.neighbours[s.courier][action - MerchantsAction.COURIER];
            t.courierRun++;
            if (--t.courierLeft == 0) {
                endCourierRun(s, p, chance);
            }
            return;
        }
        if (t.courierRun > 0) {
            endCourierRun(s, p, chance);
        }
        turnChoice(s, p, action);
    }

    /** The pass, a tile, extra points, or Wheelwright / Messenger. */
    private static void turnChoice(MerchantsState s, int p, int action) {
        MoveTurn t = s.move;
        if (action == MerchantsAction.PASS) {
            if (++s.turn < s.n) {
                beginMoveTurn(s);
            } else {
                unloadArrivals(s);
            }
        } else if (action < MerchantsAction.WAGON) {
            int tile = action - MerchantsAction.TILE + 1;
            s.tiles[p] &= ~(1 << (tile - 1));
            if (s.tiles[p] == 0) {
                s.tiles[p] = ALL_TILES;
            }
            t.tilePlayed = true;
            if (anyCanMove(s, tile)) {
                t.pendingTile = tile;
            }
        } else if (action < MerchantsAction.DRIVE_ALL) {
            t.extraPoints--;
            startMove(s, p, action - MerchantsAction.DRIVE, 1);
        } else if (action < MerchantsAction.BRANCH) {
            int points = t.extraPoints;
            t.extraPoints = 0;
            startMove(s, p, action - MerchantsAction.DRIVE_ALL, points);
        } else {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            InfluenceRules.play(s, p, kind);
            if (kind == Influence.WHEELWRIGHT) {
                t.extraPoints += s.d.wheelwrightPoints;
            } else {
                t.courierLeft += s.d.messengerPoints;
            }
        }
    }

    /**
     * The courier's run ends: on a wagon's space its mover draws an influence card (seed), and may
     * not move that wagon again this turn; with the pile empty nothing happens.
     */
    private static void endCourierRun(MerchantsState s, int p, ChanceLog chance) {
        MoveTurn t = s.move;
        t.courierRun = 0;
        t.courierDone = true;
        t.courierLeft = 0;
        int w = s.wagonAt(s.courier);
        if (w != NONE && s.inflTop < s.inflDeck.length) {
            t.blockedWagon = w;
            int kind = MerchantsChance.drawInfluence(s);
            s.addHand(p, kind, 1);
            if (chance != ChanceLog.NONE) {
                chance.chance("influence", Map.of("player", p, "card", Influence.values()[kind].id()));
            }
        }
    }

    private static void startMove(MerchantsState s, int p, int w, int points) {
        MoveTurn t = s.move;
        t.movingWagon = w;
        t.movePoints = points;
        t.mover = p;
        t.path[0] = s.wagonNode[w];
        t.pathLen = 1;
        t.startPrev = s.wagonPrev[w];
        continueMove(s);
    }

    /** Steps the moving wagon while its way is unique; stops for a {@code branch:K} choice or at the end. */
    private static void continueMove(MerchantsState s) {
        while (s.move.movePoints > 0) {
            int[] f = forward(s, s.move.movingWagon);
            if (f.length > 1) {
                return;
            }
            step(s, f[0]);
        }
        finishMove(s);
    }

    private static void step(MerchantsState s, int u) {
        MoveTurn t = s.move;
        int w = t.movingWagon;
        if (s.d.isCity(u)) {
            t.movePoints = 0;
            if (s.wagonAt(u) == NONE) {
                s.wagonPrev[w] = NONE;
                s.wagonNode[w] = u;
                s.arrived[w] = true;
                s.arrivedBy[w] = t.mover;
                t.path[t.pathLen++] = u;
            }
            return;
        }
        s.wagonPrev[w] = s.wagonNode[w];
        s.wagonNode[w] = u;
        t.path[t.pathLen++] = u;
        t.movePoints--;
    }

    /** A move that ends on another wagon's space backs up along its path to the last free place (seed). */
    private static void finishMove(MerchantsState s) {
        MoveTurn t = s.move;
        int w = t.movingWagon;
        int i = t.pathLen - 1;
        while (i > 0 && occupiedByOther(s, w, t.path[i])) {
            i--;
        }
        s.wagonNode[w] = t.path[i];
        s.wagonPrev[w] = s.d.isCity(t.path[i]) ? NONE : i > 0 ? t.path[i - 1] : t.startPrev;
        if (i > 0 && s.d.isCity(t.path[0])) {
            s.master[w] = NONE;
        }
        t.movingWagon = NONE;
        t.movePoints = 0;
        t.mover = NONE;
        t.pathLen = 0;
    }

    /** Arrival and sale [reconstructed]: see {@link MerchantsState}'s class comment. */
    private static void unloadArrivals(MerchantsState s) {
        for (int w = 0; w < WAGONS; w++) {
            if (!s.arrived[w]) {
                continue;
            }
            int c = s.wagonNode[w];
            for (int p = 0; p < s.n; p++) {
                for (int g = 0; g < GOODS; g++) {
                    int k = s.cargo(w, p, g);
                    if (k > 0) {
                        s.money[p] += k * (s.d.cityShows[c][g] ? s.cost(g) : s.salePrice(g));
                        s.supply[g] += k;
                        s.addCargo(w, p, g, -k);
                    }
                }
            }
            s.money[s.arrivedBy[w]] += s.bonus[c];
            s.bonus[c] = 0;
            s.arrivals++;
        }
        s.move.blockedWagon = NONE;
        PriceRules.beginWheels(s);
    }

    // ------------------------------------------------------------------ where a wagon can go

    /** The places wagon w may step to next (forward: any road out of a city, else not back). */
    static int[] forward(MerchantsState s, int w) {
        int v = s.wagonNode[w];
        int[] nb = s.d.neighbours[v];
        if (s.d.isCity(v) || s.wagonPrev[w] == NONE) {
            return nb;
        }
        int k = 0;
        int[] out = new int[nb.length - 1];
        for (int u : nb) {
            if (u != s.wagonPrev[w] && k < out.length) {
                out[k++] = u;
            }
        }
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    /**
     * Whether wagon w can end a move of {@code points} at least one space away (not the wagon an
     * influence draw bars, nor the one under a courier run that another action would end with a
     * draw): some forward path
     * passes a free space within that many steps (passing occupied spaces is allowed, and a move
     * that ends on an occupied space backs up to the last free one), or enters a free city.
     */
    static boolean canMove(MerchantsState s, int w, int points) {
        MoveTurn t = s.move;
        boolean drawAhead = t.courierRun > 0 && s.wagonNode[w] == s.courier && s.inflTop < s.inflDeck.length;
        if (s.arrived[w] || w == t.blockedWagon || drawAhead) {
            return false;
        }
        return freeAhead(s, w, s.wagonNode[w], s.d.isCity(s.wagonNode[w]) ? NONE : s.wagonPrev[w], points);
    }

    /**
     * Whether the moving wagon, stepping to {@code u} with {@code points} left, still reaches a free
     * place (seed: "debe mover un carro lo más lejos posible"): a branch is offered only when it
     * does, unless none does.
     */
    private static boolean leadsOn(MerchantsState s, int w, int u, int points) {
        return !occupiedByOther(s, w, u) || !s.d.isCity(u) && freeAhead(s, w, u, s.wagonNode[w], points - 1);
    }

    private static boolean freeAhead(MerchantsState s, int w, int v, int prev, int points) {
        if (points == 0) {
            return false;
        }
        for (int u : s.d.neighbours[v]) {
            if (u == prev) {
                continue;
            }
            boolean free = !occupiedByOther(s, w, u);
            if (free || !s.d.isCity(u) && freeAhead(s, w, u, v, points - 1)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyCanMove(MerchantsState s, int points) {
        for (int w = 0; w < WAGONS; w++) {
            if (canMove(s, w, points)) {
                return true;
            }
        }
        return false;
    }

    private static boolean occupiedByOther(MerchantsState s, int w, int node) {
        for (int o = 0; o < WAGONS; o++) {
            if (o != w && s.wagonNode[o] == node) {
                return true;
            }
        }
        return false;
    }

    /** See {@link MerchantsState#stepsToCity}. */
    static int stepsToCity(MerchantsState s, int w, int max) {
        int v = s.wagonNode[w];
        return s.d.isCity(v) ? 0 : stepsToCity(s.d, v, s.wagonPrev[w], max);
    }

    private static int stepsToCity(MerchantsData d, int v, int prev, int max) {
        if (max == 0) {
            return 0;
        }
        int best = max;
        for (int u : d.neighbours[v]) {
            if (u != prev) {
                best = Math.min(best, d.isCity(u) ? 1 : 1 + stepsToCity(d, u, v, max - 1));
            }
        }
        return best;
    }
}
