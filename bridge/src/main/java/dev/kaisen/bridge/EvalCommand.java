package dev.kaisen.bridge;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.env.SelfPlay;
import dev.kaisen.env.UserFiles;
import picocli.CommandLine.Mixin;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.eval.Tournament;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Evaluate named agents in a tournament (every mix of the agents over the seats, rotated): "
                + "win rates with 95%% Wilson intervals, mean score, game length, decisions/s and Elo ratings with "
                + "uncertainty. For one agent against copies of one opponent (the protocol of train's eval.csv and "
                + "Python's kaisen.evaluate), give --protocol head-to-head. --records DIR keeps every game as a game "
                + "record.")
final class EvalCommand implements Callable<Integer> {
    @Mixin
    GameOptions gameOptions;

    @Option(names = "--protocol", defaultValue = "tournament",
            description = "tournament (default) or head-to-head (first agent against copies of the second).")
    String protocol;

    @Option(names = "--agents", required = true, split = ",",
            description = "Two or more agent names, e.g. ismcts:500,greedy (random, the game's bots, "
                    + "ismcts:N[:ROLLOUT][:c=C][:prior=bot|uniform][:value=W][:net=NET], dl4j:CHECKPOINT.zip, zoo:GAME-Np).")
    List<String> agents;

    @Option(names = "--games", defaultValue = "1000", description = "Games, at most 1,000,000 (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "Base seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON to FILE ('-' for stdout only).")
    String json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the per-agent table as CSV to FILE.")
    Path csv;

    @Option(names = "--pairs-csv", paramLabel = "FILE",
            description = "Also write the head-to-head table (each pair's encounters, points, rate, 95%% interval) as CSV to FILE.")
    Path pairsCsv;

    @Option(names = "--games-jsonl", paramLabel = "FILE",
            description = "Also write every game as one JSON line to FILE (index, seed, agent by seat, scores, "
                    + "tie-breaks, win shares, decisions).")
    Path gamesJsonl;

    @Mixin
    RecordsOptions recordsOptions;

    @Override
    public Integer call() throws Exception {
        SelfPlay.checkGames("--games", games);
        if (json != null && !json.equals("-")) {
            UserFiles.requireWritable(Path.of(json));
        }
        for (Path file : Arrays.asList(csv, pairsCsv, gamesJsonl)) {
            if (file != null) {
                UserFiles.requireWritable(file);
            }
        }
        return run(gameOptions.create());
    }

    private <S extends GameState<S>> Integer run(Game<S> game) throws Exception {
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (protocol.equals("head-to-head")) {
            if (csv != null || pairsCsv != null || gamesJsonl != null) {
                throw new IllegalArgumentException("--csv, --pairs-csv and --games-jsonl report tournaments; "
                        + "head-to-head writes its result with --json");
            }
            return headToHead(game, workers);
        }
        if (!protocol.equals("tournament")) {
            throw new IllegalArgumentException("unknown protocol '" + protocol + "' (tournament, head-to-head)");
        }
        Tournament.Config<S> config = new Tournament.Config<>(game, agents, games, seed, workers);
        Path records = recordsOptions.prepare(); // after every other check: --overwrite deletes old records
        Tournament.Result result;
        boolean quiet = "-".equals(json);
        if (System.console() != null && !quiet) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("eval").setInitialMax(games)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
                result = Tournament.run(config, i -> bar.step(), records);
            }
        } else {
            result = Tournament.run(config, i -> { }, records);
        }
        String asJson = Json.write(result, true);
        if (quiet) {
            System.out.println(asJson);
            return 0;
        }
        print(result);
        if (json != null) {
            UserFiles.writeText(Path.of(json), asJson);
            System.out.println("JSON written to " + json);
        }
        if (csv != null) {
            UserFiles.writeText(csv, csv(result));
            System.out.println("CSV written to " + csv);
        }
        if (pairsCsv != null) {
            UserFiles.writeText(pairsCsv, pairsCsv(result));
            System.out.println("head-to-head CSV written to " + pairsCsv);
        }
        if (gamesJsonl != null) {
            StringBuilder lines = new StringBuilder();
            for (Tournament.GameResult g : result.games()) {
                lines.append(Json.write(g, false)).append('\n');
            }
            UserFiles.writeText(gamesJsonl, lines.toString());
            System.out.println(result.games().size() + " games written to " + gamesJsonl + " (one JSON line each)");
        }
        printRecords(records);
        return 0;
    }

    private <S extends GameState<S>> Integer headToHead(Game<S> game, int workers) throws Exception {
        if (agents.size() != 2) {
            throw new IllegalArgumentException("head-to-head takes two agents (the agent, then its opponent), not "
                    + agents);
        }
        Agents.validate(game, agents);
        Path records = recordsOptions.prepare(); // after every other check: --overwrite deletes old records
        SeatEvaluation.Result r = SeatEvaluation.run(game, agents.get(0), agents.get(1), games, seed, workers,
                Agents.factory(game), records);
        String asJson = Json.write(r, true);
        if ("-".equals(json)) {
            System.out.println(asJson);
            return 0;
        }
        System.out.printf(Locale.ROOT, "%s, head-to-head: %s against copies of %s, %d games, seats rotated, seed %d%n",
                GameOptions.describe(game), r.agent(), r.opponent(), r.games(), r.seed());
        System.out.printf(Locale.ROOT, "win rate %.1f%% [%.1f%%, %.1f%%] (95%% Wilson), mean %s %.2f vs %.2f, "
                        + "per-seat games %s, mean length %.1f%n", 100 * r.winRate(), 100 * r.winRateLow(),
                100 * r.winRateHigh(), game.scoreName(), r.meanScore(), r.opponentMeanScore(),
                Arrays.toString(r.seatGames()), r.meanDecisions());
        if (json != null) {
            UserFiles.writeText(Path.of(json), asJson);
            System.out.println("JSON written to " + json);
        }
        printRecords(records);
        return 0;
    }

    private void printRecords(Path records) {
        if (records != null) {
            System.out.println(games + " game records written to " + records + " (game-000000.json, ... by game index)");
        }
    }

    /**
     * An agent's own decisions per second, to three significant figures below 100 (a search at a
     * few decisions per second is compared with another at equal time per decision).
     */
    static String perSecond(double rate) {
        return String.format(Locale.ROOT, rate >= 100 ? "%.0f" : rate >= 10 ? "%.1f" : "%.2f", rate);
    }

    static void print(Tournament.Result r) {
        Game<?> g = r.config().game();
        System.out.printf(Locale.ROOT, "%s, %d games (seat assignments cycle every %d), seed %d%n",
                GameOptions.describe(g), r.config().games(), r.assignmentCycle(), r.config().seed());
        int width = 22;
        for (Tournament.AgentResult a : r.agents()) {
            width = Math.max(width, a.agent().length());
        }
        String name = "%-" + width + "s";
        System.out.printf(Locale.ROOT, name + " %6s %9s %17s %8s %8s %12s %15s%n", "agent", "seats", "win rate",
                "95% CI (Wilson)", "mean " + g.scoreName(), "length", "decisions/s", "Elo (95% CI)");
        for (Tournament.AgentResult a : r.agents()) {
            System.out.printf(Locale.ROOT, name + " %6d %8.1f%% [%5.1f%%, %5.1f%%] %8.2f %8.1f %12s %8.0f +- %3.0f%n",
                    a.agent(), a.seatsPlayed(), 100 * a.winRate(), 100 * a.winRateLow(), 100 * a.winRateHigh(),
                    a.meanScore(), a.meanGameLength(), perSecond(a.decisionsPerSecond()), a.elo(), a.eloError());
        }
        System.out.printf(Locale.ROOT, "%d decisions in %.1f s: %.0f decisions/s on %d threads; mean game length %.1f%n",
                r.totalDecisions(), r.seconds(), r.decisionsPerSecond(), r.config().threads(), r.meanGameLength());
        System.out.println();
        System.out.println("Who beats whom (encounters: pairs of seats the two held in one game; points: 1 for ranking "
                + "ahead by " + g.scoreName() + " then tie-break, 0.5 for an equal rank)");
        System.out.printf(Locale.ROOT, name + " " + name + " %10s %9s %8s %17s%n", "agent", "opponent", "encounters",
                "points", "rate", "95% CI (Wilson)");
        for (Tournament.PairResult p : r.pairs()) {
            System.out.printf(Locale.ROOT, name + " " + name + " %10d %9.1f %7.1f%% [%5.1f%%, %5.1f%%]%n", p.agent(),
                    p.opponent(), p.encounters(), p.points(), 100 * p.rate(), 100 * p.rateLow(), 100 * p.rateHigh());
        }
    }

    /** The per-agent table; each column has one number format (rates and Elo with fixed decimals). */
    static String csv(Tournament.Result r) {
        StringBuilder b = new StringBuilder(
                "agent,seats_played,wins,win_rate,win_rate_low95,win_rate_high95,mean_score,mean_game_length,decisions,"
                        + "decisions_per_second,elo,elo_error95,elo_standard_error\n");
        for (Tournament.AgentResult a : r.agents()) {
            b.append(String.join(",", Arrays.asList(quote(a.agent()), Integer.toString(a.seatsPlayed()),
                    fixed(a.wins(), 4), fixed(a.winRate(), 6), fixed(a.winRateLow(), 6), fixed(a.winRateHigh(), 6),
                    fixed(a.meanScore(), 4), fixed(a.meanGameLength(), 2), Long.toString(a.decisions()),
                    fixed(a.decisionsPerSecond(), 1), fixed(a.elo(), 2), fixed(a.eloError(), 2),
                    fixed(a.eloStandardError(), 2)))).append('\n');
        }
        return b.toString();
    }

    /** The head-to-head table, one row per pair (the first agent's points). */
    static String pairsCsv(Tournament.Result r) {
        StringBuilder b = new StringBuilder("agent,opponent,encounters,points,rate,rate_low95,rate_high95\n");
        for (Tournament.PairResult p : r.pairs()) {
            b.append(String.join(",", Arrays.asList(quote(p.agent()), quote(p.opponent()),
                    Integer.toString(p.encounters()), fixed(p.points(), 4), fixed(p.rate(), 6), fixed(p.rateLow(), 6),
                    fixed(p.rateHigh(), 6)))).append('\n');
        }
        return b.toString();
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
