package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameFormatException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spots a board may give each building ({@link Building#maxSpots}, a [decision]): a board at
 * every limit plays to the end at every player count, with no stuck state and no broken
 * invariant; a board past a limit is refused, naming the building and the limit.
 */
class FloatingMarketBoardLimitsTest {
    /** Every building at its most: the limited ones at their limit, the others 5. */
    static final String AT_THE_LIMITS = FloatingMarketRulesTest.board(FloatingMarketRulesTest.LOCS,
            "{\"name\":\"temple\",\"spots\":[2,2,2,2]},{\"name\":\"carpenter\",\"spots\":[1,1,1,1]},"
                    + "{\"name\":\"artist\",\"spots\":[1,1,1,1]},{\"name\":\"market\",\"spots\":[5,5,5,5]},"
                    + "{\"name\":\"boatman\",\"spots\":[-1,-1,-1,-1]},{\"name\":\"fruit-stand\",\"spots\":[1,1,1,1]},"
                    + "{\"name\":\"north-trader\",\"spots\":[5,5,5,5]},{\"name\":\"south-trader\",\"spots\":[5,5,5,5]},"
                    + "{\"name\":\"tailor\",\"spots\":[5,5,5,5]},{\"name\":\"office\",\"spots\":[1,1,1,1]},"
                    + "{\"name\":\"fish-market\",\"spots\":[5,5,5,5]}");

    @Test
    void aBoardAtEveryLimitPlaysCleanlyAtEveryPlayerCount() {
        Board board = Board.parse(AT_THE_LIMITS);
        SplittableRandom rng = new SplittableRandom(17);
        int[] legal = new int[FloatingMarketAction.COUNT];
        for (int players = 2; players <= 5; players++) {
            for (int game = 0; game < 150; game++) {
                FloatingMarketState s = FloatingMarketState.newGame(board, players, false, rng.nextLong(), ChanceLog.NONE);
                while (!s.isTerminal()) {
                    int k = s.legalActions(legal);
                    assertTrue(k > 0, "a " + players + "-player state that is not over has no legal action:\n"
                            + FloatingMarketText.render(s));
                    s.applyInPlace(legal[rng.nextInt(k)]);
                    List<String> v = FloatingMarketInvariants.check(s);
                    assertEquals(List.of(), v, FloatingMarketText.render(s));
                }
            }
        }
    }

    @Test
    void aBoardPastALimitIsRefusedNamingTheBuildingAndTheLimit() {
        String[][] cases = {
            {"\"temple\",\"spots\":[2,2,2,2]", "\"temple\",\"spots\":[2,3,2,2]", "building 'temple': spots 3 for 3 players (0..2"},
            {"\"fruit-stand\",\"spots\":[1,1,1,1]", "\"fruit-stand\",\"spots\":[1,1,2,1]", "building 'fruit-stand': spots 2 for 4 players (0..1"},
            {"\"office\",\"spots\":[1,1,1,1]", "\"office\",\"spots\":[1,1,1,2]", "building 'office': spots 2 for 5 players (0..1"},
            {"\"carpenter\",\"spots\":[1,1,1,1]", "\"carpenter\",\"spots\":[-1,1,1,1]", "building 'carpenter': spots -1 for 2 players (0..1"},
            {"\"boatman\",\"spots\":[-1,-1,-1,-1]", "\"boatman\",\"spots\":[-1,-1,15,-1]", "building 'boatman': spots 15 for 4 players (it takes any number"},
            {"\"market\",\"spots\":[5,5,5,5]", "\"market\",\"spots\":[5,16,5,5]", "building 'market': spots 16 for 3 players (-1 = any number, else 0..15"},
        };
        for (String[] c : cases) {
            assertTrue(AT_THE_LIMITS.contains(c[0]), c[0]);
            GameFormatException e = assertThrows(GameFormatException.class, () -> Board.parse(AT_THE_LIMITS.replace(c[0], c[1])));
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }
}
