package dev.kaisen.training.ppo;

import dev.kaisen.observation.VectorEnv;
import dev.kaisen.training.net.PpoMath;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;

/**
 * One PPO iteration's experience, CleanRL's {@code obs, actions, logprobs, rewards, dones,
 * values} (step-major: slot {@code s * envs + i} is env i's s-th step) with the advantages and
 * returns computed from them, and the envs' next observation and mask
 * ({@code next_obs}). Sized once for a run, reused by every iteration.
 */
final class RolloutBuffer {
    final int envs;
    final int steps;
    final int obsSize;
    final int actions;

    final float[] observations;
    final byte[] masks;
    final int[] chosen;
    final float[] logProbs;
    final float[] values;
    final float[] rewards;
    final boolean[] dones;
    final float[] advantages;
    final float[] returns;

    /** The envs' current observations and masks: what the policy acts on next. */
    final float[] nextObservations;
    final byte[] nextMasks;
    /** The policy's outputs for the next states (logits and values), the actions chosen from them, one env's log-probabilities. */
    final float[] nextLogits;
    final float[] nextValues;
    final int[] nextActions;
    final double[] logProbScratch;

    private final FloatBuffer obsRegion;
    private final ByteBuffer maskRegion;
    private final FloatBuffer rewardRegion;
    private final ByteBuffer terminated;
    private final ByteBuffer truncated;
    private final IntBuffer finalWinners;
    private final IntBuffer finalSeat;
    private final FloatBuffer episodeReturn;

    RolloutBuffer(VectorEnv<?> env, int envs, int steps, int actions) {
        this.envs = envs;
        this.steps = steps;
        this.obsSize = env.env(0).encoder().size();
        this.actions = actions;
        int size = envs * steps;
        observations = new float[size * obsSize];
        masks = new byte[size * actions];
        chosen = new int[size];
        logProbs = new float[size];
        values = new float[size];
        rewards = new float[size];
        dones = new boolean[size];
        advantages = new float[size];
        returns = new float[size];
        nextObservations = new float[envs * obsSize];
        nextMasks = new byte[envs * actions];
        nextLogits = new float[envs * actions];
        nextValues = new float[envs];
        nextActions = new int[envs];
        logProbScratch = new double[actions];
        obsRegion = env.region("observations").asFloatBuffer();
        maskRegion = env.region("masks");
        rewardRegion = env.region("rewards").asFloatBuffer();
        terminated = env.region("terminated");
        truncated = env.region("truncated");
        finalWinners = env.region("final_winners").asIntBuffer();
        finalSeat = env.region("final_learner_seat").asIntBuffer();
        episodeReturn = env.region("episode_return").asFloatBuffer();
    }

    /** Steps per iteration: {@code envs x steps}. */
    int size() {
        return envs * steps;
    }

    /** Reads the envs' observations and masks (after a reset or a step) into the next ones. */
    void readNext() {
        obsRegion.get(0, nextObservations);
        maskRegion.get(0, nextMasks);
    }

    /** Stores the next observations and masks as step {@code s}'s. */
    void storeObservations(int s) {
        System.arraycopy(nextObservations, 0, observations, s * envs * obsSize, envs * obsSize);
        System.arraycopy(nextMasks, 0, masks, s * envs * actions, envs * actions);
    }

    /** Stores env i's action at step s, its log-probability and the value of the state it was chosen in. */
    void storeAction(int s, int i, int action, double logProb, float value) {
        chosen[s * envs + i] = action;
        logProbs[s * envs + i] = (float) logProb;
        values[s * envs + i] = value;
    }

    /** Stores the rewards and ends of step s as the env left them; calls {@code ended} for each env whose episode ended. */
    void storeOutcomes(int s, EpisodeEnd ended) {
        for (int i = 0; i < envs; i++) {
            rewards[s * envs + i] = rewardRegion.get(i);
            boolean done = terminated.get(i) != 0 || truncated.get(i) != 0;
            dones[s * envs + i] = done;
            if (done) {
                int winners = finalWinners.get(i);
                int seat = finalSeat.get(i);
                double share = (winners >> seat & 1) != 0 ? 1.0 / Integer.bitCount(winners) : 0;
                ended.ended(i, share, episodeReturn.get(i));
            }
        }
    }

    /** GAE advantages and returns of the stored steps, bootstrapped from the next states' values ({@link #nextValues}). */
    void computeAdvantages(double gamma, double lambda) {
        PpoMath.gae(rewards, values, dones, nextValues, steps, envs, gamma, lambda, advantages, returns);
    }

    /** An env's episode ended: the learner's win share and its episode return. */
    interface EpisodeEnd {
        void ended(int env, double winShare, double episodeReturn);
    }
}
