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
     * The policy target of one decision from the root's visit counts (one per legal move, in the
     * order of the legal moves): {@code visits^(1/T)} normalized, for T the target temperature
     * ({@link dev.kaisen.training.config.ExitConfig#targetTemperature}); T = 1 the visit shares,
     * T = 0 the most visited moves sharing 1 equally.
     *
     * @throws IllegalArgumentException with no visit at all, or a negative count
     */
    public static double[] visitTarget(int[] visits, double temperature) {
        int most = 0;
        for (int v : visits) {
            if (v < 0) {
                throw new IllegalArgumentException("a visit count is negative: " + v);
            }
            most = Math.max(most, v);
        }
        if (most == 0) {
            throw new IllegalArgumentException("no move was visited");
        }
        double[] target = new double[visits.length];
        double total = 0;
        for (int k = 0; k < visits.length; k++) {
            // relative to the most visited, so that a small temperature cannot overflow
            double r = (double) visits[k] / most;
            target[k] = temperature == 0 ? (visits[k] == most ? 1 : 0) : temperature == 1 ? visits[k]
                    : Math.pow(r, 1 / temperature);
            total += target[k];
        }
        for (int k = 0; k < target.length; k++) {
            target[k] /= total;
        }
        return target;
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
