package dev.kaisen.observation;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The masks a batched env keeps for its step's check ({@link AbstractBatchedEnv#allowed}) are the
 * masks it wrote to its buffer, action for action, in every game and player count (action tables
 * of one word of 64 bits and of several, with and without a part word), on two workers, through
 * whole episodes, auto-resets, finished envs, skipped envs, {@code resetOne} from a seed and from a
 * state, and forfeits by an illegal action; and a step that fails part-way forgets them all.
 */
class KeptMaskTest {
    /** Enough envs for two workers ({@link AbstractBatchedEnv}'s 32 per worker), in chunks of unequal sizes. */
    private static final int ENVS = 90;
    private static final int STEPS = 60;

    @Test
    void theVectorEnvKeepsTheMasksItWrites() {
        for (Games.Seating seating : Games.everyPlayerCount()) {
            vectorEnv(seating.create(), seating.toString());
        }
    }

    @Test
    void theMultiAgentVectorEnvKeepsTheMasksItWrites() {
        for (Games.Seating seating : Games.everyPlayerCount()) {
            multiAgent(seating.create(), seating.toString());
        }
    }

    private static <S extends GameState<S>> void vectorEnv(Game<S> g, String what) {
        for (IllegalActionMode mode : IllegalActionMode.values()) {
            SingleEnv.Config<S> config = new SingleEnv.Config<>(g, -1, List.of("random"), RewardMode.TERMINAL,
                    null, mode, Agents.factory(g));
            for (boolean autoReset : new boolean[] {true, false}) {
                try (VectorEnv<S> vec = new VectorEnv<>(java.util.Collections.nCopies(ENVS, config), 7, 2, null,
                        autoReset)) {
                    assertEquals(2, vec.threads());
                    vec.reset();
                    play(vec, mode, resetOne(vec, g), what + ", " + mode + (autoReset ? "" : ", without auto-reset"));
                }
            }
        }
    }

    private static <S extends GameState<S>> void multiAgent(Game<S> g, String what) {
        for (IllegalActionMode mode : IllegalActionMode.values()) {
            var config = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(g.numPlayers()),
                    RewardMode.TERMINAL, null, mode, Agents.factory(g));
            for (boolean autoReset : new boolean[] {true, false}) {
                try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(ENVS, config, 9, 2, null, autoReset)) {
                    assertEquals(2, vec.threads());
                    vec.reset();
                    play(vec, mode, resetOne(vec, g),
                            what + ", multi-agent, " + mode + (autoReset ? "" : ", without auto-reset"));
                }
            }
        }
    }

    private interface ResetOne {
        void reset(int i, long seed);
    }

    /** Env i reset alone: from the seed when it is even, else from a new game dealt from it. */
    private static <S extends GameState<S>> ResetOne resetOne(BatchedEnv<S> vec, Game<S> g) {
        return (i, seed) -> {
            if (seed % 2 == 0) {
                vec.resetOne(i, seed);
            } else {
                vec.resetOne(i, g.newGame(seed), seed);
            }
        };
    }

    /**
     * Random legal actions from the buffer's masks, some envs skipped, some reset alone, and under
     * {@link IllegalActionMode#LOSE} now and then an illegal action (a forfeit); the kept masks are
     * compared with the buffer's after every change.
     */
    private static void play(AbstractBatchedEnv<?> vec, IllegalActionMode mode, ResetOne resetOne, String what) {
        int n = vec.numEnvs();
        int a = vec.layout().region("masks").shape().get(1);
        ByteBuffer masks = vec.region("masks");
        SplittableRandom random = new SplittableRandom(11);
        int[] actions = new int[n];
        for (int step = 0; step <= STEPS; step++) {
            compare(vec, masks, a, what + ", step " + step);
            for (int i = 0; i < n; i++) {
                int legal = 0;
                for (int x = 0; x < a; x++) {
                    legal += masks.get(i * a + x);
                }
                actions[i] = -1; // skipped: an env without an action (finished, without auto-reset), or at random
                if (legal > 0 && random.nextInt(10) > 0) {
                    int k = random.nextInt(legal);
                    for (int x = 0; x < a && k >= 0; x++) {
                        if (masks.get(i * a + x) == 1 && k-- == 0) {
                            actions[i] = x;
                        }
                    }
                    if (mode == IllegalActionMode.LOSE && random.nextInt(50) == 0) {
                        actions[i] = a; // out of the table: a forfeit of the seat to act
                    }
                }
            }
            vec.step(actions);
            if (step % 10 == 5) {
                compare(vec, masks, a, what + ", step " + step);
                resetOne.reset(random.nextInt(n), random.nextLong() & Long.MAX_VALUE);
            }
        }
    }

    private static void compare(AbstractBatchedEnv<?> vec, ByteBuffer masks, int a, String what) {
        for (int i = 0; i < vec.numEnvs(); i++) {
            for (int x = -1; x <= a; x++) {
                boolean written = x >= 0 && x < a && masks.get(i * a + x) == 1;
                if (written != vec.allowed(i, x)) { // the message only when it fails: this runs millions of times
                    assertEquals(written, vec.allowed(i, x), what + ", env " + i + ", action " + x);
                }
            }
        }
    }

    /** An agent that fails on its {@code failAt}-th decision of the whole test. */
    private static final class Failing<S extends GameState<S>> implements Agent<S> {
        private final java.util.concurrent.atomic.AtomicInteger calls;
        private final int failAt;

        Failing(java.util.concurrent.atomic.AtomicInteger calls, int failAt) {
            this.calls = calls;
            this.failAt = failAt;
        }

        @Override
        public String name() {
            return "failing";
        }

        @Override
        public int chooseAction(S state) {
            if (calls.incrementAndGet() == failAt) {
                throw new IllegalStateException("the agent failed");
            }
            return state.legalActions()[0];
        }
    }

    @Test
    void aStepThatFailsPartWayForgetsEveryKeptMask() {
        failPartWay(Games.create("osaka", "{\"players\": 2}"));
    }

    private static <S extends GameState<S>> void failPartWay(Game<S> g) {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        Agents.Factory<S> agents = (name, seed) -> new Failing<>(calls, 500);
        List<String> pattern = Arrays.asList(null, "failing");
        var config = new MultiAgentVectorEnv.Config<>(g, List.of(pattern), RewardMode.TERMINAL, null,
                IllegalActionMode.RAISE, agents);
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(ENVS, config, 3, 2, null, true)) {
            vec.reset();
            int a = g.numDistinctActions();
            ByteBuffer masks = vec.region("masks");
            int[] actions = new int[ENVS];
            RuntimeException failure = null;
            for (int step = 0; failure == null; step++) {
                compare(vec, masks, a, "step " + step);
                for (int i = 0; i < ENVS; i++) {
                    actions[i] = -1;
                    for (int x = 0; x < a; x++) {
                        if (masks.get(i * a + x) == 1) {
                            actions[i] = x;
                            break;
                        }
                    }
                }
                failure = assertThrowsOrNull(() -> vec.step(actions));
            }
            assertEquals("the agent failed", failure.getMessage());
            // the failed env's state moved without its mask: no kept bit may vouch for any action now
            // (each env's actions are checked on its state until it writes its next mask)
            for (int i = 0; i < ENVS; i++) {
                for (int x = 0; x < a; x++) {
                    assertFalse(vec.allowed(i, x), "env " + i + ", action " + x);
                }
            }
        }
    }

    private static RuntimeException assertThrowsOrNull(Runnable r) {
        try {
            r.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
