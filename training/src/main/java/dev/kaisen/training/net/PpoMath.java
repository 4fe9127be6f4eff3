package dev.kaisen.training.net;

/**
 * The arithmetic of PPO (Schulman et al., 2017) on plain arrays, so every piece can be checked
 * by hand: generalized advantage estimation, and the per-sample clipped surrogate, entropy
 * bonus and value loss with their gradients with respect to the logits and the value.
 */
public final class PpoMath {
    private PpoMath() {
    }

    /**
     * Generalized advantage estimation (Schulman et al., 2016) over a rollout of {@code steps}
     * steps of {@code envs} envs, indexed {@code [t * envs + i]}.
     *
     * <p>{@code done[t*envs+i]} says env i's episode ended with step t (its next observation
     * starts a new episode), so nothing is bootstrapped across it. {@code lastValues[i]} is the
     * value of env i's observation after the last step. Truncations are treated as ends too
     * (the only truncation is the engine's decision cap, which games do not reach in practice).
     *
     * @param advantages output, same indexing
     * @param returns    output: advantages + values (the value targets)
     */
    public static void gae(float[] rewards, float[] values, boolean[] done, float[] lastValues, int steps, int envs,
                           double gamma, double lambda, float[] advantages, float[] returns) {
        for (int i = 0; i < envs; i++) {
            double next = 0;
            double nextValue = lastValues[i];
            for (int t = steps - 1; t >= 0; t--) {
                int k = t * envs + i;
                double notDone = done[k] ? 0 : 1;
                double delta = rewards[k] + gamma * nextValue * notDone - values[k];
                next = delta + gamma * lambda * notDone * next;
                advantages[k] = (float) next;
                returns[k] = (float) (next + values[k]);
                nextValue = values[k];
            }
        }
    }

    /** Loss pieces of one sample or summed over a minibatch. */
    public static final class Stats {
        public double policyLoss;
        public double valueLoss;
        public double entropy;
        public double approxKl;
        public double clipped;
        public int samples;

        public void add(Stats o) {
            policyLoss += o.policyLoss;
            valueLoss += o.valueLoss;
            entropy += o.entropy;
            approxKl += o.approxKl;
            clipped += o.clipped;
            samples += o.samples;
        }

        public double mean(double sum) {
            return samples == 0 ? 0 : sum / samples;
        }
    }

    /**
     * The PPO loss of one sample, {@code weight * (-min(r A, clip(r, 1-eps, 1+eps) A) - entCoef H)}
     * with {@code r = exp(logp(action) - oldLogp)}, and its gradient with respect to the logits,
     * written into {@code gradLogits[goff .. goff+n)} (0 for illegal actions). {@code weight} is
     * usually 1/minibatch size, so the summed gradients are those of the minibatch mean.
     *
     * @param logp scratch of length n
     */
    public static void policyLoss(float[] logits, int off, byte[] mask, int moff, int n, int action, double oldLogp,
                                  double advantage, double clip, double entCoef, double weight, float[] gradLogits,
                                  int goff, double[] logp, Stats stats) {
        MaskedPolicy.logSoftmax(logits, off, mask, moff, n, logp);
        if (logp[action] == Double.NEGATIVE_INFINITY) {
            throw new IllegalArgumentException("action " + action + " is masked out");
        }
        double logRatio = logp[action] - oldLogp;
        double ratio = Math.exp(logRatio);
        double unclipped = ratio * advantage;
        double clippedRatio = Math.max(1 - clip, Math.min(1 + clip, ratio));
        double clippedObj = clippedRatio * advantage;
        boolean usesUnclipped = unclipped <= clippedObj;
        double surrogate = Math.min(unclipped, clippedObj);
        double entropy = MaskedPolicy.entropy(logp, n);
        // d(-surrogate)/d logp(action): -r A on the unclipped branch, 0 where the clip is active
        double dLogpA = usesUnclipped ? -ratio * advantage : 0;
        for (int a = 0; a < n; a++) {
            double g = 0;
            if (logp[a] != Double.NEGATIVE_INFINITY) {
                double p = Math.exp(logp[a]);
                // d logp(action)/d z_a = [a == action] - p_a
                g = dLogpA * ((a == action ? 1 : 0) - p);
                // d(-entCoef H)/d z_a = entCoef p_a (log p_a + H)
                g += entCoef * p * (logp[a] + entropy);
            }
            gradLogits[goff + a] = (float) (weight * g);
        }
        stats.policyLoss += -surrogate;
        stats.entropy += entropy;
        stats.approxKl += (ratio - 1) - logRatio;
        stats.clipped += Math.abs(ratio - 1) > clip ? 1 : 0;
        stats.samples++;
    }

    /** The value loss {@code weight * vfCoef * (v - target)^2 / 2}; returns its gradient with respect to v. */
    public static double valueLoss(double value, double target, double vfCoef, double weight, Stats stats) {
        double err = value - target;
        stats.valueLoss += 0.5 * err * err;
        return weight * vfCoef * err;
    }

    /** Scale that brings a gradient of L2 norm {@code norm} down to {@code maxNorm} (1 when already within). */
    public static double clipScale(double norm, double maxNorm) {
        return norm > maxNorm && norm > 0 ? maxNorm / norm : 1;
    }
}
