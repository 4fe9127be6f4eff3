package dev.kaisen.training.exit;

import dev.kaisen.training.net.MaskedPolicy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Expert iteration's policy loss against values computed by hand and its gradient against finite differences. */
class ExitMathTest {
    @Test
    void crossEntropyByHand() {
        // p = [0.25, 0.75] (the third action is illegal); target [0.5, 0.5]
        float[] logits = {0f, (float) Math.log(3), 50f};
        byte[] mask = {1, 1, 0};
        float[] target = {0.5f, 0.5f, 0f};
        float[] grad = new float[3];
        double loss = ExitMath.crossEntropy(logits, 0, mask, 0, 3, target, 0, 0.5, grad, 0, new double[3]);
        assertEquals(-(0.5 * Math.log(0.25) + 0.5 * Math.log(0.75)), loss, 1e-6);
        // weight * (p - pi) = 0.5 * [-0.25, 0.25], nothing for the illegal action
        assertArrayEquals(new float[]{-0.125f, 0.125f, 0f}, grad, 1e-6f);
    }

    @Test
    void crossEntropyGradientMatchesFiniteDifferences() {
        float[] logits = {0.3f, -1.2f, 0.7f, 2.0f, -0.4f};
        byte[] mask = {1, 1, 0, 1, 1};
        float[] target = {0.1f, 0.0f, 0f, 0.6f, 0.3f};
        float[] grad = new float[5];
        ExitMath.crossEntropy(logits, 0, mask, 0, 5, target, 0, 1.0, grad, 0, new double[5]);
        double h = 1e-3;
        for (int a = 0; a < 5; a++) {
            float[] up = logits.clone();
            float[] down = logits.clone();
            up[a] += (float) h;
            down[a] -= (float) h;
            double numeric = (loss(up, mask, target) - loss(down, mask, target)) / (2 * h);
            assertEquals(numeric, grad[a], 1e-4, "action " + a);
        }
        assertEquals(0f, grad[2]);
    }

    private static double loss(float[] logits, byte[] mask, float[] target) {
        double[] logp = new double[logits.length];
        MaskedPolicy.logSoftmax(logits, 0, mask, 0, logits.length, logp);
        double l = 0;
        for (int a = 0; a < logits.length; a++) {
            if (target[a] != 0) {
                l -= target[a] * logp[a];
            }
        }
        return l;
    }

    @Test
    void rowsAtAnOffsetAndATargetOnAMaskedActionIsRefused() {
        float[] logits = {9f, 9f, 0f, 0f};
        byte[] mask = {0, 0, 1, 1};
        float[] target = {7f, 7f, 1f, 0f};
        float[] grad = new float[4];
        double loss = ExitMath.crossEntropy(logits, 2, mask, 2, 2, target, 2, 1.0, grad, 2, new double[2]);
        assertEquals(Math.log(2), loss, 1e-6);
        assertArrayEquals(new float[]{0f, 0f, -0.5f, 0.5f}, grad, 1e-6f);
        assertThrows(IllegalArgumentException.class, () -> ExitMath.crossEntropy(logits, 0, new byte[]{1, 0}, 0, 2,
                new float[]{0.5f, 0.5f}, 0, 1.0, new float[2], 0, new double[2]));
    }

    @Test
    void visitTargetsAtTemperatureOneAHalfAndZero() {
        int[] visits = {6, 3, 0, 1};
        assertArrayEquals(new double[]{0.6, 0.3, 0, 0.1}, ExitMath.visitTarget(visits, 1), 1e-12);
        assertArrayEquals(new double[]{36 / 46.0, 9 / 46.0, 0, 1 / 46.0}, ExitMath.visitTarget(visits, 0.5), 1e-12);
        assertArrayEquals(new double[]{1, 0, 0, 0}, ExitMath.visitTarget(visits, 0), 0);
        assertArrayEquals(new double[]{0.5, 0, 0.5}, ExitMath.visitTarget(new int[]{4, 1, 4}, 0), 0, "a tie shared");
        assertArrayEquals(new double[]{1, 0}, ExitMath.visitTarget(new int[]{1000, 500}, 1e-4), 1e-12,
                "a small temperature does not overflow");
        double[] one = ExitMath.visitTarget(new int[]{7, 2, 2}, 1);
        for (int k = 0; k < 3; k++) {
            assertEquals((float) (new int[]{7, 2, 2}[k] / 11.0), (float) one[k], "T = 1: the shares stored before it existed");
        }
        assertThrows(IllegalArgumentException.class, () -> ExitMath.visitTarget(new int[]{0, 0}, 1));
        assertThrows(IllegalArgumentException.class, () -> ExitMath.visitTarget(new int[]{2, -1}, 1));
    }
}
