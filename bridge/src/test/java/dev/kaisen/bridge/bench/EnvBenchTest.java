package dev.kaisen.bridge.bench;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The vector env harness: its in-place draw, and the turns of {@link EnvBench#interleaved}. */
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

    @Test
    void eachRoundOfTurnsStartsWithTheNextWorkload() {
        List<Integer> order = new ArrayList<>();
        List<EnvBench.Workload> workloads = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            int id = w;
            workloads.add(nanos -> {
                order.add(id);
                long start = System.nanoTime();
                long now;
                do {
                    Thread.onSpinWait();
                    now = System.nanoTime();
                } while (now < start + nanos);
                return (id + 1) * (now - start) / 1000; // workload w: w + 1 units per microsecond it ran
            });
        }
        double[] rates = EnvBench.interleaved(workloads, 0, 0.02, 0.001);
        List<Integer> turns = order.subList(3, order.size()); // after one warm-up run each
        assertTrue(turns.size() >= 9 && turns.size() % 3 == 0, turns.toString());
        for (int i = 0; i < turns.size(); i++) {
            int round = i / 3;
            assertEquals((round + i % 3) % 3, turns.get(i), "turn " + i + " of " + turns);
        }
        for (int w = 0; w < 3; w++) {
            assertEquals(w + 1, rates[w] / rates[0], 0.05, "rates " + java.util.Arrays.toString(rates));
        }
    }
}
