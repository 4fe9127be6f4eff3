package dev.kaisen.training;

import dev.kaisen.env.Agents;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.eval.BradleyTerry;
import dev.kaisen.training.eval.Tournament;
import dev.kaisen.training.eval.Wilson;
import dev.kaisen.training.ismcts.IsmctsAgent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluationTest {

    @Test
    void wilsonIntervalsMatchKnownValues() {
        // Reference values: Wilson (1927) / Newcombe (1998), z = 1.96.
        assertArrayEquals(new double[] {0.4902, 0.9433}, Wilson.interval95(8, 10), 1e-4);
        assertArrayEquals(new double[] {0.0, 0.2775}, Wilson.interval95(0, 10), 1e-4);
        assertArrayEquals(new double[] {0.4038, 0.5962}, Wilson.interval95(50, 100), 1e-4);
        assertArrayEquals(new double[] {0.9807, 1.0}, Wilson.interval95(196, 196), 1e-4);
    }

    @Test
    void bradleyTerryRecoversTheEloDifferenceOfAKnownWinRateWithItsStandardError() {
        BradleyTerry bt = new BradleyTerry(2);
        for (int i = 0; i < 300; i++) {
            bt.add(0, 1, 1);
        }
        for (int i = 0; i < 100; i++) {
            bt.add(0, 1, 0);
        }
        BradleyTerry.Ratings r = bt.fit();
        // 75% -> 400 log10(3) = 190.85 Elo; SE of the difference = (400 / ln 10) / sqrt(n p (1 - p)) = 20.06.
        assertEquals(190.85, r.elo()[0] - r.elo()[1], 0.5);
        assertEquals(1500, (r.elo()[0] + r.elo()[1]) / 2, 1e-9);
        assertEquals(20.06 / 2, r.standardError()[0], 0.1, "each centred rating carries half the difference's error");
    }

    @Test
    void bradleyTerryGivesEqualRatingsForBalancedResultsAndOrdersAChain() {
        BradleyTerry balanced = new BradleyTerry(3);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (i != j) {
                    balanced.add(i, j, 0.5);
                }
            }
        }
        BradleyTerry.Ratings r = balanced.fit();
        for (double e : r.elo()) {
            assertEquals(1500, e, 1e-6);
        }
        BradleyTerry chain = new BradleyTerry(3);
        for (int k = 0; k < 60; k++) {
            chain.add(0, 1, k < 45 ? 1 : 0);
            chain.add(1, 2, k < 45 ? 1 : 0);
        }
        BradleyTerry.Ratings c = chain.fit();
        assertTrue(c.elo()[0] > c.elo()[1] && c.elo()[1] > c.elo()[2]);
        assertEquals(c.elo()[0] - c.elo()[1], c.elo()[1] - c.elo()[2], 1.0);
        assertTrue(c.standardError()[1] < c.standardError()[0], "the middle player has the most games");
    }

    @Test
    void seatAssignmentsRotateEveryAgentThroughEverySeatEqually() {
        assertEquals(2, Tournament.assignments(2, 2).size());
        assertArrayEquals(new int[] {0, 1}, Tournament.assignments(2, 2).get(0));
        assertArrayEquals(new int[] {1, 0}, Tournament.assignments(2, 2).get(1));
        List<int[]> cycle = Tournament.assignments(3, 4);
        assertEquals(81 - 3, cycle.size());
        int[][] perSeat = new int[3][4];
        for (int[] a : cycle) {
            for (int s = 0; s < 4; s++) {
                perSeat[a[s]][s]++;
            }
        }
        for (int[] agent : perSeat) {
            for (int count : agent) {
                assertEquals(perSeat[0][0], count);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameTournamentResultInParallelOrNot() {
        List<String> agents = List.of("greedy", "random", "ismcts:20");
        Tournament.Result one = Tournament.run(new Tournament.Config<>(new OsakaGame(3), agents, 30, 9, 1), i -> { });
        Tournament.Result two = Tournament.run(new Tournament.Config<>(new OsakaGame(3), agents, 30, 9, 2), i -> { });
        assertEquals(one.totalDecisions(), two.totalDecisions());
        for (int i = 0; i < agents.size(); i++) {
            Tournament.AgentResult a = one.agents().get(i);
            Tournament.AgentResult b = two.agents().get(i);
            assertEquals(a.wins(), b.wins());
            assertEquals(a.meanScore(), b.meanScore());
            assertEquals(a.elo(), b.elo());
            assertEquals(a.winRateLow(), b.winRateLow());
        }
    }

    @Test
    void agentsAreNamedByStringAndBadNamesAreExplained() {
        OsakaGame g = new OsakaGame(2);
        assertEquals("ismcts:1000", Agents.create(g, "ismcts:1000", 1).name());
        assertEquals("ismcts:1000", Agents.create(g, "ismcts:1000:greedy", 1).name(), "greedy is Osaka's default rollout");
        assertEquals("ismcts:7:random", Agents.create(g, "ismcts:7:random", 1).name());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Agents.create(g, "alpha", 1));
        assertTrue(e.getMessage().contains("ismcts:ITERATIONS") && e.getMessage().contains("greedy"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Agents.create(g, "ismcts:lots", 1));
        e = assertThrows(IllegalArgumentException.class, () -> Agents.create(g, "ismcts:10:smart", 1));
        assertTrue(e.getMessage().contains("[greedy]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Tournament.Config<>(g, List.of("greedy"), 10, 1, 1));
    }

    @Test
    void ismctsSettingsAreNamedCanonicallyAndBadOnesAreExplained() {
        OsakaGame g = new OsakaGame(2);
        assertEquals("ismcts:50", Agents.create(g, "ismcts:50:c=1:prior=bot", 1).name(), "the defaults are not named");
        assertEquals("ismcts:50:random:c=0.5", Agents.create(g, "ismcts:50:random:prior=uniform:c=0.5", 1).name(),
                "random rollouts always have the even prior");
        assertEquals("ismcts:50:random", Agents.create(g, "ismcts:50:random:prior=bot", 1).name());
        assertEquals("ismcts:50:prior=uniform", Agents.create(g, "ismcts:50:prior=uniform", 1).name());
        IsmctsAgent<?> a = (IsmctsAgent<?>) Agents.create(g, "ismcts:50:c=3.5", 1);
        assertEquals(new IsmctsAgent.Settings(50, "greedy", 3.5, IsmctsAgent.Prior.BOT), a.settings());
        for (String[] bad : new String[][]{
            {"ismcts:10:c=0", "positive"},
            {"ismcts:10:c=-1", "positive"},
            {"ismcts:10:c=NaN", "positive"},
            {"ismcts:10:c=x", "c must be a positive number, not 'x'"},
            {"ismcts:10:c=1:c=2", "c is given twice"},
            {"ismcts:10:prior=net", "prior must be bot or uniform, not 'net'"},
            {"ismcts:10:depth=3", "unknown setting 'depth'"},
            {"ismcts:10:c=1:greedy", "the rollout policy comes once"},
            {"ismcts:10:random:greedy", "the rollout policy comes once"},
            {"ismcts:0", "at least one iteration"},
            {"ismcts:1:2:3:4:5", "expected ismcts:ITERATIONS"},
            {"ismcts:10:c=1:", "empty setting"},
            {"ismcts:10::c=1", "empty setting"},
            {"ismcts:10:c=1e308", "up to"},
            {"ismcts:10:c= 2", "c must be a positive number, not ' 2'"},
            {"ismcts:10:c=0x1p3", "c must be a positive number"},
            {"ismcts:+10", "iterations must be a number"},
            {"ismcts:10:ismcts", "the rollout policy must be random or one of [greedy]"},
        }) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Agents.create(g, bad[0], 1),
                    bad[0]);
            assertTrue(e.getMessage().contains(bad[1]) && e.getMessage().contains(bad[0]), e.getMessage());
        }
    }

    /** The head-to-head protocol: seats rotate, results do not depend on threads, shares and scores add up. */
    @Test
    void seatEvaluationRotatesTheSeatAndDoesNotDependOnTheThreadCount() {
        OsakaGame g = new OsakaGame(3);
        SeatEvaluation.Result one = SeatEvaluation.run(g, "greedy", "random", 12, 4, 1);
        SeatEvaluation.Result two = SeatEvaluation.run(g, "greedy", "random", 12, 4, 2);
        assertArrayEquals(new int[] {4, 4, 4}, one.seatGames());
        assertEquals(one.wins(), two.wins());
        assertEquals(one.meanScore(), two.meanScore());
        assertEquals(one.wins(), java.util.Arrays.stream(one.seatWins()).sum(), 1e-12);
        assertTrue(one.winRateLow() <= one.winRate() && one.winRate() <= one.winRateHigh());
        assertEquals("osaka", one.game());
    }
}
