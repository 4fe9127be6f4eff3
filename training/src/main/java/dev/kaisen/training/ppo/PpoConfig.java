package dev.kaisen.training.ppo;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.RewardMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every setting of a PPO run, saved in each checkpoint ({@code kaisen-config.json}) so that
 * {@code --resume} continues with the same ones. Defaults are tuned for a 2-core CPU.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
@JsonPropertyOrder(alphabetic = true)
public final class PpoConfig {
    /** The game's registry id, player count and options: a checkpoint plays only this game. */
    public String game = "osaka";
    public int players = 2;
    public Map<String, Object> options = new LinkedHashMap<>();
    /** The observation view the policy reads ({@link Encoders}). */
    public String view = Encoders.DEFAULT_VIEW;
    /**
     * The opponent pool: env i plays {@code opponents[i % size]}; {@code self} is a past snapshot
     * of the policy. Empty means the game's rollout bot ({@link Game#rolloutBot()}, e.g. Osaka's
     * {@code greedy}) and {@code self}.
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
    /** Threads for ND4J's native ops (see {@link PolicyNetwork#setNativeThreads}). */
    public int netThreads = 1;
    public long evalEvery = 100_000;
    public int evalGames = 200;
    /** Bots evaluated against (default: the named bots of the pool, else random and greedy). */
    public List<String> evalOpponents = new ArrayList<>();
    public long snapshotEvery = 100_000;
    /** Snapshots kept for {@code self}; the oldest is dropped first. */
    public int poolSize = 8;

    public PpoConfig validate() {
        Game<?> g = game();
        options = new LinkedHashMap<>(g.config().options());
        if (opponents.isEmpty()) {
            opponents = new ArrayList<>(List.of(g.rolloutBot(), PpoTrainer.SELF));
        }
        Encoders.create(g, view);
        RewardMode.parse(rewardMode);
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
        if ((long) envs * rollout % minibatch != 0) {
            throw new IllegalArgumentException("minibatch " + minibatch + " must divide a rollout (" + envs + " envs x "
                    + rollout + " steps = " + (long) envs * rollout + ")");
        }
        if (hidden.length == 0) {
            throw new IllegalArgumentException("need at least one hidden layer");
        }
        for (int h : hidden) {
            positive("hidden size", h);
        }
        if (!(learningRate > 0) || !(gamma >= 0 && gamma <= 1) || !(gaeLambda >= 0 && gaeLambda <= 1) || !(clip > 0)
                || !(maxGradNorm > 0)) {
            throw new IllegalArgumentException("learning rate, clip and max grad norm must be positive; gamma and lambda in [0, 1]");
        }
        return this;
    }

    private static void positive(String what, long v) {
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
            if (!o.equals(PpoTrainer.SELF) && !out.contains(o)) {
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
