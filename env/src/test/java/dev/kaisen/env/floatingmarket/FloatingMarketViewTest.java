package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameView;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The view the renderers draw and the text board ({@link FloatingMarketView}, {@link FloatingMarketText}):
 * the facts that follow from the rules and the board (locations, closed location, spots, target,
 * Ama dice, pool, last roll, who is to act), a seat's view without the random stream and nothing
 * else hidden, a seat's board the spectator's marked, and states read on the board they carry.
 */
class FloatingMarketViewTest {
    private static JsonNode view(FloatingMarketGame g, FloatingMarketState s, int observer) {
        return GameView.tree(g.viewJson(s, observer));
    }

    private static List<FloatingMarketState> played(FloatingMarketGame g, long seed) {
        return FloatingMarketJsonTest.play(g, seed);
    }

    /** The view of a default-board state gives default-board.json's locations, spots per player count and closed location. */
    @Test
    void theDefaultBoardIsTheResourcesForEveryPlayerCount() throws Exception {
        JsonNode board;
        try (InputStream in = Board.class.getResourceAsStream("default-board.json")) {
            board = Json.mapper().readTree(in);
        }
        List<String> names = new ArrayList<>();
        board.get("locations").forEach(l -> names.add(l.get("name").asText()));
        for (int n = 2; n <= 5; n++) {
            FloatingMarketGame g = new FloatingMarketGame(n);
            JsonNode v = view(g, g.newGame(n), GameView.SPECTATOR);
            assertEquals(board.get("locations"), v.get("locations"));
            assertEquals(n == 2 ? names.indexOf(board.get("twoPlayerClosed").asText()) : -1, v.get("closedLocation").asInt());
            assertEquals(board.get("buildings").size(), v.get("buildings").size());
            for (int b = 0; b < v.get("buildings").size(); b++) {
                JsonNode mine = v.get("buildings").get(b);
                assertEquals(board.get("buildings").get(b).get("name"), mine.get("name"));
                assertEquals(board.get("buildings").get(b).get("spots").get(n - 2), mine.get("spots"));
            }
            assertEquals(n == 2 ? 2 : n == 3 ? 1 : 0, v.get("amaDice").asInt(), "Ama dice: 2 with 2 players, 1 with 3");
            assertEquals(5, v.get("target").asInt());
            assertEquals(6, v.get("coinCap").asInt());
            assertEquals("[\"mango\",\"banana\",\"papaya\",\"guava\",\"pomelo\",\"rambutan\",\"starfruit\"]",
                    v.get("fruits").toString());
            assertEquals("{\"name\":\"neg-d6\",\"low\":-6,\"high\":-1}", v.get("dice").get(4).toString());
        }
        assertTrue(board.get("buildings").get(2).get("spots").get(0).asInt() == 0, "no Artist hut with 2 players");
    }

    @Test
    void theLongGameTargetIsSevenOrSixWithTwoPlayers() {
        for (int n = 2; n <= 5; n++) {
            FloatingMarketGame g = new FloatingMarketGame(n, Board.standard(), true);
            FloatingMarketState s = g.newGame(1);
            assertEquals(n == 2 ? 6 : 7, view(g, s, GameView.SPECTATOR).get("target").asInt());
            assertTrue(g.render(s).startsWith("Floating Market, " + n + " players (long game), target " + (n == 2 ? 6 : 7)
                    + " fruits, round "), g.render(s));
        }
    }

    /** Everything but the random stream is public: a seat's view is the spectator's without {@code rng}. */
    @Test
    void aSeatsViewHidesOnlyTheRandomStream() {
        FloatingMarketGame g = new FloatingMarketGame(3);
        for (FloatingMarketState s : played(g, 11)) {
            ObjectNode all = (ObjectNode) view(g, s, GameView.SPECTATOR);
            ObjectNode mine = (ObjectNode) view(g, s, 1);
            assertTrue(all.get("state").has("rng"));
            assertFalse(mine.get("state").has("rng"));
            ((ObjectNode) all.get("state")).remove("rng");
            all.put("observer", 1);
            assertEquals(all, mine);
            assertEquals(s.currentPlayer(), mine.get("toAct").asInt());
        }
    }

