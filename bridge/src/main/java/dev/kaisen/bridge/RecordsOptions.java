package dev.kaisen.bridge;

import dev.kaisen.env.RecordFolder;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The options of every verb that writes one game record per game ({@code selfplay}, {@code eval}):
 * {@code --records DIR} and {@code --overwrite}. The records are a {@link RecordFolder}
 * ({@code game-000000.json}, ... by game index).
 */
final class RecordsOptions {
    @Option(names = "--records", paramLabel = "DIR", description = "Write one game record per game into DIR "
            + "(game-000000.json, ... by game index); a DIR that already holds game records is refused unless "
            + "--overwrite is given.")
    Path records;

    @Option(names = "--overwrite", description = "With --records: delete the game records already in DIR, then write "
            + "the new ones.")
    boolean overwrite;

    /**
     * The records folder, checked before any game is played (null without {@code --records}): refuses an
     * empty name, a file, or a folder that holds records (unless {@code --overwrite}, which deletes them).
     */
    Path prepare() throws IOException {
        if (records == null) {
            if (overwrite) {
                throw new IllegalArgumentException("--overwrite replaces the records of --records DIR; give --records too");
            }
            return null;
        }
        if (records.toString().isBlank()) {
            throw new IllegalArgumentException("--records needs a folder name (an empty one would write into the current "
                    + "folder); give e.g. --records records/");
        }
        if (Files.exists(records) && !Files.isDirectory(records)) {
            throw new IllegalArgumentException("--records " + records + " is a file, not a folder; give a folder name");
        }
        List<Path> old = RecordFolder.existing(records);
        if (old.isEmpty()) {
            return records;
        }
        if (!overwrite) {
            throw new IllegalArgumentException("--records " + records + " already holds " + old.size()
                    + " game records; choose an empty or new folder, or give --overwrite to replace them");
        }
        for (Path f : old) {
            Files.delete(f);
        }
        return records;
    }
}
