package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The greedy bot's look-ahead reuses scratch states ({@link MerchantsState#copyFrom}) instead of
 * copying the table for every movement choice it tries: the copies must be whole and independent,
 * and the scratch must carry nothing from one decision (or game) to the next.
 */
class MerchantsGreedyAgentTest {
    private static final MerchantsData D = MerchantsData.standard();

    @Test
    void aCopyIntoAScratchStateIsEqualAndSharesNothingWithItsSource() {
        SplittableRandom r = new SplittableRandom(3);
        MerchantsState s = MerchantsState.newGame(D, 3, 11, ChanceLog.NONE);
        MerchantsState scratch = MerchantsState.newGame(D, 3, 99, ChanceLog.NONE);
        int checked = 0;
        while (!s.isTerminal() && checked < 400) {
            int[] legal = s.legalActions();
            scratch.copyFrom(s);
            assertEquals(s, scratch, "a copy at decision " + s.decisions());
            assertEquals(s.copy(), scratch);
            MerchantsState before = s.copy();
            for (int a : legal) {
                scratch.copyFrom(s);
                scratch.applyListed(a);
                assertEquals(before, s, "applying " + s.actionName(a) + " to the scratch changed its source");
                MerchantsState checkedApply = s.apply(a);
                assertEquals(checkedApply, scratch, "the listed action " + s.actionName(a) + " as the checked path applies it");
            }
            s.applyInPlace(legal[r.nextInt(legal.length)]);
            checked++;
        }
        assertTrue(checked > 100, "a game of some length: " + checked);
    }

    @Test
    void theScratchCarriesNothingFromOneGameToTheNext() {
        for (int players = 2; players <= 4; players++) {
            MerchantsGreedyAgent used = new MerchantsGreedyAgent(5);
            playOut(used, MerchantsState.newGame(D, players == 4 ? 2 : players + 1, 21, ChanceLog.NONE), 500);
            playOut(used, MerchantsState.newGame(D, players, 22, ChanceLog.NONE), 500);
            MerchantsGreedyAgent fresh = new MerchantsGreedyAgent(5);
            MerchantsState s = MerchantsState.newGame(D, players, 33, ChanceLog.NONE);
            int moves = 0;
            while (!s.isTerminal()) {
                MerchantsState before = s.copy();
                fresh.prepare(s);
                used.prepare(s);
                for (int a : s.legalActions()) {
                    assertEquals(fresh.value(s, a), used.value(s, a), s.phase() + " " + s.actionName(a) + " at decision " + s.decisions());
                }
                assertEquals(before, s, "valuing the actions changed the state");
                moves += s.phase() == Phase.MOVE ? 1 : 0;
                s.applyInPlace(fresh.chooseAction(s));
            }
            assertTrue(moves > 20, "the game had movement choices: " + moves);
        }
    }

    private static void playOut(MerchantsGreedyAgent agent, MerchantsState s, int decisions) {
        for (int i = 0; i < decisions && !s.isTerminal(); i++) {
            s.applyInPlace(agent.chooseAction(s));
        }
    }
}
