package dev.kaisen.training.net;

import org.bytedeco.javacpp.FloatPointer;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.WorkspaceMode;
import org.deeplearning4j.nn.conf.distribution.NormalDistribution;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.gradient.Gradient;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.weights.WeightInit;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.memory.conf.WorkspaceConfiguration;
import org.nd4j.linalg.api.memory.enums.AllocationPolicy;
import org.nd4j.linalg.api.memory.enums.LearningPolicy;
import org.nd4j.linalg.api.memory.enums.SpillPolicy;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.executioner.OpExecutioner;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.nativeblas.NativeOpsHolder;

import java.util.Map;

/**
 * The actor-critic network in Deeplearning4j: a tanh MLP trunk shared by a policy head (one
 * logit per action, identity activation) and a value head. There is no DL4J output layer:
 * PPO's loss is computed in {@link PpoMath} and its gradients with respect to the two heads
 * are pushed back with {@link ComputationGraph#backpropGradient}; then the global gradient
 * norm is clipped and Adam steps.
 *
 * <p>Masking happens outside the network ({@link MaskedPolicy}): the heads output raw
 * logits; illegal actions never receive probability nor gradient.
 *
 * <p>Not thread-safe: an instance is used by one thread at a time. The flat-array methods
 * fill reused buffers (and {@link #output(float[], int, float[], float[])} a reused workspace),
 * the graph keeps its layers' inputs between {@link #trainForward} and {@link #step} /
 * {@link #parameterGradient}, and {@link #trainForward}'s activations are held until then; two
 * threads that share one instance must synchronise around each such sequence. Separate
 * instances (as the trainer's self-play snapshots) may be used from separate threads.
 */
public final class PolicyNetwork {
    public static final String INPUT = "obs";
    public static final String POLICY = "policy";
    public static final String VALUE = "value";

    /** The workspace of {@link #output(float[], int, float[], float[])}'s results, reused call after call. */
    private static final String OUTPUT_WORKSPACE_ID = "kaisen-policy-output";
    private static final WorkspaceConfiguration OUTPUT_WORKSPACE = WorkspaceConfiguration.builder()
            .initialSize(0).overallocationLimit(0.2).policyAllocation(AllocationPolicy.OVERALLOCATE)
            .policyLearning(LearningPolicy.FIRST_LOOP).policySpill(SpillPolicy.REALLOCATE).build();

    /** The arrays the flat-array methods fill: one each, reused while the batch size stays the same. */
    private enum Buffer { OBSERVATIONS, MINIBATCH, GRAD_LOGITS, GRAD_VALUES }

    private final ComputationGraph graph;
    private final INDArray[] buffers = new INDArray[Buffer.values().length];
    /**
     * The detached activations of the last {@link #trainForward}, freed after its {@link #step}
     * or {@link #parameterGradient}, or by the next {@link #trainForward}.
     */
    private Map<String, INDArray> lastActivations;
    private final int inputSize;
    private final int actions;

    /**
     * Sets the threads ND4J's native ops may use, for the whole process: every setting here is
     * process-wide (ND4J's {@code Environment}, the OpenMP and OpenBLAS pools, the executioner's
     * profiling mode and the memory manager's periodic collection), so it applies to every
     * thread and every network of the JVM, and a later call replaces an earlier one. One is
     * fastest for these small matrices on a small machine, where a second thread only competes
     * with the env workers (measured: 2x the training throughput on 2 cores, and 1.7x more from
     * setting the OpenMP and OpenBLAS pools too on a busy 2-core machine). Three settings,
     * because three pools exist: ND4J's own ({@code Environment}), OpenMP's (the reductions and
     * transforms: {@code Environment.setMaxThreads} alone leaves it at the core count, and each
     * op then waits for a second thread that a busy machine may not schedule for milliseconds),
     * and OpenBLAS's (the matrix products). Op profiling is turned off too: ND4J's default
     * checks every op's arguments for workspace misuse, a cost per op for a check this code
     * does not need.
     */
    public static void setNativeThreads(int threads) {
        Nd4j.getEnvironment().setMaxThreads(threads);
        Nd4j.getEnvironment().setMaxMasterThreads(threads);
        NativeOpsHolder.getInstance().getDeviceNativeOps().setOmpNumThreads(threads);
        Nd4j.factory().blas().setMaxThreads(threads);
        Nd4j.getExecutioner().setProfilingMode(OpExecutioner.ProfilingMode.DISABLED);
        // what DL4J allocates outside its workspaces is freed when Java collects its handles:
        // have ND4J ask for a collection every second so native memory stays bounded
        Nd4j.getMemoryManager().togglePeriodicGc(true);
        Nd4j.getMemoryManager().setAutoGcWindow(1000);
    }

    public PolicyNetwork(ComputationGraph graph) {
        this.graph = graph;
        this.inputSize = (int) graph.getLayer("h0").getParam("W").size(0);
        this.actions = (int) graph.getLayer(POLICY).getParam("W").size(1);
    }

