package dev.kaisen.training.net;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A frozen copy of the actor-critic network's weights with a plain-Java forward pass: tanh
 * hidden layers, then a policy head (one logit per action) and a value head. Agents and
 * self-play opponents use it: it is thread-compatible (one {@link Scratch} per thread), needs
 * no native code per call and costs a few tens of microseconds per decision.
 *
 * <p>Weights of layer l are stored input-major ({@code w[l][i * out + j]}), as DL4J's
 * {@code W} of shape [in, out]. Binary form: magic, layer count, sizes, then the floats.
 */
public final class MlpWeights {
    private static final int MAGIC = 0x4B4D4C50; // "KMLP"

    private final int[] sizes; // input, hidden..., actions; value head reads the last hidden layer
    private final float[][] w;
    private final float[][] b;
    private final float[] vw;
    private final float vb;

    /**
     * @param sizes input size, hidden sizes, action count
     * @param w     one matrix per layer after the input (hidden layers, then the policy head)
     * @param b     their biases
     * @param vw    value head weights (last hidden size)
     * @param vb    value head bias
     */
    public MlpWeights(int[] sizes, float[][] w, float[][] b, float[] vw, float vb) {
        if (sizes.length < 2 || w.length != sizes.length - 1 || b.length != w.length) {
            throw new IllegalArgumentException("layer sizes and weight arrays do not match");
        }
        for (int l = 0; l < w.length; l++) {
            if (w[l].length != sizes[l] * sizes[l + 1] || b[l].length != sizes[l + 1]) {
                throw new IllegalArgumentException("layer " + l + " has the wrong number of weights");
            }
        }
        if (vw.length != sizes[sizes.length - 2]) {
            throw new IllegalArgumentException("value head has the wrong number of weights");
        }
        this.sizes = sizes.clone();
        this.w = w;
        this.b = b;
        this.vw = vw;
        this.vb = vb;
    }

    public int inputSize() {
        return sizes[0];
    }

    /** Input size, hidden sizes, action count (a copy). */
    int[] sizes() {
        return sizes.clone();
    }

    /** Layer {@code l}'s weights (row-major, input by output) and biases, the value head's: for {@link PolicyNetwork#load}. */
    float[] weights(int l) {
        return w[l];
    }

    float[] biases(int l) {
        return b[l];
    }

    float[] valueWeights() {
        return vw;
    }

    float valueBias() {
        return vb;
    }

    public int actions() {
        return sizes[sizes.length - 1];
    }

    /**
     * These weights with the value head replaced by a constant: every value weight 0 and the bias
     * {@code bias}, so the head predicts {@code bias} for any observation until it is trained. The
     * hidden layers and the policy head are this copy's arrays (neither copy ever writes them).
     */
    public MlpWeights withConstantValue(float bias) {
        return new MlpWeights(sizes, w, b, new float[vw.length], bias);
    }

    /** Per-thread buffers for {@link #forward}. */
    public final class Scratch {
        final float[][] act = new float[sizes.length][];

        Scratch() {
            for (int l = 1; l < sizes.length; l++) {
                act[l] = new float[sizes[l]];
            }
        }
    }

    public Scratch scratch() {
        return new Scratch();
    }

    /** Writes the action logits into {@code logits[0..actions)} and returns the value. */
    public float forward(float[] obs, Scratch s, float[] logits) {
        if (obs.length < sizes[0]) {
            throw new IllegalArgumentException("observation of " + obs.length + " floats, need " + sizes[0]);
        }
        float[] x = obs;
        int layers = w.length;
        for (int l = 0; l < layers; l++) {
            int in = sizes[l];
            int out = sizes[l + 1];
            float[] y = s.act[l + 1];
            System.arraycopy(b[l], 0, y, 0, out);
            float[] wl = w[l];
            for (int i = 0; i < in; i++) {
                float xi = x[i];
                if (xi != 0f) {
                    int row = i * out;
                    for (int j = 0; j < out; j++) {
                        y[j] += xi * wl[row + j];
                    }
                }
            }
            if (l < layers - 1) {
                for (int j = 0; j < out; j++) {
                    y[j] = (float) Math.tanh(y[j]);
                }
            }
            x = y;
        }
        System.arraycopy(s.act[layers], 0, logits, 0, actions());
        float[] h = s.act[layers - 1];
        float v = vb;
        for (int j = 0; j < vw.length; j++) {
            v += h[j] * vw[j];
        }
        return v;
    }

    public void write(OutputStream out) throws IOException {
        DataOutputStream d = new DataOutputStream(new java.io.BufferedOutputStream(out));
        d.writeInt(MAGIC);
        d.writeInt(sizes.length);
        for (int n : sizes) {
            d.writeInt(n);
        }
        for (int l = 0; l < w.length; l++) {
            writeFloats(d, w[l]);
            writeFloats(d, b[l]);
        }
        writeFloats(d, vw);
        d.writeFloat(vb);
        d.flush();
    }

    public static MlpWeights read(InputStream in) throws IOException {
        return read(in, Long.MAX_VALUE);
    }

    /**
     * Reads weights from {@code data}, refusing before any allocation a header that declares more
     * weights than the bytes hold (a few bytes could otherwise ask for gigabytes).
     */
    public static MlpWeights read(byte[] data) throws IOException {
        return read(new java.io.ByteArrayInputStream(data), data.length);
    }

    private static MlpWeights read(InputStream in, long bytes) throws IOException {
        DataInputStream d = new DataInputStream(new java.io.BufferedInputStream(in));
        if (d.readInt() != MAGIC) {
            throw new IOException("not a Kaisen MLP weights stream");
        }
        int n = d.readInt();
        if (n < 2 || n > 64) {
            throw new IOException("implausible layer count " + n);
        }
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = d.readInt();
            if (sizes[i] < 1 || sizes[i] > 1 << 16) {
                throw new IOException("implausible layer size " + sizes[i]);
            }
        }
        long floats = 1 + sizes[n - 2];
        for (int l = 0; l < n - 1; l++) {
            floats += (long) sizes[l] * sizes[l + 1] + sizes[l + 1];
        }
        if (8 + 4L * n + floats * Float.BYTES > bytes) {
            throw new IOException("the layer sizes " + Arrays.toString(sizes) + " need " + floats
                    + " weights, more than its " + bytes + " bytes hold");
        }
        float[][] w = new float[n - 1][];
        float[][] b = new float[n - 1][];
        for (int l = 0; l < n - 1; l++) {
            w[l] = readFloats(d, sizes[l] * sizes[l + 1]);
            b[l] = readFloats(d, sizes[l + 1]);
        }
        float[] vw = readFloats(d, sizes[n - 2]);
        float vb = d.readFloat();
        return new MlpWeights(sizes, w, b, vw, vb);
    }

    private static void writeFloats(DataOutputStream d, float[] a) throws IOException {
        for (float f : a) {
            d.writeFloat(f);
        }
    }

    private static float[] readFloats(DataInputStream d, int n) throws IOException {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = d.readFloat();
        }
        return a;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MlpWeights m)) {
            return false;
        }
        return Arrays.equals(sizes, m.sizes) && Arrays.deepEquals(w, m.w) && Arrays.deepEquals(b, m.b)
                && Arrays.equals(vw, m.vw) && Float.compare(vb, m.vb) == 0;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sizes) * 31 + Arrays.hashCode(vw);
    }
}
