package dev.kaisen.training.net;

import org.bytedeco.javacpp.FloatPointer;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.WorkspaceMode;
import org.deeplearning4j.nn.conf.distribution.NormalDistribution;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.gradient.DefaultGradient;
import org.deeplearning4j.nn.gradient.Gradient;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.updater.UpdaterBlock;
import org.deeplearning4j.nn.weights.WeightInit;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.executioner.OpExecutioner;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.AdamUpdater;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.nativeblas.NativeOpsHolder;

import java.util.List;


/**
 * The actor-critic network in Deeplearning4j: a tanh MLP trunk shared by a policy head (one
 * logit per action, identity activation) and a value head. There is no DL4J output layer:
 * PPO's loss is computed in {@link PpoMath} and its gradients with respect to the two heads
 * are pushed back; then the global gradient norm is clipped and DL4J's Adam steps.
 *
 * <p>The flat-array methods ({@link #output(float[], int, float[], float[])}, {@link #trainForward},
 * {@link #step(float[], float[], int, double)}, {@link #parameterGradient}) run the graph's
 * passes as a few fused ND4J products on its own parameter and gradient views
 * ({@link DensePasses}): the same numbers as the graph's {@code feedForward} and
 * {@link ComputationGraph#backpropGradient} (tested against them and against finite
 * differences), about twice as fast. The graph itself (its configuration, its parameters and
 * Adam's state) is what checkpoints hold and what {@link #output(INDArray)} runs.
 *
 * <p>Masking happens outside the network ({@link MaskedPolicy}): the heads output raw
 * logits; illegal actions never receive probability nor gradient.
 *
 * <p>Not thread-safe: an instance is used by one thread at a time. The flat-array methods
 * fill arrays reused while the batch size stays the same (one set for inference, one for
 * training), and {@link #trainForward}'s activations are held for the {@link #step} or
 * {@link #parameterGradient} that follows; two threads that share one instance must synchronise
 * around each such sequence. Separate instances (as the trainer's self-play snapshots) may be
 * used from separate threads.
 */
public final class PolicyNetwork {
    public static final String INPUT = "obs";
    public static final String POLICY = "policy";
    public static final String VALUE = "value";

