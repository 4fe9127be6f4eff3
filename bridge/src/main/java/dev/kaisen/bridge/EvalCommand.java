package dev.kaisen.bridge;

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
                + "Python's kaisen.evaluate), give --protocol head-to-head.")
final class EvalCommand implements Callable<Integer> {
    @Mixin
    GameOptions gameOptions;

    @Option(names = "--protocol", defaultValue = "tournament",
            description = "tournament (default) or head-to-head (first agent against copies of the second).")
    String protocol;

    @Option(names = "--agents", required = true, split = ",",
            description = "Two or more agent names, e.g. ismcts:500,greedy (random, the game's bots, ismcts:N[:ROLLOUT][:c=C][:prior=bot|uniform], "
                    + "dl4j:CHECKPOINT.zip).")
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

    @Override
    public Integer call() throws Exception {
        SelfPlay.checkGames("--games", games);
        if (json != null && !json.equals("-")) {
            UserFiles.requireWritable(Path.of(json));
        }
        if (csv != null) {
            UserFiles.requireWritable(csv);
        }
        return run(gameOptions.create());
    }

    private <S extends GameState<S>> Integer run(Game<S> game) throws Exception {
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (protocol.equals("head-to-head")) {
            return headToHead(game, workers);
        }
        if (!protocol.equals("tournament")) {
            throw new IllegalArgumentException("unknown protocol '" + protocol + "' (tournament, head-to-head)");
        }
        Tournament.Config<S> config = new Tournament.Config<>(game, agents, games, seed, workers);
        Tournament.Result result;
        boolean quiet = "-".equals(json);
        if (System.console() != null && !quiet) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("eval").setInitialMax(games)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
                result = Tournament.run(config, i -> bar.step());
            }
        } else {
            result = Tournament.run(config, i -> { });
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
        return 0;
    }

    private <S extends GameState<S>> Integer headToHead(Game<S> game, int workers) throws Exception {
        if (agents.size() != 2) {
            throw new IllegalArgumentException("head-to-head takes two agents (the agent, then its opponent), not "
                    + agents);
        }
        SeatEvaluation.Result r = SeatEvaluation.run(game, agents.get(0), agents.get(1), games, seed, workers);
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
        return 0;
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
                "95% CI (Wilson)", "mean " + g.scoreName(), "length", "decisions/s", "Elo (+-1.96 SE)");
        for (Tournament.AgentResult a : r.agents()) {
            System.out.printf(Locale.ROOT, name + " %6d %8.1f%% [%5.1f%%, %5.1f%%] %8.2f %8.1f %12.0f %8.0f +- %3.0f%n",
                    a.agent(), a.seatsPlayed(), 100 * a.winRate(), 100 * a.winRateLow(), 100 * a.winRateHigh(),
                    a.meanScore(), a.meanGameLength(), a.decisionsPerSecond(), a.elo(), 1.96 * a.eloError());
        }
        System.out.printf(Locale.ROOT, "%d decisions in %.1f s: %.0f decisions/s on %d threads; mean game length %.1f%n",
                r.totalDecisions(), r.seconds(), r.decisionsPerSecond(), r.config().threads(), r.meanGameLength());
    }

    static String csv(Tournament.Result r) {
        StringBuilder b = new StringBuilder(
                "agent,seats_played,wins,win_rate,win_rate_low95,win_rate_high95,mean_score,mean_game_length,decisions,"
                        + "decisions_per_second,elo,elo_standard_error\n");
        for (Tournament.AgentResult a : r.agents()) {
            b.append(String.join(",", Arrays.asList(quote(a.agent()), Integer.toString(a.seatsPlayed()),
                    num(a.wins()), num(a.winRate()), num(a.winRateLow()), num(a.winRateHigh()), num(a.meanScore()),
                    num(a.meanGameLength()), Long.toString(a.decisions()), num(a.decisionsPerSecond()), num(a.elo()),
                    num(a.eloError())))).append('\n');
        }
        return b.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
