package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ValueGreedyAgent;

/**
 * A heuristic player for Floating Market that reasons about the dice total. From the dice now in
 * the pool (players' dice, Ama dice, the board's d12 and negative d6, the fixed tiles) it computes
 * the exact distribution of the total by convolution, hence the probability {@code P(l)} that each
 * boat location activates ({@link #activation}). Values, for the player to act:
 * <ul>
 *   <li>a fruit it lacks (and that is in play) is worth 10, a coin 1 while under the 6-coin cap
 *       (0 at the cap);</li>
 *   <li><b>boat l:</b> {@code P(l) x fruit + P(neighbours of l) x 2 coins};
 *       <b>dock:</b> {@code P(its bank) x 1 coin};</li>
 *   <li><b>Market:</b> a sure fruit, 9 (it costs 4 coins); <b>Boatman:</b> 6 when its hand is
 *       empty, else 0.5 per die out of play; <b>Fruit stand:</b> the best of its boats'
 *       {@code P(l or a neighbour) x fruit}; other buildings a small constant (1), the Office
 *       0.5;</li>
 *   <li><b>die, Temple, Carpenter, Artist choices:</b> the expected value of its customers on
 *       boats and docks with the pool after that addition (a die it adds is rolled like any
 *       other, so it chooses the die that best steers the total onto its boats);</li>
 *   <li><b>Market purchase:</b> any lacking fruit; <b>Fish market:</b> the boat with the best
 *       {@code P(l) x fruit};</li>
 *   <li><b>swap:</b> the swap that most raises {@code sum over lacking fruits of P(location of the
 *       fruit)} under a nominal pool (its own hand's dice and the Ama dice).</li>
 * </ul>
 * Ties are broken by its seeded random stream. It reads only public information.
 */
public final class FloatingMarketGreedyAgent extends ValueGreedyAgent<FloatingMarketState> {
    static final double FRUIT = 10;
    static final double COIN = 1;
    /** P(each location activates) with the pool as it is, for this decision. */
    private double[] base;
    /** The swap phase's activation probabilities, computed once per decision (null until needed). */
    private double[] swapPr;

    public FloatingMarketGreedyAgent(long seed) {
        super(seed, FloatingMarketAction.COUNT);
    }

    @Override
    protected void prepare(FloatingMarketState s) {
        base = activation(s, pool(s, -1, 0, false));
        swapPr = null;
    }

    @Override
    protected double value(FloatingMarketState s, int a) {
        return value(s, s.currentPlayer(), a, base);
    }

    /**
     * The distribution of the dice total: {@code p[i]} is the probability of the total
     * {@code lo + i}. Immutable; {@link #plus} convolves one more die.
     */
    record Dist(int lo, double[] p) {
        static Dist fixed(int total) {
            return new Dist(total, new double[] {1});
        }

        /** This total plus an even die with faces {@code low..high}. */
        Dist plus(int low, int high) {
            int faces = high - low + 1;
            double w = 1.0 / faces;
            double[] out = new double[p.length + faces - 1];
            for (int i = 0; i < p.length; i++) {
                double q = p[i] * w;
                for (int v = 0; v < faces; v++) {
                    out[i + v] += q;
                }
            }
            return new Dist(lo + low, out);
        }
    }

    /**
     * The distribution of the total of the pool now, plus one die of the current player
     * ({@code extraDie} a kind, or -1), plus {@code extraFixed}, plus the board's negative d6
     * ({@code extraNeg}).
     */
    static Dist pool(FloatingMarketState s, int extraDie, int extraFixed, boolean extraNeg) {
        return pool(s, extraDie, extraFixed, extraNeg, false);
    }

