package dev.kaisen.env.osaka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OsakaSelfPlayTest {

    private static OsakaSelfPlay.Options options(int players, int games, boolean check, Path records, int threads) {
        return new OsakaSelfPlay.Options(players, Collections.nCopies(players, "random"), games, 1, check, records, threads);
    }

    /** The rules file asks to show the stalemate guard's cap is never reached in 100,000 random games. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void theDecisionCapIsNeverReachedInOneHundredThousandRandomGames(int players) {
        OsakaSelfPlay.Summary s = OsakaSelfPlay.run(options(players, 100_000, false, null, 2));
        assertEquals(0, s.endedByCap());
        assertTrue(s.maxDecisions() < OsakaState.DECISION_CAP / 4, "longest game " + s.maxDecisions());
        assertEquals(100_000, s.endedByTokens() + s.endedByStalemate());
    }

    @Test
    void checkedSelfPlayFindsNoViolationsAndDoesNotDependOnTheThreadCount() {
        OsakaSelfPlay.Summary one = OsakaSelfPlay.run(options(4, 300, true, null, 1));
        OsakaSelfPlay.Summary two = OsakaSelfPlay.run(options(4, 300, true, null, 2));
        assertEquals(0, one.invariantViolations());
        assertEquals(one.totalDecisions(), two.totalDecisions());
        assertArrayEquals(one.winsPerSeat(), two.winsPerSeat());
        assertEquals(one.maxDecisionsGame(), two.maxDecisionsGame());
    }

    @Test
    void writesOneReplayableRecordPerGame(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        OsakaSelfPlay.run(options(3, 5, false, dir, 2));
        List<Path> files;
        try (var stream = Files.list(dir)) {
            files = stream.sorted().toList();
        }
        assertEquals(5, files.size());
        for (Path f : files) {
            OsakaState end = OsakaRecord.fromJson(Files.readString(f)).replay();
            assertTrue(end.isTerminal());
        }
    }
}
