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
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
@JsonPropertyOrder(alphabetic = true)
public final class PpoConfig {
    /** The algorithm that wrote the checkpoint: {@code ppo} or {@code exit} (expert iteration). */
    public Algo algo = Algo.PPO;
    /**
     * What the value head predicts. [decision] {@code return} (PPO; the default, also
     * for checkpoints written before this field): the discounted return of {@link #rewardMode},
     * whose scale depends on that mode and on {@link #gamma}, so search uses such a network's
     * prior only. {@code win_share} (expert iteration): the expected win share in [0, 1]
     * of the player to act (1/k for each of k winners), which search may back up at its leaves.
     */
    public ValueScale valueScale = ValueScale.RETURN;
    /** Expert iteration's settings; null for PPO. */
    public dev.kaisen.training.config.ExitConfig exit;

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
    public String game = dev.kaisen.env.Games.DEFAULT_GAME;
    public int players = 2;
    public Map<String, Object> options = new LinkedHashMap<>();
    /** The observation view the policy reads ({@link Encoders}). */
    public String view = Encoders.DEFAULT_VIEW;
    /**
     * The opponent pool: env i plays {@code opponents[i % size]}; {@code self} is a past snapshot
     * of the policy. Empty means the game's rollout bot ({@link Game#rolloutBot()}, e.g. Osaka's
     * {@code greedy}) and {@code self} for PPO; expert iteration has no pool (its self-play is
     * the search in every seat) and leaves it empty.
     */
    public List<String> opponents = new ArrayList<>();
    /** Total env steps (learner decisions) to train for. */
    public long steps = 5_000_000;
    public int envs = 32;
    /** Steps per env between updates. */
    public int rollout = 128;
    public int epochs = 4;
    public int minibatch = 512;
    public double learningRate = 3e-4;
    /** Decay the learning rate linearly to 0 over {@link #steps}. */
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
    /** Threads for the vector env and evaluations. */
    public int threads = 2;
    /** Threads for ND4J's native ops (see {@link dev.kaisen.training.net.PolicyNetwork#setNativeThreads}). */
    public int netThreads = 1;
    public long evalEvery = 100_000;
    public int evalGames = 200;
    /** Bots evaluated against (default: the named bots of the pool, else random and greedy). */
    public List<String> evalOpponents = new ArrayList<>();
    public long snapshotEvery = 100_000;
    /** Snapshots kept for {@code self}; the oldest is dropped first. */
    public int poolSize = 8;

    /** The most learner steps one update collects ({@code envs x rollout}): the rollout buffers are sized by it. */
    public static final int MAX_STEPS_PER_UPDATE = 1 << 20;

    /**
     * Checks every setting: counts positive, {@code envs x rollout} at most
     * {@link #MAX_STEPS_PER_UPDATE}, every real number finite and in its range; the message
     * names the setting (as the train option) and says why.
     */
    public PpoConfig validate() {
        Game<?> g = game();
        options = new LinkedHashMap<>(g.config().options());
        int obsSize = Encoders.create(g, view).size();
        RewardMode.parse(rewardMode);
        if (algo == null || valueScale == null) {
            throw new IllegalArgumentException("algo and value scale must be given, not null");
        }
        if (algo == Algo.EXIT) {
            if (exit == null) {
                throw new IllegalArgumentException("an expert-iteration config needs its exit settings");
            }
            exit.validate();
        } else if (opponents.isEmpty()) {
            opponents = new ArrayList<>(List.of(g.rolloutBot(), SELF));
        }
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
}
