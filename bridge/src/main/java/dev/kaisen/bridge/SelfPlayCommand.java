package dev.kaisen.bridge;

import dev.kaisen.env.Json;
import dev.kaisen.env.Game;
import dev.kaisen.env.SelfPlay;
import picocli.CommandLine.Mixin;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = "Play many games between named agents and summarize them.")
final class SelfPlayCommand implements Callable<Integer> {
    @Mixin
    GameOptions gameOptions;

    @Option(names = "--agents", defaultValue = "random",
            description = "Agent names, comma-separated, one per seat, or one for every seat (default ${DEFAULT-VALUE}).")
    String agents;

    @Option(names = "--games", defaultValue = "1000", description = "Games to play, at most 1,000,000 (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "Base seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--check", description = "Check the invariants after every decision.")
    boolean check;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Mixin
    RecordsOptions recordsOptions;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Override
    public Integer call() throws IOException {
        SelfPlay.checkGames("--games", games);
        Game<?> game = gameOptions.create();
        int players = game.numPlayers();
        List<String> names = new ArrayList<>(Arrays.asList(agents.split(",")));
        if (names.size() == 1) {
            names = new ArrayList<>(java.util.Collections.nCopies(players, names.get(0).trim()));
        }
        SelfPlay.checkAgents(game, names);
        Path records = recordsOptions.prepare(); // after every other check: --overwrite deletes old records
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        SelfPlay.Options options = new SelfPlay.Options(games, names, seed, check, records, workers);
        SelfPlay.Summary s;
        if (System.console() != null) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("selfplay").setInitialMax(games)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
                    .build()) {
                s = SelfPlay.run(game, options, i -> bar.step());
            }
        } else {
            s = SelfPlay.run(game, options);
        }
        if (json) {
            System.out.println(Json.write(s, false));
        } else {
            System.out.printf("%s self-play: %d games, agents %s, seed %d%s%n", GameOptions.describe(game),
                    s.games(), s.agents(), s.seed(), s.checked() ? ", invariants checked" : "");
            System.out.printf("decisions per game   mean %.1f, max %d (game %d)%n", s.meanDecisions(), s.maxDecisions(),
                    s.maxDecisionsGame());
            System.out.printf("wins per seat        %s (%d shared wins)%n", Arrays.toString(s.winsPerSeat()), s.sharedWins());
            System.out.printf("games ended by       %s (%d truncated by the decision cap)%n", s.endReasons(),
                    s.truncated());
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
