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
    /** Parameter views: the trunk's layers, then the policy head, then the value head. */
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
            gradLogits = Nd4j.createUninitializedDetached(type, rows, actions);
            gradValue = Nd4j.createUninitializedDetached(type, rows, 1);
        }

        void close() {
            for (INDArray a : new INDArray[]{x, logits, value, ones, gradLogits, gradValue}) {
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
        b = new INDArray[layers];
        gw = new INDArray[layers];
        gb = new INDArray[layers];
        widths = new int[hidden];
        for (int l = 0; l < layers; l++) {
            String name = l < hidden ? "h" + l : l == hidden ? PolicyNetwork.POLICY : PolicyNetwork.VALUE;
            Layer layer = graph.getLayer(name);
            w[l] = layer.getParam(DefaultParamInitializer.WEIGHT_KEY);
            b[l] = layer.getParam(DefaultParamInitializer.BIAS_KEY);
            Map<String, INDArray> grads = DefaultParamInitializer.getInstance()
                    .getGradientsFromFlattened(layer.conf(), layer.getGradientsViewArray());
            gw[l] = grads.get(DefaultParamInitializer.WEIGHT_KEY);
            // a row [1, n] over the bias gradient's vector: the product of a row of ones writes it
            INDArray bias = grads.get(DefaultParamInitializer.BIAS_KEY);
            gb[l] = bias.reshape(bias.ordering(), true, 1, bias.length());
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
            Nd4j.gemm(in, w[l], m.h[l], false, false, 1.0, 0.0);
            m.h[l].addiRowVector(b[l]);
            Transforms.tanh(m.h[l], false);
            in = m.h[l];
        }
        Nd4j.gemm(in, w[hidden], m.logits, false, false, 1.0, 0.0);
        m.logits.addiRowVector(b[hidden]);
        Nd4j.gemm(in, w[hidden + 1], m.value, false, false, 1.0, 0.0);
        m.value.addiRowVector(b[hidden + 1]);
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
        Nd4j.gemm(m.gradLogits, w[hidden], m.dh[hidden - 1], false, true, 1.0, 0.0);
        Nd4j.gemm(m.gradValue, w[hidden + 1], m.dh[hidden - 1], false, true, 1.0, 1.0);
        for (int l = hidden - 1; l >= 0; l--) {
            // through tanh: dz = dh * (1 - h^2), in place
            m.h[l].mul(m.h[l], m.scratch[l]).rsubi(1.0);
            m.dh[l].muli(m.scratch[l]);
            INDArray in = l == 0 ? m.x : m.h[l - 1];
            Nd4j.gemm(in, m.dh[l], gw[l], true, false, 1.0, 0.0);
            Nd4j.gemm(m.ones, m.dh[l], gb[l], false, false, 1.0, 0.0);
            if (l > 0) {
                Nd4j.gemm(m.dh[l], w[l], m.dh[l - 1], false, true, 1.0, 0.0);
            }
        }
    }
}
