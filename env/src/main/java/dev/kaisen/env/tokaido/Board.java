package dev.kaisen.env.tokaido;

/**
 * The road from Kyoto to Edo (rules, "Board"): 55 positions, inns at 0 (Kyoto), 14, 27, 41 and
 * 54 (Edo), the other positions with their space kind and whether they are double.
 */
public final class Board {
    public static final int POSITIONS = 55;
    public static final int KYOTO = 0;
    public static final int EDO = 54;
    /** The inns in road order; the three middle ones are where Hiroshige's and Chuubei's powers act. */
    public static final int[] INNS = {0, 14, 27, 41, 54};

    /** The rules file's key, position 0 to 54; {@code I} an inn, a trailing {@code *} a double space. */
    private static final String ROAD = "I V* T E P H* M* F* V T* E S* M H I S T F* P* M* E* T H* M S* V F I "
            + "P V E* F M* H S* P T* F* E S V* I H T* E V* S F* H* E M P* S* V I";

    private static final Space[] KIND = new Space[POSITIONS];
    private static final boolean[] DOUBLE = new boolean[POSITIONS];

    static {
        String[] cells = ROAD.split(" ");
        if (cells.length != POSITIONS) {
            throw new IllegalStateException("the road has " + cells.length + " positions, not " + POSITIONS);
        }
        for (int i = 0; i < POSITIONS; i++) {
            char c = cells[i].charAt(0);
            for (Space s : Space.values()) {
                if (s.letter == c) {
                    KIND[i] = s;
                }
            }
            DOUBLE[i] = cells[i].endsWith("*");
        }
    }

    private Board() {
    }

    public static Space kind(int position) {
        return KIND[position];
    }

    public static boolean isInn(int position) {
        return KIND[position] == Space.INN;
    }

    /** Whether the position has a second spot off the road (used only with 4 or 5 players, {@link #secondSpots}). */
    public static boolean isDouble(int position) {
        return DOUBLE[position];
    }

    /** Whether a game of {@code players} uses the second spots of the double spaces (rules, "Board": 4-5 players). */
    public static boolean secondSpots(int players) {
        return players >= 4;
    }

    /** The first inn after {@code position} (the end of the stretch a traveller there may move along). */
    public static int nextInn(int position) {
        for (int inn : INNS) {
            if (inn > position) {
                return inn;
            }
        }
        return -1;
    }

    /** Whether an inn is one of the three middle inns (not Kyoto, not Edo). */
    public static boolean isMiddleInn(int position) {
        return position == 14 || position == 27 || position == 41;
    }

    /** The board key of a position, e.g. {@code V*}. */
    public static String key(int position) {
        return KIND[position].letter + (DOUBLE[position] ? "*" : "");
    }
}
