package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.GameView;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The text board ({@link MerchantsText}) and the facts of the view the pictures draw
 * ({@link MerchantsView}): what a seat's board hides and a spectator's shows, the board's lines,
 * the wagons' headings, and the map, prices, ladder and cards as the view gives them.
 */
class MerchantsTextTest {
    private static final MerchantsData D = MerchantsData.standard();

    /**
     * Every other state of random games of 2, 3 and 4 players, and every 20th with seat q given q + 1
     * more influence cards (random play seldom holds any; the board reads the hands as they are).
     */
    private static List<MerchantsState> states() {
        List<MerchantsState> out = new ArrayList<>();
        for (int players = 2; players <= 4; players++) {
            List<MerchantsState> game = MerchantsJsonTest.play(new MerchantsGame(players), 7 + players);
            for (int i = 0; i < game.size(); i += 2) {
                out.add(game.get(i));
            }
            for (int i = 0; i < game.size(); i += 20) {
                MerchantsState s = game.get(i).copy();
                for (int q = 0; q < players; q++) {
                    s.addHand(q, (i + q) % Influence.COUNT, q + 1);
                }
                out.add(s);
            }
            out.add(game.get(game.size() - 1));
        }
        return out;
    }

    private static String seatLine(String board, int p) {
        return board.lines().filter(l -> l.startsWith("P" + p)).findFirst().orElseThrow();
    }

    private static String sealedLine(String board, String start) {
        return board.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
    }

    @Test
    void aSeatsBoardHidesTheOtherHandsAndSealedChoicesASpectatorsShowsThem() {
        int hands = 0;
        int sealed = 0;
        for (MerchantsState s : states()) {
            int n = s.numPlayers();
            String spectator = MerchantsText.render(s, GameView.SPECTATOR);
            assertEquals(spectator, MerchantsText.render(s));
            for (int q = 0; q < n; q++) {
                String kinds = String.join(" ", MerchantsWords.handKinds(s, q));
                assertTrue(seatLine(spectator, q).contains(", influence " + (kinds.isEmpty() ? "-" : kinds)));
            }
            for (int o = 0; o < n; o++) {
                String mine = MerchantsText.render(s, o);
                assertTrue(mine.lines().findFirst().orElseThrow().endsWith(", seen by P" + o));
                for (int q = 0; q < n; q++) {
                    String line = seatLine(mine, q);
                    int size = s.handSize(q);
                    String hidden = ", influence " + size + " card" + (size == 1 ? "" : "s") + " (hidden)";
                    assertEquals(q != o, line.contains(hidden), line);
                    hands += q != o && size > 0 ? 1 : 0;
                }
                assertTrue(seatLine(mine, o).contains(" (you)"));
            }
            for (boolean bids : new boolean[] {true, false}) {
                dev.kaisen.env.SealedChoices c = bids ? s.bids() : s.wheels();
                if (s.phase() != (bids ? Phase.BID : Phase.WHEEL) || c.isRevealed()) {
                    continue;
                }
                String start = bids ? "bids (sealed until all are in): " : "price wheels (sealed until all are in): ";
                for (int o = 0; o < n; o++) {
                    String line = sealedLine(MerchantsText.render(s, o), start);
                    for (int q = 0; q < n; q++) {
                        String value = MerchantsWords.choice(s, bids, q, GameView.SPECTATOR);
                        String shown = !c.hasCommitted(q) ? "-" : q == o ? value : "sealed";
                        assertTrue(line.contains("P" + q + " " + shown), line);
                        sealed += c.hasCommitted(q) && q != o ? 1 : 0;
                    }
                }
                String line = sealedLine(spectator, start);
                assertFalse(line.contains("sealed,") || line.endsWith("sealed"), line);
            }
        }
        assertTrue(hands > 100 && sealed > 50, hands + " hidden hands, " + sealed + " sealed choices");
    }

