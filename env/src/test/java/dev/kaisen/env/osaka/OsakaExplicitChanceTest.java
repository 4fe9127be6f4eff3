package dev.kaisen.env.osaka;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.Json;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Osaka's explicit-chance mode ({@link OsakaExplicit}) beyond the generic contract of
 * {@code ExplicitChanceTest}: the outcome table, the draws by type, the start player, the
 * view at a chance node, and determinization at chance nodes.
 */
class OsakaExplicitChanceTest {

    @Test
    void theOutcomeTableNamesADrawByCardTypeAndTheStartSeat() {
        OsakaGame g = new OsakaGame(3);
        assertEquals(16, g.maxChanceOutcomes());
        assertEquals("draw:" + Cards.typeName(0), g.chanceOutcomeName(0));
        assertEquals("draw:" + Cards.typeName(11), g.chanceOutcomeName(11));
        assertEquals("start:0", g.chanceOutcomeName(12));
        assertEquals("start:3", g.chanceOutcomeName(15));
        assertArrayEquals(new int[]{Cards.parseType("B5")}, g.chanceOutcomesOf("draw",
                Map.of("card", "B5.3", "to", "market")));
        assertArrayEquals(new int[0], g.chanceOutcomesOf("shuffle", Map.of("pile", "all", "order", List.of())));
        assertArrayEquals(new int[0], g.chanceOutcomesOf("start-player", Map.of("tied", List.of(1), "chosen", 1)));
        assertArrayEquals(new int[]{12 + 2}, g.chanceOutcomesOf("start-player", Map.of("tied", List.of(0, 2),
                "chosen", 2)));
        assertThrows(IllegalArgumentException.class, () -> g.chanceOutcomesOf("roll", Map.of()));
    }

    @Test
    void theDealDrawsByTypeWeightedByTheCardsLeft() {
        OsakaState s = new OsakaGame(2).newGame(5, ChanceMode.EXPLICIT);
        assertTrue(s.isChanceNode());
        assertEquals(Cards.COUNT, s.drawPileSize());
        assertEquals(0, s.marketSize());
        int[] ids = s.chanceOutcomes();
        double[] p = s.chanceProbabilities();
        assertEquals(Cards.TYPES, ids.length);
        for (int i = 0; i < ids.length; i++) {
            assertEquals((double) Cards.copiesOfType(ids[i]) / Cards.COUNT, p[i], 1e-15);
        }
        // the five Market cards, all of one type while it lasts
        int b5 = Cards.parseType("B5");
        for (int i = 0; i < 5; i++) {
            s.applyInPlace(OsakaExplicit.DRAW + b5);
        }
        assertEquals(5, s.marketSize());
        for (int i = 0; i < 5; i++) {
            assertEquals(b5, Cards.type(s.marketCard(i)));
        }
        int at = java.util.Arrays.binarySearch(s.chanceOutcomes(), OsakaExplicit.DRAW + b5);
        assertEquals(2.0 / 103, s.chanceProbabilities()[at], 1e-15, "two B5 left in 103 cards");
        assertEquals(dev.kaisen.env.GameState.CHANCE, s.currentPlayer());
    }

    @Test
    void aTiedStartPlayerIsOneUniformNodeAndASingleSeatNone() {
        int tiedNodes = 0;
        for (long seed = 0; seed < 40; seed++) {
            OsakaState s = new OsakaGame(4).newGame(seed, ChanceMode.EXPLICIT);
            SplittableRandom r = new SplittableRandom(seed);
            while (s.isChanceNode() && s.explicit.step() == ExplicitChance.DEAL) {
                int[] ids = s.chanceOutcomes();
                if (ids[0] >= OsakaExplicit.START) {
                    tiedNodes++;
                    assertTrue(ids.length >= 2);
                    for (double p : s.chanceProbabilities()) {
                        assertEquals(1.0 / ids.length, p, 1e-15);
                    }
                    int seat = ids[ids.length - 1] - OsakaExplicit.START;
                    s.applyInPlace(ids[ids.length - 1]);
                    assertEquals(seat, s.startPlayer());
                    assertEquals(seat, s.currentPlayer());
                    break;
                }
                s.applyInPlace(ids[r.nextInt(ids.length)]);
            }
        }
        assertTrue(tiedNodes > 0, "some deal ties the start player");
    }

