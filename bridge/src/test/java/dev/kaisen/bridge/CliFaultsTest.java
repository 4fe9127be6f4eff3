package dev.kaisen.bridge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Careless or hostile input to the command line ends with exit code 2 and one line that says what is wrong. */
class CliFaultsTest {

    /** Runs the command line; returns its error output, asserting it failed with one line. */
    private static String error(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = KaisenCli.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int rc = cl.execute(args);
        String text = err.toString().strip();
        assertEquals(2, rc, "exit code; stderr: " + text);
        assertEquals(1, text.lines().count(), "one line: " + text);
        return text;
    }

    private static int run(String... args) {
        return KaisenCli.commandLine().execute(args);
    }

    @Test
    void replayOfAMissingBinaryNullOrHugeFileSaysWhatIsWrong(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("nonexistent.json");
        assertEquals("error: no such file: " + missing, error("replay", missing.toString()));
        Path binary = dir.resolve("binary.json");
        Files.write(binary, new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1});
        assertTrue(error("replay", binary.toString()).contains("is not UTF-8 JSON text"));
        Path nul = dir.resolve("null.json");
        Files.writeString(nul, "null\n");
        assertTrue(error("replay", nul.toString()).startsWith("error: the record is empty"));
        Path huge = dir.resolve("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        assertTrue(error("replay", huge.toString()).contains("larger than the 256 MiB limit"));
        assertTrue(error("replay", dir.toString()).contains("is a folder"));
    }

    @Test
    void replayOfDevZeroEnds() {
        assumeTrue(Files.exists(Path.of("/dev/zero")));
        assertTrue(error("replay", "/dev/zero").contains("/dev/zero is a character device, not a game record (JSON); give a file"));
    }

    @Test
    void replayOfALooseRecordNamesTheField(@TempDir Path dir) throws IOException {
        Path records = dir.resolve("r");
        assertEquals(0, run("selfplay", "--games", "1", "--threads", "1", "--records", records.toString()));
        Path file = records.resolve("game-000000.json");
        String json = Files.readString(file);
        Files.writeString(file, json.replaceFirst("\"action\" : (\\d+)", "\"action\" : \"$1\""));
        assertTrue(error("replay", file.toString()).contains("(field steps["));
        Files.writeString(file, json.replaceFirst("\"seed\" : ", "\"seed\" : 1, \"seed\" : "));
        assertTrue(error("replay", file.toString()).contains("Duplicate field 'seed'"));
    }

    @Test
    void evalSaysWhyItCannotWriteItsReports(@TempDir Path dir) {
        Path json = dir.resolve("no/such/out.json");
        assertEquals("error: cannot write " + json + ": no such folder " + json.getParent()
                        + "; create it or give another path",
                error("eval", "--agents", "random,random", "--games", "2", "--threads", "1", "--json", json.toString()));
        assertTrue(error("eval", "--agents", "random,random", "--games", "2", "--threads", "1", "--csv",
                dir.toString()).contains("is a folder"));
    }

    @Test
    void evalSaysWhyAWriteFailedAfterTheGames() {
        assumeTrue(Files.isDirectory(Path.of("/proc")));
        String e = error("eval", "--agents", "random,random", "--games", "2", "--threads", "1", "--json", "/proc/x");
        assertTrue(e.startsWith("error: cannot write /proc/x: "), e);
        assertTrue(e.length() > "error: cannot write /proc/x: ".length(), "a reason is given: " + e);
    }

    @Test
    void gameCountsAreBounded() {
        String e = error("eval", "--agents", "random,random", "--games", "2147483647");
        assertTrue(e.startsWith("error: --games must be from 1 to 1,000,000, not 2,147,483,647"), e);
        e = error("selfplay", "--games", "2147483647");
        assertTrue(e.startsWith("error: --games must be from 1 to 1,000,000"), e);
        assertTrue(error("eval", "--protocol", "head-to-head", "--agents", "random,random", "--games", "0")
                .startsWith("error: --games must be"));
    }

