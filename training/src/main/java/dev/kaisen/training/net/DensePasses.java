package dev.kaisen.training.net;

import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.params.DefaultParamInitializer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

import java.util.Map;

/**
 * The forward and backward passes of {@link PolicyNetwork}'s graph (a tanh MLP trunk, a linear
 * policy head, a linear value head) written as a few ND4J matrix products and element-wise ops
 * into arrays allocated once per batch size, reading the graph's own parameter views and writing
 * its own flattened-gradient views, so that DL4J's updater (Adam, its state in the checkpoint)
 * steps exactly as after {@link ComputationGraph#backpropGradient}.
 *
 * <p>Why not the graph's passes: {@code DenseLayer}'s backprop recomputes each pre-activation,
 * computes the gradient of the network's input (which nothing uses), and allocates its
 * activations and gradients per call; each {@code output} call also has a fixed cost of hundreds
 * of microseconds. Here the forward pass keeps each layer's tanh output, whose derivative
 * {@code 1 - h^2} the backward pass needs, and the backward pass stops at the first layer's
 * weights. The biases' gradients are products with a row of ones.
 *
 * <p>Not thread-safe, as its network.
 */
final class DensePasses {
    private final int hidden;
    /**
     * Parameter views: the trunk's layers, then the policy head, then the value head. DL4J keeps
     * a weight matrix [in, out] in column-major order; its transpose [out, in] is the same
     * memory in row-major order, which ND4J's products read fastest (measured: x W for 32 x 470
     * rows, 106 us against 163 us), so every product reads {@code wt}.
     */
    private final INDArray[] wt;
    private final INDArray[] w;
    private final INDArray[] b;
    /** Flattened-gradient views, same order. */
    private final INDArray[] gw;
    private final INDArray[] gb;
    private final INDArray flatGradient;
    private final DataType type;
    private final int[] widths;

    /** The arrays of one batch size: a forward pass's inputs and activations, and the backward pass's. */
    static final class Batch {
        final int rows;
        final INDArray x;
        /** Each trunk layer's tanh output. */
        final INDArray[] h;
        final INDArray logits;
        final INDArray value;
        /** The gradient with respect to each trunk layer's output, then its pre-activation (in place). */
        final INDArray[] dh;
        final INDArray[] scratch;
        final INDArray ones;
        final INDArray onesColumn;
        final INDArray gradLogits;
        final INDArray gradValue;

        private Batch(DataType type, int rows, int inputs, int[] widths, int actions) {
            this.rows = rows;
            x = Nd4j.createUninitializedDetached(type, rows, inputs);
            h = new INDArray[widths.length];
            dh = new INDArray[widths.length];
            scratch = new INDArray[widths.length];
            for (int l = 0; l < widths.length; l++) {
                h[l] = Nd4j.createUninitializedDetached(type, rows, widths[l]);
                dh[l] = Nd4j.createUninitializedDetached(type, rows, widths[l]);
                scratch[l] = Nd4j.createUninitializedDetached(type, rows, widths[l]);
            }
            logits = Nd4j.createUninitializedDetached(type, rows, actions);
            value = Nd4j.createUninitializedDetached(type, rows, 1);
            ones = Nd4j.createUninitializedDetached(type, 1, rows).assign(1);
            onesColumn = Nd4j.createUninitializedDetached(type, rows, 1).assign(1);
            gradLogits = Nd4j.createUninitializedDetached(type, rows, actions);
            gradValue = Nd4j.createUninitializedDetached(type, rows, 1);
        }

        void close() {
            for (INDArray a : new INDArray[]{x, logits, value, ones, onesColumn, gradLogits, gradValue}) {
                a.close();
            }
            for (INDArray[] group : new INDArray[][]{h, dh, scratch}) {
                for (INDArray a : group) {
                    a.close();
                }
            }
        }
    }

