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
        int[] placed = new int[n];
        for (int l = 0; l < Board.LOCATIONS; l++) {
            int a = s.boat[l * 2];
            int b = s.boat[l * 2 + 1];
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
        int toPlace = 0;
        for (int p = 0; p < n; p++) {
            if (s.left[p] < 0 || placed[p] + s.left[p] != FloatingMarketState.CUSTOMERS) {
                out.add("player " + p + ": " + placed[p] + " customers placed and " + s.left[p] + " in hand, not "
                        + FloatingMarketState.CUSTOMERS);
            }
            toPlace += s.left[p];
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
        boolean amaGame = n <= 3;
        if ((s.ama[0] >= 0) != amaGame || (s.ama[1] >= 0) != amaGame || (amaGame && s.ama[0] == s.ama[1])
                || (n == 2 && (s.ama[0] == s.closedLocation() || s.ama[1] == s.closedLocation()))) {
            out.add("Ama customers " + s.ama[0] + ", " + s.ama[1] + " with " + n + " players");
        }
        if (s.standSlot >= 0 && (s.standSlot >= 2 * Board.LOCATIONS || s.boat[s.standSlot] < 0
                || s.buildingTotal(Building.FRUIT_STAND) == 0)) {
            out.add("the fruit stand is under slot " + s.standSlot + " without a customer or stand holder");
        }
        if (s.phase == Phase.SWAP || (s.phase == Phase.GAME_OVER && toPlace == FloatingMarketState.CUSTOMERS * n)) {
            for (int i = 0; i < s.die.length; i++) {
                if (s.die[i] == FloatingMarketState.POOL) {
                    out.add("a player die is in the pool between rounds");
                    break;
                }
            }
        }
        if (s.phase == Phase.PLACE && s.left[s.current] == 0) {
            out.add("player " + s.current + " is to place with no customer in hand");
        }
        if (s.phase == Phase.DIE && (s.toAdd <= 0 || s.hand(s.current) == 0)) {
            out.add("phase DIE with " + s.toAdd + " dice to add and " + s.hand(s.current) + " in hand");
        }
        if (s.toAdd < 0 || s.toAdd > 4) {
            out.add("toAdd " + s.toAdd);
        }
        if (s.officePlayer >= n || s.officePlayer < -1) {
            out.add("office player " + s.officePlayer);
        }
        return out;
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
