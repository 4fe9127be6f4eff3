package dev.kaisen.observation.floatingmarket;

import dev.kaisen.env.floatingmarket.Board;
import dev.kaisen.env.floatingmarket.Building;
import dev.kaisen.env.floatingmarket.Dice;
import dev.kaisen.env.floatingmarket.FloatingMarketState;
import dev.kaisen.env.floatingmarket.Fruit;
import dev.kaisen.env.floatingmarket.Phase;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.SeatEncoder;

/**
 * The Floating Market observations: one float32 layout for 2 to 5 players, egocentric
 * (relative seat 0 is the observer; seats beyond the player count are zero). Everything is public
 * (rules, "Hidden information"), so both views show the whole table; the perfect-recall
 * {@code information_state} adds the last roll (its total and the activated location), which the
 * memoryless {@code observation} drops. The board's data (each location's range and bank, each
 * building's spots for this player count) is in both, so one policy can read any board.
 *
 * <p>Not thread-safe: one encoder per thread.
 */
public final class FloatingMarketObservation extends SeatEncoder<FloatingMarketState> {
    public static final int SEATS = FloatingMarketState.MAX_PLAYERS;
    private static final int L = Board.LOCATIONS;
    private static final int PHASES = Phase.values().length;
    /** Highest possible total: every player's four positive dice at most, the board's d12, +4 and the Ama dice. */
    static final int MAX_TOTAL = SEATS * (4 + 6 + 9 + 12) + 12 + 4 + 12;
    static final int MIN_TOTAL = -(SEATS * 6 + 6 + 2);
    /** A building's spots when it takes any number: all the customers of a 5-player game. */
    static final int SPOTS_ANY = SEATS * FloatingMarketState.CUSTOMERS;

    private record Layout(ObservationSpec spec, boolean recall, int phase, int present, int current, int start,
                          int boatFruit, int ranges, int banks, int boats, int ama, int docks, int buildings, int spots,
                          int stand,
                          int left, int dice, int coins, int fruits, int extras, int toAdd, int office, int target,
                          int lastRoll, int progress) {
    }

    private static Layout layout(boolean recall) {
        ObservationSpec.Builder b = ObservationSpec.builder();
        int phase = b.flags("phase", PHASES, "one-hot: PLACE, DIE, TEMPLE, CARPENTER, ARTIST, MARKET, STAND, FISH, "
                + "SWAP, GAME_OVER").offset();
        int present = b.flags("seats_present", SEATS, "1 for each relative seat in the game").offset();
        int current = b.flags("current_player", SEATS, "one-hot relative seat that decides now (0 when over)").offset();
        int start = b.flags("start_player", SEATS, "one-hot relative seat holding the start-player marker").offset();
        int boatFruit = b.flags("boat_fruit", L * (Fruit.COUNT + 1), "per location 0..6, one-hot fruit of its boat "
                + "(mango, banana, papaya, guava, pomelo, rambutan, starfruit, face down)").offset();
        int ranges = b.counts("boat_ranges", L * 2, Board.MAX_VALUE, "per location, the min and max of its activation "
                + "range (the board's data)").offset();
        int banks = b.flags("boat_banks", L, "per location, 1 on the east bank, 0 on the west").offset();
        int boats = b.counts("boat_customers", L * SEATS, 2, "per location and relative seat, customers on that boat")
                .offset();
        int ama = b.flags("ama_customers", L, "1 where an Ama customer stands (2-3 players)").offset();
        int docks = b.flags("dock_customers", 2 * SEATS, "per dock (west, east), one-hot relative seat there").offset();
        int buildings = b.counts("building_customers", Building.COUNT * SEATS, FloatingMarketState.CUSTOMERS,
                "per building (temple, carpenter, artist, market, boatman, fruit-stand, north-trader, south-trader, "
                + "tailor, office, fish-market) and relative seat, customers there").offset();
        int spots = b.counts("building_spots", Building.COUNT, SPOTS_ANY, "per building, its spots on this board "
                + "for this player count (0: not in play; " + SPOTS_ANY + ": any number, as many as all customers)")
                .offset();
        int stand = b.flags("fruit_stand", L * SEATS, "per location and relative seat, 1 where the Fruit stand is "
                + "under that seat's customer").offset();
        int left = b.counts("customers_left", SEATS, FloatingMarketState.CUSTOMERS, "per relative seat, customers "
                + "still to place this round").offset();
        int dice = b.flags("dice", SEATS * Dice.PLAYER_DICE * 3, "per relative seat and die (d4, d6, d10, d12, "
                + "neg-d6), one-hot: in hand, in the pool, out of play").offset();
        int coins = b.counts("coins", SEATS, FloatingMarketState.COIN_CAP, "coins per relative seat").offset();
        int fruits = b.flags("fruits", SEATS * Fruit.COUNT, "per relative seat, 1 for each fruit held").offset();
        int extras = b.counts("pool_extras", new int[] {1, 1, 1, 1, 1, 2}, "the +4 tile, the -2 tile, the board's d12, "
                + "the board's negative d6 in the pool; the d12 blocked; Ama dice in the pool").offset();
        int toAdd = b.counts("dice_to_add", 1, 4, "dice the player to act still adds this turn").offset();
        int office = b.flags("office_player", SEATS, "one-hot relative seat placing all its customers via the Office")
                .offset();
        int target = b.counts("target", 1, Fruit.COUNT, "different fruits that win (5; 7 or 6 in the long game)").offset();
        int lastRoll = -1;
        if (recall) {
            lastRoll = b.add("last_roll", 1, MIN_TOTAL, MAX_TOTAL, "the total of the last roll (0 before the first)")
                    .offset();
            b.flags("last_activated", L, "one-hot location the last roll activated");
        }
        int progress = b.add("game_progress", 1, 0, 1, "decisions made / " + FloatingMarketState.DECISION_CAP
                + " (the safety cap)").offset();
        return new Layout(b.build(), recall, phase, present, current, start, boatFruit, ranges, banks, boats, ama, docks,
                buildings, spots, stand, left, dice, coins, fruits, extras, toAdd, office, target, lastRoll, progress);
    }

