package dev.kaisen.env.floatingmarket;

import java.util.ArrayList;
import java.util.List;

/**
 * What must hold in every Floating Market state: each player's 3 customers are in hand or on
 * exactly one place; occupancy within the board's spots and slots; coins 0..6; fruits only those
 * in play; the pool empty of player dice between rounds; the phase's own bookkeeping.
 */
public final class FloatingMarketInvariants {
    private FloatingMarketInvariants() {
    }

    public static List<String> check(FloatingMarketState s) {
        List<String> out = new ArrayList<>();
        int n = s.n;
        if (s.current < 0 || s.current >= n || s.start < 0 || s.start >= n) {
            out.add("current " + s.current + " / start " + s.start + " is not a seat");
            return out;
        }
        int seen = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            seen |= 1 << s.fruitAt[l];
        }
        if (seen != (1 << Fruit.COUNT) - 1) {
            out.add("the boats do not hold each fruit once");
        }
        seats(s, placements(s, out), out);
        amaAndStand(s, out);
        turn(s, out);
        phase(s, out);
        lastRoll(s, out);
        return out;
    }

    /** Customers on boats, docks and buildings, counted per player; boats and buildings within their room. */
    private static int[] placements(FloatingMarketState s, List<String> out) {
        int n = s.n;
        int[] placed = new int[n];
        for (int l = 0; l < Board.LOCATIONS; l++) {
            int a = s.boatCustomer(l, 0);
            int b = s.boatCustomer(l, 1);
            if (a >= 0) {
                placed[a]++;
            }
            if (b >= 0) {
                placed[b]++;
                if (a < 0 && !s.hasAma(l)) {
                    out.add("boat" + l + " has a second customer but no first");
                }
            }
            if (a >= 0 && s.hasAma(l)) {
                out.add("boat" + l + " holds an Ama customer and player " + a + " in its first slot");
            }
            if ((a >= 0 || b >= 0) && l == s.closedLocation()) {
                out.add("a customer stands on the closed location " + l);
            }
        }
        for (int side = 0; side < 2; side++) {
            if (s.dock[side] >= 0) {
                placed[s.dock[side]]++;
            }
        }
        for (Building b : Building.values()) {
            int spots = s.board.spots(b, n);
            int total = s.buildingTotal(b);
            if (spots >= 0 && total > spots) {
                out.add(b.key + " holds " + total + " customers, spots " + spots);
            }
            for (int p = 0; p < n; p++) {
                placed[p] += s.buildingCustomers(b, p);
            }
        }
        return placed;
    }

    /** Each seat: 3 customers placed or in hand, coins 0..6, fruits only those in play, the target ends the game. */
    private static void seats(FloatingMarketState s, int[] placed, List<String> out) {
        for (int p = 0; p < s.n; p++) {
            if (s.left[p] < 0 || placed[p] + s.left[p] != FloatingMarketState.CUSTOMERS) {
                out.add("player " + p + ": " + placed[p] + " customers placed and " + s.left[p] + " in hand, not "
                        + FloatingMarketState.CUSTOMERS);
            }
            if (s.coins[p] < 0 || s.coins[p] > FloatingMarketState.COIN_CAP) {
                out.add("player " + p + " has " + s.coins[p] + " coins (0.." + FloatingMarketState.COIN_CAP + ")");
            }
            for (int f = 0; f < Fruit.COUNT; f++) {
                if (s.hasFruit(p, f) && !s.fruitInPlay(f)) {
                    out.add("player " + p + " holds " + Fruit.values()[f].key() + ", out of the game");
                }
            }
            if ((s.fruits[p] >> Fruit.COUNT) != 0) {
                out.add("player " + p + " holds an unknown fruit");
            }
            if (s.fruitCount(p) >= s.target && !s.isTerminal()) {
                out.add("player " + p + " reached the target and the game goes on");
            }
        }
    }

    /** The Ama customers with 2-3 players only, apart, never on the closed location; the stand under a customer. */
    private static void amaAndStand(FloatingMarketState s, List<String> out) {
        int n = s.n;
        boolean amaGame = n <= 3;
        if ((s.ama[0] >= 0) != amaGame || (s.ama[1] >= 0) != amaGame || (amaGame && s.ama[0] == s.ama[1])
                || (n == 2 && (s.ama[0] == s.closedLocation() || s.ama[1] == s.closedLocation()))) {
            out.add("Ama customers " + s.ama[0] + ", " + s.ama[1] + " with " + n + " players");
        }
        if (s.standSlot >= 0 && (s.standSlot >= 2 * Board.LOCATIONS || s.slotCustomer(s.standSlot) < 0
                || s.buildingTotal(Building.FRUIT_STAND) == 0)) {
            out.add("the fruit stand is under slot " + s.standSlot + " without a customer or stand holder");
        }
    }

    /** The turn in progress: no player die in the pool between rounds, someone to place, dice to add, the Office. */
    private static void turn(FloatingMarketState s, List<String> out) {
        int toPlace = 0;
        for (int p = 0; p < s.n; p++) {
            toPlace += s.left[p];
        }
        if (s.phase == Phase.SWAP || (s.phase == Phase.GAME_OVER && toPlace == FloatingMarketState.CUSTOMERS * s.n)) {
            if (anyPlayerDieInPool(s)) {
                out.add("a player die is in the pool between rounds");
            }
        }
        // at a chance node of the explicit mode the dice are being rolled: no seat is to place
        if (s.phase == Phase.PLACE && s.left[s.current] == 0 && !s.isChanceNode()) {
            out.add("player " + s.current + " is to place with no customer in hand");
        }
        int toAdd = s.toAdd();
        if (s.phase == Phase.DIE && (toAdd <= 0 || s.hand(s.current) == 0)) {
            out.add("phase DIE with " + toAdd + " dice to add and " + s.hand(s.current) + " in hand");
        }
        if (toAdd < 0 || toAdd > 4) {
            out.add("toAdd " + toAdd);
        }
        if (s.phase == Phase.GAME_OVER && toAdd != 0) {
            out.add("the game is over with " + toAdd + " dice still to add");
        }
        if (s.phase == Phase.GAME_OVER && s.officePlayer() != FloatingMarketState.EMPTY) {
            out.add("the game is over with player " + s.officePlayer() + " still placing through the Office");
        }
        if (s.officePlayer() >= s.n || s.officePlayer() < -1) {
            out.add("office player " + s.officePlayer());
        }
    }

    private static boolean anyPlayerDieInPool(FloatingMarketState s) {
        for (int p = 0; p < s.n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (s.dieLocation(p, d) == FloatingMarketState.POOL) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The phase fits the rest of the state: its building, the dice to add, the Office, the pool between rounds. */
    private static void phase(FloatingMarketState s, List<String> out) {
        Building held = switch (s.phase) {
            case TEMPLE -> Building.TEMPLE;
            case CARPENTER -> Building.CARPENTER;
            case ARTIST -> Building.ARTIST;
            case MARKET -> Building.MARKET;
            case STAND -> Building.FRUIT_STAND;
            case FISH -> Building.FISH_MARKET;
            default -> null;
        };
        if (held != null && s.buildingCustomers(held, s.current) == 0) {
            out.add("phase " + s.phase + " but player " + s.current + " has no customer on the " + held.key);
        }
        if ((s.phase == Phase.PLACE || s.phase == Phase.SWAP) && s.toAdd() != 0) {
            out.add("phase " + s.phase + " with " + s.toAdd() + " dice still to add");
        }
        if (s.officePlayer() >= 0 && s.officePlayer() < s.n && (s.buildingCustomers(Building.OFFICE, s.officePlayer()) == 0
                || s.current != s.officePlayer())) {
            out.add("player " + s.officePlayer() + " places through the Office without a customer there or not in turn");
        }
        if (s.phase == Phase.SWAP && (s.tilePlus4() || s.tileMinus2() || s.boardD12() || s.boardNeg() || s.d12Blocked())) {
            out.add("a tile or board die is in the pool between rounds");
        }
        if (s.boardD12() && s.d12Blocked()) {
            out.add("the d12 is both in the pool and blocked");
        }
        if (s.standSlot < FloatingMarketState.EMPTY || (s.standSlot >= 0 && s.standSlot < 2 * Board.LOCATIONS
                && s.slotCustomer(s.standSlot) >= 0 && s.buildingCustomers(Building.FRUIT_STAND, s.slotCustomer(s.standSlot)) == 0)) {
            out.add("the fruit stand is under slot " + s.standSlot + ", not under a customer of its holder");
        }
        if (s.round < 0 || s.decisions < 0) {
            out.add("round " + s.round + ", decisions " + s.decisions);
        }
        if (s.truncated && s.phase != Phase.GAME_OVER) {
            out.add("truncated but the game is not over");
        }
    }

    /**
     * The last roll: nothing before the first; else faces within their dice, every Ama die
     * rolled, and faces plus tiles adding up to the total, which activates the recorded location.
     */
    private static void lastRoll(FloatingMarketState s, List<String> out) {
        int n = s.n;
        boolean none = s.lastActivated() == FloatingMarketState.EMPTY;
        int sum = (s.lastPlus4() ? 4 : 0) - (s.lastMinus2() ? 2 : 0);
        boolean any = s.lastPlus4() || s.lastMinus2();
        for (int p = 0; p < n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                sum += face(s.lastFace(p, d), Dice.LOW[d], Dice.HIGH[d], "p" + p + ":" + Dice.KEYS[d], out);
                any |= s.lastFace(p, d) != FloatingMarketState.NO_FACE;
            }
        }
        int ama = 0;
        for (int k = 0; k < 2; k++) {
            int f = s.lastAmaFace(k);
            sum += face(f, 1, 6, "ama:d6", out);
            ama += f != FloatingMarketState.NO_FACE ? 1 : 0;
        }
        any |= ama > 0;
        if (!none && ama != s.amaDice()) {
            out.add("the last roll has " + ama + " Ama dice; a " + n + "-player game rolls " + s.amaDice());
        }
        sum += face(s.lastBoardD12Face(), 1, 12, "board:d12", out);
        sum += face(s.lastBoardNegFace(), -6, -1, "board:neg-d6", out);
        any |= s.lastBoardD12Face() != FloatingMarketState.NO_FACE || s.lastBoardNegFace() != FloatingMarketState.NO_FACE;
        if (none) {
            if (any || s.lastTotal() != 0) {
                out.add("no roll yet (lastActivated -1) but a last total " + s.lastTotal() + " or dice or tiles");
            }
            return;
        }
        if (s.lastActivated() < 0 || s.lastActivated() >= Board.LOCATIONS) {
            out.add("last activated location " + s.lastActivated());
            return;
        }
        if (sum != s.lastTotal()) {
            out.add("the last roll's faces and tiles add up to " + sum + ", not its total " + s.lastTotal());
        }
        if (s.board.activated(s.lastTotal()) != s.lastActivated()) {
            out.add("a total of " + s.lastTotal() + " activates location " + s.board.activated(s.lastTotal()) + ", not "
                    + s.lastActivated());
        }
    }

    /** A face (0 when not rolled), with a problem when it is outside its die. */
    private static int face(int f, int low, int high, String die, List<String> out) {
        if (f == FloatingMarketState.NO_FACE) {
            return 0;
        }
        if (f < low || f > high) {
            out.add("last roll: " + die + " shows " + f + ", outside " + low + ".." + high);
        }
        return f;
    }

    /** One transition: fruits never leave a player, and the successor's invariants. */
    public static List<String> checkStep(FloatingMarketState before, FloatingMarketState after) {
        List<String> out = new ArrayList<>(check(after));
        for (int p = 0; p < before.n; p++) {
            if ((before.fruits[p] & ~after.fruits[p]) != 0) {
                out.add("player " + p + " lost a fruit");
            }
        }
        if (!before.board.equals(after.board)) {
            out.add("the board changed");
        }
        return out;
    }
}
