package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameState;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Merchants' explicit-chance mode ({@link MerchantsChance}) beyond the generic contract of
 * {@code ExplicitChanceTest}: the deal's nodes, a draw's outcomes weighted by kind, chance nodes
 * showing the table before their step, their JSON, and determinizing at chance and decision nodes.
 */
class MerchantsExplicitChanceTest {

    private static int id(MerchantsGame g, String name) {
        for (var e : g.chanceOutcomeTable()) {
            if (e.name().equals(name)) {
                return e.id();
            }
        }
        throw new AssertionError("no chance outcome " + name);
    }

    private static List<String> names(MerchantsGame g, int[] ids) {
        List<String> out = new ArrayList<>();
        for (int o : ids) {
            out.add(g.chanceOutcomeName(o));
        }
        return out;
    }

    /** An outcome of a chance node drawn by its probabilities. */
    private static int draw(GameState<?> s, SplittableRandom r) {
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

    private static void step(MerchantsState s, SplittableRandom r) {
        s.applyInPlace(s.isChanceNode() ? draw(s, r) : RandomPlay.action(s, r));
    }

    @Test
    void theTableNamesEveryKindSeatAndSetup() {
        MerchantsGame g = new MerchantsGame(3);
        assertEquals(7 + 7 + 4 + 2, g.maxChanceOutcomes());
        assertEquals("investment:reduced-cost", g.chanceOutcomeName(0));
        assertEquals("influence:market-right", g.chanceOutcomeName(7));
        assertEquals("first:0", g.chanceOutcomeName(14));
        assertEquals("setup:1", g.chanceOutcomeName(19));
        assertTrue(g.chanceOutcomeTable().get(18).meaning().contains("Paris"), g.chanceOutcomeTable().get(18).meaning());
    }

    @Test
    void theDealDrawsTheSetupEachFaceUpCardByKindAndTheFirstPlayer() {
        MerchantsGame g = new MerchantsGame(3);
        MerchantsState s = g.newGame(5, ChanceMode.EXPLICIT);
        assertEquals(List.of("setup:0", "setup:1"), names(g, s.chanceOutcomes()));
        assertArrayEquals(new double[]{0.5, 0.5}, s.chanceProbabilities());
        assertEquals(List.of(), g.invariantViolations(s), "the empty table keeps the invariants");
        s.applyInPlace(id(g, "setup:1"));
        // the 8 cards by kind: office twice
        assertEquals(List.of("investment:reduced-cost", "investment:driver", "investment:coach-driver",
                "investment:courier", "investment:express-courier", "investment:office", "investment:low-upkeep"),
                names(g, s.chanceOutcomes()));
        assertEquals(2.0 / 8, s.chanceProbabilities()[5], 1e-12);
        s.applyInPlace(id(g, "investment:office"));
        assertEquals(1.0 / 7, s.chanceProbabilities()[5], 1e-12);
        s.applyInPlace(id(g, "investment:office"));
        assertFalse(names(g, s.chanceOutcomes()).contains("investment:office"), "both Office cards are face up");
        s.applyInPlace(id(g, "investment:courier"));
        s.applyInPlace(id(g, "investment:driver"));
        assertEquals(List.of("first:0", "first:1", "first:2"), names(g, s.chanceOutcomes()));
        assertEquals(ExplicitChance.DEAL, s.explicitChance().step());
        s.applyInPlace(id(g, "first:2"));
        assertFalse(s.isChanceNode());
        assertEquals(2, s.currentPlayer());
        assertEquals(1, s.setup());
        int[] wagons = g.data().setupWagons(1);
        for (int w = 0; w < MerchantsData.WAGONS; w++) {
            assertEquals(wagons[w], s.wagonNode(w));
        }
        // the face-up cards: the lowest-numbered card of each kind drawn, the pile in card order
        assertArrayEquals(new int[]{5, 6, 3, 1}, new int[]{s.faceUpCard(0), s.faceUpCard(1), s.faceUpCard(2),
                s.faceUpCard(3)});
        assertArrayEquals(new int[]{0, 2, 4, 7}, Arrays.copyOfRange(s.invDeck, s.invTop, s.invDeck.length));
        assertEquals(List.of(), g.invariantViolations(s));
        assertEquals(MerchantsJson.toJson(s, false), g.chanceCanonicalJson(s), "an explicit state is canonical");
    }

    /**
     * Random explicit games, on the default data and on other data: every chance node shows the
     * table before its step, keeps the invariants and reads back from JSON.
     */
    @Test
    void chanceNodesShowTheTableBeforeTheirStepAndReadBack() {
        int[] kinds = new int[3];
        for (int n = 2; n <= 4; n++) {
            for (MerchantsGame g : List.of(new MerchantsGame(n), new MerchantsGame(n, MerchantsJsonTest.custom()))) {
                for (long seed = 0; seed < 3; seed++) {
                    MerchantsState s = g.newGame(seed, ChanceMode.EXPLICIT);
                    SplittableRandom r = new SplittableRandom(seed);
                    while (!s.isTerminal()) {
                        if (s.isChanceNode()) {
                            ExplicitChance<MerchantsState> e = s.explicitChance();
                            if (e.step() != ExplicitChance.DEAL) {
                                assertTrue(s.sameTable(e.before()));
                                String first = g.chanceOutcomeName(s.chanceOutcomes()[0]);
                                kinds[first.startsWith("investment") ? 0 : first.startsWith("influence") ? 1 : 2]++;
                            }
                            assertEquals(List.of(), g.invariantViolations(s));
                            String json = g.toJson(s, false);
                            MerchantsState read = g.fromJson(json);
                            assertEquals(s, read);
                            assertEquals(json, g.toJson(read, false));
                        }
                        step(s, r);
                    }
                }
            }
        }
        // influence draws are rare in random play (see the test below); every in-game node is a draw
        assertTrue(kinds[0] > 0 && kinds[2] == 0, Arrays.toString(kinds));
    }

    @Test
    void aChanceNodesJsonMustReplay() {
        MerchantsGame g = new MerchantsGame(2);
        MerchantsState s = g.newGame(1, ChanceMode.EXPLICIT);
        s.applyInPlace(id(g, "setup:0"));
        ObjectNode j = MerchantsJsonTest.tree(g.toJson(s, false));
        ObjectNode bad = j.deepCopy();
        ((ArrayNode) bad.get("chance").get("chosen")).set(0, id(g, "first:1"));
        assertThrows(GameFormatException.class, () -> g.fromJson(bad.toString()));
        ObjectNode done = j.deepCopy();
        ArrayNode chosen = (ArrayNode) done.get("chance").get("chosen");
        for (String name : List.of("investment:office", "investment:office", "investment:driver", "investment:courier",
                "first:1")) {
            chosen.add(id(g, name));
        }
        GameFormatException e = assertThrows(GameFormatException.class, () -> g.fromJson(done.toString()));
        assertTrue(e.getMessage().contains("no chance node"), e.getMessage());
        ObjectNode moved = j.deepCopy();
        ((ObjectNode) moved.get("seats").get(0)).put("money", 4000);
        assertThrows(GameFormatException.class, () -> g.fromJson(moved.toString()));
    }

    @Test
    void anInfluenceDrawGoesToTheMoverAndItsOutcomesAreThePilesKinds() {
        MerchantsGame g = new MerchantsGame(2);
        for (long seed = 0; seed < 20; seed++) {
            MerchantsState s = g.newGame(seed, ChanceMode.EXPLICIT);
            SplittableRandom r = new SplittableRandom(seed);
            while (!s.isTerminal()) {
                if (s.isChanceNode() && g.chanceOutcomeName(s.chanceOutcomes()[0]).startsWith("influence")) {
                    int mover = s.explicitChance().before().currentPlayer();
                    int[] left = new int[Influence.COUNT];
                    for (int i = s.inflTop; i < s.inflDeck.length; i++) {
                        left[s.inflDeck[i]]++;
                    }
                    int[] ids = s.chanceOutcomes();
                    double[] p = s.chanceProbabilities();
                    for (int i = 0; i < ids.length; i++) {
                        int kind = ids[i] - MerchantsChance.INFLUENCE;
                        assertEquals((double) left[kind] / s.influenceLeft(), p[i], 1e-12);
                    }
                    int step = s.explicitChance().step();
                    int size = s.handSize(mover);
                    s.applyInPlace(ids[ids.length - 1]);
                    assertFalse(s.isChanceNode());
                    int played = step >= MerchantsAction.PLAY && step < MerchantsAction.CREDIT_TAKE ? 1 : 0;
                    assertEquals(size + 1 - played, s.handSize(mover));
                    return;
                }
                step(s, r);
            }
        }
        throw new AssertionError("no influence card drawn in 20 games");
    }

    /**
     * Determinizing an explicit state, at chance nodes and decision nodes, for every seat: a valid
     * explicit state (invariants, JSON round trip) at the same kind of node, whose view for that
     * seat is the original's, from which play goes on to the end.
     */
    @Test
    void determinizeKeepsTheObserversViewAtChanceAndDecisionNodesAndPlayGoesOn() {
        int chanceNodes = 0;
        int resampled = 0;
        for (int n = 2; n <= 4; n++) {
            MerchantsGame g = new MerchantsGame(n);
            for (long seed = 0; seed < 2; seed++) {
                MerchantsState s = g.newGame(seed, ChanceMode.EXPLICIT);
                SplittableRandom r = new SplittableRandom(seed);
                int k = 0;
                while (!s.isTerminal()) {
                    k++;
                    if (s.isChanceNode() || k % 25 == 0) {
                        for (int p = 0; p < n; p++) {
                            String where = n + " players, seed " + seed + ", node " + k + ", observer " + p;
                            MerchantsState d = s.determinize(p, 1000L * k + p);
                            assertEquals(ChanceMode.EXPLICIT, d.chanceMode(), where);
                            assertEquals(s.isChanceNode(), d.isChanceNode(), where);
                            assertEquals(List.of(), g.invariantViolations(d), where);
                            assertEquals(g.viewJson(s, p), g.viewJson(d, p), where);
                            assertEquals(d, g.fromJson(g.toJson(d, false)), where);
                            if (s.isChanceNode()) {
                                chanceNodes++;
                                assertEquals(s.explicitChance().step() == ExplicitChance.DEAL,
                                        d.explicitChance().step() == ExplicitChance.DEAL, where);
                                assertArrayEquals(s.explicitChance().chosen(), d.explicitChance().chosen(), where);
                                resampled += d.explicitChance().before().sameTable(s.explicitChance().before()) ? 0 : 1;
                            }
                            if (k % 5 == p) {
                                playOut(g, d, new SplittableRandom(k), where);
                            }
                        }
                    }
                    step(s, r);
                }
            }
        }
        assertTrue(chanceNodes > 100, "chance nodes determinized: " + chanceNodes);
        assertTrue(resampled > chanceNodes / 2, resampled + " of " + chanceNodes + " resampled");
    }

    private static void playOut(MerchantsGame g, MerchantsState d, SplittableRandom r, String where) {
        MerchantsState s = d.copy();
        while (!s.isTerminal()) {
            step(s, r);
        }
        assertEquals(List.of(), g.invariantViolations(s), where + ": played out");
    }

    /**
     * A courier run ended by playing an influence card, the other seats not knowing the mover's hand:
     * determinizing the draw's node keeps a hand that holds the card the step plays.
     */
    @Test
    void determinizeAtADrawKeepsTheCardTheStepPlays() {
        MerchantsGame g = new MerchantsGame(3);
        int wheelwright = Influence.WHEELWRIGHT.ordinal();
        int play = MerchantsAction.PLAY + wheelwright;
        for (long seed = 0; seed < 200; seed++) {
            MerchantsState s = g.newGame(seed, ChanceMode.EXPLICIT);
            SplittableRandom r = new SplittableRandom(seed);
            while (!s.isTerminal()) {
                ExplicitChance<MerchantsState> e = s.explicitChance();
                if (s.isChanceNode() && e.before().move.courierRun > 0 && e.before().phase() == Phase.MOVE
                        && e.before().wagonAt(e.before().courier()) != MerchantsState.NONE) {
                    // the courier stands on a wagon: any other action ends its run with a draw
                    // the node's table, with a wheelwright card drawn earlier by the mover
                    MerchantsState x = e.before().copy();
                    int mover = x.currentPlayer();
                    int at = x.inflTop;
                    while (at < x.inflDeck.length && x.inflDeck[at] != wheelwright) {
                        at++;
                    }
                    if (at < x.inflDeck.length && x.playedThisTurn == 0) {
                        System.arraycopy(x.inflDeck, x.inflTop, x.inflDeck, x.inflTop + 1, at - x.inflTop);
                        x.inflDeck[x.inflTop++] = wheelwright;
                        x.addHand(mover, wheelwright, 1);
                        assertEquals(List.of(), g.invariantViolations(x));
                        assertTrue(x.isLegal(play), x.toString());
                        x.applyInPlace(play);
                        assertTrue(x.isChanceNode());
                        assertEquals(play, x.explicitChance().step());
                        for (int p = 0; p < 3; p++) {
                            MerchantsState d = x.determinize(p, seed * 7 + p);
                            assertEquals(play, d.explicitChance().step());
                            assertTrue(d.explicitChance().before().influence(mover, Influence.WHEELWRIGHT) > 0);
                            assertEquals(g.viewJson(x, p), g.viewJson(d, p));
                            d.applyInPlace(d.chanceOutcomes()[0]);
                            assertFalse(d.isChanceNode());
                            assertEquals(List.of(), g.invariantViolations(d));
                        }
                        return;
                    }
                }
                step(s, r);
            }
        }
        throw new AssertionError("no courier run ended by another action in 200 games");
    }

    @Test
    void sampledRecordsMapToOutcomesInTheExplicitOrder() {
        MerchantsGame g = new MerchantsGame(2);
        List<String> names = new ArrayList<>();
        MerchantsState s = g.newGame(3, (event, data) -> names.addAll(names(g, g.chanceOutcomesOf(event, data))));
        assertEquals(6, names.size(), names.toString());
        assertEquals("setup:" + s.setup(), names.get(0));
        for (int k = 0; k < 4; k++) {
            assertEquals("investment:" + g.data().investment(s.faceUpCard(k)).id(), names.get(1 + k));
        }
        assertEquals("first:" + s.firstPlayer(), names.get(5));
        assertArrayEquals(new int[0], g.chanceOutcomesOf("investment", Map.of("slot", 1, "card", "none")));
        assertArrayEquals(new int[]{id(g, "influence:guild")},
                g.chanceOutcomesOf("influence", Map.of("player", 0, "card", "guild")));
        assertThrows(IllegalArgumentException.class, () -> g.chanceOutcomesOf("roll", Map.of()));
    }
}
