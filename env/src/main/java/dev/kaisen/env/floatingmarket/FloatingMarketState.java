package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.RandomStream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A state of Floating Market ({@code docs/rules/floating-market.md}, seed
 * {@code 004_c5be90e211f2b850.txt}): the data of the game and the queries the encoder and bots
 * read; the rules, one legal/apply pair per phase, are {@link FloatingMarketRules}. The random
 * stream ({@link #rng}) lives inside the state, so copies, equality and JSON cover it. Nothing is
 * hidden but the future of that stream: {@link #determinize} only restarts it.
 */
public final class FloatingMarketState implements GameState<FloatingMarketState> {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 5;
    public static final int CUSTOMERS = 3;
    public static final int COIN_CAP = 6;
    public static final int START_COINS = 2;
    public static final int MARKET_PRICE = 4;
    public static final int OFFICE_PRICE = 1;
    /**
     * [decision] Safety cap on decisions, far above a real game: a round asks at most about
     * 3 customers x 4 decisions per player plus the swap (61 with 5 players); random play ends in
     * far fewer than 100 rounds.
     */
    public static final int DECISION_CAP = 6000;
    static final int EMPTY = -1;
    /** Where a player die is ({@link #dieLocation}). */
    static final byte HAND = 0;
    static final byte POOL = 1;
    static final byte OUT = 2;
    /** A die that was not in the last roll ({@link #lastFace}). */
    public static final int NO_FACE = Integer.MIN_VALUE;
    /** The slots of a boat: its customer, and a second one only through the Fish market. */
    static final int BOAT_SLOTS = 2;

    final Board board;
    final int n;
    /** Different fruits that win: 5, or the longer variant's 7 (6 with 2 players). */
    final int target;
    final boolean longGame;
    Phase phase;
    int current;
    int start;
    int decisions;
    int round;
    boolean truncated;
    final RandomStream rng;

    /** The fruit of the boat at each location. */
    final int[] fruitAt = new int[Board.LOCATIONS];
    final int[] coins;
    /** Fruits held, one bit per fruit. */
    final int[] fruits;
    /** Customers still in hand this round. */
    final int[] left;
    /** Where each player die is, HAND, POOL or OUT: {@link #dieLocation}. */
    private final byte[] die;
    /** The boat slots, the player there or EMPTY: {@link #boatCustomer}. */
    private final int[] boat = new int[Board.LOCATIONS * BOAT_SLOTS];
    final int[] dock = new int[2];
    /** Customers per building and player: {@link #buildingCustomers}. */
    private final int[] bld;
    /** The Ama customers' locations (2-3 players), else EMPTY. */
    final int[] ama = {EMPTY, EMPTY};
    /** The boat slot ({@link #slot}) with the Fruit stand under it, or EMPTY. */
    int standSlot = EMPTY;
    /** This round's tiles and board dice. */
    PoolExtras pool = PoolExtras.NONE;
    /** The current player's turn in progress. */
    Turn turn = Turn.NONE;
    LastRoll lastRoll;
    /** The explicit-chance mode's bookkeeping, or null in the sampled mode ({@link FloatingMarketChance}). */
    ExplicitChance<FloatingMarketState> explicit;

    FloatingMarketState(Board board, int players, boolean longGame) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("Floating Market is for 2 to 5 players, not " + players);
        }
        this.board = board;
        this.n = players;
        this.longGame = longGame;
        this.target = !longGame ? 5 : players == 2 ? 6 : 7;
        rng = new RandomStream(0);
        coins = new int[n];
        fruits = new int[n];
        die = new byte[n * Dice.PLAYER_DICE];
        left = new int[n];
        bld = new int[Building.COUNT * n];
        lastRoll = LastRoll.none(n);
        Arrays.fill(boat, EMPTY);
        Arrays.fill(dock, EMPTY);
        phase = Phase.PLACE;
    }

    private FloatingMarketState(FloatingMarketState o) {
        board = o.board;
        n = o.n;
        target = o.target;
        longGame = o.longGame;
        phase = o.phase;
        current = o.current;
        start = o.start;
        decisions = o.decisions;
        round = o.round;
        truncated = o.truncated;
        rng = o.rng.copy();
        System.arraycopy(o.fruitAt, 0, fruitAt, 0, fruitAt.length);
        coins = o.coins.clone();
        fruits = o.fruits.clone();
        left = o.left.clone();
        die = o.die.clone();
        System.arraycopy(o.boat, 0, boat, 0, boat.length);
        System.arraycopy(o.dock, 0, dock, 0, 2);
        bld = o.bld.clone();
        System.arraycopy(o.ama, 0, ama, 0, 2);
        standSlot = o.standSlot;
        pool = o.pool;
        turn = o.turn;
        lastRoll = o.lastRoll;
        explicit = o.explicit == null ? null : o.explicit.copy();
    }

    /** Sets every field but the explicit-chance bookkeeping to {@code o}'s (same game and config). */
    private void assign(FloatingMarketState o) {
        phase = o.phase;
        current = o.current;
        start = o.start;
        decisions = o.decisions;
        round = o.round;
        truncated = o.truncated;
        rng.setState(o.rng.state());
        System.arraycopy(o.fruitAt, 0, fruitAt, 0, fruitAt.length);
        System.arraycopy(o.coins, 0, coins, 0, coins.length);
        System.arraycopy(o.fruits, 0, fruits, 0, fruits.length);
        System.arraycopy(o.left, 0, left, 0, left.length);
        System.arraycopy(o.die, 0, die, 0, die.length);
        System.arraycopy(o.boat, 0, boat, 0, boat.length);
        System.arraycopy(o.dock, 0, dock, 0, 2);
        System.arraycopy(o.bld, 0, bld, 0, bld.length);
        System.arraycopy(o.ama, 0, ama, 0, 2);
        standSlot = o.standSlot;
        pool = o.pool;
        turn = o.turn;
        lastRoll = o.lastRoll;
    }

    /** The explicit mode's bookkeeping for a state of this game. */
    static ExplicitChance<FloatingMarketState> newExplicitChance() {
        return new ExplicitChance<>((st, step, log) -> {
            if (step == ExplicitChance.DEAL) {
                deal(st, log);
            } else {
                st.applyRules(step, log);
            }
        }, FloatingMarketState::assign);
    }

    // ------------------------------------------------------------------ setup

    /**
     * Setup (rules, "Setup"): 5 dice, 3 customers and 2 coins each; the boats shuffled onto the
     * locations (chance); the start player drawn (chance); with 2-3 players the Ama customers on
     * the board's {@code amaStart} locations (default {@code 20-23} and {@code 9-13}).
     */
    public static FloatingMarketState newGame(Board board, int players, boolean longGame, long seed, ChanceLog chance) {
        FloatingMarketState s = new FloatingMarketState(board, players, longGame);
        s.rng.setState(seed);
        deal(s, chance);
        return s;
    }

    /**
     * As {@link #newGame(Board, int, boolean, long, ChanceLog)} in chance mode {@code mode}; in the
     * explicit mode the state is the deal's first chance node (the boat of location 0).
     */
    public static FloatingMarketState newGame(Board board, int players, boolean longGame, long seed, ChanceMode mode) {
        if (mode == ChanceMode.SAMPLED) {
            return newGame(board, players, longGame, seed, ChanceLog.NONE);
        }
        FloatingMarketState s = emptyTable(board, players, longGame, seed);
        s.explicit.decide(s, ExplicitChance.DEAL, ChanceLog.NONE);
        return s;
    }

    /** The table before the deal in the explicit mode: the state its first chance node starts from. */
    static FloatingMarketState emptyTable(Board board, int players, boolean longGame, long rngState) {
        FloatingMarketState s = new FloatingMarketState(board, players, longGame);
        s.rng.setState(rngState);
        laySetup(s);
        s.explicit = newExplicitChance();
        return s;
    }

    /** The setup that is not chance: boats in fruit order until dealt, coins, customers, the Ama customers. */
    private static void laySetup(FloatingMarketState s) {
        for (int i = 0; i < Board.LOCATIONS; i++) {
            s.fruitAt[i] = i;
        }
        Arrays.fill(s.coins, START_COINS);
        Arrays.fill(s.left, CUSTOMERS);
        if (s.n <= 3) {
            s.ama[0] = s.board.amaStart(0);
            s.ama[1] = s.board.amaStart(1);
        }
    }

    /** The setup's chance and the rest of it, on a state just made. */
    private static void deal(FloatingMarketState s, ChanceLog chance) {
        laySetup(s);
        FloatingMarketChance.dealBoats(s);
        s.start = FloatingMarketChance.startPlayer(s);
        if (chance != ChanceLog.NONE) {
            List<String> boats = new ArrayList<>();
            for (int f : s.fruitAt) {
                boats.add(Fruit.values()[f].key());
            }
            chance.chance("boats", Map.of("fruits", boats));
            chance.chance("start", Map.of("player", s.start));
        }
        s.current = s.start;
    }

    // ------------------------------------------------------------------ the flat arrays, one accessor pair each

    /** Where p's die of that kind is: 0 hand, 1 pool, 2 out of play. */
    public int dieLocation(int p, int kind) {
        return die[p * Dice.PLAYER_DICE + kind];
    }

    void setDieLocation(int p, int kind, byte where) {
        die[p * Dice.PLAYER_DICE + kind] = where;
    }

    /** The index of slot k of the boat at a location, as {@link #standSlot} names it. */
    static int slot(int location, int k) {
        return location * BOAT_SLOTS + k;
    }

    /** The player in slot k (0, or 1 through the Fish market) of the boat at a location, or -1. */
    public int boatCustomer(int location, int k) {
        return boat[slot(location, k)];
    }

    /** The player in a boat slot ({@link #slot}), or -1. */
    int slotCustomer(int slot) {
        return boat[slot];
    }

    void setBoatCustomer(int location, int k, int player) {
        boat[slot(location, k)] = player;
    }

    public int buildingCustomers(Building b, int p) {
        return bld[b.ordinal() * n + p];
    }

    void addBuildingCustomer(Building b, int p) {
        bld[b.ordinal() * n + p]++;
    }

    /** End of round: every die in the pool goes out of play; boats, docks and buildings empty. */
    void clearRound() {
        for (int i = 0; i < die.length; i++) {
            if (die[i] == POOL) {
                die[i] = OUT;
            }
        }
        Arrays.fill(boat, EMPTY);
        Arrays.fill(dock, EMPTY);
        Arrays.fill(bld, 0);
    }

    // ------------------------------------------------------------------ queries

    @Override
    public int numPlayers() {
        return n;
    }

    public Board board() {
        return board;
    }

    public Phase phase() {
        return phase;
    }

    public int target() {
        return target;
    }

    boolean longGame() {
        return longGame;
    }

    public int startPlayer() {
        return start;
    }

    public int round() {
        return round;
    }

    @Override
    public int currentPlayer() {
        return phase == Phase.GAME_OVER || (explicit != null && explicit.isChanceNode()) ? CHANCE : current;
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    @Override
    public boolean isTruncated() {
        return truncated;
    }

    /** Why the game ended ({@link EndReason#NONE} while it goes on). */
    EndReason reason() {
        return phase != Phase.GAME_OVER ? EndReason.NONE : truncated ? EndReason.CAP : EndReason.FRUIT;
    }

    @Override
    public String endReason() {
        return reason().name();
    }

    @Override
    public int decisions() {
        return decisions;
    }

    public int fruitAt(int location) {
        return fruitAt[location];
    }

    public int coins(int p) {
        return coins[p];
    }

    public boolean hasFruit(int p, int fruit) {
        return (fruits[p] & (1 << fruit)) != 0;
    }

    int fruitCount(int p) {
        return Integer.bitCount(fruits[p]);
    }

    /** Player dice in p's hand. */
    public int hand(int p) {
        int k = 0;
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            k += dieLocation(p, d) == HAND ? 1 : 0;
        }
        return k;
    }

    public int customersLeft(int p) {
        return left[p];
    }

    public int dockCustomer(int side) {
        return dock[side];
    }

    int buildingTotal(Building b) {
        int k = 0;
        for (int p = 0; p < n; p++) {
            k += buildingCustomers(b, p);
        }
        return k;
    }

    /** Whether p has a customer in either slot of the boat at a location. */
    boolean onBoat(int p, int location) {
        return boatCustomer(location, 0) == p || boatCustomer(location, 1) == p;
    }

    /** Whether p has a customer on any boat. */
    boolean onAnyBoat(int p) {
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (onBoat(p, l)) {
                return true;
            }
        }
        return false;
    }

    /** The location of Ama customer k (0, 1), or -1 (4-5 players). */
    int amaLocation(int k) {
        return ama[k];
    }

    public boolean hasAma(int location) {
        return ama[0] == location || ama[1] == location;
    }

    /** Ama dice in the pool: 2 with 2 players, 1 with 3, else none. */
    public int amaDice() {
        return n == 2 ? 2 : n == 3 ? 1 : 0;
    }

    /** The location closed with 2 players (its boat face down), or -1. */
    public int closedLocation() {
        return n == 2 ? board.twoPlayerClosed() : EMPTY;
    }

    /** Whether the fruit is in the game (with 2 players the closed location's fruit is not). */
    boolean fruitInPlay(int fruit) {
        return n != 2 || fruitAt[board.twoPlayerClosed()] != fruit;
    }

    /** Whether a boat location takes a newly placed customer: no customer, no Ama, not closed. */
    boolean boatFree(int l) {
        return boatCustomer(l, 0) == EMPTY && !hasAma(l) && l != closedLocation();
    }

    public int standSlot() {
        return standSlot;
    }

    public boolean tilePlus4() {
        return pool.plus4();
    }

    public boolean tileMinus2() {
        return pool.minus2();
    }

    public boolean boardD12() {
        return pool.d12();
    }

    public boolean boardNeg() {
        return pool.negD6();
    }

    public boolean d12Blocked() {
        return pool.d12Blocked();
    }

    public int toAdd() {
        return turn.diceToAdd();
    }

    public int officePlayer() {
        return turn.officePlayer();
    }

    public int lastTotal() {
        return lastRoll.total();
    }

    public int lastActivated() {
        return lastRoll.activated();
    }

    /** The face p's die of that kind showed in the last roll, or {@link #NO_FACE} when it was not rolled. */
    int lastFace(int p, int kind) {
        return lastRoll.face(p, kind);
    }

    /** The face Ama die k (0, 1) showed in the last roll, or {@link #NO_FACE}. */
    int lastAmaFace(int k) {
        return lastRoll.amaFace(k);
    }

    /** The face the board's d12 showed in the last roll, or {@link #NO_FACE}. */
    int lastBoardD12Face() {
        return lastRoll.boardD12Face();
    }

    /** The face the board's negative d6 showed in the last roll, or {@link #NO_FACE}. */
    int lastBoardNegFace() {
        return lastRoll.boardNegFace();
    }

    /** Whether the +4 / -2 tile was in the last roll. */
    boolean lastPlus4() {
        return lastRoll.plus4();
    }

    boolean lastMinus2() {
        return lastRoll.minus2();
    }

    // ------------------------------------------------------------------ legal actions and apply (the rules)

    @Override
    public int legalActions(int[] out) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes(out);
        }
        return FloatingMarketRules.legalActions(this, out);
    }

    @Override
    public int[] legalActions() {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes();
        }
        return LegalActions.of(this, FloatingMarketAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.isOutcome(action);
        }
        return LegalActions.contains(this, FloatingMarketAction.COUNT, action);
    }

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (explicit != null) {
            if (explicit.isChanceNode()) {
                explicit.resolve(this, action, chance);
                return;
            }
            if (!isLegal(action)) {
                throw illegal(action);
            }
            explicit.decide(this, action, chance);
            return;
        }
        if (!isLegal(action)) {
            throw illegal(action);
        }
        applyRules(action, chance);
    }

    @Override
    public ExplicitChance<FloatingMarketState> explicitChance() {
        return explicit;
    }

    /** A legal decision's rules: the decision counted, the phase's rules, the safety cap. */
    private void applyRules(int action, ChanceLog chance) {
        decisions++;
        FloatingMarketRules.apply(this, action, chance);
        // [decision] A game cut by the safety cap is scored as it stands.
        if (phase != Phase.GAME_OVER && decisions >= DECISION_CAP) {
            truncated = true;
            FloatingMarketRules.endGame(this);
        }
    }

    // ------------------------------------------------------------------ scores

    /** Different fruits held. */
    @Override
    public int score(int player) {
        return fruitCount(player);
    }

    /** Rules, "End": simultaneous finishers are ranked by coins. */
    @Override
    public int tiebreak(int player) {
        return coins[player];
    }

    // ------------------------------------------------------------------ contract

    @Override
    public IllegalActionException illegal(int action) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.illegal(action);
        }
        return LegalActions.illegal(this, action, phase);
    }

    @Override
    public FloatingMarketState copy() {
        return new FloatingMarketState(this);
    }

    @Override
    public String actionName(int action) {
        return FloatingMarketAction.name(action);
    }

    /** Nothing is hidden, nothing is in a pile: the sampled mode only needs its random stream. */
    @Override
    public FloatingMarketState sampledCopy(long seed) {
        if (isChanceNode()) {
            throw new IllegalStateException("a chance node has no sampled form: apply one of its outcomes first");
        }
        FloatingMarketState c = new FloatingMarketState(this);
        if (c.explicit != null) {
            c.explicit = null;
            c.rng.setState(seed);
        }
        return c;
    }

    /** Everything is public (rules, "Hidden information"): only the random stream restarts from {@code seed}. */
    @Override
    public FloatingMarketState determinize(int observer, long seed) {
        FloatingMarketState d = new FloatingMarketState(this);
        d.rng.setState(seed);
        return d;
    }

    /** Nothing is face down (rules, "Hidden information"): only the random stream restarts from {@code seed}. */
    @Override
    public void reseed(long seed) {
        rng.setState(seed);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FloatingMarketState s)) {
            return false;
        }
        return n == s.n && longGame == s.longGame && phase == s.phase && current == s.current && start == s.start
                && decisions == s.decisions && round == s.round && truncated == s.truncated && rng.equals(s.rng)
                && standSlot == s.standSlot && pool.equals(s.pool) && turn.equals(s.turn)
                && lastRoll.equals(s.lastRoll) && board.equals(s.board) && Arrays.equals(fruitAt, s.fruitAt)
                && Arrays.equals(coins, s.coins) && Arrays.equals(fruits, s.fruits) && Arrays.equals(die, s.die)
                && Arrays.equals(left, s.left) && Arrays.equals(boat, s.boat) && Arrays.equals(dock, s.dock)
                && Arrays.equals(bld, s.bld) && Arrays.equals(ama, s.ama)
                && java.util.Objects.equals(explicit, s.explicit);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(rng.state()) * 31 + decisions;
        h = h * 31 + phase.ordinal();
        h = h * 31 + current;
        h = h * 31 + Arrays.hashCode(boat);
        h = h * 31 + Arrays.hashCode(coins);
        h = h * 31 + Arrays.hashCode(fruits);
        h = h * 31 + Arrays.hashCode(die);
        return h;
    }

    @Override
    public String toString() {
        return FloatingMarketText.render(this);
    }
}
