package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link VectorEnv#SKIP} leaves an env exactly as it is for one step, and the others step as usual. */
class VectorEnvSkipTest {

    private static byte[] bytes(ByteBuffer region) {
        byte[] out = new byte[region.remaining()];
        region.duplicate().get(out);
        return out;
    }

    private static int legal(VectorEnv<?> vec, int i, int numActions, Random rng) {
        ByteBuffer masks = vec.region("masks");
        int[] ids = java.util.stream.IntStream.range(0, numActions).filter(a -> masks.get(i * numActions + a) != 0)
                .toArray();
        return ids[rng.nextInt(ids.length)];
    }

    @Test
    @SuppressWarnings("unchecked")
    <S extends GameState<S>> void aSkippedEnvStaysAsItIsAndItsStreamIsUnchanged() {
        for (String id : Games.ids()) {
            Game<S> g = (Game<S>) Games.create(id, GameConfig.of(2));
            SingleEnv.Config<S> config = new SingleEnv.Config<>(g, -1, List.of("random"), RewardMode.SCORE_DIFFERENCE);
            int n = g.numDistinctActions();
            // the same seeds: one env steps every time, its twin skips env 1 every other step
            try (VectorEnv<S> plain = new VectorEnv<>(2, config, 7, 1);
                 VectorEnv<S> skipping = new VectorEnv<>(2, config, 7, 1)) {
                plain.reset();
                skipping.reset();
                Random rng = new Random(3);
                int episodesEnded = 0;
                for (int t = 0; t < 400; t++) {
                    int a0 = legal(skipping, 0, n, rng);
                    int a1 = legal(skipping, 1, n, rng);
                    byte[] obsBefore = bytes(skipping.region("observations"));
                    byte[] masksBefore = bytes(skipping.region("masks"));
                    int seatBefore = skipping.region("learner_seat").getInt(4);
                    skipping.step(new int[] {a0, VectorEnv.SKIP});
                    int obsBytes = obsBefore.length / 2;
                    int maskBytes = masksBefore.length / 2;
                    assertArrayEquals(java.util.Arrays.copyOfRange(obsBefore, obsBytes, 2 * obsBytes),
                            java.util.Arrays.copyOfRange(bytes(skipping.region("observations")), obsBytes, 2 * obsBytes),
                            id + ": a skipped env's observation stays");
                    assertArrayEquals(java.util.Arrays.copyOfRange(masksBefore, maskBytes, 2 * maskBytes),
                            java.util.Arrays.copyOfRange(bytes(skipping.region("masks")), maskBytes, 2 * maskBytes));
                    assertEquals(seatBefore, skipping.region("learner_seat").getInt(4));
                    assertEquals(0f, skipping.region("rewards").getFloat(4));
                    assertEquals(0, skipping.region("terminated").get(1));
                    assertEquals(0, skipping.region("truncated").get(1));
                    float reward0 = skipping.region("rewards").getFloat(0);
                    plain.step(new int[] {a0, a1});
                    assertEquals(plain.region("rewards").getFloat(0), reward0, id + ": env 0 steps as usual");
                    int b0 = legal(skipping, 0, n, rng);  // env 0 gets the same actions in both
                    skipping.step(new int[] {b0, a1});
                    plain.step(new int[] {b0, VectorEnv.SKIP});
                    // env 1 had the same actions in both: the same game, episode after episode
                    int obsOffset = obsBytes;
                    assertArrayEquals(java.util.Arrays.copyOfRange(bytes(plain.region("observations")), obsOffset, 2 * obsOffset),
                            java.util.Arrays.copyOfRange(bytes(skipping.region("observations")), obsOffset, 2 * obsOffset),
                            id + ": skipping does not change an env's game or seed stream");
                    if (skipping.region("terminated").get(1) != 0 || skipping.region("truncated").get(1) != 0) {
                        episodesEnded++;
                    }
                }
                assertTrue(episodesEnded > 0, id + ": some episode of env 1 ended (auto-reset crossed)");
                plain.step(new int[] {VectorEnv.SKIP, VectorEnv.SKIP});  // every env skipped: nothing moves
            }
        }
    }
}
