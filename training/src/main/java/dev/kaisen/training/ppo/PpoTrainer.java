package dev.kaisen.training.ppo;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.UserFiles;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.IllegalActionMode;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SingleEnv;
import dev.kaisen.observation.VectorEnv;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MaskedPolicy;
import dev.kaisen.training.net.MlpWeights;
import dev.kaisen.training.net.NativeBackend;
import dev.kaisen.training.net.NeuralAgent;
import dev.kaisen.training.net.Policies;
import dev.kaisen.training.net.PolicyNetwork;
import dev.kaisen.training.net.PpoMath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Proximal policy optimization with invalid-action masking for any registered game, in the
 * JVM: the {@link VectorEnv} collects rollouts against a pool of opponents, the DL4J
 * {@link PolicyNetwork} (sized from the game's observation and action counts) learns from
 * them. Checkpoints record the game and its config; a {@code dl4j:} agent refuses another game.
 *
 * <p>Each iteration: {@code envs x rollout} steps sampled from the masked policy; GAE
 * advantages; {@code epochs} passes of shuffled minibatches with the clipped surrogate, an
 * entropy bonus, the value loss, per-minibatch advantage normalization and global-norm
 * gradient clipping; optional linear learning-rate decay. Env i plays opponent
 * {@code opponents[i % size]}; {@code self} is a policy snapshot drawn per episode from the
 * pool (a snapshot is added every {@code snapshotEvery} steps), playing by sampling.
 *
 * <p>The run folder holds {@code metrics.csv} (one row per iteration), {@code eval.csv} (one
 * row per evaluation and opponent, by the head-to-head protocol of {@link SeatEvaluation}, the
 * same games {@code kaisen.evaluate} plays), {@code last.zip} (written at every evaluation and at the
 * end) and {@code best.zip} (the checkpoint with the best mean evaluation win rate).
 *
 * <p>Seeds: the network is initialized from {@code derive(seed, 1)}; action sampling and
 * minibatch shuffles use one stream that starts at {@code derive(seed, 2)} and is saved in
 * checkpoints; the envs of a run segment that starts at iteration k use base seed
 * {@code derive(seed, 1000 + k)}; evaluations use {@code derive(seed, 3)} every time, so all
 * evaluations of a run play the same deals.
 */
public final class PpoTrainer implements AutoCloseable {
    public static final String SELF = PpoConfig.SELF;
    public static final String POLICY = "policy";
    private static final int WINDOW = 500;

    /** One iteration's figures, as written to {@code metrics.csv}. */
    public record IterationStats(long step, long iteration, double seconds, double stepsPerSecond, double envShare,
                                 long episodes, double meanReturn, double winRate, Map<String, Double> winRateByOpponent,
                                 double policyLoss, double valueLoss, double entropy, double approxKl,
                                 double clipFraction, double gradNorm, double learningRate) {
    }

    /** The policy (greedy) against one bot. */
    public record EvalResult(long step, String opponent, int games, double winRate, double low, double high,
                             double meanScore, double opponentMeanScore) {
    }

    public interface Listener {
        default void iteration(IterationStats stats) {
        }

        default void evaluation(List<EvalResult> results, boolean best) {
        }
    }

    private final PpoConfig config;
    private final Game<?> game;
    private final Path out;
    private final PolicyNetwork network;
    private volatile List<MlpWeights> snapshots;
    private final VectorEnv<?> env;
    private final List<String> envOpponent = new ArrayList<>();
    private final Map<String, ArrayDeque<Double>> recentWins = new LinkedHashMap<>();
    private final ArrayDeque<Double> recentReturns = new ArrayDeque<>();
    private final ArrayDeque<Double> recentAllWins = new ArrayDeque<>();
    private final List<String> notices = new ArrayList<>();

    private long step;
    private long iteration;
    private long episodes;
    private long rng;
    private double bestScore;
    private long bestStep;
    private long nextEval;
    private long nextSnapshot;
    private double secondsBefore;

    private PpoTrainer(PpoConfig config, Path out, PolicyNetwork network, List<MlpWeights> snapshots,
                       Checkpoint.Progress progress) {
        this.config = config;
        this.game = config.game();
        this.out = out;
        this.network = network;
        this.snapshots = List.copyOf(snapshots);
        this.step = progress.step();
        this.iteration = progress.iteration();
        this.episodes = progress.episodes();
        this.rng = progress.rng();
        this.bestScore = progress.bestScore();
        this.bestStep = progress.bestStep();
        this.nextEval = progress.nextEval();
        this.nextSnapshot = progress.nextSnapshot();
        this.secondsBefore = progress.seconds();
        PolicyNetwork.setNativeThreads(config.netThreads);
        for (int i = 0; i < config.envs; i++) {
            String opponent = config.opponents.get(i % config.opponents.size());
            envOpponent.add(opponent);
            recentWins.putIfAbsent(opponent, new ArrayDeque<>());
        }
        this.env = vectorEnv(game);
    }

    /** Env i plays {@code opponents[i % size]}, the learner's seat drawn per episode. */
    private <S extends GameState<S>> VectorEnv<S> vectorEnv(Game<S> g) {
        RewardMode reward = RewardMode.parse(config.rewardMode);
        Agents.Factory<S> factory = (name, seed) -> agent(g, name, seed);
        List<SingleEnv.Config<S>> configs = new ArrayList<>();
        for (String opponent : envOpponent) {
            configs.add(new SingleEnv.Config<>(g, -1, List.of(opponent), reward, config.view, IllegalActionMode.RAISE,
                    factory));
        }
        return new VectorEnv<>(configs, SplitMix64.derive(config.seed, 1000 + iteration), config.threads, null, true);
    }

    /** A new run in {@code out}, which must not hold a checkpoint already. */
    public static PpoTrainer start(PpoConfig settings, Path out) {
        PpoConfig config = settings.validate();
        if (Files.exists(out.resolve("last.zip"))) {
            throw new IllegalArgumentException(out + " already holds a run (last.zip); continue it with --resume or "
                    + "choose another --out");
        }
        // every name is checked before the run folder is touched
        Game<?> game = config.game();
        checkNames(game, config.opponents.stream().filter(o -> !o.equals(SELF)).toList());
        checkNames(game, config.evaluationOpponents());
        NativeBackend.require("training");
        // [decision] Only the --init network's weights are taken: the value head keeps what it learned,
        // on its own run's scale, and relearns the new run's (PPO's advantages are normalised per minibatch).
        Checkpoint.Policy init = config.init == null ? null : Policies.forInit(config, game);
        try {
            Files.createDirectories(out);
            RunFiles.removeTempFiles(out);
            Files.deleteIfExists(out.resolve("metrics.csv"));
            Files.deleteIfExists(out.resolve("eval.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder " + out + ": " + UserFiles.why(e), e);
        }
        PolicyNetwork network = PolicyNetwork.create(Encoders.create(game, config.view).size(),
                game.numDistinctActions(), config.hidden,
                config.learningRate, SplitMix64.derive(config.seed, 1));
        if (init != null) {
            network.load(init.weights());
        }
        Checkpoint.Progress progress = new Checkpoint.Progress(0, 0, 0, SplitMix64.derive(config.seed, 2),
                Double.NEGATIVE_INFINITY, -1, config.evalEvery, config.snapshotEvery, 0);
        return new PpoTrainer(config, out, network, List.of(network.export()), progress);
    }

    /**
     * Continues the run in {@code out} from its {@code last.zip}, with its saved settings;
     * {@code steps} (when positive) replaces the total step budget. Metric rows written after
     * that checkpoint (by the interrupted process) are dropped, and so are rows an interrupted
     * write left partial or malformed, and the temporary files it left ({@link #notices} says so).
     */
    public static PpoTrainer resume(Path out, long steps) {
        Path last = out.resolve("last.zip");
        if (!Files.isRegularFile(last)) {
            throw new IllegalArgumentException("nothing to resume: " + last + " does not exist");
        }
        Checkpoint.Loaded loaded = Checkpoint.read(last);
        PpoConfig config = loaded.config();
        if (config.algo != PpoConfig.Algo.PPO) {
            throw new IllegalArgumentException(out + " holds an " + config.algo.id() + " run, not PPO: resume it with "
                    + "its own trainer (./kaisen train --resume reads the algorithm from the checkpoint)");
        }
        if (steps > 0) {
            PpoConfig.Builder b = config.toBuilder();
            b.steps = steps;
            config = b.build();
        }
        long at = loaded.progress().step();
        List<String> notices = new ArrayList<>();
        if (loaded.warning() != null) {
            notices.add(loaded.warning());
        }
        int removed = RunFiles.removeTempFiles(out);
        if (removed > 0) {
            notices.add(out + ": removed " + removed + " temporary file" + (removed == 1 ? "" : "s")
                    + " left by an interrupted write");
        }
        for (String csv : List.of("metrics.csv", "eval.csv")) {
            String notice = RunFiles.truncateCsv(out.resolve(csv), at);
            if (notice != null) {
                notices.add(notice);
            }
        }
        String best = RunFiles.repairBest(out, loaded.progress(), config.evalGames == 0);
        if (best != null) {
            notices.add(best);
        }
        PpoTrainer trainer = new PpoTrainer(config, out, loaded.network(), loaded.snapshots(), loaded.progress());
        trainer.notices.addAll(notices);
        return trainer;
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

    public Path folder() {
        return out;
    }

    private static <S extends GameState<S>> void checkNames(Game<S> g, List<String> names) {
        Agents.validate(g, names);
    }

    private <S extends GameState<S>> Agent<S> agent(Game<S> g, String name, long seed) {
        if (name.equals(SELF)) {
            List<MlpWeights> pool = snapshots;
            MlpWeights w = pool.get(SplitMix64.below(SplitMix64.mix(seed), pool.size()));
            return new NeuralAgent<>(g, config.view, w, SELF, NeuralAgent.Mode.SAMPLE, seed);
        }
        return Agents.create(g, name, seed);
    }

    /**
     * Trains until the step budget is used, then writes the final checkpoint and evaluation. Each
     * iteration reads as CleanRL's {@code ppo.py}: anneal the learning rate, collect a rollout,
     * bootstrap and compute the advantages, update the network, log, evaluate when due.
     */
    public void train(Listener listener) {
        RolloutBuffer buffer = new RolloutBuffer(env, config.envs, config.rollout, game.numDistinctActions());
        Minibatch minibatch = new Minibatch(buffer, config.minibatch);
        env.reset();
        buffer.readNext();
        writeHeaders();
        long runStart = System.nanoTime();
        while (step < config.steps) {
            long iterStart = System.nanoTime();
            double lr = learningRate();
            network.setLearningRate(lr);
            long envNanos = collect(buffer);
            computeAdvantages(buffer);
            Update update = update(buffer, minibatch);
            step += buffer.size();
            iteration++;
            double iterSeconds = (System.nanoTime() - iterStart) / 1e9;
            if (step >= nextSnapshot) {
                addSnapshot();
                nextSnapshot += config.snapshotEvery;
            }
            IterationStats it = iterationStats(update, buffer.size(), iterSeconds, envNanos, lr,
                    secondsBefore + (System.nanoTime() - runStart) / 1e9);
            appendMetrics(it);
            listener.iteration(it);
            evaluateIfDue(listener, runStart);
        }
    }

    /** The learning rate of this iteration: decayed linearly with the steps done (to 2% at least) when annealing. */
    private double learningRate() {
        return config.annealLr ? config.learningRate * Math.max(0.02, 1.0 - (double) step / config.steps)
                : config.learningRate;
    }

    /**
     * The rollout phase: {@code rollout} steps of every env, each env's action sampled from the
     * masked policy, stored in {@code b}; returns the nanoseconds the envs spent stepping.
     */
    private long collect(RolloutBuffer b) {
        RolloutBuffer.EpisodeEnd recordEnd = (i, share, episodeReturn) -> record(envOpponent.get(i), share,
                episodeReturn);
        long envNanos = 0;
        for (int s = 0; s < b.steps; s++) {
            b.storeObservations(s);
            network.output(b.nextObservations, b.envs, b.nextLogits, b.nextValues);
            for (int i = 0; i < b.envs; i++) {
                MaskedPolicy.logSoftmax(b.nextLogits, i * b.actions, b.nextMasks, i * b.actions, b.actions,
                        b.logProbScratch);
                int a = MaskedPolicy.sample(b.logProbScratch, b.actions, nextDouble());
                b.nextActions[i] = a;
                b.storeAction(s, i, a, b.logProbScratch[a], b.nextValues[i]);
            }
            long t0 = System.nanoTime();
            env.step(b.nextActions);
            envNanos += System.nanoTime() - t0;
            b.storeOutcomes(s, recordEnd);
            b.readNext();
        }
        return envNanos;
    }

    /** Bootstraps from the values of the envs' next states, then GAE advantages and returns. */
    private void computeAdvantages(RolloutBuffer b) {
        network.output(b.nextObservations, b.envs, b.nextLogits, b.nextValues);
        b.computeAdvantages(config.gamma, config.gaeLambda);
    }

    /** The summed loss terms of an update and its mean gradient norm (before clipping). */
    private record Update(PpoMath.Stats stats, double meanGradNorm) {
    }

    /** The update phase: {@code epochs} passes over the rollout, shuffled, one optimiser step per minibatch. */
    private Update update(RolloutBuffer b, Minibatch m) {
        PpoMath.Stats stats = new PpoMath.Stats();
        double gradNorm = 0;
        int updates = 0;
        for (int epoch = 0; epoch < config.epochs; epoch++) {
            shuffle(m.order);
            for (int start = 0; start < b.size(); start += m.size) {
                gradNorm += minibatchStep(b, m, start, stats);
                updates++;
            }
        }
        return new Update(stats, gradNorm / updates);
    }

    /**
     * One optimiser step on the minibatch {@code order[start, start + size)}: the clipped
     * surrogate with the entropy bonus, the value loss, the advantages normalised over the
     * minibatch when so configured; returns the gradient norm.
     */
    private double minibatchStep(RolloutBuffer b, Minibatch m, int start, PpoMath.Stats stats) {
        int size = m.size;
        int obsSize = b.obsSize;
        int actions = b.actions;
        double mean = 0;
        double sq = 0;
        for (int j = 0; j < size; j++) {
            int k = m.order[start + j];
            System.arraycopy(b.observations, k * obsSize, m.observations, j * obsSize, obsSize);
            mean += b.advantages[k];
            sq += (double) b.advantages[k] * b.advantages[k];
        }
        mean /= size;
        double std = Math.sqrt(Math.max(0, sq / size - mean * mean));
        network.trainForward(m.observations, size, m.logits, m.values);
        for (int j = 0; j < size; j++) {
            int k = m.order[start + j];
            double a = config.normalizeAdvantages ? (b.advantages[k] - mean) / (std + 1e-8) : b.advantages[k];
            PpoMath.policyLoss(m.logits, j * actions, b.masks, k * actions, actions, b.chosen[k], b.logProbs[k], a,
                    config.clip, config.entCoef, 1.0 / size, m.gradLogits, j * actions, m.logProbs, stats);
            m.gradValues[j] = (float) PpoMath.valueLoss(m.values[j], b.returns[k], config.vfCoef, 1.0 / size, stats);
        }
        return network.step(m.gradLogits, m.gradValues, size, config.maxGradNorm);
    }

    /**
     * One minibatch's inputs, outputs and gradients, and the order the update draws the rollout's
     * steps in (CleanRL's {@code b_inds}): shuffled in place every epoch, carried across iterations.
     */
    private static final class Minibatch {
        final int size;
        final int[] order;
        final float[] observations;
        final float[] logits;
        final float[] values;
        final float[] gradLogits;
        final float[] gradValues;
        final double[] logProbs;

        Minibatch(RolloutBuffer b, int size) {
            this.size = size;
            order = new int[b.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            observations = new float[size * b.obsSize];
            logits = new float[size * b.actions];
            values = new float[size];
            gradLogits = new float[size * b.actions];
            gradValues = new float[size];
            logProbs = new double[b.actions];
        }
    }

    /** The iteration's figures for {@code metrics.csv} and the listener. */
    private IterationStats iterationStats(Update u, int batch, double iterSeconds, long envNanos, double lr,
                                          double seconds) {
        PpoMath.Stats stats = u.stats();
        return new IterationStats(step, iteration, seconds, batch / iterSeconds, envNanos / 1e9 / iterSeconds,
                episodes, mean(recentReturns), mean(recentAllWins), winRates(), stats.mean(stats.policyLoss),
                stats.mean(stats.valueLoss), stats.mean(stats.entropy), stats.mean(stats.approxKl),
                stats.mean(stats.clipped), u.meanGradNorm(), lr);
    }

    /** The evaluation phase: every {@code evalEvery} steps and after the last iteration, evaluate and write the checkpoints. */
    private void evaluateIfDue(Listener listener, long runStart) {
        boolean last = step >= config.steps;
        if (step >= nextEval || last) {
            while (nextEval <= step) {
                nextEval += config.evalEvery;
            }
            evaluateAndSave(listener, secondsBefore + (System.nanoTime() - runStart) / 1e9);
        }
    }

    private void evaluateAndSave(Listener listener, double seconds) {
        RunFiles.Evaluation e = RunFiles.evaluate(out, game, config, network.export(), step, bestScore);
        if (e.best()) {
            bestScore = e.score();
            bestStep = step;
        }
        Checkpoint.Progress progress = new Checkpoint.Progress(step, iteration, episodes, rng, bestScore, bestStep,
                nextEval, nextSnapshot, seconds);
        RunFiles.saveCheckpoints(out, e, last -> Checkpoint.write(last, network, config, progress, snapshots));
        listener.evaluation(e.results(), e.best());
    }

    /**
     * The greedy policy of {@code weights} against each evaluation bot, by the head-to-head
     * protocol ({@link SeatEvaluation}: one policy against copies of the bot, seats rotated).
     */
    public List<EvalResult> evaluate(MlpWeights weights, int games) {
        return RunFiles.evaluate(game, config, weights, games, step);
    }

    private void addSnapshot() {
        List<MlpWeights> pool = new ArrayList<>(snapshots);
        pool.add(network.export());
        while (pool.size() > config.poolSize) {
            pool.remove(0);
        }
        snapshots = List.copyOf(pool);
    }

    private void record(String opponent, double share, double episodeReturn) {
        episodes++;
        push(recentWins.get(opponent), share);
        push(recentAllWins, share);
        push(recentReturns, episodeReturn);
    }

    private static void push(ArrayDeque<Double> window, double v) {
        window.addLast(v);
        if (window.size() > WINDOW) {
            window.removeFirst();
        }
    }

    private static double mean(ArrayDeque<Double> window) {
        if (window.isEmpty()) {
            return Double.NaN;
        }
        double s = 0;
        for (double v : window) {
            s += v;
        }
        return s / window.size();
    }

    private Map<String, Double> winRates() {
        Map<String, Double> m = new LinkedHashMap<>();
        recentWins.forEach((k, v) -> m.put(k, mean(v)));
        return m;
    }

    private double nextDouble() {
        rng = SplitMix64.advance(rng);
        return SplitMix64.unit(SplitMix64.mix(rng));
    }

    private void shuffle(int[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            rng = SplitMix64.advance(rng);
            int j = SplitMix64.below(SplitMix64.mix(rng), i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
    }

    private void writeHeaders() {
        Path metrics = out.resolve("metrics.csv");
        if (!Files.exists(metrics)) {
            StringBuilder h = new StringBuilder("step,iteration,seconds,steps_per_s,env_share,episodes,mean_return,win_rate");
            for (String o : recentWins.keySet()) {
                h.append(",win_rate_vs_").append(o);
            }
            h.append(",policy_loss,value_loss,entropy,approx_kl,clip_fraction,grad_norm,learning_rate");
            RunFiles.appendLine(metrics, h.toString());
        }
        RunFiles.writeEvalHeader(out);
    }

    private void appendMetrics(IterationStats s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d,%d,%.2f,%.1f,%.4f,%d,%.4f,%.4f", s.step(), s.iteration(), s.seconds(),
                s.stepsPerSecond(), s.envShare(), s.episodes(), s.meanReturn(), s.winRate()));
        for (double w : s.winRateByOpponent().values()) {
            b.append(String.format(Locale.ROOT, ",%.4f", w));
        }
        b.append(String.format(Locale.ROOT, ",%.5f,%.5f,%.4f,%.5f,%.4f,%.4f,%.3g", s.policyLoss(), s.valueLoss(),
                s.entropy(), s.approxKl(), s.clipFraction(), s.gradNorm(), s.learningRate()));
        RunFiles.appendLine(out.resolve("metrics.csv"), b.toString());
    }

    /** Notices from {@link #resume} about what it repaired in the run folder (one line each). */
    public List<String> notices() {
        return notices;
    }

    @Override
    public void close() {
        env.close();
    }
}
