package dev.kaisen.observation.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.floatingmarket.Board;
import dev.kaisen.env.floatingmarket.FloatingMarketGame;
import dev.kaisen.env.floatingmarket.FloatingMarketState;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Floating Market encoders: the board's data in both views, egocentric seats. */
class FloatingMarketObservationTest {
    static float[] segment(ObservationSpec spec, float[] buf, String name) {
        Segment s = spec.segment(name);
        return Arrays.copyOfRange(buf, s.offset(), s.offset() + s.length());
    }

    static float[] encode(FloatingMarketObservation enc, FloatingMarketState s, int observer) {
        float[] buf = new float[enc.spec().size()];
        enc.encode(s, observer, buf, 0);
        return buf;
    }

    /** The rules file's board, written out here (not read from the engine). */
    @Test
    void theDefaultBoardsRangesAndSpotsByPlayerCountAreObservedInBothViews() {
        float[] ranges = {0, 8, 9, 13, 14, 16, 17, 19, 20, 23, 24, 28, 29, 35};
        // temple, carpenter, artist, market, boatman (any: 15), fruit-stand, north, south, tailor, office, fish
        float[] two = {1, 1, 0, 1, 15, 1, 1, 1, 1, 1, 1};
        float[] three = {1, 1, 1, 2, 15, 1, 1, 1, 1, 1, 1};
        for (FloatingMarketObservation enc : List.of(FloatingMarketObservation.informationState(),
                FloatingMarketObservation.observation())) {
            for (int players = 2; players <= 5; players++) {
                float[] buf = encode(enc, new FloatingMarketGame(players).newGame(3, ChanceLog.NONE), 0);
                assertArrayEquals(ranges, segment(enc.spec(), buf, "boat_ranges"));
                assertArrayEquals(players == 2 ? two : three, segment(enc.spec(), buf, "building_spots"), "players " + players);
            }
        }
    }

    @Test
    void aCustomBoardsSpotsAreObserved() {
        String json = "{\"format\":\"kaisen.floating-market.board/1\",\"locations\":["
                + "{\"name\":\"a\",\"min\":0,\"max\":8,\"bank\":\"west\"},{\"name\":\"b\",\"min\":9,\"max\":13,\"bank\":\"west\"},"
                + "{\"name\":\"c\",\"min\":14,\"max\":16,\"bank\":\"west\"},{\"name\":\"d\",\"min\":17,\"max\":19,\"bank\":\"west\"},"
                + "{\"name\":\"e\",\"min\":20,\"max\":23,\"bank\":\"east\"},{\"name\":\"f\",\"min\":24,\"max\":28,\"bank\":\"east\"},"
                + "{\"name\":\"g\",\"min\":29,\"max\":35,\"bank\":\"east\"}],\"amaStart\":[\"e\",\"b\"],\"twoPlayerClosed\":\"g\","
                + "\"docks\":[\"west\",\"east\"],\"buildings\":[{\"name\":\"boatman\",\"spots\":[-1,-1,-1,-1]},"
                + "{\"name\":\"tailor\",\"spots\":[1,2,3,4]},{\"name\":\"temple\",\"spots\":[2,2,2,2]}]}";
        FloatingMarketGame g = new FloatingMarketGame(4, Board.parse(json), false);
        FloatingMarketObservation enc = FloatingMarketObservation.informationState();
        float[] spots = segment(enc.spec(), encode(enc, g.newGame(1, ChanceLog.NONE), 2), "building_spots");
        assertArrayEquals(new float[] {2, 0, 0, 0, 15, 0, 0, 0, 3, 0, 0}, spots);
    }

    @Test
    void seatsAreRelativeToTheObserver() {
        FloatingMarketState s = new FloatingMarketGame(3).newGame(5, ChanceLog.NONE);
        SplittableRandom r = new SplittableRandom(5);
        while (s.round() < 2 && !s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        FloatingMarketObservation enc = FloatingMarketObservation.informationState();
        for (int observer = 0; observer < 3; observer++) {
            float[] coins = segment(enc.spec(), encode(enc, s, observer), "coins");
            for (int k = 0; k < 3; k++) {
                assertEquals(s.coins((observer + k) % 3), coins[k], "observer " + observer + ", relative seat " + k);
            }
            assertEquals(0f, coins[3] + coins[4], "seats beyond the player count are zero");
        }
    }
}
