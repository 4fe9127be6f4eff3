package dev.kaisen.training.net;

import dev.kaisen.env.SplitMix64;
import dev.kaisen.training.config.PpoConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The DL4J network: PPO gradients through backprop, the plain-Java copy, checkpoints. */
class PolicyNetworkTest {
    private static final int IN = 6;
    private static final int ACTIONS = 4;
    private static final int BATCH = 5;

    private static float[] random(int n, long seed) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (SplitMix64.unit(SplitMix64.mix(seed + i)) * 2 - 1);
        }
        return a;
    }

    /** A batch: observations, masks (action 0 always legal), actions, old log-probs, advantages, returns. */
    private record Batch(float[] obs, byte[] mask, int[] action, double[] oldLogp, double[] adv, double[] ret) {
        static Batch make(long seed) {
            return make(seed, IN, ACTIONS);
        }

        static Batch make(long seed, int in, int actions) {
            float[] obs = random(BATCH * in, seed);
            byte[] mask = new byte[BATCH * actions];
            int[] action = new int[BATCH];
            double[] oldLogp = new double[BATCH];
            double[] adv = new double[BATCH];
            double[] ret = new double[BATCH];
            for (int j = 0; j < BATCH; j++) {
                for (int a = 0; a < actions; a++) {
                    mask[j * actions + a] = (byte) (a == 0 || ((SplitMix64.mix(seed * 31 + j * 7 + a) & 1) == 1) ? 1 : 0);
                }
                action[j] = (j * 5) % actions;
                while (mask[j * actions + action[j]] == 0) {
                    action[j] = (action[j] + 1) % actions;
                }
                oldLogp[j] = -1.0 - 0.1 * j;
                adv[j] = j % 2 == 0 ? 0.8 : -1.3;
                ret[j] = 0.5 - 0.2 * j;
            }
            return new Batch(obs, mask, action, oldLogp, adv, ret);
        }
    }

    /** The minibatch loss and its gradients with respect to the heads. */
    private static double loss(PolicyNetwork net, Batch b, float[] gradLogits, float[] gradValues) {
        int actions = b.mask().length / BATCH;
        float[] logits = new float[BATCH * actions];
        float[] values = new float[BATCH];
        net.trainForward(b.obs(), BATCH, logits, values);
        PpoMath.Stats stats = new PpoMath.Stats();
        for (int j = 0; j < BATCH; j++) {
            PpoMath.policyLoss(logits, j * actions, b.mask(), j * actions, actions, b.action()[j], b.oldLogp()[j],
                    b.adv()[j], 0.2, 0.05, 1.0 / BATCH, gradLogits, j * actions, new double[actions], stats);
            gradValues[j] = (float) PpoMath.valueLoss(values[j], b.ret()[j], 0.5, 1.0 / BATCH, stats);
        }
        return (stats.policyLoss - 0.05 * stats.entropy + 0.5 * stats.valueLoss) / BATCH;
    }

    @Test
    void backpropagatedGradientIsTheLossGradient() {
        PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, new int[]{5}, 1e-3, 7, DataType.DOUBLE);
        Batch b = Batch.make(3);
        float[] gl = new float[BATCH * ACTIONS];
        float[] gv = new float[BATCH];
        loss(net, b, gl, gv);
        float[] analytic = net.parameterGradient(gl, gv, BATCH);
        INDArray params = net.graph().params();
        assertEquals(params.length(), analytic.length);
        double h = 1e-4;
        int checked = 0;
        for (int p = 0; p < analytic.length; p++) {
            double v = params.getDouble(p);
            params.putScalar(p, v + h);
            double up = loss(net, b, gl, gv);
            params.putScalar(p, v - h);
            double down = loss(net, b, gl, gv);
            params.putScalar(p, v);
            double numeric = (up - down) / (2 * h);
            assertEquals(numeric, analytic[p], 2e-4 + 1e-2 * Math.abs(numeric), "parameter " + p);
            checked += Math.abs(numeric) > 1e-4 ? 1 : 0;
        }
        assertTrue(checked > analytic.length / 2, "most parameters should have a visible gradient");
    }

    @Test
    void fusedPassesGiveTheGraphsOwnGradientOnTheSameBatch() {
        // the flat-array methods run DensePasses; DL4J's feedForward + backpropGradient is the reference
        for (DataType type : new DataType[]{DataType.DOUBLE, DataType.FLOAT}) {
            for (int[] hidden : new int[][]{{5}, {7, 5}, {6, 4, 3}}) {
                PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, hidden, 1e-3, 17, type);
                Batch b = Batch.make(29);
                float[] gl = new float[BATCH * ACTIONS];
                float[] gv = new float[BATCH];
                loss(net, b, gl, gv);
                float[] fused = net.parameterGradient(gl, gv, BATCH);
                float[] graph = net.graphParameterGradient(b.obs(), BATCH, gl, gv);
                assertEquals(graph.length, fused.length);
                float tolerance = type == DataType.DOUBLE ? 1e-7f : 2e-6f;
                for (int p = 0; p < graph.length; p++) {
                    assertEquals(graph[p], fused[p], tolerance * (1 + Math.abs(graph[p])),
                            type + " " + java.util.Arrays.toString(hidden) + " parameter " + p);
                }
            }
        }
    }

    @Test
    void fusedStepsTakeTheGraphsOwnStepsWithAdamsState() {
        // the same network stepped by the fused passes and in-place Adam, and by DL4J's machinery alone
        for (double clip : new double[]{10, 1e-3}) {
            PolicyNetwork fused = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-2, 23);
            PolicyNetwork graph = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-2, 23);
            for (int i = 0; i < 6; i++) {
                Batch b = Batch.make(40 + i);
                float[] gl = new float[BATCH * ACTIONS];
                float[] gv = new float[BATCH];
                loss(fused, b, gl, gv);
                double normFused = fused.step(gl, gv, BATCH, clip);
                double normGraph = graph.graphStep(b.obs(), BATCH, gl, gv, clip);
                assertEquals(normGraph, normFused, 1e-6 * normGraph, "step " + i);
                if (i == 2) {
                    graph.setLearningRate(5e-3);
                    fused.setLearningRate(5e-3);
                }
            }
            assertEquals(graph.updates(), fused.updates());
            assertArrayEquals(graph.graph().params().data().asFloat(), fused.graph().params().data().asFloat(), 1e-6f,
                    "clip " + clip);
            assertArrayEquals(graph.graph().getUpdater().getStateViewArray().data().asFloat(),
                    fused.graph().getUpdater().getStateViewArray().data().asFloat(), 1e-6f, "Adam's M and V");
        }
    }

    @Test
    void aStepNeedsTheForwardPassOfItsBatch() {
        PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, new int[]{5}, 1e-3, 3);
        float[] gl = new float[BATCH * ACTIONS];
        float[] gv = new float[BATCH];
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> net.step(gl, gv, BATCH, 0.5));
        assertTrue(e.getMessage().contains("forward pass"), e.getMessage());
        loss(net, Batch.make(1), gl, gv);
        net.step(gl, gv, BATCH, 0.5);
        assertThrows(IllegalStateException.class, () -> net.step(gl, gv, BATCH, 0.5), "one step per pass");
        net.trainForward(random(2 * IN, 5), 2, new float[2 * ACTIONS], new float[2]);
        assertThrows(IllegalStateException.class, () -> net.step(gl, gv, BATCH, 0.5), "another batch size");
        assertEquals(1, net.updates());
    }

    @Test
    void stepLowersTheLossAndClipsTheGradient() {
        PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, new int[]{8}, 1e-2, 5);
        Batch b = Batch.make(9);
        float[] gl = new float[BATCH * ACTIONS];
        float[] gv = new float[BATCH];
        double first = loss(net, b, gl, gv);
        double norm = net.step(gl, gv, BATCH, 1e-3);
        assertTrue(norm > 1e-3, "the test needs a gradient larger than the clip");
        assertEquals(1, net.updates());
        for (int i = 0; i < 30; i++) {
            loss(net, b, gl, gv);
            net.step(gl, gv, BATCH, 10);
        }
        assertTrue(loss(net, b, gl, gv) < first, "30 Adam steps on one batch lower its loss");
    }

    @Test
    void flatArrayMethodsGiveTheArrayResultsWhateverTheBatchSizesBefore() {
        PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-3, 11);
        // the reused input arrays and output workspace must not carry anything from one call to the next
        for (int batch : new int[]{BATCH, 2, BATCH, 1, BATCH}) {
            float[] obs = random(batch * IN, 40 + batch);
            float[] logits = new float[batch * ACTIONS];
            float[] values = new float[batch];
            net.output(obs, batch, logits, values);
            INDArray[] expected = net.output(org.nd4j.linalg.factory.Nd4j.create(obs, new long[]{batch, IN}, 'c'));
            assertArrayEquals(expected[0].data().asFloat(), logits, 1e-6f);
            assertArrayEquals(expected[1].data().asFloat(), values, 1e-6f);
            float[] trainLogits = new float[batch * ACTIONS];
            float[] trainValues = new float[batch];
            net.trainForward(obs, batch, trainLogits, trainValues);
            assertArrayEquals(logits, trainLogits, 1e-6f);
            assertArrayEquals(values, trainValues, 1e-6f);
            net.step(new float[batch * ACTIONS], new float[batch], batch, 0.5);
        }
    }

    @Test
    void aSecondForwardPassBeforeTheStepReplacesTheFirst() {
        // the first pass's activations are freed by the second: the step is that of the second pass alone
        PolicyNetwork once = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-2, 13);
        PolicyNetwork twice = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-2, 13);
        Batch b = Batch.make(21);
        float[] gl = new float[BATCH * ACTIONS];
        float[] gv = new float[BATCH];
        for (int i = 0; i < 3; i++) {
            loss(once, b, gl, gv);
            double expected = once.step(gl, gv, BATCH, 0.5);
            loss(twice, Batch.make(100 + i), new float[BATCH * ACTIONS], new float[BATCH]);
            loss(twice, b, gl, gv);
            assertEquals(expected, twice.step(gl, gv, BATCH, 0.5), 1e-9);
            float[] g = new float[BATCH * ACTIONS];
            float[] v = new float[BATCH];
            loss(twice, b, g, v);
            twice.trainForward(b.obs(), BATCH, new float[BATCH * ACTIONS], new float[BATCH]);
            assertEquals(twice.parameterGradient(g, v, BATCH).length, once.graph().params().length());
        }
        assertArrayEquals(once.graph().params().data().asFloat(), twice.graph().params().data().asFloat(), 0f);
    }

    @Test
    void plainJavaCopyMatchesTheNetwork() {
        PolicyNetwork net = PolicyNetwork.create(IN, ACTIONS, new int[]{7, 5}, 1e-3, 11);
        float[] obs = random(BATCH * IN, 4);
        float[] logits = new float[BATCH * ACTIONS];
        float[] values = new float[BATCH];
        net.output(obs, BATCH, logits, values);
        MlpWeights copy = net.export();
        float[] row = new float[IN];
        float[] l = new float[ACTIONS];
        for (int j = 0; j < BATCH; j++) {
            System.arraycopy(obs, j * IN, row, 0, IN);
            float v = copy.forward(row, copy.scratch(), l);
            assertEquals(values[j], v, 1e-5);
            for (int a = 0; a < ACTIONS; a++) {
                assertEquals(logits[j * ACTIONS + a], l[a], 1e-5);
            }
        }
    }

    @Test
    void weightsRoundTripThroughBytes() throws IOException {
        MlpWeights w = RandomNets.weights(IN, new int[]{3, 2}, ACTIONS, 5, 1f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.write(out);
        assertEquals(w, MlpWeights.read(new ByteArrayInputStream(out.toByteArray())));
        byte[] bad = out.toByteArray();
        bad[0] ^= 1;
        assertThrows(IOException.class, () -> MlpWeights.read(new ByteArrayInputStream(bad)));
    }

    @Test
    void checkpointRestoresNetworkOptimizerAndPool(@TempDir Path dir) throws IOException {
        PpoConfig.Builder config = new PpoConfig.Builder();
        config.steps = 1234;
        // a checkpoint's network fits the layout of its config's game (else its parts disagree)
        int in = Checkpoint.Layout.of(config.build()).observationSize();
        int actions = Checkpoint.Layout.of(config.build()).numActions();
        PolicyNetwork net = PolicyNetwork.create(in, actions, new int[]{8}, 1e-2, 5);
        Batch b = Batch.make(2, in, actions);
        float[] gl = new float[BATCH * actions];
        float[] gv = new float[BATCH];
        for (int i = 0; i < 3; i++) {
            loss(net, b, gl, gv);
            net.step(gl, gv, BATCH, 0.5);
        }
        Checkpoint.Progress progress = new Checkpoint.Progress(100, 2, 7, 42, 0.5, 50, 200, 300, 12.5);
        List<MlpWeights> pool = List.of(RandomNets.weights(in, new int[]{3}, actions, 1, 1f), net.export());
        Path file = dir.resolve("last.zip");
        Checkpoint.write(file, net, config.build(), progress, pool);
        try (var files = java.nio.file.Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file is left behind");
        }

        Checkpoint.Loaded loaded = Checkpoint.read(file);
        assertEquals(net.graph().params(), loaded.network().graph().params());
        assertEquals(net.graph().getUpdater().getStateViewArray(), loaded.network().graph().getUpdater().getStateViewArray());
        assertEquals(3, loaded.network().updates());
        assertEquals(progress, loaded.progress());
        assertEquals(1234, loaded.config().steps);
        assertEquals(pool, loaded.snapshots());

        float[] obs = random(BATCH * in, 8);
        float[] l1 = new float[BATCH * actions];
        float[] v1 = new float[BATCH];
        float[] l2 = new float[BATCH * actions];
        float[] v2 = new float[BATCH];
        net.output(obs, BATCH, l1, v1);
        loaded.network().output(obs, BATCH, l2, v2);
        assertArrayEquals(l1, l2, 0f);
        assertArrayEquals(v1, v2, 0f);
        assertEquals(net.export(), Checkpoint.readNetwork(file).export());

        // the same next step from the original and from the reloaded network (optimizer state included)
        loss(net, b, gl, gv);
        net.step(gl, gv, BATCH, 0.5);
        loss(loaded.network(), b, gl, gv);
        loaded.network().step(gl, gv, BATCH, 0.5);
        assertEquals(net.graph().params(), loaded.network().graph().params());
    }

    @Test
    void badCheckpointsAreClearErrors(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("notes.zip");
        Files.writeString(text, "not a zip");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Checkpoint.read(text));
        assertTrue(e.getMessage().contains("notes.zip"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Dl4jProvider.load(dir.resolve("missing.zip")));
        assertNotEquals(null, e.getMessage());
    }
}