    @Test
    void aSeatsViewOfAChanceNodeShowsTheStepButNotTheStateBeforeItNorTheOutcomes() {
        OsakaGame g = new OsakaGame(2);
        OsakaState s = g.newGame(3, ChanceMode.EXPLICIT);
        s.applyInPlace(s.chanceOutcomes()[0]);
        JsonNode seat = Json.read(g.viewJson(s, 0), JsonNode.class).get("state").get("chance");
        assertEquals("deal", seat.get("step").asText());
        assertNull(seat.get("chosen"));
        JsonNode spectator = Json.read(g.viewJson(s, -1), JsonNode.class).get("state").get("chance");
        assertEquals(1, spectator.get("chosen").size());
        assertTrue(g.render(s, 0).contains("chance to act"), g.render(s, 0));
    }

    @Test
    void aChanceNodeReadFromJsonMustBeWhatItsStepReplaysTo() {
        OsakaGame g = new OsakaGame(2);
        OsakaState s = g.newGame(4, ChanceMode.EXPLICIT);
        SplittableRandom r = new SplittableRandom(4);
        while (!(s.isChanceNode() && s.explicit.step() != ExplicitChance.DEAL)) {
            s.applyInPlace(next(s, r));
        }
        String json = g.toJson(s, false);
        assertEquals(s, g.fromJson(json));
        com.fasterxml.jackson.databind.node.ObjectNode node = (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(
                json, JsonNode.class);
        node.put("decisions", s.decisions() + 1);
        assertThrows(dev.kaisen.env.GameFormatException.class, () -> g.fromJson(node.toString()));
        com.fasterxml.jackson.databind.node.ObjectNode chance = (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(
                json, JsonNode.class);
        ((com.fasterxml.jackson.databind.node.ObjectNode) chance.get("chance")).putArray("chosen").add(999);
        assertThrows(dev.kaisen.env.GameFormatException.class, () -> g.fromJson(chance.toString()));
        // a decision node of the explicit mode reads back in that mode, a sampled state in the sampled one
        OsakaState decision = g.newGame(4, ChanceMode.EXPLICIT);
        while (decision.isChanceNode()) {
            decision.applyInPlace(decision.chanceOutcomes()[0]);
        }
        assertEquals(ChanceMode.EXPLICIT, g.fromJson(g.toJson(decision, false)).chanceMode());
        assertEquals(ChanceMode.SAMPLED, g.fromJson(g.toJson(g.newGame(4), false)).chanceMode());
    }

    /**
     * At every node of random explicit games (every few steps), for every seat: the
     * determinization is a valid explicit state of the same kind of node, its view for that seat is
     * the original's, and play goes on from it to the end.
     */
    @Test
    void determinizingAtChanceAndDecisionNodesKeepsTheSeatsViewAndPlaysOn() {
        int chanceNodes = 0;
        int hiddenSteps = 0;
        for (int players = 2; players <= 4; players++) {
            OsakaGame g = new OsakaGame(players);
            for (long seed = 0; seed < 3; seed++) {
                OsakaState s = g.newGame(seed, ChanceMode.EXPLICIT);
                SplittableRandom r = new SplittableRandom(seed);
                int step = 0;
                while (!s.isTerminal()) {
                    boolean node = s.isChanceNode();
                    boolean midStepAfterVp = node && s.explicit.step() != ExplicitChance.DEAL
                            && faceDownCount(s) > faceDownCount(s.explicit.before());
                    if (node && (step % 3 == 0 || midStepAfterVp) || step % 41 == 0) {
                        int observer = step % players;
                        OsakaState d = s.determinize(observer, 1000 + step);
                        String where = players + " players, seed " + seed + ", step " + step;
                        check(g, s, d, observer, where, r);
                        if (node) {
                            chanceNodes++;
                        }
                        if (midStepAfterVp) {
                            hiddenSteps++;
                        }
                    }
                    step++;
                    s.applyInPlace(next(s, r));
                }
            }
        }
        assertTrue(chanceNodes > 100, "chance nodes determinized: " + chanceNodes);
        assertTrue(hiddenSteps > 0, "chance nodes after a face-down VP draw in the step: " + hiddenSteps);
    }

    private static void check(OsakaGame g, OsakaState s, OsakaState d, int observer, String where,
                              SplittableRandom r) {
        assertEquals(ChanceMode.EXPLICIT, d.chanceMode(), where);
        assertEquals(s.isChanceNode(), d.isChanceNode(), where);
        assertEquals(List.of(), OsakaInvariants.check(d), where);
        for (int p = 0; p < s.numPlayers(); p++) {
            if (p == observer || s.isChanceNode()) {
                assertEquals(g.viewJson(s, p), g.viewJson(d, p), where + ": the view of seat " + p);
            }
        }
        if (s.isChanceNode()) {
            assertEquals(s.explicit.step(), d.explicit.step(), where);
            assertEquals(s.explicit.chosen().length, d.explicit.chosen().length, where);
        }
        assertEquals(d, g.fromJson(g.toJson(d, false)), where + ": JSON round trip");
        OsakaState play = d.copy();
        SplittableRandom pr = new SplittableRandom(r.nextLong());
        while (!play.isTerminal()) {
            play.applyInPlace(next(play, pr));
        }
    }

    private static int next(OsakaState s, SplittableRandom r) {
        if (!s.isChanceNode()) {
            return RandomPlay.action(s, r);
        }
        int[] ids = s.chanceOutcomes();
        double[] p = s.chanceProbabilities();
        double u = r.nextDouble();
        for (int i = 0; i < ids.length - 1; i++) {
            u -= p[i];
            if (u < 0) {
                return ids[i];
            }
        }
        return ids[ids.length - 1];
    }

    private static int faceDownCount(OsakaState s) {
        int k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.faceDownFrom[card] != OsakaState.NOT_FACE_DOWN) {
                k++;
            }
        }
        return k;
    }

