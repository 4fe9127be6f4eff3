package dev.kaisen.env.osaka;

import dev.kaisen.env.GameRecord;
import dev.kaisen.env.SelfPlay;
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

    private static SelfPlay.Summary run(int players, int games, boolean check, Path records, int threads) {
        return SelfPlay.run(new OsakaGame(players),
                new SelfPlay.Options(games, Collections.nCopies(players, "random"), 1, check, records, threads));
    }

    /** The rules file asks to show the stalemate guard's cap is never reached in 100,000 random games. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void theDecisionCapIsNeverReachedInOneHundredThousandRandomGames(int players) {
        SelfPlay.Summary s = run(players, 100_000, false, null, 2);
        assertEquals(0, s.truncated());
        assertTrue(s.maxDecisions() < OsakaState.DECISION_CAP / 4, "longest game " + s.maxDecisions());
        assertEquals(100_000, s.endReasons().getOrDefault("TOKENS", 0) + s.endReasons().getOrDefault("STALEMATE", 0));
    }

    @Test
    void checkedSelfPlayFindsNoViolationsAndDoesNotDependOnTheThreadCount() {
        SelfPlay.Summary one = run(4, 300, true, null, 1);
        SelfPlay.Summary two = run(4, 300, true, null, 2);
        assertEquals(0, one.invariantViolations());
        assertEquals(one.totalDecisions(), two.totalDecisions());
        assertArrayEquals(one.winsPerSeat(), two.winsPerSeat());
        assertEquals(one.maxDecisionsGame(), two.maxDecisionsGame());
    }

    @Test
    void writesOneReplayableRecordPerGame(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        run(3, 5, false, dir, 2);
        List<Path> files;
        try (var stream = Files.list(dir)) {
            files = stream.sorted().toList();
        }
        assertEquals(5, files.size());
        for (Path f : files) {
            OsakaState end = (OsakaState) GameRecord.fromJson(Files.readString(f)).replay();
            assertTrue(end.isTerminal());
        }
    }
}
