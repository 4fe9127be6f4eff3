package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of Floating Market ({@code docs/rules/floating-market.md}, seed
 * {@code 004_c5be90e211f2b850.txt}) over a {@link FloatingMarketState}: one legal/apply pair per
 * phase, as the rulebook's steps read, then the turn flow, the roll and its payout, the end of the
 * round and of the game.
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
 *       {@link FloatingMarketRules#amaNext}).</li>
 *   <li>Two [decision]s of the rules file, as it states them: a customer takes the 2 adjacency
 *       coins at most once per roll, however many rules (neighbour, North or South trader) make it
 *       adjacent; the Ama customers stay on their locations when the start player swaps boats, so
 *       the fruit under them can change.</li>
 * </ul>
 */
final class FloatingMarketRules {
    private static final int EMPTY = FloatingMarketState.EMPTY;

    private FloatingMarketRules() {
    }

    /** The current player's legal actions in the state's phase, into {@code out}; returns how many. */
    static int legalActions(FloatingMarketState s, int[] out) {
        return switch (s.phase) {
            case PLACE -> legalPlacements(s, out);
            case DIE -> legalDice(s, out);
            case TEMPLE -> legalTemple(s, out);
            case CARPENTER -> legalCarpenter(s, out);
            case ARTIST -> legalArtist(s, out);
            case MARKET -> legalFruits(s, out);
            case STAND -> legalStand(s, out);
            case FISH -> legalFish(s, out);
            case SWAP -> legalSwaps(s, out);
            case GAME_OVER -> 0;
        };
    }

    /** Applies a legal action of the current player in the state's phase. */
    static void apply(FloatingMarketState s, int action, ChanceLog chance) {
        switch (s.phase) {
            case PLACE -> place(s, action, chance);
            case DIE -> addDie(s, action, chance);
            case TEMPLE -> temple(s, action, chance);
            case CARPENTER -> carpenter(s, action, chance);
            case ARTIST -> artist(s, action, chance);
            case MARKET -> buy(s, action, chance);
            case STAND -> stand(s, action, chance);
            case FISH -> fish(s, action, chance);
            case SWAP -> swap(s, action);
            case GAME_OVER -> throw s.illegal(action);
        }
    }

    // ------------------------------------------------------------------ PLACE

    /**
     * Rules, "Assign customers" and "Buildings": any free boat, dock or building; a player with
     * no dice in hand at their first customer goes to the Boatman; the Office's player places on
     * boats and buildings only; each building's own condition (see the class comment).
     */
    static int legalPlacements(FloatingMarketState s, int[] out) {
        int p = s.current;
        int k = 0;
        if (s.left[p] == FloatingMarketState.CUSTOMERS && s.hand(p) == 0) {
            out[0] = FloatingMarketAction.PLACE_BUILDING + Building.BOATMAN.ordinal();
            return 1;
        }
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (s.boatFree(l)) {
                out[k++] = FloatingMarketAction.PLACE_BOAT + l;
            }
        }
        if (s.turn.officePlayer() != p) {
            for (int side = 0; side < 2; side++) {
                if (s.dock[side] == EMPTY) {
                    out[k++] = FloatingMarketAction.PLACE_DOCK + side;
                }
            }
        }
        for (Building b : Building.values()) {
            if (buildingOpen(s, b) && placeable(s, p, b)) {
                out[k++] = FloatingMarketAction.PLACE_BUILDING + b.ordinal();
            }
        }
        return k;
    }

    private static boolean buildingOpen(FloatingMarketState s, Building b) {
        int spots = s.board.spots(b, s.n);
        return spots < 0 || (spots > 0 && s.buildingTotal(b) < spots);
    }

    /** A building's own condition for a placement (see the class comment). */
    private static boolean placeable(FloatingMarketState s, int p, Building b) {
        return switch (b) {
            case MARKET -> s.coins[p] >= FloatingMarketState.MARKET_PRICE && anyBuyable(s, p);
            case OFFICE -> s.coins[p] >= FloatingMarketState.OFFICE_PRICE && s.left[p] >= 2;
            case FRUIT_STAND -> s.onAnyBoat(p);
            case FISH_MARKET -> s.left[p] >= 2 && anyFishTarget(s);
            default -> true;
        };
    }

    /**
     * One placement: the customer onto a boat, a dock or a building; the round's first customer
     * adds a die; a building with a choice opens its phase, the others act at once.
     */
    static void place(FloatingMarketState s, int action, ChanceLog chance) {
        int p = s.current;
        if (s.left[p] == FloatingMarketState.CUSTOMERS) {
            s.turn = s.turn.plusDice(1);
        }
        s.left[p]--;
        s.phase = Phase.PLACE;
        if (action < FloatingMarketAction.PLACE_DOCK) {
            s.setBoatCustomer(action - FloatingMarketAction.PLACE_BOAT, 0, p);
        } else if (action < FloatingMarketAction.PLACE_BUILDING) {
            s.dock[action - FloatingMarketAction.PLACE_DOCK] = p;
        } else {
            Building b = Building.values()[action - FloatingMarketAction.PLACE_BUILDING];
            s.addBuildingCustomer(b, p);
            s.phase = takeBuilding(s, p, b);
        }
        if (s.phase == Phase.PLACE) {
            continueTurn(s, chance);
        }
    }

    /** A building's effect on placing (rules, "Buildings"): the phase of its choice, or PLACE when it has none. */
    private static Phase takeBuilding(FloatingMarketState s, int p, Building b) {
        switch (b) {
            case TEMPLE:
                return Phase.TEMPLE;
            case CARPENTER:
                return Phase.CARPENTER;
            case ARTIST:
                return Phase.ARTIST;
            case MARKET:
                s.coins[p] -= FloatingMarketState.MARKET_PRICE;
                return Phase.MARKET;
            case BOATMAN:
                for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                    if (s.dieLocation(p, d) == FloatingMarketState.OUT) {
                        s.setDieLocation(p, d, FloatingMarketState.HAND);
                    }
                }
                return Phase.PLACE;
            case FRUIT_STAND:
                return Phase.STAND;
            case TAILOR:
                s.turn = s.turn.plusDice(2);
                return Phase.PLACE;
            case OFFICE:
                s.coins[p] -= FloatingMarketState.OFFICE_PRICE;
                s.turn = s.turn.withOffice(p);
                return Phase.PLACE;
            case FISH_MARKET:
                return Phase.FISH;
            default:
                return Phase.PLACE;
        }
    }

    // ------------------------------------------------------------------ DIE

    /** Any die of the current player's hand. */
    static int legalDice(FloatingMarketState s, int[] out) {
        int k = 0;
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            if (s.dieLocation(s.current, d) == FloatingMarketState.HAND) {
                out[k++] = FloatingMarketAction.DIE + d;
            }
        }
        return k;
    }

    /** The die goes from the hand into the pool. */
    static void addDie(FloatingMarketState s, int action, ChanceLog chance) {
        s.setDieLocation(s.current, action - FloatingMarketAction.DIE, FloatingMarketState.POOL);
        s.turn = s.turn.plusDice(-1);
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ TEMPLE

    /** Temple: a tile not yet in the pool. */
    static int legalTemple(FloatingMarketState s, int[] out) {
        int k = 0;
        if (!s.pool.plus4()) {
            out[k++] = FloatingMarketAction.TEMPLE_PLUS4;
        }
        if (!s.pool.minus2()) {
            out[k++] = FloatingMarketAction.TEMPLE_MINUS2;
        }
        return k;
    }

    static void temple(FloatingMarketState s, int action, ChanceLog chance) {
        s.pool = action == FloatingMarketAction.TEMPLE_PLUS4 ? s.pool.withPlus4() : s.pool.withMinus2();
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ CARPENTER

    /** Carpenter: the board's d12 unless in the pool; the block (3+ players) or the negative d6 (2). */
    static int legalCarpenter(FloatingMarketState s, int[] out) {
        int k = 0;
        if (!s.pool.d12()) {
            out[k++] = FloatingMarketAction.CARPENTER_ADD;
        }
        if (s.n > 2) {
            out[k++] = FloatingMarketAction.CARPENTER_BLOCK;
        } else if (!s.pool.negD6()) {
            out[k++] = FloatingMarketAction.CARPENTER_NEG;
        }
        if (k == 0) {
            out[k++] = FloatingMarketAction.CARPENTER_BLOCK;
        }
        return k;
    }

    static void carpenter(FloatingMarketState s, int action, ChanceLog chance) {
        if (action == FloatingMarketAction.CARPENTER_ADD) {
            s.pool = s.pool.withD12();
        } else if (action == FloatingMarketAction.CARPENTER_NEG) {
            s.pool = s.pool.withNegD6();
        } else {
            s.pool = s.pool.withD12Blocked();
        }
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ ARTIST

    /** Artist hut: the board's negative d6 unless in the pool, or one more of your dice. */
    static int legalArtist(FloatingMarketState s, int[] out) {
        int k = 0;
        if (!s.pool.negD6()) {
            out[k++] = FloatingMarketAction.ARTIST_NEG;
        }
        out[k++] = FloatingMarketAction.ARTIST_DIE;
        return k;
    }

    static void artist(FloatingMarketState s, int action, ChanceLog chance) {
        if (action == FloatingMarketAction.ARTIST_NEG) {
            s.pool = s.pool.withNegD6();
        } else {
            s.turn = s.turn.plusDice(1);
        }
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ MARKET

    /** Market: any fruit in play the player does not hold. */
    static int legalFruits(FloatingMarketState s, int[] out) {
        int k = 0;
        for (int f = 0; f < Fruit.COUNT; f++) {
            if (buyable(s, s.current, f)) {
                out[k++] = FloatingMarketAction.BUY + f;
            }
        }
        return k;
    }

    private static boolean buyable(FloatingMarketState s, int p, int f) {
        return !s.hasFruit(p, f) && s.fruitInPlay(f);
    }

    private static boolean anyBuyable(FloatingMarketState s, int p) {
        for (int f = 0; f < Fruit.COUNT; f++) {
            if (buyable(s, p, f)) {
                return true;
            }
        }
        return false;
    }

    /** The fruit bought (its coins were paid on placing); the target ends the game at once. */
    static void buy(FloatingMarketState s, int action, ChanceLog chance) {
        int p = s.current;
        s.fruits[p] |= 1 << (action - FloatingMarketAction.BUY);
        if (s.fruitCount(p) >= s.target) {
            endGame(s);
        } else {
            continueTurn(s, chance);
        }
    }

    // ------------------------------------------------------------------ STAND

    /** Fruit stand: under any boat with the player's customer. */
    static int legalStand(FloatingMarketState s, int[] out) {
        int k = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (s.onBoat(s.current, l)) {
                out[k++] = FloatingMarketAction.STAND + l;
            }
        }
        return k;
    }

    /** The stand goes under the player's customer there (its first slot when both are theirs). */
    static void stand(FloatingMarketState s, int action, ChanceLog chance) {
        int l = action - FloatingMarketAction.STAND;
        s.standSlot = FloatingMarketState.slot(l, s.boatCustomer(l, 0) == s.current ? 0 : 1);
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ FISH

    /** Fish market: any boat that is a target. */
    static int legalFish(FloatingMarketState s, int[] out) {
        int k = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (fishTarget(s, l)) {
                out[k++] = FloatingMarketAction.FISH + l;
            }
        }
        return k;
    }

    /** Fish market target: occupied (a customer or Ama), its second slot free, not closed. */
    static boolean fishTarget(FloatingMarketState s, int l) {
        return (s.boatCustomer(l, 0) != EMPTY || s.hasAma(l)) && s.boatCustomer(l, 1) == EMPTY
                && l != s.closedLocation();
    }

    private static boolean anyFishTarget(FloatingMarketState s) {
        for (int l = 0; l < Board.LOCATIONS; l++) {
            if (fishTarget(s, l)) {
                return true;
            }
        }
        return false;
    }

    /** One more of the player's customers onto the boat's second slot. */
    static void fish(FloatingMarketState s, int action, ChanceLog chance) {
        s.setBoatCustomer(action - FloatingMarketAction.FISH, 1, s.current);
        s.left[s.current]--;
        continueTurn(s, chance);
    }

    // ------------------------------------------------------------------ SWAP

    /** End of round: the start player swaps any two boats (with 2 players never the closed one). */
    static int legalSwaps(FloatingMarketState s, int[] out) {
        int k = 0;
        int closed = s.closedLocation();
        for (int i = 0; i < FloatingMarketAction.SWAPS; i++) {
            if (FloatingMarketAction.SWAP_I[i] != closed && FloatingMarketAction.SWAP_J[i] != closed) {
                out[k++] = FloatingMarketAction.SWAP + i;
            }
        }
        return k;
    }

    /** The two boats change places; the marker passes to the next seat, who starts the next round. */
    static void swap(FloatingMarketState s, int action) {
        int i = FloatingMarketAction.SWAP_I[action - FloatingMarketAction.SWAP];
        int j = FloatingMarketAction.SWAP_J[action - FloatingMarketAction.SWAP];
        int t = s.fruitAt[i];
        s.fruitAt[i] = s.fruitAt[j];
        s.fruitAt[j] = t;
        s.start = (s.start + 1) % s.n;
        s.round++;
        s.current = s.start;
        s.phase = Phase.PLACE;
    }

    // ------------------------------------------------------------------ turn flow

    /** After a decision of the current player's turn: more dice to add, or the next placement. */
    static void continueTurn(FloatingMarketState s, ChanceLog chance) {
        int p = s.current;
        s.turn = s.turn.withDiceToAdd(Math.min(s.turn.diceToAdd(), s.hand(p)));
        if (s.turn.diceToAdd() > 0) {
            s.phase = Phase.DIE;
            return;
        }
        s.phase = Phase.PLACE;
        if (s.turn.officePlayer() == p) {
            if (s.left[p] > 0) {
                return;
            }
            s.turn = s.turn.withOffice(EMPTY);
        }
        for (int k = 1; k <= s.n; k++) {
            int q = (p + k) % s.n;
            if (s.left[q] > 0) {
                s.current = q;
                return;
            }
        }
        roll(s, chance);
    }

    // ------------------------------------------------------------------ the roll

    /**
     * Rules, "Collect fruit": the pool is rolled (chance) and the total activates one location,
     * paid by {@link #payOut}. Then the end (anyone at the target) or the end of the round.
     */
    static void roll(FloatingMarketState s, ChanceLog chance) {
        List<Object> logged = chance == ChanceLog.NONE ? null : new ArrayList<>();
        int[] faces = LastRoll.noFaces(s.n);
        int total = rollDice(s, faces, logged) + s.pool.tileSum();
        int activated = s.board.activated(total);
        if (logged != null) {
            chance.chance("roll", rollEvent(s, logged, total, activated));
        }
        s.lastRoll = new LastRoll(total, activated, faces, s.pool.plus4(), s.pool.minus2());
        payOut(s, activated);
        boolean over = false;
        for (int p = 0; p < s.n; p++) {
            over |= s.fruitCount(p) >= s.target;
        }
        if (over) {
            endGame(s);
        } else {
            endRound(s);
        }
    }

    /**
     * Every die in the pool in roll order (players' dice by seat and kind, the Ama dice, the
     * board's d12, the board's negative d6), each face into {@code faces} and, when logging,
     * {@code logged}; returns their sum.
     */
    private static int rollDice(FloatingMarketState s, int[] faces, List<Object> logged) {
        int total = 0;
        for (int p = 0; p < s.n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (s.dieLocation(p, d) == FloatingMarketState.POOL) {
                    int v = FloatingMarketChance.face(s, d);
                    total += rolled(faces, LastRoll.playerSlot(p, d), v, logged == null ? null : "p" + p + ":" + Dice.KEYS[d],
                            logged);
                }
            }
        }
        for (int a = 0; a < s.amaDice(); a++) {
            total += rolled(faces, LastRoll.amaSlot(s.n, a), FloatingMarketChance.face(s, Dice.D6), "ama:d6", logged);
        }
        if (s.pool.d12()) {
            total += rolled(faces, LastRoll.boardD12Slot(s.n), FloatingMarketChance.face(s, Dice.D12), "board:d12", logged);
        }
        if (s.pool.negD6()) {
            total += rolled(faces, LastRoll.boardNegSlot(s.n), FloatingMarketChance.boardNegative(s), "board:neg-d6", logged);
        }
        return total;
    }

    /** Notes one die's face; returns it. {@code die} names it in the log (null when nothing is logged). */
    private static int rolled(int[] faces, int slot, int face, String die, List<Object> logged) {
        faces[slot] = face;
        if (logged != null) {
            logged.add(List.of(die, face));
        }
        return face;
    }

    /** The chance event {@code roll}: the dice and faces, the tiles, the total and the activated location. */
    private static Map<String, Object> rollEvent(FloatingMarketState s, List<Object> dice, int total, int activated) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("dice", dice);
        List<Integer> tiles = new ArrayList<>();
        if (s.pool.plus4()) {
            tiles.add(4);
        }
        if (s.pool.minus2()) {
            tiles.add(-2);
        }
        data.put("tiles", tiles);
        data.put("total", total);
        data.put("location", s.board.locationName(activated));
        return data;
    }

    /**
     * Pays one roll (rules, "Collect fruit"): the activated location's customers take its fruit
     * (none from the 2-player closed boat); customers on the neighbouring boats, and with a trader
     * placed on the boats 1-2 steps clockwise (North) or counter-clockwise (South), take 2 coins
     * each, once per roll; the dock on the activated bank takes 1 coin; the Fruit stand's customer
     * takes the activated fruit when its boat or a neighbour activates, and no coins. Ama customers
     * take nothing; coins stop at 6; never a fruit already held. Package-private for the scenario
     * tests.
     */
    static void payOut(FloatingMarketState s, int activated) {
        boolean[] adjacent = adjacentTo(s, activated);
        boolean fruitThere = activated != s.closedLocation();
        int[] gain = new int[s.n];
        for (int l = 0; l < Board.LOCATIONS; l++) {
            for (int k = 0; k < FloatingMarketState.BOAT_SLOTS; k++) {
                int p = s.boatCustomer(l, k);
                if (p == EMPTY) {
                    continue;
                }
                if (FloatingMarketState.slot(l, k) == s.standSlot) {
                    boolean near = l == activated || l == Board.step(activated, 1) || l == Board.step(activated, -1);
                    if (near && fruitThere) {
                        s.fruits[p] |= 1 << s.fruitAt[activated];
                    }
                } else if (l == activated) {
                    if (fruitThere) {
                        s.fruits[p] |= 1 << s.fruitAt[activated];
                    }
                } else if (adjacent[l]) {
                    gain[p] += 2;
                }
            }
        }
        int side = s.board.bank(activated);
        if (s.dock[side] != EMPTY) {
            gain[s.dock[side]] += 1;
        }
        for (int p = 0; p < s.n; p++) {
            s.coins[p] = Math.min(FloatingMarketState.COIN_CAP, s.coins[p] + gain[p]);
        }
    }

    /** The boats whose customers take the adjacency coins: the neighbours, extended by the traders. */
    private static boolean[] adjacentTo(FloatingMarketState s, int activated) {
        boolean[] adjacent = new boolean[Board.LOCATIONS];
        adjacent[Board.step(activated, 1)] = true;
        adjacent[Board.step(activated, -1)] = true;
        if (s.buildingTotal(Building.NORTH_TRADER) > 0) {
            adjacent[Board.step(activated, 2)] = true;
        }
        if (s.buildingTotal(Building.SOUTH_TRADER) > 0) {
            adjacent[Board.step(activated, -2)] = true;
        }
        return adjacent;
    }

    // ------------------------------------------------------------------ ends

    /**
     * The end of the game: nobody acts any more, so no die is left to add and nobody is placing
     * through the Office (the Market can end the game during a placement, before its first
     * customer's die is added, and during the Office's placements).
     */
    static void endGame(FloatingMarketState s) {
        s.phase = Phase.GAME_OVER;
        s.turn = Turn.NONE;
    }

    /** Rules, "End of round" (order: see the class comment); then the start player's swap. */
    static void endRound(FloatingMarketState s) {
        s.clearRound();
        s.pool = PoolExtras.NONE;
        s.standSlot = EMPTY;
        Arrays.fill(s.left, FloatingMarketState.CUSTOMERS);
        if (s.ama[0] != EMPTY) {
            s.ama[0] = amaNext(s, s.ama[0]);
            s.ama[1] = amaNext(s, s.ama[1]);
        }
        s.current = s.start;
        s.phase = Phase.SWAP;
    }

    /**
     * The next location clockwise of an Ama customer. [decision] With 2 players the closed
     * location is skipped: its face-down boat is out of the game ("Esa fruta y ubicación no se
     * utilizarán en este juego"), so it is no boat to rotate onto. The two Ama customers then
     * turn around the six open locations and never meet.
     */
    static int amaNext(FloatingMarketState s, int location) {
        int next = Board.step(location, 1);
        return next == s.closedLocation() ? Board.step(next, 1) : next;
    }
}