    /** A new network with seeded initial weights. */
    public static PolicyNetwork create(int inputSize, int actions, int[] hidden, double learningRate, long seed) {
        return create(inputSize, actions, hidden, learningRate, seed, DataType.FLOAT);
    }

    /** As {@link #create(int, int, int[], double, long)} in another precision (tests check gradients in double). */
    public static PolicyNetwork create(int inputSize, int actions, int[] hidden, double learningRate, long seed,
                                      DataType dataType) {
        if (hidden.length == 0) {
            throw new IllegalArgumentException("need at least one hidden layer");
        }
        ComputationGraphConfiguration.GraphBuilder b = new NeuralNetConfiguration.Builder()
                .seed(seed)
                .dataType(dataType)
                .updater(new Adam(learningRate, 0.9, 0.999, 1e-5))
                .trainingWorkspaceMode(WorkspaceMode.ENABLED)
                .inferenceWorkspaceMode(WorkspaceMode.ENABLED)
                .graphBuilder()
                .addInputs(INPUT);
        String prev = INPUT;
        int in = inputSize;
        for (int l = 0; l < hidden.length; l++) {
            String name = "h" + l;
            b.addLayer(name, new DenseLayer.Builder().nIn(in).nOut(hidden[l]).activation(Activation.TANH)
                    .weightInit(WeightInit.XAVIER).build(), prev);
            prev = name;
            in = hidden[l];
        }
        // small initial logits: the first policy is close to uniform over the legal actions
        b.addLayer(POLICY, new DenseLayer.Builder().nIn(in).nOut(actions).activation(Activation.IDENTITY)
                .weightInit(new NormalDistribution(0, 0.01)).build(), prev);
        b.addLayer(VALUE, new DenseLayer.Builder().nIn(in).nOut(1).activation(Activation.IDENTITY)
                .weightInit(WeightInit.XAVIER).build(), prev);
        ComputationGraph graph = new ComputationGraph(b.setOutputs(POLICY, VALUE).build());
        graph.init();
        return new PolicyNetwork(graph);
    }

    public ComputationGraph graph() {
        return graph;
    }

    public int inputSize() {
        return inputSize;
    }

    public int actions() {
        return actions;
    }

    public int[] hidden() {
        int n = 0;
        while (graph.getVertex("h" + n) != null) {
            n++;
        }
        int[] h = new int[n];
        for (int l = 0; l < n; l++) {
            h[l] = (int) graph.getLayer("h" + l).getParam("W").size(1);
        }
        return h;
    }

    /** Inference: {@code obs} is [batch, inputSize]; returns {logits [batch, actions], values [batch, 1]}. */
    public INDArray[] output(INDArray obs) {
        return graph.output(false, obs);
    }

    /** Inference on rows of a flat array: fills {@code logits[batch*actions]} and {@code values[batch]}. */
    public void output(float[] obs, int batch, float[] logits, float[] values) {
        INDArray x = rows(Buffer.OBSERVATIONS, obs, batch, inputSize);
        // the outputs live in a workspace reused by every call, not in arrays allocated per call
        try (MemoryWorkspace ws = Nd4j.getWorkspaceManager().getAndActivateWorkspace(OUTPUT_WORKSPACE, OUTPUT_WORKSPACE_ID)) {
            INDArray[] out = graph.output(false, ws, x);
            copyRows(out[0], logits);
            copyRows(out[1], values);
        }
    }

    /**
     * The training forward pass on rows of a flat array; its activations are kept for
     * {@link #step}. Fills {@code logits[batch*actions]} and {@code values[batch]}.
     */
    public void trainForward(float[] obs, int batch, float[] logits, float[] values) {
        INDArray x = rows(Buffer.MINIBATCH, obs, batch, inputSize);
        Map<String, INDArray> act = graph.feedForward(new INDArray[]{x}, true, false);
        copyRows(act.get(POLICY), logits);
        copyRows(act.get(VALUE), values);
        act.remove(INPUT);
        // a second forward pass without a step between: the first one's activations are not needed
        Map<String, INDArray> previous = lastActivations;
        lastActivations = act;
        if (previous != null) {
            previous.values().removeIf(a -> act.values().stream().anyMatch(b -> b == a));
            release(previous.values().toArray(new INDArray[0]));
        }
    }

    /** Frees the activations of the last {@link #trainForward}, if any. */
    private void releaseActivations() {
        if (lastActivations != null) {
            release(lastActivations.values().toArray(new INDArray[0]));
            lastActivations = null;
        }
    }

    /** {@link #step(INDArray, INDArray, double)} from flat arrays of the last {@link #trainForward}'s batch. */
    public double step(float[] gradLogits, float[] gradValues, int batch, double maxGradNorm) {
        INDArray gl = rows(Buffer.GRAD_LOGITS, gradLogits, batch, actions);
        INDArray gv = rows(Buffer.GRAD_VALUES, gradValues, batch, 1);
        return step(gl, gv, maxGradNorm);
    }

