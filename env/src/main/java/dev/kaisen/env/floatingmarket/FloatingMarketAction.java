package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.Game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fixed action table of Floating Market: {@value #COUNT} ids, the same for 2 to 5 players
 * and every board. Multi-part decisions are sequences of these small ones.
 * <pre>
 *   0- 6  place:boatL          place a customer on the boat at location L (0..6, clockwise)
 *   7- 8  place:dock-west|east place a customer on a dock
 *   9-19  place:BUILDING       place a customer on a building (temple .. fish-market)
 *  20-24  die:d4|d6|d10|d12|neg-d6  add that die of yours from your hand to the pool
 *  25-26  temple:+4|-2         Temple: the fixed tile into the pool
 *  27-29  carpenter:add-d12|block-d12|add-neg-d6  Carpenter (add-neg-d6: 2 players only)
 *  30-31  artist:add-neg-d6|add-die  Artist hut
 *  32-38  buy:FRUIT            Market: the fruit bought for 4 coins
 *  39-45  stand:boatL          Fruit stand: under your customer on location L
 *  46-52  fish:boatL           Fish market: one of your remaining customers onto the occupied boat at L
 *  53-73  swap:I,J             end of round: the start player swaps the boats at locations I &lt; J
 * </pre>
 */
public final class FloatingMarketAction {
    public static final int PLACE_BOAT = 0;
    public static final int PLACE_DOCK = PLACE_BOAT + Board.LOCATIONS;
    public static final int PLACE_BUILDING = PLACE_DOCK + 2;
    public static final int DIE = PLACE_BUILDING + Building.COUNT;
    public static final int TEMPLE_PLUS4 = DIE + Dice.PLAYER_DICE;
    public static final int TEMPLE_MINUS2 = TEMPLE_PLUS4 + 1;
    public static final int CARPENTER_ADD = TEMPLE_MINUS2 + 1;
    public static final int CARPENTER_BLOCK = CARPENTER_ADD + 1;
    public static final int CARPENTER_NEG = CARPENTER_BLOCK + 1;
    public static final int ARTIST_NEG = CARPENTER_NEG + 1;
    public static final int ARTIST_DIE = ARTIST_NEG + 1;
    public static final int BUY = ARTIST_DIE + 1;
    public static final int STAND = BUY + Fruit.COUNT;
    public static final int FISH = STAND + Board.LOCATIONS;
    public static final int SWAP = FISH + Board.LOCATIONS;
    public static final int SWAPS = Board.LOCATIONS * (Board.LOCATIONS - 1) / 2;
    public static final int COUNT = SWAP + SWAPS;

    /** swap id - SWAP -> the pair (i, j), i &lt; j, in lexicographic order. */
    static final int[] SWAP_I = new int[SWAPS];
    static final int[] SWAP_J = new int[SWAPS];
    private static final String[] NAMES = new String[COUNT];
    public static final List<Game.ActionEntry> TABLE;

    static {
        int k = 0;
        for (int i = 0; i < Board.LOCATIONS; i++) {
            for (int j = i + 1; j < Board.LOCATIONS; j++) {
                SWAP_I[k] = i;
                SWAP_J[k] = j;
                k++;
            }
        }
        List<Game.ActionEntry> e = new ArrayList<>();
        for (int a = 0; a < COUNT; a++) {
            String name;
            String meaning;
            if (a < PLACE_DOCK) {
                name = "place:boat" + a;
                meaning = "place a customer on the boat at location " + a + " (clockwise order; its range is the board's)";
            } else if (a < PLACE_BUILDING) {
                String side = a == PLACE_DOCK ? "west" : "east";
                name = "place:dock-" + side;
                meaning = "place a customer on the " + side + " dock (1 coin when a boat on the " + side + " bank activates)";
            } else if (a < DIE) {
                Building b = Building.values()[a - PLACE_BUILDING];
                name = "place:" + b.key;
                meaning = "place a customer on the " + b.key + " building";
            } else if (a < TEMPLE_PLUS4) {
                name = "die:" + Dice.KEYS[a - DIE];
                meaning = "add your " + Dice.KEYS[a - DIE] + " from your hand to the dice pool";
            } else if (a == TEMPLE_PLUS4) {
                name = "temple:+4";
                meaning = "Temple: add the +4 tile to the pool";
            } else if (a == TEMPLE_MINUS2) {
                name = "temple:-2";
                meaning = "Temple: add the -2 tile to the pool";
            } else if (a == CARPENTER_ADD) {
                name = "carpenter:add-d12";
                meaning = "Carpenter: add the board's d12 to the pool";
            } else if (a == CARPENTER_BLOCK) {
                name = "carpenter:block-d12";
                meaning = "Carpenter: the board's d12 stays out of the pool (3+ players)";
            } else if (a == CARPENTER_NEG) {
                name = "carpenter:add-neg-d6";
                meaning = "Carpenter with 2 players: add the board's negative d6 to the pool";
            } else if (a == ARTIST_NEG) {
                name = "artist:add-neg-d6";
                meaning = "Artist hut: add the board's negative d6 to the pool";
            } else if (a == ARTIST_DIE) {
                name = "artist:add-die";
                meaning = "Artist hut: add one more of your dice (chosen next; none if your hand is empty)";
            } else if (a < STAND) {
                Fruit f = Fruit.values()[a - BUY];
                name = "buy:" + f.key();
                meaning = "Market: take a " + f.key() + " (paid 4 coins on placing)";
            } else if (a < FISH) {
                name = "stand:boat" + (a - STAND);
                meaning = "Fruit stand: put the stand under your customer on location " + (a - STAND);
            } else if (a < SWAP) {
                name = "fish:boat" + (a - FISH);
                meaning = "Fish market: assign one of your remaining customers to the occupied boat at location "
                        + (a - FISH);
            } else {
                int s = a - SWAP;
                name = "swap:" + SWAP_I[s] + "," + SWAP_J[s];
                meaning = "end of round: swap the boats at locations " + SWAP_I[s] + " and " + SWAP_J[s];
            }
            NAMES[a] = name;
            e.add(new Game.ActionEntry(a, name, meaning));
        }
        TABLE = Collections.unmodifiableList(e);
    }

    private FloatingMarketAction() {
    }

    public static String name(int action) {
        return action >= 0 && action < COUNT ? NAMES[action] : "invalid:" + action;
    }

    /** The id of a name, or -1. */
    public static int id(String name) {
        for (int a = 0; a < COUNT; a++) {
            if (NAMES[a].equals(name)) {
                return a;
            }
        }
        return -1;
    }

    public static int swap(int i, int j) {
        int lo = Math.min(i, j);
        int hi = Math.max(i, j);
        for (int s = 0; s < SWAPS; s++) {
            if (SWAP_I[s] == lo && SWAP_J[s] == hi) {
                return SWAP + s;
            }
        }
        throw new IllegalArgumentException("no swap " + i + "," + j);
    }
}
