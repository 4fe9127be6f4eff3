package dev.kaisen.env.osaka;

import dev.kaisen.env.GameRecord;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Malformed or inconsistent JSON is rejected with a message that says what is wrong. */
class OsakaJsonTest {

    private static OsakaState midGame() {
        OsakaState s = OsakaState.newGame(new OsakaConfig(3), 5);
        SplittableRandom r = new SplittableRandom(5);
        while (s.decisions() < 60) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    private static String tamperedState(Consumer<ObjectNode> change) {
        ObjectNode root = Json.mapper().valueToTree(OsakaJson.toDto(midGame()));
        change.accept(root);
        return root.toString();
    }

    private static void assertStateRejected(String json, String expectedInMessage) {
        GameFormatException e = assertThrows(GameFormatException.class, () -> OsakaJson.fromJson(json));
        assertTrue(e.getMessage().contains(expectedInMessage), "message was: " + e.getMessage());
    }

    @Test
    void aStateRoundTrips() {
        OsakaState s = midGame();
        assertEquals(s, OsakaJson.fromJson(OsakaJson.toJson(s, true)));
    }

    @Test
    void rejectsAnUnknownCard() {
        assertStateRejected(tamperedState(root -> ((ArrayNode) root.get("drawPile")).set(0, "B9.0")), "unknown card 'B9.0'");
        assertStateRejected(tamperedState(root -> ((ArrayNode) root.get("drawPile")).set(0, "B2.11")), "unknown card 'B2.11'");
    }

    @Test
    void rejectsA109thCard() {
        String json = tamperedState(root -> ((ArrayNode) root.get("market")).add(root.get("drawPile").get(0).asText()));
        assertStateRejected(json, "appears twice");
    }

    @Test
    void rejectsAMissingCard() {
        assertStateRejected(tamperedState(root -> ((ArrayNode) root.get("drawPile")).remove(0)), "all 108 must be placed");
    }

    @Test
    void rejectsNegativeOrInconsistentVp() {
        assertStateRejected(tamperedState(root -> ((ObjectNode) root.get("seats").get(0)).put("vp", -1)), "negative");
        assertStateRejected(tamperedState(root -> ((ObjectNode) root.get("seats").get(0)).put("vpWithoutCard", -2)), "negative");
        assertStateRejected(tamperedState(root -> ((ObjectNode) root.get("seats").get(1)).put("vp", 40)), "seats[1].vp is 40");
    }

    @Test
    void rejectsOtherInconsistencies() {
        assertStateRejected(tamperedState(root -> ((ObjectNode) root.get("ships")).put("blue", "NARA")), "ships.blue: unknown value 'NARA'");
        assertStateRejected(tamperedState(root -> root.put("players", 5)), "2 to 4 players");
        assertStateRejected(tamperedState(root -> ((ObjectNode) root.get("seats").get(0).get("tokens")).put("blue", -1)), "negative");
        assertStateRejected(tamperedState(root -> root.put("phase", "DANCING")), "phase: unknown value");
        assertStateRejected(tamperedState(root -> root.remove("market")), "missing field 'market'");
        assertStateRejected(tamperedState(root -> root.put("format", "other/1")), "format must be");
    }

    // ---------------------------------------------------------------- face-down VP cards and pile generations

    private static String tamperedFaceDown(Consumer<ObjectNode> change) {
        ObjectNode root = Json.mapper().valueToTree(OsakaJson.toDto(OsakaInformationStateTest.twoPilesOfFaceDownDraws()));
        change.accept(root);
        return root.toString();
    }

    private static ObjectNode seat(ObjectNode root, int p) {
        return (ObjectNode) root.get("seats").get(p);
    }

    private static ObjectNode faceDown(ObjectNode root, int p, int i) {
        return (ObjectNode) seat(root, p).get("vpCardsFaceDown").get(i);
    }

    @Test
    void aStateWithFaceDownVpCardsFromTwoPileGenerationsRoundTrips() {
        OsakaState s = OsakaInformationStateTest.twoPilesOfFaceDownDraws();
        String json = OsakaJson.toJson(s, false);
        assertTrue(json.startsWith("{\"format\":\"kaisen.osaka.state/2\""), json);
        JsonNode root = Json.mapper().valueToTree(OsakaJson.toDto(s));
        assertEquals(1, root.get("pileGeneration").asInt());
        assertEquals("[{\"card\":\"R5.0\",\"pileGeneration\":0}]", root.get("seats").get(0).get("vpCardsFaceDown").toString());
        JsonNode p1 = root.get("seats").get(1).get("vpCardsFaceDown");
        assertEquals(2, p1.size());
        assertEquals("G5.0", p1.get(1).get("card").asText(), "in card-id order; G5.0 is the highest id");
        assertEquals(0, p1.get(1).get("pileGeneration").asInt());
        assertEquals(1, p1.get(0).get("pileGeneration").asInt());
        OsakaState back = OsakaJson.fromJson(json);
        assertEquals(s, back);
        assertEquals(json, OsakaJson.toJson(back, false));
        assertEquals(s.determinize(0, 5), back.determinize(0, 5));
    }

    @Test
    void rejectsAStateOfTheFirstFormatWhichLacksTheFaceDownMarks() {
        assertStateRejected(tamperedFaceDown(root -> root.put("format", "kaisen.osaka.state/1")),
                "format must be 'kaisen.osaka.state/2'");
        assertStateRejected(tamperedFaceDown(root -> root.remove("pileGeneration")), "missing field 'pileGeneration'");
        assertStateRejected(tamperedFaceDown(root -> seat(root, 0).remove("vpCardsFaceDown")),
                "missing field 'seats[0].vpCardsFaceDown'");
    }

    @Test
    void rejectsANegativePileGenerationOrAFaceDownCardFromAPileThatDoesNotExist() {
        assertStateRejected(tamperedFaceDown(root -> root.put("pileGeneration", -1)), "pileGeneration is negative: -1");
        assertStateRejected(tamperedFaceDown(root -> root.put("pileGeneration", 0)),
                "has pileGeneration 1, outside 0..0 (the current pileGeneration)");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("pileGeneration", 2)),
                "seats[0].vpCardsFaceDown[0]: R5.0 has pileGeneration 2, outside 0..1");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("pileGeneration", -1)), "outside 0..1");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).remove("pileGeneration")),
                "missing field 'seats[0].vpCardsFaceDown[0].pileGeneration'");
    }

    @Test
    void rejectsAFaceDownMarkOnACardOutsideTheSeatsVpPileOrListedTwice() {
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("card", root.get("drawPile").get(0).asText())),
                "is not in the same seat's vpCards");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("card", "G5.0")),
                "seats[0].vpCardsFaceDown[0]: G5.0 is not in the same seat's vpCards");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("card", "B5.1")),
                "seats[0].vpCardsFaceDown[0]: B5.1 is not in the same seat's vpCards");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("card", seat(root, 0).get("hand").get(0).asText())),
                "is not in the same seat's vpCards");
        assertStateRejected(tamperedFaceDown(root -> ((ArrayNode) seat(root, 0).get("vpCardsFaceDown"))
                .add(faceDown(root, 0, 0).deepCopy())), "seats[0].vpCardsFaceDown[1]: R5.0 is listed twice");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).remove("card")),
                "missing field 'seats[0].vpCardsFaceDown[0].card'");
        assertStateRejected(tamperedFaceDown(root -> faceDown(root, 0, 0).put("card", "R7.0")), "unknown card 'R7.0'");
        assertStateRejected(tamperedFaceDown(root -> ((ArrayNode) seat(root, 0).get("vpCardsFaceDown")).addNull()),
                "missing field 'seats[0].vpCardsFaceDown[1]'");
    }

    @Test
    void rejectsMalformedJson() {
        assertStateRejected("{", "malformed JSON");
        assertStateRejected("[1, 2]", "malformed JSON");
        assertStateRejected(tamperedState(root -> root.put("colour", "blue")), "Unrecognized field \"colour\"");
    }

    // ---------------------------------------------------------------- game records

    private static GameRecord playedRecord() {
        GameRecord.Recorder<OsakaState> rec = new GameRecord.Recorder<>(new OsakaGame(2), 99);
        OsakaState s = rec.newGame();
        SplittableRandom r = new SplittableRandom(99);
        while (!s.isTerminal()) {
            int[] legal = s.legalActions();
            rec.applyInPlace(s, legal[r.nextInt(legal.length)]);
        }
        return rec.finish(s);
    }

    private static void assertRecordRejected(Consumer<ObjectNode> change, String expectedInMessage) {
        ObjectNode root = Json.mapper().valueToTree(playedRecord());
        change.accept(root);
        GameFormatException e = assertThrows(GameFormatException.class,
                () -> GameRecord.fromJson(root.toString()).replay());
        assertTrue(e.getMessage().contains(expectedInMessage), "message was: " + e.getMessage());
    }

    private static int indexOf(ObjectNode root, String type, int nth) {
        JsonNode steps = root.get("steps");
        for (int i = 0, seen = 0; i < steps.size(); i++) {
            JsonNode step = steps.get(i);
            String kind = step.has("event") ? step.get("event").asText() : step.get("type").asText();
            if (kind.equals(type) && seen++ == nth) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " step " + nth);
    }

    @Test
    void aRecordListsSetupChanceOutcomesThenDecisionsWithTheirChanceOutcomes() {
        GameRecord record = playedRecord();
        assertEquals("chance", record.steps().get(0).type());
        assertEquals("shuffle", record.steps().get(0).event());
        assertEquals(108, ((List<?>) record.steps().get(0).data().get("order")).size());
        assertTrue(record.steps().stream().anyMatch(s -> "start-player".equals(s.event())));
        assertEquals(record.result().decisions(), record.steps().stream().filter(s -> "decision".equals(s.type())).count());
    }

    /** docs/game-records.md describes the shuffle precisely enough to re-implement it; this is that re-implementation. */
    @Test
    void theDocumentedShuffleReproducesTheRecordedSetupOrder() {
        long x = 99;
        int[] deck = new int[Cards.COUNT];
        for (int i = 0; i < deck.length; i++) {
            deck[i] = i;
        }
        for (int i = deck.length - 1; i > 0; i--) {
            x += 0x9E3779B97F4A7C15L;
            long z = x;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            int j = (int) Long.remainderUnsigned(z, i + 1);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        List<?> order = (List<?>) playedRecord().steps().get(0).data().get("order");
        for (int i = 0; i < deck.length; i++) {
            assertEquals(Cards.name(deck[i]), order.get(i), "position " + i + " from the top");
        }
        assertEquals(order.get(0), playedRecord().steps().get(1).data().get("card"), "the first draw is the top card");
    }

    @Test
    void rejectsARecordWhoseDrawDiffersFromTheRules() {
        assertRecordRejected(root -> {
            ObjectNode step = (ObjectNode) root.get("steps").get(indexOf(root, "draw", 3)).get("data");
            step.put("card", step.get("card").asText().equals("R5.6") ? "R5.5" : "R5.6");
        }, "but the rules give");
    }

    @Test
    void rejectsAnIllegalDecisionNamingTheStep() {
        assertRecordRejected(root -> {
            int i = indexOf(root, "decision", 10);
            ((ObjectNode) root.get("steps").get(i)).put("action", OsakaAction.STOP_INSURING).remove("name");
        }, "illegal action 62 (stop-insuring)");
    }

    @Test
    void rejectsADecisionByThePlayerNotToAct() {
        assertRecordRejected(root -> {
            ObjectNode step = (ObjectNode) root.get("steps").get(indexOf(root, "decision", 5));
            step.put("player", (step.get("player").asInt() + 1) % 2);
        }, "is to act");
    }

    @Test
    void rejectsUnknownCardsStepsAndTruncationAndAWrongResult() {
        assertRecordRejected(root -> ((ObjectNode) root.get("steps").get(indexOf(root, "draw", 0)).get("data"))
                .put("card", "X2.0"), "but the rules give");
        assertRecordRejected(root -> ((ObjectNode) root.get("steps").get(0)).put("type", "dice"), "unknown step type 'dice'");
        assertRecordRejected(root -> {
            ArrayNode steps = (ArrayNode) root.get("steps");
            steps.remove(indexOf(root, "start-player", 0));
        }, "step");
        assertRecordRejected(root -> ((ObjectNode) root.get("result")).putArray("winners").add(0).add(1).add(2), "result");
        assertRecordRejected(root -> root.put("format", "kaisen.osaka.record/1"), "format must be");
    }

    /** docs/game-records.md: numbers are JSON numbers of the right kind, keys appear once. */
    @Test
    void rejectsLooseNumbersAndDuplicateKeysNamingTheField() {
        assertRecordRejected(root -> {
            ObjectNode step = (ObjectNode) root.get("steps").get(indexOf(root, "decision", 0));
            step.put("action", step.get("action").asText());
        }, "(field steps[" + firstDecision() + "].action)");
        assertRecordRejected(root -> {
            ObjectNode step = (ObjectNode) root.get("steps").get(indexOf(root, "decision", 0));
            step.put("action", step.get("action").asInt() + 0.9);
        }, "(field steps[" + firstDecision() + "].action)");
        assertRecordRejected(root -> {
            ObjectNode step = (ObjectNode) root.get("steps").get(indexOf(root, "decision", 0));
            step.put("action", (double) step.get("action").asInt());
        }, "(field steps[" + firstDecision() + "].action)");
        assertRecordRejected(root -> root.put("seed", root.get("seed").asText()), "(field seed)");
        String json = playedRecord().toJson(false);
        GameFormatException e = assertThrows(GameFormatException.class,
                () -> GameRecord.fromJson(json.replaceFirst("\"seed\":", "\"seed\":1,\"seed\":")));
        assertTrue(e.getMessage().contains("Duplicate field 'seed'"), e.getMessage());
        e = assertThrows(GameFormatException.class,
                () -> GameRecord.fromJson(json.replaceFirst("\"game\":", "\"game\":\"osaka\",\"game\":")));
        assertTrue(e.getMessage().contains("Duplicate field 'game'"), e.getMessage());
    }

    private static int firstDecision() {
        return indexOf(Json.mapper().valueToTree(playedRecord()), "decision", 0);
    }

    @Test
    void aNullOrEmptyRecordSaysSo() {
        for (String text : new String[] {"null", " ", ""}) {
            GameFormatException e = assertThrows(GameFormatException.class, () -> GameRecord.fromJson(text));
            assertTrue(e.getMessage().startsWith("the record is empty"), e.getMessage());
        }
    }
}
