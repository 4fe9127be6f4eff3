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
import dev.kaisen.training.net.Policies;
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
 * head-to-head protocol, as PPO's), with {@code best-by guided} {@code eval-guided.csv} (the
 * guided search, same columns), {@code last.zip} and {@code best.zip} (the best mean win rate of
 * the raw policy, or of the guided search) in PPO's checkpoint format, and
 * {@code replay-G.bin}, the replay buffer at {@code last.zip}'s generation G ({@link ReplayBuffer}):
 * {@link #resume} continues a killed run from the two exactly. {@code dl4j:OUT/best.zip} plays
 * the raw policy and {@code ismcts:N:net=OUT/best.zip} the guided search.
 *
 * <p>Seeds: the network from {@code derive(seed, 1)} (or from {@code init}'s weights,
 * {@link #start}); the minibatch draws from
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

        /** The raw policy's evaluation; {@code best} when this checkpoint became {@code best.zip}. */
        default void evaluation(List<PpoTrainer.EvalResult> results, boolean best) {
        }

        /** The guided search's evaluation (with {@code best-by guided}), before {@link #evaluation}. */
        default void guidedEvaluation(List<PpoTrainer.EvalResult> results) {
        }
    }

    static final String METRICS_CSV = "metrics.csv";
    /** The guided search's evaluations, with {@code best-by guided}: {@code eval.csv}'s columns. */
    static final String GUIDED_CSV = "eval-guided.csv";
    private static final java.util.regex.Pattern REPLAY = java.util.regex.Pattern.compile("replay-\\d+\\.bin");

    private final PpoConfig config;
    private final ExitConfig exit;
    private final Game<?> game;
    private final Path out;
    private final PolicyNetwork network;
    private final int obsSize;
    private final int actions;
    private final ReplayBuffer buffer;
    private final List<String> notices = new ArrayList<>();

    private long step;
    private int generation;
    private long games;
    private long rng;
    private double bestScore;
    private long bestStep;
    private final double secondsBefore;

    private ExitTrainer(PpoConfig config, Path out, PolicyNetwork network, ReplayBuffer buffer,
                        Checkpoint.Progress progress) {
        this.config = config;
        this.exit = config.exit;
        this.game = config.game();
        this.out = out;
        this.obsSize = Encoders.create(game, config.view).size();
        this.actions = game.numDistinctActions();
        this.network = network;
        this.buffer = buffer;
        this.step = progress.step();
        this.generation = Math.toIntExact(progress.iteration());
        this.games = progress.episodes();
        this.rng = progress.rng();
        this.bestScore = progress.bestScore();
        this.bestStep = progress.bestStep();
        this.secondsBefore = progress.seconds();
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
            throw new IllegalArgumentException(out + " already holds a run (last.zip); continue it with --resume or "
                    + "choose another --out");
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
        MlpWeights init = config.init == null ? null : initialWeights(config, g);
        try {
            Files.createDirectories(out);
            RunFiles.removeTempFiles(out);
            for (Path f : replayFiles(out)) {
                Files.delete(f);
            }
            for (String csv : List.of(METRICS_CSV, RunFiles.EVAL_CSV, GUIDED_CSV)) {
                Files.deleteIfExists(out.resolve(csv));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder " + out + ": " + UserFiles.why(e), e);
        }
        PolicyNetwork.setNativeThreads(config.netThreads);
        int obsSize = Encoders.create(g, config.view).size();
        PolicyNetwork network = PolicyNetwork.create(obsSize, g.numDistinctActions(), config.hidden,
                config.learningRate, SplitMix64.derive(config.seed, 1));
        if (init != null) {
            network.load(init);
        }
        Checkpoint.Progress progress = new Checkpoint.Progress(0, 0, 0, SplitMix64.derive(config.seed, 2),
                Double.NEGATIVE_INFINITY, -1, config.exit.evalEvery, 0, 0);
        return new ExitTrainer(config, out, network, new ReplayBuffer(obsSize, g.numDistinctActions(),
                config.exit.buffer), progress);
    }

    /**
     * The weights {@code --init} names, checked to fit the run ({@link Policies#forInit}). A network
     * whose value head predicts the win share (an expert-iteration checkpoint) is taken whole.
     * [decision] Any other (PPO's, whose value head predicts its reward's return, e.g. a score
     * difference) gives its hidden layers and policy head, and the value head starts as the constant
     * 1/players, an equal player's win share: a value on another scale would mislead the guided
     * searches of the first generations (with {@code leafValue} above 0) until it was relearned.
     */
    private static MlpWeights initialWeights(PpoConfig config, Game<?> game) {
        Checkpoint.Policy p = Policies.forInit(config, game);
        if (p.config().valueScale == PpoConfig.ValueScale.WIN_SHARE) {
            return p.weights();
        }
        return p.weights().withConstantValue(1f / game.numPlayers());
    }

    /**
     * Continues the run in {@code out} from its {@code last.zip} and the replay buffer saved with
     * it ({@code replay-G.bin}, G its generation), with its saved settings; {@code generations}
     * (when positive; 0 keeps the saved one) replaces the budget, and must exceed the generations done. The network,
     * Adam's state, the buffer, the generation and the minibatch stream are the checkpoint's, and
     * every other stream derives from the seed and the generation, so the run goes on as the
     * uninterrupted one would have. Rows the interrupted process wrote after the checkpoint are
     * dropped, as are rows cut short, the temporary files a kill left and buffers of later
     * generations (a kill between the buffer's write and the checkpoint's); {@link #notices} says so.
     */
    public static ExitTrainer resume(Path out, int generations) {
        Path last = out.resolve("last.zip");
        if (!Files.isRegularFile(last)) {
            throw new IllegalArgumentException("nothing to resume: " + last + " does not exist");
        }
        PpoConfig saved = Checkpoint.readConfig(last);
        if (saved.algo != PpoConfig.Algo.EXIT) {
            throw new IllegalArgumentException(out + " holds a " + saved.algo.id() + " run, not expert iteration");
        }
        Checkpoint.Loaded loaded = Checkpoint.read(last);
        PpoConfig config = loaded.config();
        int done = Math.toIntExact(loaded.progress().iteration());
        if (generations < 0) {
            throw new IllegalArgumentException("generations must be positive, not " + generations);
        }
        if (generations > 0) {
            PpoConfig.Builder b = config.toBuilder();
            b.exit.generations = generations;
            config = b.build().validate();
        }
        if (config.exit.generations <= done) {
            throw new IllegalArgumentException(out + " has run all " + done + " of its " + config.exit.generations
                    + " generations: give a larger --generations to continue it");
        }
        Game<?> g = config.game();
        Path replay = replayFile(out, done);
        if (!Files.isRegularFile(replay)) {
            throw new IllegalArgumentException("cannot resume " + out + " exactly: its replay buffer of generation "
                    + done + " (" + replay.getFileName() + ") is missing");
        }
        PolicyNetwork.setNativeThreads(config.netThreads);
        ReplayBuffer buffer = ReplayBuffer.read(replay, Encoders.create(g, config.view).size(),
                g.numDistinctActions(), config.exit.buffer);
        ExitTrainer trainer = new ExitTrainer(config, out, loaded.network(), buffer, loaded.progress());
        if (loaded.warning() != null) {
            trainer.notices.add(loaded.warning());
        }
        int removed = RunFiles.removeTempFiles(out);
        if (removed > 0) {
            trainer.notices.add(out + ": removed " + removed + " temporary file" + (removed == 1 ? "" : "s")
                    + " left by an interrupted write");
        }
        trainer.removeOtherReplays(true);
        long at = loaded.progress().step();
        // metrics by generation (a generation may add no decisions), evaluations by step
        List<String> trimmed = new ArrayList<>();
        trimmed.add(RunFiles.truncateCsv(out.resolve(METRICS_CSV), 1, done));
        trimmed.add(RunFiles.truncateCsv(out.resolve(RunFiles.EVAL_CSV), at));
        trimmed.add(RunFiles.truncateCsv(out.resolve(GUIDED_CSV), at));
        trimmed.add(RunFiles.repairBest(out, loaded.progress(), config.evalGames == 0));
        trimmed.stream().filter(n -> n != null).forEach(trainer.notices::add);
        return trainer;
    }

    /** Notices from {@link #resume} about what it repaired in the run folder (one line each). */
    public List<String> notices() {
        return notices;
    }

    static Path replayFile(Path out, int generation) {
        return out.resolve("replay-" + generation + ".bin");
    }

    /** The replay buffers saved in {@code out} ({@code replay-G.bin}). */
    private static List<Path> replayFiles(Path out) throws IOException {
        return RunFiles.matching(out, REPLAY);
    }

    /** Deletes the replay buffers of other generations than this one's (noting them when {@code tell}). */
    private void removeOtherReplays(boolean tell) {
        Path keep = replayFile(out, generation);
        try {
            for (Path f : replayFiles(out)) {
                if (!f.equals(keep)) {
                    Files.delete(f);
                    if (tell) {
                        notices.add(out + ": removed " + f.getFileName() + ", a replay buffer its checkpoint "
                                + "(generation " + generation + ") does not match");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean replay buffers in " + out + ": " + UserFiles.why(e), e);
        }
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
        long start = System.nanoTime() - (long) (secondsBefore * 1e9);
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
                    buffer.add(gs.obs.get(k), gs.masks.get(k), gs.targets.get(k), (float) gs.shares[gs.seats.get(k)]);
                    added++;
                }
            }
            games += played.size();
            step += added;
            generation++;
            PpoMath.Stats stats = new PpoMath.Stats();
            double[] fit = fit(added, stats);
            GenerationStats s = new GenerationStats(step, generation, (System.nanoTime() - start) / 1e9,
                    selfPlaySeconds, played.size(), added, buffer.size(), (double) length / played.size(),
                    stats.mean(stats.policyLoss), stats.mean(stats.valueLoss), stats.mean(stats.entropy),
                    added == 0 ? 0 : targetEntropy / added, fit[0], (int) fit[1]);
            appendMetrics(s);
            listener.generation(s);
            if (generation % exit.evalEvery == 0 || generation == exit.generations) {
                evaluateAndSave(listener, start);
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
                double[] shares = ExitMath.visitTarget(r.visits(), exit.targetTemperature);
                for (int k = 0; k < legal.length; k++) {
                    target[legal[k]] = (float) shares[k];
                }
                gs.obs.add(obs);
                gs.masks.add(mask);
                gs.targets.add(target);
                gs.seats.add(p);
                if (gs.decisions < exit.temperatureMoves) {
                    double total = 0;
                    for (int v : r.visits()) {
                        total += v;
                    }
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

    /** The generation's updates on minibatches drawn from the buffer; returns {mean grad norm, updates}. */
    private double[] fit(int added, PpoMath.Stats stats) {
        int size = buffer.size();
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
                valueTargets[j] = buffer.copy(k, obs, mask, target, j);
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

    /**
     * Evaluates the network (the raw policy, and the guided search when {@code best.zip} follows
     * it), then saves the replay buffer and {@code last.zip} (copied to {@code best.zip} when best),
     * in that order: a kill between the two leaves a buffer of a later generation, which a resume
     * removes.
     */
    private void evaluateAndSave(Listener listener, long start) {
        MlpWeights weights = network.export();
        RunFiles.Evaluation raw = RunFiles.evaluate(out, game, config, weights, step, bestScore);
        RunFiles.Evaluation e = raw;
        if (exit.guidedBest()) {
            e = RunFiles.record(out.resolve(GUIDED_CSV), guidedEvaluation(game, weights), bestScore);
            listener.guidedEvaluation(e.results());
        }
        if (e.best()) {
            bestScore = e.score();
            bestStep = step;
        }
        // the seconds so far, this evaluation's included (a resumed run's clock goes on from them)
        double seconds = (System.nanoTime() - start) / 1e9;
        Checkpoint.Progress progress = new Checkpoint.Progress(step, generation, games, rng, bestScore, bestStep,
                generation + exit.evalEvery, 0, seconds);
        buffer.write(replayFile(out, generation));
        RunFiles.saveCheckpoints(out, e, last -> Checkpoint.write(last, network, config, progress, List.of()));
        removeOtherReplays(false);
        listener.evaluation(raw.results(), e.best());
    }

    /** The guided search (this run's search settings, no root noise) against each evaluation bot. */
    private <S extends GameState<S>> List<PpoTrainer.EvalResult> guidedEvaluation(Game<S> g, MlpWeights weights) {
        IsmctsAgent.Guide guide = new IsmctsAgent.Guide(weights, config.view, exit.leafValue, "generation "
                + generation);
        IsmctsAgent.Settings settings = new IsmctsAgent.Settings(exit.search, exit.rollout, exit.exploration,
                IsmctsAgent.Prior.BOT, guide);
        return RunFiles.evaluate(g, config, seed -> new IsmctsAgent<>(g, settings, seed), config.evalGames, step);
    }

    private void writeHeaders() {
        RunFiles.writeHeader(out.resolve(METRICS_CSV), "step,generation,seconds,selfplay_seconds,games,samples,"
                + "buffer,mean_game_length,policy_loss,value_loss,entropy,target_entropy,grad_norm,updates");
        RunFiles.writeEvalHeader(out);
        if (exit.guidedBest()) {
            RunFiles.writeHeader(out.resolve(GUIDED_CSV), RunFiles.EVAL_HEADER);
        }
    }

    private void appendMetrics(GenerationStats s) {
        RunFiles.appendLine(out.resolve(METRICS_CSV), String.format(Locale.ROOT,
                "%d,%d,%.2f,%.2f,%d,%d,%d,%.1f,%.5f,%.5f,%.4f,%.4f,%.4f,%d", s.step(), s.generation(), s.seconds(),
                s.selfPlaySeconds(), s.games(), s.samples(), s.buffered(), s.meanLength(), s.policyLoss(),
                s.valueLoss(), s.entropy(), s.targetEntropy(), s.gradNorm(), s.updates()));
    }
}
