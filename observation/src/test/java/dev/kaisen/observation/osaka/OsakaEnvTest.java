package dev.kaisen.observation.osaka;

import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaJson;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.Segment;
import dev.kaisen.observation.BufferLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OsakaEnvTest {

    @Test
    void segmentsTileTheVectorExactlyAndEachHasAMeaning() {
        int expectedOffset = 0;
        Set<String> names = new HashSet<>();
        for (Segment s : OsakaObservation.SPEC.segments()) {
            assertEquals(expectedOffset, s.offset(), s.name());
            assertTrue(s.length() > 0, s.name());
            assertFalse(s.meaning().isBlank(), s.name());
            assertTrue(names.add(s.name()), "unique name " + s.name());
            expectedOffset = s.end();
        }
        assertEquals(expectedOffset, OsakaObservation.SIZE);
        assertEquals(64, OsakaObservation.NUM_ACTIONS);
        assertEquals(64, OsakaActionTable.ENTRIES.size());
        for (int a = 0; a < 64; a++) {
            assertEquals(a, OsakaActionTable.ENTRIES.get(a).id());
            assertEquals(OsakaAction.name(a), OsakaActionTable.ENTRIES.get(a).name());
        }
    }

    @Test
    void theAecEnvGivesZeroSumTerminalRewardsAndRefusesToStepAnEndedGame() {
        OsakaAecEnv env = new OsakaAecEnv(3, RewardMode.TERMINAL);
        assertThrows(IllegalStateException.class, () -> env.step(0), "before reset");
        env.reset(4);
        SplittableRandom r = new SplittableRandom(4);
        float[] obs = new float[OsakaObservation.SIZE];
        byte[] mask = new byte[64];
        int steps = 0;
        while (env.currentPlayer() >= 0) {
            int p = env.currentPlayer();
            env.observe(p, obs, 0);
            env.mask(p, mask, 0);
            int[] legal = env.legalActions();
            for (int a : legal) {
                assertEquals(1, mask[a]);
            }
            env.step(legal[r.nextInt(legal.length)]);
            steps++;
            if (env.currentPlayer() >= 0) {
                for (int q = 0; q < 3; q++) {
                    assertEquals(0.0, env.reward(q));
                }
            }
        }
        assertTrue(env.terminated() ^ env.truncated());
        double sum = 0;
        for (int q = 0; q < 3; q++) {
            sum += env.reward(q);
            assertEquals(env.reward(q), env.cumulativeReward(q));
        }
        assertEquals(0.0, sum, 1e-12);
        for (int w : env.info().winners()) {
            assertTrue(env.reward(w) > 0);
        }
        assertThrows(IllegalStateException.class, () -> env.step(0));
        assertEquals(steps, env.info().decisions());
    }

    @Test
    void theShapedRewardSumsToTheFinalVpDifference() {
        OsakaAecEnv env = new OsakaAecEnv(2, RewardMode.VP_DIFFERENCE);
        env.reset(9);
        SplittableRandom r = new SplittableRandom(9);
        while (env.currentPlayer() >= 0) {
            int[] legal = env.legalActions();
            env.step(legal[r.nextInt(legal.length)]);
        }
        int[] vp = env.info().vp();
        assertEquals(vp[0] - vp[1], env.cumulativeReward(0), 1e-9);
        assertEquals(vp[1] - vp[0], env.cumulativeReward(1), 1e-9);
    }

    @Test
    void anIllegalActionIsTheEnginesClearErrorAndChangesNothing() {
        OsakaSingleEnv env = new OsakaSingleEnv(new OsakaSingleEnv.Config(2, 0, List.of("random"), RewardMode.TERMINAL));
        env.reset(1);
        String before = OsakaJson.toJson(env.state(), false);
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> env.step(OsakaAction.PASS));
        assertTrue(e.getMessage().contains("legal actions"), e.getMessage());
        assertEquals(before, OsakaJson.toJson(env.state(), false));
    }

    @Test
    void theSingleLearnerEnvReturnsControlOnlyAtTheLearnersDecisions() {
        OsakaSingleEnv env = new OsakaSingleEnv(new OsakaSingleEnv.Config(4, -1, List.of("greedy", "random", "greedy"),
                RewardMode.TERMINAL));
        Set<Integer> seats = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
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
        assertEquals(Set.of(0, 1, 2, 3), seats, "a random learner seat per episode");
        assertThrows(IllegalArgumentException.class,
                () -> new OsakaSingleEnv.Config(3, 0, List.of("random", "random", "random"), RewardMode.TERMINAL));
        assertThrows(IllegalArgumentException.class,
                () -> new OsakaSingleEnv.Config(3, 0, List.of("nobody"), RewardMode.TERMINAL));
    }

    /** The vectorized env equals N single envs stepped one by one with the same seeds, across auto-resets. */
    @ParameterizedTest
    @CsvSource({"5, 1, 2", "70, 2, 3", "64, 2, 4"})
    void theVectorEnvEqualsNSingleEnvsSteppedOneByOne(int n, int threads, int players, @TempDir Path dir) {
        OsakaSingleEnv.Config config = new OsakaSingleEnv.Config(players, -1, List.of("random"), RewardMode.TERMINAL);
        long base = 77;
        try (OsakaVectorEnv vec = new OsakaVectorEnv(n, config, base, threads, dir.resolve("buffers"))) {
            OsakaSingleEnv[] singles = new OsakaSingleEnv[n];
            long[] episode = new long[n];
            for (int i = 0; i < n; i++) {
                singles[i] = new OsakaSingleEnv(config);
                singles[i].reset(SplitMix64.derive(SplitMix64.derive(base, i), 0));
            }
            vec.reset();
            BufferLayout layout = vec.layout();
            ByteBuffer buf = vec.buffer().duplicate().order(ByteOrder.LITTLE_ENDIAN);
            int obsSize = OsakaObservation.SIZE;
            float[] expectObs = new float[obsSize];
            byte[] expectMask = new byte[64];
            SplittableRandom r = new SplittableRandom(5);
            int resets = 0;
            for (int step = 0; step < 400; step++) {
                for (int i = 0; i < n; i++) {
                    singles[i].observe(expectObs, 0);
                    singles[i].mask(expectMask, 0);
                    assertArrayEquals(expectObs, floats(buf, layout.offset("observations") + i * obsSize * 4, obsSize),
                            "env " + i + " step " + step);
                    assertArrayEquals(expectMask, bytes(buf, layout.offset("masks") + i * 64, 64));
                    assertEquals(singles[i].learnerSeat(), buf.getInt(layout.offset("learner_seat") + 4 * i));
                }
                int[] actions = new int[n];
                for (int i = 0; i < n; i++) {
                    int[] legal = singles[i].legalActions();
                    actions[i] = legal[r.nextInt(legal.length)];
                }
                vec.step(actions);
                for (int i = 0; i < n; i++) {
                    singles[i].step(actions[i]);
                    assertEquals((float) singles[i].reward(), buf.getFloat(layout.offset("rewards") + 4 * i));
                    assertEquals(singles[i].terminated() ? 1 : 0, buf.get(layout.offset("terminated") + i));
                    assertEquals(singles[i].truncated() ? 1 : 0, buf.get(layout.offset("truncated") + i));
                    if (singles[i].done()) {
                        singles[i].observe(expectObs, 0);
                        assertArrayEquals(expectObs,
                                floats(buf, layout.offset("final_observations") + i * obsSize * 4, obsSize));
                        int winners = 0;
                        for (int w : singles[i].info().winners()) {
                            winners |= 1 << w;
                        }
                        assertEquals(winners, buf.get(layout.offset("final_winners") + i));
                        assertEquals(singles[i].info().vp()[0], buf.getInt(layout.offset("final_vp") + 16 * i));
                        assertEquals(singles[i].learnerSeat(), buf.getInt(layout.offset("final_learner_seat") + 4 * i));
                        assertEquals((float) singles[i].episodeReturn(), buf.getFloat(layout.offset("episode_return") + 4 * i));
                        assertEquals(singles[i].episodeLength(), buf.getInt(layout.offset("episode_length") + 4 * i));
                        singles[i].reset(SplitMix64.derive(SplitMix64.derive(base, i), ++episode[i]));
                        resets++;
                    }
                }
            }
            assertTrue(resets > n / 2, "auto-resets happened: " + resets);
        }
    }

    @Test
    void aBadActionInTheVectorEnvStepsNoEnv() {
        OsakaSingleEnv.Config config = new OsakaSingleEnv.Config(2, 0, List.of("random"), RewardMode.TERMINAL);
        try (OsakaVectorEnv vec = new OsakaVectorEnv(3, config, 1, 1)) {
            vec.reset();
            int[] actions = new int[3];
            for (int i = 0; i < 3; i++) {
                actions[i] = vec.env(i).legalActions()[0];
            }
            String before = Arrays.toString(new String[] {OsakaJson.toJson(vec.env(0).state(), false),
                    OsakaJson.toJson(vec.env(2).state(), false)});
            actions[1] = OsakaAction.PASS;
            IllegalActionException e = assertThrows(IllegalActionException.class, () -> vec.step(actions));
            assertTrue(e.getMessage().startsWith("env 1: illegal action 63 (pass)"), e.getMessage());
            assertEquals(before, Arrays.toString(new String[] {OsakaJson.toJson(vec.env(0).state(), false),
                    OsakaJson.toJson(vec.env(2).state(), false)}));
            assertThrows(IllegalArgumentException.class, () -> vec.step(new int[2]));
        }
    }

    private static float[] floats(ByteBuffer buf, int offset, int count) {
        float[] out = new float[count];
        for (int k = 0; k < count; k++) {
            out[k] = buf.getFloat(offset + 4 * k);
        }
        return out;
    }

    private static byte[] bytes(ByteBuffer buf, int offset, int count) {
        byte[] out = new byte[count];
        for (int k = 0; k < count; k++) {
            out[k] = buf.get(offset + k);
        }
        return out;
    }
}
