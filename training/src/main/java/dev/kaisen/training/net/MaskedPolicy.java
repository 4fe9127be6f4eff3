package dev.kaisen.training.net;

/**
 * The masked categorical policy over action logits: illegal actions are removed before the
 * softmax (their log-probability is {@code -infinity}, their probability exactly 0), so the
 * policy, its samples, its entropy and its gradients only ever involve legal actions.
 *
 * <p>All methods work on one row: {@code logits[off .. off+n)} with {@code mask[moff .. moff+n)}
 * (nonzero = legal). A row without any legal action is an error.
 */
public final class MaskedPolicy {
    private MaskedPolicy() {
    }

    /** Writes log-probabilities into {@code logp[0..n)}: {@code -inf} for illegal actions. */
    public static void logSoftmax(float[] logits, int off, byte[] mask, int moff, int n, double[] logp) {
        double max = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < n; a++) {
            if (mask[moff + a] != 0 && logits[off + a] > max) {
                max = logits[off + a];
            }
        }
        if (max == Double.NEGATIVE_INFINITY) {
            throw new IllegalArgumentException("no legal action in the mask");
        }
        double sum = 0;
        for (int a = 0; a < n; a++) {
            if (mask[moff + a] != 0) {
                sum += Math.exp(logits[off + a] - max);
            }
        }
        double logZ = max + Math.log(sum);
        for (int a = 0; a < n; a++) {
            logp[a] = mask[moff + a] != 0 ? logits[off + a] - logZ : Double.NEGATIVE_INFINITY;
        }
    }

    /** Entropy of the distribution given by {@code logp[0..n)} (illegal actions contribute nothing). */
    public static double entropy(double[] logp, int n) {
        double h = 0;
        for (int a = 0; a < n; a++) {
            if (logp[a] != Double.NEGATIVE_INFINITY) {
                h -= Math.exp(logp[a]) * logp[a];
            }
        }
        return h;
    }

    /** Inverse-CDF sample with {@code u} uniform in [0, 1); always a legal action. */
    public static int sample(double[] logp, int n, double u) {
        double acc = 0;
        int last = -1;
        for (int a = 0; a < n; a++) {
            if (logp[a] != Double.NEGATIVE_INFINITY) {
                acc += Math.exp(logp[a]);
                last = a;
                if (u < acc) {
                    return a;
                }
            }
        }
        if (last < 0) {
            throw new IllegalArgumentException("no legal action in the distribution");
        }
        return last; // rounding: acc ended just below 1
    }

    /** The legal action with the highest logit (the lowest id among equals). */
    public static int argmax(float[] logits, int off, byte[] mask, int moff, int n) {
        int best = -1;
        for (int a = 0; a < n; a++) {
            if (mask[moff + a] != 0 && (best < 0 || logits[off + a] > logits[off + best])) {
                best = a;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException("no legal action in the mask");
        }
        return best;
    }
}