    private static final Layout INFORMATION_STATE_LAYOUT = layout(true);
    private static final Layout OBSERVATION_LAYOUT = layout(false);
    public static final ObservationSpec INFORMATION_STATE_SPEC = INFORMATION_STATE_LAYOUT.spec();
    public static final ObservationSpec OBSERVATION_SPEC = OBSERVATION_LAYOUT.spec();

    private final Layout l;

    private FloatingMarketObservation(Layout layout, String view) {
        super(view, layout.spec());
        this.l = layout;
    }

    public static FloatingMarketObservation informationState() {
        return new FloatingMarketObservation(INFORMATION_STATE_LAYOUT, Encoders.INFORMATION_STATE);
    }

    public static FloatingMarketObservation observation() {
        return new FloatingMarketObservation(OBSERVATION_LAYOUT, Encoders.OBSERVATION);
    }

    @Override
    public void encode(FloatingMarketState s, int observer, float[] buf, int offset) {
        int n = begin(s, observer, buf, offset);
        buf[offset + l.phase() + s.phase().ordinal()] = 1f;
        if (!s.isTerminal()) {
            buf[offset + l.current() + rel(s.currentPlayer(), observer, n)] = 1f;
        }
        buf[offset + l.start() + rel(s.startPlayer(), observer, n)] = 1f;
        encodeBoard(s, observer, n, buf, offset);
        for (int p = 0; p < n; p++) {
            encodeSeat(s, p, rel(p, observer, n), buf, offset);
        }
        encodePool(s, observer, n, buf, offset);
        buf[offset + l.progress()] = (float) s.decisions() / FloatingMarketState.DECISION_CAP;
    }

    /** The board: each building's spots, each location's boat (fruit, range, bank, customers, Ama), the docks. */
    private void encodeBoard(FloatingMarketState s, int observer, int n, float[] buf, int o) {
        Board board = s.board();
        for (Building b : Building.values()) {
            int spots = board.spots(b, n);
            buf[o + l.spots() + b.ordinal()] = spots == Board.ANY ? SPOTS_ANY : spots;
        }
        for (int loc = 0; loc < L; loc++) {
            int f = loc == s.closedLocation() ? Fruit.COUNT : s.fruitAt(loc);
            buf[o + l.boatFruit() + loc * (Fruit.COUNT + 1) + f] = 1f;
            buf[o + l.ranges() + loc * 2] = board.min(loc);
            buf[o + l.ranges() + loc * 2 + 1] = board.max(loc);
            buf[o + l.banks() + loc] = board.bank(loc);
            for (int k = 0; k < 2; k++) {
                int p = s.boatCustomer(loc, k);
                if (p >= 0) {
                    buf[o + l.boats() + loc * SEATS + rel(p, observer, n)]++;
                    if (s.standSlot() == loc * 2 + k) {
                        buf[o + l.stand() + loc * SEATS + rel(p, observer, n)] = 1f;
                    }
                }
            }
            buf[o + l.ama() + loc] = s.hasAma(loc) ? 1f : 0f;
        }
        for (int side = 0; side < 2; side++) {
            if (s.dockCustomer(side) >= 0) {
                buf[o + l.docks() + side * SEATS + rel(s.dockCustomer(side), observer, n)] = 1f;
            }
        }
    }

    /** Seat {@code p} at relative seat {@code r}: its customers in buildings and still to place, dice, coins, fruits. */
    private void encodeSeat(FloatingMarketState s, int p, int r, float[] buf, int o) {
        buf[o + l.present() + r] = 1f;
        for (Building b : Building.values()) {
            buf[o + l.buildings() + b.ordinal() * SEATS + r] = s.buildingCustomers(b, p);
        }
        buf[o + l.left() + r] = s.customersLeft(p);
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            buf[o + l.dice() + (r * Dice.PLAYER_DICE + d) * 3 + s.dieLocation(p, d)] = 1f;
        }
        buf[o + l.coins() + r] = s.coins(p);
        for (int f = 0; f < Fruit.COUNT; f++) {
            buf[o + l.fruits() + r * Fruit.COUNT + f] = s.hasFruit(p, f) ? 1f : 0f;
        }
    }

    /** The dice pool's extras, the dice still to add, the Office player, the target, and (with recall) the last roll. */
    private void encodePool(FloatingMarketState s, int observer, int n, float[] buf, int o) {
        buf[o + l.extras()] = s.tilePlus4() ? 1f : 0f;
        buf[o + l.extras() + 1] = s.tileMinus2() ? 1f : 0f;
        buf[o + l.extras() + 2] = s.boardD12() ? 1f : 0f;
        buf[o + l.extras() + 3] = s.boardNeg() ? 1f : 0f;
        buf[o + l.extras() + 4] = s.d12Blocked() ? 1f : 0f;
        buf[o + l.extras() + 5] = s.amaDice();
        buf[o + l.toAdd()] = s.toAdd();
        if (s.officePlayer() >= 0) {
            buf[o + l.office() + rel(s.officePlayer(), observer, n)] = 1f;
        }
        buf[o + l.target()] = s.target();
        if (l.recall() && s.lastActivated() >= 0) {
            buf[o + l.lastRoll()] = s.lastTotal();
            buf[o + l.lastRoll() + 1 + s.lastActivated()] = 1f;
        }
    }
}
