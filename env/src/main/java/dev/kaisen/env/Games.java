package dev.kaisen.env;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The game registry: every {@link GameProvider} on the class path, by id. */
public final class Games {
    /**
     * The game a command or an env plays when none is named: the flagship, Traders of Osaka
     * [decision]. The CLI's {@code --game}, the trainer's config and Python's default all read it.
     */
    public static final String DEFAULT_GAME = "osaka";

    private static volatile Map<String, GameProvider> providers;

    private Games() {
    }

    private static Map<String, GameProvider> providers() {
        if (providers == null) {
            Map<String, GameProvider> found = new LinkedHashMap<>();
            for (GameProvider p : ServiceLoader.load(GameProvider.class, Games.class.getClassLoader())) {
                GameProvider before = found.putIfAbsent(p.id(), p);
                if (before != null && before.getClass() != p.getClass()) {
                    throw new IllegalStateException("two games registered as '" + p.id() + "': "
                            + before.getClass().getName() + " and " + p.getClass().getName());
                }
            }
            providers = found;
        }
        return providers;
    }

    /** The registered game ids, in class-path order. */
    public static List<String> ids() {
        return List.copyOf(providers().keySet());
    }

    public static List<GameProvider> all() {
        return List.copyOf(providers().values());
    }

    /** A registered game at one player count (its default options). */
    public record Seating(String game, int players) {
        public Game<?> create() {
            return Games.create(game, GameConfig.of(players));
        }
    }

    /** Every registered game at every player count it allows: what suites that cover every game iterate. */
    public static List<Seating> everyPlayerCount() {
        List<Seating> out = new ArrayList<>();
        for (GameProvider p : all()) {
            for (int n = p.minPlayers(); n <= p.maxPlayers(); n++) {
                out.add(new Seating(p.id(), n));
            }
        }
        return out;
    }

    /** The provider of {@code id}; an unknown id is an error naming the known ones. */
    public static GameProvider provider(String id) {
        GameProvider p = providers().get(id == null ? "" : id.trim());
        if (p == null) {
            throw new IllegalArgumentException("unknown game '" + id + "' (known: " + String.join(", ", ids()) + ")");
        }
        return p;
    }

    /** The game {@code id} with its default config. */
    public static Game<?> create(String id) {
        GameProvider p = provider(id);
        return create(id, GameConfig.of(p.defaultPlayers()));
    }

    /**
     * The game {@code id} for {@code config}, checked first: the player count must be in the
     * game's range and every option one the game declares, of the right type; errors name the
     * valid values. Options not given take their defaults and are written into the config.
     */
    public static Game<?> create(String id, GameConfig config) {
        return provider(id).create(check(provider(id), config));
    }

    /** Parses {@code json} ({@code {"players": N, ...}}, players defaulting to the game's) and creates the game. */
    public static Game<?> create(String id, String json) {
        GameProvider p = provider(id);
        return create(id, GameConfig.parse(json, p.defaultPlayers()));
    }

    /** The config with every option filled in, or an error naming what is wrong and what is valid. */
    public static GameConfig check(GameProvider p, GameConfig config) {
        if (config.players() < p.minPlayers() || config.players() > p.maxPlayers()) {
            throw new IllegalArgumentException(p.title() + " is for " + p.minPlayers() + " to " + p.maxPlayers()
                    + " players, not " + config.players());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : config.options().entrySet()) {
            GameOption declared = null;
            for (GameOption o : p.options()) {
                if (o.name().equals(e.getKey())) {
                    declared = o;
                }
            }
            if (declared == null) {
                List<String> valid = new ArrayList<>(List.of("players"));
                p.options().forEach(o -> valid.add(o.name()));
                throw new IllegalArgumentException("unknown option '" + e.getKey() + "' for " + p.id()
                        + " (valid options: " + String.join(", ", valid) + ")");
            }
            out.put(e.getKey(), declared.accept(e.getValue()));
        }
        for (GameOption o : p.options()) {
            out.putIfAbsent(o.name(), o.defaultValue());
        }
        return new GameConfig(config.players(), out);
    }
}