    /** A seat's board is the spectator's, with the seat named in the header and marked "(you)" on its line. */
    @Test
    void aSeatsBoardIsTheSpectatorsMarked() {
        for (int n = 2; n <= 5; n++) {
            FloatingMarketGame g = new FloatingMarketGame(n);
            List<FloatingMarketState> states = played(g, 20 + n);
            for (int i = 0; i < states.size(); i += 7) {
                FloatingMarketState s = states.get(i);
                String all = g.render(s, GameView.SPECTATOR);
                assertEquals(all, g.render(s));
                for (int p = 0; p < n; p++) {
                    String mine = g.render(s, p);
                    assertTrue(mine.contains(", seen by P" + p + ", phase ") && mine.contains(" (you)"), mine);
                    assertEquals(all, mine.replace(", seen by P" + p, "").replace(" (you)", ""));
                }
            }
        }
    }

    /** Nothing a seat sees depends on the random stream: a determinization gives it the same view and board. */
    @Test
    void aSeatsViewAndBoardDoNotDependOnTheRandomStream() {
        FloatingMarketGame g = new FloatingMarketGame(4);
        List<FloatingMarketState> states = played(g, 13);
        for (int i = 0; i < states.size(); i += 5) {
            FloatingMarketState s = states.get(i);
            for (int p = 0; p < 4; p++) {
                FloatingMarketState d = s.determinize(p, 1000L + i);
                assertEquals(g.viewJson(s, p), g.viewJson(d, p));
                assertEquals(g.render(s, p), g.render(d, p));
            }
        }
        FloatingMarketState end = states.get(states.size() - 1);
        assertThrows(IllegalArgumentException.class, () -> g.render(end, 4));
        assertThrows(IllegalArgumentException.class, () -> g.render(end, -2));
    }

