package dev.kaisen.bridge;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay a game record of any game, checking every step against the rules; print the final "
                + "state and scores.")
final class ReplayCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A game record (UTF-8 JSON, at most 256 MiB), as written by "
            + "selfplay --records.")
    Path file;

    @Option(names = "--json", description = "Print the final state as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        GameRecord record = GameRecord.read(file);
        return show(record, record.openGame());
    }

    @SuppressWarnings("unchecked")
    private <S extends GameState<S>> int show(GameRecord record, Game<S> game) {
        S end = (S) record.replay();
        if (json) {
            System.out.println(game.toJson(end, true));
            return 0;
        }
        System.out.printf("%s: %d steps checked, all consistent with the rules.%n", file, record.steps().size());
        System.out.println(game.render(end).stripTrailing());
        StringBuilder scores = new StringBuilder();
        for (int p = 0; p < end.numPlayers(); p++) {
            scores.append(p == 0 ? "" : ", ").append("P").append(p).append(' ').append(end.score(p)).append(' ')
                    .append(game.scoreName()).append('/').append(end.tiebreak(p)).append(' ').append(game.tiebreakName());
        }
        System.out.println("Scores: " + scores);
        System.out.println("Winners: " + (end.isTerminal() ? Arrays.toString(end.winners()) : "(game not finished)")
                + ", ended by " + end.endReason());
        return 0;
    }
}
