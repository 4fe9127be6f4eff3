package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.IllegalActionException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batched envs check every action before any env steps (on the kept masks, and on the env
 * itself where its mask says no): the error names the lowest env that refuses whatever the thread
 * count, and no env moves.
 */
class BatchedEnvCheckTest {
    private static final int ENVS = 128;

    private static Game<?> osaka() {
        return Games.create("osaka", "{\"players\": 2}");
    }

    private static int illegal(int[] legal, int numActions) {
        for (int a = 0; a < numActions; a++) {
            final int x = a;
            if (java.util.Arrays.stream(legal).noneMatch(l -> l == x)) {
                return a;
            }
        }
        throw new AssertionError("every action legal");
    }

    @Test
    void theVectorEnvNamesTheLowestRefusingEnvAtEveryThreadCount() {
        vectorEnv(osaka());
    }

    private static <S extends GameState<S>> void vectorEnv(Game<S> g) {
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL);
        for (int threads : new int[] {1, 2, 4}) {
            try (VectorEnv<S> vec = new VectorEnv<>(java.util.Collections.nCopies(ENVS, config), 3, threads, null,
                    false)) {
                vec.reset();
                int[] actions = new int[ENVS];
                List<String> before = new ArrayList<>();
                for (int i = 0; i < ENVS; i++) {
                    actions[i] = vec.env(i).legalActions()[0];
                    before.add(g.toJson(vec.env(i).state(), false));
                }
                actions[ENVS - 3] = illegal(vec.env(ENVS - 3).legalActions(), g.numDistinctActions());
                actions[37] = illegal(vec.env(37).legalActions(), g.numDistinctActions());
                actions[90] = g.numDistinctActions();
                for (int round = 0; round < 20; round++) {
                    IllegalActionException e = assertThrows(IllegalActionException.class, () -> vec.step(actions));
                    assertTrue(e.getMessage().startsWith("env 37: illegal action " + actions[37]), e.getMessage());
                    assertTrue(e.getMessage().endsWith("no env was stepped"), e.getMessage());
                }
                for (int i = 0; i < ENVS; i++) {
                    assertEquals(before.get(i), g.toJson(vec.env(i).state(), false), "env " + i);
                }
            }
        }
    }

    @Test
    void theMultiAgentVectorEnvNamesTheLowestRefusingEnvAtEveryThreadCount() {
        multiAgent(osaka());
    }

    private static <S extends GameState<S>> void multiAgent(Game<S> g) {
        var config = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(2), RewardMode.TERMINAL);
        for (int threads : new int[] {1, 2, 4}) {
            try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(ENVS, config, 5, threads, null, true)) {
                vec.reset();
                int[] actions = new int[ENVS];
                List<S> before = new ArrayList<>();
                for (int i = 0; i < ENVS; i++) {
                    before.add(vec.state(i));
                    actions[i] = before.get(i).legalActions()[0];
                }
                actions[101] = g.numDistinctActions();
                actions[64] = illegal(before.get(64).legalActions(), g.numDistinctActions());
                actions[3] = MultiAgentVectorEnv.SKIP;
                IllegalActionException e = assertThrows(IllegalActionException.class, () -> vec.step(actions));
                assertTrue(e.getMessage().startsWith("env 64: "), e.getMessage());
                for (int i = 0; i < ENVS; i++) {
                    assertEquals(before.get(i), vec.state(i), "env " + i);
                }
                actions[64] = before.get(64).legalActions()[0];
                actions[101] = before.get(101).legalActions()[0];
                vec.step(actions); // once every action is legal, the same step goes through
            }
        }
    }
}
