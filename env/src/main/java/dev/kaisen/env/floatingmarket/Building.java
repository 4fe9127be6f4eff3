package dev.kaisen.env.floatingmarket;

/** The eleven buildings (rules, "Buildings"), in action-table order; {@link #key} is the name boards and actions use. */
public enum Building {
    TEMPLE("temple"),
    CARPENTER("carpenter"),
    ARTIST("artist"),
    MARKET("market"),
    BOATMAN("boatman"),
    FRUIT_STAND("fruit-stand"),
    NORTH_TRADER("north-trader"),
    SOUTH_TRADER("south-trader"),
    TAILOR("tailor"),
    OFFICE("office"),
    FISH_MARKET("fish-market");

    public static final int COUNT = values().length;
    public final String key;

    Building(String key) {
        this.key = key;
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