    @Test
    void selfplayRefusesAnEmptyRecordsPathAndAFolderOfRecordsUnlessOverwrite(@TempDir Path dir) throws IOException {
        assertTrue(error("selfplay", "--games", "1", "--records", "").startsWith("error: --records needs a folder name"));
        Path records = dir.resolve("r");
        assertEquals(0, run("selfplay", "--games", "3", "--threads", "1", "--records", records.toString()));
        assertTrue(Files.exists(records.resolve("game-000002.json")));
        String e = error("selfplay", "--games", "1", "--records", records.toString());
        assertTrue(e.contains("already holds 3 game records") && e.contains("--overwrite"), e);
        assertEquals(0, run("selfplay", "--games", "1", "--threads", "1", "--seed", "9", "--records", records.toString(),
                "--overwrite"));
        assertTrue(Files.exists(records.resolve("game-000000.json")));
        assertFalse(Files.exists(records.resolve("game-000002.json")), "the old records are gone, not mixed in");
        Path file = dir.resolve("file");
        Files.writeString(file, "x");
        assertTrue(error("selfplay", "--games", "1", "--records", file.toString()).contains("is a file, not a folder"));
    }

    @Test
    void evalRefusesAFolderOfRecordsUnlessOverwriteAndDeletesNothingOnOtherErrors(@TempDir Path dir) throws IOException {
        Path records = dir.resolve("r");
        assertEquals(0, run("eval", "--agents", "random,greedy", "--games", "3", "--threads", "1", "--records",
                records.toString()));
        assertTrue(Files.exists(records.resolve("game-000002.json")));
        for (String protocol : new String[] {"tournament", "head-to-head"}) {
            String e = error("eval", "--protocol", protocol, "--agents", "random,greedy", "--games", "1", "--records",
                    records.toString());
            assertTrue(e.contains("already holds 3 game records") && e.contains("--overwrite"), e);
            e = error("eval", "--protocol", protocol, "--agents", "random,no-such-agent", "--games", "1", "--records",
                    records.toString(), "--overwrite");
            assertTrue(e.contains("no-such-agent"), e);
            assertTrue(Files.exists(records.resolve("game-000002.json")), "a bad agent deletes no records");
        }
        assertTrue(error("eval", "--agents", "random,greedy", "--games", "1", "--overwrite")
                .contains("give --records too"));
        assertTrue(error("selfplay", "--games", "1", "--overwrite").contains("give --records too"));
        assertTrue(error("selfplay", "--agents", "no-such-agent", "--games", "1", "--records", records.toString(),
                "--overwrite").contains("no-such-agent"));
        assertTrue(Files.exists(records.resolve("game-000002.json")), "a bad agent deletes no records");
        assertEquals(0, run("eval", "--protocol", "head-to-head", "--agents", "random,greedy", "--games", "1",
                "--threads", "1", "--records", records.toString(), "--overwrite"));
        assertTrue(Files.exists(records.resolve("game-000000.json")));
        assertFalse(Files.exists(records.resolve("game-000002.json")), "the old records are gone, not mixed in");
        assertTrue(error("eval", "--agents", "random,greedy", "--games", "1", "--records", "")
                .startsWith("error: --records needs a folder name"));
    }

    @Test
    void trainRefusesAnUnknownAlgorithmAndNothingToResume(@TempDir Path dir) {
        String out = dir.resolve("run").toString();
        assertTrue(error("train", "--algo", "dqn", "--out", out).contains("--algo must be ppo or exit, not 'dqn'"));
        assertTrue(error("train", "--algo", "exit", "--resume", "--out", out).contains("nothing to resume"));
        assertTrue(error("train", "--algo", "exit", "--search", "0", "--out", out).contains("search must be positive"));
        assertTrue(error("train", "--algo", "exit", "--best-by", "luck", "--out", out)
                .contains("best-by must be raw or guided, not 'luck'"));
        assertTrue(error("train", "--algo", "exit", "--target-temperature", "-0.5", "--out", out)
                .contains("target-temperature must be a number of 0 or more, not -0.5"));
        assertTrue(error("train", "--target-temperature", "0.5", "--out", out)
                .contains("--target-temperature is an option of --algo exit, and this run is ppo"));
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }

    @Test
    void trainRefusesTheOtherAlgorithmsOptionsRatherThanIgnoringThem(@TempDir Path dir) {
        String out = dir.resolve("run").toString();
        assertEquals("error: --steps is an option of --algo ppo, and this run is exit (expert iteration): leave it out "
                + "(its counterpart here is --generations)",
                error("train", "--algo", "exit", "--steps", "100", "--out", out));
        assertTrue(error("train", "--algo", "exit", "--reward", "terminal", "--out", out).contains("--reward is an option"));
        assertEquals("error: --search is an option of --algo exit, and this run is ppo: leave it out",
                error("train", "--search", "5", "--out", out));
        assertTrue(error("train", "--algo", "ppo", "--best-by", "raw", "--out", out).contains("--best-by is an option"));
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }

