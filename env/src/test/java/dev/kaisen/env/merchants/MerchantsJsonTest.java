package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state JSON ({@link MerchantsJson}): what it carries, exact round trips, what it rejects; the hidden edits. */
class MerchantsJsonTest {
    /** Every state of a game with random legal moves (seeded), from the setup to the end. */
    static List<MerchantsState> play(MerchantsGame g, long seed) {
        return RandomPlay.states(g, seed);
    }

    /** Data unlike the default: another name, fewer goods and cards, other money, levels and thresholds. */
    static MerchantsData custom() {
        ObjectNode d = Json.mapper().valueToTree(MerchantsData.standard().json());
        d.put("name", "short road");
        d.put("goodsPerType", 7);
        d.put("startMoney", 3000);
        d.put("investmentFaceUp", 3);
        ((ObjectNode) d.get("prices")).set("cost", Json.mapper().valueToTree(List.of(100, 200, 300)));
        ((ObjectNode) d.get("prices")).set("sale", Json.mapper().valueToTree(List.of(500, 700, 900)));
        ((ObjectNode) d.get("influence")).put("copies", 2);
        ((ObjectNode) d.get("credit")).put("cards", 2);
        ((ObjectNode) d.get("endArrivals")).put("2", 4).put("3", 5).put("4", 6);
        return MerchantsData.parse(d.toString());
    }