    @Test
    void theBoardsLinesAtTheStartAndTheEnd() {
        MerchantsState s = new MerchantsGame(3).newGame(12, dev.kaisen.env.ChanceLog.NONE);
        List<String> lines = MerchantsText.render(s).lines().toList();
        assertEquals("Merchants of the Middle Ages, 3 players, round 1, first player P" + s.firstPlayer()
                + ", arrivals 0/14, next status step 1000, decision 0", lines.get(0));
        assertEquals("prices (cost/sale, supply): cloth 100/600 (8)  iron 100/600 (8)  wine 100/600 (8)  "
                + "food 100/600 (8)  silk 100/600 (8)  salt 100/600 (8)", lines.get(2));
        assertEquals(3 + 6 + 3 + 1 + 1 + 2 * 3, lines.size(), "no sealed line before an auction");
        assertThrows(IllegalArgumentException.class, () -> MerchantsText.render(s, 3));
        List<MerchantsState> game = MerchantsJsonTest.play(new MerchantsGame(2), 5);
        MerchantsState end = game.get(game.size() - 1);
        String board = MerchantsText.render(end);
        assertTrue(board.lines().toList().get(1).startsWith("phase GAME_OVER, game over (arrivals), won by P"), board);
        for (int p : end.winners()) {
            assertTrue(seatLine(board, p).endsWith(" - wins"));
        }
    }

    @Test
    void aWagonOnARoadHeadsAwayFromWhereItCameFrom() {
        int paris = 0;
        int bruges = 3;
        int burgundy = 6;
        assertEquals("Bruges-Paris#2", D.nodeName(9));
        assertEquals(paris, MerchantsWords.heading(D, 9, 8));
        assertEquals(bruges, MerchantsWords.heading(D, 9, 10));
        int p1 = id("Paris-Burgundy fork#1");
        assertEquals(burgundy, MerchantsWords.heading(D, p1, paris));
        assertEquals(-1, MerchantsWords.heading(D, burgundy, id("Paris-Burgundy fork#2")), "at a fork the mover chooses");
        assertEquals(-1, MerchantsWords.heading(D, paris, -1));
    }

    private static int id(String name) {
        for (int v = 0; v < D.nodes(); v++) {
            if (D.nodeName(v).equals(name)) {
                return v;
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void theViewGivesTheMapPricesLadderAndCards() throws Exception {
        for (MerchantsState s : states()) {
            JsonNode v = Json.mapper().readTree(MerchantsView.of(s, 0));
            assertEquals(45, v.get("places").size());
            assertEquals(2, v.get("forks").asInt());
            assertEquals("Bruges-Paris#1", v.get("places").get(8).asText());
            JsonNode road = v.get("roads").get(0);
            assertEquals(List.of(3, 0, 8, 9, 10), List.of(road.get("from").asInt(), road.get("to").asInt(),
                    road.get("spaces").get(0).asInt(), road.get("spaces").get(1).asInt(), road.get("spaces").get(2).asInt()));
            assertEquals(12, v.get("roads").size());
            assertEquals(List.of(0, 2, 3), List.of(v.get("markets").get(0).get(0).asInt(),
                    v.get("markets").get(0).get(1).asInt(), v.get("markets").get(0).get(2).asInt()), "Paris: cloth wine food");
            for (int g = 0; g < 6; g++) {
                JsonNode price = v.get("prices").get(g);
                int level = s.priceLevel(g);
                assertEquals(level, price.get("level").asInt());
                assertEquals(v.get("priceLines").get("cost").get(level), price.get("cost"));
                assertEquals(v.get("priceLines").get("sale").get(level), price.get("sale"));
            }
            assertEquals(D.endArrivals(s.numPlayers()), v.get("endArrivals").asInt());
            assertEquals("Peddler", v.get("statusLevels").get(0).get("name").asText());
            assertEquals(500, v.get("statusLevels").get(11).get("upkeep").asInt());
            for (int w = 0; w < 3; w++) {
                String line = v.get("wagons").get(w).get("line").asText();
                int head = v.get("wagons").get(w).get("heading").asInt();
                assertTrue(line.startsWith("wagon " + w + " at " + D.nodeName(s.wagonNode(w))));
                assertEquals(head >= 0, line.contains(", heading to " + (head >= 0 ? D.nodeName(head) : "")), line);
            }
            for (int p = 0; p < s.numPlayers(); p++) {
                assertEquals(MerchantsWords.owned(s, p).size(), v.get("owned").get(p).size());
            }
            List<String> lines = MerchantsText.render(s, 0).lines().toList();
            assertEquals(lines.get(0), v.get("title").asText());
            assertEquals(lines.get(1), v.get("status").asText());
            for (JsonNode sealed : v.get("sealedLines")) {
                assertTrue(lines.contains(sealed.asText()));
            }
            if (v.get("sealedLines").isEmpty()) {
                assertNull(v.get("bidWords").isNull() ? null : v.get("bidWords"));
            }
        }
    }
}
