package dev.kaisen.env;

import java.util.List;

/**
 * A game as the registry knows it (found with {@link java.util.ServiceLoader}; a game
 * registers by listing its provider in {@code META-INF/services/dev.kaisen.env.GameProvider}).
 * Everything here is read from the game's {@link GameDescriptor}, written once.
 * {@link Games#create} checks a config against {@link #minPlayers()}, {@link #maxPlayers()}
 * and {@link #options()} before {@link #create} sees it.
 */
public interface GameProvider {
    /** The game's descriptor: id, title, player range, version, options, bots, invariants. */
    GameDescriptor<?> descriptor();

    /** The id used everywhere a game is named: CLI {@code --game}, Python, records, checkpoints. */
    default String id() {
        return descriptor().id();
    }

    /** The game's title, e.g. {@code Traders of Osaka}. */
    default String title() {
        return descriptor().title();
    }

    default int minPlayers() {
        return descriptor().minPlayers();
    }

    default int maxPlayers() {
        return descriptor().maxPlayers();
    }

    /** The player count when a config does not give one. */
    default int defaultPlayers() {
        return descriptor().defaultPlayers();
    }

    /**
     * The version of the game's env interface (observation layouts, action table, rewards):
     * raised whenever a change makes trained policies or recorded observations incompatible.
     * Python's Gymnasium ids carry it ({@code kaisen/Osaka-v2}).
     */
    default int version() {
        return descriptor().version();
    }

    /** The options besides the player count (empty when the game has none). */
    default List<GameOption> options() {
        return descriptor().options();
    }

    /** The game for a config already checked by {@link Games#create}. */
    default Game<?> create(GameConfig config) {
        return descriptor().factory().apply(config);
    }
}