    DensePasses(ComputationGraph graph, int hidden) {
        this.hidden = hidden;
        if (graph.getFlattenedGradients() == null) {
            graph.initGradientsView();
        }
        this.flatGradient = graph.getFlattenedGradients();
        this.type = graph.params().dataType();
        int layers = hidden + 2;
        w = new INDArray[layers];
        wt = new INDArray[layers];
        b = new INDArray[layers];
        gw = new INDArray[layers];
        gb = new INDArray[layers];
        widths = new int[hidden];
        for (int l = 0; l < layers; l++) {
            String name = l < hidden ? "h" + l : l == hidden ? PolicyNetwork.POLICY : PolicyNetwork.VALUE;
            Layer layer = graph.getLayer(name);
            w[l] = layer.getParam(DefaultParamInitializer.WEIGHT_KEY);
            wt[l] = w[l].transpose();
            INDArray bias = layer.getParam(DefaultParamInitializer.BIAS_KEY);
            b[l] = bias.reshape(bias.ordering(), true, 1, bias.length());
            Map<String, INDArray> grads = DefaultParamInitializer.getInstance()
                    .getGradientsFromFlattened(layer.conf(), layer.getGradientsViewArray());
            gw[l] = grads.get(DefaultParamInitializer.WEIGHT_KEY);
            // a row [1, n] over the bias gradient's vector: the product of a row of ones writes it
            INDArray biasGradient = grads.get(DefaultParamInitializer.BIAS_KEY);
            gb[l] = biasGradient.reshape(biasGradient.ordering(), true, 1, biasGradient.length());
            if (l < hidden) {
                widths[l] = (int) w[l].size(1);
            }
        }
    }

    /** The network's flattened gradient (what {@link #backward} writes; DL4J's updater reads it). */
    INDArray flatGradient() {
        return flatGradient;
    }

    DataType dataType() {
        return type;
    }

    /** Arrays for batches of {@code rows} rows (the caller keeps and closes them). */
    Batch batch(int rows) {
        return new Batch(type, rows, (int) w[0].size(0), widths, (int) w[hidden].size(1));
    }

    /** The forward pass of {@code m.x}: fills each trunk layer's output, the logits and the values. */
    void forward(Batch m) {
        INDArray in = m.x;
        for (int l = 0; l < hidden; l++) {
            affine(m, in, l, m.h[l]);
            tanh(m.h[l]);
            in = m.h[l];
        }
        affine(m, in, hidden, m.logits);
        affine(m, in, hidden + 1, m.value);
    }

    /** {@code out = in W[l] + b[l]}: the bias rows first (a column of ones times the bias row), then the product added. */
    private void affine(Batch m, INDArray in, int l, INDArray out) {
        Nd4j.gemm(m.onesColumn, b[l], out, false, false, 1.0, 0.0);
        Nd4j.gemm(in, wt[l], out, false, true, 1.0, 1.0);
    }

    /**
     * tanh in place, as {@code 2 sigmoid(2x) - 1}: ND4J's sigmoid costs about a third of its tanh
     * per element (measured: 213 against 540 to 840 us for 512 x 128 floats on one thread), and
     * the identity is exact; in single precision it differs from ND4J's tanh by at most a few
     * units of 1e-7 (the tests compare the gradients with the graph's own).
     */
    private static void tanh(INDArray a) {
        a.muli(2.0);
        Transforms.sigmoid(a, false);
        a.muli(2.0).subi(1.0);
    }

    /**
     * The loss's gradient with respect to every parameter, given its gradients with respect to the
     * heads ({@code m.gradLogits}, {@code m.gradValue}) of {@link #forward}'s pass on {@code m},
     * written into the network's flattened gradient (each view overwritten).
     */
    void backward(Batch m) {
        INDArray top = m.h[hidden - 1];
        for (int head = hidden; head <= hidden + 1; head++) {
            INDArray g = head == hidden ? m.gradLogits : m.gradValue;
            Nd4j.gemm(top, g, gw[head], true, false, 1.0, 0.0);
            Nd4j.gemm(m.ones, g, gb[head], false, false, 1.0, 0.0);
        }
        Nd4j.gemm(m.gradLogits, wt[hidden], m.dh[hidden - 1], false, false, 1.0, 0.0);
        Nd4j.gemm(m.gradValue, wt[hidden + 1], m.dh[hidden - 1], false, false, 1.0, 1.0);
        for (int l = hidden - 1; l >= 0; l--) {
            // through tanh: dz = dh * (1 - h^2), in place
            m.h[l].mul(m.h[l], m.scratch[l]).rsubi(1.0);
            m.dh[l].muli(m.scratch[l]);
            INDArray in = l == 0 ? m.x : m.h[l - 1];
            Nd4j.gemm(in, m.dh[l], gw[l], true, false, 1.0, 0.0);
            Nd4j.gemm(m.ones, m.dh[l], gb[l], false, false, 1.0, 0.0);
            if (l > 0) {
                Nd4j.gemm(m.dh[l], wt[l], m.dh[l - 1], false, false, 1.0, 0.0);
            }
        }
    }
}
