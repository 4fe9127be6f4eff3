package dev.kaisen.training.ppo;

import dev.kaisen.env.Agent;
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
import java.util.function.LongFunction;

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
        return evaluate(g, config, seed -> new NeuralAgent<>(g, config.view, weights, PpoTrainer.POLICY,
                NeuralAgent.Mode.GREEDY, seed), games, step);
    }

    /**
     * The agent {@code policy} makes (given a seed) against each of {@code config}'s evaluation
     * bots by the head-to-head protocol, {@code games} games each, seeded by the run's seed;
     * none when {@code games} is 0.
     */
    public static <S extends GameState<S>> List<PpoTrainer.EvalResult> evaluate(Game<S> g, PpoConfig config,
                                                                              LongFunction<Agent<S>> policy,
                                                                              int games, long step) {
        List<PpoTrainer.EvalResult> results = new ArrayList<>();
        if (games == 0) {
            return results;
        }
        Agents.Factory<S> factory = (name, seed) -> name.equals(PpoTrainer.POLICY) ? policy.apply(seed)
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
        return record(out.resolve(EVAL_CSV), evaluate(g, config, weights, config.evalGames, step), bestScore);
    }

    /**
     * Appends one row per result to {@code csv} (which has {@link #EVAL_HEADER}'s columns) and
     * scores them: their mean win rate, the best when above {@code bestScore}.
     */
    public static Evaluation record(Path csv, List<PpoTrainer.EvalResult> results, double bestScore) {
        double score = 0;
        for (PpoTrainer.EvalResult r : results) {
            score += r.winRate();
        }
        score = results.isEmpty() ? 0 : score / results.size();
        for (PpoTrainer.EvalResult r : results) {
            appendLine(csv, String.format(Locale.ROOT, "%d,%s,%d,%.4f,%.4f,%.4f,%.3f,%.3f",
                    r.step(), r.opponent(), r.games(), r.winRate(), r.low(), r.high(), r.meanScore(),
                    r.opponentMeanScore()));
        }
        return new Evaluation(results, score, !results.isEmpty() && score > bestScore);
    }

    /** Writes {@code out/}{@value #EVAL_CSV}'s header unless the file exists. */
    public static void writeEvalHeader(Path out) {
        writeHeader(out.resolve(EVAL_CSV), EVAL_HEADER);
    }

    /** Writes a CSV's header line unless the file exists (a resumed run's keeps its own). */
    public static void writeHeader(Path csv, String header) {
        if (!Files.exists(csv)) {
            appendLine(csv, header);
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

    /**
     * Keeps the header and the complete, well-formed rows (ended by a newline, with the header's
     * number of columns and a count in the first) whose count is at most {@code step}. Rows after
     * the checkpoint are dropped silently (the run replays them); a partial or malformed row,
     * left by an interrupted write, is dropped with a notice, returned (else {@code null}). A file
     * without a complete header is deleted, to be written afresh.
     */
    public static String truncateCsv(Path file, long step) {
        return truncateCsv(file, 0, step);
    }

    /** {@link #truncateCsv(Path, long)} by the count in column {@code column} (0 is the first) rather than the step. */
    public static String truncateCsv(Path file, int column, long step) {
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
                Long rowStep = cells.length == columns && column < columns ? parseStep(cells[column]) : null;
                if (rowStep == null) {
                    malformed += line.isEmpty() ? 0 : 1;
                } else if (rowStep <= step) {
                    kept.add(line);
                }
            }
            UserFiles.writeAtomically(file, tmp -> Files.write(tmp, kept, StandardCharsets.UTF_8));
            return malformed == 0 ? null : file + ": dropped " + malformed + " incomplete or malformed row"
                    + (malformed == 1 ? "" : "s") + " (left by an interrupted write)";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot trim " + file + " to " + step + ": " + UserFiles.why(e), e);
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

    /**
     * The temporary files the trainers and {@link Checkpoint} write next to their targets:
     * {@code .last.zip123.tmp}, and expert iteration's {@code .replay-4.bin123.tmp} and {@code .eval-guided.csv5.tmp}.
     */
    private static final java.util.regex.Pattern TEMP_FILE =
            java.util.regex.Pattern.compile("\\.(last\\.zip|best\\.zip|metrics\\.csv|eval\\.csv|eval-guided\\.csv|replay-\\d+\\.bin)\\d*\\.tmp");

    /** Deletes the temporary files an interrupted write left in {@code out} (only names of our pattern); returns how many. */
    public static int removeTempFiles(Path out) {
        try {
            List<Path> temporary = matching(out, TEMP_FILE);
            for (Path f : temporary) {
                Files.delete(f);
            }
            return temporary.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean run folder " + out + ": " + UserFiles.why(e), e);
        }
    }

    /** The regular files of the run folder {@code out} whose names match {@code name}, sorted (none without the folder). */
    public static List<Path> matching(Path out, java.util.regex.Pattern name) throws IOException {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            return files.filter(f -> name.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f))
                    .sorted().toList();
        }
    }

    /**
     * Makes {@code best.zip} what the checkpoint {@code last.zip} (at {@code progress}) says it is:
     * a copy of {@code last.zip} when that checkpoint was the best ({@code bestStep} is its step)
     * or when every checkpoint is ({@code followsLast}: no evaluations), unless it already is. A
     * kill between writing {@code last.zip} and copying it leaves an older {@code best.zip}, which
     * no later checkpoint would replace (the recorded best score is already the new one). Returns
     * a notice when it repaired something, else null.
     */
    public static String repairBest(Path out, Checkpoint.Progress progress, boolean followsLast) {
        if (!followsLast && progress.bestStep() != progress.step()) {
            return null;
        }
        Path best = out.resolve("best.zip");
        if (Files.isRegularFile(best) && Checkpoint.readProgress(best).step() == progress.step()) {
            return null;
        }
        Checkpoint.copy(out.resolve("last.zip"), best);
        return best + ": was not the checkpoint at step " + progress.step() + " that last.zip records as the best"
                + " (a kill before its copy); copied last.zip to it";
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
