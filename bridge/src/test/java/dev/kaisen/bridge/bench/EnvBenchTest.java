package dev.kaisen.bridge.bench;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The vector env harness's in-place draw picks what the byte-by-byte draw picks, mask widths of every remainder. */
class EnvBenchTest {
    @Test
    void theInPlaceDrawIsTheByteByByteDraw() {
        SplittableRandom masks = new SplittableRandom(11);
        for (int numActions = 1; numActions <= 40; numActions++) {
            int envs = 7;
            byte[] bytes = new byte[envs * numActions];
            for (int i = 0; i < envs; i++) {
                bytes[i * numActions + masks.nextInt(numActions)] = 1; // at least one legal action
                for (int a = 0; a < numActions; a++) {
                    if (masks.nextInt(3) == 0) {
                        bytes[i * numActions + a] = 1;
                    }
                }
            }
            ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length).order(ByteOrder.LITTLE_ENDIAN);
            buffer.put(0, bytes);
            SplittableRandom a = new SplittableRandom(numActions);
            SplittableRandom b = new SplittableRandom(numActions);
            for (int draw = 0; draw < 200; draw++) {
                int i = draw % envs;
                assertEquals(EnvBench.pick(bytes, i * numActions, numActions, a),
                        EnvBench.pick(buffer, i * numActions, numActions, b), "width " + numActions + ", env " + i);
            }
        }
    }
}
