package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.SplitMix64;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of Floating Market ({@code docs/rules/floating-market.md}, seed
 * {@code 004_c5be90e211f2b850.txt}) as one state, with the random stream ({@link #rng},
 * SplitMix64) inside it, so copies, equality and JSON cover it. Nothing is hidden but the
 * future of that stream: {@link #determinize} only restarts it.
 *
 * <p><b>Chance steps.</b> Setup: the seven boat tiles are shuffled onto the seven locations
 * (Fisher-Yates from the last index down, event {@code boats}), then the start player is drawn
 * (event {@code start}; [decision] of the rules file). Each roll of the pool is one event
 * {@code roll}: every die in the pool in a fixed order (players' dice by seat then d4, d6, d10,
 * d12, neg-d6; the Ama dice; the board's d12; the board's negative d6), each face drawn with
 * {@code below(next(), faces)}, then the tiles, the total and the activated location.
 *
 * <p><b>A placement</b> is one decision ({@code place:...}); what follows it are further small
 * decisions of the same player: the building's choice (Temple, Carpenter, Artist hut, Market,
 * Fruit stand, Fish market), then the dice to add ({@code die:...}: one for the round's first
 * customer, one more after {@code artist:add-die}, two for the Tailor; never more than the hand
 * holds). [decision] The building's effect resolves before the first customer's die is added
 * (so a player whose first customer goes to the Boatman adds one of the recovered dice, as the
 * seed's rule for a player without dice says).
 *
 * <p>Rule choices the rules file leaves open, each a [decision]:
 * <ul>
 *   <li>A player who has no dice in hand when placing their first customer of the round must
 *       place it on the Boatman (that is exactly "no dice at the start of the round", since dice
 *       leave the hand only through one's own placements).</li>
 *   <li>Fish market: "any occupied boat" counts a boat held by an Ama customer as occupied; the
 *       2-player closed location is never a target; it is placeable only when its customer
 *       leaves at least one more customer to assign and some boat qualifies. The same player's
 *       two customers on one boat collect separately (but never a fruit already held).</li>
 *   <li>Fruit stand: "adjacent" is the direct neighbours on the loop only (the traders extend
 *       adjacency for the 2 coins, "se considera adyacente y recibe DOS Monedas"); the customer
 *       over the stand takes the activated boat's fruit (none when that boat is the 2-player
 *       closed one) and no adjacency coins.</li>
 *   <li>Office: placeable when its coin can be paid and its customer leaves at least one more
 *       customer to assign (as the Fish market: a building is taken for its effect); afterwards
 *       the same player places all their remaining customers at once, one decision each, on
 *       boats or buildings (no docks), each with its own effects.</li>
 *   <li>The first customer's die and a building's dice add up: a Tailor taken as the first
 *       customer adds 3 dice (the round's first die and its 2), an Artist hut's
 *       {@code artist:add-die} 2 (the literal reading: the seed's buildings add "dados extra").</li>
 *   <li>Market: placeable with 4 coins when some fruit in play is not yet held; the coins are paid
 *       on placing and the fruit chosen next.</li>
 *   <li>Carpenter: {@code carpenter:block-d12} does nothing else (only the Carpenter adds the d12);
 *       with 2 players it offers the d12 or the negative d6 and no block. Temple, Carpenter and
 *       Artist hut cannot add a die or tile already in the pool (when nothing can be added, the
 *       block / the die choice remains).</li>
 *   <li>Artist hut: "one more of your dice" with an empty hand adds nothing.</li>
 *   <li>End of round, in the seed's order: rolled dice out of play, board dice and tiles back,
 *       Ama dice back (they never leave the pool), customers back, the Ama customers rotate one
 *       location clockwise, then the start player's swap (with 2 players never involving the
 *       closed location, whose face-down boat is out of the game), then the marker passes to the
 *       next seat. The swap is compulsory ("elige dos barcos cualesquiera y cambia").</li>
 *   <li>The Ama customers stay on the board all game and block their locations every round (the
 *       seed: "Estos se bloquean en la 1ª ronda", read with the rotation rule).</li>
 *   <li>Coins are unlimited beyond the 6-coin cap (30 coin cards never run short: 5 x 6 = 30);
 *       fruit cards never run short (5 of each, one per player at most).</li>
 *   <li>Ranking: score = different fruits held, tie-break = coins; at the end the finishers are
 *       exactly the players with the most fruits, so the coin tie-break and shared wins of the
 *       rules follow. A roll is paid out in full (fruit and coins, all customers at once) before
 *       the end is checked, so the coins of the finishing roll count in the tie-break (the
 *       rules file's reading of "termina INMEDIATAMENTE": the payout of one roll is one event).</li>
 *   <li>With 2 players the Ama customers skip the closed location when they rotate (see
 *       {@link #amaNext}).</li>
 *   <li>Two [decision]s of the rules file, as it states them: a customer takes the 2 adjacency
 *       coins at most once per roll, however many rules (neighbour, North or South trader) make it
 *       adjacent; the Ama customers stay on their locations when the start player swaps boats, so
 *       the fruit under them can change.</li>
 * </ul>
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
    static final byte HAND = 0;
    static final byte POOL = 1;
    static final byte OUT = 2;
    /** A die that was not in the last roll ({@link #lastFace}). */
    public static final int NO_FACE = Integer.MIN_VALUE;

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
    long rng;

    /** The fruit of the boat at each location. */
    final int[] fruitAt = new int[Board.LOCATIONS];
    final int[] coins;
    /** Fruits held, one bit per fruit. */
    final int[] fruits;
    /** Where each player die is: die[p * 5 + kind] = HAND, POOL or OUT. */
    final byte[] die;
    /** Customers still in hand this round. */
    final int[] left;
    /** The boat slots: boat[loc * 2 + k] = the player there, or EMPTY (slot 1 only through the Fish market). */
    final int[] boat = new int[Board.LOCATIONS * 2];
    final int[] dock = new int[2];
    /** Customers per building and player: bld[b * n + p]. */
    final int[] bld;
    /** The Ama customers' locations (2-3 players), else EMPTY. */
    final int[] ama = {EMPTY, EMPTY};
    /** The boat slot with the Fruit stand under it, or EMPTY. */
    int standSlot = EMPTY;
    boolean tilePlus4;
    boolean tileMinus2;
    boolean boardD12;
    boolean boardNeg;
    boolean d12Blocked;
    /** Dice the current player still adds in this turn. */
    int toAdd;
    /** The player placing all remaining customers through the Office, or EMPTY. */
    int officePlayer = EMPTY;
    /** The last roll's total and activated location (EMPTY before the first). */
    int lastTotal;
    int lastActivated = EMPTY;
    /**
     * The last roll's faces, NO_FACE for a die not rolled: lastFace[p * 5 + kind] for the players'
     * dice, then the Ama dice (2 slots, in roll order), the board's d12 and the board's negative d6.
     */
    final int[] lastFace;
    /** The tiles in the last roll. */
    boolean lastPlus4;
    boolean lastMinus2;

    FloatingMarketState(Board board, int players, boolean longGame) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("Floating Market is for 2 to 5 players, not " + players);
        }
        this.board = board;
        this.n = players;
        this.longGame = longGame;
        this.target = !longGame ? 5 : players == 2 ? 6 : 7;
        coins = new int[n];
        fruits = new int[n];
        die = new byte[n * Dice.PLAYER_DICE];
        left = new int[n];
        bld = new int[Building.COUNT * n];
        lastFace = new int[n * Dice.PLAYER_DICE + 4];
        Arrays.fill(lastFace, NO_FACE);
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
        rng = o.rng;
        System.arraycopy(o.fruitAt, 0, fruitAt, 0, fruitAt.length);
        coins = o.coins.clone();
        fruits = o.fruits.clone();
        die = o.die.clone();
        left = o.left.clone();
        System.arraycopy(o.boat, 0, boat, 0, boat.length);
        System.arraycopy(o.dock, 0, dock, 0, 2);
        bld = o.bld.clone();
        System.arraycopy(o.ama, 0, ama, 0, 2);
        standSlot = o.standSlot;
        tilePlus4 = o.tilePlus4;
        tileMinus2 = o.tileMinus2;
        boardD12 = o.boardD12;
        boardNeg = o.boardNeg;
        d12Blocked = o.d12Blocked;
        toAdd = o.toAdd;
        officePlayer = o.officePlayer;
        lastTotal = o.lastTotal;
        lastActivated = o.lastActivated;
        lastFace = o.lastFace.clone();
        lastPlus4 = o.lastPlus4;
        lastMinus2 = o.lastMinus2;
    }

    // ------------------------------------------------------------------ setup

    /**
     * Setup (rules, "Setup"): 5 dice, 3 customers and 2 coins each; the boats shuffled onto the
     * locations (chance); the start player drawn (chance); with 2-3 players the Ama customers on
     * the board's {@code amaStart} locations (default {@code 20-23} and {@code 9-13}).
     */
    public static FloatingMarketState newGame(Board board, int players, boolean longGame, long seed, ChanceLog chance) {
        FloatingMarketState s = new FloatingMarketState(board, players, longGame);
        s.rng = seed;
        for (int i = 0; i < Board.LOCATIONS; i++) {
            s.fruitAt[i] = i;
        }
        for (int i = Board.LOCATIONS - 1; i > 0; i--) {
            int j = SplitMix64.below(s.next(), i + 1);
            int t = s.fruitAt[i];
            s.fruitAt[i] = s.fruitAt[j];
            s.fruitAt[j] = t;
        }
        s.start = SplitMix64.below(s.next(), players);
        if (chance != ChanceLog.NONE) {
            List<String> boats = new ArrayList<>();
            for (int f : s.fruitAt) {
                boats.add(Fruit.values()[f].key());
            }
            chance.chance("boats", Map.of("fruits", boats));
            chance.chance("start", Map.of("player", s.start));
        }
        Arrays.fill(s.coins, START_COINS);
        Arrays.fill(s.left, CUSTOMERS);
        if (players <= 3) {
            s.ama[0] = board.amaStart(0);
            s.ama[1] = board.amaStart(1);
        }
        s.current = s.start;
        return s;
    }

    private long next() {
        rng = SplitMix64.advance(rng);
        return SplitMix64.mix(rng);
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

    public boolean longGame() {
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
        return phase == Phase.GAME_OVER ? -1 : current;
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    @Override
    public boolean isTruncated() {
        return truncated;
    }

    @Override
    public String endReason() {
        return phase != Phase.GAME_OVER ? "NONE" : truncated ? "CAP" : "FRUIT";
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

    public int fruitCount(int p) {
        return Integer.bitCount(fruits[p]);
    }

    /** Where p's die of that kind is: 0 hand, 1 pool, 2 out of play. */
    public int dieLocation(int p, int kind) {
        return die[p * Dice.PLAYER_DICE + kind];
    }

    public int hand(int p) {
        int k = 0;
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            k += die[p * Dice.PLAYER_DICE + d] == HAND ? 1 : 0;
        }
        return k;
    }

    public int customersLeft(int p) {
        return left[p];
    }

    /** The player in slot k (0, or 1 through the Fish market) of the boat at a location, or -1. */
    public int boatCustomer(int location, int k) {
        return boat[location * 2 + k];
    }

    public int dockCustomer(int side) {
        return dock[side];
    }

    public int buildingCustomers(Building b, int p) {
        return bld[b.ordinal() * n + p];
    }

    public int buildingTotal(Building b) {
        int k = 0;
        for (int p = 0; p < n; p++) {
            k += bld[b.ordinal() * n + p];
        }
        return k;
    }

    /** The location of Ama customer k (0, 1), or -1 (4-5 players). */
    public int amaLocation(int k) {
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
    public boolean fruitInPlay(int fruit) {
        return n != 2 || fruitAt[board.twoPlayerClosed()] != fruit;
    }

    public int standSlot() {
        return standSlot;
    }

    public boolean tilePlus4() {
        return tilePlus4;
    }

    public boolean tileMinus2() {
        return tileMinus2;
    }

    public boolean boardD12() {
        return boardD12;
    }

    public boolean boardNeg() {
        return boardNeg;
    }

    public boolean d12Blocked() {
        return d12Blocked;
    }

    public int toAdd() {
        return toAdd;
    }

    public int officePlayer() {
        return officePlayer;
    }

    public int lastTotal() {
        return lastTotal;
    }

    public int lastActivated() {
        return lastActivated;
    }

    /** The face p's die of that kind showed in the last roll, or {@link #NO_FACE} when it was not rolled. */
    public int lastFace(int p, int kind) {
        return lastFace[p * Dice.PLAYER_DICE + kind];
    }

    /** The face Ama die k (0, 1) showed in the last roll, or {@link #NO_FACE}. */
    public int lastAmaFace(int k) {
        return lastFace[amaFaceSlot(k)];
    }

    /** The face the board's d12 showed in the last roll, or {@link #NO_FACE}. */
    public int lastBoardD12Face() {
        return lastFace[boardD12FaceSlot()];
    }

    /** The face the board's negative d6 showed in the last roll, or {@link #NO_FACE}. */
    public int lastBoardNegFace() {
        return lastFace[boardNegFaceSlot()];
    }

    /** Whether the +4 / -2 tile was in the last roll. */
    public boolean lastPlus4() {
        return lastPlus4;
    }

    public boolean lastMinus2() {
        return lastMinus2;
    }

    int amaFaceSlot(int k) {
        return n * Dice.PLAYER_DICE + k;
    }

    int boardD12FaceSlot() {
        return n * Dice.PLAYER_DICE + 2;
    }

    int boardNegFaceSlot() {
        return n * Dice.PLAYER_DICE + 3;
    }

    // ------------------------------------------------------------------ legal actions

    @Override
    public int legalActions(int[] out) {
        int p = current;
        int k = 0;
        switch (phase) {
            case PLACE:
                return legalPlace(out);
            case DIE:
                for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                    if (die[p * Dice.PLAYER_DICE + d] == HAND) {
                        out[k++] = FloatingMarketAction.DIE + d;
                    }
                }
                return k;
            case TEMPLE:
                if (!tilePlus4) {
                    out[k++] = FloatingMarketAction.TEMPLE_PLUS4;
                }
                if (!tileMinus2) {
                    out[k++] = FloatingMarketAction.TEMPLE_MINUS2;
                }
                return k;
            case CARPENTER:
                if (!boardD12) {
                    out[k++] = FloatingMarketAction.CARPENTER_ADD;
                }
                if (n > 2) {
                    out[k++] = FloatingMarketAction.CARPENTER_BLOCK;
                } else if (!boardNeg) {
                    out[k++] = FloatingMarketAction.CARPENTER_NEG;
                }
                if (k == 0) {
                    out[k++] = FloatingMarketAction.CARPENTER_BLOCK;
                }
                return k;
            case ARTIST:
                if (!boardNeg) {
                    out[k++] = FloatingMarketAction.ARTIST_NEG;
                }
                out[k++] = FloatingMarketAction.ARTIST_DIE;
                return k;
            case MARKET:
                for (int f = 0; f < Fruit.COUNT; f++) {
                    if (buyable(p, f)) {
                        out[k++] = FloatingMarketAction.BUY + f;
                    }
                }
                return k;
            case STAND:
                for (int l = 0; l < Board.LOCATIONS; l++) {
                    if (boat[l * 2] == p || boat[l * 2 + 1] == p) {
                        out[k++] = FloatingMarketAction.STAND + l;
                    }
                }
                return k;
            case FISH:
                for (int l = 0; l < Board.LOCATIONS; l++) {
                    if (fishTarget(l)) {
                        out[k++] = FloatingMarketAction.FISH + l;
                    }
                }
                return k;
            case SWAP:
                int closed = closedLocation();
                for (int s = 0; s < FloatingMarketAction.SWAPS; s++) {
                    if (FloatingMarketAction.SWAP_I[s] != closed && FloatingMarketAction.SWAP_J[s] != closed) {
                        out[k++] = FloatingMarketAction.SWAP + s;
                    }
                }
                return k;
            default:
                return 0;
        }
    }

    private boolean buyable(int p, int f) {
        return !hasFruit(p, f) && fruitInPlay(f);
    }

    /** Whether a boat location takes a newly placed customer: no customer, no Ama, not closed. */
    public boolean boatFree(int l) {
        return boat[l * 2] == EMPTY && !hasAma(l) && l != closedLocation();
    }

    /** Fish market target: occupied (a customer or Ama), its second slot free, not closed. */
    boolean fishTarget(int l) {
        return (boat[l * 2] != EMPTY || hasAma(l)) && boat[l * 2 + 1] == EMPTY && l != closedLocation();
    }

    private boolean buildingOpen(Building b) {
        int spots = board.spots(b, n);
        return spots < 0 || (spots > 0 && buildingTotal(b) < spots);
    }

    /**
     * Rules, "Assign customers" and "Buildings": any free boat, dock or building; a player with
     * no dice in hand at their first customer goes to the Boatman; the Office's player places on
     * boats and buildings only; each building's own condition (see the class comment).
     */
    private int legalPlace(int[] out) {
        int p = current;
        int k = 0;
        if (left[p] == CUSTOMERS && hand(p) == 0) {
            out[0] = FloatingMarketAction.PLACE_BUILDING + Building.BOATMAN.ordinal();
            return 1;
        }
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (boatFree(l)) {
                out[k++] = FloatingMarketAction.PLACE_BOAT + l;
            }
        }
        if (officePlayer != p) {
            for (int side = 0; side < 2; side++) {
                if (dock[side] == EMPTY) {
                    out[k++] = FloatingMarketAction.PLACE_DOCK + side;
                }
            }
        }
        for (Building b : Building.values()) {
            if (buildingOpen(b) && placeable(p, b)) {
                out[k++] = FloatingMarketAction.PLACE_BUILDING + b.ordinal();
            }
        }
        return k;
    }

    private boolean placeable(int p, Building b) {
        switch (b) {
            case MARKET:
                if (coins[p] < MARKET_PRICE) {
                    return false;
                }
                for (int f = 0; f < Fruit.COUNT; f++) {
                    if (buyable(p, f)) {
                        return true;
                    }
                }
                return false;
            case OFFICE:
                return coins[p] >= OFFICE_PRICE && left[p] >= 2;
            case FRUIT_STAND:
                for (int i = 0; i < boat.length; i++) {
                    if (boat[i] == p) {
                        return true;
                    }
                }
                return false;
            case FISH_MARKET:
                if (left[p] < 2) {
                    return false;
                }
                for (int l = 0; l < Board.LOCATIONS; l++) {
                    if (fishTarget(l)) {
                        return true;
                    }
                }
                return false;
            default:
                return true;
        }
    }

    @Override
    public int[] legalActions() {
        return LegalActions.of(this, FloatingMarketAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        return LegalActions.contains(this, FloatingMarketAction.COUNT, action);
    }

    // ------------------------------------------------------------------ apply

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (!isLegal(action)) {
            throw illegal(action);
        }
        decisions++;
        int p = current;
        switch (phase) {
            case PLACE:
                applyPlace(p, action, chance);
                break;
            case DIE:
                die[p * Dice.PLAYER_DICE + action - FloatingMarketAction.DIE] = POOL;
                toAdd--;
                continueTurn(chance);
                break;
            case TEMPLE:
                if (action == FloatingMarketAction.TEMPLE_PLUS4) {
                    tilePlus4 = true;
                } else {
                    tileMinus2 = true;
                }
                continueTurn(chance);
                break;
            case CARPENTER:
                if (action == FloatingMarketAction.CARPENTER_ADD) {
                    boardD12 = true;
                } else if (action == FloatingMarketAction.CARPENTER_NEG) {
                    boardNeg = true;
                } else {
                    d12Blocked = true;
                }
                continueTurn(chance);
                break;
            case ARTIST:
                if (action == FloatingMarketAction.ARTIST_NEG) {
                    boardNeg = true;
                } else {
                    toAdd++;
                }
                continueTurn(chance);
                break;
            case MARKET:
                fruits[p] |= 1 << (action - FloatingMarketAction.BUY);
                if (fruitCount(p) >= target) {
                    endGame();
                } else {
                    continueTurn(chance);
                }
                break;
            case STAND: {
                int l = action - FloatingMarketAction.STAND;
                standSlot = boat[l * 2] == p ? l * 2 : l * 2 + 1;
                continueTurn(chance);
                break;
            }
            case FISH: {
                int l = action - FloatingMarketAction.FISH;
                boat[l * 2 + 1] = p;
                left[p]--;
                continueTurn(chance);
                break;
            }
            case SWAP: {
                int s = action - FloatingMarketAction.SWAP;
                int i = FloatingMarketAction.SWAP_I[s];
                int j = FloatingMarketAction.SWAP_J[s];
                int t = fruitAt[i];
                fruitAt[i] = fruitAt[j];
                fruitAt[j] = t;
                start = (start + 1) % n;
                round++;
                current = start;
                phase = Phase.PLACE;
                break;
            }
            default:
                throw illegal(action);
        }
        // [decision] A game cut by the safety cap is scored as it stands.
        if (phase != Phase.GAME_OVER && decisions >= DECISION_CAP) {
            truncated = true;
            endGame();
        }
    }

    private void applyPlace(int p, int action, ChanceLog chance) {
        boolean first = left[p] == CUSTOMERS;
        left[p]--;
        if (first) {
            toAdd++;
        }
        phase = Phase.PLACE;
        if (action < FloatingMarketAction.PLACE_DOCK) {
            boat[(action - FloatingMarketAction.PLACE_BOAT) * 2] = p;
        } else if (action < FloatingMarketAction.PLACE_BUILDING) {
            dock[action - FloatingMarketAction.PLACE_DOCK] = p;
        } else {
            Building b = Building.values()[action - FloatingMarketAction.PLACE_BUILDING];
            bld[b.ordinal() * n + p]++;
            switch (b) {
                case TEMPLE:
                    phase = Phase.TEMPLE;
                    break;
                case CARPENTER:
                    phase = Phase.CARPENTER;
                    break;
                case ARTIST:
                    phase = Phase.ARTIST;
                    break;
                case MARKET:
                    coins[p] -= MARKET_PRICE;
                    phase = Phase.MARKET;
                    break;
                case BOATMAN:
                    for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                        if (die[p * Dice.PLAYER_DICE + d] == OUT) {
                            die[p * Dice.PLAYER_DICE + d] = HAND;
                        }
                    }
                    break;
                case FRUIT_STAND:
                    phase = Phase.STAND;
                    break;
                case TAILOR:
                    toAdd += 2;
                    break;
                case OFFICE:
                    coins[p] -= OFFICE_PRICE;
                    officePlayer = p;
                    break;
                case FISH_MARKET:
                    phase = Phase.FISH;
                    break;
                default:
                    break;
            }
        }
        if (phase == Phase.PLACE) {
            continueTurn(chance);
        }
    }

    /** After a decision of the current player's turn: more dice to add, or the next placement. */
    private void continueTurn(ChanceLog chance) {
        int p = current;
        toAdd = Math.min(toAdd, hand(p));
        if (toAdd > 0) {
            phase = Phase.DIE;
            return;
        }
        phase = Phase.PLACE;
        if (officePlayer == p) {
            if (left[p] > 0) {
                return;
            }
            officePlayer = EMPTY;
        }
        for (int k = 1; k <= n; k++) {
            int q = (p + k) % n;
            if (left[q] > 0) {
                current = q;
                return;
            }
        }
        roll(chance);
    }

    /**
     * Rules, "Collect fruit": the pool is rolled (chance) and the total activates one location.
     * Its customers take its fruit (none from the 2-player closed boat); customers on the
     * neighbouring boats, and with a trader placed on the boats 1-2 steps clockwise (North) or
     * counter-clockwise (South), take 2 coins each, once per roll; the dock on the activated
     * bank takes 1 coin; the Fruit stand's customer takes the activated fruit when its boat or a
     * neighbour activates, and no coins. Ama customers take nothing; coins stop at 6; never a
     * fruit already held. Then the end (anyone at the target) or the end of the round.
     */
    private void roll(ChanceLog chance) {
        int total = 0;
        List<Object> faces = chance == ChanceLog.NONE ? null : new ArrayList<>();
        Arrays.fill(lastFace, NO_FACE);
        for (int p = 0; p < n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (die[p * Dice.PLAYER_DICE + d] == POOL) {
                    int v = Dice.LOW[d] + SplitMix64.below(next(), Dice.faces(d));
                    total += v;
                    lastFace[p * Dice.PLAYER_DICE + d] = v;
                    if (faces != null) {
                        faces.add(List.of("p" + p + ":" + Dice.KEYS[d], v));
                    }
                }
            }
        }
        for (int a = 0; a < amaDice(); a++) {
            int v = 1 + SplitMix64.below(next(), 6);
            total += v;
            lastFace[amaFaceSlot(a)] = v;
            if (faces != null) {
                faces.add(List.of("ama:d6", v));
            }
        }
        if (boardD12) {
            int v = 1 + SplitMix64.below(next(), 12);
            total += v;
            lastFace[boardD12FaceSlot()] = v;
            if (faces != null) {
                faces.add(List.of("board:d12", v));
            }
        }
        if (boardNeg) {
            int v = -1 - SplitMix64.below(next(), 6);
            total += v;
            lastFace[boardNegFaceSlot()] = v;
            if (faces != null) {
                faces.add(List.of("board:neg-d6", v));
            }
        }
        total += (tilePlus4 ? 4 : 0) - (tileMinus2 ? 2 : 0);
        lastPlus4 = tilePlus4;
        lastMinus2 = tileMinus2;
        int activated = board.activated(total);
        if (faces != null) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("dice", faces);
            List<Integer> tiles = new ArrayList<>();
            if (tilePlus4) {
                tiles.add(4);
            }
            if (tileMinus2) {
                tiles.add(-2);
            }
            data.put("tiles", tiles);
            data.put("total", total);
            data.put("location", board.locationName(activated));
            chance.chance("roll", data);
        }
        lastTotal = total;
        lastActivated = activated;
        payOut(activated);
        boolean over = false;
        for (int p = 0; p < n; p++) {
            over |= fruitCount(p) >= target;
        }
        if (over) {
            endGame();
            return;
        }
        endRound();
    }

    /** Pays one roll (see {@link #roll}); package-private for the scenario tests. */
    void payOut(int activated) {
        boolean[] adjacent = new boolean[Board.LOCATIONS];
        adjacent[Board.step(activated, 1)] = true;
        adjacent[Board.step(activated, -1)] = true;
        if (buildingTotal(Building.NORTH_TRADER) > 0) {
            adjacent[Board.step(activated, 1)] = true;
            adjacent[Board.step(activated, 2)] = true;
        }
        if (buildingTotal(Building.SOUTH_TRADER) > 0) {
            adjacent[Board.step(activated, -1)] = true;
            adjacent[Board.step(activated, -2)] = true;
        }
        boolean fruitThere = activated != closedLocation();
        int[] gain = new int[n];
        for (int slot = 0; slot < boat.length; slot++) {
            int p = boat[slot];
            if (p == EMPTY) {
                continue;
            }
            int l = slot / 2;
            if (slot == standSlot) {
                if ((l == activated || l == Board.step(activated, 1) || l == Board.step(activated, -1)) && fruitThere) {
                    fruits[p] |= 1 << fruitAt[activated];
                }
            } else if (l == activated) {
                if (fruitThere) {
                    fruits[p] |= 1 << fruitAt[activated];
                }
            } else if (adjacent[l]) {
                gain[p] += 2;
            }
        }
        int side = board.bank(activated);
        if (dock[side] != EMPTY) {
            gain[dock[side]] += 1;
        }
        for (int p = 0; p < n; p++) {
            coins[p] = Math.min(COIN_CAP, coins[p] + gain[p]);
        }
    }

    /**
     * The end of the game: nobody acts any more, so no die is left to add and nobody is placing
     * through the Office (the Market can end the game during a placement, before its first
     * customer's die is added, and during the Office's placements).
     */
    private void endGame() {
        phase = Phase.GAME_OVER;
        toAdd = 0;
        officePlayer = EMPTY;
    }

    /** Rules, "End of round" (order: see the class comment). */
    private void endRound() {
        for (int i = 0; i < die.length; i++) {
            if (die[i] == POOL) {
                die[i] = OUT;
            }
        }
        tilePlus4 = false;
        tileMinus2 = false;
        boardD12 = false;
        boardNeg = false;
        d12Blocked = false;
        Arrays.fill(boat, EMPTY);
        Arrays.fill(dock, EMPTY);
        Arrays.fill(bld, 0);
        standSlot = EMPTY;
        Arrays.fill(left, CUSTOMERS);
        if (ama[0] != EMPTY) {
            ama[0] = amaNext(ama[0]);
            ama[1] = amaNext(ama[1]);
        }
        current = start;
        phase = Phase.SWAP;
    }

    /**
     * The next location clockwise of an Ama customer. [decision] With 2 players the closed
     * location is skipped: its face-down boat is out of the game ("Esa fruta y ubicación no se
     * utilizarán en este juego"), so it is no boat to rotate onto. The two Ama customers then
     * turn around the six open locations and never meet.
     */
    private int amaNext(int location) {
        int next = Board.step(location, 1);
        return next == closedLocation() ? Board.step(next, 1) : next;
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

    /** Everything is public (rules, "Hidden information"): only the random stream restarts from {@code seed}. */
    @Override
    public FloatingMarketState determinize(int observer, long seed) {
        FloatingMarketState d = new FloatingMarketState(this);
        d.rng = seed;
        return d;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FloatingMarketState s)) {
            return false;
        }
        return n == s.n && longGame == s.longGame && phase == s.phase && current == s.current && start == s.start
                && decisions == s.decisions && round == s.round && truncated == s.truncated && rng == s.rng
                && standSlot == s.standSlot && tilePlus4 == s.tilePlus4 && tileMinus2 == s.tileMinus2
                && boardD12 == s.boardD12 && boardNeg == s.boardNeg && d12Blocked == s.d12Blocked && toAdd == s.toAdd
                && officePlayer == s.officePlayer && lastTotal == s.lastTotal && lastActivated == s.lastActivated
                && lastPlus4 == s.lastPlus4 && lastMinus2 == s.lastMinus2 && Arrays.equals(lastFace, s.lastFace)
                && board.equals(s.board) && Arrays.equals(fruitAt, s.fruitAt) && Arrays.equals(coins, s.coins)
                && Arrays.equals(fruits, s.fruits) && Arrays.equals(die, s.die) && Arrays.equals(left, s.left)
                && Arrays.equals(boat, s.boat) && Arrays.equals(dock, s.dock) && Arrays.equals(bld, s.bld)
                && Arrays.equals(ama, s.ama);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(rng) * 31 + decisions;
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
