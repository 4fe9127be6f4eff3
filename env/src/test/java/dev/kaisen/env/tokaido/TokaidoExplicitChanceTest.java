package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameState;
import dev.kaisen.env.GameView;
import dev.kaisen.env.Json;
import dev.kaisen.env.tokaido.Decks.Deck;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tokaido's explicit-chance mode ({@link TokaidoChance}): the outcome table, the deal pair by pair,
 * the starting line place by place, each draw a node over the kinds of the deck's unseen top, the
 * sampled events as outcomes, the JSON and the view at a chance node, and determinizing at chance
 * nodes. The contract every game keeps is {@code ExplicitChanceTest}'s.
 */
class TokaidoExplicitChanceTest {

    @Test
    void theOutcomeTableNamesEveryIdOnceInTheActionTablesStyle() {
        TokaidoGame g = new TokaidoGame(3);
        assertTrue(g.hasExplicitChance());
        assertEquals(97, g.maxChanceOutcomes());
        assertEquals("deal:satsuki+hiroshige", g.chanceOutcomeName(0));
        assertEquals("deal:hirotada+yoshiyasu", g.chanceOutcomeName(44));
        assertEquals("start:0", g.chanceOutcomeName(45));
        assertEquals("start:4", g.chanceOutcomeName(49));
        assertEquals("draw:meal:misoshiru", g.chanceOutcomeName(50));
        assertEquals("draw:meal:donburi", g.chanceOutcomeName(63));
        assertEquals("draw:souvenir:koma", g.chanceOutcomeName(64));
        assertEquals("draw:souvenir:ukiyoe", g.chanceOutcomeName(87));
        assertEquals("draw:encounter:shokunin", g.chanceOutcomeName(88));
        assertEquals("draw:encounter:miko", g.chanceOutcomeName(94));
        assertEquals("draw:hot-spring:spring2", g.chanceOutcomeName(95));
        assertEquals("draw:hot-spring:spring3", g.chanceOutcomeName(96));
        assertEquals(97, g.chanceOutcomeTable().stream().map(e -> e.name()).distinct().count());
        for (int i = 0; i < 97; i++) {
            assertEquals(i, g.chanceOutcomeTable().get(i).id());
        }
    }

    @Test
    void theDealIsOnePairPerSeatThenTheLineOnePlacePerSeatButTheLast() {
        TokaidoGame g = new TokaidoGame(3);
        TokaidoState s = g.newGame(5, ChanceMode.EXPLICIT);
        int[] pairs = {id(g, "deal:chuubei+kinko"), id(g, "deal:satsuki+yoshiyasu"), id(g, "deal:umegae+zen-emon")};
        int[] choices = {45, 28, 15};
        for (int p = 0; p < 3; p++) {
            assertTrue(s.isChanceNode());
            assertEquals(GameState.CHANCE, s.currentPlayer());
            assertEquals(choices[p], s.chanceOutcomes().length, "pairs of the tiles not yet dealt");
            for (double q : s.chanceProbabilities()) {
                assertEquals(1.0 / choices[p], q, 1e-15);
            }
            // no seat is shown anything of the deal under way: every seat holds its placeholder
            for (int q = 0; q < 3; q++) {
                assertEquals(2 * q, s.dealt(q, 0));
                assertEquals(2 * q + 1, s.dealt(q, 1));
            }
            s.applyInPlace(pairs[p]);
        }
        assertFalse(s.isChanceNode());
        assertEquals(0, s.currentPlayer());
        assertEquals(List.of("chuubei", "kinko"), dealt(s, 0));
        assertEquals(List.of("satsuki", "yoshiyasu"), dealt(s, 1));
        assertEquals(List.of("umegae", "zen-emon"), dealt(s, 2));
        s.applyInPlace(TokaidoAction.KEEP);
        s.applyInPlace(TokaidoAction.KEEP_SECOND);
        s.applyInPlace(TokaidoAction.KEEP);
        // the line: seat 2 first, then seat 0; seat 1 last follows
        assertArrayEquals(new int[]{45, 46, 47}, s.chanceOutcomes());
        assertEquals(-1, s.traveller(2), "the last tile is laid once the line is drawn");
        s.applyInPlace(47);
        assertArrayEquals(new int[]{45, 46}, s.chanceOutcomes());
        assertArrayEquals(new double[]{0.5, 0.5}, s.chanceProbabilities());
        s.applyInPlace(45);
        assertFalse(s.isChanceNode());
        assertEquals(Traveller.UMEGAE.ordinal(), s.traveller(2));
        assertEquals(2, s.currentPlayer(), "the first on the line leaves first");
        assertTrue(s.arrival[2] > s.arrival[0] && s.arrival[0] > s.arrival[1]);
    }

