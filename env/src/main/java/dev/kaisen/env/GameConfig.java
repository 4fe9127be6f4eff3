package dev.kaisen.env;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A game's config: the player count and the game's own options by name (variant flags, a
 * board file). As JSON it is one object, {@code {"players": 3, "variant": "long"}}: that is
 * what {@code --config} takes on the command line and what Python's keyword arguments become.
 * {@link GameProvider#create} checks the options against the game's declared ones.
 */
public record GameConfig(int players, Map<String, Object> options) {
    public GameConfig {
        options = Collections.unmodifiableMap(new TreeMap<>(options));
    }

    public static GameConfig of(int players) {
        return new GameConfig(players, Map.of());
    }

    /** The option's value, or its default when not given. */
    public Object option(GameOption declared) {
        return options.getOrDefault(declared.name(), declared.defaultValue());
    }

    /**
     * Parses {@code {"players": N, ...options}}; {@code players} may be absent, then
     * {@code defaultPlayers}. A null or blank text is the default config.
     */
    public static GameConfig parse(String json, int defaultPlayers) {
        if (json == null || json.isBlank()) {
            return of(defaultPlayers);
        }
        Map<String, Object> map;
        try {
            map = Json.mapper().readValue(json, new TypeReference<LinkedHashMap<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a game config is one JSON object such as {\"players\": 3}: "
                    + e.getOriginalMessage());
        }
        if (map == null) {
            return of(defaultPlayers);
        }
        Object p = map.remove("players");
        int players = defaultPlayers;
        if (p != null) {
            if (!(p instanceof Integer)) {
                throw new IllegalArgumentException("config 'players' must be a whole number, not " + GameOption.shown(p));
            }
            players = (Integer) p;
        }
        return new GameConfig(players, map);
    }

    /** This config with another player count. */
    public GameConfig withPlayers(int n) {
        return new GameConfig(n, options);
    }

    /** {@code {"players": N, ...options}}, options in name order. */
    public Map<String, Object> toMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("players", players);
        out.putAll(options);
        return out;
    }

    public String toJson() {
        return Json.write(toMap(), false);
    }
}
