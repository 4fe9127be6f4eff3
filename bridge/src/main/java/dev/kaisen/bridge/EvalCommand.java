package dev.kaisen.bridge;

import dev.kaisen.env.Json;
import dev.kaisen.training.eval.Tournament;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Evaluate named agents: seats rotated, games in parallel, win rates with 95% Wilson "
                + "intervals, mean VP, game length, decisions/s and Elo ratings with uncertainty.")
final class EvalCommand implements Callable<Integer> {
    @Option(names = "--game", defaultValue = "osaka", description = "Game (only 'osaka' so far).")
    String game;

    @Option(names = "--players", defaultValue = "2", description = "Players per game, 2 to 4 (default ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--agents", required = true, split = ",",
            description = "Two or more agent names, e.g. ismcts:500,greedy (random, greedy, ismcts:N[:greedy|random]).")
    List<String> agents;

    @Option(names = "--games", defaultValue = "1000", description = "Games (default ${DEFAULT-VALUE}).")
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
        if (!game.equals("osaka")) {
            throw new IllegalArgumentException("unknown game '" + game + "' (known: osaka)");
        }
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        Tournament.Config config = new Tournament.Config(players, agents, games, seed, workers);
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
            Files.writeString(Path.of(json), asJson);
            System.out.println("JSON written to " + json);
        }
        if (csv != null) {
            Files.writeString(csv, csv(result));
            System.out.println("CSV written to " + csv);
        }
        return 0;
    }

    static void print(Tournament.Result r) {
        System.out.printf(Locale.ROOT, "Traders of Osaka, %d players, %d games (seat assignments cycle every %d), seed %d%n",
                r.config().players(), r.config().games(), r.assignmentCycle(), r.config().seed());
        int width = 22;
        for (Tournament.AgentResult a : r.agents()) {
            width = Math.max(width, a.agent().length());
        }
        String name = "%-" + width + "s";
        System.out.printf(Locale.ROOT, name + " %6s %9s %17s %8s %8s %12s %15s%n", "agent", "seats", "win rate",
                "95% CI (Wilson)", "mean VP", "length", "decisions/s", "Elo (+-1.96 SE)");
        for (Tournament.AgentResult a : r.agents()) {
            System.out.printf(Locale.ROOT, name + " %6d %8.1f%% [%5.1f%%, %5.1f%%] %8.2f %8.1f %12.0f %8.0f +- %3.0f%n",
                    a.agent(), a.seatsPlayed(), 100 * a.winRate(), 100 * a.winRateLow(), 100 * a.winRateHigh(),
                    a.meanVp(), a.meanGameLength(), a.decisionsPerSecond(), a.elo(), 1.96 * a.eloError());
        }
        System.out.printf(Locale.ROOT, "%d decisions in %.1f s: %.0f decisions/s on %d threads; mean game length %.1f%n",
                r.totalDecisions(), r.seconds(), r.decisionsPerSecond(), r.config().threads(), r.meanGameLength());
    }

    static String csv(Tournament.Result r) {
        StringBuilder b = new StringBuilder(
                "agent,seats_played,wins,win_rate,win_rate_low95,win_rate_high95,mean_vp,mean_game_length,decisions,"
                        + "decisions_per_second,elo,elo_standard_error\n");
        for (Tournament.AgentResult a : r.agents()) {
            b.append(String.join(",", Arrays.asList(quote(a.agent()), Integer.toString(a.seatsPlayed()),
                    num(a.wins()), num(a.winRate()), num(a.winRateLow()), num(a.winRateHigh()), num(a.meanVp()),
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