    /** As above; {@code handToo}: also every die in the current player's hand. */
    private static Dist pool(FloatingMarketState s, int extraDie, int extraFixed, boolean extraNeg, boolean handToo) {
        int fixed = (s.tilePlus4() ? 4 : 0) - (s.tileMinus2() ? 2 : 0) + extraFixed;
        Dist dist = Dist.fixed(fixed);
        int current = s.currentPlayer();
        for (int p = 0; p < s.numPlayers(); p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                int where = s.dieLocation(p, d);
                if (where == FloatingMarketState.POOL || (p == current && (d == extraDie
                        || (handToo && where == FloatingMarketState.HAND)))) {
                    dist = dist.plus(Dice.LOW[d], Dice.HIGH[d]);
                }
            }
        }
        for (int a = 0; a < s.amaDice(); a++) {
            dist = dist.plus(1, 6);
        }
        if (s.boardD12()) {
            dist = dist.plus(1, 12);
        }
        if (s.boardNeg() || extraNeg) {
            dist = dist.plus(-6, -1);
        }
        return dist;
    }

    /** P(each location activates) for a distribution of the total. */
    static double[] activation(FloatingMarketState s, Dist dist) {
        double[] out = new double[Board.LOCATIONS];
        double[] p = dist.p();
        for (int i = 0; i < p.length; i++) {
            out[s.board().activated(dist.lo() + i)] += p[i];
        }
        return out;
    }

    private static double fruitValue(FloatingMarketState s, int p, int location) {
        int f = s.fruitAt(location);
        return location == s.closedLocation() || s.hasFruit(p, f) ? 0 : FRUIT;
    }

    private static double coinValue(FloatingMarketState s, int p) {
        return s.coins(p) < FloatingMarketState.COIN_CAP ? COIN : 0;
    }

    private static double boatValue(FloatingMarketState s, int p, int l, double[] pr) {
        return pr[l] * fruitValue(s, p, l)
                + (pr[Board.step(l, 1)] + pr[Board.step(l, -1)]) * 2 * coinValue(s, p);
    }

    /** Expected value of p's customers now on boats and docks under the activation probabilities. */
    static double holding(FloatingMarketState s, int p, double[] pr) {
        double v = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            for (int k = 0; k < 2; k++) {
                if (s.boatCustomer(l, k) == p) {
                    v += boatValue(s, p, l, pr);
                }
            }
        }
        for (int side = 0; side < 2; side++) {
            if (s.dockCustomer(side) == p) {
                v += bank(s, side, pr) * coinValue(s, p);
            }
        }
        return v;
    }

    private static double bank(FloatingMarketState s, int side, double[] pr) {
        double v = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            v += s.board().bank(l) == side ? pr[l] : 0;
        }
        return v;
    }

    private double value(FloatingMarketState s, int p, int a, double[] pr) {
        switch (s.phase()) {
            case PLACE:
                return placeValue(s, p, a, pr);
            case DIE:
                return holding(s, p, activation(s, pool(s, a - FloatingMarketAction.DIE, 0, false)));
            case TEMPLE:
                return holding(s, p, activation(s, pool(s, -1, a == FloatingMarketAction.TEMPLE_PLUS4 ? 4 : -2, false)));
            case CARPENTER:
            case ARTIST:
                if (a == FloatingMarketAction.CARPENTER_ADD) {
                    return holding(s, p, activation(s, pool(s, -1, 0, false).plus(1, 12)));
                }
                if (a == FloatingMarketAction.CARPENTER_NEG || a == FloatingMarketAction.ARTIST_NEG) {
                    return holding(s, p, activation(s, pool(s, -1, 0, true)));
                }
                return holding(s, p, pr);
            case MARKET:
                return 1;
            case STAND: {
                int l = a - FloatingMarketAction.STAND;
                return standValue(s, p, l, pr);
            }
            case FISH: {
                int l = a - FloatingMarketAction.FISH;
                return boatValue(s, p, l, pr);
            }
            case SWAP:
                if (swapPr == null) {
                    swapPr = activation(s, pool(s, -1, 0, false, true));
                }
                return swapValue(s, p, a - FloatingMarketAction.SWAP, swapPr);
            default:
                return 0;
        }
    }

    private static double standValue(FloatingMarketState s, int p, int l, double[] pr) {
        double v = 0;
        for (int d = -1; d <= 1; d++) {
            int m = Board.step(l, d);
            v += pr[m] * fruitValue(s, p, m);
        }
        return v;
    }

    private static double placeValue(FloatingMarketState s, int p, int a, double[] pr) {
        if (a < FloatingMarketAction.PLACE_DOCK) {
            return boatValue(s, p, a - FloatingMarketAction.PLACE_BOAT, pr);
        }
        if (a < FloatingMarketAction.PLACE_BUILDING) {
            return bank(s, a - FloatingMarketAction.PLACE_DOCK, pr) * coinValue(s, p);
        }
        Building b = Building.values()[a - FloatingMarketAction.PLACE_BUILDING];
        switch (b) {
            case MARKET:
                return FRUIT - 1;
            case BOATMAN: {
                int out = 0;
                for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                    out += s.dieLocation(p, d) == 2 ? 1 : 0;
                }
                return s.hand(p) == 0 ? 6 : 0.5 * out;
            }
            case FRUIT_STAND: {
                double best = 0;
                for (int l = 0; l < Board.LOCATIONS; l++) {
                    if (s.boatCustomer(l, 0) == p || s.boatCustomer(l, 1) == p) {
                        best = Math.max(best, standValue(s, p, l, pr) - boatValue(s, p, l, pr) + pr[l] * fruitValue(s, p, l));
                    }
                }
                return best;
            }
            case OFFICE:
                return 0.5;
            default:
                return 1;
        }
    }

    /**
     * The fruit value of the boats after swapping locations {@code i} and {@code j}, under the
     * activation probabilities {@code pr} of the nominal pool.
     */
    private static double swapValue(FloatingMarketState s, int p, int swap, double[] pr) {
        int i = FloatingMarketAction.SWAP_I[swap];
        int j = FloatingMarketAction.SWAP_J[swap];
        double v = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            int from = l == i ? j : l == j ? i : l;
            int f = s.fruitAt(from);
            v += l == s.closedLocation() || s.hasFruit(p, f) ? 0 : pr[l] * FRUIT;
        }
        return v;
    }
}
