package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The strict JSON reader: every state round-trips, and malformed or inconsistent input is refused clearly. */
class TokaidoJsonTest {
    static final TokaidoGame GAME = new TokaidoGame(3);

    static TokaidoState midGame() {
        TokaidoState s = GAME.newGame(21);
        SplittableRandom r = new SplittableRandom(21);
        while (s.decisions() < 40) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    static ObjectNode tree(TokaidoState s) throws Exception {
        return (ObjectNode) Json.mapper().readTree(GAME.toJson(s, false));
    }

    static String rejected(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode root = tree(midGame());
        edit.accept(root);
        return assertThrows(GameFormatException.class, () -> GAME.fromJson(root.toString())).getMessage();
    }

    @Test
    void aStateRoundTrips() {
        TokaidoState s = midGame();
        assertEquals(s, GAME.fromJson(GAME.toJson(s, true)));
    }

    @Test
    void anUnknownFieldIsRefused() throws Exception {
        String m = rejected(r -> r.put("weather", "rain"));
        assertTrue(m.contains("weather"), m);
    }

    @Test
    void anUnknownCardIsRefused() throws Exception {
        String m = rejected(r -> ((ArrayNode) r.get("decks").get("meal").get("cards")).set(0, "pizza.1"));
        assertTrue(m.contains("unknown meal card 'pizza.1'"), m);
    }

    @Test
    void aCardInTwoPlacesIsRefused() throws Exception {
        String m = rejected(r -> {
            String top = r.get("decks").get("encounter").get("cards").get(0).asText();
            ((ArrayNode) r.get("seats").get(0).get("encounters")).add(top);
        });
        assertTrue(m.contains("in two places"), m);
    }

    @Test
    void aMissingCardIsRefused() throws Exception {
        String m = rejected(r -> ((ArrayNode) r.get("decks").get("hot-spring").get("cards")).remove(0));
        assertTrue(m.contains("is missing"), m);
    }

    @Test
    void negativeCoinsAreRefused() throws Exception {
        String m = rejected(r -> ((ObjectNode) r.get("seats").get(1)).put("coins", -1));
        assertTrue(m.contains("negative coins"), m);
    }

    @Test
    void aPositionOffTheRoadIsRefused() throws Exception {
        String m = rejected(r -> ((ObjectNode) r.get("seats").get(1)).put("position", 60));
        assertTrue(m.contains("off the road"), m);
    }

    @Test
    void aMealEatenTwiceIsRefused() throws Exception {
        String m = rejected(r -> {
            ArrayNode meals = (ArrayNode) r.get("seats").get(0).get("meals");
            meals.removeAll();
            meals.add("dango.1").add("dango.2");
            ((ArrayNode) r.get("decks").get("meal").get("cards")).removeAll();
        });
        assertTrue(m.contains("twice") || m.contains("two places"), m);
    }

    @Test
    void aWrongFormatOrPlayerCountIsRefused() throws Exception {
        String m = rejected(r -> r.put("format", "kaisen.osaka.state/2"));
        assertTrue(m.contains("format must be"), m);
        ObjectNode two = tree(new TokaidoGame(2).newGame(1));
        GameFormatException e = assertThrows(GameFormatException.class, () -> GAME.fromJson(two.toString()));
        assertTrue(e.getMessage().contains("2 players"), e.getMessage());
        String bad = rejected(r -> r.put("phase", "NAP"));
        assertTrue(bad.contains("unknown phase 'NAP'"), bad);
    }
}
