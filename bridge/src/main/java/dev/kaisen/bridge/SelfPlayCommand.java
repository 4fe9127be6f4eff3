package dev.kaisen.bridge;

import dev.kaisen.env.Json;
import dev.kaisen.env.osaka.OsakaSelfPlay;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = "Play many games between named agents and summarize them.")
final class SelfPlayCommand implements Callable<Integer> {
    @Option(names = "--game", defaultValue = "osaka", description = "Game (only 'osaka' so far).")
    String game;

    @Option(names = "--players", defaultValue = "4", description = "Players, 2 to 4 (default ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--agents", defaultValue = "random",
            description = "Agent names, comma-separated, one per seat, or one for every seat (default ${DEFAULT-VALUE}).")
    String agents;

    @Option(names = "--games", defaultValue = "1000", description = "Games to play (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "Base seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--check", description = "Check the invariants after every decision.")
    boolean check;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Option(names = "--records", paramLabel = "DIR", description = "Write one game record per game into DIR.")
    Path records;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Override
    public Integer call() {
        if (!game.equals("osaka")) {
            throw new IllegalArgumentException("unknown game '" + game + "' (known: osaka)");
        }
        List<String> names = new ArrayList<>(Arrays.asList(agents.split(",")));
        if (names.size() == 1) {
            names = new ArrayList<>(java.util.Collections.nCopies(players, names.get(0).trim()));
        }
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        OsakaSelfPlay.Options options = new OsakaSelfPlay.Options(players, names, games, seed, check, records, workers);
        OsakaSelfPlay.Summary s;
        if (System.console() != null) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("selfplay").setInitialMax(games)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
                    .build()) {
                s = OsakaSelfPlay.run(options, i -> bar.step());
            }
        } else {
            s = OsakaSelfPlay.run(options);
        }
        if (json) {
            System.out.println(Json.write(s, false));
        } else {
            System.out.printf("Traders of Osaka self-play: %d games, %d players, agents %s, seed %d%s%n",
                    s.games(), s.players(), s.agents(), s.seed(), s.checked() ? ", invariants checked" : "");
            System.out.printf("decisions per game   mean %.1f, max %d (game %d)%n", s.meanDecisions(), s.maxDecisions(),
                    s.maxDecisionsGame());
            System.out.printf("wins per seat        %s (%d shared wins)%n", Arrays.toString(s.winsPerSeat()), s.sharedWins());
            System.out.printf("games ended by       tokens %d, stalemate %d, decision cap %d%n", s.endedByTokens(),
                    s.endedByStalemate(), s.endedByCap());
            if (s.checked()) {
                System.out.printf("invariant violations %d%s%n", s.invariantViolations(),
                        s.firstViolation() == null ? "" : " (first: " + s.firstViolation() + ")");
            }
            System.out.printf("speed                %.0f decisions/s on %d threads (%.2f s)%n", s.decisionsPerSecond(),
                    s.threads(), s.seconds());
            if (records != null) {
                System.out.println("records written to   " + records);
            }
        }
        return s.invariantViolations() == 0 ? 0 : 1;
    }
}
