package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The masks a batched env keeps for its step's check ({@link AbstractBatchedEnv#allowed}) are the
 * masks it wrote to its buffer, action for action, in every game and player count (action tables
 * of one word of 64 bits and of several, with and without a part word), through whole episodes,
 * auto-resets and finished envs included.
 */
class KeptMaskTest {
    private static final int ENVS = 40;
    private static final int STEPS = 120;

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
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, -1, List.of("random"), RewardMode.TERMINAL);
        for (boolean autoReset : new boolean[] {true, false}) {
            try (VectorEnv<S> vec = new VectorEnv<>(java.util.Collections.nCopies(ENVS, config), 7, 2, null,
                    autoReset)) {
                vec.reset();
                play(vec, what + (autoReset ? "" : ", without auto-reset"));
            }
        }
    }

    private static <S extends GameState<S>> void multiAgent(Game<S> g, String what) {
        var config = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(g.numPlayers()),
                RewardMode.TERMINAL);
        for (boolean autoReset : new boolean[] {true, false}) {
            try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(ENVS, config, 9, 2, null, autoReset)) {
                vec.reset();
                play(vec, what + ", multi-agent" + (autoReset ? "" : ", without auto-reset"));
            }
        }
    }

    /** Random legal actions from the buffer's masks (an env with none is skipped), the kept masks compared after each step. */
    private static void play(AbstractBatchedEnv<?> vec, String what) {
        int n = vec.numEnvs();
        int a = vec.layout().region("masks").shape().get(1);
        ByteBuffer masks = vec.region("masks");
        SplittableRandom random = new SplittableRandom(11);
        int[] actions = new int[n];
        for (int step = 0; step <= STEPS; step++) {
            for (int i = 0; i < n; i++) {
                int legal = 0;
                for (int x = -1; x <= a; x++) {
                    boolean written = x >= 0 && x < a && masks.get(i * a + x) == 1;
                    assertEquals(written, vec.allowed(i, x), what + ", step " + step + ", env " + i + ", action " + x);
                    legal += written ? 1 : 0;
                }
                int k = legal == 0 ? -1 : random.nextInt(legal);
                actions[i] = -1; // skip an env without an action (finished, without auto-reset)
                for (int x = 0; x < a && k >= 0; x++) {
                    if (masks.get(i * a + x) == 1 && k-- == 0) {
                        actions[i] = x;
                    }
                }
            }
            vec.step(actions);
        }
    }
}
