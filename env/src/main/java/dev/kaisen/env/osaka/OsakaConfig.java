package dev.kaisen.env.osaka;

/** Configuration of a Traders of Osaka game. */
public record OsakaConfig(int players) {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 4;

    public OsakaConfig {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("Traders of Osaka is for 2 to 4 players, not " + players);
        }
    }
}
