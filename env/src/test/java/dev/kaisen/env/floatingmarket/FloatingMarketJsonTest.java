package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        return RandomPlay.states(g, seed);
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

    // ---------------------------------------------------------------- the last roll's faces

    @Test
    void theLastRollsFacesAreTheDiceRolledAndRoundTrip() throws Exception {
        Set<String> seen = new HashSet<>();
        for (int players = 2; players <= 5; players++) {
            FloatingMarketGame g = new FloatingMarketGame(players);
            for (long seed = 0; seed < 6; seed++) {
                FloatingMarketState s = g.newGame(seed, ChanceLog.NONE);
                SplittableRandom r = new SplittableRandom(seed);
                JsonNode first = Json.mapper().readTree(g.toJson(s, false));
                assertEquals(0, first.get("lastDice").size(), "no roll yet");
                assertEquals(0, first.get("lastTiles").size());
                while (!s.isTerminal()) {
                    int[] legal = s.legalActions();
                    List<Map<String, Object>> rolls = new ArrayList<>();
                    s.applyInPlace(legal[r.nextInt(legal.length)], (event, data) -> {
                        if (event.equals("roll")) {
                            rolls.add(data);
                        }
                    });
                    String json = g.toJson(s, false);
                    FloatingMarketState back = g.fromJson(json);
                    assertEquals(s, back);
                    assertEquals(json, g.toJson(back, false));
                    if (rolls.isEmpty()) {
                        continue;
                    }
                    // the faces written are exactly the roll's chance outcome, die by die
                    Map<String, Object> roll = rolls.get(0);
                    JsonNode state = Json.mapper().readTree(json);
                    List<Object> written = new ArrayList<>();
                    int sum = 0;
                    for (JsonNode f : state.get("lastDice")) {
                        written.add(List.of(f.get("die").asText(), f.get("face").asInt()));
                        sum += f.get("face").asInt();
                        seen.add(f.get("die").asText().replaceFirst("^p[0-9]:", "p:") + (f.get("face").asInt() == 0 ? "=0" : ""));
                    }
                    assertEquals(roll.get("dice"), written);
                    List<Integer> tiles = new ArrayList<>();
                    for (JsonNode t : state.get("lastTiles")) {
                        tiles.add(t.asInt());
                        sum += t.asInt();
                        seen.add("tile" + t.asInt());
                    }
                    assertEquals(roll.get("tiles"), tiles);
                    assertEquals(roll.get("total"), state.get("lastTotal").asInt());
                    assertEquals(sum, state.get("lastTotal").asInt());
                }
            }
        }
        assertTrue(seen.containsAll(List.of("p:d4", "p:d6", "p:d10", "p:d10=0", "p:d12", "p:neg-d6", "ama:d6", "board:d12",
                "board:neg-d6", "tile4", "tile-2")), seen.toString());
    }

    /** A 2-player state just after its first roll, as JSON. */
    static String afterARoll() {
        FloatingMarketGame g = new FloatingMarketGame(2);
        for (FloatingMarketState s : play(g, 11)) {
            if (s.lastActivated() >= 0) {
                return g.toJson(s, false);
            }
        }
        throw new AssertionError("no roll");
    }

    static void rejected(String json, String message) {
        GameFormatException e = assertThrows(GameFormatException.class, () -> FloatingMarketJson.fromJson(json), json);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void lastDiceThatCannotBeTheLastRollAreRejected() throws Exception {
        String json = afterARoll();
        JsonNode state = Json.mapper().readTree(json);
        JsonNode ama = state.get("lastDice").get(state.get("lastDice").size() - 1);
        assertEquals("ama:d6", ama.get("die").asText(), json);
        String amaFace = "{\"die\":\"ama:d6\",\"face\":" + ama.get("face").asInt() + "}";
        rejected(json.replace("\"die\":\"ama:d6\"", "\"die\":\"ama:d8\""), "unknown die 'ama:d8'");
        rejected(json.replace("\"lastDice\":[", "\"lastDice\":[{\"die\":\"p7:d4\",\"face\":1},"), "unknown die 'p7:d4'");
        rejected(json.replace("\"lastDice\":[", "\"lastDice\":[" + amaFace + ","), "more Ama dice than the 2");
        rejected(json.replace("\"lastDice\":[", "\"lastDice\":[{\"die\":\"board:d12\",\"face\":13},"), "board:d12 shows 13");
        rejected(json.replace("\"lastDice\":[", "\"lastDice\":[{\"die\":\"board:d12\",\"face\":3},"), "add up to");
        String tiles = "\"lastTiles\":\\[[^\\]]*\\]";
        rejected(json.replaceFirst(tiles, "\"lastTiles\":[3]"), "lastTiles lists the tiles");
        rejected(json.replaceFirst(tiles, "\"lastTiles\":[4,4]"), "lastTiles lists the tiles");
        rejected(json.replaceFirst(tiles, "\"lastTiles\":[4,-2]"), "add up to");
        rejected(json.replace("\"lastDice\":[", "\"lastDice\":[{\"die\":\"board:neg-d6\",\"face\":0},"), "outside -6..-1");
        String dup = json.replaceFirst("\"lastDice\":\\[(\\{[^}]*\\})", "\"lastDice\":[$1,$1");
        rejected(dup, "is listed twice");
        int activated = state.get("lastActivated").asInt();
        rejected(json.replace("\"lastActivated\":" + activated, "\"lastActivated\":" + (activated + 1) % 7),
                "activates location " + activated);
        rejected(json.replaceFirst(",\"lastDice\":\\[[^\\]]*\\]", ""), "missing field 'lastDice'");
    }

    // ---------------------------------------------------------------- the blocked d12

    @Test
    void aBlockedD12IsItsOwnFieldNotAPoolEntry() throws Exception {
        FloatingMarketGame g = new FloatingMarketGame(4);
        FloatingMarketState s = g.newGame(2, ChanceLog.NONE);
        FloatingMarketRulesTest.play(s, "place:carpenter", "carpenter:block-d12");
        assertTrue(s.d12Blocked());
        String json = g.toJson(s, false);
        JsonNode state = Json.mapper().readTree(json);
        assertTrue(state.get("d12Blocked").asBoolean(), json);
        assertFalse(json.contains("d12-blocked"), json);
        assertEquals(s, g.fromJson(json));
        assertTrue(g.fromJson(json).d12Blocked());
        String before = g.toJson(g.newGame(2, ChanceLog.NONE), false);
        assertTrue(before.contains("\"pool\":[],\"d12Blocked\":false,"), before);
        assertFalse(g.fromJson(before).d12Blocked());
        String old = json.replace("\"pool\":[],\"d12Blocked\":true", "\"pool\":[\"d12-blocked\"],\"d12Blocked\":false");
        assertNotEquals(json, old);
        rejected(old, "pool: 'd12-blocked' is not a die or tile in the pool; a d12 blocked by the Carpenter is the field "
                + "\"d12Blocked\": true");
    }

    // ---------------------------------------------------------------- inconsistent states

    @Test
    void statesWhosePhaseDoesNotFitTheRestAreRejected() {
        String json = FloatingMarketJson.toJson(FloatingMarketState.newGame(Board.standard(), 3, false, 1, ChanceLog.NONE),
                false);
        FloatingMarketJson.fromJson(json);
        rejected(json.replace("\"phase\":\"PLACE\"", "\"phase\":\"MARKET\""), "no customer on the market");
        rejected(json.replace("\"phase\":\"PLACE\"", "\"phase\":\"TEMPLE\""), "no customer on the temple");
        rejected(json.replace("\"phase\":\"PLACE\"", "\"phase\":\"FISH\""), "no customer on the fish-market");
        rejected(json.replace("\"toAdd\":0", "\"toAdd\":2"), "dice still to add");
        rejected(json.replace("\"officePlayer\":-1", "\"officePlayer\":1"), "through the Office");
        rejected(json.replace("\"pool\":[]", "\"pool\":[\"+4\",\"+4\"]"), "pool lists an entry twice");
        rejected(json.replace("\"pool\":[]", "\"pool\":[\"d12\"]").replace("\"d12Blocked\":false", "\"d12Blocked\":true"),
                "both in the pool and blocked");
        rejected(json.replace("\"standSlot\":-1", "\"standSlot\":-5"), "fruit stand");
        rejected(json.replace("\"decisions\":0", "\"decisions\":-1"), "decisions -1");
        rejected(json.replace("\"truncated\":false", "\"truncated\":true"), "truncated but the game is not over");
        rejected(json.replace("\"phase\":\"PLACE\"", "\"phase\":\"SWAP\"").replace("\"pool\":[]", "\"pool\":[\"+4\"]"),
                "between rounds");
    }
}
