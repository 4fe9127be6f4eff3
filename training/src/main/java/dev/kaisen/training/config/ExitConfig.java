package dev.kaisen.training.config;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Expert iteration's own settings, saved in each checkpoint inside the run's
 * {@link dev.kaisen.training.config.PpoConfig} ({@code exit}); the network, seed, threads, learning
 * rate, evaluation bots and view are the shared ones there. Defaults are sized for a 2-core CPU.
 * An immutable value: a {@link Builder} (whose field initialisers are the defaults, written
 * only there) makes one, {@link #toBuilder} starts from one.
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
    public final int search;
    /** The search's PUCT constant. */
    public final double exploration;
    /**
     * The weight of the network's value at a leaf, the rest from a rollout by {@link #rollout};
     * guided searches of the trained checkpoint use it by default. [decision] 0.5: a fresh
     * network's value is noise, and the rollout bot's games carry the early signal; the value
     * takes over part of the work as it learns (1 = no rollouts, AlphaZero's choice, faster per
     * iteration).
     */
    public final double leafValue;
    /** The rollout policy (empty: the game's rollout bot). */
    public final String rollout;
    /** Generations (self-play, then training) to run. */
    public final int generations;
    /** Self-play games per generation. */
    public final int gamesPerGeneration;
    /** Decisions at the start of each game (all seats counted) played by sampling the visit counts; then the most visited. */
    public final int temperatureMoves;
    /**
     * The temperature T of the policy targets: a legal move's target is its root visits to the
     * power 1/T, normalized. 1 (the default) stores the visit distribution as it is; below 1
     * sharpens it toward the most visited move, which the raw policy plays (argmax); 0 is that
     * move alone (a tie shared). [decision] 1 by default, the visit distribution of AlphaZero and
     * of the runs made so far.
     */
    public final double targetTemperature;
    /** Dirichlet noise at the root of self-play searches: concentration and weight. */
    public final double noiseAlpha;
    public final double noiseWeight;
    /** Decisions kept in the replay buffer (the oldest dropped first). */
    public final int buffer;
    /** Training passes per generation, in samples: updates = max(1, new samples x epochs / minibatch). */
    public final double epochs;
    public final int minibatch;
    /** Generations between evaluations and checkpoints (the last generation is always evaluated). */
    public final int evalEvery;
    /**
     * What {@code best.zip} is chosen on: {@value #BEST_BY_RAW}, the raw policy's evaluation
     * ({@code eval.csv}), or {@value #BEST_BY_GUIDED}, the guided search's: ISMCTS with this run's
     * search settings and the network at the checkpoint, evaluated against the same bots
     * ({@code eval-guided.csv}) besides the raw policy. [decision] raw by default: a guided
     * evaluation plays {@link #search} iterations per decision, far slower than the network alone.
     */
    public final String bestBy;

    public static final String BEST_BY_RAW = "raw";
    public static final String BEST_BY_GUIDED = "guided";

    /** Whether {@code best.zip} follows the guided search's evaluation. */
    public boolean guidedBest() {
        return BEST_BY_GUIDED.equals(bestBy);
    }

    /** Checks every setting; the message names the train option. */
    public ExitConfig validate() {
        PpoConfig.positive("search", search);
        PpoConfig.positive("generations", generations);
        PpoConfig.positive("games-per-gen", gamesPerGeneration);
        PpoConfig.positive("buffer", buffer);
        PpoConfig.positive("minibatch", minibatch);
        PpoConfig.positive("eval-every", evalEvery);
        if (!BEST_BY_RAW.equals(bestBy) && !BEST_BY_GUIDED.equals(bestBy)) {
            throw new IllegalArgumentException("best-by must be " + BEST_BY_RAW + " or " + BEST_BY_GUIDED + ", not '"
                    + bestBy + "'");
        }
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
        if (!(targetTemperature >= 0) || !Double.isFinite(targetTemperature)) {
            throw new IllegalArgumentException("target-temperature must be a number of 0 or more, not " + targetTemperature);
        }
        if (!(epochs > 0) || !Double.isFinite(epochs)) {
            throw new IllegalArgumentException("epochs must be a positive number, not " + epochs);
        }
        return this;
    }

    private ExitConfig(Builder b) {
        this.search = b.search;
        this.exploration = b.exploration;
        this.leafValue = b.leafValue;
        this.rollout = b.rollout;
        this.generations = b.generations;
        this.gamesPerGeneration = b.gamesPerGeneration;
        this.temperatureMoves = b.temperatureMoves;
        this.targetTemperature = b.targetTemperature;
        this.noiseAlpha = b.noiseAlpha;
        this.noiseWeight = b.noiseWeight;
        this.buffer = b.buffer;
        this.epochs = b.epochs;
        this.minibatch = b.minibatch;
        this.evalEvery = b.evalEvery;
        this.bestBy = b.bestBy;
    }

    /** The defaults: every setting as a new run without options gets it. */
    public static final ExitConfig DEFAULTS = new Builder().build();

    /** A builder holding these settings, to change some and {@link Builder#build} a new config. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.search = search;
        b.exploration = exploration;
        b.leafValue = leafValue;
        b.rollout = rollout;
        b.generations = generations;
        b.gamesPerGeneration = gamesPerGeneration;
        b.temperatureMoves = temperatureMoves;
        b.targetTemperature = targetTemperature;
        b.noiseAlpha = noiseAlpha;
        b.noiseWeight = noiseWeight;
        b.buffer = buffer;
        b.epochs = epochs;
        b.minibatch = minibatch;
        b.evalEvery = evalEvery;
        b.bestBy = bestBy;
        return b;
    }

    /**
     * The settings while they are made (by the train command, a test, or read from a checkpoint's
     * JSON, whose missing fields keep these defaults); the field docs are the config's.
     */
    @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
    public static final class Builder {
        public int search = 100;
        public double exploration = Puct.DEFAULT_EXPLORATION;
        public double leafValue = 0.5;
        public String rollout = "";
        public int generations = 20;
        public int gamesPerGeneration = 16;
        public int temperatureMoves = 10;
        public double targetTemperature = 1.0;
        public double noiseAlpha = 0.3;
        public double noiseWeight = 0.25;
        public int buffer = 20_000;
        public double epochs = 2;
        public int minibatch = 128;
        public int evalEvery = 2;
        public String bestBy = BEST_BY_RAW;

        public ExitConfig build() {
            return new ExitConfig(this);
        }
    }
}
