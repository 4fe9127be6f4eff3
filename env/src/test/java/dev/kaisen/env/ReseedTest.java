package dev.kaisen.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link GameState#reseed} on every registered game at every player count, at several points of
 * random games: it leaves every seat's view and text board exactly as they were, the invariants
 * clean and every list of the state's JSON the same multiset (a pile keeps its cards, only their
 * order may change); two copies reseeded alike have the same future, two reseeded differently
 * draw different chance outcomes from the same actions in most trials. The views are compared
 * before and after, never against variations made by the code under test.
 */
class ReseedTest {
    /** Random games per game and player count. */
    static final int GAMES = 3;
    /** Points of each game where the state is reseeded: every this many decisions. */
    static final int EVERY = 9;
    /** Decisions played after a reseed to compare two futures. */
    static final int HORIZON = 40;

    static Stream<Arguments> games() {
        return Games.everyPlayerCount().stream().map(g -> Arguments.of(g.game(), g.players()));
    }

    @SuppressWarnings("unchecked")
    static <S extends GameState<S>> Game<S> typed(String id, int players) {
        return (Game<S>) Games.create(id, GameConfig.of(players));
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void reseedChangesNothingAnySeatHasSeenAndKeepsEveryPilesCards(String id, int players) {
        Game<S> g = typed(id, players);
        int points = 0;
        int reordered = 0;
        for (int k = 0; k < GAMES; k++) {
            long seed = SplitMix64.derive(players * 31L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            for (int step = 0; ; step++) {
                if (step % EVERY == 0 || s.isTerminal()) {
                    S t = s.copy();
                    long newSeed = r.nextLong();
                    t.reseed(newSeed);
                    points++;
                    String where = id + " " + players + "p, game " + k + ", decision " + s.decisions();
                    for (int seat = 0; seat < players; seat++) {
                        int o = seat;
                        assertEquals(g.viewJson(s, o), g.viewJson(t, o), () -> where + ": seat " + o + "'s view changed");
                        assertEquals(g.render(s, o), g.render(t, o), () -> where + ": seat " + o + "'s board changed");
                    }
                    assertEquals(List.of(), g.invariantViolations(t), where);
                    assertEquals(s.currentPlayer(), t.currentPlayer(), where);
                    assertEquals(intList(s.legalActions()), intList(t.legalActions()), where);
                    String before = g.toJson(s, false);
                    String after = g.toJson(t, false);
                    assertEquals(multisets(before), multisets(after),
                            () -> where + ": something other than an order or the stream changed");
                    assertNotEquals(GameView.tree(before).get("rng"), GameView.tree(after).get("rng"), where);
                    reordered += Json.write(withoutRng(GameView.tree(before)), false)
                            .equals(Json.write(withoutRng(GameView.tree(after)), false)) ? 0 : 1;
                }
                if (s.isTerminal()) {
                    break;
                }
                s.applyInPlace(RandomPlay.action(s, r));
            }
        }
        assertTrue(points > GAMES, "reseeded at several points");
        if (!id.equals("floating-market")) { // no pile there: only the stream restarts
            assertTrue(reordered > 0, id + ": some reseed reordered a pile");
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void copiesReseededDifferentlyDrawDifferentFuturesAndAlikeTheSameOne(String id, int players) {
        Game<S> g = typed(id, players);
        int trials = 0;
        int withChance = 0;
        int differed = 0;
        int cloneDiffered = 0;
        for (int k = 0; k < GAMES; k++) {
            long seed = SplitMix64.derive(players * 37L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            int step = 0;
            while (!s.isTerminal()) {
                if (step++ % EVERY == 0) {
                    trials++;
                    long play = r.nextLong();
                    long one = r.nextLong();
                    long other = r.nextLong();
                    S a = s.copy();
                    S b = s.copy();
                    a.reseed(one);
                    b.reseed(one);
                    Future<S> futureA = future(a, b, new SplittableRandom(play));
                    Future<S> futureB = future(b, a, new SplittableRandom(play));
                    assertEquals(futureA.chance(), futureB.chance(), "the same seed, the same chance outcomes");
                    assertEquals(futureA.end(), futureB.end(), "the same seed and actions, the same state");
                    S c = s.copy();
                    S d = s.copy();
                    c.reseed(one);
                    d.reseed(other);
                    List<Object> chanceC = future(c, d, new SplittableRandom(play)).chance();
                    withChance += chanceC.stream().anyMatch(outcomes -> !((List<?>) outcomes).isEmpty()) ? 1 : 0;
                    differed += chanceC.equals(future(d, c, new SplittableRandom(play)).chance()) ? 0 : 1;
                    S e = s.copy();
                    S f = s.copy();
                    cloneDiffered += future(e, f, new SplittableRandom(play)).chance()
                            .equals(future(f, e, new SplittableRandom(play)).chance()) ? 0 : 1;
                }
                s.applyInPlace(RandomPlay.action(s, r));
            }
        }
        assertEquals(0, cloneDiffered, "plain copies share one future");
        // Some outcomes are forced whatever the seed (Merchants' investment pile empty or down to
        // one card: about 70% of its futures); elsewhere nearly every future differs.
        assertTrue(withChance > 0, "some futures hold chance steps");
        assertTrue(differed >= withChance / 5, id + " " + players + "p: different seeds drew different chance outcomes in only "
                + differed + " of the " + withChance + " trials with chance steps");
    }

    /**
     * The chance outcomes of a copy of {@code start} over up to {@link #HORIZON} random decisions
     * drawn from {@code r}, stopping where the action drawn is not legal in a copy of {@code twin}
     * played alongside (so that the two futures compared play the same actions).
     */
    private static <S extends GameState<S>> Future<S> future(S start, S twin, SplittableRandom r) {
        S s = start.copy();
        S shadow = twin.copy();
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < HORIZON && !s.isTerminal() && !shadow.isTerminal(); i++) {
            int action = RandomPlay.action(s, r);
            if (!shadow.isLegal(action)) {
                break;
            }
            List<Object> step = new ArrayList<>();
            s.applyInPlace(action, (event, data) -> step.add(Map.of("event", event, "data", data)));
            shadow.applyInPlace(action);
            out.add(step);
        }
        return new Future<>(out, s);
    }

    /** A future: each step's chance outcomes as one list, and the state reached. */
    private record Future<S>(List<Object> chance, S end) {
    }

    private static List<Integer> intList(int[] a) {
        List<Integer> out = new ArrayList<>();
        for (int x : a) {
            out.add(x);
        }
        return out;
    }

    private static JsonNode withoutRng(JsonNode state) {
        JsonNode copy = state.deepCopy();
        if (copy instanceof ObjectNode o) {
            o.remove("rng");
        }
        return copy;
    }

    /** The state's JSON without its stream, every array sorted (recursively): what a reorder leaves alone. */
    private static String multisets(String json) {
        return Json.write(sorted(withoutRng(GameView.tree(json))), false);
    }

    private static JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                o.set(name, sorted(o.get(name)));
            }
            return o;
        }
        if (node instanceof ArrayNode a) {
            List<JsonNode> items = new ArrayList<>();
            a.forEach(item -> items.add(sorted(item)));
            items.sort(Comparator.comparing(JsonNode::toString));
            ArrayNode out = a.arrayNode();
            items.forEach(out::add);
            return out;
        }
        return node;
    }
}
