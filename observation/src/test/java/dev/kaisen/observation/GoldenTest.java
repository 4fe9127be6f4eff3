package dev.kaisen.observation;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed golden playthroughs of every registered game still come out identically,
 * observation for observation. Games registered only in the tests (the sealed-bid auction)
 * are not in the jar that {@code ./kaisen golden} runs: regenerate every file on purpose with
 * {@code mvn -pl observation test -Dtest=GoldenTest -Dkaisen.golden.regenerate=true}.
 */
class GoldenTest {
    static final Path DIR = Path.of("src/test/resources/golden");

    @Test
    void everyCommittedPlaythroughIsReproducedExactly() throws Exception {
        boolean regenerate = Boolean.getBoolean("kaisen.golden.regenerate");
        for (Golden.Case c : Golden.cases()) {
            Path file = DIR.resolve(c.fileName());
            if (regenerate) {
                Files.writeString(file, Golden.generate(c));
            }
            assertTrue(Files.exists(file), "missing " + file + " (generate it on purpose: ./kaisen golden --out "
                    + "observation/src/test/resources/golden)");
            String expected = Files.readString(file);
            String actual = Golden.generate(c);
            String[] want = expected.split("\n");
            String[] got = actual.split("\n");
            for (int i = 0; i < Math.min(want.length, got.length); i++) {
                assertEquals(want[i], got[i], c.fileName() + " line " + (i + 1)
                        + " changed; if the change is intended, regenerate with ./kaisen golden");
            }
            assertEquals(want.length, got.length, c.fileName() + " length");
        }
    }
}
