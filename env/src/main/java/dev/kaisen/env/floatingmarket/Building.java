package dev.kaisen.env.floatingmarket;

/**
 * The eleven buildings (rules, "Buildings"), in action-table order; {@link #key} is the name boards
 * and actions use; {@link #maxSpots} the most spots a board may give it.
 *
 * <p>[decision] A board gives a building at most the spots its piece and the state allow: the
 * Temple 2 (it has two tiles, +4 and -2, each into the pool once), the Fruit stand 1 (one tile),
 * the Carpenter and the Artist hut 1 (one board d12, one negative d6), the Office 1 (one player
 * places through it at a time); the others any number ({@link Board#ANY}), and the Boatman
 * always any number: every player without dice must go there, however many customers stand
 * there already (rules: "Boatman (any number)").
 */
public enum Building {
    TEMPLE("temple", 2),
    CARPENTER("carpenter", 1),
    ARTIST("artist", 1),
    MARKET("market", Board.ANY),
    BOATMAN("boatman", Board.ANY),
    FRUIT_STAND("fruit-stand", 1),
    NORTH_TRADER("north-trader", Board.ANY),
    SOUTH_TRADER("south-trader", Board.ANY),
    TAILOR("tailor", Board.ANY),
    OFFICE("office", 1),
    FISH_MARKET("fish-market", Board.ANY);

    public static final int COUNT = values().length;
    public final String key;
    /** The most spots a board may give it ({@link Board#ANY}: any number). */
    public final int maxSpots;

    Building(String key, int maxSpots) {
        this.key = key;
        this.maxSpots = maxSpots;
    }

    /** The building of that key, or null. */
    public static Building of(String key) {
        for (Building b : values()) {
            if (b.key.equals(key)) {
                return b;
            }
        }
        return null;
    }
}
