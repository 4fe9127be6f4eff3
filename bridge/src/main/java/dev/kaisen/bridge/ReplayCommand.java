package dev.kaisen.bridge;

import dev.kaisen.env.osaka.OsakaJson;
import dev.kaisen.env.osaka.OsakaRecord;
import dev.kaisen.env.osaka.OsakaState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay a game record, checking every step against the rules; print the final state and scores.")
final class ReplayCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A game record (JSON), as written by selfplay --records.")
    Path file;

    @Option(names = "--json", description = "Print the final state as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        OsakaRecord record = OsakaRecord.fromJson(Files.readString(file));
        OsakaState end = record.replay();
        if (json) {
            System.out.println(OsakaJson.toJson(end, true));
            return 0;
        }
        System.out.printf("%s: %d steps checked, all consistent with the rules.%n", file, record.steps().size());
        System.out.print(end);
        StringBuilder scores = new StringBuilder();
        for (int p = 0; p < end.numPlayers(); p++) {
            scores.append(p == 0 ? "" : ", ").append("P").append(p).append(' ').append(end.victoryPoints(p))
                    .append(" VP/").append(end.totalTokens(p)).append(" tokens");
        }
        System.out.println("Scores: " + scores);
        System.out.println("Winners: " + (end.isTerminal() ? Arrays.toString(end.winners()) : "(game not finished)")
                + ", ended by " + end.endReason());
        return 0;
    }
}