    @Test
    void aDrawIsOneNodeOverTheKindsOfTheUnseenTopWeightedByCount() {
        TokaidoGame g = new TokaidoGame(2);
        TokaidoState s = dealt(g, 3);
        // to the hot spring at 5: one draw from the hot-spring deck
        s.applyInPlace(TokaidoAction.move(5));
        assertTrue(s.isChanceNode());
        assertArrayEquals(new int[]{id(g, "draw:hot-spring:spring2"), id(g, "draw:hot-spring:spring3")},
                s.chanceOutcomes());
        assertArrayEquals(new double[]{0.5, 0.5}, s.chanceProbabilities());
        int mover = s.explicit.before().current;
        TokaidoState before = s.explicit.before();
        int firstThree = -1;
        for (int i = 0; i < before.deckSize(Deck.HOT_SPRING); i++) {
            if (Decks.hotSpringPoints(before.deckCard(Deck.HOT_SPRING, i)) == 3) {
                firstThree = before.deckCard(Deck.HOT_SPRING, i);
                break;
            }
        }
        s.applyInPlace(id(g, "draw:hot-spring:spring3"));
        assertFalse(s.isChanceNode());
        assertEquals(3, s.points(mover));
        assertTrue(s.owns(mover, TokaidoState.HOT_SPRING, firstThree), "the kind's first card in the pile is drawn");
        assertEquals(11, s.deckSize(Deck.HOT_SPRING));
    }

    @Test
    void aDrawFromAnUnseenTopOfOneKindOrFromTheSeenBottomIsANodeOfOneOutcome() {
        TokaidoGame g = new TokaidoGame(2);
        TokaidoState s = dealt(g, 3);
        // every hot spring but the 3-point ones seen under the deck: the unseen top holds one kind
        int[] cards = s.deck[TokaidoState.HOT_SPRING];
        java.util.Arrays.sort(cards, 0, 12);
        int[] reordered = new int[12];
        for (int i = 0; i < 12; i++) {
            reordered[i] = cards[(i + 6) % 12];
        }
        System.arraycopy(reordered, 0, cards, 0, 12);
        s.known[TokaidoState.HOT_SPRING] = 6;
        assertEquals(List.of(), TokaidoInvariants.check(s));
        TokaidoState oneKind = s.copy();
        oneKind.applyInPlace(TokaidoAction.move(5));
        assertArrayEquals(new int[]{id(g, "draw:hot-spring:spring3")}, oneKind.chanceOutcomes());
        assertArrayEquals(new double[]{1.0}, oneKind.chanceProbabilities());
        // nothing unseen: the top card is one everyone has seen under the deck
        s.known[TokaidoState.HOT_SPRING] = 12;
        s.applyInPlace(TokaidoAction.move(5));
        assertArrayEquals(new int[]{id(g, "draw:hot-spring:spring3")}, s.chanceOutcomes());
        assertThrows(dev.kaisen.env.IllegalActionException.class,
                () -> s.applyInPlace(id(g, "draw:hot-spring:spring2")));
        s.applyInPlace(id(g, "draw:hot-spring:spring3"));
        assertEquals(11, s.knownBottom(Deck.HOT_SPRING));
    }

