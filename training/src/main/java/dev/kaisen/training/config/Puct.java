package dev.kaisen.training.config;

/** The PUCT search's constants that the search and the configs that train with it share. */
public final class Puct {
    /**
     * [decision] PUCT exploration constant for rewards in [0, 1]. Compared at 1,000 iterations,
     * 2 players, 100 games each: in Osaka c=2 won 29.5% [21.5, 39.1] against c=1 and c=1 won
     * 53.5% [43.8, 63.0] against c=0.5; in Tokaido c=2 won 48.5% [38.9, 58.2] against c=1.
     */
    public static final double DEFAULT_EXPLORATION = 1.0;

    private Puct() {
    }
}
