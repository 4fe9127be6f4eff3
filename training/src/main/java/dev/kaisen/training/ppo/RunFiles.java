package dev.kaisen.training.ppo;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.UserFiles;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MlpWeights;
import dev.kaisen.training.net.NeuralAgent;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * What a PPO run ({@link PpoTrainer}) and an expert-iteration run write alike in their run
 * folder: the evaluations of the greedy policy ({@value #EVAL_CSV}), {@code last.zip} and
 * {@code best.zip}, and CSV lines appended one at a time.
 */
public final class RunFiles {
    public static final String EVAL_CSV = "eval.csv";
    public static final String EVAL_HEADER =
            "step,opponent,games,win_rate,win_rate_low,win_rate_high,mean_score,opponent_mean_score";

    /**
     * One evaluation: its results, their mean win rate ({@code score}, 0 without results), and
     * whether that beats the best score so far ({@code best}; never without results).
     */
    public record Evaluation(List<PpoTrainer.EvalResult> results, double score, boolean best) {
    }

    private RunFiles() {
    }

    /**
     * The greedy policy of {@code weights} against each of {@code config}'s evaluation bots, by
     * the head-to-head protocol ({@link SeatEvaluation}: one policy against copies of the bot,
     * seats rotated), {@code games} games each; none when {@code games} is 0.
     */
    public static <S extends GameState<S>> List<PpoTrainer.EvalResult> evaluate(Game<S> g, PpoConfig config,
                                                                              MlpWeights weights, int games,
                                                                              long step) {
        List<PpoTrainer.EvalResult> results = new ArrayList<>();
        if (games == 0) {
            return results;
        }
        Agents.Factory<S> factory = (name, seed) -> name.equals(PpoTrainer.POLICY)
                ? new NeuralAgent<>(g, config.view, weights, PpoTrainer.POLICY, NeuralAgent.Mode.GREEDY, seed)
                : Agents.create(g, name, seed);
        for (String opponent : config.evaluationOpponents()) {
            SeatEvaluation.Result r = SeatEvaluation.run(g, PpoTrainer.POLICY, opponent, games,
                    SplitMix64.derive(config.seed, 3), config.threads, factory);
            results.add(new PpoTrainer.EvalResult(step, opponent, games, r.winRate(), r.winRateLow(),
                    r.winRateHigh(), r.meanScore(), r.opponentMeanScore()));
        }
        return results;
    }

    /**
     * Evaluates {@code weights} ({@link #evaluate(Game, PpoConfig, MlpWeights, int, long)} with
     * {@code config.evalGames}) and appends one row per opponent to {@code out/}{@value #EVAL_CSV}.
     */
    public static Evaluation evaluate(Path out, Game<?> g, PpoConfig config, MlpWeights weights, long step,
                                      double bestScore) {
        List<PpoTrainer.EvalResult> results = evaluate(g, config, weights, config.evalGames, step);
        double score = 0;
        for (PpoTrainer.EvalResult r : results) {
            score += r.winRate();
        }
        score = results.isEmpty() ? 0 : score / results.size();
        for (PpoTrainer.EvalResult r : results) {
            appendLine(out.resolve(EVAL_CSV), String.format(Locale.ROOT, "%d,%s,%d,%.4f,%.4f,%.4f,%.3f,%.3f",
                    r.step(), r.opponent(), r.games(), r.winRate(), r.low(), r.high(), r.meanScore(),
                    r.opponentMeanScore()));
        }
        return new Evaluation(results, score, !results.isEmpty() && score > bestScore);
    }

    /** Writes {@code out/}{@value #EVAL_CSV}'s header unless the file exists. */
    public static void writeEvalHeader(Path out) {
        Path eval = out.resolve(EVAL_CSV);
        if (!Files.exists(eval)) {
            appendLine(eval, EVAL_HEADER);
        }
    }

    /**
     * Writes {@code out/last.zip} by {@code writeLast} (given that path), and copies it to
     * {@code out/best.zip} when {@code evaluation} is the best so far. [decision] Without
     * evaluations ({@code --eval-games 0}: no results) there is no best to keep, so
     * {@code best.zip} follows {@code last.zip}: a copy of it at every checkpoint.
     */
    public static void saveCheckpoints(Path out, Evaluation evaluation, Consumer<Path> writeLast) {
        Path last = out.resolve("last.zip");
        writeLast.accept(last);
        if (evaluation.best() || evaluation.results().isEmpty()) {
            Checkpoint.copy(last, out.resolve("best.zip"));
        }
    }

    /** Appends one line to a text file (created if missing). */
    public static void appendLine(Path file, String line) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            w.write(line);
            w.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + UserFiles.why(e), e);
        }
    }
}