    @Test
    void theSampledEventsAreTheOutcomesInTheOrderTheExplicitModeMeetsThem() {
        TokaidoGame g = new TokaidoGame(4);
        assertArrayEquals(new int[]{id(g, "deal:chuubei+kinko")},
                g.chanceOutcomesOf("deal", Map.of("player", 1, "tiles", List.of("chuubei", "kinko"))));
        assertArrayEquals(new int[]{id(g, "start:3"), id(g, "start:0"), id(g, "start:2")},
                g.chanceOutcomesOf("start-line", Map.of("order", List.of(3, 0, 2, 1))));
        assertArrayEquals(new int[]{id(g, "draw:meal:dango")}, g.chanceOutcomesOf("draw",
                Map.of("deck", "meal", "card", "dango.2", "to", "offer", "player", 0)));
        assertArrayEquals(new int[]{id(g, "draw:encounter:annaibito-sea")}, g.chanceOutcomesOf("draw",
                Map.of("deck", "encounter", "card", "annaibito-sea.3", "to", "player", "player", 0)));
        assertArrayEquals(new int[]{id(g, "draw:souvenir:sake")}, g.chanceOutcomesOf("draw",
                Map.of("deck", "souvenir", "card", "sake", "to", "village", "player", 0)));
        assertArrayEquals(new int[0], g.chanceOutcomesOf("shuffle", Map.of("deck", "meal", "order", List.of())));
        assertArrayEquals(new int[0], g.chanceOutcomesOf("bottom", Map.of("deck", "meal", "card", "dango.1")));
        assertThrows(IllegalArgumentException.class, () -> g.chanceOutcomesOf("roll", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> g.chanceOutcomesOf("draw",
                Map.of("deck", "meal", "card", "pizza.1", "to", "offer", "player", 0)));
    }

    @Test
    void aChanceNodeReadsBackFromJsonAndAnotherOutcomeListIsRefused() {
        TokaidoGame g = new TokaidoGame(3);
        TokaidoState deal = g.newGame(9, ChanceMode.EXPLICIT);
        deal.applyInPlace(deal.chanceOutcomes()[7]);
        deal.applyInPlace(deal.chanceOutcomes()[0]);
        String json = g.toJson(deal, false);
        assertEquals(deal, g.fromJson(json));
        ObjectNode twice = (ObjectNode) Json.read(json, JsonNode.class);
        ArrayNode pairs = (ArrayNode) twice.get("chance").get("chosen");
        pairs.set(1, pairs.get(0));
        GameFormatException e = assertThrows(GameFormatException.class, () -> g.fromJson(twice.toString()));
        assertTrue(e.getMessage().contains("cannot be replayed"), e.getMessage());
        // a village's third souvenir to draw: the first two are on the table
        TokaidoState village = dealt(g, 9);
        village.applyInPlace(TokaidoAction.move(1));
        village.applyInPlace(village.chanceOutcomes()[0]);
        village.applyInPlace(village.chanceOutcomes()[0]);
        String atVillage = g.toJson(village, false);
        assertEquals(village, g.fromJson(atVillage));
        ObjectNode other = (ObjectNode) Json.read(atVillage, JsonNode.class);
        ((ArrayNode) other.get("chance").get("chosen")).set(0, village.chanceOutcomes()[0]);
        e = assertThrows(GameFormatException.class, () -> g.fromJson(other.toString()));
        assertTrue(e.getMessage().contains("another state"), e.getMessage());
        TokaidoState decision = dealt(g, 9);
        TokaidoState fromJson = g.fromJson(g.toJson(decision, false));
        assertEquals(decision, fromJson);
        assertEquals(ChanceMode.EXPLICIT, fromJson.chanceMode());
        assertEquals(ChanceMode.SAMPLED, g.fromJson(g.toJson(g.newGame(9), false)).chanceMode());
    }

    @Test
    void aSeatsViewOfAChanceNodeShowsNeitherTheStepNorItsOutcomesNorTheStateBefore() {
        TokaidoGame g = new TokaidoGame(2);
        TokaidoState s = dealt(g, 3);
        s.applyInPlace(TokaidoAction.move(5));
        JsonNode seat = Json.read(g.viewJson(s, 0), JsonNode.class).get("state").get("chance");
        assertEquals(Json.read("{\"mode\":\"explicit\",\"node\":true}", JsonNode.class), seat);
        JsonNode spectator = Json.read(g.viewJson(s, GameView.SPECTATOR), JsonNode.class).get("state").get("chance");
        assertTrue(spectator.has("before") && spectator.has("chosen"));
        assertTrue(g.render(s, 1).contains("chance to act"), g.render(s, 1));
    }

    /**
     * Determinize at chance nodes (and at the explicit mode's decisions): an explicit state at the
     * same kind of node whose view for the observer is the original's, valid (invariants, JSON round
     * trip), from which play goes on to the end; and what the observer has not seen (the meals drawn
     * into an offer elsewhere, the pairs at the deal) is drawn again.
     */
    @Test
    void determinizingAtAChanceNodeKeepsTheObserversViewAndPlayGoesOn() {
        int nodes = 0;
        int offerNodes = 0;
        int redrawn = 0;
        for (int n = 2; n <= 5; n++) {
            TokaidoGame g = new TokaidoGame(n);
            for (long seed = 0; seed < 5; seed++) {
                SplittableRandom r = new SplittableRandom(seed * 31 + n);
                TokaidoState s = g.newGame(seed, ChanceMode.EXPLICIT);
                int step = 0;
                while (!s.isTerminal()) {
                    int observer = (int) (step % n);
                    boolean node = s.isChanceNode();
                    if (node || step % 5 == 0) {
                        long dseed = seed * 1000 + step;
                        TokaidoState d = s.determinize(observer, dseed);
                        String where = n + " players, seed " + seed + ", step " + step + ", observer " + observer;
                        assertEquals(ChanceMode.EXPLICIT, d.chanceMode(), where);
                        assertEquals(node, d.isChanceNode(), where);
                        assertEquals(List.of(), TokaidoInvariants.check(d), where);
                        assertEquals(g.viewJson(s, observer), g.viewJson(d, observer), where);
                        assertEquals(d, g.fromJson(g.toJson(d, false)), where);
                        assertEquals(d, s.determinize(observer, dseed), where + ": one seed, one determinization");
                        if (node) {
                            nodes++;
                            assertEquals(s.explicit.step(), d.explicit.step(), where);
                            assertEquals(s.explicit.chosen().length, d.explicit.chosen().length, where);
                            boolean offer = !s.seesOffer(observer) && s.offerSize() > s.offerKnown()
                                    && s.explicit.step() != dev.kaisen.env.ExplicitChance.DEAL;
                            boolean same = java.util.Arrays.equals(s.explicit.chosen(), d.explicit.chosen());
                            offerNodes += offer ? 1 : 0;
                            redrawn += offer && !same ? 1 : 0;
                            if (s.seesOffer(observer) && s.explicit.step() != dev.kaisen.env.ExplicitChance.DEAL) {
                                assertArrayEquals(s.explicit.chosen(), d.explicit.chosen(), where + ": all seen");
                            }
                        }
                        if (step % 25 == 0) {
                            playOut(d, new SplittableRandom(dseed));
                        }
                    }
                    step++;
                    play(s, r);
                }
            }
        }
        assertTrue(nodes > 500, "chance nodes checked: " + nodes);
        assertTrue(offerNodes > 100, "nodes while meals hidden from the observer are drawn: " + offerNodes);
        assertTrue(redrawn > offerNodes / 4, "of those, determinizations that drew the hidden meals again: " + redrawn);
    }

    // ------------------------------------------------------------------ helpers

    private static int id(TokaidoGame g, String name) {
        for (var e : g.chanceOutcomeTable()) {
            if (e.name().equals(name)) {
                return e.id();
            }
        }
        throw new IllegalArgumentException(name);
    }

    private static List<String> dealt(TokaidoState s, int p) {
        return List.of(Traveller.of(s.dealt(p, 0)).key(), Traveller.of(s.dealt(p, 1)).key());
    }

    /** An explicit game past its setup (tiles kept, line drawn): the first traveller is to move from Kyoto. */
    private static TokaidoState dealt(TokaidoGame g, long seed) {
        TokaidoState s = g.newGame(seed, ChanceMode.EXPLICIT);
        SplittableRandom r = new SplittableRandom(seed);
        while (s.isChanceNode() || s.phase() == Phase.CHOOSE_TRAVELLER) {
            play(s, r);
        }
        assertEquals(Phase.MOVE, s.phase());
        return s;
    }

    /** One step: an outcome by its probability at a chance node, else a random legal decision. */
    private static void play(TokaidoState s, SplittableRandom r) {
        if (s.isChanceNode()) {
            int[] ids = s.chanceOutcomes();
            double[] p = s.chanceProbabilities();
            double u = r.nextDouble();
            int i = 0;
            while (i < ids.length - 1 && (u -= p[i]) >= 0) {
                i++;
            }
            s.applyInPlace(ids[i]);
        } else {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
    }

    private static void playOut(TokaidoState s, SplittableRandom r) {
        List<String> problems = new ArrayList<>();
        while (!s.isTerminal()) {
            play(s, r);
            problems.addAll(TokaidoInvariants.check(s));
        }
        assertEquals(List.of(), problems);
    }
}
