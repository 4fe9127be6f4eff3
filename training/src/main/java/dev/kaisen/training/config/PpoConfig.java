package dev.kaisen.training.config;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.RewardMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every setting of a PPO run, saved in each checkpoint ({@code kaisen-config.json}) so that
 * {@code --resume} continues with the same ones. Defaults are tuned for a 2-core CPU.
 * An immutable value: a {@link Builder} (whose field initialisers are the defaults, written
 * only there) makes one, {@link #toBuilder} starts from one.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
@JsonPropertyOrder(alphabetic = true)
public final class PpoConfig {
    /** The algorithm that wrote the checkpoint: {@code ppo} or {@code exit} (expert iteration). */
    public final Algo algo;
    /**
     * What the value head predicts. [decision] {@code return} (PPO; the default, also
     * for checkpoints written before this field): the discounted return of {@link #rewardMode},
     * whose scale depends on that mode and on {@link #gamma}, so search uses such a network's
     * prior only. {@code win_share} (expert iteration): the expected win share in [0, 1]
     * of the player to act (1/k for each of k winners), which search may back up at its leaves.
     */
    public final ValueScale valueScale;
    /** Expert iteration's settings; null for PPO. */
    public final ExitConfig exit;

    /** The opponent name of a past snapshot of the policy being trained. */
    public static final String SELF = "self";

    /** The training algorithms, written by id ({@code ppo}, {@code exit}) in the config JSON and on the command line. */
    public enum Algo {
        PPO("ppo"), EXIT("exit");

        private final String id;

        Algo(String id) {
            this.id = id;
        }

        @JsonValue
        public String id() {
            return id;
        }

        @JsonCreator
        public static Algo parse(String id) {
            for (Algo a : values()) {
                if (a.id.equals(id)) {
                    return a;
                }
            }
            throw new IllegalArgumentException("algo must be " + PPO + " or " + EXIT + ", not '" + id + "'");
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /** What a value head predicts ({@link #valueScale}), written by id ({@code return}, {@code win_share}). */
    public enum ValueScale {
        RETURN("return"), WIN_SHARE("win_share");

        private final String id;

        ValueScale(String id) {
            this.id = id;
        }

        @JsonValue
        public String id() {
            return id;
        }

        @JsonCreator
        public static ValueScale parse(String id) {
            for (ValueScale v : values()) {
                if (v.id.equals(id)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("value scale must be " + RETURN + " or " + WIN_SHARE + ", not '" + id
                    + "'");
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /** The game's registry id, player count and options: a checkpoint plays only this game. */
    public final String game;
    public final int players;
    public final Map<String, Object> options;
    /** The observation view the policy reads ({@link Encoders}). */
    public final String view;
    /**
     * The opponent pool: env i plays {@code opponents[i % size]}; {@code self} is a past snapshot
     * of the policy. Empty means the game's rollout bot ({@link Game#rolloutBot()}, e.g. Osaka's
     * {@code greedy}) and {@code self} for PPO; expert iteration has no pool (its self-play is
     * the search in every seat) and leaves it empty.
     */
    public final List<String> opponents;
    /** Total env steps (learner decisions) to train for. */
    public final long steps;
    public final int envs;
    /** Steps per env between updates. */
    public final int rollout;
    public final int epochs;
    public final int minibatch;
    public final double learningRate;
    /** Decay the learning rate linearly to 0 over {@link #steps}. */
    public final boolean annealLr;
    public final double gamma;
    public final double gaeLambda;
    public final double clip;
    public final double entCoef;
    public final double vfCoef;
    public final double maxGradNorm;
    public final boolean normalizeAdvantages;
    public final int[] hidden;
    public final String rewardMode;
    public final long seed;
    /** Threads for the vector env and evaluations. */
    public final int threads;
    /** Threads for ND4J's native ops (see {@link dev.kaisen.training.net.PolicyNetwork#setNativeThreads}). */
    public final int netThreads;
    public final long evalEvery;
    public final int evalGames;
    /** Bots evaluated against (default: the named bots of the pool, else random and greedy). */
    public final List<String> evalOpponents;
    public final long snapshotEvery;
    /** Snapshots kept for {@code self}; the oldest is dropped first. */
    public final int poolSize;
    /**
     * The network a new run starts from (a checkpoint path, {@code dl4j:PATH} or
     * {@code zoo:NAME}: its weights, not its optimizer state or progress; expert iteration resets
     * a value head that is not on the win-share scale, see {@code ExitTrainer}), or null for seeded
     * random weights. Kept for the record (the command that made a model); a resumed run reads
     * its network from its own checkpoint.
     */
    public final String init;

    /** The most learner steps one update collects ({@code envs x rollout}): the rollout buffers are sized by it. */
    public static final int MAX_STEPS_PER_UPDATE = 1 << 20;

    /**
     * This config, checked, with the game's options in full and (for PPO) the default opponent
     * pool when none is given. Checks every setting: counts positive, {@code envs x rollout} at most
     * {@link #MAX_STEPS_PER_UPDATE}, every real number finite and in its range; the message
     * names the setting (as the train option) and says why.
     */
    public PpoConfig validate() {
        Game<?> g = game();
        Builder b = toBuilder();
        b.options = new LinkedHashMap<>(g.config().options());
        if (algo == Algo.PPO && opponents.isEmpty()) {
            b.opponents = new ArrayList<>(List.of(g.rolloutBot(), SELF));
        }
        return b.build().check(g);
    }

    /** {@link #validate}'s checks, on the completed config. */
    private PpoConfig check(Game<?> g) {
        int obsSize = Encoders.create(g, view).size();
        RewardMode.parse(rewardMode);
        checkAlgorithm();
        positive("steps", steps);
        positive("envs", envs);
        positive("rollout", rollout);
        positive("epochs", epochs);
        positive("minibatch", minibatch);
        positive("threads", threads);
        positive("net threads", netThreads);
        positive("eval-every", evalEvery);
        positive("snapshot-every", snapshotEvery);
        positive("pool-size", poolSize);
        if (evalGames < 0) {
            throw new IllegalArgumentException("eval games must not be negative");
        }
        long batch = (long) envs * rollout;
        if (batch > MAX_STEPS_PER_UPDATE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "envs x rollout = %,d x %,d = %,d steps per "
                    + "update is more than the %,d allowed; lower --rollout or --envs", envs, rollout, batch,
                    MAX_STEPS_PER_UPDATE));
        }
        long values = batch * Math.max(obsSize, g.numDistinctActions());
        if (values > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "envs x rollout = %,d steps per update of %,d "
                    + "observation values each do not fit one buffer (%,d values, at most %,d); lower --rollout or --envs",
                    batch, obsSize, values, Integer.MAX_VALUE - 8));
        }
        if (batch % minibatch != 0) {
            throw new IllegalArgumentException("minibatch " + minibatch + " must divide a rollout (" + envs + " envs x "
                    + rollout + " steps = " + batch + ")");
        }
        if (hidden.length == 0) {
            throw new IllegalArgumentException("need at least one hidden layer");
        }
        for (int h : hidden) {
            positive("hidden size", h);
        }
        inRange("lr (learning rate)", learningRate, 0, false, Double.MAX_VALUE);
        inRange("ent-coef (entropy bonus)", entCoef, 0, true, Double.MAX_VALUE);
        inRange("vf-coef (value loss weight)", vfCoef, 0, true, Double.MAX_VALUE);
        inRange("clip", clip, 0, false, Double.MAX_VALUE);
        inRange("max-grad-norm", maxGradNorm, 0, false, Double.MAX_VALUE);
        inRange("gamma", gamma, 0, true, 1);
        inRange("gae-lambda", gaeLambda, 0, true, 1);
        return this;
    }

    /** The algorithm's own settings: expert iteration's present and checked; {@link #init} not blank. */
    private void checkAlgorithm() {
        if (algo == null || valueScale == null) {
            throw new IllegalArgumentException("algo and value scale must be given, not null");
        }
        if (algo == Algo.EXIT) {
            if (exit == null) {
                throw new IllegalArgumentException("an expert-iteration config needs its exit settings");
            }
            exit.validate();
        }
        if (init != null && init.isBlank()) {
            throw new IllegalArgumentException("init must name a network (a checkpoint path, dl4j:PATH or zoo:NAME), "
                    + "not an empty string");
        }
    }

    /** Throws unless {@code v} is a finite number from {@code min} (inclusive or not) to {@code max}. */
    private static void inRange(String what, double v, double min, boolean minIncluded, double max) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite number, not " + v);
        }
        if (minIncluded ? v < min : v <= min) {
            throw new IllegalArgumentException(what + " must be " + (minIncluded ? ">= " : "> ") + fmt(min) + ", not " + v);
        }
        if (v > max) {
            throw new IllegalArgumentException(what + " must be at most " + fmt(max) + ", not " + v);
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** Throws unless the count {@code v} is at least 1; the message names {@code what} (the train option). */
    public static void positive(String what, long v) {
        if (v < 1) {
            throw new IllegalArgumentException(what + " must be positive, not " + v);
        }
    }

    /** The game this run trains on, from the registry (its config checked). */
    public Game<?> game() {
        return Games.create(game, new GameConfig(players, options));
    }

    /** The bots evaluated against: {@link #evalOpponents}, else random, the pool's named bots and the game's bots. */
    public List<String> evaluationOpponents() {
        if (!evalOpponents.isEmpty()) {
            return evalOpponents;
        }
        List<String> out = new ArrayList<>(List.of("random"));
        for (String o : opponents) {
            if (!o.equals(SELF) && !out.contains(o)) {
                out.add(o);
            }
        }
        for (String bot : game().botNames()) {
            if (!out.contains(bot)) {
                out.add(bot);
            }
        }
        return out;
    }

    /** Whether a policy trained with this config can play {@code g} (same game, config and observation size). */
    public void requirePlays(Game<?> g, String checkpoint) {
        Game<?> mine = game();
        if (!mine.id().equals(g.id()) || !mine.config().equals(g.config())) {
            throw new IllegalArgumentException("checkpoint " + checkpoint + " was trained on " + mine.id() + " "
                    + mine.config().toJson() + " and cannot play " + g.id() + " " + g.config().toJson());
        }
    }

    public long stepsPerIteration() {
        return (long) envs * rollout;
    }

    private PpoConfig(Builder b) {
        this.algo = b.algo;
        this.valueScale = b.valueScale;
        this.exit = b.exit == null ? null : b.exit.build();
        this.game = b.game;
        this.players = b.players;
        this.options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.options));
        this.view = b.view;
        this.opponents = List.copyOf(b.opponents);
        this.steps = b.steps;
        this.envs = b.envs;
        this.rollout = b.rollout;
        this.epochs = b.epochs;
        this.minibatch = b.minibatch;
        this.learningRate = b.learningRate;
        this.annealLr = b.annealLr;
        this.gamma = b.gamma;
        this.gaeLambda = b.gaeLambda;
        this.clip = b.clip;
        this.entCoef = b.entCoef;
        this.vfCoef = b.vfCoef;
        this.maxGradNorm = b.maxGradNorm;
        this.normalizeAdvantages = b.normalizeAdvantages;
        this.hidden = b.hidden.clone();
        this.rewardMode = b.rewardMode;
        this.seed = b.seed;
        this.threads = b.threads;
        this.netThreads = b.netThreads;
        this.evalEvery = b.evalEvery;
        this.evalGames = b.evalGames;
        this.evalOpponents = List.copyOf(b.evalOpponents);
        this.snapshotEvery = b.snapshotEvery;
        this.poolSize = b.poolSize;
        this.init = b.init;
    }

    /** The defaults: every setting as a new run without options gets it. */
    public static final PpoConfig DEFAULTS = new Builder().build();

    /** A builder holding these settings, to change some and {@link Builder#build} a new config. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.algo = algo;
        b.valueScale = valueScale;
        b.exit = exit == null ? null : exit.toBuilder();
        b.game = game;
        b.players = players;
        b.options = new LinkedHashMap<>(options);
        b.view = view;
        b.opponents = new ArrayList<>(opponents);
        b.steps = steps;
        b.envs = envs;
        b.rollout = rollout;
        b.epochs = epochs;
        b.minibatch = minibatch;
        b.learningRate = learningRate;
        b.annealLr = annealLr;
        b.gamma = gamma;
        b.gaeLambda = gaeLambda;
        b.clip = clip;
        b.entCoef = entCoef;
        b.vfCoef = vfCoef;
        b.maxGradNorm = maxGradNorm;
        b.normalizeAdvantages = normalizeAdvantages;
        b.hidden = hidden.clone();
        b.rewardMode = rewardMode;
        b.seed = seed;
        b.threads = threads;
        b.netThreads = netThreads;
        b.evalEvery = evalEvery;
        b.evalGames = evalGames;
        b.evalOpponents = new ArrayList<>(evalOpponents);
        b.snapshotEvery = snapshotEvery;
        b.poolSize = poolSize;
        b.init = init;
        return b;
    }

    /**
     * The settings while they are made (by the train command, a test, or read from a checkpoint's
     * JSON, whose missing fields keep these defaults); the field docs are the config's.
     */
    @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
    public static final class Builder {
        public Algo algo = Algo.PPO;
        public ValueScale valueScale = ValueScale.RETURN;
        public ExitConfig.Builder exit;
        public String game = dev.kaisen.env.Games.DEFAULT_GAME;
        public int players = 2;
        public Map<String, Object> options = new LinkedHashMap<>();
        public String view = Encoders.DEFAULT_VIEW;
        public List<String> opponents = new ArrayList<>();
        public long steps = 5_000_000;
        public int envs = 32;
        public int rollout = 128;
        public int epochs = 4;
        public int minibatch = 512;
        public double learningRate = 3e-4;
        public boolean annealLr = true;
        public double gamma = 0.99;
        public double gaeLambda = 0.95;
        public double clip = 0.2;
        public double entCoef = 0.01;
        public double vfCoef = 0.5;
        public double maxGradNorm = 0.5;
        public boolean normalizeAdvantages = true;
        public int[] hidden = {128, 128};
        public String rewardMode = "terminal";
        public long seed = 1;
        public int threads = 2;
        public int netThreads = 1;
        public long evalEvery = 100_000;
        public int evalGames = 200;
        public List<String> evalOpponents = new ArrayList<>();
        public long snapshotEvery = 100_000;
        public int poolSize = 8;
        public String init;

        public PpoConfig build() {
            return new PpoConfig(this);
        }
    }
}
