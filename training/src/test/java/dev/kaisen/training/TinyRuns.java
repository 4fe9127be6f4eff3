package dev.kaisen.training;

import dev.kaisen.training.config.PpoConfig;

/** Settings of the tests' tiny training runs (seconds each), for a test to add what it checks. */
public final class TinyRuns {
    private TinyRuns() {
    }

    /**
     * A PPO run on Osaka at 2 players: 4 envs of 32-step rollouts, minibatches of 64, one hidden
     * layer of 16, one thread; {@code steps} env steps from {@code seed}. Its opponents, evaluation,
     * pool and epochs are the defaults until the test sets them.
     */
    public static PpoConfig.Builder ppo(long steps, long seed) {
        PpoConfig.Builder c = new PpoConfig.Builder();
        c.players = 2;
        c.steps = steps;
        c.envs = 4;
        c.rollout = 32;
        c.minibatch = 64;
        c.hidden = new int[]{16};
        c.threads = 1;
        c.seed = seed;
        return c;
    }
}
