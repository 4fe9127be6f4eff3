package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state JSON ({@link FloatingMarketJson}): what it carries, exact round trips, what it rejects. */
class FloatingMarketJsonTest {
    /** A board unlike the default: other names and ranges, other Ama start and closed location, other spots. */
    static final String CUSTOM = "{\"format\":\"kaisen.floating-market.board/1\",\"name\":\"wide river\",\"locations\":["
            + "{\"name\":\"A\",\"min\":0,\"max\":10,\"bank\":\"east\"},"
            + "{\"name\":\"B\",\"min\":11,\"max\":12,\"bank\":\"west\"},"
            + "{\"name\":\"C\",\"min\":13,\"max\":15,\"bank\":\"west\"},"
            + "{\"name\":\"D\",\"min\":16,\"max\":18,\"bank\":\"east\"},"
            + "{\"name\":\"E\",\"min\":19,\"max\":21,\"bank\":\"west\"},"
            + "{\"name\":\"F\",\"min\":22,\"max\":25,\"bank\":\"east\"},"
            + "{\"name\":\"G\",\"min\":26,\"max\":40,\"bank\":\"west\"}],"
            + "\"amaStart\":[\"B\",\"F\"],\"twoPlayerClosed\":\"A\",\"docks\":[\"west\",\"east\"],"
            + "\"buildings\":[{\"name\":\"boatman\",\"spots\":[-1,-1,-1,-1]},{\"name\":\"market\",\"spots\":[2,2,3,3]},"
            + "{\"name\":\"tailor\",\"spots\":[1,1,2,2]},{\"name\":\"fish-market\",\"spots\":[1,1,1,1]},"
            + "{\"name\":\"carpenter\",\"spots\":[1,1,1,1]},{\"name\":\"temple\",\"spots\":[1,0,1,1]}]}";

    /** Every state of a game with random legal moves (seeded), from the deal to the end. */
    static List<FloatingMarketState> play(FloatingMarketGame g, long seed) {
        List<FloatingMarketState> out = new ArrayList<>();
        FloatingMarketState s = g.newGame(seed, ChanceLog.NONE);
        SplittableRandom r = new SplittableRandom(seed);
        out.add(s.copy());
        while (!s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
            out.add(s.copy());
        }
        return out;
    }

    static FloatingMarketGame customGame(Path dir, int players) throws Exception {
        Path file = dir.resolve("wide.json");
        Files.writeString(file, CUSTOM);
        return new FloatingMarketGame(new GameConfig(players, Map.of("board", file.toString())));
    }

    @Test
    void aStateOnACustomBoardCarriesItsBoardAndRoundTripsExactly(@TempDir Path dir) throws Exception {
        for (int players = 2; players <= 5; players++) {
            FloatingMarketGame g = customGame(dir, players);
            assertFalse(g.board().isStandard());
            for (FloatingMarketState s : play(g, 40 + players)) {
                String json = g.toJson(s, false);
                assertTrue(json.contains("\"board\":{\"format\":\"kaisen.floating-market.board/1\",\"name\":\"wide river\""),
                        json);
                // read without any game: the board comes from the JSON, not from the default
                FloatingMarketState back = FloatingMarketJson.fromJson(json);
                assertEquals(g.board(), back.board());
                assertEquals(s, back);
                assertEquals(s.hashCode(), back.hashCode());
                assertEquals(json, FloatingMarketJson.toJson(back, false));
                assertEquals(s, g.fromJson(json));
                assertEquals(FloatingMarketText.render(s), FloatingMarketText.render(back));
            }
        }
    }

    @Test
    void theCarriedBoardIsTheBoardItself() {
        Board custom = Board.parse(CUSTOM);
        Board again = Board.of(custom.toDto());
        assertEquals(custom, again);
        assertEquals(Json.write(custom.toDto(), false), Json.write(again.toDto(), false));
        assertEquals("B", again.locationName(again.amaStart(0)));
        assertEquals("A", again.locationName(again.twoPlayerClosed()));
        assertEquals(3, again.spots(Building.MARKET, 5));
        assertEquals(0, again.spots(Building.TEMPLE, 3));
        assertEquals(0, again.spots(Building.OFFICE, 4), "a building the file left out stays unused");
        assertEquals(6, again.activated(27));
        assertEquals(Board.standard(), Board.of(Board.standard().toDto()));
    }

    @Test
    void aDefaultBoardStateLeavesTheBoardOutAndIsReadOnTheDefaultBoard() {
        FloatingMarketGame g = new FloatingMarketGame(3);
        FloatingMarketState s = play(g, 7).get(30);
        String json = g.toJson(s, false);
        assertFalse(json.contains("\"board\""), json);
        assertEquals(s, FloatingMarketJson.fromJson(json));
        assertTrue(FloatingMarketJson.fromJson(json).board().isStandard());
    }

    @Test
    void aGameReadsOnlyStatesOfItsOwnBoard(@TempDir Path dir) throws Exception {
        FloatingMarketGame custom = customGame(dir, 3);
        FloatingMarketGame standard = new FloatingMarketGame(3);
        String onCustom = custom.toJson(custom.newGame(1, ChanceLog.NONE), false);
        String onDefault = standard.toJson(standard.newGame(1, ChanceLog.NONE), false);
        GameFormatException e = assertThrows(GameFormatException.class, () -> standard.fromJson(onCustom));
        assertTrue(e.getMessage().contains("board 'wide river'") && e.getMessage().contains("option board"),
                e.getMessage());
        e = assertThrows(GameFormatException.class, () -> custom.fromJson(onDefault));
        assertTrue(e.getMessage().contains("'default' (the default)"), e.getMessage());
        assertNotEquals(custom.fromJson(onCustom), standard.fromJson(onDefault));
    }

    @Test
    void aCarriedBoardIsValidatedAsABoardFileIs(@TempDir Path dir) throws Exception {
        FloatingMarketGame g = customGame(dir, 4);
        String json = g.toJson(g.newGame(3, ChanceLog.NONE), false);
        String overlap = json.replace("\"min\":13", "\"min\":12");
        GameFormatException e = assertThrows(GameFormatException.class, () -> FloatingMarketJson.fromJson(overlap));
        assertTrue(e.getMessage().startsWith("board: ") && e.getMessage().contains("overlaps"), e.getMessage());
        String format = json.replace("\"kaisen.floating-market.board/1\"", "\"kaisen.floating-market.board/9\"");
        e = assertThrows(GameFormatException.class, () -> FloatingMarketJson.fromJson(format));
        assertTrue(e.getMessage().startsWith("board: board format"), e.getMessage());
        String unknown = json.replace("\"name\":\"wide river\"", "\"name\":\"wide river\",\"colour\":\"blue\"");
        assertThrows(GameFormatException.class, () -> FloatingMarketJson.fromJson(unknown));
    }
}
