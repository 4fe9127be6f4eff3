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
import dev.kaisen.training.net.PolicyNetwork;
import dev.kaisen.training.net.PpoMath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
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
    public static PpoTrainer start(PpoConfig config, Path out) {
        config.validate();
        if (Files.exists(out.resolve("last.zip"))) {
            throw new IllegalArgumentException(out + " already holds a run (last.zip); continue it with --resume or "
                    + "choose another --out");
        }
        // every name is checked before the run folder is touched
        Game<?> game = config.game();
        checkNames(game, config.opponents.stream().filter(o -> !o.equals(SELF)).toList());
        checkNames(game, config.evaluationOpponents());
        NativeBackend.require("training");
        try {
            Files.createDirectories(out);
            removeTempFiles(out);
            Files.deleteIfExists(out.resolve("metrics.csv"));
            Files.deleteIfExists(out.resolve("eval.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder " + out + ": " + UserFiles.why(e), e);
        }
        PolicyNetwork network = PolicyNetwork.create(Encoders.create(game, config.view).size(),
                game.numDistinctActions(), config.hidden,
                config.learningRate, SplitMix64.derive(config.seed, 1));
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
        if (steps > 0) {
            config.steps = steps;
        }
        long at = loaded.progress().step();
        List<String> notices = new ArrayList<>();
        if (loaded.warning() != null) {
            notices.add(loaded.warning());
        }
        int removed = removeTempFiles(out);
        if (removed > 0) {
            notices.add(out + ": removed " + removed + " temporary file" + (removed == 1 ? "" : "s")
                    + " left by an interrupted write");
        }
        for (String csv : List.of("metrics.csv", "eval.csv")) {
            String notice = truncateCsv(out.resolve(csv), at);
            if (notice != null) {
                notices.add(notice);
            }
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

    /** Trains until the step budget is used, then writes the final checkpoint and evaluation. */
    public void train(Listener listener) {
        final int n = config.envs;
        final int t = config.rollout;
        final int obsSize = env.env(0).encoder().size();
        final int actions = game.numDistinctActions();
        final int batch = n * t;
        float[] obsBuf = new float[batch * obsSize];
        byte[] maskBuf = new byte[batch * actions];
        int[] actBuf = new int[batch];
        float[] logpBuf = new float[batch];
        float[] valBuf = new float[batch];
        float[] rewBuf = new float[batch];
        boolean[] doneBuf = new boolean[batch];
        float[] adv = new float[batch];
        float[] ret = new float[batch];
        float[] curObs = new float[n * obsSize];
        byte[] curMask = new byte[n * actions];
        float[] logits = new float[n * actions];
        float[] values = new float[n];
        int[] stepActions = new int[n];
        double[] logp = new double[actions];

        FloatBuffer obsRegion = env.region("observations").asFloatBuffer();
        ByteBuffer maskRegion = env.region("masks");
        FloatBuffer rewardRegion = env.region("rewards").asFloatBuffer();
        ByteBuffer terminated = env.region("terminated");
        ByteBuffer truncated = env.region("truncated");
        IntBuffer finalWinners = env.region("final_winners").asIntBuffer();
        IntBuffer finalSeat = env.region("final_learner_seat").asIntBuffer();
        FloatBuffer episodeReturn = env.region("episode_return").asFloatBuffer();

        int mb = config.minibatch;
        float[] mbObs = new float[mb * obsSize];
        float[] mbLogits = new float[mb * actions];
        float[] mbValues = new float[mb];
        float[] gradLogits = new float[mb * actions];
        float[] gradValues = new float[mb];
        int[] order = new int[batch];
        for (int i = 0; i < batch; i++) {
            order[i] = i;
        }

        env.reset();
        obsRegion.get(0, curObs);
        maskRegion.get(0, curMask);
        writeHeaders();
        long runStart = System.nanoTime();
        while (step < config.steps) {
            long iterStart = System.nanoTime();
            long envNanos = 0;
            long netNanos = 0;
            double lr = config.annealLr ? config.learningRate * Math.max(0.02, 1.0 - (double) step / config.steps)
                    : config.learningRate;
            network.setLearningRate(lr);
            for (int s = 0; s < t; s++) {
                int base = s * n;
                System.arraycopy(curObs, 0, obsBuf, base * obsSize, n * obsSize);
                System.arraycopy(curMask, 0, maskBuf, base * actions, n * actions);
                long t0 = System.nanoTime();
                network.output(curObs, n, logits, values);
                netNanos += System.nanoTime() - t0;
                for (int i = 0; i < n; i++) {
                    MaskedPolicy.logSoftmax(logits, i * actions, curMask, i * actions, actions, logp);
                    int a = MaskedPolicy.sample(logp, actions, nextDouble());
                    stepActions[i] = a;
                    actBuf[base + i] = a;
                    logpBuf[base + i] = (float) logp[a];
                    valBuf[base + i] = values[i];
                }
                long t1 = System.nanoTime();
                env.step(stepActions);
                envNanos += System.nanoTime() - t1;
                for (int i = 0; i < n; i++) {
                    rewBuf[base + i] = rewardRegion.get(i);
                    boolean done = terminated.get(i) != 0 || truncated.get(i) != 0;
                    doneBuf[base + i] = done;
                    if (done) {
                        int winners = finalWinners.get(i);
                        int seat = finalSeat.get(i);
                        double share = (winners >> seat & 1) != 0 ? 1.0 / Integer.bitCount(winners) : 0;
                        record(envOpponent.get(i), share, episodeReturn.get(i));
                    }
                }
                obsRegion.get(0, curObs);
                maskRegion.get(0, curMask);
            }
            long t2 = System.nanoTime();
            network.output(curObs, n, logits, values);
            PpoMath.gae(rewBuf, valBuf, doneBuf, values, t, n, config.gamma, config.gaeLambda, adv, ret);

            PpoMath.Stats stats = new PpoMath.Stats();
            double gradNorm = 0;
            int updates = 0;
            for (int epoch = 0; epoch < config.epochs; epoch++) {
                shuffle(order);
                for (int start = 0; start < batch; start += mb) {
                    double mean = 0;
                    double sq = 0;
                    for (int j = 0; j < mb; j++) {
                        int k = order[start + j];
                        System.arraycopy(obsBuf, k * obsSize, mbObs, j * obsSize, obsSize);
                        mean += adv[k];
                        sq += (double) adv[k] * adv[k];
                    }
                    mean /= mb;
                    double std = Math.sqrt(Math.max(0, sq / mb - mean * mean));
                    network.trainForward(mbObs, mb, mbLogits, mbValues);
                    for (int j = 0; j < mb; j++) {
                        int k = order[start + j];
                        double a = config.normalizeAdvantages ? (adv[k] - mean) / (std + 1e-8) : adv[k];
                        PpoMath.policyLoss(mbLogits, j * actions, maskBuf, k * actions, actions, actBuf[k], logpBuf[k], a,
                                config.clip, config.entCoef, 1.0 / mb, gradLogits, j * actions, logp, stats);
                        gradValues[j] = (float) PpoMath.valueLoss(mbValues[j], ret[k], config.vfCoef, 1.0 / mb, stats);
                    }
                    gradNorm += network.step(gradLogits, gradValues, mb, config.maxGradNorm);
                    updates++;
                }
            }
            netNanos += System.nanoTime() - t2;
            step += batch;
            iteration++;
            double iterSeconds = (System.nanoTime() - iterStart) / 1e9;
            if (step >= nextSnapshot) {
                addSnapshot();
                nextSnapshot += config.snapshotEvery;
            }
            IterationStats it = new IterationStats(step, iteration,
                    secondsBefore + (System.nanoTime() - runStart) / 1e9, batch / iterSeconds,
                    envNanos / 1e9 / iterSeconds, episodes, mean(recentReturns), mean(recentAllWins), winRates(),
                    stats.mean(stats.policyLoss), stats.mean(stats.valueLoss), stats.mean(stats.entropy),
                    stats.mean(stats.approxKl), stats.mean(stats.clipped), gradNorm / updates, lr);
            appendMetrics(it);
            listener.iteration(it);
            boolean last = step >= config.steps;
            if (step >= nextEval || last) {
                while (nextEval <= step) {
                    nextEval += config.evalEvery;
                }
                double seconds = secondsBefore + (System.nanoTime() - runStart) / 1e9;
                evaluateAndSave(listener, seconds);
            }
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

    /**
     * Keeps the header and the complete, well-formed rows (ended by a newline, with the header's
     * number of columns and a step in the first) whose step is at most {@code step}. Rows after
     * the checkpoint are dropped silently (the run replays them); a partial or malformed row,
     * left by an interrupted write, is dropped with a notice, returned (else {@code null}). A file
     * without a complete header is deleted, to be written afresh.
     */
    static String truncateCsv(Path file, long step) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            String[] lines = text.split("\n", -1);
            // the last element is what follows the last newline: empty, or a row cut short
            int complete = lines.length - 1;
            if (complete < 1) {
                Files.delete(file);
                return text.isEmpty() ? null : file + ": no complete header line, the file is written afresh";
            }
            int columns = lines[0].split(",", -1).length;
            List<String> kept = new ArrayList<>(List.of(lines[0]));
            int malformed = lines[complete].isEmpty() ? 0 : 1;
            for (int i = 1; i < complete; i++) {
                String line = lines[i];
                String[] cells = line.split(",", -1);
                Long rowStep = cells.length == columns ? parseStep(cells[0]) : null;
                if (rowStep == null) {
                    malformed += line.isEmpty() ? 0 : 1;
                } else if (rowStep <= step) {
                    kept.add(line);
                }
            }
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
            Files.write(tmp, kept, StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return malformed == 0 ? null : file + ": dropped " + malformed + " incomplete or malformed row"
                    + (malformed == 1 ? "" : "s") + " (left by an interrupted write)";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot trim " + file + " to step " + step + ": " + UserFiles.why(e), e);
        }
    }

    private static Long parseStep(String cell) {
        try {
            long v = Long.parseLong(cell);
            return v >= 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The temporary files this class and {@link Checkpoint} write next to their targets: {@code .last.zip123.tmp}. */
    private static final java.util.regex.Pattern TEMP_FILE =
            java.util.regex.Pattern.compile("\\.(last\\.zip|best\\.zip|metrics\\.csv|eval\\.csv)\\d*\\.tmp");

    /** Deletes the temporary files an interrupted write left in {@code out} (only names of our pattern); returns how many. */
    static int removeTempFiles(Path out) {
        if (!Files.isDirectory(out)) {
            return 0;
        }
        int removed = 0;
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (TEMP_FILE.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f)) {
                    Files.delete(f);
                    removed++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean run folder " + out + ": " + UserFiles.why(e), e);
        }
        return removed;
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
