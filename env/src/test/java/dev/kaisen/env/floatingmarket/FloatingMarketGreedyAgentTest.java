package dev.kaisen.env.floatingmarket;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The greedy bot's dice arithmetic, against brute-force enumeration of every roll. */
class FloatingMarketGreedyAgentTest {

    /** Every combination of faces of the dice {low_k..high_k}, counted by total. */
    private static Map<Integer, Double> enumerate(int fixed, int[][] dice) {
        Map<Integer, Double> out = new HashMap<>();
        int[] face = new int[dice.length];
        for (int k = 0; k < dice.length; k++) {
            face[k] = dice[k][0];
        }
        double combos = 1;
        for (int[] d : dice) {
            combos *= d[1] - d[0] + 1;
        }
        while (true) {
            int total = fixed;
            for (int f : face) {
                total += f;
            }
            out.merge(total, 1 / combos, Double::sum);
            int k = 0;
            while (k < dice.length && face[k] == dice[k][1]) {
                face[k] = dice[k][0];
                k++;
            }
            if (k == dice.length) {
                return out;
            }
            face[k]++;
        }
    }

    @Test
    void theTotalsDistributionIsExact() {
        int[][] dice = {{1, 4}, {1, 6}, {0, 9}, {1, 12}, {-6, -1}, {1, 6}, {-6, -1}};
        FloatingMarketGreedyAgent.Dist d = FloatingMarketGreedyAgent.Dist.fixed(2);
        for (int[] die : dice) {
            d = d.plus(die[0], die[1]);
        }
        Map<Integer, Double> expected = enumerate(2, dice);
        double sum = 0;
        for (int i = 0; i < d.p().length; i++) {
            assertEquals(expected.getOrDefault(d.lo() + i, 0.0), d.p()[i], 1e-12, "total " + (d.lo() + i));
            sum += d.p()[i];
        }
        assertEquals(1, sum, 1e-12);
        assertEquals(expected.keySet().stream().mapToInt(Integer::intValue).min().orElseThrow(), d.lo());
    }

    @Test
    void activationFollowsTheBoardRangesAndSumsToOne() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int players = 2; players <= 5; players++) {
            FloatingMarketState s = FloatingMarketState.newGame(Board.standard(), players, false, rng.nextLong(),
                    dev.kaisen.env.ChanceLog.NONE);
            int[] legal = new int[FloatingMarketAction.COUNT];
            for (int step = 0; step < 200 && !s.isTerminal(); step++) {
                double[] pr = FloatingMarketGreedyAgent.activation(s, FloatingMarketGreedyAgent.pool(s, -1, 0, false));
                double sum = 0;
                for (double v : pr) {
                    assertTrue(v >= 0);
                    sum += v;
                }
                assertEquals(1, sum, 1e-9);
                int k = s.legalActions(legal);
                s.applyInPlace(legal[rng.nextInt(k)]);
            }
        }
    }

    @Test
    void aSingleD12OverTheDefaultBoard() {
        FloatingMarketGreedyAgent.Dist d = FloatingMarketGreedyAgent.Dist.fixed(0).plus(1, 12);
        FloatingMarketState s = FloatingMarketRulesTest.state(4);
        double[] pr = FloatingMarketGreedyAgent.activation(s, d);
        assertEquals(8 / 12.0, pr[0], 1e-12);
        assertEquals(4 / 12.0, pr[1], 1e-12);
    }

    @Test
    void itPlacesWhereTheTotalWillLandAndAddsTheDieThatSteersItOntoItsBoat() {
        FloatingMarketState s = FloatingMarketRulesTest.state(4);
        int p = s.currentPlayer();
        FloatingMarketGreedyAgent greedy = new FloatingMarketGreedyAgent(1);
        // an empty pool totals 0: only the boat at location 0 (<=8) can activate, and its fruit is lacking
        assertEquals(FloatingMarketAction.id("place:boat0"), greedy.chooseAction(s));
        // holding that fruit, the boat is worth only its neighbours' coins: it sits next to location 0 instead
        FloatingMarketState held = s.copy();
        held.fruits[p] |= 1;
        int next = greedy.chooseAction(held);
        assertTrue(next == FloatingMarketAction.id("place:boat1") || next == FloatingMarketAction.id("place:boat6"),
                FloatingMarketAction.name(next));
        // on 9-13 with its first die to add alone in the pool: the d12 (4 faces of 12 land there) beats the d10 (1 of 10)
        FloatingMarketRulesTest.play(s, "place:boat1");
        assertEquals(Phase.DIE, s.phase());
        assertEquals(FloatingMarketAction.id("die:d12"), greedy.chooseAction(s));
    }
}
