package dev.kaisen.training.exit;

import dev.kaisen.training.net.MaskedPolicy;

/**
 * The loss of expert iteration on plain arrays, so it can be checked by hand: the cross-entropy
 * of the network's masked softmax against the search's visit distribution (the value loss is
 * {@link dev.kaisen.training.net.PpoMath#valueLoss}, against the win share).
 */
public final class ExitMath {
    private ExitMath() {
    }

    /**
     * The cross-entropy {@code -sum_a pi_a log p_a} of one row, where {@code p} is the masked
     * softmax of {@code logits[off .. off+n)} and {@code pi = target[toff .. toff+n)} a distribution
     * over the legal actions (summing to 1); writes {@code weight * (p_a - pi_a)}, its gradient with
     * respect to the logits, into {@code grad[goff .. goff+n)} (0 for illegal actions) and returns
     * the (unweighted) loss.
     *
     * @param logp scratch of length n
     */
    public static double crossEntropy(float[] logits, int off, byte[] mask, int moff, int n, float[] target, int toff,
                                      double weight, float[] grad, int goff, double[] logp) {
        MaskedPolicy.logSoftmax(logits, off, mask, moff, n, logp);
        double loss = 0;
        for (int a = 0; a < n; a++) {
            double pi = target[toff + a];
            if (logp[a] == Double.NEGATIVE_INFINITY) {
                if (pi != 0) {
                    throw new IllegalArgumentException("target puts " + pi + " on the masked-out action " + a);
                }
                grad[goff + a] = 0;
                continue;
            }
            if (pi != 0) {
                loss -= pi * logp[a];
            }
            grad[goff + a] = (float) (weight * (Math.exp(logp[a]) - pi));
        }
        return loss;
    }
}