    /** The header, a line per boat, docks, buildings, pool, the turn and last roll, a line per player. */
    @Test
    void theBoardsLines() {
        FloatingMarketGame g = new FloatingMarketGame(2);
        FloatingMarketState s = g.newGame(5);
        String[] lines = g.render(s).split("\n");
        assertEquals("Floating Market, 2 players, target 5 fruits, round " + s.round() + ", start player P"
                + s.startPlayer() + ", decision 0, phase PLACE, player " + s.currentPlayer() + " to act (assign customers)",
                lines[0]);
        assertEquals("river (clockwise, boat 6 back to boat 0; * the last roll's boat):", lines[1]);
        assertTrue(lines[2].startsWith("  boat 0    <=8 west "), lines[2]);
        assertTrue(lines[8].startsWith("  boat 6  29-35 east face down ("), "the closed location with 2 players: " + lines[8]);
        assertEquals("docks: west -, east -", lines[9]);
        assertTrue(lines[10].startsWith("buildings: temple -; carpenter -; artist (unused); market -; "), lines[10]);
        assertEquals("pool: 2 Ama d6", lines[11]);
        assertEquals(14, lines.length, "no turn or roll line before the first roll: a line per player next");
        assertTrue(lines[12].matches("P0[* ] 2 coins, fruits 0/5 \\[], customers left 3, dice in hand d4 d6 d10 d12 "
                + "neg-d6; in pool -; out -"), lines[12]);
        int ama = 0;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            ama += lines[2 + l].endsWith(" Ama") == s.hasAma(l) ? (s.hasAma(l) ? 1 : 0) : 100;
        }
        assertEquals(2, ama, "the two Ama customers, each on its boat's line");
    }

    /** The last roll: its dice with their seats and faces, its tiles, adding up to its total; in the view and on the board. */
    @Test
    void theLastRollShowsEachDieAndItsFace() {
        for (int n = 2; n <= 5; n++) {
            FloatingMarketGame g = new FloatingMarketGame(n);
            int rolls = 0;
            for (FloatingMarketState s : played(g, 30 + n)) {
                JsonNode roll = view(g, s, GameView.SPECTATOR).get("lastRoll");
                if (s.lastActivated() < 0) {
                    assertTrue(roll.isNull());
                    assertFalse(g.render(s).contains("last roll "));
                    continue;
                }
                rolls++;
                int sum = 0;
                for (JsonNode d : roll.get("dice")) {
                    String die = d.get("die").asText();
                    int seat = d.get("seat").asInt();
                    assertEquals(die.startsWith("p") ? Integer.parseInt(die.substring(1, die.indexOf(':'))) : -1, seat);
                    sum += d.get("face").asInt();
                }
                for (JsonNode t : roll.get("tiles")) {
                    sum += t.asInt();
                }
                assertEquals(s.lastTotal(), roll.get("total").asInt());
                assertEquals(s.lastTotal(), sum, "the faces and tiles add up to the total");
                assertEquals(s.lastActivated(), roll.get("location").asInt());
                assertEquals(s.board().activated(s.lastTotal()), s.lastActivated());
                assertTrue(g.render(s).contains("\nlast roll " + s.lastTotal() + " -> boat " + s.lastActivated() + " (")
                        || g.render(s).contains("; last roll " + s.lastTotal() + " -> boat " + s.lastActivated() + " ("));
            }
            assertTrue(rolls > 0);
        }
    }

    /** The pool's tiles and board dice, and the blocked d12 as its own fact. */
    @Test
    void thePoolAndTheBlockedD12() {
        FloatingMarketGame g = new FloatingMarketGame(4);
        for (FloatingMarketState s : played(g, 3)) {
            JsonNode v = view(g, s, GameView.SPECTATOR);
            assertEquals(FloatingMarketJson.poolNames(s.pool).toString().replace(" ", ""),
                    v.get("pool").toString().replace("\"", ""));
            assertEquals(s.d12Blocked(), v.get("d12Blocked").asBoolean());
            assertEquals(s.d12Blocked(), g.render(s).contains("; the d12 blocked"));
        }
        FloatingMarketState s = g.newGame(1);
        s.pool = s.pool.withD12Blocked();
        assertTrue(view(g, s, 0).get("d12Blocked").asBoolean());
        assertTrue(g.render(s).contains("\npool: empty; the d12 blocked\n"), g.render(s));
    }

    /** A state's JSON is drawn on the board and in the variant it carries, by a game of its player count. */
    @Test
    void aStateIsDrawnOnTheBoardItCarries(@TempDir Path dir) throws Exception {
        FloatingMarketGame custom = FloatingMarketJsonTest.customGame(dir, 2);
        FloatingMarketState s = played(custom, 4).get(30);
        String json = custom.toJson(s, false);
        FloatingMarketGame plain = new FloatingMarketGame(2);
        assertThrows(GameFormatException.class, () -> plain.fromJson(json), "another board");
        assertEquals(custom.render(s, 1), plain.render(json, 1));
        assertEquals(custom.viewJson(s, 1), plain.viewJson(json, 1));
        JsonNode v = view(custom, s, GameView.SPECTATOR);
        assertEquals("A", v.get("locations").get(0).get("name").asText());
        assertEquals("east", v.get("locations").get(0).get("bank").asText());
        assertEquals(0, v.get("closedLocation").asInt(), "the custom board closes A with 2 players");
        assertTrue(plain.render(json, 1).contains("\n  boat 0      A east face down ("));
        FloatingMarketGame longGame = new FloatingMarketGame(3, Board.standard(), true);
        List<FloatingMarketState> states = played(longGame, 9);
        FloatingMarketState end = states.get(states.size() - 1);
        assertTrue(new FloatingMarketGame(3).render(longGame.toJson(end, false), -1).contains(", won by P"),
                "a long game's winners, read by a game without the option");
        assertThrows(GameFormatException.class, () -> new FloatingMarketGame(3).render(json, -1), "another player count");
    }
}
