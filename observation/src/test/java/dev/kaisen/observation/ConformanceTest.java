package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The conformance suite (OpenSpiel's random-simulation tests are the model), run over every
 * registered game and every player count: a new game gets all of it by registering. It
 * exercises only the generic contract ({@link Game}, {@link GameState}, the encoders, the
 * envs), never a game's internals. The training module adds the checks that need search.
 */
class ConformanceTest {
    /** Random games played per game and player count by the playout checks. */
    static final int GAMES = 6;

    static Stream<Arguments> games() {
        return Games.everyPlayerCount().stream().map(g -> Arguments.of(g.game(), g.players()));
    }

    static Game<?> game(String id, int players) {
        return Games.create(id, GameConfig.of(players));
    }

    @SuppressWarnings("unchecked")
    static <S extends GameState<S>> Game<S> typed(String id, int players) {
        return (Game<S>) game(id, players);
    }

    /** A random legal action of the player to act. */
    static int randomAction(GameState<?> s, SplittableRandom r) {
        int[] legal = s.legalActions();
        return legal[r.nextInt(legal.length)];
    }

    // ------------------------------------------------------------------ the registry and sizes

    @Test
    void everyRegisteredGameHasEncodersForBothStandardViewsAndAHiddenEditsGenerator() {
        assertFalse(Games.ids().isEmpty());
        for (String id : Games.ids()) {
            assertTrue(Encoders.views(id).containsAll(List.of(Encoders.INFORMATION_STATE, Encoders.OBSERVATION)), id);
            assertEquals(Encoders.DEFAULT_VIEW, Encoders.views(id).get(0), id);
            assertTrue(HiddenEdits.forGame(id).isPresent(), id + " registers a HiddenEdits generator for the no-leak checks");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Games.provider("chess"));
        assertTrue(e.getMessage().contains(Games.ids().get(0)), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void sizesAreKnownBeforeAnyStateAndTheLayoutIsTheSameForEveryPlayerCount(String id,
                                                                                                     int players) {
        Game<S> g = typed(id, players);
        assertTrue(g.numDistinctActions() > 0);
        assertTrue(g.maxGameLength() > 0);
        assertEquals(g.numDistinctActions(), g.actionTable().size());
        Set<String> names = new HashSet<>();
        for (int a = 0; a < g.numDistinctActions(); a++) {
            Game.ActionEntry e = g.actionTable().get(a);
            assertEquals(a, e.id());
            assertEquals(g.actionName(a), e.name());
            assertFalse(e.meaning().isBlank(), e.name());
            assertTrue(names.add(e.name()), "action names are unique: " + e.name());
        }
        GameProvider p = g.provider();
        for (String view : Encoders.views(id)) {
            ObservationSpec spec = Encoders.create(g, view).spec();
            int offset = 0;
            Set<String> segments = new HashSet<>();
            for (Segment s : spec.segments()) {
                assertEquals(offset, s.offset(), s.name());
                assertTrue(s.length() > 0 && !s.meaning().isBlank(), s.name());
                assertTrue(segments.add(s.name()), s.name());
                offset = s.end();
            }
            assertEquals(offset, spec.size());
            for (int n = p.minPlayers(); n <= p.maxPlayers(); n++) {
                Game<S> other = typed(id, n);
                assertEquals(spec.size(), Encoders.create(other, view).size(), "one layout for every player count");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Games.create(id, GameConfig.of(p.maxPlayers() + 1)));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Games.create(id, "{\"players\": " + players + ", \"no_such_option\": 1}"));
        assertTrue(bad.getMessage().contains("valid options"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Encoders.create(g, "no_such_view"));
    }

    @Test
    void theLayoutHashIsStableAndChangesWithTheGameConfigAndView() {
        Set<String> hashes = new HashSet<>();
        int layouts = 0;
        for (Games.Seating seating : Games.everyPlayerCount()) {
            Game<?> g = game(seating.game(), seating.players());
            for (String view : Encoders.views(seating.game())) {
                String hash = LayoutHash.of(g, Encoders.create(g, view));
                assertTrue(hash.matches("[0-9a-f]{16}"), hash);
                assertEquals(hash, LayoutHash.of(game(seating.game(), seating.players()), Encoders.create(g, view)),
                        "the same game, config and view hash alike");
                hashes.add(hash);
                layouts++;
            }
        }
        assertEquals(layouts, hashes.size(), "every game, player count and view has its own layout hash");
    }

    // ------------------------------------------------------------------ random playouts

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void randomPlayoutsKeepTheInvariantsEndBelowTheCapAndAreDeterministic(String id, int players) {
        Game<S> g = typed(id, players);
        for (int k = 0; k < GAMES; k++) {
            long seed = SplitMix64.derive(players, k);
            S s = g.newGame(seed);
            S twin = g.newGame(seed);
            assertEquals(s, twin, "the same seed deals the same game");
            assertEquals(List.of(), g.invariantViolations(s));
            SplittableRandom r = new SplittableRandom(seed);
            while (!s.isTerminal()) {
                assertTrue(s.currentPlayer() >= 0 && s.currentPlayer() < players);
                int a = randomAction(s, r);
                S before = s.copy();
                s.applyInPlace(a);
                twin.applyInPlace(a);
                assertEquals(s, twin, "the same actions give the same states");
                assertEquals(s.hashCode(), twin.hashCode());
                assertEquals(List.of(), g.stepViolations(before, a, s), () -> g.render(s));
            }
            assertEquals(-1, s.currentPlayer());
            assertEquals(0, s.legalActions().length);
            assertTrue(s.decisions() <= g.maxGameLength());
            assertFalse(s.isTruncated(), "random games end by the rules, well below the cap");
            assertTrue(s.winners().length >= 1);
            double[] returns = new double[players];
            s.returns(returns);
            assertEquals(0.0, Arrays.stream(returns).sum(), 1e-9, "terminal returns are zero-sum");
        }
    }

    /** Random games per game, player count and option variant played by the bounds check. */
    static final int BOUND_GAMES = 40;

    /**
     * Every observation random play produces, in every view, for every seat at every step
     * (terminal states included), lies within the bounds its segments declare, and those are
     * finite. Run for every variant of the game's options that has a fixed set of values
     * (booleans: both).
     */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void randomPlayNeverLeavesTheDeclaredObservationBounds(String id, int players) {
        int variant = 0;
        for (GameConfig config : optionVariants(id, players)) {
            @SuppressWarnings("unchecked")
            Game<S> g = (Game<S>) Games.create(id, config);
            List<Encoder<S>> encoders = new ArrayList<>();
            for (String view : Encoders.views(id)) {
                Encoder<S> e = Encoders.create(g, view);
                for (Segment seg : e.spec().segments()) {
                    for (int i = 0; i < seg.length(); i++) {
                        assertTrue(Float.isFinite(seg.low(i)) && Float.isFinite(seg.high(i))
                                && seg.low(i) <= seg.high(i), view + " " + seg);
                    }
                }
                encoders.add(e);
            }
            for (int k = 0; k < BOUND_GAMES; k++) {
                long seed = SplitMix64.derive(SplitMix64.derive(players * 131L, variant), k);
                S s = g.newGame(seed);
                SplittableRandom r = new SplittableRandom(seed);
                while (true) {
                    for (Encoder<S> e : encoders) {
                        float[] buf = new float[e.size()];
                        for (int p = 0; p < players; p++) {
                            e.encode(s, p, buf, 0);
                            String out = e.spec().outOfBounds(buf, 0);
                            if (out != null) {
                                S state = s;
                                int observer = p;
                                fail(id + " " + config + " " + e.view() + ", observer " + observer + ": " + out + "\n"
                                        + g.render(state));
                            }
                        }
                    }
                    if (s.isTerminal()) {
                        break;
                    }
                    s.applyInPlace(randomAction(s, r));
                }
            }
            variant++;
        }
    }

    /** The configs with {@code players}: every combination of the options' fixed values (booleans: both). */
    static List<GameConfig> optionVariants(String id, int players) {
        List<Map<String, Object>> variants = new ArrayList<>();
        variants.add(new LinkedHashMap<>());
        for (GameOption o : Games.provider(id).options()) {
            List<Object> values = !o.choices().isEmpty() ? o.choices()
                    : o.defaultValue() instanceof Boolean ? List.of(true, false) : List.of(o.defaultValue());
            List<Map<String, Object>> next = new ArrayList<>();
            for (Map<String, Object> v : variants) {
                for (Object value : values) {
                    Map<String, Object> m = new LinkedHashMap<>(v);
                    m.put(o.name(), value);
                    next.add(m);
                }
            }
            variants = next;
        }
        List<GameConfig> out = new ArrayList<>();
        for (Map<String, Object> v : variants) {
            out.add(new GameConfig(players, v));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void everyLegalActionIsAcceptedEveryOtherIdRejectedAndAHeldStateNeverChanges(String id,
                                                                                                          int players) {
        Game<S> g = typed(id, players);
        S s = g.newGame(players * 1000L + 3);
        SplittableRandom r = new SplittableRandom(players);
        int[] buf = new int[g.numDistinctActions()];
        byte[] mask = new byte[g.numDistinctActions() + 1];
        int[] scratch = new int[g.numDistinctActions()];
        while (!s.isTerminal()) {
            String json = g.toJson(s, false);
            S held = s.copy();
            int k = s.legalActions(buf);
            int[] legal = Arrays.copyOf(buf, k);
            assertArrayEquals(legal, s.legalActions());
            for (int i = 1; i < k; i++) {
                assertTrue(legal[i - 1] < legal[i], "legal actions are sorted and distinct");
            }
            for (int p = 0; p < players; p++) {
                mask[g.numDistinctActions()] = 9;
                Masks.write(s, p, mask, 0, g.numDistinctActions(), scratch);
                assertEquals(9, mask[g.numDistinctActions()], "the mask writes only its own range");
                for (int a = 0; a < g.numDistinctActions(); a++) {
                    boolean expected = p == s.currentPlayer() && Arrays.binarySearch(legal, a) >= 0;
                    assertEquals(expected ? 1 : 0, mask[a], "mask == legality for action " + g.actionName(a));
                    assertEquals(p == s.currentPlayer() && expected, p == s.currentPlayer() && s.isLegal(a));
                }
            }
            for (int a = -1; a <= g.numDistinctActions(); a++) {
                if (Arrays.binarySearch(legal, a) >= 0) {
                    S next = s.apply(a);
                    assertNotNull(next);
                } else {
                    final int bad = a;
                    IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.applyInPlace(bad));
                    assertEquals(bad, e.action());
                    assertThrows(IllegalActionException.class, () -> s.apply(bad));
                }
            }
            assertEquals(held, s, "neither apply nor a rejected applyInPlace changes the state");
            assertEquals(json, g.toJson(s, false));
            s.applyInPlace(legal[r.nextInt(k)]);
            assertNotEquals(json, g.toJson(s, false), "a decision changes the state");
            assertEquals(json, g.toJson(held, false), "a copy is not changed by its original's moves");
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void statesRoundTripThroughJsonAndRecordsReplayToTheIdenticalState(String id, int players) {
        Game<S> g = typed(id, players);
        for (int k = 0; k < 3; k++) {
            long seed = SplitMix64.derive(77, players * 10L + k);
            GameRecord.Recorder<S> rec = new GameRecord.Recorder<>(g, seed);
            S s = rec.newGame();
            SplittableRandom r = new SplittableRandom(seed);
            int step = 0;
            while (!s.isTerminal()) {
                if (step++ % 7 == 0) {
                    S back = g.fromJson(g.toJson(s, false));
                    assertEquals(s, back, "JSON round trip");
                    assertEquals(g.toJson(s, true), g.toJson(back, true));
                }
                rec.applyInPlace(s, randomAction(s, r));
            }
            assertEquals(s, g.fromJson(g.toJson(s, false)));
            GameRecord record = GameRecord.fromJson(rec.finish(s).toJson(false));
            assertEquals(rec.finish(s), record);
            assertEquals(s, record.replay(), "record -> replay -> identical state");
        }
    }

    // ------------------------------------------------------------------ no leak

    /**
     * States that differ only in what the observer cannot know encode identically, in every
     * view, and determinize identically. The variations come from the game's
     * {@link HiddenEdits} (edits of the JSON form), never from {@code determinize}.
     */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void changingOnlyWhatTheObserverCannotKnowChangesNoObservationAndNoDeterminization(
            String id, int players) {
        Game<S> g = typed(id, players);
        HiddenEdits edits = HiddenEdits.forGame(id).orElseThrow(() -> new AssertionError(id + " has no HiddenEdits"));
        List<Encoder<S>> encoders = new ArrayList<>();
        for (String view : Encoders.views(id)) {
            encoders.add(Encoders.create(g, view));
        }
        int varied = 0;
        for (int k = 0; k < GAMES; k++) {
            long seed = SplitMix64.derive(players * 31L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            int step = 0;
            while (!s.isTerminal()) {
                if (step++ % 5 == 0) {
                    int observer = r.nextInt(players);
                    for (String json : edits.variations(g.toJson(s, false), observer, r.nextLong(), 3)) {
                        S other = g.fromJson(json);
                        assertEquals(List.of(), g.invariantViolations(other), "a variation is a valid state");
                        varied++;
                        for (Encoder<S> e : encoders) {
                            float[] a = new float[e.size()];
                            float[] b = new float[e.size()];
                            e.encode(s, observer, a, 0);
                            e.encode(other, observer, b, 0);
                            assertArrayEquals(a, b, () -> e.view() + " leaks: segments " + differing(e.spec(), a, b));
                        }
                        long dseed = r.nextLong();
                        assertEquals(s.determinize(observer, dseed), other.determinize(observer, dseed),
                                "determinize depends only on the observer's information");
                    }
                }
                s.applyInPlace(randomAction(s, r));
            }
        }
        assertTrue(varied > 0, "the generator made variations");
    }

    /** Random games per game and player count played by the action-name check. */
    static final int NAME_GAMES = 4;
    /** Pairs of legal actions compared per decision state and observer by the action-name check. */
    static final int NAME_PAIRS = 60;

    /**
     * The names an observer reads for another seat's actions tell no more than their information
     * state: when two legal actions leave observer o's {@code information_state} observation the
     * same (applied to copies, which carry the same random stream) while the acting seat's own
     * information state tells them apart, the difference is hidden from o, and o reads the same
     * {@link GameState#actionNameFor} for both. (Actions that even the actor's information state
     * cannot tell apart afterwards, e.g. a placement whose round resolved and cleared the board in
     * the same step, were seen by all and forgotten by the encoding, not hidden.) The acting seat
     * reads the full name; a seat outside the game is refused.
     */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void anObserverReadsTheSameActionNameForActionsTheirInformationStateCannotTellApart(
            String id, int players) {
        Game<S> g = typed(id, players);
        Encoder<S> e = Encoders.create(g, Encoders.INFORMATION_STATE);
        float[] a = new float[e.size()];
        float[] b = new float[e.size()];
        for (int k = 0; k < NAME_GAMES; k++) {
            long seed = SplitMix64.derive(players * 53L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            while (!s.isTerminal()) {
                int p = s.currentPlayer();
                int[] legal = s.legalActions();
                for (int x : legal) {
                    assertEquals(s.actionName(x), s.actionNameFor(p, x), "the acting seat reads the full name");
                }
                S state = s;
                assertThrows(IllegalArgumentException.class, () -> state.actionNameFor(players, legal[0]));
                assertThrows(IllegalArgumentException.class, () -> state.actionNameFor(-1, legal[0]));
                if (legal.length > 1) {
                    List<S> after = new ArrayList<>(legal.length);
                    for (int x : legal) {
                        after.add(s.apply(x));
                    }
                    for (int o = 0; o < players; o++) {
                        if (o == p) {
                            continue;
                        }
                        int pairs = legal.length * (legal.length - 1) / 2;
                        for (int t = 0; t < Math.min(pairs, NAME_PAIRS); t++) {
                            int i;
                            int j;
                            if (pairs <= NAME_PAIRS) {
                                // every pair, in order: t -> (i, j) with i < j
                                i = 0;
                                int rest = t;
                                while (rest >= legal.length - 1 - i) {
                                    rest -= legal.length - 1 - i;
                                    i++;
                                }
                                j = i + 1 + rest;
                            } else {
                                i = r.nextInt(legal.length);
                                j = r.nextInt(legal.length - 1);
                                j += j >= i ? 1 : 0;
                            }
                            e.encode(after.get(i), o, a, 0);
                            e.encode(after.get(j), o, b, 0);
                            if (Arrays.equals(a, b) && actorTellsApart(e, after.get(i), after.get(j), p, a, b)) {
                                int observer = o;
                                int x = legal[i];
                                int y = legal[j];
                                assertEquals(s.actionNameFor(o, x), s.actionNameFor(o, y),
                                        () -> "observer " + observer + " cannot tell " + s.actionName(x) + " from "
                                                + s.actionName(y) + " by the information state, but reads different names\n"
                                                + g.render(state));
                            }
                        }
                    }
                }
                s.applyInPlace(randomAction(s, r));
            }
        }
    }

    /**
     * The same across hidden variations: for a state s and a variation v that observer o cannot tell
     * apart (from the game's {@link HiddenEdits}, never from {@code determinize}), an action x in s
     * and an action y in v (the same action or another) that leave o's {@code information_state}
     * the same read the same {@link GameState#actionNameFor} for o, unless the acting seat's own
     * information state cannot tell the two results apart either (see the check above). This
     * catches a name that tells something only together with the hidden part, e.g. an index
     * into a hand or a dealt pair that o has not seen.
     */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void anObserverReadsTheSameActionNameAcrossHiddenVariationsTheyCannotTellApart(
            String id, int players) {
        Game<S> g = typed(id, players);
        HiddenEdits edits = HiddenEdits.forGame(id).orElseThrow(() -> new AssertionError(id + " has no HiddenEdits"));
        Encoder<S> e = Encoders.create(g, Encoders.INFORMATION_STATE);
        float[] a = new float[e.size()];
        float[] b = new float[e.size()];
        for (int k = 0; k < NAME_GAMES; k++) {
            long seed = SplitMix64.derive(players * 59L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            int step = 0;
            while (!s.isTerminal()) {
                int p = s.currentPlayer();
                if (step++ % 3 == 0) {
                    int o = (p + 1 + r.nextInt(players - 1)) % players;
                    int[] legal = s.legalActions();
                    for (String json : edits.variations(g.toJson(s, false), o, r.nextLong(), 2)) {
                        S v = g.fromJson(json);
                        int[] vlegal = v.legalActions();
                        int pairs = legal.length * vlegal.length;
                        for (int t = 0; t < Math.min(pairs, NAME_PAIRS); t++) {
                            int i = pairs <= NAME_PAIRS ? t / vlegal.length : r.nextInt(legal.length);
                            int j = pairs <= NAME_PAIRS ? t % vlegal.length : r.nextInt(vlegal.length);
                            S afterX = s.apply(legal[i]);
                            S afterY = v.apply(vlegal[j]);
                            e.encode(afterX, o, a, 0);
                            e.encode(afterY, o, b, 0);
                            if (Arrays.equals(a, b) && actorTellsApart(e, afterX, afterY, p, a, b)) {
                                int observer = o;
                                int x = legal[i];
                                int y = vlegal[j];
                                S state = s;
                                assertEquals(s.actionNameFor(o, x), v.actionNameFor(o, y),
                                        () -> "observer " + observer + " cannot tell " + state.actionName(x)
                                                + " in one hidden variation from " + v.actionName(y)
                                                + " in another, but reads different names\n" + g.render(state)
                                                + "\nvariation:\n" + g.render(v));
                            }
                        }
                    }
                }
                s.applyInPlace(randomAction(s, r));
            }
        }
        // no "compared > 0" here: where every hidden part is hidden from the actor too (a deck's
        // order), the actor cannot tell the results apart and no pair is compared
    }

    /** Whether seat p's information state tells x from y (scratch buffers a and b are overwritten). */
    static <S extends GameState<S>> boolean actorTellsApart(Encoder<S> e, S x, S y, int p, float[] a, float[] b) {
        e.encode(x, p, a, 0);
        e.encode(y, p, b, 0);
        return !Arrays.equals(a, b);
    }

    static String differing(ObservationSpec spec, float[] a, float[] b) {
        List<String> names = new ArrayList<>();
        for (Segment seg : spec.segments()) {
            if (!Arrays.equals(a, seg.offset(), seg.end(), b, seg.offset(), seg.end())) {
                names.add(seg.name());
            }
        }
        return names.toString();
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void aDeterminizationIsAValidStateTheObserverCannotTellApart(String id, int players) {
        Game<S> g = typed(id, players);
        S s = g.newGame(players + 40);
        SplittableRandom r = new SplittableRandom(players);
        while (!s.isTerminal()) {
            int observer = r.nextInt(players);
            S d = s.determinize(observer, r.nextLong());
            assertEquals(List.of(), g.invariantViolations(d));
            assertEquals(s.currentPlayer(), d.currentPlayer());
            if (observer == s.currentPlayer()) {
                // the player to act knows what they may do; another observer may not (it can hang on
                // what is hidden from them, e.g. cards only the actor has seen)
                assertArrayEquals(s.legalActions(), d.legalActions(), "the actor's legal actions are known to them");
            }
            for (String view : Encoders.views(id)) {
                Encoder<S> e = Encoders.create(g, view);
                float[] a = new float[e.size()];
                float[] b = new float[e.size()];
                e.encode(s, observer, a, 0);
                e.encode(d, observer, b, 0);
                assertArrayEquals(a, b, () -> view + " differs: " + differing(e.spec(), a, b));
            }
            s.applyInPlace(randomAction(s, r));
        }
    }

    /**
     * {@link GameState#reseed} changes nothing any seat has seen: every seat's observation in every
     * view is the same before and after (the env module's {@code ReseedTest} checks the views,
     * boards and piles).
     */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void aReseededStateEncodesAsBeforeForEverySeat(String id, int players) {
        Game<S> g = typed(id, players);
        List<Encoder<S>> encoders = new ArrayList<>();
        for (String view : Encoders.views(id)) {
            encoders.add(Encoders.create(g, view));
        }
        S s = g.newGame(players + 50);
        SplittableRandom r = new SplittableRandom(players + 50);
        for (int step = 0; ; step++) {
            if (step % 3 == 0 || s.isTerminal()) {
                S t = s.copy();
                t.reseed(r.nextLong());
                for (int seat = 0; seat < players; seat++) {
                    for (Encoder<S> e : encoders) {
                        float[] a = new float[e.size()];
                        float[] b = new float[e.size()];
                        e.encode(s, seat, a, 0);
                        e.encode(t, seat, b, 0);
                        assertArrayEquals(a, b, () -> e.view() + " changed by reseed: " + differing(e.spec(), a, b));
                    }
                }
            }
            if (s.isTerminal()) {
                break;
            }
            s.applyInPlace(randomAction(s, r));
        }
    }

    // ------------------------------------------------------------------ envs

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void theAecEnvGivesZeroSumTerminalRewardsAndRefusesToStepAnEndedGame(String id, int players) {
        Game<S> g = typed(id, players);
        AecEnv<S> env = new AecEnv<>(g, RewardMode.TERMINAL);
        assertThrows(IllegalStateException.class, () -> env.step(0), "before reset");
        env.reset(4);
        SplittableRandom r = new SplittableRandom(4);
        int steps = 0;
        while (env.currentPlayer() >= 0) {
            int[] legal = env.legalActions();
            env.step(legal[r.nextInt(legal.length)]);
            steps++;
            if (env.currentPlayer() >= 0) {
                for (int q = 0; q < players; q++) {
                    assertEquals(0.0, env.reward(q));
                }
            }
        }
        assertTrue(env.terminated() ^ env.truncated());
        double sum = 0;
        for (int q = 0; q < players; q++) {
            sum += env.reward(q);
            assertEquals(env.reward(q), env.cumulativeReward(q));
        }
        assertEquals(0.0, sum, 1e-12);
        for (int w : env.info().winners()) {
            assertTrue(env.info().winners().length == players || env.reward(w) > 0);
        }
        assertThrows(IllegalStateException.class, () -> env.step(0));
        assertEquals(steps, env.info().decisions());
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void theShapedRewardSumsToTheFinalScoreDifference(String id, int players) {
        Game<S> g = typed(id, players);
        AecEnv<S> env = new AecEnv<>(g, RewardMode.SCORE_DIFFERENCE);
        env.reset(9);
        SplittableRandom r = new SplittableRandom(9);
        while (env.currentPlayer() >= 0) {
            int[] legal = env.legalActions();
            env.step(legal[r.nextInt(legal.length)]);
        }
        int[] score = env.info().scores();
        for (int p = 0; p < players; p++) {
            double others = 0;
            for (int q = 0; q < players; q++) {
                others += q == p ? 0 : score[q];
            }
            assertEquals(score[p] - others / (players - 1), env.cumulativeReward(p), 1e-9);
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void anIllegalActionRaisesAndChangesNothingOrUnderLoseEndsTheEpisodeAsALoss(String id,
                                                                                                         int players) {
        Game<S> g = typed(id, players);
        SingleEnv<S> env = new SingleEnv<>(new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL));
        env.reset(1);
        int bad = firstIllegal(env.legalActions(), g.numDistinctActions());
        String before = g.toJson(env.state(), false);
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> env.step(bad));
        assertTrue(e.getMessage().contains("legal actions"), e.getMessage());
        assertEquals(before, g.toJson(env.state(), false));

        SingleEnv<S> lose = new SingleEnv<>(new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL, null,
                IllegalActionMode.LOSE, dev.kaisen.env.Agents.factory(g)));
        lose.reset(1);
        lose.step(bad);
        assertTrue(lose.done() && lose.terminated() && !lose.truncated());
        assertEquals(-1.0, lose.reward());
        assertEquals(0, lose.info().forfeitedBy());
        assertEquals(EnvInfo.FORFEIT, lose.info().endReason());
        assertTrue(lose.info().illegal().contains("illegal action " + bad), lose.info().illegal());
        assertEquals(players - 1, lose.info().winners().length);
        assertEquals(0, lose.legalActions().length);
        assertThrows(IllegalStateException.class, () -> lose.step(bad));
        assertThrows(IllegalStateException.class, () -> lose.step(-5));

        AecEnv<S> aec = new AecEnv<>(g, RewardMode.TERMINAL, IllegalActionMode.LOSE, null);
        aec.reset(1);
        int offender = aec.currentPlayer();
        aec.step(firstIllegal(aec.legalActions(), g.numDistinctActions()));
        assertEquals(-1, aec.currentPlayer());
        assertTrue(aec.terminated());
        double sum = 0;
        for (int p = 0; p < players; p++) {
            sum += aec.reward(p);
            assertEquals(p == offender ? -1.0 : 1.0 / (players - 1), aec.reward(p), 1e-12);
        }
        assertEquals(0.0, sum, 1e-12);
    }

    static int firstIllegal(int[] legal, int numActions) {
        for (int a = 0; a < numActions; a++) {
            if (Arrays.binarySearch(legal, a) < 0) {
                return a;
            }
        }
        return numActions; // every id legal: one past the end is still illegal
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void theSingleLearnerEnvReturnsControlOnlyAtTheLearnersDecisions(String id, int players) {
        Game<S> g = typed(id, players);
        List<String> opponents = new ArrayList<>();
        for (int p = 1; p < players; p++) {
            opponents.add(p % 2 == 1 && !g.botNames().isEmpty() ? g.botNames().get(0) : "random");
        }
        SingleEnv<S> env = new SingleEnv<>(new SingleEnv.Config<>(g, -1, opponents, RewardMode.TERMINAL));
        Set<Integer> seats = new HashSet<>();
        for (long seed = 0; seed < 8L * players; seed++) {
            env.reset(seed);
            seats.add(env.learnerSeat());
            SplittableRandom r = new SplittableRandom(seed);
            while (!env.done()) {
                assertEquals(env.learnerSeat(), env.state().currentPlayer());
                int[] legal = env.legalActions();
                env.step(legal[r.nextInt(legal.length)]);
            }
            assertEquals(env.reward(), env.episodeReturn(), "terminal reward only");
        }
        assertEquals(players, seats.size(), "a random learner seat per episode");
        assertThrows(IllegalArgumentException.class, () -> new SingleEnv.Config<>(g, 0,
                java.util.Collections.nCopies(players, "random"), RewardMode.TERMINAL));
        assertThrows(IllegalArgumentException.class,
                () -> new SingleEnv.Config<>(g, 0, List.of("nobody"), RewardMode.TERMINAL));
    }

    /** The vectorized env equals N single envs stepped one by one with the same seeds, across auto-resets. */
    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void theVectorEnvEqualsNSingleEnvsSteppedOneByOneAcrossAutoResets(String id, int players,
                                                                                              @TempDir Path dir) {
        Game<S> g = typed(id, players);
        // 64+ envs on 2 threads, so the split across workers (32 envs each at least) is exercised too
        int n = players == 2 ? 5 : 64 + players;
        int threads = players == 2 ? 1 : 2;
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, -1, List.of("random"), RewardMode.TERMINAL);
        long base = 77;
        try (VectorEnv<S> vec = new VectorEnv<>(n, config, base, threads, dir.resolve("buffers"))) {
            List<SingleEnv<S>> singles = new ArrayList<>();
            long[] episode = new long[n];
            for (int i = 0; i < n; i++) {
                singles.add(new SingleEnv<>(config));
                singles.get(i).reset(SplitMix64.derive(SplitMix64.derive(base, i), 0));
            }
            vec.reset();
            BufferLayout layout = vec.layout();
            ByteBuffer buf = vec.buffer().duplicate().order(ByteOrder.LITTLE_ENDIAN);
            int obsSize = singles.get(0).encoder().size();
            int numActions = g.numDistinctActions();
            assertEquals(List.of(n, obsSize), layout.region("observations").shape());
            assertEquals(List.of(n, numActions), layout.region("masks").shape());
            float[] expectObs = new float[obsSize];
            byte[] expectMask = new byte[numActions];
            SplittableRandom r = new SplittableRandom(5);
            int resets = 0;
            for (int step = 0; step < 300; step++) {
                for (int i = 0; i < n; i++) {
                    SingleEnv<S> single = singles.get(i);
                    single.observe(expectObs, 0);
                    single.mask(expectMask, 0);
                    assertArrayEquals(expectObs, floats(buf, layout.offset("observations") + i * obsSize * 4, obsSize),
                            "env " + i + " step " + step);
                    assertArrayEquals(expectMask, bytes(buf, layout.offset("masks") + i * numActions, numActions));
                    assertEquals(single.learnerSeat(), buf.getInt(layout.offset("learner_seat") + 4 * i));
                }
                int[] actions = new int[n];
                for (int i = 0; i < n; i++) {
                    int[] legal = singles.get(i).legalActions();
                    actions[i] = legal[r.nextInt(legal.length)];
                }
                vec.step(actions);
                for (int i = 0; i < n; i++) {
                    SingleEnv<S> single = singles.get(i);
                    single.step(actions[i]);
                    assertEquals((float) single.reward(), buf.getFloat(layout.offset("rewards") + 4 * i));
                    assertEquals(single.terminated() ? 1 : 0, buf.get(layout.offset("terminated") + i));
                    assertEquals(single.truncated() ? 1 : 0, buf.get(layout.offset("truncated") + i));
                    if (single.done()) {
                        single.observe(expectObs, 0);
                        assertArrayEquals(expectObs,
                                floats(buf, layout.offset("final_observations") + i * obsSize * 4, obsSize));
                        int winners = 0;
                        for (int w : single.info().winners()) {
                            winners |= 1 << w;
                        }
                        assertEquals(winners, buf.getInt(layout.offset("final_winners") + 4 * i));
                        for (int p = 0; p < players; p++) {
                            assertEquals(single.info().scores()[p],
                                    buf.getInt(layout.offset("final_scores") + 4 * (i * players + p)));
                        }
                        assertEquals(single.learnerSeat(), buf.getInt(layout.offset("final_learner_seat") + 4 * i));
                        assertEquals(0, buf.get(layout.offset("final_forfeited") + i));
                        assertEquals((float) single.episodeReturn(), buf.getFloat(layout.offset("episode_return") + 4 * i));
                        assertEquals(single.episodeLength(), buf.getInt(layout.offset("episode_length") + 4 * i));
                        single.reset(SplitMix64.derive(SplitMix64.derive(base, i), ++episode[i]));
                        resets++;
                    }
                }
            }
            assertTrue(resets > 0, "auto-resets happened: " + resets);
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void aBadActionInTheVectorEnvStepsNoEnv(String id, int players) {
        Game<S> g = typed(id, players);
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL);
        try (VectorEnv<S> vec = new VectorEnv<>(3, config, 1, 1)) {
            vec.reset();
            int[] actions = new int[3];
            for (int i = 0; i < 3; i++) {
                actions[i] = vec.env(i).legalActions()[0];
            }
            String before = g.toJson(vec.env(0).state(), false) + g.toJson(vec.env(2).state(), false);
            actions[1] = firstIllegal(vec.env(1).legalActions(), g.numDistinctActions());
            IllegalActionException e = assertThrows(IllegalActionException.class, () -> vec.step(actions));
            assertTrue(e.getMessage().startsWith("env 1: illegal action " + actions[1]), e.getMessage());
            assertTrue(e.getMessage().endsWith("no env was stepped"), e.getMessage());
            assertEquals(before, g.toJson(vec.env(0).state(), false) + g.toJson(vec.env(2).state(), false));
            assertThrows(IllegalArgumentException.class, () -> vec.step(new int[2]));
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void underLoseAnIllegalActionEndsOnlyThatEnvsEpisodeAndTheBuffersSaySo(String id,
                                                                                                  int players) {
        Game<S> g = typed(id, players);
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL, null,
                IllegalActionMode.LOSE, dev.kaisen.env.Agents.factory(g));
        try (VectorEnv<S> vec = new VectorEnv<>(2, config, 1, 1)) {
            vec.reset();
            int[] actions = {vec.env(0).legalActions()[0], firstIllegal(vec.env(1).legalActions(), g.numDistinctActions())};
            vec.step(actions);
            BufferLayout layout = vec.layout();
            ByteBuffer buf = vec.buffer().duplicate().order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(1, buf.get(layout.offset("terminated") + 1));
            assertEquals(1, buf.get(layout.offset("final_forfeited") + 1));
            assertEquals(-1f, buf.getFloat(layout.offset("rewards") + 4));
            assertEquals(0, buf.get(layout.offset("final_forfeited")));
            assertFalse(vec.env(1).done(), "auto-reset started the next episode");
        }
    }

    static float[] floats(ByteBuffer buf, int offset, int count) {
        float[] out = new float[count];
        for (int k = 0; k < count; k++) {
            out[k] = buf.getFloat(offset + 4 * k);
        }
        return out;
    }

    static byte[] bytes(ByteBuffer buf, int offset, int count) {
        byte[] out = new byte[count];
        for (int k = 0; k < count; k++) {
            out[k] = buf.get(offset + k);
        }
        return out;
    }
}
