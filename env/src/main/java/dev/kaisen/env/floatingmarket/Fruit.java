package dev.kaisen.env.floatingmarket;

/** The seven fruits (rules, "Components"), one boat tile each; index = ordinal. */
public enum Fruit {
    MANGO, BANANA, PAPAYA, GUAVA, POMELO, RAMBUTAN, STARFRUIT;

    public static final int COUNT = values().length;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The fruit of that key, or null. */
    public static Fruit of(String key) {
        for (Fruit f : values()) {
            if (f.key().equals(key)) {
                return f;
            }
        }
        return null;
    }
}
