package dev.kaisen.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A folder of game records written by a run of many games ({@code selfplay --records},
 * {@code eval --records}): one {@link GameRecord} per game, named by the game's index in the
 * run ({@code game-000000.json}, {@code game-000001.json}, ...), so the names do not depend on
 * the thread count or the order the games finish in.
 */
public final class RecordFolder {
    /** The names records get: {@code game-} and the index, at least six digits. */
    public static final Pattern NAME = Pattern.compile("game-\\d{6,}\\.json");

    private RecordFolder() {
    }

    /** The file of game {@code index}'s record in {@code dir}. */
    public static Path file(Path dir, int index) {
        return dir.resolve(String.format(Locale.ROOT, "game-%06d.json", index));
    }

    /** Creates {@code dir} (and its parents) when missing; a failure names the folder and why. */
    public static void create(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create records folder " + dir + ": " + UserFiles.why(e), e);
        }
    }

    /** Writes game {@code index}'s record into {@code dir} (pretty JSON); a failure names the file and why. */
    public static void write(Path dir, int index, GameRecord record) {
        Path file = file(dir, index);
        try {
            Files.writeString(file, record.toJson(true));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** The record files already in {@code dir} (by {@link #NAME}; other files are not ours), none when it is missing. */
    public static List<Path> existing(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> NAME.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
    }
}
