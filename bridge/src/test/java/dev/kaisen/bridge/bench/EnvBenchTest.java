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
    void eachRoundOfTurnsTakesTheWorkloadsInAnOrderOfItsOwn() {
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
        double[] rates = EnvBench.interleaved(workloads, 0, 0.2, 0.001);
        List<Integer> turns = order.subList(3, order.size()); // after one warm-up run each
        assertTrue(turns.size() >= 6 && turns.size() % 3 == 0, turns.toString());
        SplittableRandom seeded = new SplittableRandom(EnvBench.ORDER_SEED);
        int[] expected = new int[3];
        for (int round = 0; round < turns.size() / 3; round++) {
            EnvBench.roundOrder(expected, seeded);
            assertEquals(java.util.Arrays.stream(expected).boxed().toList(), turns.subList(3 * round, 3 * round + 3),
                    "round " + round);
        }
        java.util.Set<Integer> firsts = new java.util.HashSet<>();
        java.util.Set<List<Integer>> orders = new java.util.HashSet<>();
        seeded = new SplittableRandom(EnvBench.ORDER_SEED);
        for (int round = 0; round < 6; round++) { // the seed's first rounds: every workload first, orders differ
            EnvBench.roundOrder(expected, seeded);
            orders.add(java.util.Arrays.stream(expected).boxed().toList());
            firsts.add(expected[0]);
        }
        assertEquals(java.util.Set.of(0, 1, 2), firsts);
        assertTrue(orders.size() >= 3, orders.toString());
        for (int w = 0; w < 3; w++) {
            assertEquals(w + 1, rates[w] / rates[0], 0.25 * (w + 1), "rates " + java.util.Arrays.toString(rates));
        }
    }

    @Test
    void aRoundsOrderIsAPermutation() {
        SplittableRandom random = new SplittableRandom(1);
        for (int k = 1; k <= 6; k++) {
            int[] order = new int[k];
            for (int round = 0; round < 50; round++) {
                EnvBench.roundOrder(order, random);
                assertEquals(k, java.util.Arrays.stream(order).distinct().filter(i -> i >= 0 && i < order.length).count());
            }
        }
    }
}