    /**
     * One optimizer step from the loss gradients with respect to the heads of the last
     * {@link #trainForward}: backpropagation, global-norm clipping, Adam.
     *
     * @return the gradient's global L2 norm before clipping
     */
    public double step(INDArray gradLogits, INDArray gradValues, double maxGradNorm) {
        Gradient gradient = graph.backpropGradient(gradLogits, gradValues);
        double norm = apply(gradient, maxGradNorm);
        releaseActivations();
        return norm;
    }

    /**
     * The gradient of the loss with respect to every parameter (in {@link ComputationGraph#params()}
     * order), given its gradients with respect to the heads of the last {@link #trainForward}.
     */
    public float[] parameterGradient(float[] gradLogits, float[] gradValues, int batch) {
        Gradient gradient = graph.backpropGradient(array(gradLogits, batch, actions),
                array(gradValues, batch, 1));
        float[] out = gradient.gradient().castTo(DataType.FLOAT).dup('c').data().asFloat();
        graph.clearLayersStates();
        releaseActivations();
        return out;
    }

    private double apply(Gradient gradient, double maxGradNorm) {
        INDArray flat = gradient.gradient();
        double norm = flat.norm2Number().doubleValue();
        double scale = PpoMath.clipScale(norm, maxGradNorm);
        if (scale != 1) {
            flat.muli(scale);
        }
        int iteration = graph.getConfiguration().getIterationCount();
        // batch size 1: the gradients are already those of the minibatch mean
        graph.getUpdater().update(gradient, iteration, graph.getConfiguration().getEpochCount(), 1,
                LayerWorkspaceMgr.noWorkspaces());
        graph.params().subi(flat);
        graph.getConfiguration().setIterationCount(iteration + 1);
        graph.clearLayersStates();
        return norm;
    }

    public void setLearningRate(double lr) {
        graph.setLearningRate(lr);
    }

    /** Optimizer steps taken so far. */
    public int updates() {
        return graph.getConfiguration().getIterationCount();
    }

    /** A frozen plain-Java copy of the weights. */
    public MlpWeights export() {
        int[] hidden = hidden();
        int layers = hidden.length + 1;
        int[] sizes = new int[layers + 1];
        sizes[0] = inputSize;
        System.arraycopy(hidden, 0, sizes, 1, hidden.length);
        sizes[layers] = actions;
        float[][] w = new float[layers][];
        float[][] b = new float[layers][];
        for (int l = 0; l < layers; l++) {
            String name = l < hidden.length ? "h" + l : POLICY;
            w[l] = flatten(graph.getLayer(name).getParam("W"));
            b[l] = flatten(graph.getLayer(name).getParam("b"));
        }
        float[] vw = flatten(graph.getLayer(VALUE).getParam("W"));
        float vb = graph.getLayer(VALUE).getParam("b").getFloat(0);
        return new MlpWeights(sizes, w, b, vw, vb);
    }

    /**
     * Frees arrays' native memory now rather than at some later garbage collection: ND4J
     * buffers live outside the Java heap, and a training loop allocates them much faster than
     * the heap fills, so without this the process grows by gigabytes between collections.
     */
    private static void release(INDArray... arrays) {
        for (INDArray a : arrays) {
            if (a != null && a.closeable()) {
                a.close();
            }
        }
    }

    /**
     * Rows of a flat array as a matrix in the network's precision: in single precision, the
     * buffer array of {@code use}, filled by one native copy (allocated again only when the batch
     * size changes); in another precision (tests), a new array.
     */
    private INDArray rows(Buffer use, float[] data, int rows, int cols) {
        DataType type = graph.params().dataType();
        if (type != DataType.FLOAT) {
            return Nd4j.create(data, new long[]{rows, cols}, 'c').castTo(type);
        }
        INDArray a = buffers[use.ordinal()];
        if (a == null || a.rows() != rows || a.columns() != cols) {
            release(a);
            a = Nd4j.createUninitializedDetached(DataType.FLOAT, rows, cols);
            buffers[use.ordinal()] = a;
        }
        new FloatPointer(a.data().addressPointer()).put(data, 0, rows * cols);
        return a;
    }

    /** Rows of a flat array as a new matrix in the network's precision. */
    private INDArray array(float[] data, long rows, long cols) {
        INDArray a = Nd4j.create(data, new long[]{rows, cols}, 'c');
        DataType type = graph.params().dataType();
        return a.dataType() == type ? a : a.castTo(type);
    }

    private static float[] flatten(INDArray a) {
        return a.castTo(DataType.FLOAT).dup('c').data().asFloat();
    }

    private static void copyRows(INDArray a, float[] out) {
        boolean plain = !a.isView() && a.ordering() == 'c' && a.dataType() == DataType.FLOAT
                && a.data().length() == a.length();
        if (plain) {
            new FloatPointer(a.data().addressPointer()).get(out, 0, (int) a.length());
            return;
        }
        INDArray c = a.castTo(DataType.FLOAT).dup('c');
        float[] src = c.data().asFloat();
        System.arraycopy(src, 0, out, 0, src.length);
        release(c);
    }
}
