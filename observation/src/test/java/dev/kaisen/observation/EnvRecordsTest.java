package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.SplitMix64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Game records written by the envs (recording on), for every registered game and player count:
 * they hold every seat's decisions (the single-learner env's opponents included) and every chance
 * outcome, replay to the env's final state, and recording changes nothing about the episode.
 */
class EnvRecordsTest {
    static Stream<Arguments> games() {
        return ConformanceTest.games();
    }

    private static long decisionSteps(GameRecord r) {
        return r.steps().stream().filter(s -> GameRecord.DECISION.equals(s.type())).count();
    }

    private static <S extends GameState<S>> void assertReplays(GameRecord record, S end) {
        GameRecord read = GameRecord.fromJson(record.toJson(true));
        assertEquals(record, read, "JSON round trip");
        assertEquals(end, read.replay(), "record -> replay -> the env's state");
        assertEquals(GameRecord.Result.of(end), read.result());
        assertEquals(end.decisions(), decisionSteps(read), "every decision, every seat's");
    }

    @ParameterizedTest(name = "{0} {1}p")
    @MethodSource("games")
    <S extends GameState<S>> void singleEnvRecordsEveryDecisionIncludingTheOpponentsAndChangesNothing(String id,
                                                                                                      int players) {
        Game<S> g = ConformanceTest.typed(id, players);
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, -1, List.of("random"), RewardMode.TERMINAL);
        SingleEnv<S> recorded = new SingleEnv<>(config);
        SingleEnv<S> plain = new SingleEnv<>(config);
        recorded.recording(true);
        assertTrue(recorded.recording());
        assertFalse(plain.recording());
        GameRecord last = null;
        for (int episode = 0; episode < 3; episode++) {
            long seed = SplitMix64.derive(11, episode);
            recorded.reset(seed);
            plain.reset(seed);
            if (last == null) {
                assertThrows(IllegalStateException.class, recorded::finishedRecord, "no episode has ended yet");
            } else {
                // as a vector env's auto-reset needs it: the finished episode's record outlives the next reset
                assertEquals(last, recorded.finishedRecord(), "the last finished episode's record");
            }
            SplittableRandom rng = new SplittableRandom(seed);
            while (!recorded.done()) {
                int[] legal = recorded.legalActions();
                int a = legal[rng.nextInt(legal.length)];
                recorded.step(a);
                plain.step(a);
                assertEquals(plain.state(), recorded.state(), "recording changes nothing");
                if (rng.nextInt(20) == 0) {
                    assertReplays(recorded.record(), recorded.state()); // mid-episode: the record so far
                }
            }
            assertEquals(plain.reward(), recorded.reward());
            GameRecord record = recorded.record();
            assertEquals(seed, record.seed());
            assertEquals(id, record.game());
            assertTrue(decisionSteps(record) > recorded.episodeLength(), "the opponents' moves are in it");
            assertReplays(record, recorded.state());
            assertEquals(record, recorded.finishedRecord());
            last = record;
            IllegalStateException off = assertThrows(IllegalStateException.class, plain::record);
            assertTrue(off.getMessage().contains("recording was off"), off.getMessage());
        }
    }

    @ParameterizedTest(name = "{0} {1}p")
    @MethodSource("games")
    <S extends GameState<S>> void aecEnvRecordsEveryStepAndReplaysToItsState(String id, int players) {
        Game<S> g = ConformanceTest.typed(id, players);
        AecEnv<S> recorded = new AecEnv<>(g, RewardMode.SCORE_DIFFERENCE);
        AecEnv<S> plain = new AecEnv<>(g, RewardMode.SCORE_DIFFERENCE);
        assertThrows(IllegalStateException.class, recorded::record, "no episode yet");
        recorded.recording(true);
        recorded.reset(5);
        plain.reset(5);
        SplittableRandom rng = new SplittableRandom(5);
        while (!recorded.done()) {
            int[] legal = recorded.legalActions();
            int a = legal[rng.nextInt(legal.length)];
            recorded.step(a);
            plain.step(a);
            for (int p = 0; p < players; p++) {
                assertEquals(plain.reward(p), recorded.reward(p));
            }
        }
        assertEquals(plain.state(), recorded.state(), "recording changes nothing");
        GameRecord record = recorded.record();
        assertReplays(record, recorded.state());
        assertTrue(recorded.state().isTerminal());
        assertFalse(record.result().winners().isEmpty());
    }

    @ParameterizedTest(name = "{0} {1}p")
    @MethodSource("games")
    <S extends GameState<S>> void episodesFromAGivenStateHaveNoRecordAndAForfeitIsRecordedUpToIt(String id,
                                                                                                  int players) {
        Game<S> g = ConformanceTest.typed(id, players);
        AecEnv<S> aec = new AecEnv<>(g, RewardMode.TERMINAL, IllegalActionMode.LOSE, null);
        aec.recording(true);
        aec.reset(3);
        aec.step(aec.legalActions()[0]);
        S position = aec.state();
        aec.reset(position);
        IllegalStateException e = assertThrows(IllegalStateException.class, aec::record);
        assertTrue(e.getMessage().contains("given state"), e.getMessage());

        // an illegal action under LOSE: the record ends before it and still replays
        aec.reset(4);
        aec.step(aec.legalActions()[0]);
        int illegal = firstIllegal(aec.state(), g.numDistinctActions());
        if (illegal >= 0) {
            aec.step(illegal);
            assertTrue(aec.terminated());
            GameRecord record = aec.record();
            assertEquals(1, decisionSteps(record));
            assertEquals(aec.state(), GameRecord.fromJson(record.toJson(false)).replay());
        }

        SingleEnv<S> single = new SingleEnv<>(new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL));
        single.recording(true);
        single.reset(8);
        GameRecord before = single.record();
        S over = finished(g);
        assertThrows(IllegalArgumentException.class, () -> single.reset(over, 1), "a finished state is refused");
        assertEquals(before, single.record(), "a refused reset leaves the record as it was");
    }

    private static int firstIllegal(GameState<?> s, int actions) {
        for (int a = 0; a < actions; a++) {
            if (!s.isLegal(a)) {
                return a;
            }
        }
        return -1;
    }

    private static <S extends GameState<S>> S finished(Game<S> g) {
        S s = g.newGame(9);
        SplittableRandom rng = new SplittableRandom(9);
        while (!s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[rng.nextInt(legal.length)]);
        }
        return s;
    }
}