    static ObjectNode tree(String json) {
        try {
            return (ObjectNode) Json.mapper().readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    // ---------------------------------------------------------------- round trips

    /** Which mid-turn situations the round trips went through. */
    static void note(MerchantsState s, Set<String> seen) {
        if (s.movingWagon() >= 0) {
            seen.add("moving wagon");
        }
        if (s.pendingTile() > 0) {
            seen.add("pending tile");
        }
        if (s.move.courierRun > 0) {
            seen.add("courier run");
        }
        if (s.phase() == Phase.ANSWER && s.offer() > 0) {
            seen.add("offer");
        }
        if (s.phase() == Phase.OFFER) {
            seen.add("request");
        }
        if (s.phase() == Phase.BID && s.turn > 0) {
            seen.add((s.auctionWagon() >= 0 ? "wagon" : "investment") + " bids sealed");
        }
        if (s.phase() == Phase.WHEEL && s.turn > 0) {
            seen.add("wheels sealed");
        }
        if (s.phase() == Phase.SHIFT) {
            seen.add("wheels revealed");
        }
        for (Influence k : Influence.values()) {
            for (int p = 0; p < s.numPlayers(); p++) {
                if (s.influence(p, k) > 0) {
                    seen.add("influence in hand");
                }
            }
        }
        if (s.isTerminal()) {
            seen.add("over");
        }
    }

    @Test
    void everyStateOfRandomGamesRoundTripsExactlyAndKeepsTheInvariants() {
        Set<String> seen = new HashSet<>();
        for (int players = 2; players <= 4; players++) {
            MerchantsGame g = new MerchantsGame(players);
            for (long seed = 0; seed < 8; seed++) {
                List<MerchantsState> states = play(g, 100 * players + seed);
                for (int i = 0; i < states.size(); i++) {
                    MerchantsState s = states.get(i);
                    assertEquals(List.of(), i == 0 ? MerchantsInvariants.check(s)
                            : MerchantsInvariants.checkStep(states.get(i - 1), s));
                    String json = g.toJson(s, false);
                    MerchantsState back = MerchantsJson.fromJson(json);
                    assertEquals(s, back, json);
                    assertEquals(json, g.toJson(back, false));
                    assertFalse(json.contains("\"data\""), "the default data is left out");
                    if (i % 10 == 0) {
                        assertEquals(s, g.fromJson(g.toJson(s, true)));
                        assertEquals(MerchantsText.render(s), MerchantsText.render(back));
                    }
                    note(s, seen);
                }
            }
        }
        assertEquals(Set.of("moving wagon", "pending tile", "courier run", "offer", "request", "wagon bids sealed",
                "investment bids sealed", "wheels sealed", "wheels revealed", "influence in hand", "over"), seen);
    }

    @Test
    void aStateOnCustomDataCarriesItAndRoundTripsWithoutAGame() {
        MerchantsData custom = custom();
        assertFalse(custom.isStandard());
        for (int players = 2; players <= 4; players++) {
            MerchantsGame g = new MerchantsGame(players, custom);
            for (long seed = 0; seed < 3; seed++) {
                for (MerchantsState s : play(g, seed)) {
                    String json = g.toJson(s, false);
                    assertTrue(json.contains("\"data\":{\"format\":\"kaisen.merchants.game/1\",\"name\":\"short road\""),
                            json);
                    MerchantsState back = MerchantsJson.fromJson(json);
                    assertEquals(custom, back.data());
                    assertEquals(s, back);
                    assertEquals(json, MerchantsJson.toJson(back, false));
                }
            }
        }
        MerchantsGame standard = new MerchantsGame(3);
        String onCustom = MerchantsJson.toJson(new MerchantsGame(3, custom).newGame(1, ChanceLog.NONE), false);
        GameFormatException e = assertThrows(GameFormatException.class, () -> standard.fromJson(onCustom));
        assertTrue(e.getMessage().contains("'short road'"), e.getMessage());
    }

    @Test
    void theFormatNamesEveryPartReadably() {
        MerchantsGame g = new MerchantsGame(3);
        MerchantsState s = g.newGame(5, ChanceLog.NONE);
        ObjectNode j = tree(g.toJson(s, false));
        assertEquals(List.of("format", "players", "phase", "currentPlayer", "round", "firstPlayer", "turn", "buyPass",
                "decisions", "truncated", "endReason", "rng", "setup", "supply", "price", "bonus", "arrivals", "creditLeft",
                "courier", "wagons", "seats", "investment", "influence", "auction", "bids", "wheels", "buyTurn", "loading",
                "moveTurn", "played", "officeLeft", "exempt", "creditActed"), names(j));
        assertEquals("kaisen.merchants.state/1", j.get("format").asText());
        assertEquals("BUY", j.get("phase").asText());
        assertEquals(s.currentPlayer(), j.get("currentPlayer").asInt());
        assertEquals("[8,8,8,8,8,8]", j.get("supply").toString());
        JsonNode wagon = j.get("wagons").get(0);
        assertEquals(List.of("node", "place", "prev", "arrived", "arrivedBy", "master", "cargo"), names(wagon));
        assertEquals(s.data().nodeName(s.wagonNode(0)), wagon.get("place").asText());
        assertEquals("[[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0]]", wagon.get("cargo").toString());
        JsonNode seat = j.get("seats").get(1);
        assertEquals(List.of("money", "status", "credit", "tiles", "influence", "warehouses"), names(seat));
        assertEquals(5000, seat.get("money").asInt());
        assertEquals("[1,2,3,4]", seat.get("tiles").toString());
        assertEquals("{\"market-right\":0,\"bargain\":0,\"wheelwright\":0,\"messenger\":0,\"guild\":0,\"patron\":0,"
                + "\"exemption\":0}", seat.get("influence").toString());
        assertEquals(6, seat.get("warehouses").size());
        assertEquals(6, seat.get("warehouses").get(5).size());
        JsonNode inv = j.get("investment");
        assertEquals(List.of("drawn", "pile", "faceUp", "owner"), names(inv));
        assertEquals(inv.get("drawn"), inv.get("faceUp"), "the face-up cards are the first drawn");
        assertEquals(4, inv.get("pile").size());
        assertEquals("[-1,-1,-1,-1,-1,-1,-1,-1]", inv.get("owner").toString());
        JsonNode infl = j.get("influence");
        assertEquals(List.of("drawn", "pile", "discard"), names(infl));
        assertEquals(21, infl.get("pile").size());
        assertEquals("{\"choices\":[-1,-1,-1],\"revealed\":false}", j.get("bids").toString());
        assertEquals("{\"wagon\":-1,\"slot\":-1}", j.get("auction").toString());
        assertEquals(List.of("wagon", "loader", "loaderTurn", "request", "offer"), names(j.get("loading")));
        assertEquals(List.of("tilePlayed", "pendingTile", "extraPoints", "courierLeft", "courierRun", "courierDone",
                "blockedWagon", "movingWagon", "movePoints", "mover", "path", "startPrev"), names(j.get("moveTurn")));
        assertEquals(s.data().nodeName(s.courier()), j.get("courier").get("place").asText());
        // a wagon moving and waiting at a fork: its path runs from where it started to where it stands
        for (MerchantsState m : play(g, 9)) {
            if (m.movingWagon() >= 0) {
                ObjectNode t = tree(g.toJson(m, false));
                JsonNode path = t.get("moveTurn").get("path");
                assertEquals(m.wagonNode(m.movingWagon()), path.get(path.size() - 1).asInt());
                assertEquals(m.movingWagon(), t.get("moveTurn").get("movingWagon").asInt());
                return;
            }
        }
        throw new AssertionError("no wagon waited for a branch choice");
    }

    static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    // ---------------------------------------------------------------- rejections

    static final MerchantsGame THREE = new MerchantsGame(3);

    /** A 3-player state in the movement phase of round 2, as a JSON tree. */
    static ObjectNode midGame() {
        for (MerchantsState s : play(THREE, 3)) {
            if (s.round() == 2 && s.phase() == Phase.MOVE) {
                return tree(THREE.toJson(s, false));
            }
        }
        throw new AssertionError("no round 2");
    }

    static String rejected(Consumer<ObjectNode> edit) {
        ObjectNode root = midGame();
        edit.accept(root);
        return assertThrows(GameFormatException.class, () -> MerchantsJson.fromJson(root.toString()), root.toString())
                .getMessage();
    }

    static void rejected(Consumer<ObjectNode> edit, String message) {
        String m = rejected(edit);
        assertTrue(m.contains(message), m);
    }

    static ArrayNode array(JsonNode node, String field) {
        return (ArrayNode) node.get(field);
    }

    static ObjectNode obj(JsonNode node) {
        return (ObjectNode) node;
    }

    static ObjectNode object(JsonNode node, String field) {
        return (ObjectNode) node.get(field);
    }

    @Test
    void theMidGameStateItselfIsRead() {
        ObjectNode root = midGame();
        assertEquals(root.toString(), THREE.toJson(MerchantsJson.fromJson(root.toString()), false));
    }

    @Test
    void aWrongFormatUnknownOrMissingFieldsAndUnknownNamesAreRejected() {
        rejected(r -> r.put("format", "kaisen.merchants.state/2"), "format must be kaisen.merchants.state/1");
        rejected(r -> r.put("weather", "rain"), "weather");
        rejected(r -> r.remove("creditLeft"), "missing field 'creditLeft'");
        rejected(r -> object(r.get("seats").get(1), "influence").remove("guild"), "missing field 'seats[1].influence.guild'");
        rejected(r -> r.put("phase", "NAP"), "unknown phase 'NAP'");
        rejected(r -> object(r.get("seats").get(0), "influence").put("joker", 0), "unknown influence kind 'joker'");
        rejected(r -> array(r.get("influence"), "pile").set(0, "joker"), "influence.pile[0]: unknown influence kind 'joker'");
        rejected(r -> r.put("endReason", "BORED"), "endReason must be one of");
        rejected(r -> r.put("rng", "xyz"), "rng must be a 64-bit hexadecimal number");
        rejected(r -> r.put("players", 5), "players must be 2 to 4, not 5");
        rejected(r -> {
            ObjectNode data = Json.mapper().valueToTree(MerchantsData.standard().json());
            r.set("data", data.put("goodsPerType", 1));
        }, "data: goodsPerType must be 2..50, not 1");
    }

    @Test
    void outOfRangeSeatsPlacesAndLevelsAndWrongSizesAreRejected() {
        rejected(r -> obj(r.get("wagons").get(1)).put("master", 3), "wagons[1].master must be -1..2, not 3");
        rejected(r -> object(r, "courier").put("node", 999), "courier.node (a place) must be 0..");
        rejected(r -> array(r, "price").set(2, IntNode.valueOf(5)), "price[2] must be 0..4, not 5");
        rejected(r -> obj(r.get("seats").get(2)).put("status", 12), "seats[2].status must be 0..11, not 12");
        rejected(r -> array(r, "supply").remove(0), "supply must have 6 entries, not 5");
        rejected(r -> array(r, "seats").remove(0), "seats (one per player) must have 3 entries, not 2");
        rejected(r -> array(r.get("wagons").get(0), "cargo").remove(0), "wagons[0].cargo (one list per seat) must have 3");
        rejected(r -> array(r.get("seats").get(0), "tiles").add(1).add(1), "seats[0].tiles lists tile 1 twice");
        rejected(r -> array(r.get("investment"), "pile").remove(0), "must hold the data's 8 investment cards");
        rejected(r -> array(r.get("bids"), "choices").set(0, IntNode.valueOf(21)), "bids.choices[0] must be -1..20, not 21");
        rejected(r -> obj(r.get("wagons").get(0)).put("place", "Atlantis"), "wagons[0].place 'Atlantis' is not the name");
        rejected(r -> r.put("currentPlayer", (r.get("currentPlayer").asInt() + 1) % 3), "currentPlayer is");
    }

    @Test
    void inconsistentStatesAreRejectedWithTheBrokenInvariants() {
        rejected(r -> array(r, "supply").set(0, IntNode.valueOf(r.get("supply").get(0).asInt() + 1)),
                "inconsistent Merchants state: ");
        rejected(r -> array(r, "supply").set(0, IntNode.valueOf(r.get("supply").get(0).asInt() + 1)),
                "in the supply, warehouses and wagons; there are 8 (one of 9 is the price marker)");
        rejected(r -> obj(r.get("seats").get(0)).put("money", -100), "seat 0 has -100 florins");
        rejected(r -> r.put("creditLeft", 0), "credit cards in the bank and");
        rejected(r -> {
            JsonNode w0 = r.get("wagons").get(0);
            obj(r.get("wagons").get(1)).put("node", w0.get("node").asInt()).put("prev", w0.get("prev").asInt())
                    .remove("place");
        }, "both stand on");
        rejected(r -> object(r, "courier").put("node", 0).remove("place"), "the courier must stand on a space");
        rejected(r -> {
            ArrayNode pile = array(r.get("influence"), "pile");
            pile.set(0, pile.get(0).asText().equals("guild") ? "patron" : "guild");
        }, "cards in the pile, the hands and the discard pile, not 3");
        rejected(r -> {
            ArrayNode pile = array(r.get("investment"), "pile");
            pile.set(0, pile.get(1));
        }, "places among the pile, the face-up slots and the owners (must be 1)");
        rejected(r -> r.put("phase", "OFFER"), "in phase OFFER");
        rejected(r -> r.put("phase", "BID"), "auction wagon -1 and slot -1");
        rejected(r -> r.put("truncated", true), "a truncated game must be over");
        rejected(r -> r.put("phase", "GAME_OVER"), "ends by ARRIVALS");
        rejected(r -> object(r, "bids").put("revealed", true).set("choices", Json.mapper().valueToTree(List.of(1, -1, -1))),
                "revealed with only 1 of 3 committed");
        rejected(r -> object(r, "moveTurn").put("movingWagon", 0), "wagon 0 is moving but its path");
        rejected(r -> object(r, "moveTurn").put("pendingTile", 4).put("tilePlayed", false), "tile 4 waits for a wagon");
        rejected(r -> array(r.get("wagons").get(2), "cargo").set(0, Json.mapper().valueToTree(List.of(3, 3, 0, 0, 0, 0))),
                "carries 6 goods");
    }

    @Test
    void theStepCheckSeesWhatMayOnlyGrowShrink() {
        List<MerchantsState> states = play(THREE, 4);
        MerchantsState before = states.get(200);
        MerchantsState after = states.get(201);
        assertEquals(List.of(), MerchantsInvariants.checkStep(before, after));
        assertTrue(MerchantsInvariants.checkStep(after, before).contains("decisions went from 201 to 200, not up by one"));
        MerchantsState later = states.get(states.size() - 1);
        List<String> back = MerchantsInvariants.checkStep(later, states.get(201));
        assertTrue(back.stream().anyMatch(m -> m.startsWith("the wagon track went back")), back.toString());
    }

    // ---------------------------------------------------------------- hidden edits

    /** The JSON with what {@code observer} cannot know taken out or put in a canonical order. */
    static ObjectNode known(String json, int observer) {
        ObjectNode t = tree(json);
        t.remove("rng");
        List<String> inv = new ArrayList<>();
        t.get("investment").get("pile").forEach(c -> inv.add(c.asText()));
        Collections.sort(inv);
        object(t, "investment").set("pile", Json.mapper().valueToTree(inv));
        List<String> pool = new ArrayList<>();
        t.get("influence").get("pile").forEach(c -> pool.add(c.asText()));
        for (int q = 0; q < t.get("seats").size(); q++) {
            if (q == observer) {
                continue;
            }
            ObjectNode hand = object(t.get("seats").get(q), "influence");
            int size = 0;
            for (Iterator<String> it = hand.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                for (int c = 0; c < hand.get(k).asInt(); c++) {
                    pool.add(k);
                }
                size += hand.get(k).asInt();
            }
            obj(t.get("seats").get(q)).set("influence", IntNode.valueOf(size));
        }
        Collections.sort(pool);
        object(t, "influence").set("pile", Json.mapper().valueToTree(pool));
        for (String field : List.of("bids", "wheels")) {
            if (!t.get(field).get("revealed").asBoolean()) {
                ArrayNode choices = array(t.get(field), "choices");
                for (int q = 0; q < choices.size(); q++) {
                    if (q != observer && choices.get(q).asInt() >= 0) {
                        choices.set(q, IntNode.valueOf(99));
                    }
                }
            }
        }
        return t;
    }

    @Test
    void theHiddenEditsVaryOnlyWhatTheObserverCannotKnowAndAreValidStates() {
        HiddenEdits edits = HiddenEdits.forGame("merchants").orElseThrow();
        assertTrue(edits instanceof MerchantsHiddenEdits);
        Set<String> varied = new HashSet<>();
        for (int players = 2; players <= 4; players++) {
            MerchantsGame g = new MerchantsGame(players);
            List<MerchantsState> states = play(g, 50 + players);
            for (int i = 0; i < states.size(); i += 3) {
                MerchantsState s = states.get(i);
                String json = g.toJson(s, false);
                int observer = i % players;
                List<String> variations = edits.variations(json, observer, i, 4);
                assertFalse(variations.isEmpty());
                for (String v : variations) {
                    MerchantsState other = g.fromJson(v);
                    assertEquals(List.of(), MerchantsInvariants.check(other));
                    assertNotEquals(json, v);
                    assertEquals(known(json, observer), known(v, observer), v);
                    for (int q = 0; q < players; q++) {
                        assertEquals(s.handSize(q), other.handSize(q));
                        for (Influence k : Influence.values()) {
                            if (q == observer) {
                                assertEquals(s.influence(q, k), other.influence(q, k), "the observer's own hand");
                            }
                            varied.add(s.influence(q, k) != other.influence(q, k) ? "hands" : "");
                        }
                        if (!s.bids().isRevealed() && q != observer && s.bids().choice(q) != other.bids().choice(q)) {
                            varied.add("bids");
                        }
                        if (!s.wheels().isRevealed() && q != observer && s.wheels().choice(q) != other.wheels().choice(q)) {
                            varied.add("wheels");
                        }
                        if (q == observer || s.bids().isRevealed()) {
                            assertEquals(s.bids().choice(q), other.bids().choice(q));
                        }
                        if (q == observer || s.wheels().isRevealed()) {
                            assertEquals(s.wheels().choice(q), other.wheels().choice(q));
                        }
                    }
                    for (int k = s.invTop; k < s.invDeck.length; k++) {
                        varied.add(s.invDeck[k] != other.invDeck[k] ? "investment pile" : "");
                    }
                    for (int k = s.inflTop; k < s.inflDeck.length; k++) {
                        varied.add(s.inflDeck[k] != other.inflDeck[k] ? "influence pile" : "");
                    }
                }
            }
        }
        assertTrue(varied.containsAll(List.of("hands", "bids", "wheels", "investment pile", "influence pile")),
                varied.toString());
    }

    @Test
    void theHiddenEditsRefuseAnInvalidStateOrObserver() {
        String json = THREE.toJson(THREE.newGame(1, ChanceLog.NONE), false);
        HiddenEdits edits = new MerchantsHiddenEdits();
        assertThrows(IllegalArgumentException.class, () -> edits.variations(json, 3, 1, 2));
        assertThrows(GameFormatException.class, () -> edits.variations(json.replace("\"BUY\"", "\"NAP\""), 0, 1, 2));
    }
}
