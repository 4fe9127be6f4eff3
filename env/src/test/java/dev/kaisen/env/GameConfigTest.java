package dev.kaisen.env;

import dev.kaisen.env.osaka.OsakaState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Game configs: JSON parsing and checking options against a game's declared ones. */
class GameConfigTest {
    /** A registry entry with three options, for checking alone (it builds no game). */
    static final GameProvider PROVIDER = () -> GameDescriptor.<OsakaState>builder("example", "Example")
            .players(2, 5)
            .options(new GameOption("rounds", 3, "rounds"), new GameOption("alpha", 0.5, "a rate"),
                    new GameOption("board", "standard", "which board", List.of("standard", "short")),
                    GameOption.file("map", "a map file"))
            .score("points", "coins")
            .invariants(s -> List.of())
            .create(config -> {
                throw new UnsupportedOperationException();
            })
            .build();

    static String error(String json) {
        return assertThrows(IllegalArgumentException.class,
                () -> Games.check(PROVIDER, GameConfig.parse(json, 2))).getMessage();
    }

    @Test
    void optionsAreCheckedAndFilledWithTheirDefaults() {
        GameConfig c = Games.check(PROVIDER, GameConfig.parse("{\"players\": 4, \"rounds\": 7, \"alpha\": 1}", 2));
        assertEquals(4, c.players());
        assertEquals(Map.of("rounds", 7, "alpha", 1.0, "board", "standard", "map", ""), c.options());
        assertEquals("{\"players\":4,\"alpha\":1.0,\"board\":\"standard\",\"map\":\"\",\"rounds\":7}", c.toJson());
        assertEquals(GameConfig.of(2).withPlayers(3).players(), 3);
    }

    @Test
    void badConfigsAreClearErrorsNamingWhatIsValid() {
        assertTrue(error("{\"colour\": 1}").contains("valid options: players, rounds, alpha, board"));
        assertTrue(error("{\"rounds\": 4294967297}").contains("whole number"), "no silent wrap-around");
        assertTrue(error("{\"rounds\": 2.5}").contains("whole number"));
        assertTrue(error("{\"rounds\": \"3\"}").contains("takes a whole number"));
        assertTrue(error("{\"board\": \"long\"}").contains("one of [standard, short]"));
        assertTrue(error("{\"players\": 6}").contains("2 to 5 players"));
        assertTrue(error("{\"players\": \"two\"}").contains("whole number"));
        assertTrue(error("[1, 2]").contains("one JSON object"));
        assertTrue(error("{\"board\": 5}").contains("option 'board' takes a string, not 5 (whole number)"), error("{\"board\": 5}"));
        assertTrue(error("{").contains("one JSON object"));
        assertEquals(GameConfig.of(2), GameConfig.parse("  ", 2));
    }

    /** Probe 3: {"players": "2"} said "must be a whole number, not 2", as if 2 were not one. */
    @Test
    void aStringIsShownQuotedSoItReadsAsAString() {
        assertEquals("config 'players' must be a whole number, not \"2\" (string)", error("{\"players\": \"2\"}"));
        assertEquals("config 'players' must be a whole number, not 2.0 (number)", error("{\"players\": 2.0}"));
        assertEquals("option 'rounds' takes a whole number, not \"3\" (string)", error("{\"rounds\": \"3\"}"));
        assertEquals("option 'board' must be one of [standard, short], not \"long\"", error("{\"board\": \"long\"}"));
        assertEquals("option 'board' takes a string, not [\"a\"] (list)", error("{\"board\": [\"a\"]}"));
    }

    @Test
    void aFileOptionBecomesAnAbsolutePath() {
        GameConfig c = Games.check(PROVIDER, GameConfig.parse("{\"map\": \"maps/../river.json\"}", 2));
        assertEquals(java.nio.file.Path.of("river.json").toAbsolutePath().toString(), c.options().get("map"));
        assertEquals("", Games.check(PROVIDER, GameConfig.parse("{}", 2)).options().get("map"), "empty: none");
    }
}
