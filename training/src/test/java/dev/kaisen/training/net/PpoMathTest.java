package dev.kaisen.training.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** PPO's pieces against values computed by hand (and the entropy gradient against finite differences). */
class PpoMathTest {
    private static final double EPS = 1e-6;

    @Test
    void gaeByHand() {
        // one env, three steps; the episode ends with step 1, so step 1 does not bootstrap
        float[] rewards = {1, 0, 2};
        float[] values = {0.5f, 0.4f, 0.3f};
        boolean[] done = {false, true, false};
        float[] adv = new float[3];
        float[] ret = new float[3];
        PpoMath.gae(rewards, values, done, new float[]{0.6f}, 3, 1, 0.9, 0.8, adv, ret);
        // t=2: delta = 2 + 0.9*0.6 - 0.3 = 2.24
        // t=1: delta = 0 - 0.4 (no bootstrap, no carry) = -0.4
        // t=0: delta = 1 + 0.9*0.4 - 0.5 = 0.86; adv = 0.86 + 0.9*0.8*(-0.4) = 0.572
        assertArrayEquals(new float[]{0.572f, -0.4f, 2.24f}, adv, 1e-6f);
        assertArrayEquals(new float[]{1.072f, 0f, 2.54f}, ret, 1e-6f);
    }

    @Test
    void gaeKeepsEnvsApart() {
        // two envs interleaved [t*2 + i]; env 1's numbers are env 0's doubled
        float[] rewards = {1, 2, 0, 0};
        float[] values = {0, 0, 0, 0};
        boolean[] done = {false, false, false, false};
        float[] adv = new float[4];
        float[] ret = new float[4];
        PpoMath.gae(rewards, values, done, new float[]{1, 2}, 2, 2, 0.5, 1.0, adv, ret);
        // env 0: t=1: 0 + 0.5*1 = 0.5; t=0: 1 + 0.5*0.5 = 1.25
        assertArrayEquals(new float[]{1.25f, 2.5f, 0.5f, 1f}, adv, 1e-6f);
    }

    @Test
    void clippedBranchHasNoSurrogateGradient() {
        // p = [0.25, 0.75]; action 1 had probability 0.5 -> ratio 1.5, beyond 1 + 0.2
        float[] logits = {0f, (float) Math.log(3)};
        byte[] mask = {1, 1};
        float[] grad = new float[2];
        PpoMath.Stats stats = new PpoMath.Stats();
        PpoMath.policyLoss(logits, 0, mask, 0, 2, 1, Math.log(0.5), 2.0, 0.2, 0.0, 1.0, grad, 0, new double[2], stats);
        assertEquals(-2.4, stats.policyLoss, EPS); // -min(1.5*2, 1.2*2)
        assertArrayEquals(new float[]{0f, 0f}, grad, 1e-7f);
        assertEquals(1, stats.clipped, 0);
        assertEquals(0.5 - Math.log(1.5), stats.approxKl, EPS); // (r - 1) - log r
    }

    @Test
    void unclippedBranchGradientByHand() {
        // negative advantage: min(1.5*-2, 1.2*-2) = -3 is the unclipped term
        float[] logits = {0f, (float) Math.log(3), 100f};
        byte[] mask = {1, 1, 0}; // the huge logit is illegal: no probability, no gradient
        float[] grad = new float[3];
        PpoMath.Stats stats = new PpoMath.Stats();
        PpoMath.policyLoss(logits, 0, mask, 0, 3, 1, Math.log(0.5), -2.0, 0.2, 0.0, 0.5, grad, 0, new double[3], stats);
        assertEquals(3.0, stats.policyLoss, 1e-5);
        // d(-r A)/dz = -A r (onehot - p) = 3 * ([0,1] - [0.25, 0.75]), weighted by 0.5
        assertArrayEquals(new float[]{-0.375f, 0.375f, 0f}, grad, 1e-5f);
        assertEquals(-(0.25 * Math.log(0.25) + 0.75 * Math.log(0.75)), stats.entropy, 1e-6);
    }

    @Test
    void entropyGradientMatchesFiniteDifferences() {
        float[] logits = {0.3f, -1.2f, 0.7f, 2.0f};
        byte[] mask = {1, 1, 0, 1};
        float[] grad = new float[4];
        double entCoef = 0.5;
        // advantage 0: only the entropy term has a gradient
        PpoMath.policyLoss(logits, 0, mask, 0, 4, 0, Math.log(0.3), 0.0, 0.2, entCoef, 1.0, grad, 0, new double[4],
                new PpoMath.Stats());
        double h = 1e-3;
        for (int a = 0; a < 4; a++) {
            float[] up = logits.clone();
            float[] down = logits.clone();
            up[a] += (float) h;
            down[a] -= (float) h;
            double numeric = (-entCoef * entropy(up, mask) + entCoef * entropy(down, mask)) / (2 * h);
            assertEquals(numeric, grad[a], 1e-4, "action " + a);
        }
        assertEquals(0f, grad[2]);
    }

    private static double entropy(float[] logits, byte[] mask) {
        double[] logp = new double[logits.length];
        MaskedPolicy.logSoftmax(logits, 0, mask, 0, logits.length, logp);
        return MaskedPolicy.entropy(logp, logits.length);
    }

    @Test
    void valueLossAndGradient() {
        PpoMath.Stats stats = new PpoMath.Stats();
        double g = PpoMath.valueLoss(1.5, 0.5, 0.5, 0.25, stats);
        assertEquals(0.5, stats.valueLoss, EPS); // (1.5 - 0.5)^2 / 2
        assertEquals(0.125, g, EPS);             // 0.25 * 0.5 * 1.0
    }

    @Test
    void gradientClipScale() {
        assertEquals(1.0, PpoMath.clipScale(0.4, 0.5), 0);
        assertEquals(0.25, PpoMath.clipScale(2.0, 0.5), EPS);
        assertEquals(1.0, PpoMath.clipScale(0.0, 0.5), 0);
    }

    @Test
    void maskedOutActionIsRejected() {
        float[] logits = {0f, 0f};
        byte[] mask = {1, 0};
        assertThrows(IllegalArgumentException.class, () -> PpoMath.policyLoss(logits, 0, mask, 0, 2, 1, 0, 1, 0.2, 0,
                1, new float[2], 0, new double[2], new PpoMath.Stats()));
        assertThrows(IllegalArgumentException.class,
                () -> MaskedPolicy.logSoftmax(logits, 0, new byte[2], 0, 2, new double[2]));
    }
}
