package dev.kaisen.bridge;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.SelfPlay;
import dev.kaisen.env.UserFiles;
import dev.kaisen.training.eval.Leaderboard;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "leaderboard", mixinStandardHelpOptions = true,
        description = {"A round-robin of agents in one game and player count (every pair plays --games games, every mix "
                + "of the two over the seats, rotated), rated by one Bradley-Terry (Elo) fit with 95%% intervals; "
                + "writes OUT/leaderboard.json (every pairing's results and the ratings) and OUT/leaderboard.md "
                + "(./kaisen leaderboard and an installed wheel's kaisen also plot OUT/leaderboard.png). Run again "
                + "with the same settings, it plays only the pairings OUT/leaderboard.json lacks (an interrupted run resumes; added agents join)."})
final class LeaderboardCommand implements Callable<Integer> {
    @Mixin
    GameOptions gameOptions;

    @Option(names = "--agents", split = ",",
            description = "The field (default: random, the game's bots, ismcts:200, ismcts:1000, every zoo model of "
                    + "the game and player count, and ismcts:350:net=<each model>).")
    List<String> agents;

    @Option(names = "--games", defaultValue = "100", description = "Games per pairing (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "Base seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the board goes (default leaderboards/GAME-Np).")
    Path out;

    @Option(names = "--written-to", hidden = true, paramLabel = "FILE",
            description = "Write the output folder's path to FILE (for the launcher's plot).")
    Path writtenTo;

    @Override
    public Integer call() {
        SelfPlay.checkGames("--games", games);
        if (threads != null && threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
        }
        return run(gameOptions.create());
    }

    private <S extends GameState<S>> Integer run(Game<S> game) {
        List<String> field = agents != null ? agents
                : Leaderboard.defaultAgents(game, dev.kaisen.training.zoo.Zoo.agentsFor(game));
        Path dir = out != null ? out : Path.of("leaderboards", game.id() + "-" + game.numPlayers() + "p");
        Path file = dir.resolve("leaderboard.json");
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        Leaderboard.Board before = Leaderboard.resume(file, game, games, seed);
        int toPlay = Leaderboard.missing(field, before).size();
        System.out.printf("%s: %d agents (%s), %d games per pairing; %d pairing(s) to play%s%n",
                GameOptions.describe(game), field.size(), String.join(", ", field), games, toPlay,
                before == null ? "" : " (the others are in " + file + ")");
        Leaderboard.Board board;
        if (System.console() != null && toPlay > 0) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("leaderboard").setInitialMax((long) toPlay * games)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
                board = Leaderboard.run(game, field, games, seed, workers, file, i -> bar.step());
            }
        } else {
            board = Leaderboard.run(game, field, games, seed, workers, file, i -> { });
        }
        String markdown = Leaderboard.markdown(board, game.provider().title(), command(game, board));
        UserFiles.writeText(dir.resolve("leaderboard.md"), markdown);
        System.out.println();
        System.out.print(markdown);
        System.out.println();
        System.out.println("written: " + file + ", " + dir.resolve("leaderboard.md"));
        if (writtenTo != null) {
            UserFiles.writeText(writtenTo, dir.toString());
        }
        return 0;
    }

    /** The command that reproduces this board (its whole field, in order). */
    private String command(Game<?> game, Leaderboard.Board board) {
        return "./kaisen leaderboard --game " + game.id() + " --config '" + game.config().toJson() + "' --agents "
                + String.join(",", board.agents()) + " --games " + games + " --seed " + seed;
    }
}
