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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;

@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = "Play many games between named agents and summarize them.")
final class SelfPlayCommand implements Callable<Integer> {
    /** The names SelfPlay gives records: game-000000.json, ... */
    private static final Pattern RECORD_NAME = Pattern.compile("game-\\d{6,}\\.json");

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

    @Option(names = "--records", paramLabel = "DIR", description = "Write one game record per game into DIR "
            + "(game-000000.json, ...); a DIR that already holds game records is refused unless --overwrite is given.")
    Path records;

    @Option(names = "--overwrite", description = "With --records: delete the game records already in DIR, then write "
            + "the new ones.")
    boolean overwrite;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Override
    public Integer call() throws IOException {
        SelfPlay.checkGames("--games", games);
        if (records != null) {
            prepareRecords();
        }
        Game<?> game = gameOptions.create();
        int players = game.numPlayers();
        List<String> names = new ArrayList<>(Arrays.asList(agents.split(",")));
        if (names.size() == 1) {
            names = new ArrayList<>(java.util.Collections.nCopies(players, names.get(0).trim()));
        }
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

    /** Refuses an empty name, a file, or a folder that holds records (unless --overwrite, which deletes them). */
    private void prepareRecords() throws IOException {
        if (records.toString().isBlank()) {
            throw new IllegalArgumentException("--records needs a folder name (an empty one would write into the current "
                    + "folder); give e.g. --records records/");
        }
        if (Files.exists(records) && !Files.isDirectory(records)) {
            throw new IllegalArgumentException("--records " + records + " is a file, not a folder; give a folder name");
        }
        if (!Files.isDirectory(records)) {
            return;
        }
        List<Path> old;
        try (Stream<Path> files = Files.list(records)) {
            old = files.filter(f -> RECORD_NAME.matcher(f.getFileName().toString()).matches()).toList();
        }
        if (old.isEmpty()) {
            return;
        }
        if (!overwrite) {
            throw new IllegalArgumentException("--records " + records + " already holds " + old.size()
                    + " game records; choose an empty or new folder, or give --overwrite to replace them");
        }
        for (Path f : old) {
            Files.delete(f);
        }
    }
}
