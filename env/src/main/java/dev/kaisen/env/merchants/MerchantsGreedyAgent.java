package dev.kaisen.env.merchants;

import dev.kaisen.env.ValueGreedyAgent;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The {@code greedy} bot: one step of look-ahead with a trader's rules of thumb, reading only what
 * its seat may know (the public table, its own hand; money is deducible by everyone).
 * <ul>
 *   <li>Buy: goods whose margin (sale price minus what it pays) is highest, into cities where it
 *   can load them soon (an empty wagon there first), less keen beyond 2 per warehouse, keeping a
 *   reserve for the auctions.</li>
 *   <li>Bids: a fixed share of what the title or card is worth to it (its own goods waiting at
 *   the wagon; a card's value shrinks as the end nears).</li>
 *   <li>Loading: load as much as allowed; as master, ask a third of the request's sale value;
 *   accept an offer below 60% of it.</li>
 *   <li>Movement: every tile, wagon and fork is tried on a copy and the continuation with the best
 *   cargo value is kept: its own goods arriving where they sell best, and the city bonus, count
 *   for it, the others' against it.</li>
 *   <li>Prices: pointers and shifts on the goods it holds (warehouses and wagons) and not on the
 *   others', never wrapping its own goods to the bottom.</li>
 *   <li>Status: buys levels whenever a reserve remains after the new level's upkeep, in the last
 *   round as long as that upkeep can still be paid; never takes credit, repays it when it can.</li>
 * </ul>
 */
public final class MerchantsGreedyAgent extends ValueGreedyAgent<MerchantsState> {
    /** Florins kept for the next round's goods and bids, except in the last round. */
    static final int RESERVE = 800;
    /** Movement choices looked ahead after the one valued: tiles, wagons and forks of the same move. */
    private static final int MOVE_DEPTH = 3;
    private final double[] exposure = new double[GOODS];
    /** The look-ahead's scratch states and legal-action buffers, one per level (an agent is used by one thread). */
    private final MerchantsState[] scratch = new MerchantsState[MOVE_DEPTH + 1];
    private final int[][] legalAt = new int[MOVE_DEPTH + 1][MerchantsAction.COUNT];
    private int me;

    public MerchantsGreedyAgent(long seed) {
        super(seed, MerchantsAction.COUNT);
    }

    @Override
    protected void prepare(MerchantsState s) {
        me = s.currentPlayer();
        if (s.phase() == Phase.WHEEL || s.phase() == Phase.SHIFT) {
            weighExposure(s);
        }
    }

    /** What each good's price is worth to this player: its goods weigh for it, the others' against it. */
    private void weighExposure(MerchantsState s) {
        int n = s.numPlayers();
        java.util.Arrays.fill(exposure, 0);
        for (int g = 0; g < GOODS; g++) {
            for (int p = 0; p < n; p++) {
                double w = p == me ? 1.0 : -0.6 / (n - 1);
                int held = 0;
                for (int c = 0; c < CITIES; c++) {
                    held += s.warehouse(p, c, g);
                }
                for (int v = 0; v < WAGONS; v++) {
                    held += 2 * s.cargo(v, p, g);
                }
                exposure[g] += w * held;
            }
        }
    }

    @Override
    protected double value(MerchantsState s, int a) {
        return switch (s.phase()) {
            case BUY -> buyValue(s, a);
            case BID -> bidValue(s, a);
            case MASTER_LOAD, REQUEST -> a == MerchantsAction.PASS ? 0 : 1 + s.salePrice(a - MerchantsAction.LOAD) / 1000.0;
            case OFFER -> -Math.abs((a - MerchantsAction.OFFER) * s.data().offerStep() - requestValue(s) / 3.0);
            case ANSWER -> a == MerchantsAction.ACCEPT ? 0.6 * requestValue(s) - s.offer() : 0;
            case MOVE -> moveValue(s, a);
            case WHEEL -> {
                int k = a - MerchantsAction.WHEEL;
                yield raiseValue(s, MerchantsAction.WHEEL_A[k]) + raiseValue(s, MerchantsAction.WHEEL_B[k])
                        + (MerchantsAction.WHEEL_A[k] == MerchantsAction.WHEEL_B[k] ? -1e-3 : 0);
            }
            case SHIFT -> {
                if (a == MerchantsAction.PASS) {
                    yield 0;
                }
                int g = (a - MerchantsAction.SHIFT) / 2;
                int dir = (a - MerchantsAction.SHIFT) % 2 == 0 ? 1 : -1;
                yield exposure[g] * (s.data().sale(s.priceLevel(g) + dir) - s.salePrice(g));
            }
            case INVEST -> cardValue(s, s.faceUpCard(a - MerchantsAction.INVEST));
            case STATUS -> statusValue(s, a);
            case GAME_OVER -> 0;
        };
    }

    private boolean lastRound(MerchantsState s) {
        return s.arrivals() >= s.data().endArrivals(s.numPlayers());
    }

    private double buyValue(MerchantsState s, int a) {
        if (a == MerchantsAction.PASS) {
            return 0;
        }
        if (a >= MerchantsAction.PLAY) {
            return 50;
        }
        int g = (a - MerchantsAction.BUY) / CITIES;
        int c = (a - MerchantsAction.BUY) % CITIES;
        int pay = s.owns(me, Investment.REDUCED_COST) || s.bargain() ? 0 : s.cost(g);
        if (s.money(me) - pay < RESERVE / 2) {
            return -1;
        }
        int stock = 0;
        for (int h = 0; h < GOODS; h++) {
            stock += s.warehouse(me, c, h);
        }
        int same = s.warehouse(me, c, g);
        double v = 0.6 * s.salePrice(g) - pay - 250.0 * Math.max(0, stock - 2);
        int w = s.wagonAt(c);
        if (w >= 0 && s.wagonEmpty(w)) {
            v += 100 + 60 * same;
        }
        return v;
    }

    private double bidValue(MerchantsState s, int a) {
        int bid = (a - MerchantsAction.BID) * s.data().bidStep();
        double worth;
        if (s.auctionWagon() >= 0) {
            int c = s.wagonNode(s.auctionWagon());
            int best = 0;
            for (int g = 0; g < GOODS; g++) {
                best = Math.max(best, Math.min(s.data().masterLoad(), s.warehouse(me, c, g)));
            }
            worth = best * 250.0;
        } else {
            worth = cardValue(s, s.faceUpCard(s.auctionSlot()));
        }
        double target = Math.min(worth * 0.5, Math.max(0, s.money(me) - RESERVE));
        return -Math.abs(bid - target);
    }

    private double cardValue(MerchantsState s, int card) {
        if (card < 0) {
            return 0;
        }
        double left = Math.max(0, 1.0 - (double) s.arrivals() / s.data().endArrivals(s.numPlayers()));
        double base = switch (s.data().investment(card)) {
            case REDUCED_COST -> 1200;
            case DRIVER -> 700;
            case COACH_DRIVER -> 1000;
            case COURIER -> 300;
            case EXPRESS_COURIER -> 450;
            case OFFICE -> 600;
            case LOW_UPKEEP -> 500;
        };
        return base * left;
    }

    /** The sale value of the open request. */
    private double requestValue(MerchantsState s) {
        double v = 0;
        for (int g = 0; g < GOODS; g++) {
            v += s.request(g) * (s.salePrice(g) - 300.0);
        }
        return Math.max(0, v);
    }

    private double raiseValue(MerchantsState s, int spot) {
        if (spot >= GOODS) {
            return 0;
        }
        int level = s.priceLevel(spot);
        int next = (level + 1) % s.data().levels();
        return exposure[spot] * (s.data().sale(next) - s.data().sale(level));
    }

    private double statusValue(MerchantsState s, int a) {
        boolean last = lastRound(s);
        if (a == MerchantsAction.CREDIT_REPAY) {
            return 1000;
        }
        if (a == MerchantsAction.CREDIT_TAKE) {
            return -1000;
        }
        if (a == MerchantsAction.STATUS_UP) {
            int left = s.money(me) - s.stepCost() - s.upkeepDue(me, s.status(me) + 1);
            return left >= (last ? 0 : RESERVE) ? 500 : -1;
        }
        if (a >= MerchantsAction.PLAY) {
            return 100;
        }
        return 0;
    }

    // movement: try the action on a copy and keep the best continuation of this player's move

    private double moveValue(MerchantsState s, int a) {
        return a == MerchantsAction.PASS ? position(s) : best(after(s, a, MOVE_DEPTH), MOVE_DEPTH);
    }

    private double best(MerchantsState t, int depth) {
        boolean choosing = t.phase() == Phase.MOVE && t.currentPlayer() == me
                && (t.movingWagon() >= 0 || t.pendingTile() > 0);
        if (!choosing || depth == 0) {
            return position(t);
        }
        int[] legal = legalAt[depth];
        int k = t.legalActions(legal);
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            best = Math.max(best, best(after(t, legal[i], depth - 1), depth - 1));
        }
        return best;
    }

    /**
     * The state after the listed action {@code a}, in the scratch state of look-ahead level
     * {@code level} (levels nest, so a level's scratch is free again once its subtree is valued).
     */
    private MerchantsState after(MerchantsState t, int a, int level) {
        MerchantsState u = scratch[level];
        if (u == null || u.data() != t.data() || u.numPlayers() != t.numPlayers()) {
            u = t.copy();
            scratch[level] = u;
        } else {
            u.copyFrom(t);
        }
        u.applyListed(a);
        return u;
    }

    /** How good the wagons' positions are for this player: cargo near or in a city, the bonus. */
    private double position(MerchantsState t) {
        MerchantsData d = t.data();
        int n = t.numPlayers();
        double v = t.handSize(me) * 150.0;
        for (int w = 0; w < WAGONS; w++) {
            int node = t.wagonNode(w);
            double factor = Double.NaN;
            for (int p = 0; p < n; p++) {
                double cargo = 0;
                for (int g = 0; g < GOODS; g++) {
                    int k = t.cargo(w, p, g);
                    if (k > 0) {
                        cargo += k * (t.arrived(w) && d.shows(node, g) ? t.cost(g) : t.salePrice(g));
                    }
                }
                if (cargo == 0) {
                    continue;
                }
                if (Double.isNaN(factor)) {
                    factor = t.arrived(w) ? 1.0 : d.isCity(node) ? 0.2 : 0.8 / (1 + distance(t, w));
                }
                v += (p == me ? 1.0 : -0.5 / (n - 1)) * cargo * factor;
            }
            if (t.arrived(w) && d.isCity(node)) {
                v += (t.arrivedBy(w) == me ? 1.0 : -0.3) * t.bonus(node);
            }
        }
        if (t.tilePlayed() && t.phase() == Phase.MOVE && t.currentPlayer() == me) {
            v += 20.0 * Integer.bitCount(t.tiles(me));
        }
        return v;
    }

    /** Steps from the wagon to the nearest city along its forward roads (a few at most). */
    private static int distance(MerchantsState t, int w) {
        return t.stepsToCity(w, 8);
    }
}
