package dev.kaisen.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * The explicit-chance mode of every game that has it: the chance-node contract at every node of
 * random games, a record of the sampled mode replayed through chance nodes, and both modes
 * distributed alike.
 */
class ExplicitChanceTest {

    private static List<Game<?>> games() {
        List<Game<?>> out = new ArrayList<>();
        for (GameProvider p : Games.all()) {
            for (int n = p.minPlayers(); n <= p.maxPlayers(); n++) {
                Game<?> g = Games.create(p.id(), "{\"players\":" + n + "}");
                if (g.hasExplicitChance()) {
                    out.add(g);
                }
            }
        }
        return out;
    }

    @Test
    void someGamesHaveTheExplicitModeAndTheOthersRefuseItClearly() {
        assertFalse(games().isEmpty());
        for (GameProvider p : Games.all()) {
            Game<?> g = Games.create(p.id(), "{}");
            if (!g.hasExplicitChance()) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                        () -> g.newGame(1, ChanceMode.EXPLICIT));
                assertTrue(e.getMessage().contains(p.id()), e.getMessage());
            }
        }
    }

    @Test
    void everyNodeOfRandomExplicitGamesKeepsTheContract() {
        for (Game<?> g : games()) {
            for (long seed = 0; seed < 3; seed++) {
                checkContract(g, seed);
            }
        }
    }

    private static <S extends GameState<S>> void checkContract(Game<S> game, long seed) {
        S s = game.newGame(seed, ChanceMode.EXPLICIT);
        assertTrue(s.isChanceNode(), game + ": the explicit deal starts at a chance node");
        assertEquals(ChanceMode.EXPLICIT, s.chanceMode());
        SplittableRandom r = new SplittableRandom(seed);
        int chanceNodes = 0;
        int step = 0;
        while (!s.isTerminal()) {
            String where = game + " seed " + seed + " step " + step++;
            if (step % 7 == 0) {
                String json = game.toJson(s, false);
                assertEquals(s, game.fromJson(json), where + ": JSON round trip");
                assertEquals(json, game.toJson(game.fromJson(json), false), where);
            }
            assertEquals(s, s.copy(), where);
            assertEquals(List.of(), game.invariantViolations(s), where);
            if (s.isChanceNode()) {
                chanceNodes++;
                assertEquals(GameState.CHANCE, s.currentPlayer(), where);
                int[] ids = s.chanceOutcomes();
                double[] p = s.chanceProbabilities();
                assertEquals(ids.length, p.length, where);
                assertArrayEquals(ids, s.legalActions(), where);
                double sum = 0;
                for (int i = 0; i < ids.length; i++) {
                    assertTrue(ids[i] >= 0 && ids[i] < game.maxChanceOutcomes(), where + ": outcome id " + ids[i]);
                    assertTrue(i == 0 || ids[i] > ids[i - 1], where + ": ascending");
                    assertTrue(p[i] > 0, where);
                    assertFalse(game.chanceOutcomeName(ids[i]).startsWith("<"), where);
                    sum += p[i];
                }
                assertEquals(1.0, sum, 1e-12, where);
                int bad = firstMissing(ids, game.maxChanceOutcomes() + game.numDistinctActions());
                assertThrows(IllegalStateException.class, () -> s.sampledCopy(1), where);
                S before = s.copy();
                assertThrows(IllegalActionException.class, () -> s.applyInPlace(bad), where);
                assertEquals(before, s, where + ": an outcome not listed changes nothing");
                s.applyInPlace(ids[pick(p, r)]);
            } else {
                assertThrows(IllegalStateException.class, s::chanceOutcomes, where);
                assertTrue(s.currentPlayer() >= 0, where);
                if (step % 5 == 0) {
                    checkSampledCopy(game, s, seed + step, where);
                }
                S before = s.copy();
                int bad = firstMissing(s.legalActions(), game.numDistinctActions() + 1);
                assertThrows(IllegalActionException.class, () -> s.applyInPlace(bad), where);
                assertEquals(before, s, where);
                s.applyInPlace(RandomPlay.action(s, r));
            }
        }
        assertThrows(IllegalStateException.class, s::chanceOutcomes, game + ": a terminal state");
        assertThrows(IllegalStateException.class, s::chanceProbabilities, game + ": a terminal state");
        assertTrue(chanceNodes > 0, game.toString());
    }

    /**
     * The same position in the sampled mode: every seat sees it as before, the invariants hold, and it
     * plays on to the end with no chance node.
     */
    private static <S extends GameState<S>> void checkSampledCopy(Game<S> game, S s, long seed, String where) {
        S sampled = s.sampledCopy(seed);
        assertEquals(ChanceMode.SAMPLED, sampled.chanceMode(), where);
        assertEquals(ChanceMode.EXPLICIT, s.chanceMode(), where + ": the original keeps its mode");
        assertEquals(List.of(), game.invariantViolations(sampled), where);
        for (int seat = 0; seat < game.numPlayers(); seat++) {
            assertEquals(withoutMode(game.viewJson(s, seat)), withoutMode(game.viewJson(sampled, seat)),
                    where + ": seat " + seat + "'s view");
        }
        assertArrayEquals(s.legalActions(), sampled.legalActions(), where);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 40 && !sampled.isTerminal(); i++) {
            assertFalse(sampled.isChanceNode(), where);
            sampled.applyInPlace(RandomPlay.action(sampled, r));
        }
    }

    /** A view's JSON without the chance mode (field {@code chance} wherever it is), which the copy changes. */
    private static JsonNode withoutMode(String json) {
        JsonNode node = Json.read(json, JsonNode.class);
        strip(node);
        return node;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.remove("chance");
        }
        node.forEach(ExplicitChanceTest::strip);
    }

    private static int firstMissing(int[] sorted, int limit) {
        int candidate = 0;
        for (int id : sorted) {
            if (id == candidate) {
                candidate++;
            }
        }
        return Math.min(candidate, limit);
    }

    private static int pick(double[] p, SplittableRandom r) {
        double u = r.nextDouble();
        for (int i = 0; i < p.length - 1; i++) {
            u -= p[i];
            if (u < 0) {
                return i;
            }
        }
        return p.length - 1;
    }

    @Test
    void aRecordOfTheSampledModeReplaysThroughChanceNodes() {
        for (Game<?> g : games()) {
            for (long seed = 0; seed < 4; seed++) {
                replay(g, seed);
            }
        }
    }

    private static <S extends GameState<S>> void replay(Game<S> game, long seed) {
        List<int[]> steps = new ArrayList<>();
        List<Integer> pending = new ArrayList<>();
        ChanceLog log = (event, data) -> {
            for (int o : game.chanceOutcomesOf(event, data)) {
                pending.add(o);
            }
        };
        S sampled = game.newGame(seed, log);
        S explicit = game.newGame(seed, ChanceMode.EXPLICIT);
        SplittableRandom r = new SplittableRandom(seed);
        while (true) {
            for (int o : pending) {
                assertTrue(explicit.isChanceNode(), game + " seed " + seed + ": a chance node for outcome " + o);
                explicit.applyInPlace(o);
            }
            pending.clear();
            assertFalse(explicit.isChanceNode(), game + " seed " + seed + ": the step's outcomes are all in the record");
            assertEquals(withoutStream(game, sampled), withoutStream(game, explicit), game + " seed " + seed);
            if (sampled.isTerminal()) {
                break;
            }
            int a = RandomPlay.action(sampled, r);
            sampled.applyInPlace(a, log);
            explicit.applyInPlace(a);
        }
        assertTrue(explicit.isTerminal());
    }

    /** Records of the sampled mode, written and read back as files are, replay in the explicit mode to the same end. */
    @Test
    void aGameRecordReplaysInTheExplicitMode() {
        for (Game<?> g : games()) {
            for (long seed = 10; seed < 13; seed++) {
                GameRecord record = GameRecord.fromJson(record(g, seed).toJson(false));
                GameState<?> sampled = record.replay();
                GameState<?> explicit = record.replayExplicit();
                assertEquals(ChanceMode.EXPLICIT, explicit.chanceMode());
                assertTrue(explicit.isTerminal(), g + " seed " + seed);
                assertEquals(GameRecord.Result.of(sampled), GameRecord.Result.of(explicit), g + " seed " + seed);
            }
        }
    }

    private static <S extends GameState<S>> GameRecord record(Game<S> game, long seed) {
        GameRecord.Recorder<S> recorder = new GameRecord.Recorder<>(game, seed);
        S s = recorder.newGame();
        SplittableRandom r = new SplittableRandom(seed);
        while (!s.isTerminal()) {
            recorder.applyInPlace(s, RandomPlay.action(s, r));
        }
        return recorder.finish(s);
    }

    @Test
    void aRecordThatDoesNotFitTheExplicitModeIsAClearError() {
        Game<?> g = games().get(0);
        GameRecord record = record(g, 3);
        List<GameRecord.Step> steps = new ArrayList<>(record.steps());
        int firstChance = 0;
        while (GameRecord.DECISION.equals(steps.get(firstChance).type())
                || g.chanceOutcomesOf(steps.get(firstChance).event(), steps.get(firstChance).data()).length == 0) {
            firstChance++;
        }
        steps.remove(firstChance);
        GameRecord broken = new GameRecord(record.format(), record.game(), record.config(), record.seed(), steps,
                record.result());
        GameFormatException e = assertThrows(GameFormatException.class, broken::replayExplicit);
        assertTrue(e.getMessage().startsWith("step ") || e.getMessage().contains("chance node"), e.getMessage());
    }

    /**
     * A state's JSON without its random stream and chance mode, which the two modes do not share, and
     * with the face-down piles' order the explicit mode leaves open in its canonical form.
     */
    private static <S extends GameState<S>> JsonNode withoutStream(Game<S> game, S s) {
        ObjectNode node = (ObjectNode) Json.read(game.chanceCanonicalJson(s), JsonNode.class);
        node.remove("rng");
        node.remove("chance");
        return node;
    }

    /**
     * Both modes distributed alike: 300 random games of each (the explicit one's outcomes drawn by
     * their probabilities), compared on the frequency of every chance outcome (per event kind, a
     * two-sample chi-square test of homogeneity whose statistic stays under its degrees of freedom
     * plus 5 of its standard deviations) and on the mean number of decisions (within 4.5 standard
     * errors).
     */
    @Test
    void bothModesAreDistributedAlike() {
        for (Game<?> g : games()) {
            compare(g, 300);
        }
    }

    private static <S extends GameState<S>> void compare(Game<S> game, int games) {
        long[] sampledCounts = new long[game.maxChanceOutcomes()];
        long[] explicitCounts = new long[game.maxChanceOutcomes()];
        double[] sampledLength = new double[games];
        double[] explicitLength = new double[games];
        for (int i = 0; i < games; i++) {
            ChanceLog log = (event, data) -> {
                for (int o : game.chanceOutcomesOf(event, data)) {
                    sampledCounts[o]++;
                }
            };
            S s = game.newGame(1_000_000L + i, log);
            SplittableRandom r = new SplittableRandom(i);
            while (!s.isTerminal()) {
                s.applyInPlace(RandomPlay.action(s, r), log);
            }
            sampledLength[i] = s.decisions();
            S e = game.newGame(0, ChanceMode.EXPLICIT);
            SplittableRandom c = new SplittableRandom(7_000_000L + i);
            SplittableRandom d = new SplittableRandom(i);
            while (!e.isTerminal()) {
                if (e.isChanceNode()) {
                    int[] ids = e.chanceOutcomes();
                    int o = ids[pick(e.chanceProbabilities(), c)];
                    explicitCounts[o]++;
                    e.applyInPlace(o);
                } else {
                    e.applyInPlace(RandomPlay.action(e, d));
                }
            }
            explicitLength[i] = e.decisions();
        }
        // the outcomes grouped by the event kind their name starts with (boat:, start:, d6:, draw:, ...)
        Map<String, List<Integer>> kinds = new java.util.TreeMap<>();
        for (int o = 0; o < game.maxChanceOutcomes(); o++) {
            String name = game.chanceOutcomeName(o);
            kinds.computeIfAbsent(name.substring(0, name.lastIndexOf(':')), k -> new ArrayList<>()).add(o);
        }
        for (Map.Entry<String, List<Integer>> kind : kinds.entrySet()) {
            long ns = 0;
            long ne = 0;
            for (int o : kind.getValue()) {
                ns += sampledCounts[o];
                ne += explicitCounts[o];
            }
            if (ns < 200 && ne < 200) {
                continue;
            }
            // two-sample chi-square test of homogeneity, against its df + 5 standard deviations
            double chi2 = 0;
            int df = -1;
            for (int o : kind.getValue()) {
                long pooled = sampledCounts[o] + explicitCounts[o];
                if (pooled == 0) {
                    continue;
                }
                df++;
                double es = (double) pooled * ns / (ns + ne);
                double ee = (double) pooled * ne / (ns + ne);
                chi2 += (sampledCounts[o] - es) * (sampledCounts[o] - es) / es
                        + (explicitCounts[o] - ee) * (explicitCounts[o] - ee) / ee;
            }
            double limit = df + 5 * Math.sqrt(2.0 * Math.max(df, 1));
            assertTrue(chi2 < limit, game + ": outcomes of " + kind.getKey() + " differ: chi-square " + chi2
                    + " with " + df + " degrees of freedom (limit " + limit + ")");
        }
        double ms = mean(sampledLength);
        double me = mean(explicitLength);
        double se = Math.sqrt(variance(sampledLength, ms) / games + variance(explicitLength, me) / games);
        assertTrue(Math.abs(ms - me) < 4.5 * se + 1e-9,
                game + ": mean decisions " + ms + " (sampled) and " + me + " (explicit), standard error " + se);
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double variance(double[] x, double m) {
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return s / (x.length - 1);
    }
}
