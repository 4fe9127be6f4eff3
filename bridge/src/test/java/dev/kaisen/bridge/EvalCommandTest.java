package dev.kaisen.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code eval}: who beats whom in the table, the JSON and the CSVs, recomputed here from the per-game lines; the
 * game records of both protocols.
 */
class EvalCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theHeadToHeadTableAgreesWithThePerGameLinesAndEloErrorMeansOneThing(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("e.json");
        Path csv = dir.resolve("e.csv");
        Path pairs = dir.resolve("p.csv");
        Path games = dir.resolve("g.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        int rc;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            rc = KaisenCli.commandLine().execute("eval", "--game", "osaka", "--players", "3", "--agents",
                    "random,greedy,ismcts:4", "--games", "30", "--seed", "5", "--threads", "2", "--json", json.toString(),
                    "--csv", csv.toString(), "--pairs-csv", pairs.toString(), "--games-jsonl", games.toString());
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, rc);
        String printed = out.toString(StandardCharsets.UTF_8);

        // who beats whom, recomputed from the game lines: every pair of seats held by two different agents
        List<String> lines = Files.readAllLines(games);
        assertEquals(30, lines.size());
        Map<String, double[]> expected = new HashMap<>(); // "a|b" -> {encounters, a's points}
        for (String line : lines) {
            JsonNode g = JSON.readTree(line);
            for (int s = 0; s < 3; s++) {
                for (int t = 0; t < 3; t++) {
                    String a = g.get("seats").get(s).asText();
                    String b = g.get("seats").get(t).asText();
                    if (s == t || a.equals(b)) {
                        continue;
                    }
                    int sa = g.get("scores").get(s).asInt();
                    int sb = g.get("scores").get(t).asInt();
                    int cmp = sa != sb ? Integer.compare(sa, sb)
                            : Integer.compare(g.get("tiebreaks").get(s).asInt(), g.get("tiebreaks").get(t).asInt());
                    double[] e = expected.computeIfAbsent(a + "|" + b, k -> new double[2]);
                    e[0]++;
                    e[1] += cmp > 0 ? 1 : cmp == 0 ? 0.5 : 0;
                }
            }
        }
        JsonNode report = JSON.readTree(Files.readString(json));
        assertEquals(3, report.get("pairs").size(), "one row per pair of agents");
        for (JsonNode p : report.get("pairs")) {
            double[] e = expected.get(p.get("agent").asText() + "|" + p.get("opponent").asText());
            assertEquals(e[0], p.get("encounters").asDouble());
            assertEquals(e[1], p.get("points").asDouble(), 1e-9);
            assertEquals(e[1] / e[0], p.get("rate").asDouble(), 1e-9);
            assertTrue(p.get("rateLow").asDouble() <= p.get("rate").asDouble()
                    && p.get("rate").asDouble() <= p.get("rateHigh").asDouble());
            assertTrue(printed.contains(String.format(java.util.Locale.ROOT, "%.1f%%", 100 * p.get("rate").asDouble())),
                    "the printed table shows each pair's rate");
        }

        // eloError: the 95% half-width in the JSON, the table and the CSV alike
        List<String> csvLines = Files.readAllLines(csv);
        for (int i = 0; i < 3; i++) {
            JsonNode a = report.get("agents").get(i);
            double error = a.get("eloError").asDouble();
            assertEquals(1.96 * a.get("eloStandardError").asDouble(), error, 1e-9);
            assertTrue(printed.contains(String.format(java.util.Locale.ROOT, "%8.0f +- %3.0f", a.get("elo").asDouble(), error)),
                    "the table shows Elo +- eloError: " + printed);
            String[] row = csvLines.get(i + 1).split(",");
            assertEquals(String.format(java.util.Locale.ROOT, "%.2f", error), row[11], "elo_error95");
            assertTrue(printed.contains(" " + EvalCommand.perSecond(a.get("decisionsPerSecond").asDouble()) + " "),
                    "the table shows each agent's own decisions per second: " + printed);
        }
        assertEquals(List.of("3.36", "34.6", "1234"), List.of(EvalCommand.perSecond(3.3553), EvalCommand.perSecond(34.63),
                EvalCommand.perSecond(1234.4)), "three significant figures below 100");

        // one number format per column
        assertEquals("agent,seats_played,wins,win_rate,win_rate_low95,win_rate_high95,mean_score,mean_game_length,"
                + "decisions,decisions_per_second,elo,elo_error95,elo_standard_error", csvLines.get(0));
        Pattern agentRow = Pattern.compile("[^,]+,\\d+,\\d+\\.\\d{4},(\\d\\.\\d{6},){3}\\d+\\.\\d{4},\\d+\\.\\d{2},\\d+,"
                + "\\d+\\.\\d,-?\\d+\\.\\d{2},\\d+\\.\\d{2},\\d+\\.\\d{2}");
        for (String row : csvLines.subList(1, csvLines.size())) {
            assertTrue(agentRow.matcher(row).matches(), row);
        }
        List<String> pairLines = Files.readAllLines(pairs);
        assertEquals("agent,opponent,encounters,points,rate,rate_low95,rate_high95", pairLines.get(0));
        assertEquals(4, pairLines.size());
        for (String row : pairLines.subList(1, pairLines.size())) {
            assertTrue(row.matches("[^,]+,[^,]+,\\d+,\\d+\\.\\d{4},(\\d\\.\\d{6},){2}\\d\\.\\d{6}"), row);
        }
    }

    /** Runs the command line with stdout captured; asserts success and returns what it printed. */
    private static String eval(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        int rc;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            rc = KaisenCli.commandLine().execute(args);
        } finally {
            System.setOut(saved);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, printed);
        return printed;
    }

    /** The files of a records folder, by name, with their text. */
    private static Map<String, String> files(Path dir) throws Exception {
        Map<String, String> out = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> list = Files.list(dir)) {
            for (Path f : list.toList()) {
                out.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        return out;
    }

    @Test
    void aTournamentWritesOneReplayableRecordPerGameNamedByIndexWhateverTheThreads(@TempDir Path dir) throws Exception {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        Path games = dir.resolve("g.jsonl");
        String printed = eval("eval", "--game", "osaka", "--players", "3", "--agents", "random,greedy", "--games", "7",
                "--seed", "3", "--threads", "2", "--records", two.toString(), "--games-jsonl", games.toString());
        assertTrue(printed.contains("7 game records written to " + two), printed);
        eval("eval", "--game", "osaka", "--players", "3", "--agents", "random,greedy", "--games", "7", "--seed", "3",
                "--threads", "1", "--records", one.toString());
        Map<String, String> records = files(two);
        assertEquals(files(one), records, "the same files, byte for byte, on 1 and 2 threads");
        List<String> lines = Files.readAllLines(games);
        assertEquals(7, records.size());
        for (int i = 0; i < 7; i++) {
            Path file = dev.kaisen.env.RecordFolder.file(two, i);
            assertEquals(String.format("game-%06d.json", i), file.getFileName().toString());
            GameRecord record = GameRecord.read(file);
            assertEquals(GameRecord.FORMAT, record.format());
            assertEquals("osaka", record.game());
            assertEquals(3, record.config().get("players"));
            GameState<?> end = record.replay(); // every step checked against the rules
            assertTrue(end.isTerminal());
            JsonNode line = JSON.readTree(lines.get(i)); // the per-game line of the same index
            assertEquals(i, line.get("game").asInt());
            assertEquals(line.get("seed").asLong(), record.seed());
            assertEquals(line.get("decisions").asInt(), record.result().decisions());
            for (int s = 0; s < 3; s++) {
                assertEquals(line.get("scores").get(s).asInt(), record.result().scores().get(s));
                assertEquals(line.get("tiebreaks").get(s).asInt(), record.result().tiebreaks().get(s));
            }
        }
        assertEquals(0, KaisenCli.commandLine().execute("replay", dev.kaisen.env.RecordFolder.file(two, 6).toString()));
    }

    @Test
    void headToHeadWritesEverySeatsMovesAsRecordsNamedByIndexWhateverTheThreads(@TempDir Path dir) throws Exception {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        Path json = dir.resolve("r.json");
        eval("eval", "--protocol", "head-to-head", "--game", "osaka", "--players", "2", "--agents", "greedy,random",
                "--games", "5", "--seed", "8", "--threads", "2", "--records", two.toString(), "--json", json.toString());
        eval("eval", "--protocol", "head-to-head", "--game", "osaka", "--players", "2", "--agents", "greedy,random",
                "--games", "5", "--seed", "8", "--threads", "1", "--records", one.toString());
        Map<String, String> records = files(two);
        assertEquals(files(one), records, "the same files, byte for byte, on 1 and 2 threads");
        assertEquals(5, records.size());
        JsonNode report = JSON.readTree(Files.readString(json));
        double decisions = 0;
        double wins = 0;
        for (int i = 0; i < 5; i++) {
            GameRecord record = GameRecord.read(dev.kaisen.env.RecordFolder.file(two, i));
            assertEquals(dev.kaisen.env.SplitMix64.derive(8, i), record.seed(), "game i is dealt from derive(seed, i)");
            GameState<?> end = record.replay();
            assertTrue(end.isTerminal());
            Set<Integer> deciders = new HashSet<>();
            for (GameRecord.Step step : record.steps()) {
                if (step.player() != null) {
                    deciders.add(step.player());
                }
            }
            assertEquals(Set.of(0, 1), deciders, "the opponent's moves are in the record too");
            decisions += record.result().decisions();
            int seat = i % 2; // the agent's seat, rotated
            List<Integer> winners = record.result().winners();
            wins += winners.contains(seat) ? 1.0 / winners.size() : 0;
        }
        assertEquals(report.get("meanDecisions").asDouble(), decisions / 5, 1e-9);
        assertEquals(report.get("wins").asDouble(), wins, 1e-9, "the records' results are the evaluated games'");
    }
}
