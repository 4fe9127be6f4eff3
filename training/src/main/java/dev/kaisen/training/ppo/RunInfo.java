package dev.kaisen.training.ppo;

import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * What a run folder records about how it was made ({@code run.json}): the command line that
 * started it and the machine it started on. {@code ./kaisen zoo pack} copies both into a
 * packed model's metadata, so a zoo model says how to reproduce it.
 *
 * @param command  the training command as typed (e.g. {@code ./kaisen train --game ... --out ...})
 * @param hardware CPU model, cores, OS and Java of the machine that started the run
 * @param started  when the run started (ISO-8601, UTC)
 */
public record RunInfo(String command, String hardware, String started) {
    public static final String FILE = "run.json";

    /** This machine: CPU model (from {@code /proc/cpuinfo} where there is one), cores, OS, Java. */
    public static String thisMachine() {
        String cpu = null;
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            try {
                cpu = Files.readAllLines(info).stream().filter(l -> l.startsWith("model name"))
                        .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
            } catch (IOException | UncheckedIOException e) {
                // the rest still says something
            }
        }
        return String.format(Locale.ROOT, "%s%d cores, %s %s, Java %s", cpu == null ? "" : cpu + ", ",
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("os.arch"), System.getProperty("java.version"));
    }

    /**
     * {@code word} as one word of a POSIX shell command: as it is when it holds only characters no
     * shell treats specially, else in single quotes (a quote inside written {@code '\''}). The
     * recorded commands ({@code run.json}'s, a zoo model's rebuilt one) are written with it.
     */
    public static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_./:=,+@%-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** Records {@code command} and this machine in {@code folder}'s {@code run.json}. */
    public static RunInfo write(Path folder, String command) {
        RunInfo info = new RunInfo(command, thisMachine(), Instant.now().toString());
        Path file = folder.resolve(FILE);
        try {
            Files.createDirectories(folder);
            Files.write(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(info));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + UserFiles.why(e), e);
        }
        return info;
    }

    /** The {@code run.json} of {@code folder}, or null when it has none (a run started before it was written). */
    public static RunInfo read(Path folder) {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Json.mapper().readValue(file.toFile(), RunInfo.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + UserFiles.why(e), e);
        }
    }
}
