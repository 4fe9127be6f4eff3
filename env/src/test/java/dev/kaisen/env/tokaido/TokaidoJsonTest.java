package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.JsonNode;
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

    @Test
    void aDealtPairOutOfTileOrderOrAnOfferKnownBeyondTheOfferIsRefused() throws Exception {
        String m = rejected(r -> {
            ArrayNode dealt = (ArrayNode) r.get("seats").get(0).get("dealt");
            JsonNode first = dealt.get(0);
            dealt.set(0, dealt.get(1));
            dealt.set(1, first);
        });
        assertTrue(m.contains("tile order"), m);
        String k = rejected(r -> r.put("offerKnown", r.get("offer").size() + 1));
        assertTrue(k.contains("offerKnown"), k);
    }

    @Test
    void theHiddenEditsVaryTheOthersTilesAndTheOfferOnlyForWhoHasNotSeenThem() throws Exception {
        TokaidoHiddenEdits edits = new TokaidoHiddenEdits();
        TokaidoState setup = GAME.newGame(5);
        boolean tiles = false;
        for (String json : edits.variations(GAME.toJson(setup, false), 1, 7, 6)) {
            TokaidoState v = GAME.fromJson(json);
            assertEquals(setup.dealt(1, 0), v.dealt(1, 0), "the observer's own pair is not edited");
            assertEquals(setup.dealt(1, 1), v.dealt(1, 1));
            tiles |= v.dealt(0, 0) != setup.dealt(0, 0) || v.dealt(0, 1) != setup.dealt(0, 1);
        }
        assertTrue(tiles, "another seat's dealt pair is edited");
        TokaidoState s = Table.of(3).at(2, 11).at(1, 12).at(0, 13)
                .onTop(Decks.Deck.MEAL, "dango.1", "dango.2", "tofu.1", "unagi.1").start();
        s.applyInPlace(TokaidoAction.move(14));
        boolean offer = false;
        for (String json : edits.variations(GAME.toJson(s, false), 0, 7, 6)) {
            TokaidoState v = GAME.fromJson(json);
            for (int i = 0; i < s.offerSize(); i++) {
                offer |= v.offer(i) != s.offer(i);
            }
        }
        assertTrue(offer, "the offer is edited for a traveller on the road");
        for (String json : edits.variations(GAME.toJson(s, false), 2, 7, 6)) {
            TokaidoState v = GAME.fromJson(json);
            for (int i = 0; i < s.offerSize(); i++) {
                assertEquals(s.offer(i), v.offer(i), "not for the traveller at the inn");
            }
        }
    }
}
