package dev.kaisen.env;

import java.util.List;

/**
 * A game as the registry knows it (found with {@link java.util.ServiceLoader}; a game
 * registers by listing its provider in {@code META-INF/services/dev.kaisen.env.GameProvider}).
 * {@link Games#create} checks a config against {@link #minPlayers()}, {@link #maxPlayers()}
 * and {@link #options()} before {@link #create} sees it.
 */
public interface GameProvider {
    /** The id used everywhere a game is named: CLI {@code --game}, Python, records, checkpoints. */
    String id();

    /** The game's title, e.g. {@code Traders of Osaka}. */
    String title();

    int minPlayers();

    int maxPlayers();

    /** The player count when a config does not give one. */
    default int defaultPlayers() {
        return minPlayers();
    }

    /**
     * The version of the game's env interface (observation layouts, action table, rewards):
     * raised whenever a change makes trained policies or recorded observations incompatible.
     * Python's Gymnasium ids carry it ({@code kaisen/Osaka-v2}).
     */
    default int version() {
        return 1;
    }

    /** The options besides the player count (empty when the game has none). */
    List<GameOption> options();

    /** The game for a config already checked by {@link Games#create}. */
    Game<?> create(GameConfig config);
}