    /** A VP card drawn face down in the step under way is resampled: its type varies with the seed. */
    @Test
    void aFaceDownDrawOfTheStepUnderWayIsResampled() {
        for (long seed = 0; seed < 200; seed++) {
            OsakaState s = new OsakaGame(2).newGame(seed, ChanceMode.EXPLICIT);
            SplittableRandom r = new SplittableRandom(seed);
            while (!s.isTerminal()) {
                if (s.isChanceNode() && s.explicit.step() != ExplicitChance.DEAL
                        && faceDownCount(s) > faceDownCount(s.explicit.before())
                        && s.explicit.before().pileGeneration == s.pileGeneration) {
                    Set<List<Integer>> chosen = new HashSet<>();
                    for (long k = 0; k < 40; k++) {
                        List<Integer> c = new ArrayList<>();
                        for (int o : s.determinize(0, k).explicit.chosen()) {
                            c.add(o);
                        }
                        chosen.add(c);
                    }
                    assertTrue(chosen.size() > 1, "seed " + seed + ": the face-down draws are resampled");
                    return;
                }
                s.applyInPlace(next(s, r));
            }
        }
        throw new AssertionError("no chance node after a face-down VP draw in 200 games");
    }

    @Test
    void theSampledModeReportsTheSameChanceStepsAsBefore() {
        // the sampled mode is untouched: a deal's steps are the shuffle, its draws and the start player
        List<String> events = new ArrayList<>();
        new OsakaGame(2).newGame(9, (ChanceLog) (event, data) -> events.add(event));
        assertEquals("shuffle", events.get(0));
        assertEquals("start-player", events.get(events.size() - 1));
        assertFalse(events.subList(1, events.size() - 1).contains("shuffle"));
        assertNull(new OsakaGame(2).newGame(9).explicitChance());
    }
}
