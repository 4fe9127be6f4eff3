package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.Json;
import dev.kaisen.env.RecordFolder;
import dev.kaisen.env.SelfPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search handle on every game of the jar: round trips, pure children, clear errors that change nothing. */
class StateHandleTest {
    private final KaisenGateway gateway = new KaisenGateway();

    private StateHandle played(String game, long seed, int steps) {
        StateHandle s = gateway.newState(game, null, null, seed);
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < steps && !s.isTerminal(); i++) {
            int[] legal = s.legalActions();
            s.apply(legal[rng.nextInt(legal.length)]);
        }
        return s;
    }

    @Test
    void jsonRoundTripsAndChildrenLeaveTheirParentAlone() {
        for (String game : Games.ids()) {
            StateHandle s = played(game, 3, 5);
            String json = s.toJson(false);
            StateHandle t = gateway.newState(game, s.configJson(), json, 0);
            assertEquals(json, t.toJson(false), game);
            for (int seat = 0; seat < s.numPlayers(); seat++) {
                assertArrayEquals(s.observationFloats(seat, null), t.observationFloats(seat, null), game);
            }
            int a = s.legalActions()[0];
            StateHandle child = s.child(a);
            assertEquals(json, s.toJson(false), game + ": child changed its parent");
            StateHandle copy = s.copy();
            copy.apply(a);
            assertEquals(json, s.toJson(false), game + ": applying to a copy changed the original");
            assertEquals(child.toJson(false), copy.toJson(false), game);
        }
    }

    @Test
    void badInputIsAClearErrorAndChangesNothing() {
        for (String game : Games.ids()) {
            StateHandle s = played(game, 4, 3);
            String json = s.toJson(false);
            int[] legal = s.legalActions();
            int illegal = -1;
            for (int a = 0; a < s.numDistinctActions() && illegal < 0; a++) {
                if (Arrays.binarySearch(legal, a) < 0) {
                    illegal = a;
                }
            }
            if (illegal >= 0) {
                int bad = illegal;
                assertThrows(IllegalActionException.class, () -> s.apply(bad));
                assertThrows(IllegalActionException.class, () -> s.child(bad));
            }
            IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                    () -> s.apply(s.numDistinctActions()));
            assertTrue(range.getMessage().contains("out of range"), range.getMessage());
            assertThrows(IllegalArgumentException.class, () -> s.observation(s.numPlayers(), null));
            assertThrows(IllegalArgumentException.class, () -> s.observation(0, "no-such-view"));
            assertThrows(IllegalArgumentException.class, () -> s.applyExpecting(legal[0], "[{\"event\": \"x\"}]"));
            assertThrows(IllegalArgumentException.class, () -> s.applyExpecting(legal[0], "not json"));
            assertEquals(json, s.toJson(false), game);
            assertThrows(GameFormatException.class, () -> gateway.newState(game, null, "{", 0));
            assertThrows(GameFormatException.class, () -> gateway.newState(game, null, " ", 0).toJson(false));
        }
    }

    @Test
    void aStateOfAnotherGameOrPlayerCountIsRefused() {
        String osaka = played("osaka", 1, 4).toJson(false);
        assertThrows(GameFormatException.class, () -> gateway.newState("tokaido", null, osaka, 0));
        assertThrows(GameFormatException.class, () -> gateway.newState("osaka", "{\"players\": 3}", osaka, 0));
    }

    /** Probe 3, defect 12: the JSON text null was a NullPointerException in every game's reader. */
    @Test
    void aStateThatIsNotAJsonObjectIsNamedSo() {
        for (String game : Games.ids()) {
            GameFormatException e = assertThrows(GameFormatException.class, () -> gateway.newState(game, null, "null", 0));
            assertEquals("a state of " + game + " is a JSON object in " + game + "'s state format, not null",
                    e.getMessage());
            e = assertThrows(GameFormatException.class, () -> gateway.newState(game, null, " [1, 2] ", 0));
            assertTrue(e.getMessage().endsWith(", not a JSON array"), e.getMessage());
            e = assertThrows(GameFormatException.class, () -> gateway.newState(game, null, "\"x\"", 0));
            assertTrue(e.getMessage().endsWith(", not a JSON string"), e.getMessage());
        }
        VectorHandle vec = gateway.newVectorEnv("tokaido", null, 2, 0, "random", "terminal", null, "raise", 1, 1,
                false, null);
        try {
            vec.reset();
            String before = vec.stateJson(0);
            for (String bad : new String[] {"null", "7"}) {
                GameFormatException e = assertThrows(GameFormatException.class, () -> vec.checkStartFromState(0, bad, 1));
                assertTrue(e.getMessage().startsWith("a state of tokaido is a JSON object"), e.getMessage());
                e = assertThrows(GameFormatException.class, () -> vec.resetFromState(1, bad, 1));
                assertTrue(e.getMessage().startsWith("a state of tokaido is a JSON object"), e.getMessage());
            }
            assertEquals(before, vec.stateJson(0));
        } finally {
            vec.close();
        }
    }

    /** Probe 3, defect 13: another game's state met Jackson's field errors ("Cannot map null into type int"). */
    @Test
    void aStateOfAnotherGameNamesBothGames() {
        Map<String, String> states = new LinkedHashMap<>();
        for (String game : Games.ids()) {
            states.put(game, played(game, 5, 3).toJson(false));
        }
        for (String game : Games.ids()) {
            for (Map.Entry<String, String> other : states.entrySet()) {
                if (other.getKey().equals(game)) {
                    continue;
                }
                String format = (String) Json.read(other.getValue(), Map.class).get("format");
                GameFormatException e = assertThrows(GameFormatException.class,
                        () -> gateway.newState(game, null, other.getValue(), 0));
                assertEquals("this is a " + other.getKey() + " state (format " + format + "); this game is " + game
                        + ": give a state of " + game, e.getMessage());
            }
        }
        String record = "{\"format\": \"" + GameRecord.FORMAT + "\", \"game\": \"osaka\"}";
        GameFormatException e = assertThrows(GameFormatException.class, () -> gateway.newState("osaka", null, record, 0));
        assertEquals("this is a game record (format kaisen.record/1), not a state of osaka", e.getMessage());
    }

    @Test
    void applyReportsChanceAndTheStatusAndTheEnvsStartFromAState() {
        StateHandle s = played("osaka", 2, 10);
        String json = s.toJson(false);
        StateHandle fresh = gateway.newState("osaka", null, null, 2);
        assertNotEquals(json, fresh.toJson(false));
        AecHandle aec = gateway.newAecEnv("osaka", null, "terminal", null, "raise", null);
        try {
            aec.resetFromState(json);
            assertEquals(json, aec.stateJson());
            assertThrows(GameFormatException.class, () -> aec.resetFromState("{"));
            assertEquals(json, aec.stateJson());
        } finally {
            aec.close();
        }
        String applied = s.apply(s.legalActions()[0]);
        assertTrue(applied.startsWith("{\"chance\":[") && applied.contains("\"status\":{\"player\":"), applied);
    }

    @Test
    void aDealChecksItsSetupChanceAgainstTheRecordsOpeningSteps() {
        for (String game : Games.ids()) {
            Game<?> g = Games.create(game);
            String setup = setupChance(g, 6);
            StateHandle dealt = gateway.newStateExpecting(game, null, 6, setup);
            assertEquals(gateway.newState(game, null, null, 6).toJson(false), dealt.toJson(false), game);
            if (!setup.equals("[]")) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> gateway.newStateExpecting(game, null, 7, setup), game);
                assertTrue(e.getMessage().contains("from seed 7"), e.getMessage());
            }
            assertThrows(IllegalArgumentException.class, () -> gateway.newStateExpecting(game, null, 6, "[{\"event\": 1}]"));
            assertThrows(IllegalArgumentException.class, () -> gateway.newStateExpecting(game, null, 6, "not json"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRecordedDealGivesTheOpeningStepsOfSelfPlaysRecordOfTheSameSeed(@TempDir Path dir) throws Exception {
        for (String game : Games.ids()) {
            Game<?> g = Games.create(game);
            Path records = dir.resolve(game);
            SelfPlay.run(g, new SelfPlay.Options(1, java.util.Collections.nCopies(g.numPlayers(), "random"), 5, false,
                    records, 1));
            GameRecord written = GameRecord.read(RecordFolder.file(records, 0));
            List<GameRecord.Step> opening = new ArrayList<>();
            for (GameRecord.Step step : written.steps()) {
                if (step.type().equals(GameRecord.DECISION)) {
                    break;
                }
                opening.add(step);
            }
            StateHandle.Dealt dealt = gateway.dealRecorded(game, null, written.seed());
            assertEquals(Json.write(opening, false), dealt.setupJson(), game + ": the same steps, in record format");
            assertEquals(gateway.newState(game, null, null, written.seed()).toJson(false), dealt.state().toJson(false));
            // the state plays on: a record made of these steps and the moves from here replays
            StateHandle s = dealt.state();
            List<Object> steps = new ArrayList<>(Json.mapper().readValue(dealt.setupJson(), List.class));
            SplittableRandom rng = new SplittableRandom(5);
            while (!s.isTerminal()) {
                int[] legal = s.legalActions();
                int action = legal[rng.nextInt(legal.length)];
                steps.add(Map.of("type", "decision", "player", s.currentPlayer(), "action", action));
                for (Object c : (List<?>) Json.mapper().readValue(s.apply(action), Map.class).get("chance")) {
                    Map<String, Object> step = new LinkedHashMap<>();
                    step.put("type", "chance");
                    step.putAll((Map<String, Object>) c);
                    steps.add(step);
                }
            }
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("format", GameRecord.FORMAT);
            record.put("game", game);
            record.put("config", g.config().toMap());
            record.put("seed", written.seed());
            record.put("steps", steps);
            GameState<?> replayed = GameRecord.fromJson(Json.write(record, false)).replay(); // checks every step
            assertEquals(s.toJson(false), stateJson(g, replayed), game);
        }
    }

    @SuppressWarnings("unchecked")
    private static <S extends GameState<S>> String stateJson(Game<S> game, GameState<?> state) {
        return game.toJson((S) state, false);
    }

    /** The opening chance steps of a record of {@code g} dealt from {@code seed}, as a JSON list of {event, data}. */
    private static String setupChance(Game<?> g, long seed) {
        List<Map<String, Object>> out = new ArrayList<>();
        g.newGame(seed, (event, data) -> {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("event", event);
            step.put("data", data);
            out.add(step);
        });
        return Json.write(out, false);
    }

    @Test
    void theGatewayChecksARecordAsTheReplayCommandDoesAndTheEnvHandlesWriteThem() {
        for (String game : Games.ids()) {
            AecHandle aec = gateway.newAecEnv(game, null, "terminal", null, "raise", null);
            try {
                assertThrows(IllegalStateException.class, aec::recordJson, "recording is off by default");
                aec.setRecording(true);
                aec.reset(12);
                StateHandle s = gateway.newState(game, null, aec.stateJson(), 0);
                SplittableRandom rng = new SplittableRandom(12);
                for (int i = 0; i < 30 && !s.isTerminal(); i++) {
                    int[] legal = s.legalActions();
                    int a = legal[rng.nextInt(legal.length)];
                    aec.step(a);
                    s.apply(a);
                }
                String record = aec.recordJson();
                Map<String, Object> out = Json.mapper().convertValue(Json.mapper().readTree(gateway.replayRecord(record)),
                        Map.class);
                assertEquals(game, out.get("game"));
                assertEquals(aec.stateJson(), out.get("state"), game + ": the record replays to the env's state");
                String wrong = record.replaceFirst("\"seed\" : 12", "\"seed\" : 13");
                assertNotEquals(record, wrong);
                GameFormatException e = assertThrows(GameFormatException.class, () -> gateway.replayRecord(wrong));
                assertTrue(e.getMessage().startsWith("step "), e.getMessage());
                assertThrows(GameFormatException.class, () -> gateway.replayRecord("{"));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new AssertionError(e);
            } finally {
                aec.close();
            }
        }
    }
}