    private final ComputationGraph graph;
    private final int inputSize;
    private final int actions;
    /** The fused passes, made at first use (they need the graph's gradient views). */
    private DensePasses passes;
    /** The arrays of inference ({@link #output(float[], int, float[], float[])}) and of training, per batch size. */
    private DensePasses.Batch inference;
    private DensePasses.Batch training;
    /** Whether {@link #training} holds a forward pass that no step or gradient has used yet. */
    private boolean forwardHeld;

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
        inference = sized(inference, batch);
        put(obs, inference.x);
        passes.forward(inference);
        get(inference.logits, logits);
        get(inference.value, values);
    }

    /**
     * The training forward pass on rows of a flat array; its activations are kept for
     * {@link #step} (a second pass before the step replaces them). Fills
     * {@code logits[batch*actions]} and {@code values[batch]}.
     */
    public void trainForward(float[] obs, int batch, float[] logits, float[] values) {
        training = sized(training, batch);
        put(obs, training.x);
        passes.forward(training);
        get(training.logits, logits);
        get(training.value, values);
        forwardHeld = true;
    }

    /**
     * One optimizer step from the loss gradients with respect to the heads of the last
     * {@link #trainForward} (rows of flat arrays of its batch): backpropagation, global-norm
     * clipping, Adam.
     *
     * @return the gradient's global L2 norm before clipping
     */
    public double step(float[] gradLogits, float[] gradValues, int batch, double maxGradNorm) {
        backward(gradLogits, gradValues, batch);
        return apply(maxGradNorm);
    }

    /**
     * The gradient of the loss with respect to every parameter (in {@link ComputationGraph#params()}
     * order), given its gradients with respect to the heads of the last {@link #trainForward}.
     */
    public float[] parameterGradient(float[] gradLogits, float[] gradValues, int batch) {
        backward(gradLogits, gradValues, batch);
        return passes.flatGradient().castTo(DataType.FLOAT).dup('c').data().asFloat();
    }

    /**
     * The same gradient by DL4J's own passes ({@code feedForward}, then
     * {@link ComputationGraph#backpropGradient}) on {@code obs}: what the fused passes are
     * checked against. Leaves the network's parameters and optimizer as they were.
     */
    float[] graphParameterGradient(float[] obs, int batch, float[] gradLogits, float[] gradValues) {
        float[] out = graphGradient(obs, batch, gradLogits, gradValues).gradient().castTo(DataType.FLOAT).dup('c')
                .data().asFloat();
        graph.clearLayersStates();
        return out;
    }

    /** DL4J's own gradient of {@code obs}'s batch: {@code feedForward}, then {@link ComputationGraph#backpropGradient}. */
    private Gradient graphGradient(float[] obs, int batch, float[] gradLogits, float[] gradValues) {
        graph.feedForward(new INDArray[]{array(obs, batch, inputSize)}, true, false);
        return graph.backpropGradient(array(gradLogits, batch, actions), array(gradValues, batch, 1));
    }

    /**
     * One step by DL4J's own machinery alone, as this class stepped before {@link DensePasses}:
     * {@code feedForward} of {@code obs}, {@link ComputationGraph#backpropGradient}, ND4J's norm,
     * the updater's generic path, then the parameters updated. The reference the fused step is
     * tested against; returns the gradient norm before clipping.
     */
    double graphStep(float[] obs, int batch, float[] gradLogits, float[] gradValues, double maxGradNorm) {
        Gradient gradient = graphGradient(obs, batch, gradLogits, gradValues);
        INDArray flat = gradient.gradient();
        double norm = flat.norm2Number().doubleValue();
        double scale = PpoMath.clipScale(norm, maxGradNorm);
        if (scale != 1) {
            flat.muli(scale);
        }
        int iteration = graph.getConfiguration().getIterationCount();
        graph.getUpdater().update(gradient, iteration, graph.getConfiguration().getEpochCount(), 1,
                LayerWorkspaceMgr.noWorkspaces());
        INDArray params = graph.params();
        params.subi(flat.reshape(params.shape()));
        graph.getConfiguration().setIterationCount(iteration + 1);
        graph.clearLayersStates();
        return norm;
    }

    private void backward(float[] gradLogits, float[] gradValues, int batch) {
        if (!forwardHeld || training.rows != batch) {
            throw new IllegalStateException("a step needs the forward pass of its batch first (trainForward with "
                    + batch + " rows)");
        }
        put(gradLogits, training.gradLogits);
        put(gradValues, training.gradValue);
        passes.backward(training);
        forwardHeld = false;
    }

    /**
     * Clips the flattened gradient's global norm, turns it into Adam's step, and takes it. Adam is
     * DL4J's own: its native op, its state (the updater's view, which checkpoints save) and its
     * settings, run on each updater block as DL4J's updater runs it ({@link #adamInPlace}); the
     * updater's generic path, which adds about 0.7 ms of bookkeeping per step on the default
     * network, runs only where that does not apply (another updater, regularization, a block
     * without state: DL4J initialises its blocks when it builds the updater, so with this class's
     * Adam and no regularization that path is not taken).
     */
    private double apply(double maxGradNorm) {
        INDArray flat = passes.flatGradient();
        // BLAS dot: the norm in microseconds (ND4J's norm2 takes about 3 ns per element)
        double norm = Math.sqrt(Nd4j.getBlasWrapper().dot(flat, flat));
        double scale = PpoMath.clipScale(norm, maxGradNorm);
        if (scale != 1) {
            flat.muli(scale);
        }
        int iteration = graph.getConfiguration().getIterationCount();
        int epoch = graph.getConfiguration().getEpochCount();
        if (!adamInPlace(iteration, epoch)) {
            // the gradient is the network's own flattened view (no copy); batch size 1: it is already the minibatch mean
            graph.getUpdater().update(new DefaultGradient(flat), iteration, epoch, 1, LayerWorkspaceMgr.noWorkspaces());
        }
        INDArray params = graph.params();
        Nd4j.getBlasWrapper().level1().axpy(params.length(), -1.0, flat.reshape(params.shape()), params);
        graph.getConfiguration().setIterationCount(iteration + 1);
        return norm;
    }

    /**
     * What DL4J's {@code UpdaterBlock.update} does for an initialised Adam block without
     * regularization, for every block: ND4J's {@code AdamUpdater} op on the block's gradient view
     * and its M and V state, with the block's learning rate at this iteration. Returns false,
     * touching nothing, when some block is not such a block.
     */
    private boolean adamInPlace(int iteration, int epoch) {
        List<UpdaterBlock> blocks = graph.getUpdater().getUpdaterBlocks();
        for (UpdaterBlock block : blocks) {
            if (!(block.getGradientUpdater() instanceof AdamUpdater adam) || adam.getM() == null
                    || adam.getV() == null || block.getGradientView() == null) {
                return false;
            }
            for (UpdaterBlock.ParamState p : block.getLayersAndVariablesInBlock()) {
                if (!p.getLayer().getConfig().getRegularizationByParam(p.getParamName()).isEmpty()) {
                    return false;
                }
            }
        }
        for (UpdaterBlock block : blocks) {
            AdamUpdater adam = (AdamUpdater) block.getGradientUpdater();
            Adam c = adam.getConfig();
            INDArray v = adam.getV();
            Nd4j.exec(new org.nd4j.linalg.api.ops.impl.updaters.AdamUpdater(block.getGradientView().reshape(v.shape()),
                    v, adam.getM(), c.getLearningRate(iteration, epoch), c.getBeta1(), c.getBeta2(), c.getEpsilon(),
                    iteration));
        }
        return true;
    }

    /** {@code current} if it has {@code rows} rows, else new arrays (the old ones freed). */
    private DensePasses.Batch sized(DensePasses.Batch current, int rows) {
        if (passes == null) {
            passes = new DensePasses(graph, hidden().length);
        }
        if (current != null && current.rows == rows) {
            return current;
        }
        if (current != null) {
            current.close();
        }
        if (current == training) {
            forwardHeld = false;
        }
        return passes.batch(rows);
    }

    public void setLearningRate(double lr) {
        graph.setLearningRate(lr);
    }

    /** Optimizer steps taken so far. */
    public int updates() {
        return graph.getConfiguration().getIterationCount();
    }

    /** Input size, hidden sizes, action count: {@link MlpWeights}' layout. */
    private int[] sizes() {
        int[] hidden = hidden();
        int[] sizes = new int[hidden.length + 2];
        sizes[0] = inputSize;
        System.arraycopy(hidden, 0, sizes, 1, hidden.length);
        sizes[sizes.length - 1] = actions;
        return sizes;
    }

    /**
     * Sets every weight to {@code weights}' (a network of the same sizes: input, hidden layers,
     * actions); the optimizer's state is left as it is.
     */
    public void load(MlpWeights weights) {
        int[] hidden = hidden();
        int[] mine = sizes();
        if (!java.util.Arrays.equals(mine, weights.sizes())) {
            throw new IllegalArgumentException("a network of sizes " + java.util.Arrays.toString(weights.sizes())
                    + " cannot be loaded into one of sizes " + java.util.Arrays.toString(mine));
        }
        for (int l = 0; l <= hidden.length; l++) {
            String name = l < hidden.length ? "h" + l : POLICY;
            graph.getLayer(name).getParam("W").assign(array(weights.weights(l), mine[l], mine[l + 1]));
            graph.getLayer(name).getParam("b").assign(array(weights.biases(l), 1, mine[l + 1]));
        }
        graph.getLayer(VALUE).getParam("W").assign(array(weights.valueWeights(), hidden[hidden.length - 1], 1));
        graph.getLayer(VALUE).getParam("b").assign(array(new float[]{weights.valueBias()}, 1, 1));
    }

    /** A frozen plain-Java copy of the weights. */
    public MlpWeights export() {
        int[] hidden = hidden();
        int layers = hidden.length + 1;
        int[] sizes = sizes();
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

    /** Fills a batch array (c order, not a view) from a flat array: one native copy in single precision. */
    private static void put(float[] data, INDArray target) {
        int n = (int) target.length();
        if (target.dataType() == DataType.FLOAT) {
            new FloatPointer(target.data().addressPointer()).put(data, 0, n);
        } else {
            target.assign(Nd4j.create(data, target.shape(), 'c').castTo(target.dataType()));
        }
    }

    /** Copies a batch array (c order, not a view) into a flat array. */
    private static void get(INDArray source, float[] out) {
        int n = (int) source.length();
        if (source.dataType() == DataType.FLOAT) {
            new FloatPointer(source.data().addressPointer()).get(out, 0, n);
        } else {
            System.arraycopy(source.castTo(DataType.FLOAT).data().asFloat(), 0, out, 0, n);
        }
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

}