    @Test
    void anExpertIterationRunResumesFromTheCommandLineWithALargerBudget(@TempDir Path dir) throws IOException {
        String out = dir.resolve("run").toString();
        String[] tiny = {"--players", "2", "--hidden", "8", "--search", "4", "--games-per-gen", "1", "--eval-games", "0",
                "--threads", "1", "--out", out};
        String[] first = java.util.stream.Stream.concat(java.util.stream.Stream.of("train", "--algo", "exit",
                "--generations", "1", "--target-temperature", "0.5"), java.util.Arrays.stream(tiny)).toArray(String[]::new);
        assertEquals(0, run(first));
        assertEquals(0.5, dev.kaisen.training.net.Checkpoint.readConfig(dir.resolve("run").resolve("last.zip")).exit
                .targetTemperature, "--target-temperature reaches the run");
        assertTrue(Files.exists(dir.resolve("run").resolve("replay-1.bin")));
        assertTrue(error("train", "--resume", "--out", out).contains("all 1 of its 1 generations"));
        assertTrue(error("train", "--resume", "--generations", "0", "--out", out)
                .contains("--generations must be positive, not 0"));
        // the saved settings are the run's: --resume needs no --algo
        assertTrue(error("train", "--resume", "--steps", "10", "--out", out)
                .contains("--steps is an option of --algo ppo, and this run in " + out + " is exit")
                && error("train", "--resume", "--steps", "10", "--out", out).endsWith("(its counterpart here is --generations)"));
        assertTrue(error("train", "--resume", "--search", "400", "--out", out)
                .startsWith("error: --search cannot change a run: --resume continues the run in " + out));
        assertTrue(error("train", "--resume", "--algo", "ppo", "--out", out).contains("is exit, not ppo"));
        assertEquals(0, run("train", "--resume", "--generations", "2", "--out", out));
        assertEquals(3, Files.readAllLines(dir.resolve("run").resolve("metrics.csv")).size(), "header + 2 generations");
        assertTrue(Files.exists(dir.resolve("run").resolve("replay-2.bin")));
        assertFalse(Files.exists(dir.resolve("run").resolve("replay-1.bin")));

        // --init reaches expert iteration from the command line: the second run starts from the first's network
        String from = dir.resolve("run").resolve("last.zip").toString();
        String second = dir.resolve("second").toString();
        String[] init = java.util.stream.Stream.concat(java.util.stream.Stream.of("train", "--algo", "exit",
                "--generations", "1", "--init", from), java.util.Arrays.stream(tiny)).toArray(String[]::new);
        init[init.length - 1] = second;
        assertEquals(0, run(init));
        assertEquals(from, dev.kaisen.training.net.Checkpoint.readConfig(dir.resolve("second").resolve("last.zip")).init);
    }

    @Test
    void aPpoRunResumesWithALargerBudgetAndNothingElse(@TempDir Path dir) throws IOException {
        String out = dir.resolve("ppo").toString();
        assertEquals(0, run("train", "--players", "2", "--steps", "128", "--envs", "4", "--rollout", "32",
                "--minibatch", "64", "--hidden", "8", "--eval-games", "0", "--threads", "1", "--out", out));
        assertTrue(error("train", "--resume", "--generations", "3", "--out", out)
                .contains("--generations is an option of --algo exit, and this run in " + out + " is ppo"));
        assertTrue(error("train", "--resume", "--threads", "2", "--out", out).contains("--threads cannot change a run"));
        assertTrue(error("train", "--resume", "--steps", "256", "--reward", "terminal", "--out", out)
                .contains("--reward cannot change a run"));
        assertEquals(0, run("train", "--resume", "--steps", "256", "--out", out));
        assertEquals(256, dev.kaisen.training.net.Checkpoint.readConfig(dir.resolve("ppo").resolve("last.zip")).steps);
    }

    @Test
    void trainChecksEveryPpoSettingItTakes(@TempDir Path dir) {
        String out = dir.resolve("run").toString();
        assertTrue(error("train", "--gamma", "1.5", "--out", out).contains("gamma must be at most 1, not 1.5"));
        assertTrue(error("train", "--gae-lambda", "-0.1", "--out", out).contains("gae-lambda must be >= 0, not -0.1"));
        assertTrue(error("train", "--clip", "0", "--out", out).contains("clip must be > 0, not 0.0"));
        assertTrue(error("train", "--vf-coef", "NaN", "--out", out)
                .contains("vf-coef (value loss weight) must be a finite number, not NaN"));
        assertTrue(error("train", "--algo", "exit", "--max-grad-norm", "0", "--out", out)
                .contains("max-grad-norm must be > 0, not 0.0"));
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }
}
