package dev.kaisen.training.config;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Expert iteration's own settings, saved in each checkpoint inside the run's
 * {@link dev.kaisen.training.config.PpoConfig} ({@code exit}); the network, seed, threads, learning
 * rate, evaluation bots and view are the shared ones there. Defaults are sized for a 2-core CPU.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
@JsonPropertyOrder(alphabetic = true)
public final class ExitConfig {
    /**
     * The defaults expert iteration gives the shared settings in {@link PpoConfig} (PPO's own
     * defaults are there): Adam's learning rate, the value loss's weight and the gradient-norm clip.
     */
    public static final double LEARNING_RATE = 1e-3;
    public static final double VF_COEF = 1.0;
    public static final double MAX_GRAD_NORM = 1.0;

    /** Search iterations per self-play decision. */
    public int search = 100;
    /** The search's PUCT constant. */
    public double exploration = Puct.DEFAULT_EXPLORATION;
    /**
     * The weight of the network's value at a leaf, the rest from a rollout by {@link #rollout};
     * guided searches of the trained checkpoint use it by default. [decision] 0.5: a fresh
     * network's value is noise, and the rollout bot's games carry the early signal; the value
     * takes over part of the work as it learns (1 = no rollouts, AlphaZero's choice, faster per
     * iteration).
     */
    public double leafValue = 0.5;
    /** The rollout policy (empty: the game's rollout bot). */
    public String rollout = "";
    /** Generations (self-play, then training) to run. */
    public int generations = 20;
    /** Self-play games per generation. */
    public int gamesPerGeneration = 16;
    /** Decisions at the start of each game (all seats counted) played by sampling the visit counts; then the most visited. */
    public int temperatureMoves = 10;
    /** Dirichlet noise at the root of self-play searches: concentration and weight. */
    public double noiseAlpha = 0.3;
    public double noiseWeight = 0.25;
    /** Decisions kept in the replay buffer (the oldest dropped first). */
    public int buffer = 20_000;
    /** Training passes per generation, in samples: updates = max(1, new samples x epochs / minibatch). */
    public double epochs = 2;
    public int minibatch = 128;
    /** Generations between evaluations and checkpoints (the last generation is always evaluated). */
    public int evalEvery = 2;

    /** Checks every setting; the message names the train option. */
    public ExitConfig validate() {
        PpoConfig.positive("search", search);
        PpoConfig.positive("generations", generations);
        PpoConfig.positive("games-per-gen", gamesPerGeneration);
        PpoConfig.positive("buffer", buffer);
        PpoConfig.positive("minibatch", minibatch);
        PpoConfig.positive("eval-every", evalEvery);
        if (temperatureMoves < 0) {
            throw new IllegalArgumentException("temperature-moves must not be negative, not " + temperatureMoves);
        }
        if (!(exploration > 0) || !Double.isFinite(exploration)) {
            throw new IllegalArgumentException("c (exploration) must be a positive number, not " + exploration);
        }
        if (!(leafValue >= 0 && leafValue <= 1)) {
            throw new IllegalArgumentException("leaf-value must be from 0 to 1, not " + leafValue);
        }
        if (!(noiseAlpha > 0) || !Double.isFinite(noiseAlpha)) {
            throw new IllegalArgumentException("noise-alpha must be a positive number, not " + noiseAlpha);
        }
        if (!(noiseWeight >= 0 && noiseWeight <= 1)) {
            throw new IllegalArgumentException("noise-weight must be from 0 to 1, not " + noiseWeight);
        }
        if (!(epochs > 0) || !Double.isFinite(epochs)) {
            throw new IllegalArgumentException("epochs must be a positive number, not " + epochs);
        }
        return this;
    }
}
