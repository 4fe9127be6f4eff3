package dev.kaisen.training.net;

import dev.kaisen.env.SplitMix64;

/** Random plain-Java networks for tests. */
public final class RandomNets {
    private RandomNets() {
    }

    public static MlpWeights weights(int in, int[] hidden, int actions, long seed, float scale) {
        int[] sizes = new int[hidden.length + 2];
        sizes[0] = in;
        System.arraycopy(hidden, 0, sizes, 1, hidden.length);
        sizes[sizes.length - 1] = actions;
        long[] r = {seed};
        float[][] w = new float[sizes.length - 1][];
        float[][] b = new float[sizes.length - 1][];
        for (int l = 0; l < w.length; l++) {
            w[l] = random(sizes[l] * sizes[l + 1], scale / (float) Math.sqrt(sizes[l]), r);
            b[l] = random(sizes[l + 1], scale, r);
        }
        return new MlpWeights(sizes, w, b, random(hidden[hidden.length - 1], 1, r), 0.1f);
    }

    private static float[] random(int n, float scale, long[] r) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            r[0] = SplitMix64.advance(r[0]);
            a[i] = (float) ((SplitMix64.unit(SplitMix64.mix(r[0])) * 2 - 1) * scale);
        }
        return a;
    }
}
