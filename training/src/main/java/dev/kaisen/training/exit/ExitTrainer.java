package dev.kaisen.training.exit;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.ParallelGames;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.UserFiles;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.Masks;
import dev.kaisen.training.config.ExitConfig;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.ismcts.IsmctsAgent;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MaskedPolicy;
import dev.kaisen.training.net.MlpWeights;
import dev.kaisen.training.net.NativeBackend;
import dev.kaisen.training.net.PolicyNetwork;
import dev.kaisen.training.net.PpoMath;
import dev.kaisen.training.ppo.PpoTrainer;
import dev.kaisen.training.ppo.RunFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Expert iteration (Anthony, Tian and Barber 2017; AlphaZero's loop, Silver et al. 2018) for any
 * registered game and player count, in the JVM: the guided {@link IsmctsAgent} (the network's
 * prior at the nodes, its value mixed with rollouts at the leaves) plays every seat of
 * self-play games; the same {@link PolicyNetwork} as PPO's learns the search's visit
 * distributions (cross-entropy, {@link ExitMath}) and the games' outcomes (value MSE).
 *
 * <p><b>A generation.</b> {@code gamesPerGeneration} games, in parallel over {@code threads},
 * searched with a frozen copy of the network ({@link MlpWeights}). Each decision with at least
 * two legal actions is stored: the acting player's observation (the run's view, as PPO's),
 * the legal mask, the root's visit counts normalized, and, once the game ends, that player's
 * win share (1/k for each of k winners, else 0): [decision] the value head is trained on the
 * win-share scale, which the checkpoint records ({@link PpoConfig#valueScale}), so that guided
 * searches back its value up. For exploration the root's prior gets Dirichlet noise and the
 * first {@code temperatureMoves} decisions of a game are sampled from the visit counts; later
 * ones play the most visited action. Then {@code max(1, new x epochs / minibatch)} Adam steps on
 * minibatches drawn uniformly from the replay buffer (the last {@code buffer} decisions).
 *
 * <p>The run folder holds {@code metrics.csv} (a row per generation; {@code step} counts the
 * stored decisions), {@code eval.csv} (the raw policy, greedy, against each bot by the
 * head-to-head protocol, as PPO's), {@code last.zip} and {@code best.zip} (the best mean raw
 * win rate) in PPO's checkpoint format: {@code dl4j:OUT/best.zip} plays the raw policy and
 * {@code ismcts:N:net=OUT/best.zip} the guided search.
 *
 * <p>Seeds: the network from {@code derive(seed, 1)}; the minibatch draws from
 * {@code derive(seed, 2)}; game i of generation g from {@code derive(derive(seed, 100 + g), i)},
 * so results do not depend on the thread count; evaluations from {@code derive(seed, 3)}.
 */
public final class ExitTrainer {
    /** One generation's figures, as written to {@code metrics.csv}. */
    public record GenerationStats(long step, int generation, double seconds, double selfPlaySeconds, int games,
                                  int samples, int buffered, double meanLength, double policyLoss, double valueLoss,
                                  double entropy, double targetEntropy, double gradNorm, int updates) {
    }

    public interface Listener {
        default void generation(GenerationStats stats) {
        }

        default void evaluation(List<PpoTrainer.EvalResult> results, boolean best) {
        }
    }

    private final PpoConfig config;
    private final ExitConfig exit;
    private final Game<?> game;
    private final Path out;
    private final PolicyNetwork network;
    private final int obsSize;
    private final int actions;
    // the replay buffer, a ring of `capacity` decisions
    private final int capacity;
    private final float[] bufObs;
    private final byte[] bufMask;
    private final float[] bufTarget;
    private final float[] bufValue;
    private int head;
    private int size;

    private long step;
    private int generation;
    private long games;
    private long rng;
    private double bestScore = Double.NEGATIVE_INFINITY;
    private long bestStep = -1;

    private ExitTrainer(PpoConfig config, Path out) {
        this.config = config;
        this.exit = config.exit;
        this.game = config.game();
        this.out = out;
        this.obsSize = Encoders.create(game, config.view).size();
        this.actions = game.numDistinctActions();
        this.capacity = exit.buffer;
        this.bufObs = new float[Math.multiplyExact(capacity, obsSize)];
        this.bufMask = new byte[Math.multiplyExact(capacity, actions)];
        this.bufTarget = new float[Math.multiplyExact(capacity, actions)];
        this.bufValue = new float[capacity];
        PolicyNetwork.setNativeThreads(config.netThreads);
        this.network = PolicyNetwork.create(obsSize, actions, config.hidden, config.learningRate,
                SplitMix64.derive(config.seed, 1));
        this.rng = SplitMix64.derive(config.seed, 2);
    }

    /**
     * A new run in {@code out}, which must not hold a checkpoint already, with {@code settings}
     * as expert iteration's ({@code algo} exit, {@code valueScale} win_share, default exit settings
     * when none, the game's rollout bot when none is named; {@link #config} has them); checks every
     * setting and name before touching the folder.
     */
    public static ExitTrainer start(PpoConfig settings, Path out) {
        PpoConfig.Builder b = settings.toBuilder();
        if (b.exit == null) {
            b.exit = new ExitConfig.Builder();
        }
        b.algo = PpoConfig.Algo.EXIT;
        b.valueScale = PpoConfig.ValueScale.WIN_SHARE;
        PpoConfig config = b.build().validate();
        if (Files.exists(out.resolve("last.zip"))) {
            throw new IllegalArgumentException(out + " already holds a run (last.zip); expert iteration cannot resume,"
                    + " choose another --out");
        }
        Game<?> g = config.game();
        if (config.exit.rollout.isEmpty()) {
            b = config.toBuilder();
            b.exit.rollout = g.rolloutBot();
            config = b.build();
        }
        checkNames(g, config.evaluationOpponents());
        if (!config.exit.rollout.equals(Agents.RANDOM) && !g.botNames().contains(config.exit.rollout)) {
            throw new IllegalArgumentException("rollout must be random or one of " + g.botNames() + ", not '"
                    + config.exit.rollout + "'");
        }
        long bufferValues = (long) config.exit.buffer * Math.max(Encoders.create(g, config.view).size(),
                g.numDistinctActions());
        if (bufferValues > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a buffer of " + config.exit.buffer + " decisions does not fit one array;"
                    + " lower --buffer");
        }
        NativeBackend.require("training");
        try {
            Files.createDirectories(out);
            Files.deleteIfExists(out.resolve("metrics.csv"));
            Files.deleteIfExists(out.resolve("eval.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder " + out + ": " + UserFiles.why(e), e);
        }
        return new ExitTrainer(config, out);
    }

    private static <S extends GameState<S>> void checkNames(Game<S> g, List<String> names) {
        Agents.validate(g, names);
    }

    public PpoConfig config() {
        return config;
    }

    public PolicyNetwork network() {
        return network;
    }

    public long step() {
        return step;
    }

    public int generation() {
        return generation;
    }

    /** Runs every generation, evaluating and writing checkpoints every {@code evalEvery} and after the last. */
    public void train(Listener listener) {
        writeHeaders();
        long start = System.nanoTime();
        while (generation < exit.generations) {
            long t0 = System.nanoTime();
            List<GameSamples> played = selfPlay(game, network.export(), generation);
            double selfPlaySeconds = (System.nanoTime() - t0) / 1e9;
            int added = 0;
            long length = 0;
            double targetEntropy = 0;
            for (GameSamples gs : played) {
                length += gs.decisions;
                for (int k = 0; k < gs.seats.size(); k++) {
                    targetEntropy += entropy(gs.targets.get(k));
                    store(gs.obs.get(k), gs.masks.get(k), gs.targets.get(k), (float) gs.shares[gs.seats.get(k)]);
                    added++;
                }
            }
            games += played.size();
            step += added;
            generation++;
            PpoMath.Stats stats = new PpoMath.Stats();
            double[] fit = fit(added, stats);
            GenerationStats s = new GenerationStats(step, generation, (System.nanoTime() - start) / 1e9,
                    selfPlaySeconds, played.size(), added, size, (double) length / played.size(),
                    stats.mean(stats.policyLoss), stats.mean(stats.valueLoss), stats.mean(stats.entropy),
                    added == 0 ? 0 : targetEntropy / added, fit[0], (int) fit[1]);
            appendMetrics(s);
            listener.generation(s);
            if (generation % exit.evalEvery == 0 || generation == exit.generations) {
                evaluateAndSave(listener, (System.nanoTime() - start) / 1e9);
            }
        }
    }

    /** The decisions of one self-play game. */
    private static final class GameSamples {
        final List<float[]> obs = new ArrayList<>();
        final List<byte[]> masks = new ArrayList<>();
        final List<float[]> targets = new ArrayList<>();
        final List<Integer> seats = new ArrayList<>();
        double[] shares;
        int decisions;
    }

    private <S extends GameState<S>> List<GameSamples> selfPlay(Game<S> g, MlpWeights weights, int gen) {
        int n = exit.gamesPerGeneration;
        GameSamples[] results = new GameSamples[n];
        long genSeed = SplitMix64.derive(config.seed, 100 + gen);
        IsmctsAgent.Guide guide = new IsmctsAgent.Guide(weights, config.view, exit.leafValue, "generation " + gen);
        IsmctsAgent.Settings settings = new IsmctsAgent.Settings(exit.search, exit.rollout, exit.exploration,
                IsmctsAgent.Prior.BOT, guide);
        IsmctsAgent.RootNoise noise = exit.noiseWeight > 0 ? new IsmctsAgent.RootNoise(exit.noiseAlpha, exit.noiseWeight)
                : null;
        ParallelGames.run(n, config.threads, i -> {
            long seed = SplitMix64.derive(genSeed, i);
            results[i] = playOne(g, settings, noise, seed);
        });
        return List.of(results);
    }

    private <S extends GameState<S>> GameSamples playOne(Game<S> g, IsmctsAgent.Settings settings,
                                                         IsmctsAgent.RootNoise noise, long seed) {
        IsmctsAgent<S> agent = new IsmctsAgent<>(g, settings, SplitMix64.derive(seed, 1));
        Encoder<S> encoder = Encoders.create(g, config.view);
        int[] scratch = new int[actions];
        long pick = SplitMix64.derive(seed, 2);
        S state = g.newGame(seed);
        GameSamples gs = new GameSamples();
        while (!state.isTerminal()) {
            IsmctsAgent.SearchResult r = agent.search(state, noise);
            int[] legal = r.legal();
            int choice = r.choice();
            if (legal.length > 1) {
                int p = state.currentPlayer();
                float[] obs = new float[obsSize];
                encoder.encode(state, p, obs, 0);
                byte[] mask = new byte[actions];
                Masks.write(state, p, mask, 0, actions, scratch);
                float[] target = new float[actions];
                double total = 0;
                for (int v : r.visits()) {
                    total += v;
                }
                for (int k = 0; k < legal.length; k++) {
                    target[legal[k]] = (float) (r.visits()[k] / total);
                }
                gs.obs.add(obs);
                gs.masks.add(mask);
                gs.targets.add(target);
                gs.seats.add(p);
                if (gs.decisions < exit.temperatureMoves) {
                    pick = SplitMix64.advance(pick);
                    double u = SplitMix64.unit(SplitMix64.mix(pick)) * total;
                    double acc = 0;
                    for (int k = 0; k < legal.length; k++) {
                        acc += r.visits()[k];
                        if (u < acc) {
                            choice = k;
                            break;
                        }
                    }
                }
            }
            gs.decisions++;
            state.applyInPlace(legal[choice]);
        }
        gs.shares = new double[g.numPlayers()];
        state.winShares(gs.shares);
        return gs;
    }

    private void store(float[] obs, byte[] mask, float[] target, float value) {
        System.arraycopy(obs, 0, bufObs, head * obsSize, obsSize);
        System.arraycopy(mask, 0, bufMask, head * actions, actions);
        System.arraycopy(target, 0, bufTarget, head * actions, actions);
        bufValue[head] = value;
        head = (head + 1) % capacity;
        size = Math.min(size + 1, capacity);
    }

    /** The generation's updates on minibatches drawn from the buffer; returns {mean grad norm, updates}. */
    private double[] fit(int added, PpoMath.Stats stats) {
        if (size == 0) {
            return new double[]{0, 0};
        }
        int mb = Math.min(exit.minibatch, size);
        int updates = (int) Math.max(1, Math.round(added * exit.epochs / exit.minibatch));
        float[] obs = new float[mb * obsSize];
        byte[] mask = new byte[mb * actions];
        float[] target = new float[mb * actions];
        float[] logits = new float[mb * actions];
        float[] values = new float[mb];
        float[] valueTargets = new float[mb];
        float[] gradLogits = new float[mb * actions];
        float[] gradValues = new float[mb];
        double[] logp = new double[actions];
        network.setLearningRate(config.learningRate);
        double gradNorm = 0;
        for (int u = 0; u < updates; u++) {
            for (int j = 0; j < mb; j++) {
                rng = SplitMix64.advance(rng);
                int k = SplitMix64.below(SplitMix64.mix(rng), size);
                System.arraycopy(bufObs, k * obsSize, obs, j * obsSize, obsSize);
                System.arraycopy(bufMask, k * actions, mask, j * actions, actions);
                System.arraycopy(bufTarget, k * actions, target, j * actions, actions);
                valueTargets[j] = bufValue[k];
            }
            network.trainForward(obs, mb, logits, values);
            for (int j = 0; j < mb; j++) {
                stats.policyLoss += ExitMath.crossEntropy(logits, j * actions, mask, j * actions, actions, target,
                        j * actions, 1.0 / mb, gradLogits, j * actions, logp);
                stats.entropy += MaskedPolicy.entropy(logp, actions);
                stats.samples++;
                gradValues[j] = (float) PpoMath.valueLoss(values[j], valueTargets[j], config.vfCoef, 1.0 / mb, stats);
            }
            gradNorm += network.step(gradLogits, gradValues, mb, config.maxGradNorm);
        }
        return new double[]{gradNorm / updates, updates};
    }

    private static double entropy(float[] target) {
        double h = 0;
        for (float p : target) {
            if (p > 0) {
                h -= p * Math.log(p);
            }
        }
        return h;
    }

    private void evaluateAndSave(Listener listener, double seconds) {
        RunFiles.Evaluation e = RunFiles.evaluate(out, game, config, network.export(), step, bestScore);
        if (e.best()) {
            bestScore = e.score();
            bestStep = step;
        }
        Checkpoint.Progress progress = new Checkpoint.Progress(step, generation, games, rng, bestScore, bestStep,
                generation + exit.evalEvery, 0, seconds);
        RunFiles.saveCheckpoints(out, e, last -> Checkpoint.write(last, network, config, progress, List.of()));
        listener.evaluation(e.results(), e.best());
    }

    private void writeHeaders() {
        RunFiles.appendLine(out.resolve("metrics.csv"), "step,generation,seconds,selfplay_seconds,games,samples,buffer,"
                + "mean_game_length,policy_loss,value_loss,entropy,target_entropy,grad_norm,updates");
        RunFiles.writeEvalHeader(out);
    }

    private void appendMetrics(GenerationStats s) {
        RunFiles.appendLine(out.resolve("metrics.csv"), String.format(Locale.ROOT,
                "%d,%d,%.2f,%.2f,%d,%d,%d,%.1f,%.5f,%.5f,%.4f,%.4f,%.4f,%d", s.step(), s.generation(), s.seconds(),
                s.selfPlaySeconds(), s.games(), s.samples(), s.buffered(), s.meanLength(), s.policyLoss(),
                s.valueLoss(), s.entropy(), s.targetEntropy(), s.gradNorm(), s.updates()));
    }
}
