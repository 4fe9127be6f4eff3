package dev.kaisen.bridge;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.Games;
import picocli.CommandLine.Option;

/**
 * The one option set every verb uses to name a game: {@code --game ID} (see
 * {@code ./kaisen games}), {@code --players N} and {@code --config JSON} (the game's options,
 * e.g. {@code '{"variant": "long"}'}; it may hold {@code players} too).
 */
final class GameOptions {
    @Option(names = "--game", defaultValue = Games.DEFAULT_GAME, description = "Game id (./kaisen games lists them; default ${DEFAULT-VALUE}).")
    String game;

    @Option(names = "--players", description = "Players (default: the game's default).")
    Integer players;

    @Option(names = "--config", paramLabel = "JSON",
            description = "The game's options as one JSON object, e.g. '{\"players\": 3}' (./kaisen games shows them).")
    String config;

    /** The game, its config checked: a bad option is an error naming the valid ones. */
    Game<?> create() {
        GameProvider p = Games.provider(game);
        GameConfig c = GameConfig.parse(config, p.defaultPlayers());
        if (players != null) {
            if (config != null && config.contains("\"players\"") && c.players() != players) {
                throw new IllegalArgumentException("--players " + players + " contradicts --config players "
                        + c.players());
            }
            c = c.withPlayers(players);
        }
        return Games.create(game, c);
    }

    /** A line naming the game and its config, for headers. */
    static String describe(Game<?> g) {
        return g.provider().title() + " (" + g.id() + ", " + g.config().toJson() + ")";
    }
}
